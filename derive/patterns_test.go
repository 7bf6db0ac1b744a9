package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// patternCases are objects with patternProperties that are no map (a
// pattern some names fail, in an open object; declared properties beside
// it; several patterns), with calls sending the pattern's values as
// models send them and names the pattern does not match:
// TestDeriveKeptRefStrict and TestDeriveEquivalence judge them with the
// Go validator and AJV.
var patternCases = []keptRefCase{
	{"pattern-open", `{"type":"object","properties":{"env":{"type":"object","patternProperties":{"^[A-Z_]+$":{"type":"object","properties":{"port":{"type":"integer"},"on":{"type":"boolean"}}}}}}}`, []string{
		`{"env":{"HOME":{"port":"80"},"home":{"port":"80"}}}`,
		`{"env":{"A":{"port":80,"on":"true"}}}`,
		`{"env":"{\"A\":{\"port\":\"1\"}}"}`,
		`{"env":{"A":"{\"port\":\"1\"}","b":"{\"port\":\"1\"}"}}`,
		`{"env":{"A":{"port":"x"}}}`,
	}},
	{"pattern-declared", `{"type":"object","properties":{"m":{"type":"object","properties":{"HOME":{"type":"string"},"k":{"type":"integer"}},"patternProperties":{"^[A-Z]+$":{"type":"integer"}}}}}`, []string{
		`{"m":{"HOME":"5","K":"5","k":"5"}}`,
		`{"m":{"HOME":5,"K":5}}`,
		`{"m":{"X":"5"}}`,
	}},
	{"pattern-two", `{"type":"object","properties":{"h":{"type":"object","patternProperties":{"^x-":{"type":"integer"},"^y-":{"type":"boolean"}},"additionalProperties":false}}}`, []string{
		`{"h":{"x-a":"1","y-b":"true"}}`,
		`{"h":{"x-a":"true","y-b":"1"}}`,
		`{"h":{"z":"1"}}`,
	}},
	{"pattern-overlap", `{"type":"object","properties":{"h":{"type":"object","patternProperties":{"^x-":{"type":"integer"},"a":{"type":"string"}}}}}`, []string{
		`{"h":{"x-a":"1"}}`,
		`{"h":{"x-b":"1"}}`,
		`{"h":{"x-b":1,"b":"1"}}`,
	}},
	// (a pattern another may overlap, with the same schema, left strict:
	// its dot, a declared property it matches)
	{"pattern-same-strict", `{"type":"object","properties":{"h":{"type":"object","patternProperties":{"^a":{"type":"integer"},"b.":{"type":"integer"}}},` +
		`"k":{"type":"object","properties":{"b":{"type":"integer","minimum":0}},"patternProperties":{"^a":{"type":"integer"},"b":{"type":"integer"}}},` +
		`"l":{"type":"object","patternProperties":{"^a":{"type":"integer"},"^ab":{"type":"integer"},"^c":{"type":"boolean"}}}}}`, []string{
		`{"h":{"abc":"5"}}`,
		`{"k":{"ab":"5"}}`,
		`{"l":{"abc":"5","c":"true"}}`,
	}},
	{"pattern-union", `{"type":"object","properties":{"u":{"anyOf":[{"type":"object","patternProperties":{"^n":{"type":"integer"}}},{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}]}}}`, []string{
		`{"u":{"n1":"5"}}`,
		`{"u":{"name":"5"}}`,
	}},
	// (beside a string: the union's holder and the string are no
	// object schemas at its place; a string stays as it is)
	{"pattern-string-union", `{"type":"object","properties":{"m":{"anyOf":[{"type":"object","patternProperties":{"^a":{"type":"integer"}}},{"type":"string"}]}}}`, []string{
		`{"m":{"a1":"5","b":"5"}}`,
		`{"m":"{\"a1\":\"5\"}"}`,
	}},
	{"pattern-dot", `{"type":"object","properties":{"d":{"type":"object","patternProperties":{"^.+$":{"type":"number"}}}}}`, []string{
		`{"d":{"a":"1.5","a\rb":"1.5","":"1.5"}}`,
		`{"d":{"a\nb":"2"}}`,
	}},
	// (the same pattern as Go reads it, which ECMAScript reads alike)
	{"pattern-dot-go", `{"type":"object","properties":{"d":{"type":"object","patternProperties":{"^[^\\n]+$":{"type":"number"}}}}}`, []string{
		`{"d":{"a":"1.5","a\rb":"1.5","":"1.5"}}`,
		`{"d":{"a\nb":"2"}}`,
	}},
}

func init() { keptRefs = append(keptRefs, patternCases...) }

// TestDerivePatternSteps: the values of a pattern of patternProperties
// get rules at its pattern step (env{"^[A-Z_]+$"}.port), where no other
// schema of the object holds a member the pattern matches; where one may
// (a declared property it matches, another pattern that may match the
// same name with another schema, another object schema at the place),
// they stay strict with a warning that says which.
func TestDerivePatternSteps(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules []string // the coercions' paths
		warns []string
	}{
		{"pattern-open", []string{`env{"^[A-Z_]+$"}.on`, `env{"^[A-Z_]+$"}.port`}, nil},
		{"pattern-declared", []string{"m.k"}, []string{`the declared property "HOME" matches pattern "^[A-Z]+$" too`}},
		{"pattern-two", []string{`h{"^x-"}`, `h{"^y-"}`}, nil},
		{"pattern-overlap", nil, []string{`pattern "a" of the same patternProperties may match a name pattern "^x-" matches`}},
		{"pattern-same-strict", []string{`l{"^a"}`, `l{"^ab"}`, `l{"^c"}`}, []string{`pattern "b." of the same patternProperties may match a name pattern "^a" matches, and its values are left strict`}},
		{"pattern-union", nil, []string{"the other object schemas at its place"}},
		{"pattern-string-union", []string{`["m"]!{"^a"}`}, nil},
		{"pattern-dot", nil, []string{`d{"^.+$"}: number left strict: no rule path's pattern step reads it: pattern "^.+$": its dot (any character) matches`}},
		{"pattern-dot-go", []string{`d{"^[^\\n]+$"}`}, nil},
	} {
		schema := patternCases[slices.IndexFunc(patternCases, func(c keptRefCase) bool { return c.name == tc.name })].schema
		d, _ := deriveNormalizer(t, tc.name, schema)
		var got []string
		for _, r := range d.Rules {
			if r.Type == lenient.RuleTypeCoerce {
				got = append(got, r.Path)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.rules) {
			t.Errorf("%s: coercions at %q, want %q", tc.name, got, tc.rules)
		}
		for _, w := range tc.warns {
			if !strings.Contains(warnings(d), w) {
				t.Errorf("%s: no warning says %q:\n%s", tc.name, w, warnings(d))
			}
		}
	}
}

// TestDeriveWithRulesPatternStep: a rules file's rule at a pattern step
// replaces the derived rule there, as at any other path: the derived one
// is left out, and the two sets load together.
func TestDeriveWithRulesPatternStep(t *testing.T) {
	root, err := ParseNode([]byte(patternCases[0].schema))
	if err != nil {
		t.Fatal(err)
	}
	own := []lenient.Rule{{ID: "mine", Tools: []string{"pattern-open"}, Type: lenient.RuleTypeCoerce, Path: `env{"^[A-Z_]+$"}.port`, CoerceTo: "float"}}
	d := WithRules("pattern-open", root, own)
	for _, r := range d.Rules {
		if r.Path == own[0].Path && r.Type == lenient.RuleTypeCoerce {
			t.Errorf("derived rule %s kept beside the rules file's", r.ID)
		}
	}
	if _, err := normalize.New(append(own, d.Rules...)); err != nil {
		t.Errorf("the rules file's and the derived rules do not load together: %v", err)
	}
}
