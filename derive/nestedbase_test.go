package derive

import (
	"strings"
	"testing"
)

// TestDeriveNestedBase: a reference inside a schema whose identifier
// sets a base URI resolves against it (a validator reads Pkg's
// "#/definitions/B" as Pkg's B, a string), where the deriver resolves
// every reference against the document (the root's B, an integer): such
// a tool is kept as it is, with a warning, and no call is changed. (A
// review's case, older than the stop that found it.)
func TestDeriveNestedBase(t *testing.T) {
	scalar := `{"type":"object","properties":{"x":{"$ref":"#/definitions/Pkg/definitions/A"}},"definitions":{"B":{"type":"integer"},"Pkg":{"$id":"http://example.com/pkg.json","definitions":{"B":{"type":"string"},"A":{"$ref":"#/definitions/B"}}}}}`
	object := `{"type":"object","properties":{"x":{"allOf":[{"$ref":"#/definitions/Pkg/definitions/A"},{"properties":{"n":{"type":"integer"}}}]}},"definitions":{"B":{"type":"object"},"Pkg":{"$id":"http://example.com/pkg.json","definitions":{"B":{"description":"any"},"A":{"allOf":[{"$ref":"#/definitions/B"}]}}}}}`
	cases := []unionCase{
		{"scalar", scalar, []string{`{"x":"5"}`, `{"x":5}`}},
		{"object", object, []string{`{"x":"{\"n\":\"5\"}"}`, `{"x":7}`, `{"x":{"n":"5"}}`}},
	}
	unionSound(t, cases)
	for _, tc := range cases {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Rules) > 0 || len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0].Message, "sets a base URI") {
			t.Errorf("%s: rules %v, warnings %v", tc.name, d.Rules, d.Warnings)
		}
	}
}
