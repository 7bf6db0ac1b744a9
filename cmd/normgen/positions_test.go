package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/tempmodule"
)

const positionsSrc = `package tools

import "encoding/json"

// Color is a color name.
type Color string

// UnmarshalJSON reads a JSON string.
func (c *Color) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*c = Color(s)
	return nil
}

// PaintInput is the input of paint.
//
//normgen:tool paint
type PaintInput struct {
	Color Color ` + "`json:\"color\"`" + `
}
`

// TestWarningPositions: generate, suggest and stats -pkg print a
// generator warning compiler-style, once prefixed: its position relative
// to the working directory, and a position it refers to on a line of its
// own, relative to the working directory too, never inside the message
// relative to the package (issue 39: "normgen: WARN normgen:
// tools.go:72:2: … own UnmarshalJSON (tools.go:17:17)").
func TestWarningPositions(t *testing.T) {
	bin := buildNormgen(t)
	mod := tempmodule.New(t, "example.com/p", map[string]string{"tools/tools.go": positionsSrc})
	calls := filepath.Join(mod, "calls.jsonl")
	if err := os.WriteFile(calls, []byte(`{"tool":"paint","args":{"color":"red"}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "tools/tools.go:22:2: warning: field PaintInput.Color: Color is decoded by its own UnmarshalJSON, which normgen cannot see into"
	related := "\n\ttools/tools.go:9:17: "
	for _, args := range [][]string{
		{"tools"},
		{"suggest", "-calls", "calls.jsonl", "tools"},
	} {
		code, out, errOut := runBin(t, mod, bin, args...)
		if code != 0 {
			t.Fatalf("normgen %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
		}
		if !strings.Contains(errOut, want) || !strings.Contains(errOut, related) || strings.Contains(errOut, "WARN") || strings.Contains(errOut, "(tools.go:") {
			t.Errorf("normgen %s: stderr:\n%s\nwant a line starting %q, then one starting %q", strings.Join(args, " "), errOut, want, related[1:])
		}
	}
}
