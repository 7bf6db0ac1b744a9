// Package schemacheck validates JSON instances against JSON Schemas given
// as text with the Go validator (santhosh-tekuri/jsonschema), for tests:
// the schema compiled in memory, in the draft its $schema names (2020-12
// without one). internal/ajvcheck does the same with AJV.
package schemacheck

import (
	"bytes"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Compile compiles the schema text.
func Compile(text []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://schema.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("mem://schema.json")
}

// MustCompile is Compile, failing t where the text does not compile.
func MustCompile(t testing.TB, text []byte) *jsonschema.Schema {
	t.Helper()
	s, err := Compile(text)
	if err != nil {
		t.Fatalf("compile %s: %v", text, err)
	}
	return s
}

// Valid reports whether s takes the JSON instance text, failing t where
// the text is not JSON.
func Valid(t testing.TB, s *jsonschema.Schema, instance []byte) bool {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(instance))
	if err != nil {
		t.Fatalf("instance %s: %v", instance, err)
	}
	return s.Validate(inst) == nil
}
