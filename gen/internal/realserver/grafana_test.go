package realserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/packages"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/internal/schemacmp"
	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/schema"
)

const grafanaModule = "github.com/grafana/mcp-grafana@v1.6.3"

// expectedFailures are the server's unit tests that fail with generated
// decoders, each on purpose, and why.
var expectedFailures = map[string]string{
	// The tool's "type" is declared enum=instant,enum=range: the
	// generated decoder checks the enum the schema advertises and refuses
	// "bogus" with `type: "bogus" is not one of "instant", "range"`, so
	// the handler's own check ("invalid type"), which the test looks
	// for, is not reached. The call is refused either way.
	"TestTempoMetricsInvalidType": "the enum is checked by the decoder, with its own message",
}

func TestMCPGrafana(t *testing.T) {
	if os.Getenv("NORMGEN_MCP_GRAFANA") == "" {
		t.Skip("set NORMGEN_MCP_GRAFANA=1 to run: it downloads " + grafanaModule + " and its dependencies through the Go module proxy")
	}
	start := time.Now()
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..", "..")
	dir := copyModule(t, grafanaModule)
	goCmd(t, dir, "mod", "edit", "-require=github.com/normgen/normgen@v0.0.0", "-replace=github.com/normgen/normgen="+root)
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Logf("%s copied to %s (%s)", grafanaModule, dir, time.Since(start).Round(time.Second))

	// Generate, as a user would, with no flag, its tools and tools/sql
	// packages in one run (normgen ./tools ./tools/sql): neither has a
	// //normgen:tool line, so the MustTool calls make their tools (the
	// tools package registers the input types of tools/sql, whose tools
	// they are, named as registered there); the model of required fields
	// is the server's own (its jsonschema.Reflector sets
	// RequiredFromJSONSchemaTags), and each tool's name the one its
	// MustTool call registers. Nothing is warned of about the tools/sql
	// types.
	byPkg, regs := toolTypes(t, dir, "./tools")
	genStart := time.Now()
	var warnings []string
	total := 0
	models := loadRun(t, dir, byPkg, func(d gen.Diagnostic) { warnings = append(warnings, d.String()) })
	for _, pkg := range sortedKeys(byPkg) {
		f, err := gen.Output(models[pkg], gen.Config{})
		if err != nil {
			t.Fatalf("%s: %v", pkg, err)
		}
		if err := os.WriteFile(f.Path, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d tool types, %d bytes, %d lines generated", pkg, len(byPkg[pkg]), len(f.Content), bytes.Count(f.Content, []byte("\n")))
		total += len(byPkg[pkg])
	}
	for pkg := range byPkg {
		if pkg == toolsPkg {
			continue
		}
		for _, w := range warnings {
			if strings.Contains(w, "registers "+path.Base(pkg)+".") {
				t.Errorf("a warning at the registration of a type of %s, which the run generates: %s", pkg, w)
			}
		}
	}
	t.Logf("generated for %d tool types in %s; warnings:\n%s", total, time.Since(genStart).Round(100*time.Millisecond), strings.Join(warnings, "\n"))
	if t.Failed() {
		return
	}

	// The server's unit tests, whose tool handlers decode with the
	// generated UnmarshalJSON.
	testStart := time.Now()
	failed := goTestFailures(t, dir, "-tags", "unit", "./tools/...", ".")
	for _, name := range failed {
		if why, ok := expectedFailures[name]; ok {
			t.Logf("%s fails, on purpose: %s", name, why)
			continue
		}
		t.Errorf("%s fails with the generated decoders", name)
	}
	for name := range expectedFailures {
		if !slices.Contains(failed, name) {
			t.Errorf("%s passes now: take it out of expectedFailures", name)
		}
	}
	t.Logf("the server's unit tests: %s", time.Since(testStart).Round(time.Second))

	compareSchemas(t, dir, byPkg, regs)
	t.Logf("total %s", time.Since(start).Round(time.Second))
}

// toolsPkg is the package that registers the server's tools.
const toolsPkg = "github.com/grafana/mcp-grafana/tools"

// loadRun loads the packages of byPkg (tools and tools/sql) in one run,
// with no flag, as normgen ./tools ./tools/sql does: their models by
// package path.
func loadRun(t *testing.T, dir string, byPkg map[string][]string, warn func(gen.Diagnostic)) map[string]*gen.Package {
	t.Helper()
	pkgs := sortedKeys(byPkg)
	var cfgs []gen.Config
	for _, pkg := range pkgs {
		cfgs = append(cfgs, gen.Config{Dir: filepath.Join(dir, strings.TrimPrefix(pkg, "github.com/grafana/mcp-grafana/")), OnWarning: warn})
	}
	models, diags := gen.LoadRun(context.Background(), cfgs)
	out := map[string]*gen.Package{}
	for i, pkg := range pkgs {
		for _, d := range diags[i] {
			t.Errorf("%s: %s", pkg, d)
		}
		if models[i] == nil {
			t.FailNow()
		}
		out[pkg] = models[i]
	}
	return out
}

// copyModule downloads module through the module proxy and copies it into
// a temporary directory, writable.
func copyModule(t *testing.T, module string) string {
	out := goCmd(t, "", "mod", "download", "-json", module)
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: %s %v", module, info.Error, err)
	}
	dst := t.TempDir()
	err := filepath.WalkDir(info.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(info.Dir, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// registration is a tool the server's code registers: the package-level
// variable its MustTool call initializes, and the tool's input type
// (package path "." type name).
type registration struct {
	pkg, name string // the variable
	input     string
}

// toolTypes finds the tool input types of the packages: the type argument
// of each MustTool call, by the package that declares it; and the
// variables those calls initialize, each with its input type.
func toolTypes(t *testing.T, dir string, patterns ...string) (map[string][]string, []registration) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax, Dir: dir}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	byPkg := map[string][]string{}
	var regs []registration
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Fatalf("%s: %v", p.PkgPath, e)
		}
		// inputOf is the input type of a MustTool call, nil for another
		// node.
		inputOf := func(n ast.Node) *types.Named {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return nil
			}
			id, _ := call.Fun.(*ast.Ident)
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				id = sel.Sel
			}
			inst, ok := p.TypesInfo.Instances[id]
			if id == nil || id.Name != "MustTool" || !ok {
				return nil
			}
			in, _ := inst.TypeArgs.At(0).(*types.Named)
			return in
		}
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Names) == 1 && len(vs.Values) == 1 {
					// MustTool(...), or a method of the tool it returns
					// (MustTool(...).NotOrgScoped()).
					v := vs.Values[0]
					for inputOf(v) == nil {
						call, ok := v.(*ast.CallExpr)
						if !ok {
							break
						}
						sel, ok := call.Fun.(*ast.SelectorExpr)
						if !ok {
							break
						}
						v = sel.X
					}
					if in := inputOf(v); in != nil {
						regs = append(regs, registration{p.PkgPath, vs.Names[0].Name, in.Obj().Pkg().Path() + "." + in.Obj().Name()})
					}
				}
				if in := inputOf(n); in != nil {
					key := in.Obj().Pkg().Path() + "." + in.Obj().Name()
					if !seen[key] {
						seen[key] = true
						byPkg[in.Obj().Pkg().Path()] = append(byPkg[in.Obj().Pkg().Path()], in.Obj().Name())
					}
				}
				return true
			})
		}
	}
	for _, names := range byPkg {
		sort.Strings(names)
	}
	return byPkg, regs
}

// goTestFailures runs go test -json and returns the top-level tests that
// failed.
func goTestFailures(t *testing.T, dir string, args ...string) []string {
	cmd := exec.Command("go", append([]string{"test", "-count=1", "-json"}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, _ := cmd.Output()
	var failed []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	passed := 0
	for sc.Scan() {
		var ev struct{ Action, Test, Package string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Test == "" || strings.Contains(ev.Test, "/") {
			continue
		}
		switch ev.Action {
		case "fail":
			failed = append(failed, ev.Test)
		case "pass":
			passed++
		}
	}
	if passed == 0 {
		t.Fatalf("go test %v ran no test:\n%s", args, stderr.Bytes())
	}
	t.Logf("go test %v: %d tests passed, %d failed", args, passed, len(failed))
	return failed
}

// compareSchemas compares each tool type's generated schema with the one
// the server's own ConvertTool builds for it: the required lists must be
// equal but for the top-level fields that take aliases (their
// spelling-style variants); the host findings of both catalogs are logged.
// Each tool's name in the catalog must be the one the server's code
// registers it under (the Name of the tool each MustTool call builds, as
// the running server lists it), and the model of required fields the
// one taken from the server's module.
func compareSchemas(t *testing.T, dir string, byPkg map[string][]string, regs []registration) {
	// A test in the tools package dumps the server's schemas, and the
	// name of each tool its MustTool calls build.
	var b strings.Builder
	b.WriteString("package tools_test\n\nimport (\n\t\"context\"\n\t\"encoding/json\"\n\t\"os\"\n\t\"testing\"\n\n\tmcpgrafana \"github.com/grafana/mcp-grafana\"\n")
	alias := map[string]string{}
	pkgs := slices.Clone(sortedKeys(byPkg))
	for _, r := range regs {
		if !slices.Contains(pkgs, r.pkg) {
			pkgs = append(pkgs, r.pkg)
		}
	}
	for i, pkg := range pkgs {
		alias[pkg] = fmt.Sprintf("p%d", i)
		fmt.Fprintf(&b, "\t%s %q\n", alias[pkg], pkg)
	}
	b.WriteString(")\n\nfunc schemaOf[T any](t *testing.T) json.RawMessage {\n\ttool, _, err := mcpgrafana.ConvertTool(\"t\", \"\", func(context.Context, T) (string, error) { return \"\", nil })\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\treturn tool.RawInputSchema\n}\n\n")
	b.WriteString("func TestNormgenDump(t *testing.T) {\n\tout := map[string]json.RawMessage{\n")
	for _, pkg := range sortedKeys(byPkg) {
		for _, name := range byPkg[pkg] {
			fmt.Fprintf(&b, "\t\t%q: schemaOf[%s.%s](t),\n", pkg+"."+name, alias[pkg], name)
		}
	}
	b.WriteString("\t}\n\tfor k, v := range map[string]string{\n")
	for _, r := range regs {
		fmt.Fprintf(&b, "\t\t%q: %s.%s.Tool.Name,\n", r.pkg+"."+r.name, alias[r.pkg], r.name)
	}
	b.WriteString("\t} {\n\t\tout[\"name:\"+k], _ = json.Marshal(v)\n\t}\n")
	b.WriteString("\tdata, _ := json.Marshal(out)\n\tif err := os.WriteFile(os.Getenv(\"NORMGEN_DUMP\"), data, 0o644); err != nil {\n\t\tt.Fatal(err)\n\t}\n}\n")
	if err := os.WriteFile(filepath.Join(dir, "tools", "zz_normgen_dump_test.go"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	dump := filepath.Join(t.TempDir(), "server.json")
	cmd := exec.Command("go", "test", "-count=1", "-run", "^TestNormgenDump$", "./tools")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NORMGEN_DUMP="+dump)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("dumping the server's schemas: %v\n%s", err, out)
	}
	data, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	var server map[string]json.RawMessage
	if err := json.Unmarshal(data, &server); err != nil {
		t.Fatal(err)
	}
	var serverCat, genCat []map[string]any
	same, differ := 0, 0
	catalogName := map[string]string{} // by input type
	nameFrom := map[gen.NameSource]int{}
	models := loadRun(t, dir, byPkg, func(gen.Diagnostic) {})
	for _, pkg := range sortedKeys(byPkg) {
		m := models[pkg]
		var inputs []string
		for _, tool := range m.Tools {
			inputs = append(inputs, tool.Input.Name)
		}
		slices.Sort(inputs)
		if diff := cmp.Diff(byPkg[pkg], inputs); diff != "" {
			t.Errorf("%s: the tools generated are not the input types the server registers (-server +normgen):\n%s", pkg, diff)
		}
		if m.Required != schema.RequiredJSONSchema || m.RequiredFrom != gen.RequiredFromModule {
			t.Errorf("%s: required fields read in the %s model, from %s; want the server's own jsonschema model, from its module", pkg, m.Required, m.RequiredFrom)
		} else {
			t.Logf("%s: %s", pkg, gen.Notes(m)[0])
		}
		for _, tool := range m.Tools {
			catalogName[pkg+"."+tool.Input.Name] = tool.Name
			nameFrom[tool.NameFrom]++
			ours, err := gen.ToolSchema(tool)
			if err != nil {
				t.Fatal(err)
			}
			theirs := server[pkg+"."+tool.Input.Name]
			serverCat = append(serverCat, map[string]any{"name": tool.Name, "inputSchema": theirs})
			genCat = append(genCat, map[string]any{"name": tool.Name, "inputSchema": json.RawMessage(ours)})
			// Every required list is the server's, also where a required
			// field reads its spelling-style variants (dashboardUid takes
			// dashboard_uid): one name per parameter.
			want := schemacmp.RequiredLists(theirs)
			if diff := cmp.Diff(want, schemacmp.RequiredLists(ours)); diff != "" {
				differ++
				t.Errorf("%s: required lists differ (-server +normgen):\n%s", tool.Input.Name, diff)
			} else {
				same++
			}
		}
	}
	t.Logf("required lists: %d tool types as the server's, %d differ", same, differ)
	// Every tool the server registers is named in the catalog as the
	// server names it.
	equal, names := 0, map[string]bool{}
	for _, r := range regs {
		var want string
		if err := json.Unmarshal(server["name:"+r.pkg+"."+r.name], &want); err != nil {
			t.Fatalf("%s.%s: the server's name: %v", r.pkg, r.name, err)
		}
		names[want] = true
		if got := catalogName[r.input]; got != want {
			t.Errorf("%s registers %s as %q; normgen's catalog names it %q", r.name, r.input, want, got)
			continue
		}
		equal++
	}
	if len(nameFrom) != 1 || nameFrom[gen.NameRegistered] == 0 {
		t.Errorf("catalog names taken from %v; want every one from a registration", nameFrom)
	}
	t.Logf("tool names: %d registrations (%d names, %d input types) named as the server names them, %d not; catalog names taken from %v", equal, len(names), len(catalogName), len(regs)-equal, nameFrom)
	// Pay once: every byte of an advertised schema is read on every
	// request. The generated input schemas, compact, against the ones the
	// server's own reflector (invopop) builds for the same types.
	var ourBytes, theirBytes int
	for i := range genCat {
		ourBytes += compactLen(t, genCat[i]["inputSchema"])
		theirBytes += compactLen(t, serverCat[i]["inputSchema"])
	}
	if dir := os.Getenv("NORMGEN_CATALOGS"); dir != "" {
		// The two catalogs, for a look at where the bytes go.
		for name, cat := range map[string][]map[string]any{"server.json": serverCat, "normgen.json": genCat} {
			data, _ := json.MarshalIndent(map[string]any{"tools": cat}, "", "  ")
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	ratio := float64(ourBytes) / float64(theirBytes)
	t.Logf("input schemas: %d bytes generated, %d bytes the server's (%.3fx)", ourBytes, theirBytes, ratio)
	if ratio > maxSchemaRatio {
		t.Errorf("generated input schemas are %.3fx the server's; at most %.2fx", ratio, maxSchemaRatio)
	}
	for _, c := range []struct {
		name string
		cat  []map[string]any
	}{{"the server's", serverCat}, {"normgen's", genCat}} {
		data, _ := json.Marshal(c.cat)
		findings, err := lint.CheckHosts(data, lint.Hosts())
		if err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		for _, f := range findings {
			count[string(f.Host)+" "+f.Kind]++
		}
		t.Logf("host findings on %s catalog: %v", c.name, count)
	}
}

func goCmd(t *testing.T, dir string, args ...string) []byte {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// maxSchemaRatio bounds the generated input schemas' compact bytes
// against the server's own for the same types: 1.245x since the
// letter-case patterns of enums write shared prefixes and suffixes once
// (1.265x before, 1.259x after each parameter is shown once and before
// arrays' items were read in any letter case; docs/performance.md says
// where the bytes go; issue 38 asks 1.2x, which the spelling alone does
// not reach).
const maxSchemaRatio = 1.25

// compactLen is the length of v's compact JSON text.
func compactLen(t *testing.T, v any) int {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.Len()
}
