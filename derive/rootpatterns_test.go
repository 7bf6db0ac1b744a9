package derive

import (
	"slices"
	"strings"
	"testing"
)

// rootPatternCases are root unions whose branches declare their members
// by patternProperties alone (Pyrseas' {"oneOf": [{"$ref":
// "#/definitions/db"}, {"$ref": "#/definitions/schema"}]}, each a closed
// object of "^schema " or "^table " members), beside branches that
// declare a member the pattern matches with another type, take it as it
// is, or match it with another pattern.
var rootPatternCases = []unionCase{
	{"root-patterns-pyrseas", `{"oneOf":[{"$ref":"#/definitions/db"},{"$ref":"#/definitions/schema"}],"definitions":{` +
		`"db":{"type":"object","additionalProperties":false,"patternProperties":{"^schema ":{"$ref":"#/definitions/schema"},"^cast ":{"type":"object","additionalProperties":false,"properties":{"implicit":{"type":"boolean"}}}}},` +
		`"schema":{"type":"object","additionalProperties":false,"patternProperties":{"^table ":{"type":"object","additionalProperties":false,"properties":{"oids":{"type":"boolean"},"fill":{"type":"integer"}}}}}}}`,
		[]string{`{"schema s":{"table t":{"oids":"yes","fill":"5"}}}`, `{"table t":{"fill":"7"}}`, `{"cast c":{"implicit":"false"}}`,
			`{"table t":"{\"fill\":7}"}`, `{"schema s":{"table t":{"fill":5}}}`, `{"table t":{"fill":7},"cast c":{}}`, `{}`, `{"x":1}`}},
	{"root-patterns-declared", `{"anyOf":[{"type":"object","patternProperties":{"^a":{"type":"integer"}}},{"type":"object","properties":{"ab":{"type":"string"}}}]}`,
		[]string{`{"ab":"5"}`, `{"ax":"5"}`, `{"ab":5}`, `{"ax":5}`}},
	{"root-patterns-open", `{"anyOf":[{"type":"object","patternProperties":{"^a":{"type":"integer"}},"additionalProperties":false},{"type":"object"}]}`,
		[]string{`{"a":"5"}`, `{"a":5}`}},
	{"root-patterns-types", `{"oneOf":[{"type":"object","patternProperties":{"^a":{"type":"integer"}},"additionalProperties":false},{"type":"object","patternProperties":{"^a":{"type":"string"}},"additionalProperties":false}]}`,
		[]string{`{"a":"5"}`, `{"a":5}`}},
	{"root-patterns-overlap", `{"anyOf":[{"type":"object","patternProperties":{"^a":{"type":"integer"}},"additionalProperties":false},{"type":"object","patternProperties":{"b$":{"type":"boolean"}},"additionalProperties":false}]}`,
		[]string{`{"ab":"5"}`, `{"ab":"true"}`, `{"ab":true}`, `{"ax":"5"}`, `{"xb":"yes"}`}},
	{"root-patterns-required", `{"type":"object","patternProperties":{"^n":{"type":"number"}},"anyOf":[{"patternProperties":{"^i":{"type":"integer"}}},{"properties":{"k":{}},"required":["k"]}]}`,
		[]string{`{"i1":"5","n":"1.5"}`, `{"k":1,"i1":"x"}`, `{"k":1,"i1":"5"}`, `{"i1":5}`}},
	{"root-patterns-same", `{"oneOf":[{"type":"object","patternProperties":{"^a":{"type":"integer"}},"additionalProperties":false},{"type":"object","patternProperties":{"^a":{"type":"integer","description":"an a"}},"properties":{"z":{"type":"string"}},"required":["z"],"additionalProperties":false}]}`,
		[]string{`{"a1":"5"}`, `{"a1":"5","z":"q"}`, `{"a1":5,"z":"q"}`, `{"z":"q"}`}},
	{"root-patterns-prefix", `{"anyOf":[{"type":"object","patternProperties":{"^ab":{"type":"integer"}},"additionalProperties":false},{"type":"object","patternProperties":{"^a":{"type":"string"}},"additionalProperties":false}]}`,
		[]string{`{"ab":"5"}`, `{"ax":"5"}`, `{"ab":5}`}},
	{"root-patterns-matched-property", `{"anyOf":[{"type":"object","patternProperties":{"^a":{"type":"integer"}},"additionalProperties":false},{"type":"object","properties":{"ab":{"type":"string"}},"additionalProperties":false}]}`,
		[]string{`{"ab":"5"}`, `{"ax":"5"}`, `{"ab":5}`}},
	{"root-patterns-names", `{"anyOf":[{"type":"object","patternProperties":{"^(?:x|y)$":{"type":"integer"},"^w":{"type":"string"}},"additionalProperties":false},{"type":"object","patternProperties":{"^z":{"type":"boolean"},"^v":{"type":"string"}},"additionalProperties":false}]}`,
		[]string{`{"x":"5"}`, `{"z1":"yes"}`, `{"x":"5","z1":true}`, `{"y":5}`}},
	{"root-patterns-unanchored", `{"anyOf":[{"type":"object","patternProperties":{"a":{"type":"integer"}},"additionalProperties":false},{"type":"object","patternProperties":{"^b":{"type":"string"}},"additionalProperties":false}]}`,
		[]string{`{"ba":"5"}`, `{"a":"5"}`, `{"ba":5}`}},
	{"nested-patterns", `{"type":"object","properties":{"v":{"oneOf":[{"type":"object","patternProperties":{"^a":{"type":"integer"},"^c":{"type":"number"}},"additionalProperties":false},{"type":"object","patternProperties":{"^b":{"type":"boolean"},"^d":{"type":"integer"}},"additionalProperties":false}]}}}`,
		[]string{`{"v":{"a1":"5","c":"1.5"}}`, `{"v":{"b1":"yes"}}`, `{"v":{"a1":"5","b1":"yes"}}`, `{"v":{}}`, `{"v":"{\"a\":1}"}`}},
	{"root-patterns-presence", `{"type":"object","anyOf":[{"patternProperties":{"^i":{"type":"integer"}}},{"properties":{"k":{}},"required":["k"]}]}`,
		[]string{`{"i1":"5"}`, `{"k":1,"i1":"x"}`, `{"k":1,"i1":"5"}`, `{"i1":5}`}},
}

// TestDeriveRootPatternBranches: a root union's branch that declares its
// members by patternProperties alone reads the arguments as the root
// does: its patterns' values get their rules, read past the same checks
// as a declared member's (another branch declaring a member the pattern
// matches, taking it as it is, or matching it with another pattern),
// judged by Go's validator and by AJV.
func TestDeriveRootPatternBranches(t *testing.T) {
	unionSound(t, rootPatternCases)
	ajvSound(t, rootPatternCases)
	d, _ := deriveNormalizer(t, "pyrseas", rootPatternCases[0].schema)
	kinds := ruleKinds(d)
	for _, want := range []string{`type_coerce:{"^schema "}{}.oids`, `json_accept_both:{"^schema "}`, `type_coerce:{"^cast "}.implicit`} {
		if !slices.Contains(kinds, want) {
			t.Errorf("no rule %s: rules %v\nwarnings %s", want, kinds, warnings(d))
		}
	}
	for _, tc := range []struct {
		name string
		want []string // rules that must be there
		not  []string // and must not
	}{
		{"root-patterns-same", nil, []string{`type_coerce:{"^a"}`}}, // (its first branch a map, read at {})
		{"root-patterns-names", []string{`type_coerce:{"^(?:x|y)$"}`, `type_coerce:{"^z"}`}, nil},
		{"nested-patterns", []string{`type_coerce:v{"^a"}`, `type_coerce:v{"^d"}`, `json_accept_both:v`}, nil},
		{"root-patterns-prefix", nil, []string{`type_coerce:{"^ab"}`}},
		{"root-patterns-matched-property", nil, []string{`type_coerce:{"^a"}`}},
		{"root-patterns-unanchored", nil, []string{`type_coerce:{"a"}`}},
		{"root-patterns-presence", nil, []string{`type_coerce:{"^i"}`}},
	} {
		i := slices.IndexFunc(rootPatternCases, func(c unionCase) bool { return c.name == tc.name })
		d, _ := deriveNormalizer(t, tc.name, rootPatternCases[i].schema)
		kinds := ruleKinds(d)
		for _, want := range tc.want {
			if !slices.Contains(kinds, want) {
				t.Errorf("%s: no rule %s: rules %v\nwarnings %s", tc.name, want, kinds, warnings(d))
			}
		}
		for _, not := range tc.not {
			if slices.Contains(kinds, not) {
				t.Errorf("%s: a rule %s: rules %v", tc.name, not, kinds)
			}
		}
	}
}

// TestDeriveOldDraftRefToTrue: in draft-07 or earlier a $ref beside
// keywords that constrain is read as its target alone, and a target of
// true takes any value: such a schema is no closed object to the rules
// (a union's other branch's patterns get none, as it may take their
// members as they are), nor are its own patterns read; it is left strict
// with the warning of any such reference. Review of e34c367.
func TestDeriveOldDraftRefToTrue(t *testing.T) {
	const draft = `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"v":`
	cases := []unionCase{
		{"ref-true-branch", draft + `{"anyOf":[{"type":"object","patternProperties":{"^a":{"type":"integer"},"^c":{"type":"number"}},"additionalProperties":false},` +
			`{"$ref":"#/definitions/any","additionalProperties":false}]}},"definitions":{"any":true}}`,
			[]string{`{"v":{"a1":"5"}}`, `{"v":{"c":"1.5"}}`, `{"v":{"a1":5}}`}},
		{"ref-true-declaring", draft + `{"anyOf":[{"$ref":"#/definitions/o","patternProperties":{"^a":{"type":"integer"},"^c":{"type":"number"}},"additionalProperties":false},` +
			`{"type":"object","patternProperties":{"^b":{"type":"boolean"}},"additionalProperties":false}]}},"definitions":{"o":true}}`,
			[]string{`{"v":{"a1":"5"}}`, `{"v":{"b":"yes"}}`}},
		{"ref-true-alone", draft + `{"$ref":"#/definitions/o","patternProperties":{"^a":{"type":"integer"}},"additionalProperties":false}},"definitions":{"o":true}}`,
			[]string{`{"v":{"a1":"5"}}`, `{"v":{"a1":5}}`}},
	}
	unionSound(t, cases)
	for _, tc := range cases {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		if len(d.Rules) > 1 || !strings.Contains(warnings(d), whyOldDraft) {
			t.Errorf("%s: rules %v, warnings %s: want none at v, and a warning that its $ref's siblings are ignored", tc.name, ruleKinds(d), warnings(d))
		}
	}
}
