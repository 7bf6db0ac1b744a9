package derive

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDeriveJSONTextBeside: an array or object beside strings that are
// never its JSON text (an enum or const of other words, a pattern that
// rules out "[" or "{" and white space first) reads that text as the
// value; beside strings that may be one (an enum holding "[x]", an
// unanchored pattern, a format), or where the same path holds another
// union in another branch, the text stays unread.
func TestDeriveJSONTextBeside(t *testing.T) {
	schema := rootShapes["json-text-beside"]
	unionSound(t, []unionCase{
		{"json-text-beside", schema, []string{
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
	})
	want := map[string][]string{
		"json-text-beside":   {"d:json_accept_both", "o:json_accept_both", "c:json_accept_both"},
		"unanchored":         nil,
		"format":             nil,
		"other-union-beside": nil,
	}
	for name, schema := range map[string]string{
		"json-text-beside":   schema,
		"unanchored":         wrapX(`{"anyOf":[{"type":"string","pattern":"[a-z]"},{"type":"array"}]}`),
		"format":             wrapX(`{"anyOf":[{"type":"string","format":"uri"},{"type":"array"}]}`),
		"other-union-beside": `{"type":"object","properties":{"o":{"anyOf":[{"type":"object","properties":{"v":{"anyOf":[{"type":"string","enum":["a"]},{"type":"array"}]}},"required":["v"]},{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"array"}]}},"required":["v"]}]}}}`,
	} {
		d, err := Tool(name, []byte(schema))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range d.Rules {
			if r.Type == "json_accept_both" && (r.From+r.Path != "o" || name == "json-text-beside") { // (other-union-beside's o: a union of objects alone)
				got = append(got, r.From+r.Path+":"+string(r.Type))
			}
		}
		slices.Sort(got)
		w := slices.Clone(want[name])
		slices.Sort(w)
		if diff := cmp.Diff(w, got); diff != "" {
			t.Errorf("%s: JSON text rules (-want +got):\n%s\nwarnings: %s", name, diff, warnings(d))
		}
	}
}
