package derive

import (
	"os"
	"path/filepath"
	"testing"
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
