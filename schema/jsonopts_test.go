package schema

import (
	"reflect"
	"strings"
	"testing"
)

// TestJSONOptionMisspelled: by reflection as in the generator, a json
// option no encoding/json reads is refused naming the field and the option
// it is near; omitempty, omitzero and encoding/json/v2's format:... are
// taken.
func TestJSONOptionMisspelled(t *testing.T) {
	var bad struct {
		Path string `json:"path,omitempy"`
	}
	_, err := Describe(reflect.TypeOf(bad))
	if err == nil || !strings.HasPrefix(err.Error(), "path: json option omitempy is not one encoding/json knows; did you mean omitempty?") {
		t.Errorf("Describe: %v; want the option refused, near omitempty", err)
	}
	var good struct {
		A string `json:"a,omitempty"`
		B string `json:"b,omitzero"`
		C string `json:"c,omitempty,format:'a,b'"`
		D string `json:"d,omitempty,nocase"` // (case:ignore, as earlier encoding/json/v2 builds spelled it)
		E string `json:"e,strictcase"`
	}
	if _, err := Describe(reflect.TypeOf(good)); err != nil {
		t.Errorf("Describe: %v", err)
	}
}
