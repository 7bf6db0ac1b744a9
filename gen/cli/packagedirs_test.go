package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPackageDirs: DIR/... matches the directories below DIR that hold a
// non-test Go file, as the go command matches packages (not testdata,
// vendor, _ or . directories, nested modules), sorted; a directory given
// twice comes once; a pattern that matches nothing is an error.
func TestPackageDirs(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"tools/a.go", "tools/sql/b.go", "tools/x_test.go", "tools/only/y_test.go", "tools/testdata/c.go", "tools/_old/d.go", "tools/.hidden/e.go", "tools/vendor/f.go", "tools/nested/go.mod", "tools/nested/g.go", "tools/z/h.go", "empty/README"} {
		p := filepath.Join(root, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("package x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(root)
	dirs, matched, err := PackageDirs([]string{"./tools/sql", "./tools/..."})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"./tools/sql", "./tools", "./tools/z"}, dirs); diff != "" {
		t.Errorf("dirs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]bool{false, true, true}, matched); diff != "" {
		t.Errorf("matched (-want +got):\n%s", diff)
	}
	if _, _, err := PackageDirs([]string{"./empty/..."}); err == nil || !strings.Contains(err.Error(), "matches no Go package") {
		t.Errorf("./empty/...: error %v", err)
	}
}
