package normalize

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestMetricsDocListsFixKinds checks that docs/metrics.md names every
// value normgen.fix.kind takes: each FixKind constant of package lenient
// and FixToJSONText (it listed 12 of 20: found by a newcomer's trial).
func TestMetricsDocListsFixKinds(t *testing.T) {
	doc, err := os.ReadFile("../docs/metrics.md")
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "../lenient/report.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	kinds := []string{string(FixToJSONText)}
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "FixKind" {
				for _, v := range vs.Values {
					if lit, ok := v.(*ast.BasicLit); ok {
						s, _ := strconv.Unquote(lit.Value)
						kinds = append(kinds, s)
					}
				}
			}
		}
		return true
	})
	if len(kinds) < 15 {
		t.Fatalf("found %d fix kinds in lenient/report.go: %v", len(kinds), kinds)
	}
	for _, k := range kinds {
		if !strings.Contains(string(doc), "`"+k+"`") {
			t.Errorf("docs/metrics.md does not name the fix kind %s", k)
		}
	}
}
