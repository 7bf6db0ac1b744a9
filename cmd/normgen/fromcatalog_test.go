package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/normgen/normgen/lenient"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/normalize"
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
	// Every host rule holds on the rewrite but one the deriver cannot
	// fix: a field GitHub's schema gives no type (projects_write's
	// updated_field.value takes any value; a typed spelling would refuse
	// some), which Vertex AI refuses and Codex CLI shows as a string. The
	// catalog's 326 optional properties give Claude's strict-grammar note,
	// a warning and no failure.
	hostFindings, err := lint.CheckHosts(out, lint.Hosts())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range hostFindings {
		if f.Note || f.Kind == lint.KindMissingType && f.Tool == "projects_write" && f.Path == "updated_field.value" {
			continue
		}
		t.Errorf("check -host all on the lenient catalog: %s", f)
	}
	if code := runCheck([]string{"-host", "all", gh}); code != 1 {
		t.Errorf("check -host all on the original catalog: exit %d, want 1", code)
	}
	before, _ := lint.CheckCatalog(mustRead(t, gh))
	after, _ := lint.CheckCatalog(out)
	if len(before) < 150 || len(after) > 0 {
		t.Errorf("check findings: %d before, %d after; want none after: %v", len(before), len(after), after)
	}
	t.Logf("normgen check findings: %d before, %d after", len(before), len(after))

	code, out = capture(t, func() int { return subcommands["rules"]([]string{"-catalog=" + gh, "-q"}) })
	if code != 0 {
		t.Fatalf("rules -catalog: exit %d", code)
	}
	rules, err := normalize.LoadRules(bytes.NewReader(out), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tool, in, want string }{
		{"add_issue_comment", `{"owner":"o","repo":"r","issue_number":"5","body":"007"}`, `{"owner":"o","repo":"r","issue_number":5,"body":"007"}`},
		// Rule paths reach inside arrays of objects, given natively or as JSON text.
		{"projects_write", `{"items":[{"item_id":"5"},{"node_id":"007"}]}`, `{"items":[{"item_id":5},{"node_id":"007"}]}`},
		{"projects_write", `{"items":"[{\"item_id\":\"5\"}]"}`, `{"items":[{"item_id":5}]}`},
	} {
		got, _, err := n.NormalizeJSON(c.tool, []byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("%s %s: normalized %s, %v; want %s", c.tool, c.in, got, err, c.want)
		}
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

// TestFromCatalogRules: with -rules, a field that a default of the rules
// file fills is not required in the printed schema; one that an alias
// fills stays required, and the alias is not declared (one name per
// parameter).
func TestFromCatalogRules(t *testing.T) {
	rules := filepath.Join(t.TempDir(), "rules.json")
	os.WriteFile(rules, []byte(`[{"id":"n","tools":["add_issue_comment"],"type":"param_alias","from":"number","to":"issue_number"},{"id":"r","tools":["add_issue_comment"],"type":"param_default","from":"repo","value":"github-mcp-server"}]`), 0o644)
	code, out := capture(t, func() int {
		return subcommands["catalog"]([]string{"-q", "-rules", rules, "-from", catalogFile("github-mcp-server.json")})
	})
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var cat struct {
		Tools []struct {
			Name        string `json:"name"`
			InputSchema struct {
				Required   []string                   `json:"required"`
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"inputSchema"`
		} `json:"tools"`
	}
	json.Unmarshal(out, &cat)
	for _, tool := range cat.Tools {
		if tool.Name == "add_issue_comment" {
			if got := fmt.Sprint(tool.InputSchema.Required); got != "[owner issue_number]" {
				t.Errorf("required %s, want [owner issue_number]", got)
			}
			if _, ok := tool.InputSchema.Properties["number"]; ok {
				t.Error("the alias number is declared")
			}
			return
		}
	}
	t.Error("add_issue_comment not found")
}

// TestFromCatalogRulesOverlap: with -rules, a derived rule that a rule of
// the file overlaps (here a wildcard coercion of one of GitHub's boolean
// fields, as mcp-filesystem-go-ultra's rules file has) is left out of
// rules -catalog, with a warning only where the two differ (where they
// do, the value's other derived rules go too), and the rest loads beside
// the file.
func TestFromCatalogRulesOverlap(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "rules.json")
	os.WriteFile(rules, []byte(`[{"id":"draft-bool","tools":["*"],"type":"type_coerce","from":"draft","coerce_to":"bool"},
		{"id":"perPage-strict","tools":["*"],"type":"type_coerce","from":"perPage","coerce_to":"int_literal"}]`), 0o644)
	code, out := capture(t, func() int {
		return subcommands["rules"]([]string{"-q", "-rules", rules, "-catalog", catalogFile("github-mcp-server.json")})
	})
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	derived, err := normalize.LoadRules(bytes.NewReader(out), nil)
	if err != nil {
		t.Fatal(err)
	}
	mine, err := normalize.LoadRulesFile(rules, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := normalize.ValidateRules(append(mine, derived...), nil); err != nil {
		t.Errorf("the derived rules do not load beside the rules file: %v", err)
	}
	keptAbsent := false
	for _, r := range derived {
		// (draft-bool does what the derived coercion does: the value
		// keeps its other rules; perPage-strict reads perPage otherwise:
		// the value is left strict, with none of its derived rules)
		if r.From == "draft" && r.Type == lenient.RuleTypeCoerce || r.From == "perPage" {
			t.Errorf("derived rule %s kept", r.ID)
		}
		keptAbsent = keptAbsent || r.From == "draft" && r.Type == lenient.RuleAbsent
	}
	if !keptAbsent {
		t.Error("no derived absent rule of draft kept beside draft-bool, which does the same as the coercion it replaces")
	}
	if len(derived) < 100 {
		t.Errorf("%d derived rules left", len(derived))
	}
}
