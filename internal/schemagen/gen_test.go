package schemagen

import (
	"regexp"
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// TestGenPatterns: strings generated for a pattern match it.
func TestGenPatterns(t *testing.T) {
	for _, p := range []string{lenientimpl.IntPattern, lenientimpl.FloatPattern, lenientimpl.BoolPattern, `^[a-z]{2,4}-[0-9]+$`, `^(open|closed)?x*$`, `^\d{4}-\d{2}$`} {
		root, err := derive.ParseNode([]byte(`{"type":"string","pattern":` + string(appendJSON(nil, p)) + `}`))
		if err != nil {
			t.Fatal(err)
		}
		re := regexp.MustCompile(p)
		g := NewGen(1, root, "t", nil)
		for range 50 {
			s := g.string(root)
			if !re.MatchString(s) {
				t.Errorf("%s: generated %q", p, s)
			}
		}
	}
}

// TestGenRefCycle: a reference that reaches itself through unions alone
// (no object or array between) ends, in null past maxFollow; a branch
// beside it is still made.
func TestGenRefCycle(t *testing.T) {
	for _, s := range []string{`{"oneOf":[{"$ref":"#"}]}`, `{"anyOf":[{"$ref":"#/$defs/A"}],"$defs":{"A":{"allOf":[{"$ref":"#"}]}}}`,
		`{"anyOf":[{"$ref":"#"},{"type":"integer"}]}`} {
		root, err := derive.ParseNode([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		g := NewGen(1, root, "t", nil)
		for range 20 {
			g.Args()
		}
	}
}
