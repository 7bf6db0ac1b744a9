package main

import (
	"bytes"
	"context"
	"fmt"
	"github.com/normgen/normgen/internal/docs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
)

// TestCheckHostCommand: `normgen check -host gemini` exits 1 and names the
// field of a type array; an unknown host is a usage error.
func TestCheckHostCommand(t *testing.T) {
	cat := filepath.Join(t.TempDir(), "typearray.json")
	os.WriteFile(cat, []byte(`[{"name":"t","inputSchema":{"type":"object","properties":{"limit":{"type":["integer","string"],"pattern":"^-?[0-9]+$"}}}}]`), 0o644)
	if code := runCheck([]string{"-host", "gemini", cat}); code != 1 {
		t.Errorf("type array under -host gemini: exit %d, want 1", code)
	}
	out := captureStdout(t, func() { runCheck([]string{"-host", "gemini", "-json", cat}) })
	if !strings.Contains(out, `"path": "limit"`) || !strings.Contains(out, `"host": "gemini"`) || !strings.Contains(out, `"kind": "type-array"`) {
		t.Errorf("findings do not name the field and host:\n%s", out)
	}
	if code := runCheck([]string{"-host", "claude", cat}); code != 0 {
		t.Errorf("type array under -host claude: exit %d, want 0", code)
	}
	if code := runCheck([]string{"-host", "bard", cat}); code != 2 {
		t.Errorf("unknown host: exit %d, want 2", code)
	}
	if code := runCheck([]string{"-host", "gemini@2", cat}); code != 2 {
		t.Errorf("a version for a host without versions: exit %d, want 2", code)
	}
}

// TestCheckHostNotes: a note (Claude's undocumented strict-grammar limit)
// is printed, in -json too, but alone does not fail the check.
func TestCheckHostNotes(t *testing.T) {
	var props []string
	for i := range 30 {
		props = append(props, fmt.Sprintf(`"f%d":{"type":"string"}`, i))
	}
	cat := filepath.Join(t.TempDir(), "wide.json")
	os.WriteFile(cat, []byte(`[{"name":"wide","inputSchema":{"type":"object","properties":{`+strings.Join(props, ",")+`}}}]`), 0o644)
	var code int
	out := captureStdout(t, func() { code = runCheck([]string{"-host", "claude", cat}) })
	if code != 0 || !strings.Contains(out, "wide: (root): claude: note: 30 optional properties in this catalog (30 in this tool)") {
		t.Errorf("exit %d, want 0 and the note; stdout:\n%s", code, out)
	}
	out = captureStdout(t, func() { code = runCheck([]string{"-host", "claude,openai", "-json", cat}) })
	if code != 0 || !strings.Contains(out, `"note": true`) {
		t.Errorf("-json: exit %d, stdout:\n%s", code, out)
	}
	os.WriteFile(cat, []byte(`[{"name":"wide","inputSchema":{"type":"object","properties":{`+strings.Join(props, ",")+`,"l":{"type":"array"}}}}]`), 0o644)
	if code := runCheck([]string{"-host", "claude,openai", cat}); code != 1 {
		t.Errorf("a note and a finding: exit %d, want 1", code)
	}
}

// TestRepoCatalogsPassEveryHost generates the catalog of every package
// the repository generates for (the examples and the benchmark package)
// and checks it: the default profile breaks no rule of any host "all"
// names and has no leniency gap; the gemini profile breaks no Gemini rule;
// the typearray profile breaks none of the older Codex CLI releases';
// the openai-strict profile none of OpenAI's strict mode (notes, which
// warn of undocumented limits, are not failures).
func TestRepoCatalogsPassEveryHost(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, dir := range []string{"examples/filesystem", "examples/mail", "examples/typed", "gen/internal/benchdata"} {
		m, diags := gen.Load(context.Background(), gen.Config{Dir: filepath.Join(root, dir)})
		if len(diags) > 0 {
			t.Fatalf("%s: %v", dir, diags)
		}
		for _, tc := range []struct {
			profile lenient.Profile
			hosts   []lint.Host
		}{
			{lenient.ProfilePortable, lint.Hosts()},
			{lenient.ProfileGemini, []lint.Host{lint.HostGemini}},
			// Codex CLI 0.111 and earlier read the typearray profile.
			{lenient.ProfileTypeArray, []lint.Host{"codex@0.111", "codex@0.42"}},
			// OpenAI's strict mode reads openai-strict (every tool of
			// these packages has a schema in it).
			{lenient.ProfileOpenAIStrict, []lint.Host{lint.HostOpenAIStrict}},
		} {
			cat, err := gen.Catalog(m, tc.profile)
			if err != nil {
				t.Fatal(err)
			}
			if tc.profile != lenient.ProfileTypeArray && bytes.Contains(cat, []byte(`"type": [`)) {
				t.Errorf("%s (%s): a type array in the catalog", dir, tc.profile)
			}
			fs, err := lint.CheckHosts(cat, tc.hosts)
			if err != nil {
				t.Fatal(err)
			}
			if tc.profile == lenient.ProfilePortable {
				lf, err := lint.CheckCatalog(cat)
				if err != nil {
					t.Fatal(err)
				}
				fs = append(fs, lf...)
			}
			for _, f := range fs {
				if !f.Note {
					t.Errorf("%s (%s): %s", dir, tc.profile, f)
				}
			}
		}
	}
}

// captureStdout returns what f prints on standard output.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan []byte)
	go func() {
		var b bytes.Buffer
		b.ReadFrom(r)
		done <- b.Bytes()
	}()
	f()
	w.Close()
	os.Stdout = old
	return string(<-done)
}

// TestReadmeHostFinding: the finding the README shows is what `normgen
// check -host gemini` prints for the SDK-inferred catalog in testdata.
func TestReadmeHostFinding(t *testing.T) {
	root := filepath.Join("..", "..")
	cat, err := os.ReadFile(filepath.Join(root, "testdata", "catalogs", "go-sdk-inferred.json"))
	if err != nil {
		t.Fatal(err)
	}
	fs, err := lint.CheckHosts(cat, []lint.Host{lint.HostGemini})
	if err != nil {
		t.Fatal(err)
	}
	readme, err := docs.Read(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if f.Tool == "search" && f.Path == "offset" {
			if !bytes.Contains(readme, []byte("\n"+f.String()+"\n")) {
				t.Errorf("README does not show the finding as printed:\n%s", f)
			}
			return
		}
	}
	t.Errorf("no gemini finding for search.offset in %v", fs)
}
