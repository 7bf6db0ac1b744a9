package derive

import "testing"

// TestDerivePatternBesideOther judges the steps through an object's
// members (a pattern of patternProperties, the other names beside
// declared properties, a map's {}, and declared names) where a union's
// other branch holds, at the object's place, a schema that takes objects
// otherwise: a branch true (anyOf: [true], allOf: [true], through a $ref
// too), a not, a const or an enum. A rule for the first branch's members
// would change a call the other takes as it is. Before the survey
// recorded a branch true as it records {}, a rule through the pattern or
// the map changed such calls.
func TestDerivePatternBesideOther(t *testing.T) {
	rc := `{"type":"object","patternProperties":{"^x-":{"type":"integer"}}}`
	oth := `{"type":"object","properties":{"k":{"type":"string"}},"additionalProperties":{"type":"integer"}}`
	mp := `{"type":"object","additionalProperties":{"type":"integer"}}`
	two := func(a, b string) string {
		return `{"type":"object","properties":{"x":{"anyOf":[{"type":"object","properties":{"rc":` + a + `}},{"type":"object","properties":{"rc":` + b + `}}]}},"$defs":{"A":{"anyOf":[true]},"T":true,"O":{"type":"object"}}}`
	}
	calls := []string{`{"x":{"rc":{"x-a":"1"}}}`, `{"x":{"rc":{"x-a":1}}}`, `{"x":{"rc":{"z":"1"}}}`, `{"x":{"rc":{"z":1}}}`, `{"x":{"rc":{"x-a":"1","k":"s"}}}`}
	var cases []unionCase
	for _, o := range []struct{ name, schema string }{
		{"anyof-true", `{"anyOf":[true]}`},
		{"anyof-empty", `{"anyOf":[{}]}`},
		{"true", `true`},
		{"empty", `{}`},
		{"not", `{"not":{"type":"string"}}`},
		{"const", `{"const":{"x-a":"1"}}`},
		{"enum", `{"enum":[{"x-a":"1"},{"z":"1"}]}`},
		{"desc", `{"description":"anything"}`},
		{"allof-true", `{"allOf":[true]}`},
		{"oneof-true", `{"oneOf":[true,{"type":"string"}]}`},
		{"ref-true", `{"$ref":"#/$defs/T"}`},
		{"anyof-ref-true", `{"anyOf":[{"$ref":"#/$defs/T"}]}`},
		{"object", `{"type":"object"}`},
		{"ref-object", `{"$ref":"#/$defs/O"}`},
		{"then-true", `{"if":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]},"then":true,"else":{"type":"object","additionalProperties":{"type":"string"}}}`},
		{"nullable-true", `{"anyOf":[true,{"type":"null"}]}`},
		{"else-true", `{"if":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]},"then":{"type":"object","additionalProperties":{"type":"string"}},"else":true}`},
		{"nested-true", `{"anyOf":[{"oneOf":[{"allOf":[true]},{"type":"string"}]}]}`},
		{"ref-anyof-true", `{"$ref":"#/$defs/A"}`},
		{"object-not", `{"type":"object","not":{"type":"object","properties":{"x-a":{"type":"integer"}},"required":["x-a"]}}`},
		{"object-not-const", `{"type":"object","not":{"type":"object","properties":{"x-a":{"const":"1"}},"required":["x-a"]}}`},
	} {
		for _, s := range []struct{ name, schema string }{{"pattern", rc}, {"others", oth}, {"map", mp}, {"props", `{"type":"object","properties":{"x-a":{"type":"integer"},"z":{"type":"integer"}}}`}, {"int", `{"type":"integer"}`}} {
			cases = append(cases,
				unionCase{s.name + "-" + o.name, two(s.schema, o.schema), calls},
				unionCase{s.name + "-" + o.name + "-rev", two(o.schema, s.schema), calls},
			)
		}
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}
