package gen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/internal/tempmodule"
)

// runTools registers two input types of its sql package, as
// grafana/mcp-grafana's tools package registers those of tools/sql.
const runTools = `package d

import (
	"context"

	"example.com/m/d/sql"
)

type SearchParams struct {
	Query string ` + "`json:\"query\"`" + `
}

func must[T any](name, desc string, h func(context.Context, T) (string, error)) int { return 0 }

func search(ctx context.Context, p SearchParams) (string, error) { return "", nil }

var ToolSearch = must("search", "Search.", search)
var ToolQuerySQL = must("query_sql", "Run SQL.", sql.QuerySQL)
var ToolListTables = must("list_sql_tables", "List tables.", sql.ListTables)
`

const runSQL = `package sql

import "context"

// QuerySQLParams runs a query.
type QuerySQLParams struct {
	Query string ` + "`json:\"query\"`" + `
}

// ListSQLTablesParams lists tables.
type ListSQLTablesParams struct {
	Database string ` + "`json:\"database,omitempty\"`" + `
}

func QuerySQL(ctx context.Context, p QuerySQLParams) (string, error)      { return "", nil }
func ListTables(ctx context.Context, p ListSQLTablesParams) (string, error) { return "", nil }
`

// runModule writes files (paths from the module root, whose go.mod is
// written too) into a temporary module and returns its root.
func runModule(t *testing.T, files map[string]string) string {
	t.Helper()
	mod := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26.0\n\nrequire github.com/invopop/jsonschema v0.14.0\n"
	sum, err := tempmodule.Sums()
	if err != nil {
		t.Fatal(err)
	}
	files["go.sum"] = string(sum)
	t.Setenv("GOFLAGS", "-mod=mod")
	for name, data := range files {
		p := filepath.Join(mod, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return mod
}

// loadRun loads the packages in dirs (from the module root mod) in one
// run: their models, diagnostics and warnings, each file name from mod.
func loadRun(t *testing.T, mod string, dirs ...string) ([]*Package, []string, []string) {
	t.Helper()
	var warns []string
	var cfgs []Config
	for _, d := range dirs {
		cfgs = append(cfgs, Config{Dir: filepath.Join(mod, d), OnWarning: func(d Diagnostic) {
			warns = append(warns, strings.ReplaceAll(d.String(), mod+string(filepath.Separator), ""))
		}})
	}
	models, diags := LoadRun(context.Background(), cfgs)
	var msgs []string
	for i, ds := range diags {
		for _, d := range ds {
			msgs = append(msgs, dirs[i]+": "+strings.ReplaceAll(d.String(), mod+string(filepath.Separator), ""))
		}
	}
	return models, msgs, warns
}

// TestRegisteredInRun: one run over two packages shares their
// registrations. The sql package has no line and no -type: the types the
// tools package registers are its tools, named as registered there
// (query_sql, not the type's query_sql_params), and the tools package does
// not warn of them. Each package alone says what to run.
func TestRegisteredInRun(t *testing.T) {
	mod := runModule(t, map[string]string{"d/tools.go": runTools, "d/sql/sql.go": runSQL})

	models, diags, warns := loadRun(t, mod, "d", "d/sql")
	if len(diags) > 0 || len(warns) > 0 {
		t.Fatalf("diagnostics %v, warnings %v", diags, warns)
	}
	var got []string
	for _, m := range models {
		for _, tool := range m.Tools {
			got = append(got, m.Name+"."+tool.Input.Name+" "+tool.Name+" ("+string(tool.NameFrom)+" "+tool.RegisteredBy+")")
		}
	}
	want := []string{
		"d.SearchParams search (registration )",
		"sql.ListSQLTablesParams list_sql_tables (registration example.com/m/d)",
		"sql.QuerySQLParams query_sql (registration example.com/m/d)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
	var notes []string
	for _, n := range Notes(models[1])[1:] {
		notes = append(notes, strings.ReplaceAll(n.String(), mod+string(filepath.Separator), ""))
	}
	wantNotes := []string{
		"d/tools.go:19:27: note: tool list_sql_tables: name from where package example.com/m/d registers ListSQLTablesParams (in the same run)",
		"d/tools.go:18:25: note: tool query_sql: name from where package example.com/m/d registers QuerySQLParams (in the same run)",
	}
	if diff := cmp.Diff(wantNotes, notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}

	// The tools package alone generates its own tool and says where the
	// others are generated.
	_, diags, warns = loadRun(t, mod, "d")
	if len(diags) > 0 {
		t.Fatalf("diagnostics %v", diags)
	}
	wantWarns := []string{
		`tools.go:18:25: warning: the package registers sql.QuerySQLParams as "query_sql" here, a type of package example.com/m/d/sql: normgen generates a type in its own package, so the tool is generated there, not here; give both packages to one run (normgen ./d ./d/sql, from the module root), which names it "query_sql" as registered here` + "\n\tsql/sql.go:6:1: type QuerySQLParams",
		`tools.go:19:27: warning: the package registers sql.ListSQLTablesParams as "list_sql_tables" here, a type of package example.com/m/d/sql: normgen generates a type in its own package, so the tool is generated there, not here; give both packages to one run (normgen ./d ./d/sql, from the module root), which names it "list_sql_tables" as registered here` + "\n\tsql/sql.go:11:1: type ListSQLTablesParams",
	}
	if diff := cmp.Diff(wantWarns, warns); diff != "" {
		t.Errorf("warnings of the tools package alone (-want +got):\n%s", diff)
	}

	// The sql package alone has no tool of its own: the error names the
	// package that imports it and the run that generates both.
	_, diags, _ = loadRun(t, mod, "d/sql")
	if len(diags) != 1 || !strings.HasSuffix(diags[0], "; package ./d imports this one: where a package registers this one's types as tools (mcp-grafana's tools registers tools/sql's), generate both in one run, which takes the tools and their names from there (normgen ./d ./d/sql, from the module root)") {
		t.Errorf("the sql package alone: diagnostics %q, want one naming ./d and the run", diags)
	}
}

// TestRegisteredInRunUnmarked: where the other package has
// //normgen:tool lines, those choose its tools, and a type the run's
// other package registers that has none is warned of at that
// registration; a line naming the tool otherwise than the registration
// gives way to it, with a warning.
func TestRegisteredInRunUnmarked(t *testing.T) {
	sqlSrc := strings.Replace(runSQL, "// QuerySQLParams runs a query.\n", "// QuerySQLParams runs a query.\n//\n//normgen:tool run_query\n", 1)
	mod := runModule(t, map[string]string{"d/tools.go": runTools, "d/sql/sql.go": sqlSrc})
	models, diags, warns := loadRun(t, mod, "d", "d/sql")
	if len(diags) > 0 {
		t.Fatalf("diagnostics %v", diags)
	}
	if tools := models[1].Tools; len(tools) != 1 || tools[0].Name != "query_sql" || tools[0].NameAt.Line != 18 {
		t.Errorf("sql tools %+v, want query_sql alone, named at its registration", tools)
	}
	want := []string{
		`d/tools.go:19:27: warning: package example.com/m/d registers ListSQLTablesParams as "list_sql_tables" here, but ListSQLTablesParams is no tool: where a package has //normgen:tool lines or -type, those alone choose its tools; give it a bare //normgen:tool line to generate it, or drop the lines and -type to generate every tool the package registers`,
		`sql.go:7:1: warning: //normgen:tool run_query, but package example.com/m/d registers QuerySQLParams as "query_sql": the tool is named "query_sql", as the server serves it; drop the line or make it say query_sql` + "\n\td/tools.go:18:25: QuerySQLParams registered as \"query_sql\"",
	}
	if diff := cmp.Diff(want, warns); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}

	// Alone, the sql package names the tool from its line; the importer,
	// read without type-checking it, registers it otherwise: a warning
	// says so and names the run. Its type-named tool agrees with the
	// registration (list_sql_tables) and is not warned of.
	models, diags, warns = loadRun(t, mod, "d/sql")
	if len(diags) > 0 || len(models[0].Tools) != 1 || models[0].Tools[0].Name != "run_query" {
		t.Fatalf("the sql package alone: diagnostics %v, model %+v", diags, models[0])
	}
	want = []string{`d/tools.go:18:25: warning: package ./d registers QuerySQLParams as "query_sql" here (read without type-checking it: it is not in the run), but the run names the tool "run_query" from its //normgen:tool line: generate both in one run (normgen ./d ./d/sql, from the module root) to take the name the server serves` + "\n\tsql.go:7:1: tool run_query"}
	if diff := cmp.Diff(want, warns); diff != "" {
		t.Errorf("warnings of the sql package alone (-want +got):\n%s", diff)
	}
}
