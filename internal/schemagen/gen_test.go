package schemagen

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

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

// TestGenConjunction: an object built of others with allOf (a $ref to a
// base model and the members it adds, an allOf inside) is made of them
// all, so that what is made is valid: every member any of them requires
// is given, each of its first declaration's schema; a declared member a
// pattern of patternProperties matches too, which is held to both, is
// left out where it may be, and no name a pattern makes is a declared
// one; an allOf of other than object schemas is made of its first
// branch, as before.
func TestGenConjunction(t *testing.T) {
	for _, tc := range []struct {
		schema    string
		keys, not []string // members every value made holds, and none holds
	}{
		{`{"type":"object","allOf":[{"$ref":"#/$defs/Base"},{"properties":{"b":{"type":"integer"}},"required":["b"]}],
		   "$defs":{"Base":{"type":"object","properties":{"a":{"type":"string","minLength":1}},"required":["a"],
		     "allOf":[{"properties":{"c":{"type":"boolean"}},"required":["c"]}]}}}`, []string{"a", "b", "c"}, nil},
		{`{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"string"}},"required":["y"],"patternProperties":{"^x":{"type":"integer"}},"additionalProperties":false}`, []string{"y"}, []string{"x"}},
		{`{"allOf":[{"type":"integer","minimum":3,"maximum":3},{"minimum":0}]}`, nil, nil},
	} {
		root, err := derive.ParseNode([]byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource("mem://t.json", doc); err != nil {
			t.Fatal(err)
		}
		sch, err := c.Compile("mem://t.json")
		if err != nil {
			t.Fatal(err)
		}
		g := NewGen(1, root, "t", nil)
		for range 50 {
			args := g.Args()
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
			if err != nil {
				t.Fatalf("%s: made %s, not JSON: %v", tc.schema, args, err)
			}
			if err := sch.Validate(v); err != nil {
				t.Errorf("%s: made %s, which it refuses: %v", tc.schema, args, err)
			}
			m, _ := v.(map[string]any)
			for _, k := range tc.keys {
				if _, ok := m[k]; !ok {
					t.Errorf("%s: made %s, without %s", tc.schema, args, k)
				}
			}
			for _, k := range tc.not {
				if _, ok := m[k]; ok {
					t.Errorf("%s: made %s, with %s", tc.schema, args, k)
				}
			}
		}
	}
}
