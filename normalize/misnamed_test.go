package normalize

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// TestMisnamedKey: a misnamed_key rule refuses a call holding a key near
// the spelling of a field it left out, in the generated decoders' words
// and kind, at the arguments object or at its path, after the other
// rules (an alias that names the field is read first); a key near a
// field given, near none, or near a required field (which the schema's
// required refuses, naming the key) passes; a clean call is returned byte for
// byte.
func TestMisnamedKey(t *testing.T) {
	rules, err := LoadRules(strings.NewReader(`[
		{"id":"fetch-keys","tools":["fetch"],"type":"misnamed_key","value":["thought","url","style_id",["path","file_path"],"file_mode","style","items",{"keys":["title","name"],"required":true}]},
		{"id":"fetch-style-keys","tools":["fetch"],"type":"misnamed_key","path":"style","value":["style_id","color"]},
		{"id":"fetch-items-keys","tools":["fetch"],"type":"misnamed_key","path":"items[]","value":["style_id","color"]},
		{"id":"fetch-link","tools":["fetch"],"type":"param_alias","from":"link","to":"url"},
		{"id":"fetch-limit","tools":["fetch"],"type":"type_coerce","from":"style_id","coerce_to":"int"}
	]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{`{"thought":"t","uri":"x"}`, `uri: is not a known key; did you mean url? [misnamed]`},
		{`{"thought":"t","style_index":"3"}`, `style_index: is not a known key; did you mean style_id? [misnamed]`},
		{`{"thought":"t","URL":"x"}`, `URL: is not a known key: keys are case-sensitive (send it as "url") [key_case]`}, // as the decoders refuse it
		{`{"thought":"t","url":"u","URL":"x"}`, `URL: is not a known key: keys are case-sensitive (send it as "url") [key_case]`},
		{`{"thought":"t","filepath":"p"}`, `filepath: is not a known key; did you mean path? [misnamed]`},
		{`{"thought":"t","style":{"style_idx":1}}`, `style.style_idx: is not a known key; did you mean style_id? [misnamed]`},
		{`{"thought":"t","style":"{\"colour\":\"red\"}"}`, `style.colour: is not a known key; did you mean color? [misnamed]`},
		{`{"thought":"t","items":[{"color":"red"},{"colour":"red"}]}`, `items[1].colour: is not a known key; did you mean color? [misnamed]`},
		{`{"thoght":"t"}`, `thoght: is not a known key; did you mean thought? [misnamed]`},
		{`{"thought":"t","url":"u","uri":"x","reason":"r"}`, ``},
		{`{"thought":"t","titel":"x"}`, ``}, // near a required field: the schema's required refuses it
		{`{"thought":"t","link":"u","uri":"x"}`, ``},
		{`{"thought":"t","file_name":"x"}`, ``},
		{`{"thought":"t","style_id":"3"}`, ``},
	} {
		out, _, err := n.NormalizeJSON("fetch", []byte(c.in))
		if got := problemsText(err); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
		if !json.Valid(out) {
			t.Errorf("%s: output %s", c.in, out)
		}
	}
	clean := []byte(`{"thought":"t", "url":"u"}`)
	if out, applied, err := n.NormalizeJSON("fetch", clean); err != nil || len(applied) > 0 || &out[0] != &clean[0] {
		t.Errorf("clean call: %s %v %v", out, applied, err)
	}
	if out, _, err := n.NormalizeJSON("other", []byte(`{"uri":"x"}`)); err != nil || string(out) != `{"uri":"x"}` {
		t.Errorf("another tool: %s %v", out, err)
	}
}

// TestMisnamedKeyLeftOut: a field is left out, for a misnamed_key rule,
// where the call sent a value an absent rule removed, and where it holds
// only the value a default rule gave it, as the generated decoders read
// the call as sent: a key near it is refused. A field the call sent keeps
// a key near it passing, its default rule or not.
func TestMisnamedKeyLeftOut(t *testing.T) {
	rules, err := LoadRules(strings.NewReader(`[
		{"id":"fetch-keys","tools":["fetch"],"type":"misnamed_key","value":["url","file_mode","style"]},
		{"id":"fetch-style-keys","tools":["fetch"],"type":"misnamed_key","path":"items[]","value":["style_id","color"]},
		{"id":"fetch-url-absent","tools":["fetch"],"type":"absent","from":"url","value":[null,""]},
		{"id":"fetch-mode-default","tools":["fetch"],"type":"param_default","from":"file_mode","value":"r"},
		{"id":"fetch-color-default","tools":["fetch"],"type":"param_default","path":"items[].color","value":"black"}
	]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{`{"url":null,"uri":"x"}`, `uri: is not a known key; did you mean url?`},
		{`{"url":"","uri":"x"}`, `uri: is not a known key; did you mean url?`},
		{`{"file_mod":"w"}`, `file_mod: is not a known key; did you mean file_mode?`},
		{`{"items":[{"color":"red"},{"colour":"red"}]}`, `items[1].colour: is not a known key; did you mean color?`},
		{`{"url":"u","uri":"x"}`, ``},
		{`{"file_mode":"w","file_mod":"w"}`, ``},
		{`{"items":[{"color":"red","colour":"red"}]}`, ``},
		// more near keys than heldKeys asks the object about one by one
		{`{` + nearURL + `"url":"u"}`, ``},
		{`{` + nearURL + `"url":""}`, nearURLRefused},
		{`{` + nearMode + `"file_mode":"r"}`, ``},
		{`{` + nearMode + `"x":0}`, nearModeRefused},
	} {
		_, _, err := n.NormalizeJSON("fetch", []byte(c.in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// nearURL and nearMode hold more near spellings of a field (url,
// file_mode) than heldKeys looks up one by one before it makes a set of
// the object's keys; nearURLRefused and nearModeRefused are their
// refusals, where the field is left out.
var nearURL, nearURLRefused, nearMode, nearModeRefused = nearKeys("url"), nearRefused("url"), nearKeys("file_mode"), nearRefused("file_mode")

// nearKeys writes twelve keys, each the field with its last letter
// changed, as members.
func nearKeys(field string) string {
	var b strings.Builder
	for _, k := range nearSpellings(field) {
		fmt.Fprintf(&b, `%q:1,`, k)
	}
	return b.String()
}

// nearRefused is the refusal of nearKeys(field)'s keys.
func nearRefused(field string) string {
	var msgs []string
	for _, k := range nearSpellings(field) {
		msgs = append(msgs, k+": is not a known key; did you mean "+field+"?")
	}
	return strings.Join(msgs, "; ")
}

func nearSpellings(field string) []string {
	var keys []string
	for c := byte('a'); len(keys) < 12; c++ {
		if c != field[len(field)-1] {
			keys = append(keys, field[:len(field)-1]+string(c))
		}
	}
	return keys
}

// TestMisnamedKeyRules: a misnamed_key rule is validated when loaded.
func TestMisnamedKeyRules(t *testing.T) {
	for _, c := range []struct{ rule, want string }{
		{`{"id":"a","tools":["t"],"type":"misnamed_key"}`, "value is missing for type misnamed_key"},
		{`{"id":"a","tools":["t"],"type":"misnamed_key","value":[]}`, "want the object's fields"},
		{`{"id":"a","tools":["t"],"type":"misnamed_key","value":["a","a"]}`, `the key "a" is empty or given twice`},
		{`{"id":"a","tools":["t"],"type":"misnamed_key","value":[1]}`, "1 is not a key, an array of keys or"},
		{`{"id":"a","tools":["t"],"type":"misnamed_key","value":[{"keys":["a"],"other":1}]}`, "is not a key, an array of keys or"},
		{`{"id":"a","tools":["t"],"type":"misnamed_key","from":"x","value":["a"]}`, "from is not used by type misnamed_key"},
		{`{"id":"a","tools":["t"],"type":"misnamed_key","path":"x[","value":["a"]}`, "path"},
	} {
		_, err := LoadRules(strings.NewReader("["+c.rule+"]"), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.rule, err, c.want)
		}
	}
	if _, err := LoadRules(strings.NewReader(`[{"id":"a","tools":["*"],"type":"misnamed_key","path":"items[]","value":["a",["b","c"]]}]`), nil); err != nil {
		t.Error(err)
	}
}

// TestMisnamedCaseOnly: a misnamed_key rule whose fields are all required
// refuses a key in another letter case alone, at any depth, in JSON text
// and spelled with a \u escape too; a clean call costs what it costs
// without the rule (mayBeMisnamed finds no such key in its bytes).
func TestMisnamedCaseOnly(t *testing.T) {
	const misnamed = `{"id":"items-keys","tools":["t"],"type":"misnamed_key","path":"items[]","value":[{"keys":["url"],"required":true},{"keys":["n","num"],"required":true}]}`
	const coerce = `{"id":"items-n","tools":["t"],"type":"type_coerce","path":"items[].n","coerce_to":"int"}`
	load := func(rules string) *Normalizer {
		rs, err := LoadRules(strings.NewReader(rules), nil)
		if err != nil {
			t.Fatal(err)
		}
		n, err := New(rs)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	with, without := load(`[`+misnamed+`,`+coerce+`]`), load(`[`+coerce+`]`)
	for _, c := range []struct{ in, want string }{
		{`{"items":[{"url":"a","n":1}]}`, ``},
		{`{"items":[{"url":"a","n":1,"URL":"b"}]}`, `items[0].URL: is not a known key: keys are case-sensitive (send it as "url") [key_case]`},
		{`{"items":[{"url":"a","Num":1}]}`, `items[0].Num: is not a known key: keys are case-sensitive (send it as "num") [key_case]`},
		{`{"items":["{\"URL\":\"b\"}"]}`, `items[0].URL: is not a known key: keys are case-sensitive (send it as "url") [key_case]`},
		{`{"items":[{"\u0055RL":"b"}]}`, `items[0].URL: is not a known key: keys are case-sensitive (send it as "url") [key_case]`},
		{`{"items":[{"urls":"a","x":"URL"}]}`, ``}, // (a value, not a key; a near key of a required field)
	} {
		_, _, err := with.NormalizeJSON("t", []byte(c.in))
		got := ""
		var le *lenient.Error
		if errors.As(err, &le) {
			for _, p := range le.Problems {
				got += p.String() + " [" + string(p.Kind) + "]"
			}
		} else if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
	clean := []byte(`{"items":[{"url":"a","n":"1"},{"url":"b","n":2}]}`)
	cost := func(n *Normalizer) float64 {
		return testing.AllocsPerRun(100, func() { n.NormalizeJSON("t", clean) })
	}
	if a, b := cost(with), cost(without); a > b {
		t.Errorf("a clean call allocates %v times with the rule, %v without", a, b)
	}
}

// TestMisnamedCaseOnlyShared: case-only rules of one tool are looked for
// in one pass over a clean call, and a key one rule declares ("URL") is
// still another's case variant ("url"): each rule refuses what it alone
// would.
func TestMisnamedCaseOnlyShared(t *testing.T) {
	rules := []lenient.Rule{
		{ID: "a", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Path: "a", Value: json.RawMessage(`[{"keys":["URL"],"required":true}]`)},
		{ID: "b", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Path: "b", Value: json.RawMessage(`[{"keys":["url","uri"],"required":true}]`)},
		{ID: "c", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Path: "c", Value: json.RawMessage(`[{"keys":["Name"],"required":true}]`)},
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{`{"a":{"URL":"x"},"b":{"url":"y"},"c":{"Name":"z"}}`, ``},
		{`{"a":{"URL":"x"},"b":{"uri":"y"}}`, ``},
		{`{"a":{"URL":"x"},"b":{"URL":"y"}}`, `b.URL: is not a known key: keys are case-sensitive (send it as "url")`},
		{`{"a":{"url":"x"},"b":{"url":"y"}}`, `a.url: is not a known key: keys are case-sensitive (send it as "URL")`},
		{`{"b":{"Uri":"y"}}`, `b.Uri: is not a known key: keys are case-sensitive (send it as "uri")`},
		{`{"c":{"name":"z"}}`, `c.name: is not a known key: keys are case-sensitive (send it as "Name")`},
		{`{"a":{"URL":"x"},"c":{"Name":"url"}}`, ``},
	} {
		_, _, err := n.NormalizeJSON("t", []byte(c.in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// FuzzMisnamedCaseScan: the one pass over a call's bytes that lets a
// clean call skip the case-only rules (caseScan) never skips a call they
// refuse: on any arguments, the rules (a tool's and the wildcard's, every
// one case-only) refuse what they refuse when each is checked by reading
// the call. The seeds hold what a review found the pass skipped: keys
// written with an escape (\/, \\), in JSON text two levels deep, and
// non-ASCII letters Unicode folds to ASCII ones (U+017F, U+212A).
func FuzzMisnamedCaseScan(f *testing.F) {
	k64 := strings.Repeat("a", 63) + "B"
	rules := bindMisnamed([]lenient.Rule{
		{ID: "a", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Path: "a", Value: json.RawMessage(`[{"keys":["URL"],"required":true}]`)},
		{ID: "b", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Path: "b[]", Value: json.RawMessage(`[{"keys":["url","uri"],"required":true},{"keys":["n"],"required":true}]`)},
		{ID: "c", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Value: json.RawMessage(`[{"keys":["Name"],"required":true},{"keys":["a"],"required":true},{"keys":["b"],"required":true},{"keys":["d"],"required":true},{"keys":["w"],"required":true}]`)},
		{ID: "w", Tools: []string{"*"}, Type: lenient.RuleMisnamedKey, Path: "w", Value: json.RawMessage(`[{"keys":["url"],"required":true},{"keys":["` + k64 + `"],"required":true}]`)},
		{ID: "x", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Path: "w", Value: json.RawMessage(`[{"keys":["URL","Kind"],"required":true}]`)},
		{ID: "y", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Path: "d.e", Value: json.RawMessage(`[{"keys":["aB"],"required":true},{"keys":["a/b"],"required":true},{"keys":["user"],"required":true}]`)},
	}, "t")
	read := misnamedRules{rules: slices.Clone(rules.rules)}
	for i := range read.rules {
		if !rules.rules[i].caseOnly {
			f.Fatalf("rule %d is not case-only", i)
		}
		read.rules[i].caseOnly = false
	}
	for _, s := range []string{
		`{"a":{"URL":"x"},"b":[{"url":"y","n":1}],"Name":"z"}`,
		`{"a":{"url":"x"},"b":"[{\"URI\":1}]"}`,
		`{"a":{"\u0075rl":"x"}}`,
		`{"b":[{"N":1}],"Name":"name"}`,
		`{"w":{"URL":1,"` + strings.ToLower(k64) + `":2}}`,
		`{"d":{"e":{"A\/B":1}}}`,
		`{"d":{"e":{"A\\b":1}}}`,
		`{"d":"{\"e\":\"{\\\"Ab\\\":1}\"}"}`,
		`{"d":{"e":{"uſer":1}}}`,
		"{\"w\":{\"\u212aind\":1}}", // (U+212A, the Kelvin sign)
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		members, err := jsonwire.Validate(args)
		if i := jsonwire.SkipSpace(args, 0); err != nil || i >= len(args) || args[i] != '{' {
			return
		}
		got := refuseMisnamed(rules, args, args, &members, nil)
		all := members
		all.OK = false // (mayBeMisnamed then reads the call whatever it holds)
		want := refuseMisnamed(read, args, args, &all, nil)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: with the scan %v, reading the call %v", args, got, want)
		}
	})
}

// TestMisnamedGivenTwice: a misnamed_key rule refuses a call that gives
// one field under two of its keys (its name and an alias, or two
// aliases), where no alias applies and the second key would reach the
// server as an unknown one, its value dropped: in the generated decoders'
// words and kind, read from the call as sent (an absent rule removing one
// of them, "" or null, changes nothing), at any depth, for a field that is
// required too (found by a replay on github-mcp-server: start_side beside
// startSide passed).
func TestMisnamedGivenTwice(t *testing.T) {
	rules, err := LoadRules(strings.NewReader(`[
		{"id":"k","tools":["c"],"type":"misnamed_key","value":[["startSide","start_side","StartSide"],{"keys":["body","text"],"required":true}]},
		{"id":"ik","tools":["c"],"type":"misnamed_key","path":"items[]","value":[["side","Side"]]},
		{"id":"a1","tools":["c"],"type":"param_alias","from":"start_side","to":"startSide"},
		{"id":"a2","tools":["c"],"type":"param_alias","from":"StartSide","to":"startSide"},
		{"id":"a3","tools":["c"],"type":"param_alias","from":"text","to":"body"},
		{"id":"a4","tools":["c"],"type":"param_alias","path":"items[].Side","to":"side"},
		{"id":"n","tools":["c"],"type":"absent","from":"startSide","value":[null,""]}
	]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{`{"body":"b","start_side":"LEFT","startSide":"RIGHT"}`, `startSide: is given more than once, as "start_side" and "startSide"; send one of them [duplicate]`},
		{`{"body":"b","start_side":"LEFT","startSide":""}`, `startSide: is given more than once, as "start_side" and "startSide"; send one of them [duplicate]`},
		{`{"body":"b","startSide":null,"start_side":"LEFT","StartSide":"X"}`, `startSide: is given more than once, as "startSide", "start_side" and "StartSide"; send one of them [duplicate]`},
		{`{"body":"b","text":"t"}`, `body: is given more than once, as "body" and "text"; send one of them [duplicate]`},
		{`{"body":"b","startSide":"RIGHT"}`, ``},
		{`{"text":"t","body":"b"}`, `body: is given more than once, as "text" and "body"; send one of them [duplicate]`},
		{`{"body":"b","items":[{"side":"a"},{"side":"a","Side":"b"}]}`, `items[1].side: is given more than once, as "side" and "Side"; send one of them [duplicate]`},
		{`{"body":"b","start_side":"LEFT"}`, ``},
		// one value sent under two keys: taken (nothing is lost)
		{`{"body":"b","start_side":"LEFT","startSide":"LEFT"}`, ``},
		{`{"body":"b","items":[{"side":"a","Side":"a"}],"text":"b"}`, ``},
	} {
		_, _, err := n.NormalizeJSON("c", []byte(c.in))
		if got := problemsText(err); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// problemsText is err's problems, each as its String and [kind], joined
// by "; " ("" for no error; err's text where it is no *lenient.Error).
func problemsText(err error) string {
	var le *lenient.Error
	if !errors.As(err, &le) {
		if err != nil {
			return err.Error()
		}
		return ""
	}
	got := ""
	for i, p := range le.Problems {
		if i > 0 {
			got += "; "
		}
		got += p.String() + " [" + string(p.Kind) + "]"
	}
	return got
}
