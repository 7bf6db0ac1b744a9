package gen

import (
	"go/types"
	"testing"

	"github.com/normgen/normgen/schema"
)

// TestStdTypeNumber: a json.Number in a struct of another package, which
// encoding/json reads from a number or from text that is one, is any
// value in its schema: a string (its type to go/types) would refuse 12.5,
// which encoding/json takes (found by review).
func TestStdTypeNumber(t *testing.T) {
	jsonPkg := types.NewPackage("encoding/json", "json")
	number := types.NewNamed(types.NewTypeName(0, jsonPkg, "Number", nil), types.Typ[types.String], nil)
	if got := stdType(number, map[*types.Named]bool{}); got.Kind != schema.Any {
		t.Errorf("json.Number: kind %v, want any", got.Kind)
	}
	other := types.NewPackage("example.com/other", "other")
	text := types.NewNamed(types.NewTypeName(0, other, "Number", nil), types.Typ[types.String], nil)
	if got := stdType(text, map[*types.Named]bool{}); got.Kind != schema.String {
		t.Errorf("another package's Number over string: kind %v, want string", got.Kind)
	}
}

// TestStdTypeBytes: a []byte in a struct of another package is base64
// text or an array of numbers (schema.Type.Base64), as For describes it.
func TestStdTypeBytes(t *testing.T) {
	other := types.NewPackage("example.com/other", "other")
	raw := types.NewNamed(types.NewTypeName(0, other, "Raw", nil), types.NewSlice(types.Typ[types.Byte]), nil)
	for _, typ := range []types.Type{types.NewSlice(types.Typ[types.Byte]), raw, types.NewPointer(raw)} {
		if got := stdType(typ, map[*types.Named]bool{}); got.Kind != schema.String || !got.Base64 || !got.Nullable {
			t.Errorf("%s: %+v, want a nullable base64 string", typ, got)
		}
	}
}
