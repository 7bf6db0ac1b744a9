package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"

	"github.com/normgen/normgen/lenient"
)

// Root builds the schema a server advertises for a tool whose arguments
// object is t: draft 2020-12, `type: object` only (the arguments object
// itself has no string form), no top-level oneOf/anyOf/allOf.
func Root(t *Type) (*jsonschema.Schema, error) {
	if t.Kind != Object {
		return nil, fmt.Errorf("a tool input must be a struct, not %s", kindName(t.Kind))
	}
	s, err := object(t)
	if err != nil {
		return nil, err
	}
	s.Version = jsonschema.Version
	s.Type = "object"
	delete(s.Extras, "type")
	if len(s.Extras) == 0 {
		s.Extras = nil
	}
	return s, nil
}

// StrictComment is the $comment of a field declared `norm:"strict"`: it
// accepts JSON's own form only, on purpose, and `normgen check` does not
// report it.
const StrictComment = "normgen: strict (no coercion, by declaration)"

// Build builds the lenient schema of a value of type t (see the semantics
// table in the README).
func Build(t *Type) (*jsonschema.Schema, error) {
	var s *jsonschema.Schema
	var err error
	switch t.Kind {
	case String:
		s = &jsonschema.Schema{Type: "string"}
	case Bool:
		s = lenientScalar(t, "boolean", lenient.BoolPattern)
		if t.StrictBool && !t.Strict {
			s.Pattern = lenient.StrictBoolPattern
		}
	case Int:
		s = lenientScalar(t, "integer", lenient.IntPattern)
	case Uint:
		s = lenientScalar(t, "integer", lenient.UintPattern)
		s.Minimum = "0"
	case Float:
		s = lenientScalar(t, "number", lenient.FloatPattern)
	case Array:
		if t.Elem == nil {
			return nil, fmt.Errorf("array type without element type")
		}
		items, err := Build(t.Elem)
		if err != nil {
			return nil, err
		}
		s = &jsonschema.Schema{Items: items}
		types := []string{"array"}
		if !t.Strict {
			types = append(types, "string")
		}
		if t.Wrap {
			for _, et := range typesOf(items) {
				if !contains(types, et) && et != "null" {
					types = append(types, et)
				}
			}
		}
		setTypes(s, types)
	case Map:
		if t.Elem == nil {
			return nil, fmt.Errorf("map type without element type")
		}
		elem, err := Build(t.Elem)
		if err != nil {
			return nil, err
		}
		s = &jsonschema.Schema{AdditionalProperties: elem}
		setTypes(s, objectTypes(t))
	case Object:
		s, err = object(t)
		if err != nil {
			return nil, err
		}
	case Any:
		s = &jsonschema.Schema{}
	default:
		return nil, fmt.Errorf("unsupported kind %d", t.Kind)
	}
	if t.Strict && t.Kind != String && t.Kind != Any {
		s.Comments = StrictComment
	}
	if t.Nullable && t.Kind != Any {
		setTypes(s, append(typesOf(s), "null"))
	}
	return s, nil
}

func objectTypes(t *Type) []string {
	if t.Strict {
		return []string{"object"}
	}
	return []string{"object", "string"}
}

// lenientScalar is the schema of a number or boolean: the JSON type and,
// unless strict, a string form restricted by pattern.
func lenientScalar(t *Type, jsonType, pattern string) *jsonschema.Schema {
	if t.Strict {
		return &jsonschema.Schema{Type: jsonType}
	}
	s := &jsonschema.Schema{Pattern: pattern}
	setTypes(s, []string{jsonType, "string"})
	return s
}

// setTypes sets the schema's type: a string for one type, an array
// (through Extras, as invopop's Type is a single string) for several.
func setTypes(s *jsonschema.Schema, types []string) {
	if len(types) == 1 {
		s.Type = types[0]
		delete(s.Extras, "type")
		return
	}
	s.Type = ""
	if s.Extras == nil {
		s.Extras = map[string]any{}
	}
	s.Extras["type"] = types
}

// typesOf returns the types a schema names.
func typesOf(s *jsonschema.Schema) []string {
	if s.Type != "" {
		return []string{s.Type}
	}
	if ts, ok := s.Extras["type"].([]string); ok {
		return append([]string(nil), ts...)
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func object(t *Type) (*jsonschema.Schema, error) {
	s := &jsonschema.Schema{Properties: orderedmap.New[string, *jsonschema.Schema]()}
	setTypes(s, objectTypes(t))
	var errs []string
	for i := range t.Fields {
		f := &t.Fields[i]
		fs, err := FieldSchema(f)
		if err != nil {
			errs = append(errs, f.Name+": "+err.Error())
			continue
		}
		s.Properties.Set(f.Name, fs)
		if t.RejectUnknown {
			for _, a := range f.Aliases {
				s.Properties.Set(a, fs)
			}
		}
		// A required field with aliases cannot be listed in required:
		// any of its keys satisfies it, and hosts forbid a top-level anyOf.
		if f.Required && len(f.Aliases) == 0 {
			s.Required = append(s.Required, f.Name)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	if t.RejectUnknown {
		s.AdditionalProperties = jsonschema.FalseSchema
	}
	return s, nil
}

// FieldSchema builds the schema of one struct field: its type's schema with the
// field's keywords and description.
func FieldSchema(f *Field) (*jsonschema.Schema, error) {
	s, err := Build(f.Type)
	if err != nil {
		return nil, err
	}
	k := f.Keywords
	s.Title = k.Title
	s.Description = f.Description
	if k.Description != "" {
		s.Description = k.Description
	}
	s.Deprecated, s.ReadOnly, s.WriteOnly = k.Deprecated, k.ReadOnly, k.WriteOnly
	kind := f.Type.Kind
	if k.Format != "" {
		return nil, fmt.Errorf("format=%s is not supported: the decoder cannot check it (hosts may); use pattern", k.Format)
	}
	if k.UniqueItems {
		return nil, fmt.Errorf("uniqueItems is not supported: JSON and Go equality differ once values are coerced")
	}
	if k.MultipleOf != "" {
		return nil, fmt.Errorf("multipleOf is not supported")
	}
	numeric := kind == Int || kind == Uint || kind == Float
	if (k.Minimum != "" || k.Maximum != "" || k.ExclusiveMinimum != "" || k.ExclusiveMaximum != "") && !numeric {
		return nil, fmt.Errorf("minimum, maximum and exclusive bounds apply to number fields only")
	}
	if k.Minimum != "" {
		s.Minimum = json.Number(k.Minimum)
	}
	s.Maximum = json.Number(k.Maximum)
	s.ExclusiveMinimum = json.Number(k.ExclusiveMinimum)
	s.ExclusiveMaximum = json.Number(k.ExclusiveMaximum)
	if (k.MinLength != nil || k.MaxLength != nil || k.Pattern != "") && kind != String {
		return nil, fmt.Errorf("minLength, maxLength and pattern apply to string fields only")
	}
	s.MinLength, s.MaxLength = k.MinLength, k.MaxLength
	if k.Pattern != "" {
		s.Pattern = k.Pattern
	}
	if (k.MinItems != nil || k.MaxItems != nil) && kind != Array {
		return nil, fmt.Errorf("minItems and maxItems apply to array fields only")
	}
	s.MinItems, s.MaxItems = k.MinItems, k.MaxItems
	if len(k.Enum) > 0 {
		if kind != String {
			return nil, fmt.Errorf("enum applies to string fields only (hosts require string enums)")
		}
		for _, e := range k.Enum {
			s.Enum = append(s.Enum, e)
		}
	}
	for _, e := range k.Examples {
		v, err := Value(f.Type, e)
		if err != nil {
			return nil, fmt.Errorf("example %q: %v", e, err)
		}
		s.Examples = append(s.Examples, v)
	}
	if k.HasDefault && !strings.Contains(k.Default, "{{index}}") {
		v, err := Value(f.Type, k.Default)
		if err != nil {
			return nil, fmt.Errorf("default %q: %v", k.Default, err)
		}
		s.Default = v
	}
	return s, nil
}

// Value parses a tag's text (a default or an example) as a value of type
// t, for the schema: numbers as json.Number, booleans, strings.
func Value(t *Type, text string) (any, error) {
	switch t.Kind {
	case String:
		return text, nil
	case Bool:
		b, err := strconv.ParseBool(text)
		if err != nil || (text != "true" && text != "false") {
			return nil, fmt.Errorf("not true or false")
		}
		return b, nil
	case Int:
		if _, err := lenient.ParseIntString(text, bitsOf(t)); err != nil {
			return nil, fmt.Errorf("not an integer in range for int%d", bitsOf(t))
		}
		return json.Number(text), nil
	case Uint:
		if _, err := lenient.ParseUintString(text, bitsOf(t)); err != nil {
			return nil, fmt.Errorf("not a non-negative integer in range for uint%d", bitsOf(t))
		}
		return json.Number(text), nil
	case Float:
		if _, err := lenient.ParseFloat(text, bitsOf(t)); err != nil {
			return nil, fmt.Errorf("not a number in JSON number grammar in range for float%d", bitsOf(t))
		}
		return json.Number(text), nil
	}
	return nil, fmt.Errorf("defaults and examples are supported on string, bool and number fields only")
}

func bitsOf(t *Type) int {
	if t.Bits == 0 {
		return 64
	}
	return t.Bits
}

func kindName(k Kind) string {
	switch k {
	case String:
		return "a string"
	case Bool:
		return "a bool"
	case Int, Uint:
		return "an integer"
	case Float:
		return "a float"
	case Array:
		return "a slice"
	case Map:
		return "a map"
	case Any:
		return "any"
	}
	return "an object"
}

// Marshal encodes a schema as indented JSON with a stable key order and
// no HTML escaping, ending in a newline: the form golden files and
// generated code hold.
func Marshal(s *jsonschema.Schema) ([]byte, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, unescapeHTML(raw), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// unescapeHTML undoes encoding/json's HTML escaping (\u003c, \u003e,
// \u0026), which invopop's marshaller applies, so that patterns read as
// written. An escape preceded by an escaped backslash is left alone.
func unescapeHTML(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) {
			if i+5 < len(b) && b[i+1] == 'u' && b[i+2] == '0' && b[i+3] == '0' {
				switch string(b[i+4 : i+6]) {
				case "3c":
					out = append(out, '<')
					i += 5
					continue
				case "3e":
					out = append(out, '>')
					i += 5
					continue
				case "26":
					out = append(out, '&')
					i += 5
					continue
				}
			}
			out = append(out, b[i], b[i+1])
			i++
			continue
		}
		out = append(out, b[i])
	}
	return out
}
