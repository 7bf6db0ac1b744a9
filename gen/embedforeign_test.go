package gen

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/tempmodule"
)

// TestEmbeddedForeignStruct: a problem in a field promoted from an
// embedded struct of another package, which the user cannot edit, is
// reported at the embedding field, saying what to do there (a json tag
// makes encoding/json decode it as one value), with the field's own
// place after it; the same struct as a tagged field loads (found by a
// review: the error stood in the other package, at column 1, with advice
// that could not be followed).
func TestEmbeddedForeignStruct(t *testing.T) {
	mod := tempmodule.New(t, "example.com/d", map[string]string{
		"other/other.go": `package other

type Point struct {
	X   int    ` + "`json:\"x\"`" + `
	Raw []byte ` + "`json:\"raw,omitempty\"`" + `
}
`,
		"d/tools.go": `package d

import "example.com/d/other"

//normgen:tool
type Embeds struct {
	other.Point
	Name string ` + "`json:\"name\"`" + `
}
`,
		"e/tools.go": `package e

import "example.com/d/other"

//normgen:tool
type Tagged struct {
	other.Point ` + "`json:\"point\"`" + `
	Name string ` + "`json:\"name\"`" + `
}
`,
	})
	_, diags := Load(context.Background(), Config{Dir: filepath.Join(mod, "d")})
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		"tools.go:7:8: field Embeds.Point.Raw: unsupported type []byte",
		"it is promoted from the embedded other.Point, whose fields normgen reads as this package's own: give the embedded field a json tag (other.Point `json:\"point\"`) for encoding/json to decode it as one value, or declare a struct of this package",
		"other/other.go:5:1: the field, in package example.com/d/other",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, all)
		}
	}
	m, diags := Load(context.Background(), Config{Dir: filepath.Join(mod, "e")})
	for _, d := range diags {
		if !d.Warning {
			t.Errorf("the tagged embedding: %s", d)
		}
	}
	if m == nil {
		t.Error("the tagged embedding did not load")
	}
}
