package derive

import (
	"strings"
	"testing"
)

// TestDeriveUnionViews: the branches of a union are compared by all that
// holds an object at their place (branchViews): a key one branch declares
// and another takes as it is gets no rule, and every call the strict
// schema takes comes out of normalize as it went in, where the key is
// declared inside a branch's own union or allOf; a key that every other
// branch closes out (an allOf's closed branch, a reference's closed
// target beside siblings) or that the union's holder holds to one type
// keeps its rule; and a union that refers to itself is compared as far as
// the bounds go, then read no further.
func TestDeriveUnionViews(t *testing.T) {
	defs := `"$defs":{"Closed":{"type":"object","properties":{"k":{"const":"c"}},"required":["k"],"additionalProperties":false},` +
		`"Self":{"anyOf":[{"$ref":"#/$defs/Self"},{"type":"object","properties":{"m":{"type":"integer"}}}]}}`
	for _, tc := range []struct {
		name, x string
		read    []string // rule paths that must be there
		strict  []string // paths that must have no rule, with a warning
		valid   []string // calls the strict schema takes: unchanged
	}{
		{"inner-union", `{"oneOf":[{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}]},{"type":"object","properties":{"b":{"type":"boolean"}},"required":["b"]}]}`,
			nil, []string{"x.n", "x.b"}, []string{`{"x":{"b":true,"n":"5"}}`, `{"x":{"n":1,"b":"true"}}`}},
		{"inner-allof", `{"anyOf":[{"allOf":[{"type":"object","properties":{"n":{"type":"integer"}}}]},{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}]}`,
			nil, []string{"x.n"}, []string{`{"x":{"s":"a","n":"5"}}`}},
		{"allof-closed", `{"anyOf":[{"allOf":[{"$ref":"#/$defs/Closed"},{"properties":{"z":{"type":"object"}}}]},{"type":"object","properties":{"n":{"type":"integer"}}}]}`,
			[]string{"x.n"}, nil, []string{`{"x":{"k":"c"}}`, `{"x":{"n":5}}`}},
		{"ref-siblings-closed", `{"anyOf":[{"$ref":"#/$defs/Closed","description":"closed"},{"type":"object","properties":{"n":{"type":"integer"}}}]}`,
			[]string{"x.n"}, nil, []string{`{"x":{"k":"c"}}`}},
		{"holder-typed", `{"type":"object","properties":{"n":{"type":"integer"}},"anyOf":[{"properties":{"n":{"type":"integer","minimum":0}},"required":["n"]},{"properties":{"s":{"type":"string"}},"required":["s"]}]}`,
			[]string{"x.n"}, nil, []string{`{"x":{"s":"a","n":-1}}`, `{"x":{"n":1}}`}},
		{"self-union", `{"anyOf":[{"$ref":"#/$defs/Self"},{"type":"object","properties":{"n":{"type":"integer"}}}]}`,
			nil, []string{"x.n"}, []string{`{"x":{"n":"5"}}`, `{"x":{"m":"5"}}`}},
	} {
		schema := `{"type":"object","properties":{"x":` + tc.x + `},` + defs + `}`
		d, n := deriveNormalizer(t, tc.name, schema)
		paths := map[string]bool{}
		for _, r := range d.Rules {
			paths[r.Path] = true
		}
		for _, p := range tc.read {
			if !paths[p] {
				t.Errorf("%s: no rule at %s; warnings %q", tc.name, p, warnings(d))
			}
		}
		for _, p := range tc.strict {
			if paths[p] || !strings.Contains(warnings(d), p+": ") {
				t.Errorf("%s: %s has a rule (%v) or no warning: %q", tc.name, p, paths[p], warnings(d))
			}
		}
		strict := compileDerived(t, tc.name, []byte(schema))
		for _, call := range tc.valid {
			if !validDerived(strict, []byte(call)) {
				t.Fatalf("%s: the strict schema refuses %s", tc.name, call)
			}
			out, fixes, err := n.NormalizeJSON(tc.name, []byte(call))
			if err != nil || string(out) != call {
				t.Errorf("%s: %s, which the strict schema takes, became %s (fixes %v, error %v)", tc.name, call, out, fixes, err)
			}
		}
	}
}

// TestDeriveRootUnionHeld: where three branches of the root's anyOf hold
// one key to three schemas, each two are compared below it, not each
// with the first alone: x, which the second declares and the third takes
// as it is, gets no rule, though the first closes it out.
func TestDeriveRootUnionHeld(t *testing.T) {
	branch := func(k string) string {
		return `{"properties":{"k":` + k + `},"required":["k"],"additionalProperties":false}`
	}
	schema := `{"type":"object","anyOf":[` + branch(`{"type":"object","properties":{"y":{"type":"integer"}},"additionalProperties":false}`) + `,` +
		branch(`{"type":"object","properties":{"x":{"type":"integer"}}}`) + `,` + branch(`{"type":"object"}`) + `]}`
	d, n := deriveNormalizer(t, "held", schema)
	call := `{"k":{"x":"5"}}`
	if !validDerived(compileDerived(t, "held", []byte(schema)), []byte(call)) {
		t.Fatalf("the strict schema refuses %s", call)
	}
	if out, fixes, err := n.NormalizeJSON("held", []byte(call)); err != nil || string(out) != call {
		t.Errorf("%s, which the strict schema takes, became %s (fixes %v, error %v); warnings %q", call, out, fixes, err, warnings(d))
	}
}
