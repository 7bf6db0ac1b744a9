package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNormalizeValueAliases runs `normgen rules` on the filesystem example
// and feeds its rule table to `normgen normalize`: a step's "cp" inside the
// pipeline payload's steps array becomes "copy"; "ln", not an alias, is
// left for the decoder to reject.
func TestNormalizeValueAliases(t *testing.T) {
	dir := filepath.Join("..", "..", "examples", "filesystem")
	cmd := exec.Command("go", "run", ".", "rules", dir)
	rulesJSON, err := cmd.Output()
	if err != nil {
		t.Fatalf("normgen rules: %v", err)
	}
	rules := filepath.Join(t.TempDir(), "rules.json")
	if err := os.WriteFile(rules, rulesJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	out := runWithStdin(t, `{"pipeline_json":"{\"steps\":[{\"action\":\"cp\"},{\"action\":\"ln\"}]}"}`, "-rules", rules, "-tool", "batch_operations")
	for _, want := range []string{`"action": "copy"`, `"action": "ln"`, `"type": "value_alias"`, `"from": "\"cp\""`, `"to": "\"copy\""`} {
		if !strings.Contains(out, want) {
			t.Errorf("normalize output lacks %s:\n%s", want, out)
		}
	}
}
