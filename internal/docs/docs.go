// Package docs reads normgen's documentation, README.md and the pages in
// docs/, for the tests that check what it shows against what the code does.
package docs

import (
	"bytes"
	"os"
	"path/filepath"
)

// Files returns the documentation's files under the repository root: README.md
// first, then docs/*.md in name order.
func Files(root string) ([]string, error) {
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	return append([]string{filepath.Join(root, "README.md")}, pages...), nil
}

// Read returns every documentation file under root, joined with blank
// lines, so that a test can find a marked block wherever it lives.
func Read(root string) ([]byte, error) {
	files, err := Files(root)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		b.Write(data)
		b.WriteString("\n\n")
	}
	return b.Bytes(), nil
}
