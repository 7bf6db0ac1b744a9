package gen

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/normgen/normgen/gen/internal/benchdata"
	"github.com/normgen/normgen/gen/internal/fastreview"
	"github.com/normgen/normgen/gen/internal/grafana"
	"github.com/normgen/normgen/gen/internal/ticketing"
	"github.com/normgen/normgen/lenient"
)

// TestServedSchemas: the schema a generated server serves in each
// profile (Tool.SchemaFor of its NormgenTools, which derives the
// typearray and gemini ones and fills the openai-strict one in from the
// portable one: lenientimpl.SharedSchemas) is the generator's own (Catalog),
// byte for byte but for white space, for every tool of this repository's
// realistic tool packages (mcp-grafana's types among them), whose
// generated files are compiled into this test.
func TestServedSchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("loads several packages")
	}
	dirs := []string{"gen/internal/ticketing", "gen/internal/grafana", "gen/internal/benchdata", "gen/internal/fastreview"}
	served := [][]lenient.Tool{ticketing.NormgenTools(), grafana.NormgenTools(), benchdata.NormgenTools(), fastreview.NormgenTools()}
	shared := 0
	for i, m := range loadRepoPackages(t, dirs) {
		if len(served[i]) != len(m.Tools) {
			t.Fatalf("%s: %d tools served, %d generated", dirs[i], len(served[i]), len(m.Tools))
		}
		for _, p := range lenient.Profiles() {
			cat, err := Catalog(m, p)
			if err != nil {
				t.Fatal(err)
			}
			var entries []CatalogEntry
			if err := json.Unmarshal(cat, &entries); err != nil {
				t.Fatal(err)
			}
			for j, e := range entries {
				tool := lenient.MustLookupTool(served[i], e.Name)
				var want, got bytes.Buffer
				if err := json.Compact(&want, e.InputSchema); err != nil {
					t.Fatal(err)
				}
				if err := json.Compact(&got, tool.SchemaFor(p)); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Errorf("%s: tool %s serves in %s\n%s\nthe generator's\n%s", dirs[i], e.Name, p, got.Bytes(), want.Bytes())
				}
				if p == lenient.ProfileOpenAIStrict && m.Tools[j].Name == e.Name {
					if ts, err := toolSchemasOrGap(m.Tools[j], []lenient.Profile{lenient.ProfilePortable, p}); err == nil && ts.shared {
						shared++
					}
				}
			}
		}
	}
	if shared == 0 {
		t.Error("no tool's openai-strict schema is written less the descriptions it shares: SharedSchemas is not tested")
	}
	t.Logf("%d openai-strict schemas filled in by SharedSchemas", shared)
}
