package schema

import (
	"reflect"
	"testing"
	"time"
)

type (
	stampShape struct{ time.Time }
	deepShape  struct{ stampShape }
	deepPtr    struct{ *stampShape }
	plainShape struct{ At time.Time }
)

// TestShapeEmbeddedTime: a time.Time, and a struct that embeds one,
// directly or through the structs it embeds (whose UnmarshalJSON it
// promotes), have the shape of a string, the text encoding/json writes
// and reads for them, which is what the gemini profile spells them as;
// a struct holding one as a field is an object (found by review: a
// struct embedding a struct{ time.Time } was an object, which its
// UnmarshalJSON refuses).
func TestShapeEmbeddedTime(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want Kind
	}{
		{time.Time{}, String},
		{stampShape{}, String},
		{deepShape{}, String},
		{deepPtr{}, String},
		{plainShape{}, Object},
		{[]deepShape{}, Array},
	} {
		typ := reflect.TypeOf(tc.v)
		got := shapeOf(typ)
		if got == nil || got.Kind != tc.want {
			t.Errorf("%v: shape %+v, want kind %v", typ, got, tc.want)
		}
		if tc.want == Array && (got.Elem == nil || got.Elem.Kind != String) {
			t.Errorf("%v: elements' shape %+v, want a string", typ, got.Elem)
		}
	}
}
