package suggest_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/suggest"
	"github.com/normgen/normgen/internal/tempmodule"
	"github.com/normgen/normgen/lenient"
)

const nestedSrc = `package tools

// SearchInput is the input of search.
//
//normgen:tool search
type SearchInput struct {
	Filter Filter ` + "`json:\"filter\"`" + `
	Sorts  []Sort ` + "`json:\"sorts,omitempty\"`" + `
}

// Filter narrows a search.
type Filter struct {
	Query string ` + "`json:\"query,omitempty\"`" + `
	Limit int    ` + "`json:\"limit,omitempty\"`" + `
}

// Sort orders the results by one field.
type Sort struct {
	Field string ` + "`json:\"field\"`" + `
	Order string ` + "`json:\"order,omitempty\"`" + `
	Desc  bool   ` + "`json:\"desc,omitempty\"`" + `
}
`

// generate writes the generated code of the package in dir and loads it.
func generate(t *testing.T, dir string) *gen.Package {
	t.Helper()
	ctx := context.Background()
	files, diags := gen.Generate(ctx, gen.Config{Dir: dir})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	for _, f := range files {
		if err := os.WriteFile(f.Path, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkg, diags := gen.Load(ctx, gen.Config{Dir: dir})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	return pkg
}

// line is the 1-based line of the first line of src holding s.
func line(t *testing.T, src, s string) int {
	t.Helper()
	i := strings.Index(src, s)
	if i < 0 {
		t.Fatalf("no %q in the source", s)
	}
	return strings.Count(src[:i], "\n") + 1
}

// TestNestedKeys (issue 29): an unknown key is paired with the optional
// field it replaced inside a nested object (pattern for filter.query)
// and inside the elements of an array (direction for sorts[].order, sent
// in two elements of one call, a call counted once), and with a required
// field missing beside it in an array element (by for sorts[].field);
// each edit names the nested struct's field and its position. The package
// is generated and the calls replayed through its decoders for real;
// after Apply and regenerating, the same calls decode with no failure and
// no key ignored (each read as an alias).
func TestNestedKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a replay program")
	}
	mod := tempmodule.New(t, "example.com/nested", map[string]string{"tools/tools.go": nestedSrc})
	dir := filepath.Join(mod, "tools")
	pkg := generate(t, dir)
	log := strings.Join([]string{
		`{"tool":"search","args":{"filter":{"pattern":"x"}}}`,
		`{"tool":"search","args":{"filter":{"pattern":"y","limit":3}}}`,
		`{"tool":"search","args":{"filter":{},"sorts":[{"field":"name","direction":"asc"},{"field":"size","direction":"desc","desc":true}]}}`,
		`{"tool":"search","args":{"filter":{"query":"z"},"sorts":[{"field":"date"},{"field":"name","direction":"asc"}]}}`,
		`{"tool":"search","args":{"filter":{},"sorts":[{"by":"name"}]}}`,
		`{"tool":"search","args":{"filter":{},"sorts":[{"field":"x"},{"by":"size","desc":true}]}}`,
	}, "\n")
	calls, bad, err := suggest.ReadCallLog(strings.NewReader(log), "")
	if err != nil || bad.Count > 0 {
		t.Fatalf("ReadCallLog: %v, %d malformed", err, bad.Count)
	}
	rep, err := suggest.Suggest(context.Background(), pkg, calls, suggest.Options{Min: 2})
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		path, goName, option string
		count, line          int
		optional             bool
	}
	wants := []want{
		{"filter.query", "Query", "alias=pattern", 2, line(t, nestedSrc, "Query string"), true},
		{"sorts[].field", "Field", "alias=by", 2, line(t, nestedSrc, "Field string"), false},
		{"sorts[].order", "Order", "alias=direction", 2, line(t, nestedSrc, "Order string"), true},
	}
	if len(rep.Edits) != len(wants) {
		for _, e := range rep.Edits {
			t.Logf("edit: %s %s %s", e.Path, e.Option(), e.Position())
		}
		t.Fatalf("%d edits, want %d; ambiguous: %v", len(rep.Edits), len(wants), rep.Ambiguous)
	}
	for i, w := range wants {
		e := rep.Edits[i]
		if e.Tool != "search" || e.Path != w.path || strings.Join(e.Field.GoName, ".") != w.goName || e.Option() != w.option ||
			e.Count != w.count || e.Optional != w.optional {
			t.Errorf("edit %d: %s %s %s count %d optional %v; want %+v", i, e.Path, strings.Join(e.Field.GoName, "."), e.Option(), e.Count, e.Optional, w)
		}
		if p := e.Field.Pos; filepath.Base(p.Filename) != "tools.go" || p.Line != w.line || p.Column != 2 {
			t.Errorf("edit %d (%s): at %s, want tools.go:%d:2", i, w.option, p, w.line)
		}
	}
	if rep.Failed != 2 {
		t.Errorf("%d calls failed, want 2 (the two missing sorts[].field)", rep.Failed)
	}
	n, err := suggest.Apply(rep.Edits)
	if err != nil || n != len(wants) {
		t.Fatalf("Apply: %d, %v", n, err)
	}
	src, _ := os.ReadFile(filepath.Join(dir, "tools.go"))
	for _, w := range []string{"`json:\"query,omitempty\" norm:\"alias=pattern\"`", "`json:\"field\" norm:\"alias=by\"`", "`json:\"order,omitempty\" norm:\"alias=direction\"`"} {
		if !strings.Contains(string(src), w) {
			t.Errorf("tools.go lacks %s:\n%s", w, src)
		}
	}
	results, err := suggest.Replay(context.Background(), generate(t, dir), calls)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range results {
		for _, f := range r.Fixes {
			if f.Kind != lenient.FixAlias {
				t.Errorf("after the edits, %s: fix %s at %s, want aliases only", calls[i].Args, f.Kind, f.Param)
			}
		}
		if r.Failed() || len(r.Fixes) == 0 {
			t.Errorf("after the edits, %s: problems %v, fixes %v; want no problem and an alias", calls[i].Args, r.Problems, r.Fixes)
		}
	}
}
