package schema

import (
	"encoding/json"
	"encoding/pem"
	"reflect"
	"strings"
	"testing"
)

// TestDescribeNumber: a json.Number, which encoding/json reads from a
// number or from text that is one, is an error with its path in a tool's
// arguments (read as text, it refused 12.5 and took "abc"), and any value
// in a struct of another package, decoded by encoding/json (found by
// review).
func TestDescribeNumber(t *testing.T) {
	type args struct {
		Amount json.Number `json:"amount"`
	}
	_, err := Describe(reflect.TypeFor[args]())
	if err == nil || !strings.Contains(err.Error(), "amount: json.Number is not supported") {
		t.Errorf("Describe: %v, want amount: json.Number is not supported", err)
	}
	if d := describeStd(reflect.TypeFor[json.Number](), map[reflect.Type]bool{}); d.Kind != Any {
		t.Errorf("describeStd(json.Number): kind %v, want any", d.Kind)
	}
}

// TestDescribeForeignOptional: the fields of a struct of another package
// are never required, whatever the model of required fields: encoding/json
// decodes it, and takes any of its fields left out (pem.Block's Bytes
// was required: the schema refused {"Type":"CERTIFICATE"}; the generator
// never made them required).
func TestDescribeForeignOptional(t *testing.T) {
	type args struct {
		Name  string    `json:"name"`
		Block pem.Block `json:"block"`
	}
	for _, model := range []Required{RequiredAuto, RequiredJSON, RequiredJSONSchema} {
		d, err := DescribeWith(reflect.TypeFor[args](), Options{Required: model})
		if err != nil {
			t.Fatal(err)
		}
		block := d.Fields[1].Type
		if !block.Foreign || len(block.Fields) != 3 {
			t.Fatalf("block: %+v", block)
		}
		for _, f := range block.Fields {
			if f.Required {
				t.Errorf("model %v: block.%s required", model, f.Name)
			}
		}
		if want := model != RequiredJSONSchema; d.Fields[0].Required != want || d.Fields[1].Required != want {
			t.Errorf("model %v: name, block required %v %v, want %v", model, d.Fields[0].Required, d.Fields[1].Required, want)
		}
	}
}

// TestDescribeForeignBytes: a []byte in a struct of another package is
// base64 text or an array of numbers (Type.Base64), as the generator
// describes it.
func TestDescribeForeignBytes(t *testing.T) {
	type raw []byte
	for _, typ := range []reflect.Type{reflect.TypeFor[[]byte](), reflect.TypeFor[raw](), reflect.TypeFor[*raw]()} {
		if got := describeStd(typ, map[reflect.Type]bool{}); got.Kind != String || !got.Base64 || !got.Nullable {
			t.Errorf("%s: %+v, want a nullable base64 string", typ, got)
		}
	}
}

// textByte is a byte type with its own UnmarshalText: encoding/json reads
// an array of them through it, and base64 text still into the slice.
type textByte byte

func (b *textByte) UnmarshalText(text []byte) error { *b = textByte(len(text)); return nil }

// TestDescribeForeignOwnBytes: a slice of a byte type with its own
// decoding method is base64 text or an array of what the method takes
// (Type.Elem), as the generator describes it (found by review: the array
// branch took numbers the method refuses and refused its text).
func TestDescribeForeignOwnBytes(t *testing.T) {
	got := describeStd(reflect.TypeFor[[]textByte](), map[reflect.Type]bool{})
	if got.Kind != String || !got.Base64 || got.Elem == nil || got.Elem.Kind != String {
		t.Errorf("[]textByte: %+v, want base64 with string elements", got)
	}
	if got := describeStd(reflect.TypeFor[[]byte](), map[reflect.Type]bool{}); got.Elem != nil {
		t.Errorf("[]byte: elements %+v, want none (bytes)", got.Elem)
	}
}
