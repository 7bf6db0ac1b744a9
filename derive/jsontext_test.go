package derive

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/lenient"
)

// TestDeriveJSONTextBeside: an array or object beside strings that are
// never its JSON text (an enum or const of other words, a pattern that
// rules out "[" or "{" and white space first) reads that text as the
// value; beside strings that may be one (an enum holding "[x]", an
// unanchored pattern, a format), or where the same path holds another
// union in another branch, the text stays unread.
func TestDeriveJSONTextBeside(t *testing.T) {
	cases := []unionCase{
		{"json-text-beside", rootShapes["json-text-beside"], []string{
			`{"d":"[1,2]"}`, `{"d":" [\"5\"] "}`, `{"d":"auto"}`, `{"d":"NONE"}`, `{"d":[1]}`, `{"d":"all"}`,
			`{"o":"{\"k\":5}"}`, `{"o":"{\"k\":\"5\"}"}`, `{"o":"abc"}`, `{"o":{"id":"1"}}`, `{"o":"ABC"}`,
			`{"c":"[\"a\"]"}`, `{"c":"all"}`, `{"c":null}`, `{"c":"null"}`,
			`{"x":"[x]"}`, `{"x":"[1]"}`, `{"x":"none"}`,
		}},
		{"ref-branch", `{"type":"object","properties":{"x":{"oneOf":[{"type":"string","pattern":"^a"},{"$ref":"#/$defs/n"}]}},"$defs":{"n":{"type":"object","properties":{"k":{"type":"integer"}}}}}`,
			[]string{`{"x":"{\"k\":\"5\"}"}`, `{"x":"abc"}`, `{"x":{"k":"5"}}`, `{"x":"{\"k\":5}"}`}},
		{"type-array", wrapX(`{"type":["array","string"],"pattern":"^a","items":{"type":"integer"}}`), []string{`{"x":"[\"5\"]"}`, `{"x":"abc"}`, `{"x":"[5]"}`}},
		{"unanchored", wrapX(`{"anyOf":[{"type":"string","pattern":"[a-z]"},{"type":"array"}]}`), []string{`{"x":"[1]"}`, `{"x":"a"}`}},
		{"format", wrapX(`{"anyOf":[{"type":"string","format":"uri"},{"type":"array"}]}`), []string{`{"x":"[1]"}`}},
		{"other-union-beside", `{"type":"object","properties":{"o":{"anyOf":[` +
			`{"type":"object","properties":{"v":{"anyOf":[{"type":"string","enum":["a"]},{"type":"array"}]}},"required":["v"]},` +
			`{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"array"}]}},"required":["v"]}]}}}`,
			[]string{`{"o":{"v":"[1]"}}`, `{"o":{"v":"a"}}`}},
	}
	unionSound(t, cases)
	want := map[string][]string{
		"json-text-beside":   {"d:json_accept_both", "o:json_accept_both", "c:json_accept_both"},
		"unanchored":         nil,
		"format":             nil,
		"other-union-beside": nil,
	}
	for _, tc := range cases {
		w, judged := want[tc.name]
		if !judged {
			continue
		}
		d, err := Tool(tc.name, []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range d.Rules {
			if r.Type == "json_accept_both" && (r.From+r.Path != "o" || tc.name == "json-text-beside") { // (other-union-beside's o: a union of objects alone)
				got = append(got, r.From+r.Path+":"+string(r.Type))
			}
		}
		slices.Sort(got)
		w = slices.Clone(w)
		slices.Sort(w)
		if diff := cmp.Diff(w, got); diff != "" {
			t.Errorf("%s: JSON text rules (-want +got):\n%s\nwarnings: %s", tc.name, diff, warnings(d))
		}
	}
}

// TestDeriveJSONTextBothBrackets: the normalizer reads array and object
// text alike, whatever the union holds, so a string branch beside arrays
// alone that takes object text ("{}"), or beside objects alone that
// takes array text, leaves the text unread; and a pattern whose classes
// ECMAScript reads otherwise than Go ([^], any character there) proves
// nothing, as AJV, a host's validator, reads it.
func TestDeriveJSONTextBothBrackets(t *testing.T) {
	cases := []unionCase{
		{"arr-enum-brace", wrapX(`{"anyOf":[{"enum":["{}"]},{"type":"array"}]}`), []string{`{"x":"{}"}`}},
		{"arr-const-brace", wrapX(`{"anyOf":[{"const":"{}"},{"type":"array","items":{"type":"integer"}},{"type":"null"}]}`), []string{`{"x":"{}"}`}},
		{"arr-oneof-ws-brace", wrapX(`{"oneOf":[{"type":"string","enum":[" {\"a\":1}","auto"]},{"type":"array"}]}`), []string{`{"x":" {\"a\":1}"}`}},
		{"obj-enum-bracket", wrapX(`{"anyOf":[{"enum":["[1]","[]"]},{"type":"object"}]}`), []string{`{"x":"[1]"}`, `{"x":"[]"}`}},
		{"obj-pattern-bracket", wrapX(`{"anyOf":[{"type":"string","pattern":"^\\["},{"type":"object"}]}`), []string{`{"x":"[1]"}`}},
		{"typearr-obj-pattern-bracket", wrapX(`{"type":["object","string"],"pattern":"^\\["}`), []string{`{"x":"[1]"}`}},
	}
	unionSound(t, cases)
	ajvSound(t, append(cases,
		unionCase{"ecma-negclass", wrapX(`{"anyOf":[{"type":"string","pattern":"^[^][ \\t\\n\\r{]"},{"type":"array"},{"type":"object"}]}`), []string{`{"x":"[ ]"}`, `{"x":"{ }"}`, `{"x":"[ 1]"}`}},
		unionCase{"ecma-negclass-int", wrapX(`{"anyOf":[{"type":"string","pattern":"^[^][0-9+.\\-]"},{"type":"integer"}]}`), []string{`{"x":"55"}`}},
	))
}

// TestDeriveEnumCaseUnion: a string enum's other letter cases are read
// in a union only where its branch holds the enum alone (a length or a
// not beside it would hold those forms too) and no branch takes arrays,
// whose strings an enum_case rule reads too (["AUTO"], an array of any
// strings, became ["auto"]).
func TestDeriveEnumCaseUnion(t *testing.T) {
	alone := wrapX(`{"anyOf":[{"type":"string","enum":["auto","none"]},{"type":"integer"}]}`)
	unionSound(t, []unionCase{
		{"beside-array", wrapX(`{"anyOf":[{"type":"string","enum":["auto","none"]},{"type":"array","items":{"type":"string"}}]}`), []string{`{"x":["AUTO"]}`, `{"x":"AUTO"}`, `{"x":"auto"}`}},
		{"min-length", wrapX(`{"anyOf":[{"type":"string","enum":["a","bb"]},{"type":"integer"}],"minLength":2}`), []string{`{"x":"A"}`, `{"x":"BB"}`, `{"x":"a"}`}},
		{"not", wrapX(`{"anyOf":[{"type":"string","enum":["a","bb"],"not":{"const":"a"}},{"type":"integer"}]}`), []string{`{"x":"A"}`, `{"x":"BB"}`}},
		{"alone", alone, []string{`{"x":"AUTO"}`, `{"x":"auto"}`, `{"x":"5"}`}},
	})
	d, err := Tool("alone", []byte(alone))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleEnumCase }) {
		t.Errorf("alone: no enum_case rule beside an integer: %v", warnings(d))
	}
}

// TestDeriveJSONTextBelow: beside a typeless enum of words (which takes
// no object or array), the values below the array or object whose text
// is read get their rules too: "[\"5\"]" is [5].
func TestDeriveJSONTextBelow(t *testing.T) {
	schema := wrapX(`{"anyOf":[{"enum":["all","none"]},{"type":"array","items":{"type":"integer"}},{"type":"object","properties":{"k":{"type":"integer"}}}]}`)
	unionSound(t, []unionCase{{"typeless-enum", schema, []string{`{"x":"[\"5\"]"}`, `{"x":["5"]}`, `{"x":"{\"k\":\"5\"}"}`, `{"x":{"k":"5"}}`, `{"x":"all"}`}}})
	d, n := deriveNormalizer(t, "typeless-enum", schema)
	for call, want := range map[string]string{`{"x":"[\"5\"]"}`: `{"x":[5]}`, `{"x":{"k":"5"}}`: `{"x":{"k":5}}`} {
		if out, _, err := n.NormalizeJSON("typeless-enum", []byte(call)); err != nil || string(out) != want {
			t.Errorf("%s became %s (%v), want %s; warnings %s", call, out, err, want, warnings(d))
		}
	}
}

// TestDeriveTextTakenAsString: an array or object beside a string that
// takes every JSON text (a minLength of at most 2, the length of "[]"
// and "{}"; no pattern, maxLength or format) is taken as text already:
// nothing is left to read, and no warning says the deriver leaves it.
// A string held to more (a longer minLength, a maxLength, a not) may
// refuse some texts: those are warned of.
func TestDeriveTextTakenAsString(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{
	 "casks":{"oneOf":[{"type":"string","minLength":1},{"type":"array","items":{"type":"string"}}]},
	 "addr":{"oneOf":[{"type":["string","null"],"minLength":2},{"type":"object","properties":{"n":{"type":"integer"}}}]},
	 "plain":{"oneOf":[{"type":"string"},{"type":"array"}]},
	 "short":{"oneOf":[{"type":"string","minLength":3},{"type":"array"}]},
	 "capped":{"oneOf":[{"type":"string","maxLength":10},{"type":"array"}]},
	 "notted":{"oneOf":[{"type":"string","minLength":2,"not":{"const":"[]"}},{"type":"array"}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	warned := map[string]string{}
	for _, w := range d.FieldWarnings() {
		warned[w.Path] = w.Message
	}
	const strict = " left strict: the deriver does not rewrite its oneOf: a type_coerce or json_accept_both rule reads a value of one type (maybe null), an anyOf of arrays and objects alone, or one beside strings that are never their JSON text"
	for path, want := range map[string]string{"casks": "", "addr": "", "plain": "", "short": "array" + strict, "capped": "array" + strict, "notted": "array" + strict} {
		if warned[path] != want {
			t.Errorf("%s: warning %q, want %q", path, warned[path], want)
		}
	}
}
