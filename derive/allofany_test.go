package derive

import (
	"fmt"
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
	with := func(comb, free string) string {
		return wrapX(`{"` + comb + `":[{"type":"object","properties":{"a":` + free + `}},{"type":"object","properties":{"a":` + obj + `}}]}`)
	}
	calls := []string{`{"x":{"a":{"n":"1"}}}`, `{"x":{"a":{"n":1}}}`, `{"x":{"a":"{\"n\":\"2\"}"}}`, `{"x":{"a":5}}`, `{"x":{"a":{"n":"z"}}}`}
	var cases []unionCase
	for _, free := range []string{`{` + all + `,"description":"any"}`, `{}`, `true`, `{"title":"t"}`} {
		cases = append(cases,
			unionCase{"allOf " + free, with("allOf", free), calls},
			unionCase{"anyOf " + free, with("anyOf", free), calls},
			unionCase{"oneOf " + free, with("oneOf", free), calls},
			// (an allOf inside an anyOf whose other branch takes a string)
			unionCase{"nested " + free, wrapX(`{"anyOf":[{"allOf":[{"type":"object","properties":{"a":` + free + `}},{"type":"object","properties":{"a":` + obj + `}}]},{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}]}`), calls},
			// (its holder's member beside the allOf)
			unionCase{"holder " + free, wrapX(`{"type":"object","properties":{"a":` + free + `},"allOf":[{"type":"object","properties":{"a":` + obj + `}}]}`), calls},
		)
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	for _, free := range []string{`{` + all + `,"description":"any"}`, `{}`, `true`} {
		// (and nested as the Debug Adapter Protocol's requests are: the
		// any-typed member in the allOf of the first branch, a $ref to
		// Request)
		nested := `{"type":"object","properties":{"x":{"allOf":[{"$ref":"#/$defs/R"},{"type":"object","properties":{"a":` + obj + `}}]}},` +
			`"$defs":{"R":{"allOf":[{"type":"object","properties":{"seq":{"type":"integer"}}},{"type":"object","properties":{"a":` + free + `}}]}}}`
		unionSound(t, []unionCase{{"nested " + free, nested, calls}})
		dn, err := Tool("t", []byte(nested))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(ruleKinds(dn), "type_coerce:x.a.n") {
			t.Errorf("nested allOf %s: no rule reads x.a.n: rules %v, warnings %s", free, ruleKinds(dn), warnings(dn))
		}
		d, err := Tool("t", []byte(with("allOf", free)))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(ruleKinds(d), "type_coerce:x.a.n") {
			t.Errorf("allOf %s: no rule reads x.a.n: rules %v, warnings %s", free, ruleKinds(d), warnings(d))
		}
	}
}

// TestDeriveAllOfNeutralReview: the review of the allOf reading
// (2026-12-01). A neutral member is read past only where another schema
// every value at its place is held to declares it: an allOf of one
// branch inside an anyOf ("lone-anyOf-int") changed "1" into 1 before.
// The Go validator judges them (some of the schemas are no AJV strict
// mode schema: an if without a type).
func TestDeriveAllOfNeutralReview(t *testing.T) {
	I := `{"type":"integer"}`
	O := `{"type":"object","properties":{"n":{"type":"integer"}}}`
	B := func(a string) string { return `{"type":"object","properties":{"a":` + a + `}}` }
	ci := []string{`{"x":{"a":"1"}}`, `{"x":{"a":1}}`, `{"x":{"a":"s"}}`, `{"x":{"a":"1","b":"s"}}`}
	co := []string{`{"x":{"a":{"n":"1"}}}`, `{"x":{"a":"{\"n\":\"1\"}"}}`, `{"x":{"a":"{\"n\":1}"}}`, `{"x":{"a":5}}`, `{"x":{"a":[1]}}`}
	cases := []unionCase{
		// allOf with one branch only, anyOf sibling declares a
		{"lone-anyOf-int", wrapX(`{"anyOf":[{"allOf":[` + B(`{}`) + `]},` + B(I) + `]}`), ci},
		{"lone-anyOf-obj", wrapX(`{"anyOf":[{"allOf":[` + B(`{}`) + `]},` + B(O) + `]}`), co},
		{"lone-oneOf-obj", wrapX(`{"oneOf":[{"allOf":[` + B(`{}`) + `,{"required":["z"]}]},` + B(O) + `]}`), []string{`{"x":{"a":{"n":"1"},"z":1}}`, `{"x":{"a":"{\"n\":1}","z":1}}`, `{"x":{"a":{"n":"1"}}}`}},
		// allOf whose other branch does not name a
		{"other-b", wrapX(`{"anyOf":[{"allOf":[` + B(`{}`) + `,{"type":"object","properties":{"b":{"type":"string"}},"required":["b"]}]},` + B(I) + `]}`), ci},
		// two allOfs in an anyOf, one neutral only
		{"two-allOf", wrapX(`{"anyOf":[{"allOf":[` + B(`{}`) + `,` + B(I) + `]},{"allOf":[` + B(`{"description":"d"}`) + `,{"required":["b"]}]}]}`), ci},
		// holder: property with allOf beside an anyOf at same path
		{"holder-allOf-anyOf", wrapX(`{"allOf":[` + B(`true`) + `],"anyOf":[` + B(I) + `,{"type":"object"}]}`), ci},
		// $ref target used both in allOf and elsewhere
		{"ref-shared", `{"type":"object","properties":{"x":{"anyOf":[{"allOf":[{"$ref":"#/$defs/D"}]},` + B(I) + `]}},"$defs":{"D":` + B(`{}`) + `}}`, ci},
		// additionalProperties of the other branch
		{"other-ap", wrapX(`{"allOf":[` + B(`{}`) + `,{"type":"object","additionalProperties":` + I + `}]}`), ci},
		{"other-pattern", wrapX(`{"allOf":[` + B(`{}`) + `,{"type":"object","patternProperties":{"^a$":` + I + `}}]}`), ci},
		{"own-pattern", wrapX(`{"allOf":[{"type":"object","properties":{"a":{}},"patternProperties":{"^a":{"type":"string"}}},` + B(I) + `]}`), ci},
		// condition on a in the neutral branch, both orders
		{"cond1", wrapX(`{"allOf":[{"type":"object","properties":{"a":{}},"if":{"properties":{"a":{"const":1}}},"then":{"required":["b"]}},` + B(I) + `]}`), ci},
		{"cond2", wrapX(`{"allOf":[` + B(I) + `,{"type":"object","properties":{"a":{}},"if":{"properties":{"a":{"const":1}}},"then":{"required":["b"]}}]}`), ci},
		{"depsch", wrapX(`{"allOf":[{"type":"object","properties":{"a":{}},"dependentSchemas":{"a":{"properties":{"b":{"type":"integer"}}}}},` + B(I) + `]}`), ci},
		{"uneval", wrapX(`{"allOf":[` + B(`{}`) + `,{"type":"object","unevaluatedProperties":` + I + `}]}`), ci},
		{"uneval-holder", wrapX(`{"allOf":[` + B(`{}`) + `,` + B(I) + `],"unevaluatedProperties":false}`), ci},
		// types all, integer vs number
		{"alltypes-int", wrapX(`{"allOf":[` + B(`{"type":["array","boolean","integer","null","number","object","string"]}`) + `,` + B(I) + `]}`), append(ci, `{"x":{"a":null}}`, `{"x":{"a":"null"}}`, `{"x":{"a":"[1]"}}`)},
		{"alltypes-noint", wrapX(`{"allOf":[` + B(`{"type":["array","boolean","null","number","object","string"]}`) + `,` + B(O) + `]}`), co},
		// array
		{"array-other", wrapX(`{"allOf":[` + B(`{}`) + `,` + B(`{"type":"array","items":`+I+`}`) + `]}`), []string{`{"x":{"a":["1"]}}`, `{"x":{"a":"[\"1\"]"}}`, `{"x":{"a":"[1]"}}`}},
	}
	unionSound(t, cases)
}

// TestDeriveAllOfNeutralKeptRef: a copy read in a conjunction (its
// neutral member past) shares no lenient form with a reference to its
// target kept at its place, which holds the target alone: there the
// member takes any value. (The third review of 2026-12-01: at budgets 4
// to 7 a rule changed "1" into 1 before.)
func TestDeriveAllOfNeutralKeptRef(t *testing.T) {
	schema := `{"type":"object","properties":{"x":{"anyOf":[{"type":"object","allOf":[{"$ref":"#/$defs/T"},{"type":"object","properties":{"a":{"type":"integer"}}}],"required":["p"]},{"$ref":"#/$defs/T"}]}},` +
		`"$defs":{"T":{"type":"object","properties":{"a":{},"p":{"type":"integer"}}}}}`
	calls := []string{`{"x":{"a":"1"}}`, `{"x":{"a":"1","p":2}}`, `{"x":{"a":1,"p":"2"}}`, `{"x":{"p":"2"}}`}
	defer func(b int) { tightBudget = b }(tightBudget)
	for budget := 3; budget <= 9; budget++ {
		tightBudget = budget
		unionSound(t, []unionCase{{fmt.Sprintf("budget-%d", budget), schema, calls}})
	}
}
