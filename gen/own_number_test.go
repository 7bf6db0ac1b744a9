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

// TestStdTypeOwnBytes: a slice of a byte type with its own UnmarshalText
// is base64 text or an array of text (schema.Type.Elem), as For describes
// it (found by review).
func TestStdTypeOwnBytes(t *testing.T) {
	other := types.NewPackage("example.com/other", "other")
	b := types.NewNamed(types.NewTypeName(0, other, "B", nil), types.Typ[types.Byte], nil)
	recv := types.NewVar(0, other, "b", types.NewPointer(b))
	sig := types.NewSignatureType(recv, nil, nil,
		types.NewTuple(types.NewVar(0, other, "text", types.NewSlice(types.Typ[types.Byte]))),
		types.NewTuple(types.NewVar(0, nil, "", types.Universe.Lookup("error").Type())), false)
	b.AddMethod(types.NewFunc(0, other, "UnmarshalText", sig))
	got := stdType(types.NewSlice(b), map[*types.Named]bool{})
	if got.Kind != schema.String || !got.Base64 || got.Elem == nil || got.Elem.Kind != schema.String {
		t.Errorf("[]B: %+v, want base64 with string elements", got)
	}
	if got := stdType(types.NewSlice(types.Typ[types.Byte]), map[*types.Named]bool{}); got.Elem != nil {
		t.Errorf("[]byte: elements %+v, want none (bytes)", got.Elem)
	}
}
