package schemaprofile

import "github.com/normgen/normgen/internal/jsonnode"

// fieldKeys are the keys of invopop's jsonschema.Schema fields, in field
// order: the order its marshaller writes them in, before its Extras
// (sorted by key). TestFieldKeys checks the list against the type.
var fieldKeys = [...]string{
	"$schema", "$id", "$anchor", "$ref", "$dynamicRef", "$defs", "$comment",
	"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas",
	"prefixItems", "items", "contains",
	"properties", "patternProperties", "additionalProperties", "propertyNames",
	"type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
	"maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
	"maxProperties", "minProperties", "required", "dependentRequired",
	"format", "contentEncoding", "contentMediaType", "contentSchema",
	"title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
}

// FieldKeys returns fieldKeys, for TestFieldKeys (in package schema, which
// has invopop's type).
func FieldKeys() []string { return fieldKeys[:] }

// extra is the rank of a key that is one of invopop's Extras.
const extra = len(fieldKeys)

// rank returns the place of a schema's member among invopop's fields, or
// extra: a key no field has, or "type" holding a type array (invopop's
// Type is one string, so a type array is one of its Extras).
func rank(key string, v *jsonnode.Node) int {
	if key == "type" && v.Kind == '[' {
		return extra
	}
	for i, k := range fieldKeys {
		if k == key {
			return i
		}
	}
	return extra
}

// insert sets s's key to v: in place when s has it, else where invopop
// writes it.
func insert(s *jsonnode.Node, key string, v *jsonnode.Node) { insertAt(s, key, v, rank(key, v)) }

// insertExtra is insert of a key invopop keeps in its Extras.
func insertExtra(s *jsonnode.Node, key string, v *jsonnode.Node) { insertAt(s, key, v, extra) }

func insertAt(s *jsonnode.Node, key string, v *jsonnode.Node, r int) {
	if i := s.Index(key); i >= 0 {
		s.Vals[i] = v
		return
	}
	at := len(s.Keys)
	for i, k := range s.Keys {
		if kr := rank(k, s.Vals[i]); kr > r || kr == extra && r == extra && k > key {
			at = i
			break
		}
	}
	s.Keys = append(s.Keys[:at:at], append([]string{key}, s.Keys[at:]...)...)
	s.Vals = append(s.Vals[:at:at], append([]*jsonnode.Node{v}, s.Vals[at:]...)...)
}
