package gen

import (
	"encoding/json"
	"fmt"

	"github.com/dave/jennifer/jen"

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
	if err := schema.CheckValueAliases(aliases, target.Kind == schema.String, f.Keywords.Enum, !f.EnumStrict && schema.EnumFolds(f.Keywords.Enum)); err != nil {
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

// elemEnum puts the enum of a slice or map field of strings on its
// elements' type (TypeRef.Enum), as schema.ElemEnum does for Describe:
// each element is checked against it, and read in another letter case
// as its value.
func elemEnum(f *Field) {
	t := f.Type
	if len(f.Keywords.Enum) == 0 || t.Kind != schema.Array && t.Kind != schema.Map || t.Elem == nil || t.Elem.Kind != schema.String {
		return
	}
	// The field's TypeRef is its own (valueAliases).
	c, e := *t, *t.Elem
	e.Enum, e.EnumStrict = f.Keywords.Enum, f.EnumStrict
	c.Elem = &e
	f.Type = &c
	f.Keywords.Enum = nil
}

// valueAliasSwitch renders the switch that reads each alias of the
// decoded string `val` as its canonical value and records the fix:
//
//	switch val {
//	case "rm", "remove":
//		val = d.ValueAlias(val, "op", "delete")
//	}
func valueAliasSwitch(aliases []schema.ValueAlias, name string) jen.Code {
	var cases []jen.Code
	for _, g := range schema.GroupValueAliases(aliases) {
		var froms []jen.Code
		for _, f := range g.From {
			froms = append(froms, jen.Lit(f))
		}
		cases = append(cases, jen.Case(froms...).Block(
			jen.Id("val").Op("=").Id("d").Dot("ValueAlias").Call(jen.Id("val"), jen.Lit(name), jen.Lit(g.To)),
		))
	}
	if len(cases) == 0 {
		panic(fmt.Sprintf("normgen: no value aliases for %q", name))
	}
	return jen.Switch(jen.Id("val")).Block(cases...)
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
