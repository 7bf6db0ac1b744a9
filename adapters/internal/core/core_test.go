package core

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

func TestCore(t *testing.T) {
	var warnings []string
	// The user's rule takes a derived rule's id: it replaces that rule (n
	// stays strict: no string form advertised, none coerced; it stays
	// required, the alias not declared: one name per parameter), and
	// only that one.
	user := lenient.Rule{ID: "t.n.coerce", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "count", To: "n"}
	c, err := New(Options{Rules: []lenient.Rule{user}, OnWarning: func(m string) { warnings = append(warnings, m) }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	strict := []byte(`{"type":"object","properties":{"n":{"type":"integer"},"e":{"type":"integer","const":1},"b":{"type":"boolean"}},"required":["n"]}`)
	got := string(c.LenientSchema("t", strict))
	if want := `{"type":"object","properties":{"n":{"type":"integer"},"e":{"anyOf":[{"type":"integer","const":1},{"type":"null"}]},"b":{"anyOf":[{"type":"boolean"},{"type":"string","pattern":"^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0|null)?$"},{"type":"null"}]}},"required":["n"]}`; got != want {
		t.Errorf("lenient schema:\n got %s\nwant %s", got, want)
	}
	if len(warnings) != 2 || !strings.HasPrefix(warnings[0], `t: e: integer field with "const"`) ||
		warnings[1] != `t: n: rule "t.n.coerce" of the rules file (param_alias) replaces derived rule "t.n.coerce" (type_coerce to int) here` {
		t.Errorf("warnings: %q", warnings)
	}
	out, applied, refused := c.Normalize("t", []byte(`{"count":3,"b":"yes"}`))
	if string(out) != `{"n":3,"b":true}` || len(applied) != 2 || refused != nil {
		t.Errorf("normalized %s %+v %v", out, applied, refused)
	}

	// The same schema again: nothing rebuilt, nothing warned twice.
	c.Learn([]Tool{{"t", strict}})
	if len(warnings) != 2 {
		t.Errorf("warned again: %q", warnings)
	}
	if out, _, _ := c.Normalize("t", []byte(`not json`)); string(out) != "not json" {
		t.Errorf("bad arguments changed: %s", out)
	}
	if s := c.Stats(); s.TotalProcessed != 2 || s.TotalNormalized != 1 || s.TotalInvalid != 1 {
		t.Errorf("stats in memory: %+v", s)
	}
}

// TestMisnamed: a key near the spelling of a property the call left out,
// in an object that takes unknown keys, is refused by name (the derived
// misnamed_key rule), by Normalize and by Misnamed alone (which counts
// nothing); a key near a property given, or near none, is taken.
func TestMisnamed(t *testing.T) {
	c, err := New(Options{OnWarning: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	c.Learn([]Tool{{"fetch", []byte(`{"type":"object","properties":{"url":{"type":"string"},"depth":{"type":"integer"}}}`)}})
	out, _, refused := c.Normalize("fetch", []byte(`{"uri":"x","depth":"2"}`))
	if refused == nil || refused.Error() != "uri: is not a known key; did you mean url?" || string(out) != `{"uri":"x","depth":2}` {
		t.Errorf("misnamed: %s %v", out, refused)
	}
	if err := c.Misnamed("fetch", out); err == nil || err.Error() != refused.Error() {
		t.Errorf("Misnamed: %v", err)
	}
	for _, args := range []string{`{"url":"u","uri":"x"}`, `{"reason":"x"}`, `null`} {
		if _, _, refused := c.Normalize("fetch", []byte(args)); refused != nil {
			t.Errorf("%s: %v", args, refused)
		}
		if err := c.Misnamed("fetch", []byte(args)); err != nil {
			t.Errorf("%s: Misnamed %v", args, err)
		}
	}
	if s := c.Stats(); s.TotalProcessed != 4 {
		t.Errorf("processed %d calls, want 4 (Misnamed counts none)", s.TotalProcessed)
	}
}

// TestNoArguments: arguments left out or null are read as {} for the
// rules (a default fills them), and are {} when no rule applies.
func TestNoArguments(t *testing.T) {
	c, err := New(Options{Rules: []lenient.Rule{{ID: "d", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "mode", Value: []byte(`"fast"`)}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, in := range []string{"", "null", " null "} {
		if out, applied, _ := c.Normalize("t", []byte(in)); string(out) != `{"mode":"fast"}` || len(applied) != 1 {
			t.Errorf("%q: %s %v", in, out, applied)
		}
		if out, applied, _ := c.Normalize("u", []byte(in)); string(out) != `{}` || applied != nil {
			t.Errorf("%q for a tool without rules: %q %v", in, out, applied)
		}
	}
}

// TestWarningsToSlog: without OnWarning, the adapter's warnings go to
// log/slog's default logger.
func TestWarningsToSlog(t *testing.T) {
	var buf bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })
	c, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.LenientSchema("t", []byte(`{"type":"object","properties":{"e":{"type":"integer","const":1}}}`))
	c.LenientSchema("u", []byte(`{"type":`))
	for _, want := range []string{`level=WARN msg="t: e: integer field with \"const\"`, `level=WARN msg="u: input schema not read`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("slog output lacks %s:\n%s", want, buf.String())
		}
	}
}

// TestCoreShared: Cores built one after another (an adapter per request)
// derive a schema once and warn about it once; each normalizes with the
// derived rules (after the first, a tool's are put in use when a call to
// it comes), and the schema bytes each returns are its caller's. Other
// user rules derive it again.
func TestCoreShared(t *testing.T) {
	strict := []byte(`{"type":"object","properties":{"shared_n":{"type":"integer"},"e":{"type":"integer","const":1}}}`)
	strict2 := []byte(`{"type":"object","properties":{"flag":{"type":"boolean"}}}`)
	var warnings []string
	for range 3 {
		c, err := New(Options{OnWarning: func(m string) { warnings = append(warnings, m) }})
		if err != nil {
			t.Fatal(err)
		}
		c.Learn([]Tool{{"shared", strict}, {"shared2", strict2}})
		schema, _ := c.Advertised("shared")
		schema[0] = 'x'
		if again, _ := c.Advertised("shared"); again[0] != '{' {
			t.Fatalf("Advertised shares its bytes: %s", again)
		}
		if out, applied, _ := c.Normalize("shared", []byte(`{"shared_n":"5"}`)); string(out) != `{"shared_n":5}` || len(applied) != 1 {
			t.Errorf("normalized %s %+v", out, applied)
		}
		// A second tool's rules, put in use when a call to it comes.
		if out, applied, _ := c.Normalize("shared2", []byte(`{"flag":"yes"}`)); string(out) != `{"flag":true}` || len(applied) != 1 {
			t.Errorf("shared2 normalized %s %+v", out, applied)
		}
		if out, _, _ := c.Normalize("shared", []byte(`{"shared_n":"6"}`)); string(out) != `{"shared_n":6}` {
			t.Errorf("shared normalized %s after shared2", out)
		}
		if why := c.Explain("shared", []byte(`{"e":3}`), nil); why == "" {
			t.Error("no explanation")
		}
		c.Close()
	}
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], `shared: e: integer field with "const"`) {
		t.Errorf("three Cores: warnings %q, want the const's once", warnings)
	}
	c, err := New(Options{
		Rules:     []lenient.Rule{{ID: "d", Tools: []string{"shared"}, Type: lenient.RuleParamDefault, From: "shared_n", Value: []byte(`1`)}},
		OnWarning: func(m string) { warnings = append(warnings, m) },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Learn([]Tool{{"shared", strict}})
	if len(warnings) != 2 {
		t.Errorf("other rules: warnings %q, want the const's again", warnings)
	}
}

// TestCoreIsolation: tools whose derived rules share ids (a tool name
// holding a dot spells another tool's: "iso.b" with c, "iso" with b.c)
// cost only the later tool its leniency, with a warning naming it: it
// is advertised, normalized, explained and checked for misnamed keys as
// its strict schema has it, and the catalog's other tools keep theirs,
// in the Core that found it and in Cores built after it (an adapter per
// request), which warn nothing again.
func TestCoreIsolation(t *testing.T) {
	tools := []Tool{
		{"iso.b", []byte(`{"type":"object","properties":{"c":{"type":"integer"}}}`)},
		{"iso", []byte(`{"type":"object","properties":{"b":{"type":"object","properties":{"c":{"type":"integer"}}}}}`)},
		{"iso_z", []byte(`{"type":"object","properties":{"n":{"type":"integer"},"url":{"type":"string"}}}`)},
	}
	var warnings []string
	for i := range 3 {
		c, err := New(Options{OnWarning: func(m string) { warnings = append(warnings, m) }})
		if err != nil {
			t.Fatal(err)
		}
		c.Learn(tools)
		if s, _ := c.Advertised("iso.b"); string(s) != string(tools[0].Schema) {
			t.Errorf("core %d: iso.b advertised %s, want its strict schema", i, s)
		}
		for _, name := range []string{"iso", "iso_z"} {
			if s, _ := c.Advertised(name); !strings.Contains(string(s), "pattern") {
				t.Errorf("core %d: %s advertised %s, want its rewrite", i, name, s)
			}
		}
		for _, tc := range []struct{ tool, args, want string }{
			{"iso.b", `{"c":"3"}`, `{"c":"3"}`},
			{"iso", `{"b":{"c":"3"}}`, `{"b":{"c":3}}`},
			{"iso_z", `{"n":"3"}`, `{"n":3}`},
			{"iso.b", `{"c":"4"}`, `{"c":"4"}`},
		} {
			if out, _, refused := c.Normalize(tc.tool, []byte(tc.args)); string(out) != tc.want || refused != nil {
				t.Errorf("core %d: %s %s: %s %v, want %s", i, tc.tool, tc.args, out, refused, tc.want)
			}
		}
		if _, _, refused := c.Normalize("iso_z", []byte(`{"uri":"x"}`)); refused == nil {
			t.Errorf("core %d: iso_z's misnamed key taken", i)
		}
		if why := c.Explain("iso.b", []byte(`{"c":"x"}`), nil); why != "" {
			t.Errorf("core %d: iso.b explained %q with rules not in use", i, why)
		}
		c.Close()
	}
	want := `iso.b: derived rules not used, the tool is advertised with its own strict schema: rule id "iso.b.c.`
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], want) || !strings.Contains(warnings[0], `derived for tool "iso" too`) {
		t.Errorf("warnings %q, want one starting %s", warnings, want)
	}
}

// TestCoreCacheBytes: the process's entries are bounded by the JSON text
// of their strict schemas and rewrites too (derive.CacheBytes): past the
// bound the least recently used goes, and an adapter built afterwards
// derives it again.
func TestCoreCacheBytes(t *testing.T) {
	saved := derived
	defer func() { derived = saved }()
	strict := []byte(`{"type":"object","properties":{"bytes_n":{"type":"integer"}}}`)
	strict2 := []byte(`{"type":"object","properties":{"bytes_flag":{"type":"boolean"}}}`)
	derived = newEntries(1 << 20)
	c, err := New(Options{OnWarning: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	c.Learn([]Tool{{"bytes", strict}})
	lenient, _ := c.Advertised("bytes")
	c.Close()
	one := int64(len(strict) + len(lenient))
	if got := derived.Weight(); got != one {
		t.Fatalf("an entry weighs %d, want its strict schema's and rewrite's text, %d", got, one)
	}
	derived = newEntries(one + 10)
	c, err = New(Options{OnWarning: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Learn([]Tool{{"bytes", strict}, {"bytes2", strict2}})
	if derived.Len() != 1 {
		t.Errorf("%d entries held past the bound, want 1", derived.Len())
	}
	if out, _, _ := c.Normalize("bytes", []byte(`{"bytes_n":"5"}`)); string(out) != `{"bytes_n":5}` {
		t.Errorf("a tool whose entry was dropped normalized %s", out)
	}
	if why := c.Explain("bytes", []byte(`{"bytes_n":true}`), nil); why == "" {
		t.Error("a tool whose entry was dropped has no explanation")
	}
}

// TestExplainShowsSent: a value a json_accept_both rule read from JSON
// text is shown in a refusal as the text the client sent, as the
// generated decoders show it, where the explanation showed the value
// read (labels: ["team"] is not an object), which hid that a string was
// sent (found by a newcomer's trial).
func TestExplainShowsSent(t *testing.T) {
	c, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Learn([]Tool{{"t", []byte(`{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"}}}}`)}})
	out, applied, _ := c.Normalize("t", []byte(`{"labels":"[\"team\"]"}`))
	why := c.Explain("t", out, applied)
	if want := `labels: "[\"team\"]" is not an object`; !strings.HasPrefix(why, want) {
		t.Errorf("got  %s\nwant %s…", why, want)
	}
	if why := c.Explain("t", out, nil); !strings.HasPrefix(why, `labels: ["team"] is not an object`) {
		t.Errorf("without the fixes: %s", why)
	}
}

// TestExplainDuplicateKeyAlone: a call that gives a key twice is not
// normalized (the normalizer reads no such call), so a refusal of it says
// the key given twice and nothing else: the string forms the schema
// advertises, which the call's other values used, were listed as errors
// ("start.line: "3" is not an integer"), though normgen takes them in a
// call that gives each key once (found on gopls's go_references).
func TestExplainDuplicateKeyAlone(t *testing.T) {
	c, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Learn([]Tool{{"t", []byte(`{"type":"object","properties":{"start":{"type":"object","properties":{"line":{"type":"integer"}}},"end":{"type":"object","properties":{"line":{"type":"integer"}}}}}`)}})
	args := []byte(`{"start":{"line":"3"},"end":{"line":3,"line":4}}`)
	out, applied, refused := c.Normalize("t", args)
	if string(out) != string(args) || applied != nil || refused != nil {
		t.Fatalf("normalized %s %+v %v; want the call as it is", out, applied, refused)
	}
	why := c.Explain("t", out, applied)
	if want := `end.line: key "line" is given twice; send it once`; !strings.HasPrefix(why, want) || strings.Contains(why, "start.line") {
		t.Errorf("got  %s\nwant %s, and no other problem", why, want)
	}
	// A key given twice inside JSON text a string holds: the normalizer
	// read the call (m: "3" became 3), and the other problems stay.
	c.Learn([]Tool{{"u", []byte(`{"type":"object","properties":{"f":{"type":"object","properties":{"a":{"type":"integer"}}},"n":{"type":"integer","minimum":0},"m":{"type":"integer"}}}`)}})
	out, applied, _ = c.Normalize("u", []byte(`{"f":"{\"a\":1,\"a\":2}","n":-5,"m":"3"}`))
	if len(applied) == 0 {
		t.Fatalf("normalized %s: no fix", out)
	}
	if why := c.Explain("u", out, applied); !strings.Contains(why, `key "a" is given twice`) || !strings.Contains(why, "n: -5 is less than the minimum") {
		t.Errorf("in JSON text: %s", why)
	}
}

// TestExplainHidesSecrets: what Explain says of a value at a secret path
// (Options.Secrets) shows [secret, N bytes], never the value: of the
// wrong type (an array, a number, an object), too short for its
// minLength, inside JSON text that holds it, or under an alias; the
// other problems of the call still show theirs.
func TestExplainHidesSecrets(t *testing.T) {
	c, err := New(Options{Secrets: map[string][]string{"rotate": {"new_value", "creds.token"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Learn([]Tool{{"rotate", []byte(`{"type":"object","properties":{"name":{"type":"string","minLength":3},"new_value":{"type":"string","minLength":20},"creds":{"type":"object","properties":{"token":{"type":"string","pattern":"^tk_"}}}}}`)}})
	for _, c2 := range []struct{ args, secret, shown string }{
		{`{"name":"db","new_value":["hunter2-SEKRIT"]}`, "hunter2-SEKRIT", "[secret, 18 bytes]"},
		{`{"name":"db","new_value":918273645001}`, "918273645001", "[secret, 12 bytes]"},
		{`{"name":"db","new_value":{"v":"obj-SEKRIT"}}`, "obj-SEKRIT", "[secret, "},
		{`{"name":"db","new_value":"short-SEKRIT"}`, "short-SEKRIT", "[secret, 14 bytes]"},
		{`{"name":"db","creds":{"token":"bad-SEKRIT"}}`, "bad-SEKRIT", "[secret, 12 bytes]"},
		{`{"name":"db","creds":"{\"token\":\"txt-SEKRIT\"}"}`, "txt-SEKRIT", "[secret, "},
		{`{"name":"x","new_value":"short-SEKRIT"}`, "short-SEKRIT", `name: "x" is shorter than 3 characters`},
	} {
		out, applied, _ := c.Normalize("rotate", []byte(c2.args))
		why := c.Explain("rotate", out, applied)
		if why == "" || strings.Contains(why, c2.secret) || !strings.Contains(why, c2.shown) {
			t.Errorf("%s: %q; want it without %q, with %q", c2.args, why, c2.secret, c2.shown)
		}
	}
}

// TestExplainSecretLength: the N of [secret, N bytes] is the length of
// the value's JSON text, as the generated decoders say it, where the
// problem's value is cut at 48 bytes (found by a review), at any depth.
func TestExplainSecretLength(t *testing.T) {
	c, err := New(Options{Secrets: map[string][]string{"rotate": {"new_value", "keys[]", `opts["x.y"]`}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Learn([]Tool{{"rotate", []byte(`{"type":"object","properties":{"new_value":{"type":"string","minLength":300},"keys":{"type":"array","items":{"type":"string","minLength":300}},"opts":{"type":"object","properties":{"x.y":{"type":"string","minLength":300}}}}}`)}})
	secret := `"` + strings.Repeat("x", 198) + `"` // 200 bytes of JSON text
	for _, args := range []string{`{"new_value":` + secret + `}`, `{"keys":["a",` + secret + `]}`, `{"opts":{"x.y":` + secret + `}}`} {
		out, applied, _ := c.Normalize("rotate", []byte(args))
		if why := c.Explain("rotate", out, applied); !strings.Contains(why, "[secret, 200 bytes]") || strings.Contains(why, "xxx") {
			t.Errorf("%.40s…: %q; want [secret, 200 bytes]", args, why)
		}
	}
}

// TestExplainSecretSentAsText: a secret sent as JSON text in a string,
// which the normalizer read, is shown as its fix record shows it, with
// the N of the text sent (found by a review).
func TestExplainSecretSentAsText(t *testing.T) {
	c, err := New(Options{Secrets: map[string][]string{"rotate": {"new_value"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Learn([]Tool{{"rotate", []byte(`{"type":"object","properties":{"new_value":{"type":"array","items":{"type":"string"},"minItems":2}}}`)}})
	out, applied, _ := c.Normalize("rotate", []byte(`{"new_value":"[\"SEKRIT-VALUE-1234\"]"}`))
	if why := c.Explain("rotate", out, applied); why != "new_value: [secret, 25 bytes] has fewer than 2 items" {
		t.Errorf("Explain = %q", why)
	}
}
