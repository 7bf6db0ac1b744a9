package derive

import "testing"

// TestDerivePatternNeutral: a declared member whose name a pattern of
// patternProperties matches is held to the pattern's schema too, and is
// left strict where that schema may refuse what a rule makes of it; a
// pattern whose schema constrains nothing (annotations alone: Hugo's
// front matter cascade, {"^(?!aliases|...)$": {"description": ...}})
// leaves the member to its own schema, and the member gets its rule.
// Where another pattern that constrains matches it too, after one that
// does not, the member stays strict, beside the holder's own members and
// where a branch of its allOf holds the patterns (which read the
// holder's members too): a rule would read "5" for a member the later
// pattern holds to maximum 3.
func TestDerivePatternNeutral(t *testing.T) {
	readSound(t, []readCase{
		{unionCase{"neutral", `{"type":"object","properties":{"x":{"type":"integer"}},"patternProperties":{"^x":{"description":"any"}}}`,
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":"a"}`, `{"xy":"a"}`}}, "type_coerce"},
		// (format, which a draft-07 validator may assert on "5", and AJV
		// with its formats does in every draft)
		{unionCase{"format", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"type":"integer"}},"patternProperties":{"^x$":{"format":"ipv4"}}}`,
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":"1.2.3.4"}`}}, ""},
		{unionCase{"second-constrains", `{"type":"object","properties":{"x":{"type":"integer"}},"patternProperties":{"^x":{"description":"d"},"^x$":{"maximum":3}}}`,
			[]string{`{"x":2}`, `{"x":"2"}`, `{"x":"5"}`, `{"x":5}`}}, ""},
		{unionCase{"branch-second-constrains", `{"type":"object","properties":{"x":{"type":"integer"}},"allOf":[{"patternProperties":{"^x":{"description":"d"},"^x$":{"maximum":3}}}]}`,
			[]string{`{"x":2}`, `{"x":"2"}`, `{"x":"5"}`, `{"x":5}`}}, ""},
	}, false)
}
