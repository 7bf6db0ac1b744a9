package gen

import (
	"encoding/json"
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

// valueAliases checks a field's `norm:"value_alias=..."` options and puts
// them on the field's string type (or its slice's string elements).
func (l *loader) valueAliases(f *Field, fieldID string, aliases []schema.ValueAlias) {
	if len(aliases) == 0 {
		return
	}
	target := f.Type
	if target.Kind == schema.Array {
		target = target.Elem
	}
	if err := schema.CheckValueAliases(aliases, target.Kind == schema.String, f.Keywords.Enum); err != nil {
		l.diags = append(l.diags, Diagnostic{Pos: f.Pos, Field: fieldID, Msg: err.Error()})
		return
	}
	// The field's TypeRef is its own (typeRef builds one per field), so
	// the aliases stay on this field.
	c := *target
	c.ValueAliases = aliases
	if f.Type.Kind == schema.Array {
		elem := *f.Type
		elem.Elem = &c
		f.Type = &elem
	} else {
		f.Type = &c
	}
}

// valueAliasSwitch renders the switch that reads each alias of the
// decoded string `val` as its canonical value and records the fix:
//
//	switch val {
//	case "rm", "remove":
//		val = d.ValueAlias(val, "op", "delete")
//	}
func valueAliasSwitch(aliases []schema.ValueAlias, name string) jen.Code {
	var order []string
	froms := map[string][]jen.Code{}
	for _, a := range aliases {
		if _, ok := froms[a.To]; !ok {
			order = append(order, a.To)
		}
		froms[a.To] = append(froms[a.To], jen.Lit(a.From))
	}
	var cases []jen.Code
	for _, to := range order {
		cases = append(cases, jen.Case(froms[to]...).Block(
			jen.Id("val").Op("=").Id("d").Dot("ValueAlias").Call(jen.Id("val"), jen.Lit(name), jen.Lit(to)),
		))
	}
	if len(cases) == 0 {
		panic(fmt.Sprintf("normgen: no value aliases for %q", name))
	}
	return jen.Switch(jen.Id("val")).Block(cases...)
}

// valueAliasRules derives the value_alias rules of a tool: one per string
// (or string slice) field with value aliases, and one per such field of a
// struct in an array that a field holds (in_payload: that field;
// array_path: "[]" for a slice field, "steps[]" for a slice inside a
// struct field). They run after the accept-both rules, which parse JSON
// text first.
func valueAliasRules(t *Tool) []lenient.Rule {
	var rules []lenient.Rule
	tools := []string{t.Name}
	for _, f := range t.Input.Fields {
		if va := fieldValueAliases(f); len(va) > 0 {
			rules = append(rules, lenient.Rule{ID: t.Name + "." + f.Name + ".value_alias", Tools: tools, Type: lenient.RuleValueAlias, From: f.Name, Value: valueAliasJSON(va)})
		}
		if f.Mode&lenient.Strict != 0 {
			continue
		}
		for _, arr := range structArrays(f.Type, "", map[*Struct]bool{}) {
			for _, sf := range arr.elem.Fields {
				if va := fieldValueAliases(sf); len(va) > 0 {
					path := arr.path + "[]"
					at := f.Name + "[]"
					if arr.path != "" {
						at = f.Name + "." + path
					}
					rules = append(rules, lenient.Rule{ID: t.Name + "." + at + "." + sf.Name + ".value_alias", Tools: tools, Type: lenient.RuleValueAlias,
						InPayload: f.Name, ArrayPath: path, From: sf.Name, Value: valueAliasJSON(va)})
				}
			}
		}
	}
	return rules
}

// structArray is an array of structs inside a payload field, at path
// ("" for the field itself, "steps" or "a.steps" inside structs).
type structArray struct {
	path string
	elem *Struct
}

// structArrays finds the arrays of (non-pointer) structs that an
// array_path can reach in a value of type t: t itself, or arrays reached
// through struct fields.
func structArrays(t *TypeRef, path string, seen map[*Struct]bool) []structArray {
	switch {
	case t.Kind == schema.Array && t.Elem.Kind == schema.Object && !t.Elem.Pointer:
		return []structArray{{path, t.Elem.Struct}}
	case t.Kind == schema.Object && t.Struct != nil && !seen[t.Struct]:
		seen[t.Struct] = true
		defer delete(seen, t.Struct)
		var out []structArray
		for _, f := range t.Struct.Fields {
			p := f.Name
			if path != "" {
				p = path + "." + f.Name
			}
			out = append(out, structArrays(f.Type, p, seen)...)
		}
		return out
	}
	return nil
}

// fieldValueAliases returns the value aliases of a string field or of a
// string slice field's elements.
func fieldValueAliases(f *Field) []schema.ValueAlias {
	if f.Type.Kind == schema.Array && f.Type.Elem != nil {
		return f.Type.Elem.ValueAliases
	}
	return f.Type.ValueAliases
}

// valueAliasJSON is a value_alias rule's value: {"cp":"copy",...} in
// declaration order.
func valueAliasJSON(aliases []schema.ValueAlias) json.RawMessage {
	b := []byte{'{'}
	for i, a := range aliases {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(a.From)
		v, _ := json.Marshal(a.To)
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}')
}
