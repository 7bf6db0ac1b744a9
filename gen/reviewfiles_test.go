package gen

import (
	"go/token"
	"path/filepath"
	"testing"
)

// TestDiagnosticIn: relative file names (the diagnostic's and its Related
// ones) are joined to the package directory, absolute ones kept, a
// diagnostic with no position left as it is, and the original's Related
// not changed.
func TestDiagnosticIn(t *testing.T) {
	abs := filepath.Join(t.TempDir(), "other.go")
	d := Diagnostic{
		Pos: token.Position{Filename: "bad.go", Line: 7, Column: 2}, Msg: "m",
		Related: []Related{{Pos: token.Position{Filename: "decode.go", Line: 3, Column: 1}}, {Pos: token.Position{Filename: abs}}, {Msg: "no position"}},
	}
	got := d.In("examples/x")
	if got.Pos.Filename != filepath.Join("examples/x", "bad.go") || got.Related[0].Pos.Filename != filepath.Join("examples/x", "decode.go") || got.Related[1].Pos.Filename != abs || got.Related[2].Pos.Filename != "" {
		t.Errorf("got %+v", got)
	}
	if d.Related[0].Pos.Filename != "decode.go" {
		t.Errorf("the original's Related changed: %+v", d.Related)
	}
	if got := (Diagnostic{Msg: "m", Related: d.Related}).In("x"); got.Related[0].Pos.Filename != "decode.go" {
		t.Errorf("no position: %+v", got)
	}
}
