package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/rulespec"
)

// rootMapCases are arguments objects that are maps, or hold a map beside
// their declared members: a rule path that starts with {} or a pattern
// step reads their values (where it reads no declared member, and no
// other schema holds those values otherwise).
var rootMapCases = []unionCase{
	{"rootmap-values", `{"type":"object","additionalProperties":{"type":"integer"}}`, []string{
		`{"a":"5","b":7}`, `{"a":"x"}`, `{"a":null}`, `{}`, `{"a":"5.0"}`,
	}},
	{"rootmap-objects", `{"type":"object","additionalProperties":{"type":"object","properties":{"port":{"type":"integer"},"on":{"type":"boolean"}},"additionalProperties":false}}`, []string{
		`{"web":{"port":"80","on":"true"}}`, `{"web":"{\"port\":\"80\"}"}`, `{"web":{"Port":"80"}}`, `{"web":{"port":80}}`,
	}},
	{"rootmap-declared", `{"type":"object","properties":{"name":{"type":"string"}},"additionalProperties":{"type":"integer"}}`, []string{
		`{"name":"5","a":"5"}`, `{"a":"5"}`, `{"name":5}`,
	}},
	{"rootmap-pattern", `{"type":"object","properties":{"name":{"type":"string"}},"patternProperties":{"^x_":{"type":"integer"}}}`, []string{
		`{"name":"5","x_a":"5"}`, `{"x_a":"5","y":"5"}`, `{"x_a":"x"}`,
	}},
	{"rootmap-pattern-declared", `{"type":"object","properties":{"x_name":{"type":"string"}},"patternProperties":{"^x_":{"type":"integer"}}}`, []string{
		`{"x_name":"5","x_a":"5"}`, `{"x_a":"5"}`,
	}},
	{"rootmap-pattern-closed", `{"type":"object","patternProperties":{"^n_":{"type":"number"},"^b_":{"type":"boolean"}},"additionalProperties":false}`, []string{
		`{"n_1":"2.5","b_1":"yes"}`, `{"n_1":"x"}`, `{"c":1}`,
	}},
	// a reference to the arguments below their own map's values: the
	// rules repeat through it, their steps starting with {}
	{"rootmap-recursive", `{"type":"object","additionalProperties":{"type":"object","properties":{"n":{"type":"integer"},"sub":{"$ref":"#"}}}}`, []string{
		`{"a":{"n":"1","sub":{"b":{"n":"2","sub":{"c":{"n":"3"}}}}}}`, `{"a":{"sub":"{\"b\":{\"n\":\"2\"}}"}}`, `{"a":{"sub":{"b":{"n":"x"}}}}`,
	}},
	{"rootmap-union", `{"type":"object","anyOf":[{"additionalProperties":{"type":"integer"}},{"properties":{"s":{"type":"string"}},"required":["s"]}]}`, []string{
		`{"a":"5"}`, `{"s":"x","a":"5"}`, `{"s":"5"}`,
	}},
}

// TestDeriveRootMaps: the values of the arguments' additionalProperties
// or patternProperties get their rules (paths {} and {"^x_"}, or the
// pattern of every name not declared) where they read no declared
// member; elsewhere they stay strict with a warning.
func TestDeriveRootMaps(t *testing.T) {
	unionSound(t, rootMapCases)
	for _, tc := range []struct {
		name, rule, warn string
	}{
		{"rootmap-values", "type_coerce {}", ""},
		{"rootmap-objects", "type_coerce {}.port", ""},
		{"rootmap-objects", "json_accept_both {}", ""},
		{"rootmap-pattern", `type_coerce {"^x_"}`, ""},
		{"rootmap-recursive", `type_coerce {}.sub({}.sub)*{}.n`, ""},
		{"rootmap-pattern-closed", `type_coerce {"^b_"}`, ""},
		// (the members it does not declare: every other name's pattern,
		// otherNames)
		{"rootmap-declared", "type_coerce " + rulespec.PathPattern("", rulespec.AllNamesBut([]string{"name"})), ""},
		{"rootmap-pattern-declared", "", `the declared property "x_name" matches pattern`},
	} {
		i := slices.IndexFunc(rootMapCases, func(c unionCase) bool { return c.name == tc.name })
		d, err := Tool(tc.name, []byte(rootMapCases[i].schema))
		if err != nil {
			t.Fatal(err)
		}
		var rules []string
		for _, r := range d.Rules {
			rules = append(rules, string(r.Type)+" "+r.From+r.Path)
		}
		if tc.rule != "" && !slices.Contains(rules, tc.rule) {
			t.Errorf("%s: no rule %q: %q", tc.name, tc.rule, rules)
		}
		if tc.warn != "" && !slices.ContainsFunc(d.Warnings, func(w Warning) bool { return strings.Contains(w.String(), tc.warn) }) {
			t.Errorf("%s: no warning %q: %v", tc.name, tc.warn, d.Warnings)
		}
	}
}

// TestDeriveRootDeadBranches: a branch of the root's union that takes no
// object is left out of the rewrite, but not one that holds a name a
// reference may use (its $id), and not where every branch takes none (a
// union of none is no schema): the rewrite compiles, and the calls are
// judged as ever (found by review).
func TestDeriveRootDeadBranches(t *testing.T) {
	unionSound(t, []unionCase{
		{"dead-named", `{"$id":"http://x.test/root","oneOf":[{"type":"object","properties":{"s":{"$ref":"http://x.test/s"},"n":{"type":"integer"}}},{"$id":"http://x.test/s","type":"string"}]}`, []string{
			`{"s":"a"}`, `{"s":"a","n":"5"}`, `{"n":5}`,
		}},
		{"dead-all", `{"type":"object","properties":{"n":{"type":"integer"}},"oneOf":[false]}`, []string{`{"n":5}`, `{"n":"5"}`}},
		{"dead-all-string", `{"type":"object","properties":{"n":{"type":"integer"}},"anyOf":[{"type":"string"}]}`, []string{`{"n":5}`, `{"n":"5"}`}},
	})
}

// TestDeriveMapConditions: a map's values (at {} or a pattern step) are
// not read where a condition of its object (an if, not, enum or const;
// the arguments' if, which names what it tests) or a schema of its
// dependencies tests or constrains one of its members: a rule could
// change which applies (found by review).
func TestDeriveMapConditions(t *testing.T) {
	unionSound(t, []unionCase{
		{"map-root-if", `{"type":"object","additionalProperties":{"type":"integer"},"if":{"properties":{"a":{"const":5}},"required":["a"]},"then":{"required":["b"]}}`, []string{
			`{"a":"5"}`, `{"a":5,"b":1}`, `{"c":"5"}`,
		}},
		{"map-root-if-pattern", `{"type":"object","patternProperties":{"^x_":{"type":"integer"}},"if":{"properties":{"x_a":{"const":5}},"required":["x_a"]},"then":{"required":["b"]}}`, []string{
			`{"x_a":"5"}`, `{"x_b":"5"}`,
		}},
		{"map-root-if-patternmap", `{"type":"object","patternProperties":{"^[a-z]+$":{"type":"integer"}},"additionalProperties":false,"if":{"properties":{"a":{"const":5}},"required":["a"]},"then":{"required":["b"]}}`, []string{
			`{"a":"5"}`,
		}},
		{"map-root-dependencies", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","additionalProperties":{"type":"integer"},"dependencies":{"a":{"properties":{"b":{"minimum":3}}}}}`, []string{
			`{"a":1,"b":"2"}`, `{"b":"2"}`,
		}},
		{"map-nested-not", wrapX(`{"type":"object","additionalProperties":{"type":"integer"},"not":{"properties":{"a":{"const":5}},"required":["a"]}}`), []string{
			`{"x":{"a":"5"}}`, `{"x":{"b":"5"}}`,
		}},
		{"map-nested-dependent", wrapX(`{"type":"object","additionalProperties":{"type":"integer"},"dependentSchemas":{"a":{"properties":{"b":{"minimum":3}}}}}`), []string{
			`{"x":{"a":1,"b":"2"}}`,
		}},
	})
}

// TestDeriveTestedNoVariants: a key the arguments' if tests is kept as it
// is, and no spelling variant is read as it either: {"xA": 5}, which the
// strict schema takes (xA is no key of it), would become {"x_a": 5},
// which the if then tests (found by review).
func TestDeriveTestedNoVariants(t *testing.T) {
	unionSound(t, []unionCase{
		{"tested-variant", `{"type":"object","if":{"properties":{"x_a":{"const":5}},"required":["x_a"]},"then":{"required":["b"]}}`, []string{
			`{"xA":5}`, `{"x-a":5}`, `{"x_a":5,"b":1}`,
		}},
		{"tested-variant-declared", `{"type":"object","properties":{"x_a":{"type":"integer"},"n":{"type":"integer"}},"if":{"properties":{"x_a":{"const":5}},"required":["x_a"]},"then":{"required":["b"]}}`, []string{
			`{"x_a":5,"b":1,"n":"2"}`, `{"n":"2"}`,
		}},
	})
	// A declared key's near spelling is refused, naming it (misnamed_key,
	// class (j)), never renamed into what the if tests.
	d, n := deriveNormalizer(t, "t", `{"type":"object","properties":{"x_a":{"type":"integer"},"n":{"type":"integer"}},"if":{"properties":{"x_a":{"const":5}},"required":["x_a"]},"then":{"required":["b"]}}`)
	for _, r := range d.Rules {
		if r.Type == "param_alias" {
			t.Errorf("alias %s%s -> %s where the if tests the key", r.From, r.Path, r.To)
		}
	}
	if _, _, err := n.NormalizeJSON("t", []byte(`{"xA":5}`)); err == nil || !strings.Contains(err.Error(), "did you mean x_a?") {
		t.Errorf(`{"xA":5}: %v, want a refusal naming x_a`, err)
	}
}

// TestDeriveTestedNoVariantsNested: nor where a nested object's own if
// tests the key (the call is then refused as a near spelling of the
// field it left out, misnamed_key, as generated decoders refuse it,
// rather than renamed into what the if tests).
func TestDeriveTestedNoVariantsNested(t *testing.T) {
	d, err := Tool("t", []byte(wrapX(`{"type":"object","properties":{"x_a":{"type":"integer"}},"if":{"properties":{"x_a":{"const":5}},"required":["x_a"]},"then":{"required":["b"]}}`)))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range d.Rules {
		if r.Type == "param_alias" {
			t.Errorf("alias %s%s -> %s where the if tests the key", r.From, r.Path, r.To)
		}
	}
}
