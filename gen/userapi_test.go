package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// exportedNames returns the exported top-level names declared in the
// non-test Go files of dir.
func exportedNames(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					names = append(names, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names = append(names, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names = append(names, n.Name)
							}
						}
					}
				}
			}
		}
	}
	return names
}

// TestUserAPINames: lenientQual qualifies every exported name of package
// lenient with lenient and every one of the ABI package with
// lenientimpl, so that generated code names each where it is declared.
func TestUserAPINames(t *testing.T) {
	for _, n := range exportedNames(t, "../lenient") {
		if !userAPI(n) {
			t.Errorf("lenient.%s would be qualified with lenientimpl", n)
		}
	}
	impl := exportedNames(t, "../runtime/lenientimpl")
	if len(impl) < 20 {
		t.Fatalf("%d names found in lenientimpl", len(impl))
	}
	for _, n := range impl {
		if userAPI(n) {
			t.Errorf("lenientimpl.%s would be qualified with lenient", n)
		}
	}
}
