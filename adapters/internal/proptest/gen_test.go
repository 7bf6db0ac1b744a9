package proptest

import (
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/schemagen"
)

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
		g := schemagen.NewGen(2, root, tool.Name, nil)
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
