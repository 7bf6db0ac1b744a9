package derive

import "testing"

// TestDeriveKeptWholeBranch: a union's branch kept whole (it holds an
// identifier or definitions: idPolicy.whole) takes what it holds as the
// strict schema says, which the survey never walks: nothing below its
// place gets a rule the other branches' schemas were read for. (The
// review of 2026-12-01; each failed before.)
func TestDeriveKeptWholeBranch(t *testing.T) {
	rc := `{"type":"object","patternProperties":{"^x-":{"type":"integer"}}}`
	mp := `{"type":"object","additionalProperties":{"type":"integer"}}`
	oth := `{"type":"object","properties":{"k":{"type":"string"}},"additionalProperties":{"type":"integer"}}`
	idb := `{"$id":"https://example.com/a.json","type":"object","$defs":{"S":true},"additionalProperties":{"$ref":"#/$defs/S"}}`
	calls := []string{`{"x":{"x-a":"1"}}`, `{"x":{"x-a":1}}`, `{"x":{"z":"1"}}`}
	var cases []unionCase
	for _, s := range []struct{ n, s string }{{"pat", rc}, {"map", mp}, {"others", oth}} {
		cases = append(cases,
			unionCase{"anyof-" + s.n, wrapX(`{"anyOf":[` + idb + `,` + s.s + `]}`), calls},
			unionCase{"oneof-" + s.n, wrapX(`{"oneOf":[` + idb + `,` + s.s + `]}`), calls},
			unionCase{"root-anyof-" + s.n, `{"anyOf":[` + idb + `,` + s.s + `]}`, []string{`{"x-a":"1"}`, `{"z":"1"}`}},
			// (a reference that is no pointer keeps every schema holding
			// definitions whole)
			unionCase{"all-" + s.n, `{"type":"object","properties":{"y":{"$ref":"https://example.com/y.json"},"x":{"anyOf":[{"type":"object","$defs":{}},` + s.s + `]}},"$defs":{"Y":{"$id":"https://example.com/y.json","type":"string"}}}`, calls},
		)
	}
	pre := `{"type":"object","$defs":{"Y":{"$id":"https://example.com/y.json","type":"string"}},"properties":{"y":{"$ref":"https://example.com/y.json"},"x":`
	kinds := []string{`{"x":["1"]}`, `{"x":{"n":"1"}}`, `{"x":{"n":{"x-a":"1"}}}`}
	cases = append(cases,
		unionCase{"arr", pre + `{"anyOf":[{"type":"array","$defs":{},"items":{"type":"string"}},{"type":"array","items":{"type":"integer"}}]}}}`, kinds},
		unionCase{"prop", pre + `{"anyOf":[{"type":"object","$defs":{},"properties":{"n":{"type":"string"}}},{"type":"object","properties":{"n":{"type":"integer"}}}]}}}`, kinds},
		unionCase{"prop-pat", pre + `{"anyOf":[{"type":"object","$defs":{},"properties":{"n":{"type":"object","additionalProperties":{"type":"string"}}}},{"type":"object","properties":{"n":{"type":"object","patternProperties":{"^x-":{"type":"integer"}}}}}]}}}`, kinds},
		unionCase{"scalar", pre + `{"anyOf":[{"type":"string","$defs":{}},{"type":"integer"}]}}}`, []string{`{"x":"1"}`, `{"x":1}`}},
		unionCase{"allof", pre + `{"allOf":[{"type":"object","$defs":{}},{"type":"object","patternProperties":{"^x-":{"type":"integer"}}}]}}}`, []string{`{"x":{"x-a":"1"}}`}},
	)
	unionSound(t, cases)
	ajvSound(t, cases)
}

// TestDeriveUnionOfMaps: two maps in a union are read at {} alike, so
// their values' schemas are compared as two branches' members are: what
// one takes as it is (any value, an array without items, an undeclared
// member) gets no rule of the other's. (The review of 2026-12-01; each
// failed before.)
func TestDeriveUnionOfMaps(t *testing.T) {
	arr := `{"type":"array","items":{"type":"integer"}}`
	qi := `{"type":"object","properties":{"q":{"type":"integer"}}}`
	qt := `{"type":"object","properties":{"q":true}}`
	calls := []string{`{"x":{"m":["1"]}}`, `{"x":{"m":{"q":"1"}}}`, `{"x":{"x-m":["1"]}}`, `{"x":{"x-m":{"q":"1"}}}`, `{"x":{"x-m":[1]}}`}
	every := func(v string) string { return `{"type":"object","patternProperties":{"^.*$":` + v + `}}` }
	closed := func(v string) string {
		return `{"type":"object","patternProperties":{"^x-":` + v + `},"additionalProperties":false}`
	}
	ap := func(v string) string { return `{"type":"object","additionalProperties":` + v + `}` }
	var cases []unionCase
	for _, p := range []struct{ n, a, b string }{{"any", `{}`, arr}, {"arr", `{"type":"array"}`, arr}, {"q", qt, qi}, {"same", qi, qi}} {
		for _, f := range []struct {
			n    string
			a, b func(string) string
		}{{"ap", ap, ap}, {"every", every, every}, {"closed", closed, closed}, {"every-ap", every, ap}, {"ap-every", ap, every}, {"closed-ap", closed, ap}} {
			for _, u := range []string{"anyOf", "oneOf"} {
				cases = append(cases, unionCase{u + "-" + p.n + "-" + f.n, wrapX(`{"` + u + `":[` + f.a(p.a) + `,` + f.b(p.b) + `]}`), calls})
			}
			cases = append(cases, unionCase{"items-" + p.n + "-" + f.n, wrapX(`{"type":"array","items":{"anyOf":[` + f.a(p.a) + `,` + f.b(p.b) + `]}}`),
				[]string{`{"x":[{"m":["1"]}]}`, `{"x":[{"x-m":{"q":"1"}}]}`}})
		}
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}
