package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/gen"
)

func TestUnifiedDiff(t *testing.T) {
	a := []byte("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n")
	b := []byte("1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n")
	want := "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
	if got := UnifiedDiff("a", "b", a, b); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// A new file: an empty range starts at line 0.
	if got, want := UnifiedDiff("a", "b", nil, []byte("x\n")), "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n"; got != want {
		t.Errorf("new file: got:\n%s\nwant:\n%s", got, want)
	}
	if got, want := UnifiedDiff("a", "b", a, a), "--- a\n+++ b\n"; got != want {
		t.Errorf("equal: got %q, want %q", got, want)
	}
}

// TestDrift: a file that differs from the generated one, or is missing,
// is stale, with its diff named from the working directory; an
// unreadable one ends the check.
func TestDrift(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	abs, _ := os.Getwd()
	os.WriteFile("same.go", []byte("a\n"), 0o644)
	os.WriteFile("old.go", []byte("a\n"), 0o644)
	files := []gen.File{
		{Path: filepath.Join(abs, "same.go"), Content: []byte("a\n")},
		{Path: filepath.Join(abs, "old.go"), Content: []byte("b\n")},
		{Path: filepath.Join(abs, "new.go"), Content: []byte("c\n")},
	}
	diff, err := Drift(files)
	wantDiff := "--- old.go (on disk)\n+++ old.go (generated)\n@@ -1,1 +1,1 @@\n-a\n+b\n" +
		"--- new.go (on disk)\n+++ new.go (generated)\n@@ -0,0 +1,1 @@\n+c\n"
	if diff != wantDiff || err == nil || err.Error() != "2 generated file(s) are stale: run normgen (go generate) and commit the result" {
		t.Errorf("got %q, %v; want %q and 2 stale", diff, err, wantDiff)
	}
	if diff, err := Drift(files[:1]); diff != "" || err != nil {
		t.Errorf("fresh: %q, %v", diff, err)
	}
	os.Mkdir("dir.go", 0o755)
	if diff, err := Drift(append(files[1:2:2], gen.File{Path: filepath.Join(abs, "dir.go")})); !strings.HasPrefix(diff, "--- old.go") || err == nil || strings.Contains(err.Error(), "stale") {
		t.Errorf("unreadable: %q, %v; want old.go's diff and the read error", diff, err)
	}
}

// TestWriteFiles: files are written (their folders made), mode 0644, and
// a file that already holds the bytes is left as it is.
func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "sub", "x.go")
	if err := WriteFiles([]gen.File{{Path: p, Content: []byte("x\n")}}); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(p)
	if err != nil || info.Mode().Perm() != 0o644 {
		t.Fatalf("%v, %v", info, err)
	}
	os.Chmod(p, 0o600) // a rewrite would make it 0644 again
	if err := WriteFile(p, []byte("x\n")); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o600 {
		t.Errorf("the same bytes were written again")
	}
	if err := WriteFile(p, []byte("y\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "y\n" {
		t.Errorf("got %q", b)
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("temp files left: %v", entries)
	}
}
