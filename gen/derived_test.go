package gen

import (
	"testing"

	"github.com/normgen/normgen/gen/internal/profilecheck"
	"github.com/normgen/normgen/schema"
)

// TestDerivedSchemas runs checkDerived on the realistic tool packages of
// this repository: the ticket tracker (internal/ticketing), mcp-grafana's
// tool types (internal/grafana), the benchmark's, the fast path review's
// and the example servers'. TestGolden runs it on every golden case, and
// genfuzz's TestCorpus and TestRandom on fuzzed packages.
func TestDerivedSchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("loads several packages")
	}
	dirs := []string{
		"gen/internal/ticketing", "gen/internal/grafana", "gen/internal/benchdata", "gen/internal/fastreview",
		"examples/filesystem", "examples/mail", "examples/typed", "examples/combos", "examples/typedpath",
	}
	for i, m := range loadRepoPackages(t, dirs) {
		checkDerived(t, dirs[i], m)
	}
}

// checkDerived runs profilecheck.Tool on every tool of m: the typearray
// and gemini schemas a generated server derives from the portable one
// are the generator's, and schemabuild.RootProfile's (in invopop's model), byte
// for byte.
func checkDerived(t *testing.T, name string, m *Package) {
	t.Helper()
	written := 0
	for _, tool := range m.Tools {
		problems, gemini := profilecheck.Tool(tool.Name, SchemaType(&TypeRef{Kind: schema.Object, Struct: tool.Input}, 0))
		for _, p := range problems {
			t.Errorf("%s: %s", name, p)
		}
		if gemini {
			written++
		}
	}
	t.Logf("%s: %d tools' typearray and gemini schemas derived (but %d gemini, of recursive types or ones holding a type with its own decoder)", name, len(m.Tools), written)
}
