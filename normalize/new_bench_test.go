package normalize_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// BenchmarkNew: what a server pays once, at start (and again on each
// SetRules), for the rules derived from GitHub's MCP server's catalog
// (117 tools): New validates and indexes them. The baseline in the same
// run is decoding the same rules from their JSON, as a rules.json is
// read.
func BenchmarkNew(b *testing.B) {
	catalog, err := os.ReadFile("../testdata/catalogs/github-mcp-server.json")
	if err != nil {
		b.Fatal(err)
	}
	c, err := derive.Catalog(catalog)
	if err != nil {
		b.Fatal(err)
	}
	text, err := json.Marshal(c.Rules)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d rules, %d bytes of JSON", len(c.Rules), len(text))
	b.Run("baseline=json.Unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var rules []lenient.Rule
			if err := json.Unmarshal(text, &rules); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("New", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := normalize.New(c.Rules); err != nil {
				b.Fatal(err)
			}
		}
	})
}
