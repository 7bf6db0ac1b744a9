package derive

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/schemacheck"
)

// BenchmarkCatalog derives the rules and lenient schemas of GitHub's MCP
// server's catalog (Catalog), as normgen normalize -catalog does: the
// deriver's work on its JSON nodes (parse, walk, rewrite, marshal), for
// the nodes' size to be measured by.
func BenchmarkCatalog(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "catalogs", "github-mcp-server.json"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Catalog(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeriveRootConditions derives a root of 1,000 integer
// arguments alone (the baseline) and beside an allOf of six ifs whose
// then and else declare every argument again, the then with a bound (the
// views rootSplits compares: 64 of them, each holding every argument).
// Their properties are indexed and share their conjoined schemas and
// those schemas' texts: the cost grows with the views times the
// arguments, not with the arguments squared (some tens of times the
// baseline here, a second or so; a root whose then only requires keys
// splits into no views).
func BenchmarkDeriveRootConditions(b *testing.B) {
	var props, again []string
	for k := range 1000 {
		props = append(props, fmt.Sprintf(`"key%d":{"type":"integer"}`, k))
		again = append(again, fmt.Sprintf(`"key%d":{"type":"integer","minimum":%d}`, k, k%3))
	}
	plain := `{"type":"object","properties":{"kind":{"type":"string"},` + strings.Join(props, ",") + `}}`
	var conds []string
	for i := range 6 {
		then := `{"properties":{` + strings.Join(again, ",") + `}}`
		conds = append(conds, fmt.Sprintf(`{"if":{"properties":{"kind":{"const":"k%d"}}},"then":%s,"else":%s}`, i, then, strings.Replace(plain, `"type":"object",`, "", 1)))
	}
	withIfs := plain[:len(plain)-1] + `,"allOf":[` + strings.Join(conds, ",") + `]}`
	for _, bc := range []struct{ name, schema string }{{"baseline", plain}, {"ifs6", withIfs}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				root, err := ParseNode([]byte(bc.schema))
				if err != nil {
					b.Fatal(err)
				}
				deriveNode("t", root, nil, nil, nil)
			}
		})
	}
}

// BenchmarkExplain explains a refused call of 2,000 elements whose items
// schema is a chain of six allOfs of two $refs each to the next (the
// place every element is read at), beside the Go validator refusing it
// (the baseline: the work a server did to find the call refused). Each
// element costs the schemas at its place once, whatever the references
// (TestExplainBounded), where the validator reads each of the 2^6 ways
// to the last: over ten times faster here, and the gap doubles with
// each link (twelve links: 25 s a call for the validator, 41 ms to
// explain).
func BenchmarkExplain(b *testing.B) {
	var defs strings.Builder
	for i := range 6 {
		fmt.Fprintf(&defs, `"L%d":{"allOf":[{"$ref":"#/$defs/L%d"},{"$ref":"#/$defs/L%d"}]},`, i, i+1, i+1)
	}
	schema := `{"$defs":{` + defs.String() + `"L6":{"type":"object","properties":{"v":{"type":"integer"}}}},` +
		`"type":"object","properties":{"a":{"type":"array","items":{"$ref":"#/$defs/L0"}}}}`
	args := []byte(`{"a":[` + strings.Repeat(`{"v":"x"},`, 2000) + `{"v":1}]}`)
	d, err := Tool("t", []byte(schema))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("validate", func(b *testing.B) {
		s := schemacheck.MustCompile(b, []byte(schema))
		b.ReportAllocs()
		for b.Loop() {
			if schemacheck.Valid(b, s, args) {
				b.Fatal("taken")
			}
		}
	})
	b.Run("explain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if d.Explain(args) == nil {
				b.Fatal("nothing explained")
			}
		}
	})
}

// BenchmarkDeriveSharedSites derives an anyOf at a member x whose
// branches, told apart by a const, each hold a reference to one
// definition M of 40 object members at m: the size bound copies M into
// some and keeps the reference in the rest, which share the copy's
// lenient form (shared.go), and every site below x.m asks whether its
// place is sharable. With 100 branches (the baseline) and 800, the cost
// grows with the branches, not with their square (0.13 s and 0.8 s on
// a 2-core machine under load): when each ask compared every kept
// reference at the place with every schema kept there, 800 branches
// took 3 to 4 s there, and 1.1 to 1.5 s before the asks compared them at
// all.
func BenchmarkDeriveSharedSites(b *testing.B) {
	var members []string
	for k := range 40 {
		members = append(members, fmt.Sprintf(`"o%d":{"type":"object"}`, k))
	}
	for _, n := range []int{100, 800} {
		var branches []string
		for i := range n {
			branches = append(branches, fmt.Sprintf(`{"type":"object","properties":{"kind":{"const":"k%d"},"m":{"$ref":"#/$defs/M"}}}`, i))
		}
		schema := `{"type":"object","properties":{"x":{"anyOf":[` + strings.Join(branches, ",") + `]}},"$defs":{"M":{"type":"object","properties":{` + strings.Join(members, ",") + `}}}}`
		name := "baseline"
		if n > 100 {
			name = fmt.Sprint("branches", n)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				root, err := ParseNode([]byte(schema))
				if err != nil {
					b.Fatal(err)
				}
				deriveNode("t", root, nil, nil, nil)
			}
		})
	}
}
