package gen

import (
	"encoding/json"
	"strings"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

// Rules derives a tool's rule table for the runtime normalizer from its
// tags: an alias rule per alias, a default rule per default, a coercion per
// integer, float and boolean field, an accept-both rule per array, map and
// struct field, and nested rules for structs inside slices. IDs are built
// from names: "<tool>.<field>.<what>".
func Rules(t *Tool) []lenient.Rule {
	var rules []lenient.Rule
	tools := []string{t.Name}
	id := func(parts ...string) string { return t.Name + "." + strings.Join(parts, ".") }
	for _, f := range t.Input.Fields {
		for _, a := range f.Aliases {
			rules = append(rules, lenient.Rule{ID: id(f.Name, "alias", a), Tools: tools, Type: lenient.RuleParamAlias, From: a, To: f.Name})
		}
		if f.Keywords.HasDefault && !strings.Contains(f.Keywords.Default, "{{index}}") {
			rules = append(rules, lenient.Rule{ID: id(f.Name, "default"), Tools: tools, Type: lenient.RuleParamDefault, From: f.Name, Value: defaultJSON(f)})
		}
		if f.Mode&lenient.Strict != 0 {
			continue
		}
		switch f.Type.Kind {
		case schema.Int, schema.Uint:
			rules = append(rules, lenient.Rule{ID: id(f.Name, "coerce"), Tools: tools, Type: lenient.RuleTypeCoerce, From: f.Name, CoerceTo: "int"})
		case schema.Float:
			rules = append(rules, lenient.Rule{ID: id(f.Name, "coerce"), Tools: tools, Type: lenient.RuleTypeCoerce, From: f.Name, CoerceTo: "float"})
		case schema.Bool:
			rules = append(rules, lenient.Rule{ID: id(f.Name, "coerce"), Tools: tools, Type: lenient.RuleTypeCoerce, From: f.Name, CoerceTo: "bool"})
		case schema.Array, schema.Map, schema.Object:
			rules = append(rules, lenient.Rule{ID: id(f.Name, "json"), Tools: tools, Type: lenient.RuleJSONAcceptBoth, From: f.Name, To: "native"})
		}
		if f.Type.Kind == schema.Array && f.Type.Elem.Kind == schema.Object && !f.Type.Elem.Pointer {
			for _, sf := range f.Type.Elem.Struct.Fields {
				for _, a := range sf.Aliases {
					rules = append(rules, lenient.Rule{ID: id(f.Name, sf.Name, "alias", a), Tools: tools, Type: lenient.RuleNestedAlias, InPayload: f.Name, ArrayPath: "[]", From: a, To: sf.Name})
				}
				if sf.Keywords.HasDefault {
					rules = append(rules, lenient.Rule{ID: id(f.Name, sf.Name, "default"), Tools: tools, Type: lenient.RuleNestedDefault, InPayload: f.Name, ArrayPath: "[]", From: sf.Name, Value: defaultJSON(sf)})
				}
			}
		}
	}
	return append(rules, valueAliasRules(t)...)
}

// defaultJSON is a field's default as JSON: numbers and booleans bare,
// strings (and {{index}} templates) quoted.
func defaultJSON(f *Field) json.RawMessage {
	d := f.Keywords.Default
	switch f.Type.Kind {
	case schema.Int, schema.Uint, schema.Float, schema.Bool:
		return json.RawMessage(d)
	}
	b, _ := json.Marshal(d)
	return b
}
