package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFlagsAndIOOnly keeps the command to its flags and I/O: what it does
// besides lives in the generator's packages (gen, gen/cli, gen/suggest),
// with their unit tests, and the command's non-test files stay within 900
// lines.
func TestFlagsAndIOOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines += bytes.Count(b, []byte("\n"))
	}
	if lines > 900 {
		t.Errorf("cmd/normgen's non-test files hold %d lines, over 900: move what is not flags and I/O to gen/cli (or gen, gen/suggest)", lines)
	}
}
