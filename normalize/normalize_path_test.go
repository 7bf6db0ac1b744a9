package normalize

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/lenient"
)

// mustRules returns a Normalizer of the rules file js (a test's, a
// benchmark's or a fuzz target's).
func mustRules(t testing.TB, js string) *Normalizer {
	t.Helper()
	rules, err := LoadRules(strings.NewReader(js), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPathRules: the shapes issue 12 found the generated rules missing,
// through both entry points, with one record per changed value at the
// decoder's path, each showing a change.
func TestPathRules(t *testing.T) {
	n := mustRules(t, `[
	 {"id":"labels.wrap","tools":["t"],"type":"wrap","from":"labels"},
	 {"id":"body.unescape","tools":["t"],"type":"unescape","from":"body"},
	 {"id":"attempts.coerce","tools":["t"],"type":"type_coerce","path":"retry.attempts","coerce_to":"int"},
	 {"id":"attempts.alias","tools":["t"],"type":"param_alias","path":"retry.tries","to":"attempts"},
	 {"id":"backoff.default","tools":["t"],"type":"param_default","path":"retry.backoff_ms","value":500},
	 {"id":"args.json","tools":["t"],"type":"json_accept_both","from":"args","to":"native"},
	 {"id":"step.id","tools":["t"],"type":"param_default","path":"steps[].id","value":"step-{{index}}"},
	 {"id":"ports.coerce","tools":["t"],"type":"type_coerce","path":"services{}.ports[]","coerce_to":"int"}
	]`)
	for _, tc := range []struct {
		in, want string
		records  []string
	}{
		{`{"labels":"bug"}`, `{"labels":["bug"]}`, []string{`labels "bug" -> ["bug"]`}},
		{`{"labels":""}`, `{"labels":""}`, nil}, // "" is not wrapped: the decoders refuse it
		{`{"labels":"[\"a\"]","x":null}`, `{"labels":"[\"a\"]","x":null}`, nil},
		{`{"body":"l1\\nl2"}`, `{"body":"l1\nl2"}`, []string{`body "l1\\nl2" -> "l1\nl2"`}},
		{`{"body":"real\nline\\n"}`, `{"body":"real\nline\\n"}`, nil},
		{`{"retry":{"tries":"3"}}`, `{"retry":{"attempts":3,"backoff_ms":500}}`,
			[]string{"retry.attempts tries -> attempts", "retry.backoff_ms  -> 500", `retry.attempts "3" -> 3`}},
		{`{"retry":"{\"attempts\":\"3\",\"backoff_ms\":1}"}`, `{"retry":"{\"attempts\":3,\"backoff_ms\":1}"}`, []string{`retry.attempts "3" -> 3`}},
		{`{"args":"[{\"id\":\"\"},{}]"}`, `{"args":[{"id":""},{}]}`, []string{`args "[{\"id\":\"\"},{}]" -> [{"id":""},{}]`}},
		{`{"steps":[{"id":""},{"run":"x"}]}`, `{"steps":[{"id":""},{"run":"x","id":"step-1"}]}`, []string{`steps[1].id  -> "step-1"`}},
		{`{"services":{"db":{"ports":["5432",80]},"a b":{"ports":"[\"1\"]"}}}`, `{"services":{"db":{"ports":[5432,80]},"a b":{"ports":"[1]"}}}`,
			[]string{`services.db.ports[0] "5432" -> 5432`, `services["a b"].ports[0] "1" -> 1`}},
	} {
		out, applied, err := n.NormalizeJSON("t", []byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, out, tc.want)
		}
		var got []string
		for _, a := range applied {
			got = append(got, a.Param+" "+a.From+" -> "+a.To)
			if a.From == a.To {
				t.Errorf("%s: a record without a change: %+v", tc.in, a)
			}
		}
		if diff := cmp.Diff(tc.records, got); diff != "" {
			t.Errorf("%s: records (-want +got):\n%s", tc.in, diff)
		}
		m, mapplied := n.Normalize("t", args(t, tc.in))
		if diff := cmp.Diff(decodeAny([]byte(tc.want)), decodeAny(mustMarshal(t, m))); diff != "" && !strings.Contains(tc.in, `"{`) && !strings.Contains(tc.in, `"[\"1`) {
			t.Errorf("Normalize %s (-want +got):\n%s", tc.in, diff)
		}
		if len(mapplied) != len(applied) {
			t.Errorf("Normalize %s: %d records, NormalizeJSON %d", tc.in, len(mapplied), len(applied))
		}
	}
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNestedDefaultWhen: nested_default keeps its meaning (absent or
// empty), param_default its own (absent), and when makes either explicit.
func TestNestedDefaultWhen(t *testing.T) {
	for _, tc := range []struct{ rule, want string }{
		{`{"id":"d","tools":["t"],"type":"nested_default","in_payload":"steps","array_path":"[]","from":"id","value":"s-{{index}}"}`, `{"steps":[{"id":"s-0"},{"id":"s-1"}]}`},
		{`{"id":"d","tools":["t"],"type":"nested_default","in_payload":"steps","array_path":"[]","from":"id","value":"s-{{index}}","when":"absent"}`, `{"steps":[{"id":""},{"id":"s-1"}]}`},
		{`{"id":"d","tools":["t"],"type":"param_default","path":"steps[].id","value":"s-{{index}}"}`, `{"steps":[{"id":""},{"id":"s-1"}]}`},
		{`{"id":"d","tools":["t"],"type":"param_default","path":"steps[].id","value":"s-{{index}}","when":"absent_or_empty"}`, `{"steps":[{"id":"s-0"},{"id":"s-1"}]}`},
	} {
		n := mustRules(t, "["+tc.rule+"]")
		out, _, _ := n.NormalizeJSON("t", []byte(`{"steps":[{"id":""},{}]}`))
		if string(out) != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.rule, out, tc.want)
		}
	}
	// A default that would write what is there already changes nothing
	// and is not recorded.
	n := mustRules(t, `[{"id":"d","tools":["t"],"type":"param_default","path":"a.s","value":"","when":"absent_or_empty"}]`)
	if out, applied, _ := n.NormalizeJSON("t", []byte(`{"a":{"s":""}}`)); string(out) != `{"a":{"s":""}}` || len(applied) != 0 {
		t.Errorf("empty default over empty: %s %+v", out, applied)
	}
	if _, applied := n.Normalize("t", map[string]any{"a": map[string]any{"s": ""}}); len(applied) != 0 {
		t.Errorf("empty default over empty (map): %+v", applied)
	}
}

// TestRuleConflicts: rules that cannot mean anything together are load
// errors naming index and id; several aliases of one target are not.
func TestRuleConflicts(t *testing.T) {
	for _, tc := range []struct{ rules, want string }{
		{`{"id":"a","tools":["t"],"type":"param_alias","from":"a","to":"b"},{"id":"b","tools":["*"],"type":"param_alias","from":"b","to":"a"}`,
			"rule 1 (b): alias cycle with rule 0 (a): a and b rename each other"},
		{`{"id":"a","tools":["t"],"type":"param_alias","from":"a","to":"b"},{"id":"b","tools":["t"],"type":"param_alias","from":"b","to":"c"},{"id":"c","tools":["t"],"type":"param_alias","from":"c","to":"a"}`,
			"rule 0 (a): alias cycle: a is renamed back to itself through c"},
		// A chain applies in file order: a to b then b to c gives c, the
		// other order b (found by a review).
		{`{"id":"a","tools":["t"],"type":"param_alias","from":"a","to":"b"},{"id":"b","tools":["t"],"type":"param_alias","from":"b","to":"c"}`,
			"rule 0 (a): renames a to b, which rule 1 (b) renames to c: aliases apply in file order, so write a to c"},
		{`{"id":"b","tools":["t"],"type":"param_alias","from":"b","to":"c"},{"id":"a","tools":["*"],"type":"param_alias","from":"a","to":"b"}`,
			"rule 1 (a): renames a to b, which rule 0 (b) renames to c"},
		{`{"id":"a","tools":["*"],"type":"param_alias","from":"a","to":"b"},{"id":"b","tools":["x"],"type":"param_alias","from":"b","to":"c"},{"id":"c","tools":["y"],"type":"param_alias","from":"c","to":"a"}`,
			"rule 0 (a): renames a to b, which rule 1 (b) renames to c"},
		{`{"id":"a","tools":["t"],"type":"enum_digits","from":"v","value":[1,2]},{"id":"b","tools":["t"],"type":"enum_text","from":"v","value":["1","2"]}`,
			"rule 1 (b): contradicts rule 0 (a): enum_text writes v's number or boolean as its text, which enum_digits reads back"},
		{`{"id":"a","tools":["t"],"type":"enum_text","from":"v","value":["1","2"]},{"id":"b","tools":["t"],"type":"type_coerce","from":"v","coerce_to":"int"}`,
			"rule 1 (b): contradicts rule 0 (a): enum_text writes v's number or boolean as its text, which type_coerce reads back"},
		{`{"id":"a","tools":["t"],"type":"param_alias","from":"x","to":"b"},{"id":"b","tools":["t"],"type":"param_alias","from":"x","to":"c"}`,
			"rule 1 (b): renames x like rule 0 (a): two aliases of one key"},
		{`{"id":"a","tools":["t"],"type":"param_default","from":"n","value":1},{"id":"b","tools":["t"],"type":"param_default","path":"n","value":2}`,
			"rule 1 (b): writes n like rule 0 (a): keep one"},
		{`{"id":"a","tools":["t"],"type":"json_accept_both","from":"p"},{"id":"b","tools":["*"],"type":"json_accept_both","from":"p","to":"native"}`,
			"rule 1 (b): contradicts rule 0 (a): json_accept_both on p both to JSON text and to a native value"},
		{`{"id":"a","tools":["t"],"type":"nested_default","in_payload":"p","array_path":"[]","from":"id","value":1},{"id":"b","tools":["t"],"type":"param_default","path":"p[].id","value":2}`,
			"rule 1 (b): writes p[].id like rule 0 (a): keep one"},
		{`{"id":"a","tools":["t"],"type":"type_coerce","from":"n","coerce_to":"int"},{"id":"b","tools":["t"],"type":"type_coerce","from":"n","coerce_to":"bool"}`,
			"rule 1 (b): writes n like rule 0 (a): keep one"}, // ("1" is both)
		{`{"id":"a","tools":["t"],"type":"type_coerce","from":"n","coerce_to":"int"},{"id":"b","tools":["t"],"type":"type_coerce","path":"n","coerce_to":"float"}`,
			"rule 1 (b): writes n like rule 0 (a): keep one"},
		// Two lists of one object's fields each refuse the other's keys as
		// misspellings (found by a newcomer's trial: {"url":"x"} was
		// refused "did you mean uri?").
		{`{"id":"a","tools":["fetch"],"type":"misnamed_key","value":["url","timeout"]},{"id":"b","tools":["*"],"type":"misnamed_key","value":["uri","verbose"]}`,
			"rule 1 (b): lists the fields of the arguments like rule 0 (a): keep one (each would refuse a key the other lists as a misspelling)"},
		{`{"id":"a","tools":["t"],"type":"misnamed_key","path":"opts[]","value":["url"]},{"id":"b","tools":["t"],"type":"misnamed_key","path":"opts[]","value":["uri"]}`,
			"rule 1 (b): lists the fields of opts[] like rule 0 (a): keep one"},
		{`{"id":"a","tools":["t"],"type":"param_alias","from":"a","to":"a"}`, "rule 0 (a): an alias of itself"},
		{`{"id":"a","tools":["t"],"type":"wrap","from":"a","path":"a"}`, "rule 0 (a): from and path are both given"},
		{`{"id":"a","tools":["t"],"type":"wrap","path":"a..b"}`, `rule 0 (a): path "a..b": a member name is missing at offset 2`},
		{`{"id":"a","tools":["t"],"type":"param_default","path":"a[]","value":1}`, `rule 0 (a): path "a[]" must end with a member name`},
		{`{"id":"a","tools":["t"],"type":"param_default","from":"a","value":1,"when":"sometimes"}`, `rule 0 (a): when "sometimes": want "absent", "absent_or_null" or "absent_or_empty"`},
		{`{"id":"a","tools":["t"],"type":"param_default","from":"id","value":"s-{{index}}"}`, `rule 0 (a): value "s-{{index}}" uses {{index}}, the position of an array element, but the key it sets is in no array`},
		{`{"id":"a","tools":["t"],"type":"param_default","path":"job.m{}.id","value":"s-{{index}}"}`, `rule 0 (a): value "s-{{index}}" uses {{index}}`},
		{`{"id":"a","tools":["t"],"type":"nested_alias","path":"a.b","to":"c","in_payload":"p","array_path":"[]"}`, "rule 0 (a): path is not used by type nested_alias"},
	} {
		_, err := LoadRules(strings.NewReader("["+tc.rules+"]"), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.rules, err, tc.want)
		}
	}
	// Other spellings of one field, and the same key in different tools,
	// are fine.
	ok := `[{"id":"a","tools":["t"],"type":"param_alias","from":"file_path","to":"path"},
	 {"id":"b","tools":["t"],"type":"param_alias","from":"dir","to":"path"},
	 {"id":"c","tools":["u"],"type":"param_alias","from":"path","to":"file_path"},
	 {"id":"d","tools":["t"],"type":"param_default","from":"n","value":1},
	 {"id":"e","tools":["u"],"type":"param_default","from":"n","value":2},
	 {"id":"f","tools":["t"],"type":"param_default","path":"steps[].id","value":"step-{{index}}"},
	 {"id":"g","tools":["v"],"type":"type_coerce","from":"m","coerce_to":"int"},
	 {"id":"h","tools":["v"],"type":"type_coerce","from":"m","coerce_to":"bool_strict"},
	 {"id":"i","tools":["t"],"type":"misnamed_key","value":["path"]},
	 {"id":"j","tools":["u"],"type":"misnamed_key","value":["file_path"]},
	 {"id":"k","tools":["t"],"type":"misnamed_key","path":"opts","value":["path"]},
	 {"id":"l","tools":["t"],"type":"misnamed_key","path":"opts.more","value":["path"]}]`
	if _, err := LoadRules(strings.NewReader(ok), nil); err != nil {
		t.Fatalf("valid rules refused: %v", err)
	}
	n := mustRules(t, ok)
	// (a number's coercion and bool_strict read texts no string is both
	// of: a union of a number and a boolean)
	for in, want := range map[string]string{`{"m":"5"}`: `{"m":5}`, `{"m":"false"}`: `{"m":false}`, `{"m":"yes"}`: `{"m":"yes"}`, `{"m":"1"}`: `{"m":1}`} {
		if out, _, _ := n.NormalizeJSON("v", []byte(in)); string(out) != want {
			t.Errorf("%s: got %s, want %s", in, out, want)
		}
	}
}

// TestRuleConflictsInUse: a rules file is checked against the rules in
// use as against itself, its problems numbered as the file numbers its
// rules and the rules in use named by id; and problems between rules
// come with each rule's own, not after they are fixed.
func TestRuleConflictsInUse(t *testing.T) {
	inUse := []lenient.Rule{
		{ID: "edit.old_str", Tools: []string{"edit"}, Type: lenient.RuleParamAlias, From: "old_str", To: "old_text"},
		{ID: "edit.n", Tools: []string{"edit"}, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: "int"},
	}
	for _, tc := range []struct{ rules, want string }{
		{`{"id":"mine","tools":["edit"],"type":"param_alias","from":"old_str","to":"old"}`,
			"rule 0 (mine): renames old_str like the rule in use edit.old_str: two aliases of one key"},
		{`{"id":"mine","tools":["*"],"type":"param_alias","from":"old_text","to":"text"}`,
			"rule 0 (mine): renames old_text to text, the key the rule in use edit.old_str renames old_str to: aliases apply in file order, so write old_str to text"},
		{`{"id":"mine","tools":["edit"],"type":"enum_text","from":"n","value":["1"]}`,
			"rule 0 (mine): contradicts the rule in use edit.n: enum_text writes n's number or boolean as its text, which type_coerce reads back"},
		{`{"id":"bad","tools":["t"],"type":"wrap"},{"id":"a","tools":["t"],"type":"param_alias","from":"a","to":"b"},{"id":"b","tools":["t"],"type":"param_alias","from":"b","to":"a"}`,
			"rule 0 (bad): from (or path) is missing for type wrap; rule 2 (b): alias cycle with rule 1 (a): a and b rename each other"},
	} {
		_, err := LoadRules(strings.NewReader("["+tc.rules+"]"), inUse)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.rules, err, tc.want)
		}
	}
}

// TestMapFloat64: the map normalizer leaves float64 values (a caller's
// plain json.Unmarshal) alone and records nothing: an integral float64
// reads as an integer already, and above 2^53 the digits are lost.
func TestMapFloat64(t *testing.T) {
	n := mustRules(t, `[{"id":"c","tools":["*"],"type":"type_coerce","from":"n","coerce_to":"int"}]`)
	for _, f := range []float64{5, 9007199254740993.0, 1e21, 2.5, math.MaxFloat64} {
		m, applied := n.Normalize("t", map[string]any{"n": f})
		if v, ok := m["n"].(float64); !ok || v != f || len(applied) != 0 {
			t.Errorf("float64 %v: got %#v, %+v", f, m["n"], applied)
		}
	}
	// Nor is such a float64 written into JSON text, where it would look exact.
	text := mustRules(t, `[{"id":"j","tools":["*"],"type":"json_accept_both","from":"ids"}]`)
	m, applied := text.Normalize("t", map[string]any{"ids": []any{1.0, 9007199254740993.0}})
	if _, ok := m["ids"].([]any); !ok || len(applied) != 0 {
		t.Errorf("rounded float64 written as text: %#v, %+v", m["ids"], applied)
	}
	if m, _ := text.Normalize("t", map[string]any{"ids": []any{1.0, 2.5}}); m["ids"] != "[1,2.5]" {
		t.Errorf("float64 array as text: %#v", m["ids"])
	}
	m, applied = n.Normalize("t", map[string]any{"n": json.Number("5.0")})
	if m["n"] != json.Number("5") || len(applied) != 1 || applied[0].From != "5.0" || applied[0].To != "5" {
		t.Errorf("json.Number 5.0: got %#v, %+v", m["n"], applied)
	}
}

// TestRecordShortened: a recorded value is cut to 200 bytes with its
// length noted; the normalized value itself is whole.
func TestRecordShortened(t *testing.T) {
	n := mustRules(t, `[{"id":"c","tools":["*"],"type":"type_coerce","from":"n","coerce_to":"int"},
	 {"id":"u","tools":["*"],"type":"unescape","from":"s"}]`)
	digits := strings.Repeat("0", 4<<20) + "5" // a valid 5, 4 MB long
	text := strings.Repeat(`é\\n`, 1<<20)      // JSON for é, backslash, n
	out, applied, _ := n.NormalizeJSON("t", []byte(`{"n":"`+digits+`","s":"`+text+`"}`))
	if !strings.HasPrefix(string(out), `{"n":5,"s":"é\n`) || len(out) != len(`{"n":5,"s":""}`)+4<<20 {
		t.Errorf("normalized value: %d bytes %.40q", len(out), out)
	}
	if len(applied) != 2 {
		t.Fatalf("applied: %d records", len(applied))
	}
	if a := applied[0]; len(a.From) > 230 || !strings.HasSuffix(a.From, "… (4194307 bytes)") || a.To != "5" {
		t.Errorf("record not shortened: from %d bytes %.20q, to %q", len(a.From), a.From, a.To)
	}
	if a := applied[1]; len(a.From) > 230 || len(a.To) > 230 || !json.Valid([]byte(strings.TrimSuffix(a.From, a.From[strings.LastIndex(a.From, "…"):])+`"`)) {
		t.Errorf("unescape record: from %d bytes, to %d bytes: %.40q", len(a.From), len(a.To), a.From)
	}
}

// TestTwoAliasesGiven: when two aliases of one field are given (or an
// alias and the field), no alias applies and nothing is recorded: the
// call names the field twice, and the decoder then says so with the keys
// the caller sent, instead of the first alias winning without a word.
func TestTwoAliasesGiven(t *testing.T) {
	n := mustRules(t, `[
	 {"id":"a","tools":["t"],"type":"param_alias","from":"file_path","to":"path"},
	 {"id":"b","tools":["*"],"type":"param_alias","from":"dir","to":"path"},
	 {"id":"c","tools":["t"],"type":"param_alias","path":"steps[].type","to":"action"},
	 {"id":"d","tools":["t"],"type":"param_alias","path":"steps[].op","to":"action"},
	 {"id":"e","tools":["t"],"type":"param_default","from":"path","value":"."},
	 {"id":"f","tools":["t"],"type":"param_default","path":"steps[].action","value":"run"}]`)
	// A default of the field is not set either (found by a newcomer's
	// trial: the map beside the two keys held the default, which a
	// server decoding it itself took as the call's).
	for in, want := range map[string]string{
		`{"file_path":"a","dir":"b"}`:  `{"file_path":"a","dir":"b"}`,
		`{"file_path":"a","path":"b"}`: `{"file_path":"a","path":"b"}`,
		`{}`:                           `{"path":"."}`,
		`{"steps":[{}]}`:               `{"steps":[{"action":"run"}],"path":"."}`,
		`{"dir":"b"}`:                  `{"path":"b"}`,
		`{"steps":[{"type":"x","op":"y"},{"op":"z"}]}`:     `{"steps":[{"type":"x","op":"y"},{"action":"z"}],"path":"."}`,
		`{"steps":[{"type":"x","action":"y"},{"op":"z"}]}`: `{"steps":[{"type":"x","action":"y"},{"action":"z"}],"path":"."}`,
	} {
		out, applied, _ := n.NormalizeJSON("t", []byte(in))
		if string(out) != want {
			t.Errorf("%s:\n got %s\nwant %s", in, out, want)
		}
		if strings.Count(want, `"action"`)+strings.Count(want, `"path"`) != len(applied)+strings.Count(in, `"action"`)+strings.Count(in, `"path"`) {
			t.Errorf("%s: records %+v", in, applied)
		}
		m, mapplied := n.Normalize("t", args(t, in))
		if diff := cmp.Diff(decodeAny([]byte(want)), decodeAny(mustMarshal(t, m))); diff != "" || len(mapplied) != len(applied) {
			t.Errorf("Normalize %s (-want +got):\n%s %+v", in, diff, mapplied)
		}
	}
	// Another tool sees only the wildcard alias.
	if out, _, _ := n.NormalizeJSON("u", []byte(`{"file_path":"a","dir":"b"}`)); string(out) != `{"file_path":"a","path":"b"}` {
		t.Errorf("tool u: %s", out)
	}
}

// TestLoadRulesListsEverything: a rule with an unknown field hides no
// other problem, of its own or of other rules; all come in file order.
func TestLoadRulesListsEverything(t *testing.T) {
	_, err := LoadRules(strings.NewReader(`[
	 {"id":"a","tools":["t"],"type":"param_alias","from":"x","zzz":1},
	 {"id":"b","tools":["t"],"type":"nope"},
	 {"id":"c","tools":"t","type":"wrap","from":"l"},
	 {"id":"d","tools":["t"],"type":"param_alias","from":"x","to":"z"}]`), nil)
	want := `rule 0 (a): unknown field "zzz"; rule 0 (a): to is missing for type param_alias; ` +
		`rule 1 (b): unknown type "nope"; known: param_alias, param_default, type_coerce, json_accept_both, wrap, unescape, nested_alias, nested_default, value_alias, absent, split, enum_case, enum_text, enum_digits, secret, null_text, misnamed_key; ` +
		`rule 2 (c): tools: a string, where a JSON array of strings is wanted`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}

// TestNotAnObject: valid JSON that is not an object is called what it is,
// and counted as an invalid call; null is a call without arguments
// (TestNullArguments).
func TestNotAnObject(t *testing.T) {
	n := coerceNormalizer(t, WithLogDir(t.TempDir()))
	defer n.Close()
	for in, want := range map[string]string{`[1]`: "not an array", ` "x"`: "not a string", `[null]`: "not an array", `5`: "not a number", `true`: "not a boolean"} {
		out, _, err := n.NormalizeJSON("t", []byte(in))
		if !errors.Is(err, ErrNotObject) || !strings.HasSuffix(err.Error(), want) || string(out) != in {
			t.Errorf("%s: %v", in, err)
		}
	}
	if s := n.Stats(); s.TotalInvalid != 5 {
		t.Errorf("invalid calls: %d", s.TotalInvalid)
	}
}

// TestNullArguments: null arguments are a call without arguments,
// read as {} by NormalizeJSON as by Normalize (a nil map) and Tool.Decode:
// the rules apply to {}, so a default fills it, and the call is not
// invalid.
func TestNullArguments(t *testing.T) {
	rules, err := LoadRules(strings.NewReader(`[{"id":"d","tools":["t"],"type":"param_default","from":"limit","value":100}]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	for _, in := range []string{"null", " null\n"} {
		out, applied, err := n.NormalizeJSON("t", []byte(in))
		if err != nil || string(out) != `{"limit":100}` || len(applied) != 1 {
			t.Errorf("%q: %s %v %v", in, out, applied, err)
		}
		out, _, err = n.NormalizeJSON("other", []byte(in))
		if err != nil || string(out) != `{}` {
			t.Errorf("%q for a tool no rule names: %s %v", in, out, err)
		}
	}
	if s := n.Stats(); s.TotalInvalid != 0 {
		t.Errorf("invalid calls: %d", s.TotalInvalid)
	}
}

// TestGroupRoutesOnce: a hand-written group whose alternatives reach one
// value by two routes (a member and {}, one member twice, a group inside
// that repeats what the outer one does) walks each value once from each
// group: the rule applies once per value, where the walk followed every
// route and a call 40 levels deep took 2^40 steps.
func TestGroupRoutesOnce(t *testing.T) {
	for _, p := range []string{`a(.b|{})*.c`, `a(.b|.b)*.c`, `a(.b(.b)*)*.c`} {
		n, err := New([]lenient.Rule{
			{ID: "c", Tools: []string{"x"}, Type: lenient.RuleTypeCoerce, Path: p, CoerceTo: "int"},
			{ID: "w", Tools: []string{"x"}, Type: lenient.RuleWrap, Path: p[:len(p)-2] + ".w"},
		})
		if err != nil {
			t.Fatal(err)
		}
		in, want := `{"c":"5","w":1}`, `{"c":5,"w":[1]}`
		for range 40 {
			in, want = `{"b":`+in+`}`, `{"b":`+want+`}`
		}
		out, applied, err := n.NormalizeJSON("x", []byte(`{"a":`+in+`}`))
		if err != nil || string(out) != `{"a":`+want+`}` || len(applied) != 2 {
			t.Errorf("%s: %s %v, %d records", p, out, err, len(applied))
		}
	}
}

// TestIndexTemplates: {{index}} in a default's value is the element's
// position in every string the value holds, at any depth, and read as
// the string reads unescaped; where no array holds the key, such a value
// is a load error (found by a review: an object's strings and an escaped
// "{{ind\u0065x}}" were written out literally; found by the next review:
// so was "\u007b\u007bindex}}", whose braces are escaped).
func TestIndexTemplates(t *testing.T) {
	n := mustRules(t, `[
	 {"id":"m","tools":["t"],"type":"param_default","path":"steps[].meta","value":{"name":"step-{{index}}","tags":["t-{{index}}",1]}},
	 {"id":"s","tools":["t"],"type":"param_default","path":"steps[].id","value":"s-{{ind\u0065x}}"},
	 {"id":"u","tools":["t"],"type":"param_default","path":"steps[].u","value":"\u007b\u007bindex}}"}]`)
	out, _, err := n.NormalizeJSON("t", []byte(`{"steps":[{},{}]}`))
	if want := `{"steps":[{"meta":{"name":"step-0","tags":["t-0",1]},"id":"s-0","u":"0"},{"meta":{"name":"step-1","tags":["t-1",1]},"id":"s-1","u":"1"}]}`; err != nil || string(out) != want {
		t.Errorf("got  %s %v\nwant %s", out, err, want)
	}
	for _, v := range []string{`["t-{{index}}"]`, `{"a":"{{index}}"}`, `"s-{{ind\u0065x}}"`, `"\u007b\u007bindex}}"`, `"{\u007bindex}}"`} {
		_, err := LoadRules(strings.NewReader(`[{"id":"d","tools":["t"],"type":"param_default","from":"tags","value":`+v+`}]`), nil)
		if err == nil || !strings.Contains(err.Error(), "uses {{index}}") {
			t.Errorf("%s outside an array: %v", v, err)
		}
	}
}

// TestGroupNotIntoWhatItWrote: a rule's walk goes no further into a
// value the rule itself wrote, which a group in its path would reach
// again, a new value each time: a default of {} at a(.x)*.x (and its
// JSON text), a value alias to JSON text holding the path, and an object
// written as JSON text at a(.c)*.c (which took time exponential in the
// depth: 26 levels, 7.7 s and 201 MB). Found by review: the first two
// never returned.
func TestGroupNotIntoWhatItWrote(t *testing.T) {
	deep := `{"k":1}`
	for range 40 {
		deep = `{"c":` + deep + `}`
	}
	for _, tc := range []struct{ rule, in, want string }{
		{`{"id":"d","tools":["x"],"type":"param_default","path":"a(.x)*.x","value":{}}`, `{"a":{}}`, `{"a":{"x":{}}}`},
		{`{"id":"d","tools":["x"],"type":"param_default","path":"a({})*.x","value":{}}`, `{"a":{}}`, `{"a":{"x":{}}}`},
		{`{"id":"d","tools":["x"],"type":"param_default","path":"a(.x)*.x","value":"{}"}`, `{"a":{}}`, `{"a":{"x":"{}"}}`},
		{`{"id":"v","tools":["x"],"type":"value_alias","path":"a(.c)*.c","value":{"x":"{\"c\":\"x\"}"}}`, `{"a":{"c":"x"}}`, `{"a":{"c":"{\"c\":\"x\"}"}}`},
		{`{"id":"j","tools":["x"],"type":"json_accept_both","path":"a(.c)*.c"}`, `{"a":` + deep + `}`, ``},
	} {
		n := mustRules(t, "["+tc.rule+"]")
		out, applied, err := n.NormalizeJSON("x", []byte(tc.in))
		if err != nil || tc.want != "" && string(out) != tc.want || len(applied) != 1 {
			t.Errorf("%s on %s: %s %v, %d records; want %s", tc.rule, tc.in, out, err, len(applied), tc.want)
		}
	}
}

// TestGroupIntoTextItRead: JSON text that a json_accept_both to native
// reads at a group's path is walked into, and the text inside it read
// too, at every level, as the decoders read a recursive type's text.
func TestGroupIntoTextItRead(t *testing.T) {
	n := mustRules(t, `[{"id":"j","tools":["x"],"type":"json_accept_both","path":"a(.c)*.c","to":"native"}]`)
	in := `{"k":1}`
	want := in
	for range 5 {
		q, _ := json.Marshal(in)
		in = `{"c":` + string(q) + `}`
		want = `{"c":` + want + `}`
	}
	out, applied, err := n.NormalizeJSON("x", []byte(`{"a":`+in+`}`))
	if err != nil || string(out) != `{"a":`+want+`}` || len(applied) != 5 {
		t.Errorf("got %s %v, %d records; want {\"a\":%s}", out, err, len(applied), want)
	}
}

// TestRuleNumbersPastBadRules: a rule that does not decode leaves the
// others at their places in the file: one rule's problem names another
// by the file's number (found by review: they were numbered among the
// rules that decoded), and a tool name that is no string is said so.
func TestRuleNumbersPastBadRules(t *testing.T) {
	_, err := LoadRules(strings.NewReader(`[
	 {"id":"bad","tools":"t","type":"wrap","from":"w"},
	 {"id":"a","tools":["t"],"type":"param_alias","from":"x","to":"y"},
	 {"id":"b","tools":["t"],"type":"param_alias","from":"y","to":"z"},
	 {"id":"c","tools":[1],"type":"wrap","from":"v"}]`), nil)
	want := `rule 0 (bad): tools: a string, where a JSON array of strings is wanted; ` +
		`rule 1 (a): renames x to y, which rule 2 (b) renames to z: aliases apply in file order, so write x to z; ` +
		`rule 3 (c): tools: holds a number, where tool names are strings`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}
