package gen

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/lenient"
)

// TestAJVStrictCompilesEverySchema compiles every tool schema this
// repository generates outside the golden cases (whose behaviour tests
// compile theirs through internal/invariant) with AJV in strict mode, in
// both JSON Schema profiles: the benchmark and ticketing packages and the
// example servers. A schema AJV refuses (an unknown keyword, a pattern the
// u flag cannot read) would make a JavaScript host drop the tool. In CI
// (CI=true) a missing node or AJV fails the test instead of skipping it.
func TestAJVStrictCompilesEverySchema(t *testing.T) {
	if testing.Short() {
		t.Skip("loads several packages")
	}
	dirs := []string{
		"gen/internal/benchdata", "gen/internal/ticketing",
		"examples/filesystem", "examples/mail",
	}
	var cases []ajvcheck.Case
	var names []string
	for i, m := range loadRepoPackages(t, dirs) {
		dir := dirs[i]
		for _, tool := range m.Tools {
			for _, p := range []lenient.Profile{lenient.ProfilePortable, lenient.ProfileTypeArray} {
				js, err := ToolSchemaProfile(tool, p)
				if err != nil {
					t.Fatalf("%s %s: %v", dir, tool.Name, err)
				}
				cases = append(cases, ajvcheck.Case{Schema: json.RawMessage(js), Instances: []json.RawMessage{json.RawMessage(`{}`)}})
				names = append(names, dir+" "+tool.Name+" ["+string(p)+"]")
			}
		}
	}
	res := ajvcheck.Validate(t, cases)
	for i, r := range res {
		if r == nil {
			t.Errorf("%s: AJV (strict) refused the schema", names[i])
		}
	}
	t.Logf("%d schemas compiled with AJV in strict mode", len(cases))
}

// loadRepoPackages loads the tool packages in dirs (relative to the
// repository's root), each of which must declare tools; warnings are not
// what its callers look at.
func loadRepoPackages(t *testing.T, dirs []string) []*Package {
	t.Helper()
	root := repoRoot(t)
	var pkgs []*Package
	for _, dir := range dirs {
		m, diags := Load(context.Background(), Config{Dir: filepath.Join(root, dir), OnWarning: func(Diagnostic) {}})
		if len(diags) > 0 {
			t.Fatalf("%s: %v", dir, diags)
		}
		if len(m.Tools) == 0 {
			t.Fatalf("%s: no tools", dir)
		}
		pkgs = append(pkgs, m)
	}
	return pkgs
}
