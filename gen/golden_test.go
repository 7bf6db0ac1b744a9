package gen

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/normgen/normgen/internal/tempmodule"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
)

var update = flag.Bool("update", false, "rewrite the golden files in ../golden")

// The golden cases live in ../golden/*.txtar. Each holds an input package
// (input/*.go, with behaviour tests in input/*_test.go) and what normgen
// makes of it: want/generated.go, want/catalog.json and want/rules.json, or
// want/diagnostics for error cases.
//
// TestGolden generates each case in a temporary module and compares; then
// it builds every generated package and runs its behaviour tests, which
// decode lenient inputs and check the schema/decoder invariant.
func TestGolden(t *testing.T) {
	root := repoRoot(t)
	archives, _ := filepath.Glob(filepath.Join(root, "golden", "*.txtar"))
	if len(archives) == 0 {
		t.Fatal("no golden cases in golden/")
	}
	mod := tempmodule.New(t, "github.com/normgen/normgen/golden/cases", nil)
	runnable := 0
	for _, path := range archives {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(mod, name)
		for _, f := range ar.Files {
			if rest, ok := strings.CutPrefix(f.Name, "input/"); ok {
				writeFile(t, filepath.Join(dir, rest), f.Data)
			}
		}
		got := map[string][]byte{}
		var warns bytes.Buffer
		files, diags := Generate(context.Background(), Config{Dir: dir, OnWarning: func(d Diagnostic) { warns.WriteString(d.String() + "\n") }})
		if warns.Len() > 0 {
			got["want/warnings"] = warns.Bytes()
		}
		quiet := func(Diagnostic) {} // said once, above
		if len(diags) > 0 {
			var b bytes.Buffer
			for _, d := range diags {
				b.WriteString(d.String() + "\n")
			}
			got["want/diagnostics"] = b.Bytes()
		} else {
			for _, f := range files {
				writeFile(t, f.Path, f.Content)
				got["want/generated.go"] = f.Content
			}
			m, _ := Load(context.Background(), Config{Dir: dir, OnWarning: quiet})
			if notes := factNotes(m); notes != nil {
				got["want/notes"] = notes
			}
			if got["want/catalog.json"], err = Catalog(m, ""); err != nil {
				t.Fatal(err)
			}
			if got["want/rules.json"], err = RuleTable(m); err != nil {
				t.Fatal(err)
			}
			checkStrictCatalog(t, name, m)
			checkDerived(t, name, m)
			writeFile(t, filepath.Join(dir, "zz_rules_test.go"), tempmodule.RulesTestRequired(files[0].Content, 2000, m.Required))
			// The gemini profile advertises no form the decoder refuses,
			// for every golden type (those with their own decoders too).
			writeFile(t, filepath.Join(dir, "zz_gemini_test.go"), []byte("package "+tempmodule.PackageName(files[0].Content)+`

import (
	"testing"

	"github.com/normgen/normgen/internal/invariant"
)

func TestGeminiForms(t *testing.T) { invariant.CheckGeminiForms(t, NormgenTools()) }
`))
			again, _ := Generate(context.Background(), Config{Dir: dir, OnWarning: quiet})
			if len(again) != 1 || !bytes.Equal(again[0].Content, files[0].Content) {
				t.Errorf("%s: generating twice gives different bytes", name)
			}
			runnable++
		}
		compareGolden(t, name, path, ar, got)
	}
	if t.Failed() || runnable == 0 {
		return
	}
	out, err := tempmodule.Go(mod, "test", "-count=1", "./...")
	if err != nil {
		t.Fatalf("behaviour tests of the generated golden packages failed: %v\n%s", err, out)
	}
	t.Logf("behaviour tests:\n%s", out)
}

// compareGolden compares the want/ files of an archive with what was
// generated, or rewrites them with -update.
func compareGolden(t *testing.T, name, path string, ar *txtar.Archive, got map[string][]byte) {
	t.Helper()
	if *update {
		var files []txtar.File
		for _, f := range ar.Files {
			if !strings.HasPrefix(f.Name, "want/") {
				files = append(files, f)
			}
		}
		var keys []string
		for k := range got {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			files = append(files, txtar.File{Name: k, Data: got[k]})
		}
		ar.Files = files
		if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := map[string][]byte{}
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "want/") {
			want[f.Name] = f.Data
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			want[k] = nil
		}
	}
	for k, w := range want {
		if diff := cmp.Diff(string(w), string(got[k])); diff != "" {
			t.Errorf("%s: %s differs (-want +got); run `go test ./gen -update` and review the diff:\n%s", name, k, diff)
		}
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func repoRoot(testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// checkStrictCatalog checks that `normgen check -host openai-strict` finds
// nothing in the package's openai-strict catalog, but for the tools that
// profile cannot express (printed in portable, with a warning), where it
// must find something.
func checkStrictCatalog(t *testing.T, name string, m *Package) {
	t.Helper()
	cat, err := Catalog(m, lenient.ProfileOpenAIStrict)
	if err != nil {
		t.Fatal(err)
	}
	findings, err := lint.CheckHosts(cat, []lint.Host{lint.HostOpenAIStrict})
	if err != nil {
		t.Fatal(err)
	}
	flagged := map[string]bool{}
	for _, f := range findings {
		flagged[f.Tool] = true
	}
	for _, tool := range m.Tools {
		_, gaps, err := strictSchema(tool)
		if err != nil {
			t.Fatal(err)
		}
		if flagged[tool.Name] != (len(gaps) > 0) {
			t.Errorf("%s: tool %s: check -host openai-strict finds %v in its openai-strict schema; strict gaps: %v", name, tool.Name, findings, gaps)
		}
	}
}

// factNotes is what `normgen catalog -v` notes of a package where a fact
// was taken from the server's own code (a registered name, the module's
// model of required fields), one a line; nil elsewhere.
func factNotes(m *Package) []byte {
	fromServer := m.RequiredFrom == RequiredFromModule
	for _, t := range m.Tools {
		fromServer = fromServer || t.NameFrom == NameRegistered
	}
	if !fromServer {
		return nil
	}
	var b bytes.Buffer
	for _, n := range Notes(m) {
		b.WriteString(n.String() + "\n")
	}
	return b.Bytes()
}
