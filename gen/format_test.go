package gen

import (
	"bytes"
	"go/format"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// checkFormat fails unless formatSource gives go/format.Source's result
// (or fails as it does) on src and on src with its indentation removed,
// the way jennifer renders before formatting, in pieces of the usual size
// and in pieces as small as can be.
func checkFormat(t *testing.T, name string, src []byte) {
	t.Helper()
	defer func(size int) { pieceSize = size }(pieceSize)
	for _, s := range [][]byte{src, lineIndent.ReplaceAll(src, nil)} {
		want, werr := format.Source(s)
		for _, size := range []int{32 << 10, 0} {
			pieceSize = size
			got, gerr := formatSource(s)
			if (werr == nil) != (gerr == nil) || !bytes.Equal(want, got) {
				t.Errorf("%s: formatSource (pieces of %d bytes) differs from format.Source (errors %v, %v)\n--- want\n%s\n--- got\n%s", name, size, werr, gerr, want, got)
				return
			}
		}
	}
}

var lineIndent = regexp.MustCompile(`(?m)^[ \t]+`)

// TestFormatSource compares formatSource with go/format.Source on every Go
// file of the repository and on cases where a file cannot be split.
func TestFormatSource(t *testing.T) {
	cases := map[string]string{
		"one-line funcs align": "package p\nfunc a() { x() }\nfunc bcd() { x() }\n\nfunc e() { x() }\n",
		"trailing comment":     "package p\nvar a = 1 // a\nvar b = 2\n\n\n\nvar c = 3 /* c\n*/\nconst d = `\nd`\n",
		"free comment":         "package p\nfunc a() {}\n// free\n\nfunc b() {}\n// doc\nfunc c() {}\n\n/* doc */\nvar d = `x`\n",
		"raw constants":        "package p\n// A is a.\nconst A = `{\n  \"a\": 1\n}`\n// B is b.\nconst B = `\r\n`\nconst C = `normgen:raw string:eb7c1f`\nconst D = \"`\"\n",
		"func values":          "package p\nvar f = func() {\n}\nvar g = 1 +\n2\ntype T struct{ f func() }\n",
		"semicolons":           "package p; import \"fmt\"; func a() { fmt.Println() }; var b = 1;\nvar c = 2\n",
		"not go":               "package p\nfunc a() {\n",
		"header only":          "// Code generated. DO NOT EDIT.\n\npackage p\n",
		"imports":              "package p\n\nimport \"b\"\n\nimport (\n\"z\"\n\"a\"\n)\n\nvar _ = a.A\n\n\nvar _ = z.Z\n",
	}
	for name, src := range cases {
		checkFormat(t, name, []byte(src))
	}
	root := repoRoot(t)
	n := 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		n++
		checkFormat(t, p, src)
		return nil
	})
	if n < 100 {
		t.Errorf("only %d Go files under %s", n, root)
	}
}
