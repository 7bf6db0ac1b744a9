package gen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/internal/tempmodule"
	"github.com/normgen/normgen/schema"
)

// loadModule writes files (paths from the module root, whose go.mod is
// written too) and loads the package in the folder d.
func loadModule(t *testing.T, files map[string]string, cfg Config) (*Package, []string, []string) {
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
	var warns []string
	cfg.Dir = filepath.Join(mod, "d")
	cfg.OnWarning = func(d Diagnostic) {
		warns = append(warns, strings.ReplaceAll(d.String(), mod+string(filepath.Separator), ""))
	}
	m, diags := Load(context.Background(), cfg)
	var msgs []string
	for _, d := range diags {
		msgs = append(msgs, d.String())
	}
	return m, msgs, warns
}

// TestRequiredFromModule: the model of required fields is the module's
// own where its invopop/jsonschema Reflector sets
// RequiredFromJSONSchemaTags, also in a package the tools' package does
// not import (mcp-grafana's tools/sql, whose types its root package's
// reflector reads); a flag or directive saying otherwise wins, with a
// warning naming both places; settings that disagree choose nothing.
func TestRequiredFromModule(t *testing.T) {
	const tools = `package d

type P struct {
	Name  string ` + "`json:\"name\" jsonschema:\"required\"`" + `
	Query string ` + "`json:\"query\"`" + `
}
`
	reflector := func(v string) string {
		return "package m\n\nimport \"github.com/invopop/jsonschema\"\n\nvar r = jsonschema.Reflector{\n\tAnonymous:                  true,\n\tRequiredFromJSONSchemaTags: " + v + ",\n}\n"
	}
	const assign = "package other\n\nimport js \"github.com/invopop/jsonschema\"\n\nfunc init() {\n\tr := new(js.Reflector)\n\tr.RequiredFromJSONSchemaTags = false\n\t_ = r\n}\n"
	for _, tc := range []struct {
		name     string
		files    map[string]string
		cfg      Config
		required []string
		from     RequiredSource
		at       string
		diags    []string
		warns    []string
	}{{
		name:     "root package",
		files:    map[string]string{"server.go": reflector("true")},
		required: []string{"name"}, from: RequiredFromModule, at: "server.go:7:30",
	}, {
		name:     "root package, json",
		files:    map[string]string{"server.go": reflector("false")},
		required: []string{"name", "query"}, from: RequiredFromModule, at: "server.go:7:30",
	}, {
		name:     "the package's own",
		files:    map[string]string{"d/schema.go": strings.Replace(reflector("true"), "package m", "package d", 1), "server.go": reflector("false")},
		required: []string{"name"}, from: RequiredFromModule, at: "schema.go:7:30",
	}, {
		name:  "settings disagree",
		files: map[string]string{"server.go": reflector("true"), "other/other.go": assign, "d/use.go": "package d\n\nimport _ \"example.com/m/other\"\n"},
		diags: []string{`tools.go:5:2: field P.Query: it has neither omitempty nor jsonschema:"required", while P.Name is tagged jsonschema:"required"`},
	}, {
		name:     "a test file is not the server's",
		files:    map[string]string{"server_test.go": reflector("true")},
		required: []string{"name"}, from: RequiredFromFlag,
		cfg: Config{Required: schema.RequiredJSONSchema},
	}, {
		name:     "flag disagrees",
		files:    map[string]string{"server.go": reflector("true")},
		cfg:      Config{Required: schema.RequiredJSON},
		required: []string{"name", "query"}, from: RequiredFromFlag,
		warns: []string{"server.go:7:30: warning: the module's jsonschema.Reflector sets RequiredFromJSONSchemaTags: true here (the jsonschema model of required fields), but -required=json chooses the json model: normgen follows -required=json, and its schemas differ from the server's own where a field's tags read differently under the two"},
	}, {
		name:     "directive disagrees",
		files:    map[string]string{"server.go": reflector("true"), "d/doc.go": "//normgen:required=json\npackage d\n"},
		required: []string{"name", "query"}, from: RequiredFromDirective, at: "doc.go:1:1",
		warns: []string{"server.go:7:30: warning: the module's jsonschema.Reflector sets RequiredFromJSONSchemaTags: true here (the jsonschema model of required fields), but //normgen:required=json chooses the json model: normgen follows //normgen:required=json, and its schemas differ from the server's own where a field's tags read differently under the two\n\tdoc.go:1:1: //normgen:required=json"},
	}, {
		name:     "flag agrees",
		files:    map[string]string{"server.go": reflector("true")},
		cfg:      Config{Required: schema.RequiredJSONSchema},
		required: []string{"name"}, from: RequiredFromFlag,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			tc.files["d/tools.go"] = tools
			cfg := tc.cfg
			cfg.Types = []string{"P"}
			m, diags, warns := loadModule(t, tc.files, cfg)
			for i := range diags {
				diags[i], _, _ = strings.Cut(diags[i], ": required under")
			}
			if diff := cmp.Diff(tc.diags, diags); diff != "" {
				t.Fatalf("diagnostics (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.warns, warns); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if tc.diags != nil {
				return
			}
			var got []string
			for _, f := range m.Tools[0].Input.Fields {
				if f.Required {
					got = append(got, f.Name)
				}
			}
			if diff := cmp.Diff(tc.required, got); diff != "" {
				t.Errorf("required (-want +got):\n%s", diff)
			}
			if m.RequiredFrom != tc.from {
				t.Errorf("required model from %q, want %q", m.RequiredFrom, tc.from)
			}
			if at := Notes(m)[0].Pos.String(); tc.at != "" && at != tc.at && !strings.HasSuffix(at, "/"+tc.at) {
				t.Errorf("required model's note at %s, want %s", at, tc.at)
			}
		})
	}
}

// TestRegisteredAlternatives: types the package registers under one name
// (alternatives, of which the server serves one, as mcp-grafana's read
// and read-write variants) are each named so, with no duplicate-name
// error; the rule table, which names tools, refuses them. Two types
// with one name where one is not registered so stay an error.
func TestRegisteredAlternatives(t *testing.T) {
	const src = `package d

import "context"

type ReadParams struct {
	ID string ` + "`json:\"id\"`" + `
}

type ReadWriteParams struct {
	ID    string ` + "`json:\"id\"`" + `
	Write bool   ` + "`json:\"write,omitempty\"`" + `
}

func must[T any](name, desc string, h func(context.Context, T) (string, error)) int { return 0 }

func read(ctx context.Context, p ReadParams) (string, error)           { return "", nil }
func readWrite(ctx context.Context, p ReadWriteParams) (string, error) { return "", nil }

var ToolRead = must("manage_things", "Read things.", read)
var ToolReadWrite = must("manage_things", "Manage things.", readWrite)
`
	// With no -type and no line, the registrations make the same tools.
	for _, cfg := range []Config{{}, {Types: []string{"ReadWriteParams", "ReadParams"}}} {
		testRegisteredAlternatives(t, src, cfg)
	}
}

// TestUnmarkedRegistrations: in a package with //normgen:tool lines, a
// registered input type that has none is no tool, and a warning at its
// registration says so and what to write.
func TestUnmarkedRegistrations(t *testing.T) {
	const src = `package d

import "context"

//normgen:tool
type ReadParams struct {
	ID string ` + "`json:\"id\"`" + `
}

type WriteParams struct {
	ID string ` + "`json:\"id\"`" + `
}

type DeleteParams struct {
	ID string ` + "`json:\"id\"`" + `
}

func must[T any](name, desc string, h func(context.Context, T) (string, error)) int { return 0 }

func read(ctx context.Context, p ReadParams) (string, error)     { return "", nil }
func write(ctx context.Context, p WriteParams) (string, error)   { return "", nil }
func remove(ctx context.Context, p DeleteParams) (string, error) { return "", nil }

var ToolRead = must("read_thing", "Read a thing.", read)
var ToolWrite = must("write_thing", "Write a thing.", write)
var ToolDelete = must("delete_thing", "Delete a thing.", remove)
`
	m, diags, warns := loadModule(t, map[string]string{"d/tools.go": src}, Config{})
	if len(diags) > 0 {
		t.Fatalf("diagnostics %v", diags)
	}
	if len(m.Tools) != 1 || m.Tools[0].Name != "read_thing" {
		t.Errorf("tools %+v, want read_thing alone", m.Tools)
	}
	want := []string{"tools.go:25:22: warning: the package registers 2 input types that are no tools (DeleteParams, WriteParams), WriteParams as \"write_thing\" here: where a package has //normgen:tool lines or -type, those alone choose its tools; give them a bare //normgen:tool line to generate them, or drop the lines and -type to generate every tool the package registers\n\ttools.go:26:23: DeleteParams registered as \"delete_thing\""}
	if diff := cmp.Diff(want, warns); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

func testRegisteredAlternatives(t *testing.T, src string, cfg Config) {
	t.Helper()
	m, diags, warns := loadModule(t, map[string]string{"d/tools.go": src}, cfg)
	if len(diags) > 0 || len(warns) > 0 {
		t.Fatalf("diagnostics %v, warnings %v", diags, warns)
	}
	var names []string
	for _, tool := range m.Tools {
		names = append(names, tool.Name+" "+tool.Input.Name+" "+string(tool.NameFrom))
	}
	want := []string{"manage_things ReadParams registration", "manage_things ReadWriteParams registration"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
	if _, err := RuleTable(m); err == nil || !strings.Contains(err.Error(), "manage_things (ReadParams and ReadWriteParams)") {
		t.Errorf("RuleTable: %v", err)
	}
	var notes []string
	for _, n := range Notes(m)[1:] {
		notes = append(notes, n.String())
	}
	wantNotes := []string{
		"tools.go:19:21: note: tool manage_things: name from where the package registers ReadParams (one of the types the package registers under this name, alternatives it serves one of)",
		"tools.go:20:26: note: tool manage_things: name from where the package registers ReadWriteParams (one of the types the package registers under this name, alternatives it serves one of)",
	}
	if diff := cmp.Diff(wantNotes, notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}

	// A directive's name shared with a registered one is a duplicate.
	dup := strings.Replace(src, "type ReadParams", "//normgen:tool manage_things\ntype OtherParams struct{}\n\ntype ReadParams", 1)
	_, diags, _ = loadModule(t, map[string]string{"d/tools.go": dup}, Config{Types: []string{"ReadParams"}})
	if len(diags) != 1 || !strings.Contains(diags[0], `tool name "manage_things" is also used by`) {
		t.Errorf("diagnostics %v, want one duplicate name", diags)
	}
}
