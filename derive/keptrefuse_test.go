package derive

import (
	"slices"
	"strings"
	"testing"
)

// typeRef is a schema in the shape of a type reference's (a real
// schema's, JSONSchemaBench Github_hard/o37789): a union of a string and
// closed objects, one of which holds a map of properties and another a
// map of type references again (recursive, kept as it is). extra is put
// in the recursive branch's object schema.
func typeRef(extra string) string {
	return `{"type":"object","properties":{"t":{"$ref":"#/definitions/T"}},"definitions":{` +
		`"T":{"anyOf":[{"type":"string"},` +
		`{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"$ref":"#/definitions/P"}},"l":{"type":"array","items":{"type":"boolean"}}},"additionalProperties":false},` +
		`{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"$ref":"#/definitions/T"}},"l":{"$ref":"#/definitions/T"},"k":{"enum":["x"]}},"required":["k"]` + extra + `}]},` +
		`"P":{"type":"object","properties":{"opt":{"type":"boolean"},"n":{"type":"integer"}},"additionalProperties":false}}}`
}

// TestDeriveBelowKeptRefItRefuses: a value below a $ref kept as it is (a
// recursive one) gets its rule where the reference's target takes no
// value there: each of its branches is closed and declares no such
// member, or takes no object (no array, for an element). Where it may
// take one (open, declaring the member, a pattern), the value stays
// strict as before.
func TestDeriveBelowKeptRefItRefuses(t *testing.T) {
	calls := []string{
		`{"t":{"m":{"a":{"opt":"true","n":"3"}}}}`,
		`{"t":{"m":{"a":{"opt":true,"n":3}}}}`,
		`{"t":{"m":{"a":{"opt":"yes"}}}}`,
		`{"t":{"m":{"a":"s","b":{"k":"x","m":{"c":{"opt":"false"}}}}}}`,
		`{"t":{"m":{"a":{"k":"x","opt":"true"}}}}`,
		`{"t":{"m":{"a":{"k":"x","n":"3"}}}}`,
		`{"t":{"m":{"a":{"k":"x","n":{"k":"x"}}}}}`,
		`{"t":{"l":["true",false]}}`,
		`{"t":{"l":"[true]"}}`,
		`{"t":{"l":"s","k":"x"}}`,
		`{"t":{"l":{"k":"x"},"k":"x"}}`,
		`{"t":"s"}`,
		`{"t":{"m":{"a":"{\"opt\":\"true\"}"}}}`,
		`{"t":"{\"m\":{\"a\":{\"opt\":\"true\"}}}"}`,
	}
	closed := typeRef(`,"additionalProperties":false`)
	unionSound(t, []unionCase{{"closed", closed, calls}})
	ajvSound(t, []unionCase{{"closed", closed, calls}})
	d, _ := deriveNormalizer(t, "closed", closed)
	kinds := ruleKinds(d)
	// (t may be a string, so a rule path reads its JSON text: !)
	for _, want := range []string{`type_coerce:["t"]!.m{}!.opt`, `type_coerce:["t"]!.m{}!.n`, `type_coerce:["t"]!["l"]![]`} {
		if !slices.Contains(kinds, want) {
			t.Errorf("closed: no rule %s: rules %v\n warnings %s", want, kinds, warnings(d))
		}
	}

	for _, tc := range []struct{ name, extra, leaf string }{
		{"open", ``, "opt"},
		{"declared", `,"additionalProperties":false`, "opt"},
		{"pattern", `,"additionalProperties":false,"patternProperties":{"^o":{}}`, "opt"},
		{"maps", `,"additionalProperties":{"type":"string"}`, "n"},
	} {
		schema := typeRef(tc.extra)
		if tc.name == "declared" {
			// (the recursive branch declares opt, as a string)
			schema = strings.Replace(schema, `"k":{"enum":["x"]}}`, `"k":{"enum":["x"]},"opt":{"type":"string"}}`, 1)
		}
		unionSound(t, []unionCase{{tc.name, schema, calls}})
		d, _ := deriveNormalizer(t, tc.name, schema)
		if slices.ContainsFunc(ruleKinds(d), func(k string) bool { return strings.HasSuffix(k, "m{}!."+tc.leaf) }) {
			t.Errorf("%s: a rule at t.m{}.%s, which the kept reference's target may hold: rules %v", tc.name, tc.leaf, ruleKinds(d))
		}
		if want := "t.m{}." + tc.leaf + ": "; !strings.Contains(warnings(d), want) {
			t.Errorf("%s: no warning at %s\n%s", tc.name, want, warnings(d))
		}
	}
}

// TestDeriveBelowKeptRefNoAbsent: a member directly below a $ref kept as
// it is gets no absent rule (nor "null" read as null, which feeds it),
// though its other rules are read: the kept schema refuses the object
// because it holds the member, and takes it once the rule takes the
// member out, so that a oneOf beside it matches two branches (or an
// allOf takes what its rewrite refused). A reviewer's counterexample:
// {"t":{"c":{"x":null}}} was admitted by the rewrite, and its normalized
// {"t":{"c":{}}} refused.
func TestDeriveBelowKeptRefNoAbsent(t *testing.T) {
	calls := []string{
		`{"t":{"c":{"x":null}}}`,
		`{"t":{"c":{"x":""}}}`,
		`{"t":{"c":{"x":"null"}}}`,
		`{"t":{"c":{"x":"1"}}}`,
		`{"t":{"c":{"x":1}}}`,
		`{"t":{"c":{}}}`,
		`{"t":{"c":{"c":{"x":"2"}}}}`,
	}
	var cases []unionCase
	for _, comb := range []string{"oneOf", "anyOf", "allOf"} {
		cases = append(cases, unionCase{comb, `{"type":"object","properties":{"t":{"$ref":"#/definitions/T"}},"definitions":{` +
			`"T":{"type":"object","properties":{"c":{"` + comb + `":[{"$ref":"#/definitions/T"},` +
			`{"type":"object","properties":{"x":{"type":"integer"}}}]}},"additionalProperties":false}}}`, calls})
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	for _, tc := range cases {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		if slices.ContainsFunc(ruleKinds(d), func(k string) bool { return strings.HasPrefix(k, "absent:") && strings.Contains(k, "c") }) {
			t.Errorf("%s: an absent rule below the kept reference: %v", tc.name, ruleKinds(d))
		}
	}
}
