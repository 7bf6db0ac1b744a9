package schemabuild_test

import (
	"reflect"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/normgen/normgen/schema"
)

// ownSchema decodes itself and says its schema as invopop reads it.
type ownSchema string

func (*ownSchema) UnmarshalJSON([]byte) error { return nil }

func (ownSchema) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", MinLength: new(uint64(1))}
}

// otherSchema has a JSONSchema method of another signature.
type otherSchema string

func (*otherSchema) UnmarshalJSON([]byte) error { return nil }

func (otherSchema) JSONSchema() string { return `{"type":"string"}` }

// TestDescribeReadsJSONSchemaMethod: package schema, which links no
// invopop/jsonschema, finds a type's JSONSchema() *jsonschema.Schema method
// by reflection and takes its schema, as it did through the interface;
// a JSONSchema method of another signature is not that method.
func TestDescribeReadsJSONSchemaMethod(t *testing.T) {
	d, err := schema.Describe(reflect.TypeFor[struct {
		Own   ownSchema   `json:"own"`
		Other otherSchema `json:"other"`
	}]())
	if err != nil {
		t.Fatal(err)
	}
	fields := d.Members()
	if len(fields) != 2 {
		t.Fatalf("%d fields, want 2", len(fields))
	}
	if own := fields[0].Type; own.Kind != schema.Custom || string(own.Schema) != `{"type":"string","minLength":1}` {
		t.Errorf("own: kind %v, schema %s; want Custom, its JSONSchema()", own.Kind, own.Schema)
	}
	if other := fields[1].Type; other.Kind != schema.Custom || other.Schema != nil {
		t.Errorf("other: kind %v, schema %s; want Custom, no schema", other.Kind, other.Schema)
	}
}
