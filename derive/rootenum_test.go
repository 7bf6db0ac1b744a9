package derive

import (
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestDeriveRootEnum: an enum or const of the arguments object compares
// the arguments whole, as one of an object below them does: no rule may
// change a member's value ("1" made 1), remove a key (null as left out)
// or rename one (another spelling), where the strict schema compares the
// call as it came. Its members are left strict (the root's own enum or
// const, in any draft: AJV applies a draft-04 document's const too), or
// the arguments kept as they are (an enum or const in a branch of the
// root's union, in its allOf, in a then). A misnamed_key rule stays for
// the keys no object value holds.
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
		// (the properties an allOf or a union of one object declares,
		// the enum beside it)
		{"const-allof", `{"type":"object","const":{"style_idx":"a"},"allOf":[{"properties":{"style_id":{"type":"string"}}}]}`,
			[]string{`{"style_idx":"a"}`, `{"style_ix":"a"}`}},
		{"enum-allof", `{"type":"object","enum":[{"n":1},{"style_idx":"a"},{"styleId":"b"},{"Style_id":"c"}],"allOf":[{"properties":{"n":{"type":"integer"},"style_id":{"type":"string"}}}]}`,
			[]string{`{"style_idx":"a"}`, `{"styleId":"b"}`, `{"Style_id":"c"}`, `{"n":"1"}`, `{"n":1}`}},
		{"enum-anyof-one", `{"type":"object","enum":[{"style_idx":"a"}],"anyOf":[{"properties":{"style_id":{"type":"string"}}}]}`,
			[]string{`{"style_idx":"a"}`}},
	}
	// (below the arguments, the object's own enum names its keys alike,
	// as one beside its allOf, its union of one object or an object
	// branch beside a string, at items too)
	nested := []unionCase{
		{"nested", `{"type":"object","properties":{"x":{"type":"object","properties":{"n":{"type":"integer"},"style_id":{"type":"string"}},"enum":[{"n":2},{"style_idx":"a"}]}}}`,
			[]string{`{"x":{"style_idx":"a"}}`, `{"x":{"style_ix":"a"}}`, `{"x":{"n":"2"}}`, `{"x":"{\"n\":2}"}`}},
		{"nested-ref-allof", `{"$defs":{"A":{"type":"object","properties":{"style_id":{"type":"string"}}}},"type":"object","properties":{"x":{"enum":[{"style_idx":"a"}],"allOf":[{"$ref":"#/$defs/A"}]}}}`,
			[]string{`{"x":{"style_idx":"a"}}`, `{"x":{"style_ix":"a"}}`}},
		{"nested-allof-alias", wrapX(`{"type":"object","enum":[{"styleId":"a"},{"Style_id":"b"}],"allOf":[{"properties":{"style_id":{"type":"string"}}}]}`),
			[]string{`{"x":{"styleId":"a"}}`, `{"x":{"Style_id":"b"}}`, `{"x":{"style_id":"a"}}`}},
		{"items-allof", wrapX(`{"type":"array","items":{"type":"object","enum":[{"style_idx":"a"}],"allOf":[{"properties":{"style_id":{"type":"string"}}}]}}`),
			[]string{`{"x":[{"style_idx":"a"}]}`, `{"x":[{"style_ix":"a"}]}`}},
		{"oneof-string", wrapX(`{"enum":[{"style_idx":"a"},"s"],"oneOf":[{"type":"object","properties":{"style_id":{"type":"string"}}},{"type":"string"}]}`),
			[]string{`{"x":{"style_idx":"a"}}`, `{"x":"s"}`, `{"x":{"style_ix":"a"}}`}},
	}
	unionSound(t, append(cases, nested...))
	var ajv []unionCase
	for _, tc := range append(cases, nested...) {
		if !strings.Contains(tc.schema, "draft-04") {
			ajv = append(ajv, tc)
		}
	}
	ajvSound(t, ajv)
	// (AJV applies a draft-04 document's const too)
	draft04 := cases[7]
	draft04.schema = strings.Replace(draft04.schema, `"$schema":"http://json-schema.org/draft-04/schema#",`, "", 1)
	ajvSound(t, []unionCase{draft04})
	for _, tc := range cases {
		d, err := Tool(tc.name, []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range d.Rules {
			if r.Type != lenient.RuleMisnamedKey || r.Path != "" {
				t.Errorf("%s: rules %v where the arguments are compared whole (a misnamed_key rule alone refuses no value the enum holds)", tc.name, ruleKinds(d))
				break
			}
		}
		typed := strings.Contains(tc.schema, `"integer"`) || strings.Contains(tc.schema, `"boolean"`) // (a string member is never left strict)
		if w := warnings(d); typed && !strings.Contains(w, "left strict") && !strings.Contains(w, "kept as it is") {
			t.Errorf("%s: no warning says why its members are left strict: %q", tc.name, w)
		}
	}
}
