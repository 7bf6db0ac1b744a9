package main

import (
	"github.com/normgen/normgen/internal/docs"
	"regexp"
	"testing"
)

// TestReadmeCheckHost: the `normgen check -host` finding the README shows
// is what the command prints for a field with a type array.
func TestReadmeCheckHost(t *testing.T) {
	readme, err := docs.Read(repoRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("<!-- output: normgen check -host gemini -->\n```\n((?s:.*?))```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no block marked <!-- output: normgen check -host gemini -->")
	}
	catalog := `[{"name":"search","inputSchema":{"type":"object","properties":{"offset":{"type":["null","integer"]}}}}]`
	code, stdout, stderr := normgen(t, t.TempDir(), catalog, "check", "-host", "gemini", "-")
	if code != 1 || stdout != string(m[1]) {
		t.Errorf("exit %d, stdout:\n%s\nstderr: %s\nthe README shows:\n%s", code, stdout, stderr, m[1])
	}
}
