package derive

import (
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestDeriveRootEnum: an enum or const of the arguments object compares
// the arguments whole, as one of an object below them does: no rule may
// change a member's value ("1" made 1), remove a key (null as left out),
// rename one (another spelling) or refuse one (a misnamed key: a key an
// object value of the enum holds is a known key), where the strict
// schema compares the call as it came; a misnamed_key rule stays, for
// the keys no value holds. Each shape's members are
// left strict with the reason an object's own enum gives; a root whose
// draft does not read const (draft-04) keeps its rules.
func TestDeriveRootEnum(t *testing.T) {
	cases := []unionCase{
		{"enum", `{"type":"object","properties":{"n":{"type":"integer"},"b":{"type":"boolean"},"style_id":{"type":"string"}},"enum":[{"n":1,"b":true},{"n":2},{"style_idx":"a"}]}`,
			[]string{`{"n":1,"b":true}`, `{"n":"1","b":true}`, `{"n":2}`, `{"n":2,"b":null}`, `{"N":2}`, `{"n":2.0}`, `{"style_idx":"a"}`, `{"style_ix":"a"}`, `{"n":1,"b":"true"}`}},
		{"const", `{"type":"object","properties":{"n":{"type":"integer"},"l":{"type":"array","items":{"type":"integer"}}},"const":{"n":1,"l":[1]}}`,
			[]string{`{"n":1,"l":[1]}`, `{"n":"1","l":[1]}`, `{"n":1,"l":"[1]"}`, `{"n":1,"l":["1"]}`, `{"n":1,"l":[1],"x":null}`}},
		{"map", `{"type":"object","additionalProperties":{"type":"integer"},"enum":[{"a":1},{"b":2}]}`,
			[]string{`{"a":1}`, `{"a":"1"}`, `{"b":2}`, `{"b":"2"}`}},
		{"ref", `{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","properties":{"n":{"type":"integer"}},"enum":[{"n":1}]}}}`,
			[]string{`{"n":1}`, `{"n":"1"}`, `{"n":null}`}},
		{"anyof-branch", `{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}},"const":{"n":1}},{"type":"object","properties":{"m":{"type":"integer"}},"required":["m"]}]}`,
			[]string{`{"n":1}`, `{"n":"1"}`, `{"m":"2"}`, `{"m":2,"n":"1"}`}},
		{"allof-branch", `{"type":"object","allOf":[{"properties":{"n":{"type":"integer"}}},{"enum":[{"n":1},{"n":3}]}]}`,
			[]string{`{"n":1}`, `{"n":"1"}`, `{"n":"3"}`}},
		{"then", `{"type":"object","properties":{"k":{"type":"string"},"n":{"type":"integer"}},"if":{"properties":{"k":{"const":"a"}},"required":["k"]},"then":{"const":{"k":"a","n":1}}}`,
			[]string{`{"k":"a","n":1}`, `{"k":"a","n":"1"}`, `{"k":"b","n":"2"}`}},
		{"draft04-const", `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"n":{"type":"integer"}},"const":{"n":1}}`,
			[]string{`{"n":1}`, `{"n":"1"}`, `{"n":"5"}`}},
	}
	// (below the arguments, the object's own enum names its keys alike)
	nested := unionCase{"nested", `{"type":"object","properties":{"x":{"type":"object","properties":{"n":{"type":"integer"},"style_id":{"type":"string"}},"enum":[{"n":2},{"style_idx":"a"}]}}}`,
		[]string{`{"x":{"style_idx":"a"}}`, `{"x":{"style_ix":"a"}}`, `{"x":{"n":"2"}}`, `{"x":"{\"n\":2}"}`}}
	unionSound(t, append(cases, nested))
	var ajv []unionCase
	for _, tc := range cases {
		if !strings.Contains(tc.schema, "draft-04") {
			ajv = append(ajv, tc)
		}
	}
	ajvSound(t, append(ajv, nested))
	for _, tc := range cases {
		d, err := Tool(tc.name, []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		if tc.name == "draft04-const" {
			if len(d.Rules) == 0 {
				t.Errorf("%s: no rules; draft-04 reads no const: %s", tc.name, warnings(d))
			}
			continue
		}
		for _, r := range d.Rules {
			if r.Type != lenient.RuleMisnamedKey || r.Path != "" {
				t.Errorf("%s: rules %v where the arguments are compared whole (a misnamed_key rule alone refuses no value the enum holds)", tc.name, ruleKinds(d))
				break
			}
		}
		if w := warnings(d); !strings.Contains(w, "left strict") && !strings.Contains(w, "kept as it is") {
			t.Errorf("%s: no warning says why its members are left strict: %q", tc.name, w)
		}
	}
}
