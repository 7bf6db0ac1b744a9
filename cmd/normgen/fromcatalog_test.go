package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// capture runs f with stdout redirected and returns its exit code and
// output.
func capture(t *testing.T, f func() int) (int, []byte) {
	t.Helper()
	r, w, _ := os.Pipe()
	old := os.Stdout
	os.Stdout = w
	done := make(chan []byte)
	go func() { b, _ := io.ReadAll(r); done <- b }()
	code := f()
	os.Stdout = old
	w.Close()
	return code, <-done
}

func catalogFile(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "catalogs", name)
}

// TestFromCatalog: on GitHub's MCP server catalog (117 tools), catalog
// -from keeps every tool and checks clean for every host, and rules
// -catalog turns {"issue_number":"5"} into 5 while {"body":"007"} stays
// a string.
func TestFromCatalog(t *testing.T) {
	gh := catalogFile("github-mcp-server.json")
	code, out := capture(t, func() int { return subcommands["catalog"]([]string{"-q", "-from", gh}) })
	if code != 0 {
		t.Fatalf("catalog -from: exit %d", code)
	}
	var cat struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(out, &cat); err != nil || len(cat.Tools) != 117 {
		t.Fatalf("catalog -from: %d tools, %v", len(cat.Tools), err)
	}
	lenientFile := filepath.Join(t.TempDir(), "lenient.json")
	os.WriteFile(lenientFile, out, 0o644)
	if code, out := capture(t, func() int { return runCheck([]string{"-host", "all", lenientFile}) }); code != 0 {
		t.Errorf("check -host all on the lenient catalog: exit %d\n%s", code, out)
	}
	if code := runCheck([]string{"-host", "all", gh}); code != 1 {
		t.Errorf("check -host all on the original catalog: exit %d, want 1", code)
	}
	// The leniency gaps left are all inside arrays or objects, where no
	// rule type reaches (the README says so).
	before, _ := schema.CheckCatalog(mustRead(t, gh))
	after, _ := schema.CheckCatalog(out)
	for _, f := range after {
		if !strings.ContainsAny(f.Path, ".[") {
			t.Errorf("top-level finding left: %s", f)
		}
	}
	if len(before) < 150 || len(after) > 20 {
		t.Errorf("check findings: %d before, %d after", len(before), len(after))
	}
	t.Logf("normgen check findings: %d before, %d after", len(before), len(after))

	code, out = capture(t, func() int { return subcommands["rules"]([]string{"-catalog=" + gh, "-q"}) })
	if code != 0 {
		t.Fatalf("rules -catalog: exit %d", code)
	}
	rules, err := lenient.LoadRules(bytes.NewReader(out), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := lenient.NewNormalizer(rules)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := n.NormalizeJSON("add_issue_comment", []byte(`{"owner":"o","repo":"r","issue_number":"5","body":"007"}`))
	if want := `{"owner":"o","repo":"r","issue_number":5,"body":"007"}`; err != nil || string(got) != want {
		t.Errorf("normalized %s, %v; want %s", got, err, want)
	}
}

func TestFromCatalogErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte("{\"tools\": [\n  {\"name\": 5}]}"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"-from", bad}, 1},
		{[]string{"-from", filepath.Join(t.TempDir(), "missing.json")}, 2},
		{[]string{"-from"}, 2},
		{[]string{"-from", bad, "extra"}, 2},
	} {
		if code, _ := capture(t, func() int { return subcommands["catalog"](tc.args) }); code != tc.code {
			t.Errorf("catalog %v: exit %d, want %d", tc.args, code, tc.code)
		}
	}
	if code, _ := capture(t, func() int { return subcommands["rules"]([]string{"-catalog", bad}) }); code != 1 {
		t.Errorf("rules -catalog on a malformed catalog: exit %d, want 1", code)
	}
}
