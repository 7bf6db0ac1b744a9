package gen

import (
	"bytes"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// wholeFile renders the parts as jennifer renders one file of them,
// formatted: what renderFile must write.
func wholeFile(t *testing.T, parts []func(*jen.File)) []byte {
	t.Helper()
	f := jen.NewFile("p")
	f.HeaderComment(Header)
	f.ImportName(lenientPkg, "lenient")
	for _, build := range parts {
		build(f)
	}
	var b bytes.Buffer
	if err := f.Render(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// infallible returns the builders of parts that cannot fail.
func infallible(parts []func(*jen.File)) []func(*jen.File) error {
	out := make([]func(*jen.File) error, len(parts))
	for i, p := range parts {
		out[i] = func(f *jen.File) error { p(f); return nil }
	}
	return out
}

// importNames returns the import names of src by path.
func importNames(t *testing.T, src []byte) map[string]string {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	names := map[string]string{}
	for _, spec := range file.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		names[path] = packageName(path)
		if spec.Name != nil {
			names[path] = spec.Name.Name
		}
	}
	return names
}

func TestRenderFileParts(t *testing.T) {
	parts := []func(*jen.File){
		func(f *jen.File) {
			f.Comment("Head is the head.")
			f.Const().Id("_").Op("=").Add(lenientQual("MaxVersion"))
			f.Line()
		},
		func(f *jen.File) {
			f.Add(jen.CustomFunc(jen.Options{Multi: true}, func(g *jen.Group) {
				g.Var().Id("a").Op("=").Qual("regexp", "MustCompile").Call(jen.Lit("^a$"))
				g.Func().Id("f").Params().Qual("time", "Duration").Block(jen.Return(jen.Qual("time", "Second")))
			}))
		},
		func(f *jen.File) {
			f.Comment("T holds another package's value.")
			f.Type().Id("T").Struct(jen.Id("V").Qual("example.com/other/v2", "Value"))
		},
		func(f *jen.File) {
			f.Var().Id("raw").Op("=").Qual("encoding/json", "RawMessage").Call(jen.Lit("{}"))
		},
	}
	got, err := renderFile("p", infallible(parts))
	if err != nil {
		t.Fatal(err)
	}
	want := wholeFile(t, parts)
	// jennifer writes one import block; normgen's has the standard
	// library's imports first, then a blank line and the others.
	if !bytes.Contains(got, []byte("\t\"time\"\n\n\tv2 \"example.com/other/v2\"\n")) {
		t.Errorf("imports not grouped:\n%s", got)
	}
	sameFile(t, got, want)
}

// sameFile fails unless got and want have the same imports and the
// same declarations.
func sameFile(t *testing.T, got, want []byte) {
	t.Helper()
	gotNames, wantNames := importNames(t, got), importNames(t, want)
	if !maps.Equal(gotNames, wantNames) {
		t.Errorf("imports %v, want %v", gotNames, wantNames)
	}
	_, gotDecls, _ := bytes.Cut(got, []byte("\n)\n"))
	_, wantDecls, _ := bytes.Cut(want, []byte("\n)\n"))
	if !bytes.Equal(gotDecls, wantDecls) {
		t.Errorf("renderFile:\n%s\nwant (jennifer's file of the same parts):\n%s", got, want)
	}
}

// Two parts that each use one of two packages of one name name both the
// same: the file is rendered again whole, where jennifer names them apart.
func TestRenderFileImportClash(t *testing.T) {
	parts := []func(*jen.File){
		func(f *jen.File) { f.Var().Id("a").Qual("example.com/a/types", "A") },
		func(f *jen.File) { f.Var().Id("b").Qual("example.com/b/types", "B") },
		func(f *jen.File) { f.Var().Id("c").Qual("example.com/a/types", "C") },
	}
	got, err := renderFile("p", infallible(parts))
	if err != nil {
		t.Fatal(err)
	}
	names := importNames(t, got)
	if names["example.com/a/types"] == names["example.com/b/types"] {
		t.Fatalf("both packages imported as %s:\n%s", names["example.com/a/types"], got)
	}
	for path, use := range map[string]string{"example.com/a/types": ".A", "example.com/b/types": ".B"} {
		if !bytes.Contains(got, []byte(" "+names[path]+use+"\n")) {
			t.Errorf("%s is imported as %s, and not used by that name:\n%s", path, names[path], got)
		}
	}
	sameFile(t, got, wholeFile(t, parts))
}

// A part that cannot be built fails the file.
func TestRenderFilePartError(t *testing.T) {
	fail := errors.New("no schema")
	parts := []func(*jen.File) error{
		func(f *jen.File) error { f.Var().Id("a").Int(); return nil },
		func(f *jen.File) error { return fail },
	}
	if _, err := renderFile("p", parts); !errors.Is(err, fail) {
		t.Errorf("renderFile: %v, want %v", err, fail)
	}
}

func TestPackageName(t *testing.T) {
	for path, want := range map[string]string{
		"time":                               "time",
		"encoding/json":                      "json",
		"math/rand/v2":                       "rand",
		"github.com/normgen/normgen/lenient": "lenient",
		"example.com/x/vv":                   "vv",
	} {
		if got := packageName(path); got != want {
			t.Errorf("packageName(%q) = %q, want %q", path, got, want)
		}
	}
}

// The generator formats its file with one go/format.Source call (issue
// 26): assemble's. jennifer formats each file it renders unless told not
// to, so every jennifer file the generator renders is a part (newPart).
func TestOneFormatCall(t *testing.T) {
	if !newPart("p").NoFormat {
		t.Error("newPart: jennifer would format each part")
	}
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string][]string{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		local := map[string]string{} // import name -> path
		for _, spec := range f.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			name := path[strings.LastIndex(path, "/")+1:]
			if spec.Name != nil {
				name = spec.Name.Name
			}
			local[name] = path
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok {
				call := local[x.Name] + "." + sel.Sel.Name
				calls[call] = append(calls[call], fset.Position(sel.Pos()).String())
			}
			return true
		})
	}
	for call, want := range map[string]int{
		"go/format.Source":                             1,
		"github.com/dave/jennifer/jen.NewFile":         1, // newPart's
		"github.com/dave/jennifer/jen.NewFilePath":     0,
		"github.com/dave/jennifer/jen.NewFilePathName": 0,
	} {
		if len(calls[call]) != want {
			t.Errorf("%s %d times, want %d: %v", call, len(calls[call]), want, calls[call])
		}
	}
}
