package proptest

import (
	"regexp"
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/lenient"
)

// TestGenPatterns: strings generated for a pattern match it.
func TestGenPatterns(t *testing.T) {
	for _, p := range []string{lenient.IntPattern, lenient.FloatPattern, lenient.BoolPattern, `^[a-z]{2,4}-[0-9]+$`, `^(open|closed)?x*$`, `^\d{4}-\d{2}$`} {
		root, err := derive.ParseNode([]byte(`{"type":"string","pattern":` + quote(p) + `}`))
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

// TestGenValid: most calls generated from strict schemas (the hand tools
// and GitHub's catalog) are valid under them: the generator follows
// bounds, enums, required keys, closed objects, $ref and oneOf.
func TestGenValid(t *testing.T) {
	github, err := loadCatalog("github-mcp-server.json")
	if err != nil {
		t.Fatal(err)
	}
	valid, all := 0, 0
	for _, tool := range append(handTools, github...) {
		root, err := derive.ParseNode(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		validate, err := compile(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGen(2, root, tool.Name, nil)
		for range 20 {
			args := g.Args()
			all++
			if err := validate(args); err == nil {
				valid++
			} else if testing.Verbose() {
				t.Logf("%s %s: %v", tool.Name, args, err)
			}
		}
	}
	if valid*10 < all*9 {
		t.Errorf("%d of %d generated calls valid under their strict schemas", valid, all)
	}
}

func quote(s string) string {
	b := appendJSON(nil, s)
	return string(b)
}
