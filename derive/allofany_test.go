package derive

import (
	"slices"
	"testing"
)

// TestDeriveAllOfNeutralMember: in an allOf, a branch's member whose
// schema takes every value (true, {}, a type naming every JSON type,
// annotations aside) holds it to nothing the other branches' schema for
// it does not: the member is read by that schema's rules (the Debug
// Adapter Protocol's requests: Request's arguments of any type beside
// each request's own). In an anyOf such a branch takes the member as it
// is, and nothing below it is read.
func TestDeriveAllOfNeutralMember(t *testing.T) {
	obj := `{"type":"object","properties":{"n":{"type":"integer"}}}`
	all := `"type":["array","boolean","integer","null","number","object","string"]`
	with := func(comb, any string) string {
		return wrapX(`{"` + comb + `":[{"type":"object","properties":{"a":` + any + `}},{"type":"object","properties":{"a":` + obj + `}}]}`)
	}
	calls := []string{`{"x":{"a":{"n":"1"}}}`, `{"x":{"a":{"n":1}}}`, `{"x":{"a":"{\"n\":\"2\"}"}}`, `{"x":{"a":5}}`, `{"x":{"a":{"n":"z"}}}`}
	var cases []unionCase
	for _, any := range []string{`{` + all + `,"description":"any"}`, `{}`, `true`, `{"title":"t"}`} {
		cases = append(cases,
			unionCase{"allOf " + any, with("allOf", any), calls},
			unionCase{"anyOf " + any, with("anyOf", any), calls},
			unionCase{"oneOf " + any, with("oneOf", any), calls},
			// (an allOf inside an anyOf whose other branch takes a string)
			unionCase{"nested " + any, wrapX(`{"anyOf":[{"allOf":[{"type":"object","properties":{"a":` + any + `}},{"type":"object","properties":{"a":` + obj + `}}]},{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}]}`), calls},
			// (its holder's member beside the allOf)
			unionCase{"holder " + any, wrapX(`{"type":"object","properties":{"a":` + any + `},"allOf":[{"type":"object","properties":{"a":` + obj + `}}]}`), calls},
		)
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	for _, any := range []string{`{` + all + `,"description":"any"}`, `{}`, `true`} {
		d, err := Tool("t", []byte(with("allOf", any)))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(ruleKinds(d), "type_coerce:x.a.n") {
			t.Errorf("allOf %s: no rule reads x.a.n: rules %v, warnings %s", any, ruleKinds(d), warnings(d))
		}
	}
}
