package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/internal/tempmodule"
)

// runToolsSrc registers two input types of its sql package, as
// grafana/mcp-grafana's tools package registers those of tools/sql.
const runToolsSrc = `package tools

import (
	"context"

	"example.com/m/tools/sql"
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

const runSQLSrc = `package sql

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

// TestGenerateRun: `normgen ./tools ./tools/sql` (or ./tools/...)
// generates both packages in one run, with no flag: the sql package's
// tools are the types the tools package registers, named as registered
// there, and nothing is warned of; catalog of the run names every tool as
// registered. The sql package alone is an error that names the run.
func TestGenerateRun(t *testing.T) {
	mod := tempmodule.New(t, "example.com/m", map[string]string{"tools/tools.go": runToolsSrc, "tools/sql/sql.go": runSQLSrc, "tools/empty/empty.go": "package empty\n"})

	code, _, stderr := normgen(t, mod, "", "./tools/sql")
	wantAlone := "tools/sql: no tool types found: add a //normgen:tool NAME line to a struct type's doc comment, or pass -type (the package registers no tool whose input is a struct type of its own: mcp.AddTool(s, &mcp.Tool{Name: \"x\"}, h), s.AddTool(mcp.NewTool(\"x\"), mcp.NewTypedToolHandler(h))); package ./tools imports this one: where a package registers this one's types as tools (mcp-grafana's tools registers tools/sql's), generate both in one run, which takes the tools and their names from there (normgen ./tools ./tools/sql, from the module root)\n"
	if code != 1 || !strings.HasSuffix(stderr, wantAlone) {
		t.Errorf("./tools/sql alone: exit %d, stderr %q; want 1 and the run named", code, stderr)
	}

	for _, args := range [][]string{{"./tools", "./tools/sql"}, {"./tools/..."}} {
		os.Remove(filepath.Join(mod, "tools", "sql", "sql_normgen.go"))
		code, _, stderr := normgen(t, mod, "", args...)
		if code != 0 || stderr != "" {
			t.Fatalf("normgen %v: exit %d\n%s", args, code, stderr)
		}
		src, err := os.ReadFile(filepath.Join(mod, "tools", "sql", "sql_normgen.go"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), `"query_sql"`) || strings.Contains(string(src), `"query_sql_params"`) {
			t.Errorf("normgen %v: tools/sql's generated file does not name query_sql as registered", args)
		}
		if _, err := os.Stat(filepath.Join(mod, "tools", "empty", "empty_normgen.go")); err == nil {
			t.Errorf("normgen %v: a file generated for a package that serves no tool", args)
		}
	}
	if code, _, stderr := normgen(t, mod, "", "-check", "./tools/..."); code != 0 {
		t.Errorf("-check ./tools/...: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := normgen(t, mod, "", "-type", "SearchParams", "./tools", "./tools/sql"); code != 2 || !strings.Contains(stderr, "-type names types of one package") {
		t.Errorf("-type with two packages: exit %d\n%s", code, stderr)
	}

	code, out, stderr := normgen(t, mod, "", "catalog", "-v", "./tools", "./tools/sql")
	if code != 0 {
		t.Fatalf("catalog of the run: exit %d\n%s", code, stderr)
	}
	var cat []struct{ Name string }
	if err := json.Unmarshal([]byte(out), &cat); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cat {
		names = append(names, c.Name)
	}
	if diff := cmp.Diff([]string{"list_sql_tables", "query_sql", "search"}, names); diff != "" {
		t.Errorf("catalog names (-want +got):\n%s", diff)
	}
	if !strings.Contains(stderr, "tools/tools.go:18:25: note: tool query_sql: name from where package example.com/m/tools registers QuerySQLParams (in the same run)") {
		t.Errorf("catalog -v notes:\n%s", stderr)
	}
}
