package gen

import (
	"go/token"
	"path/filepath"
	"testing"
)

// TestDiagnosticIn: relative file names (the diagnostic's and its Related
// ones) are joined to the package directory, absolute ones kept, and so
// are the standard library's as a toolchain built with -trimpath names
// them ($GOROOT/src/time/time.go, which was shown as
// examples/x/$GOROOT/src/time/time.go), a
// diagnostic with no position left as it is, and the original's Related
// not changed.
func TestDiagnosticIn(t *testing.T) {
	abs := filepath.Join(t.TempDir(), "other.go")
	d := Diagnostic{
		Pos: token.Position{Filename: "bad.go", Line: 7, Column: 2}, Msg: "m",
		Related: []Related{{Pos: token.Position{Filename: "decode.go", Line: 3, Column: 1}}, {Pos: token.Position{Filename: abs}}, {Msg: "no position"},
			{Pos: token.Position{Filename: "$GOROOT/src/time/time.go", Line: 1604, Column: 1}}},
	}
	got := d.In("examples/x")
	if got.Pos.Filename != filepath.Join("examples/x", "bad.go") || got.Related[0].Pos.Filename != filepath.Join("examples/x", "decode.go") || got.Related[1].Pos.Filename != abs || got.Related[2].Pos.Filename != "" ||
		got.Related[3].Pos.Filename != "$GOROOT/src/time/time.go" {
		t.Errorf("got %+v", got)
	}
	if d.Related[0].Pos.Filename != "decode.go" {
		t.Errorf("the original's Related changed: %+v", d.Related)
	}
	if got := (Diagnostic{Msg: "m", Related: d.Related}).In("x"); got.Related[0].Pos.Filename != "decode.go" {
		t.Errorf("no position: %+v", got)
	}
}
