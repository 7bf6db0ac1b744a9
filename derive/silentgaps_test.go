package derive

import (
	"slices"
	"strings"
	"testing"
)

// TestDeriveUnionGapWarns: a typed value whose schema the deriver does
// not rewrite (a oneOf with a branch that may take a string, an allOf
// whose branches may all take a string, an anyOf with a branch that takes some
// strings held to less than any, JSON text among them (a pattern that
// does not rule it out), a type array of an integer and a string with an enum,
// a string branch with a format, which a validator may assert)
// is left strict with a
// warning at its path naming what it is not rewritten for, never
// silently; its branches' own fields are still read.
func TestDeriveUnionGapWarns(t *testing.T) {
	for _, tc := range []struct{ name, schema, want string }{
		{"array or any string", `{"type":["array","string"]}`, ""},
		{"oneOf of an object and an untyped branch", `{"oneOf":[{"type":"object","properties":{"x":{"type":"integer"}}},{"properties":{"y":{"type":"integer"}},"required":["y"]}]}`, "c: object left strict: the deriver does not rewrite its oneOf"},
		{"allOf", `{"allOf":[{"type":["object","string"],"properties":{"x":{"type":"integer"}}},{"not":{"required":["y"]}}]}`, "c: object left strict: the deriver does not rewrite its allOf"},
		{"anyOf with a string", `{"anyOf":[{"type":"string","pattern":"a"},{"type":"object"}]}`, "c: object left strict: the deriver does not rewrite its anyOf"},
		{"oneOf of a $ref", `{"oneOf":[{"type":"string","pattern":"a"},{"$ref":"#/$defs/n"}]}`, "c: object left strict: the deriver does not rewrite its oneOf"},
		{"array or pattern string", `{"type":["array","string"],"pattern":"a"}`, `c: array left strict: the deriver does not rewrite its type "array, string"`},
		{"array or uri string", `{"type":["array","string"],"format":"uri"}`, `c: array left strict: the deriver does not rewrite its type "array, string"`},
		{"number, boolean or pattern string", `{"anyOf":[{"type":"number"},{"type":"boolean"},{"type":"string","pattern":"^a"}]}`, "c: number left strict: the deriver does not rewrite its anyOf"},
		{"integer or string of length 1 and more", `{"type":["integer","string"],"minLength":1,"maxLength":9}`, ""},
		{"oneOf of allOf of a $ref", `{"oneOf":[{"allOf":[{"$ref":"#/$defs/n"},{"required":["k"]}]},{"type":"string","pattern":"^a"}]}`, "c: object left strict: the deriver does not rewrite its oneOf"},
		{"enum of three types", `{"type":["integer","number","string"],"enum":[1,2.5,"inner"]}`, `c: integer left strict: the deriver does not rewrite its type "integer, number, string"`},
	} {
		strict := `{"type":"object","$defs":{"n":{"type":"object","properties":{"k":{"type":"integer"}}}},"properties":{"c":` + tc.schema + `,"d":{"type":"array","items":{"type":"object","properties":{"c":` + tc.schema + `}}}}}`
		d, err := Tool("t", []byte(strict))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range d.FieldWarnings() {
			got = append(got, w.Path+": "+w.Message)
		}
		if tc.want == "" {
			if len(got) > 0 {
				t.Errorf("%s: warnings %q, want none (a string is taken as it is)", tc.name, got)
			}
			continue
		}
		for _, prefix := range []string{"", "d[]."} {
			if !slices.ContainsFunc(got, func(w string) bool { return strings.HasPrefix(w, prefix+tc.want) }) {
				t.Errorf("%s: warnings %q, want one that begins %q", tc.name, got, prefix+tc.want)
			}
		}
	}
}
