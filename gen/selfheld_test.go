package gen

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/schema"
)

// TestSelfHeldRefused: a named type that holds itself through slices or
// maps alone, with no struct between, in the tool's package or another,
// is a positioned error naming the field, where the generator used to run
// out of stack; a recursion through a struct loads.
func TestSelfHeldRefused(t *testing.T) {
	mod := t.TempDir()
	for name, data := range map[string]string{
		"go.mod": "module example.com/d\n\ngo 1.26.0\n",
		"ext/ext.go": `package ext

type Rec []Rec
`,
		"d/tools.go": `package d

import "example.com/d/ext"

type List []List
type Dict map[string]Dict
type PtrList []*PtrList
type A []B
type B map[string]A
type Items []Item
type Item struct {
	Sub Items ` + "`json:\"sub,omitempty\"`" + `
}

//normgen:tool
type Self struct {
	L  List            ` + "`json:\"l\"`" + `
	D  map[string]Dict ` + "`json:\"d\"`" + `
	P  *PtrList        ` + "`json:\"p\"`" + `
	A  []A             ` + "`json:\"a\"`" + `
	E  ext.Rec         ` + "`json:\"e\"`" + `
}

//normgen:tool
type Through struct {
	I Items ` + "`json:\"i\"`" + `
}
`,
	} {
		p := filepath.Join(mod, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, diags := Load(context.Background(), Config{Dir: filepath.Join(mod, "d")})
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	for _, want := range []string{
		"tools.go:17:2: field Self.L: unsupported type example.com/d/d.List: ",
		"tools.go:18:2: field Self.D: unsupported type example.com/d/d.Dict: ",
		"tools.go:19:2: field Self.P: unsupported type *example.com/d/d.PtrList: ",
		"tools.go:20:2: field Self.A: unsupported type example.com/d/d.A: ",
		"tools.go:21:2: field Self.E: unsupported type example.com/d/ext.Rec: ",
	} {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, want) && strings.HasSuffix(g, schema.SelfHeldRefused) }) {
			t.Errorf("no diagnostic %q...; got:\n%s", want, strings.Join(got, "\n"))
		}
	}
	if len(got) != 5 {
		t.Errorf("%d diagnostics, want 5:\n%s", len(got), strings.Join(got, "\n"))
	}
	if m == nil || !slices.ContainsFunc(m.Tools, func(tool *Tool) bool { return tool.Name == "through" }) {
		t.Errorf("tool through (a recursion through a struct) not loaded")
	}
}
