package gen

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/internal/tempmodule"
	"github.com/normgen/normgen/schema"
)

// TestSelfHeldRefused: a named type that holds itself through slices or
// maps alone, with no struct between, in the tool's package or another,
// is a positioned error naming the field, where the generator used to run
// out of stack; a recursion through a struct loads.
func TestSelfHeldRefused(t *testing.T) {
	mod := tempmodule.New(t, "example.com/d", map[string]string{
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
	})
	m, diags := Load(context.Background(), Config{Dir: filepath.Join(mod, "d")})
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	for _, want := range []string{
		"tools.go:17:2: field Self.L: unsupported type List: ",
		"tools.go:18:2: field Self.D: unsupported type Dict: ",
		"tools.go:19:2: field Self.P: unsupported type *PtrList: ",
		"tools.go:20:2: field Self.A: unsupported type A: ",
		"tools.go:21:2: field Self.E: unsupported type ext.Rec: ",
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

// Types decoded by their own UnmarshalJSON that hold themselves, as
// TestOwnSelfHeldShape's source declares them.
type (
	ownList []ownList
	viaA    []viaB
	viaB    []viaA
	shapes  struct {
		L ownList `json:"l"`
		V viaA    `json:"v"`
	}
)

func (*ownList) UnmarshalJSON([]byte) error { return nil }
func (*viaB) UnmarshalJSON([]byte) error    { return nil }

// TestOwnSelfHeldShape: a type decoded by its own UnmarshalJSON (no
// JSONSchema()) that holds itself, or another that holds itself through
// it, gets a shape (what the gemini profile spells it as) that stops where
// it repeats, alike by the generator and by reflection; both ran out of
// stack (found by review).
func TestOwnSelfHeldShape(t *testing.T) {
	m, diags := loadModel(t, `package d

type ownList []ownList

func (*ownList) UnmarshalJSON([]byte) error { return nil }

type viaA []viaB
type viaB []viaA

func (*viaB) UnmarshalJSON([]byte) error { return nil }

//normgen:tool
type Shapes struct {
	L ownList `+"`json:\"l\"`"+`
	V viaA    `+"`json:\"v\"`"+`
}
`)
	for _, d := range diags {
		if !d.Warning {
			t.Fatalf("%s", d)
		}
	}
	if m == nil || len(m.Tools) != 1 {
		t.Fatalf("no tool: %v", diags)
	}
	fields := m.Tools[0].Input.Fields
	d, err := schema.Describe(reflect.TypeFor[shapes]())
	if err != nil {
		t.Fatal(err)
	}
	array := func(elem *schema.Type) *schema.Type { return &schema.Type{Kind: schema.Array, Elem: elem} }
	for _, c := range []struct {
		name                string
		want, byGo, reflect *schema.Type
	}{
		// (ownList, then ownList again; viaB, viaA, then viaB again)
		{"l", array(array(nil)), fields[0].Type.Own.Shape, d.Fields[0].Type.Shape},
		{"v", array(array(array(nil))), fields[1].Type.Elem.Own.Shape, d.Fields[1].Type.Elem.Shape},
	} {
		want := c.want
		if diff := cmp.Diff(want, c.byGo); diff != "" {
			t.Errorf("%s by the generator (-want +got):\n%s", c.name, diff)
		}
		if diff := cmp.Diff(want, c.reflect); diff != "" {
			t.Errorf("%s by reflection (-want +got):\n%s", c.name, diff)
		}
	}
}
