package gen

import (
	"reflect"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// The order of a value's rules in lenientimpl.ToolRules, which is the order
// Rules derives them in.
const (
	orderAlias = iota
	orderNullText
	orderAbsent
	orderDefault
	orderEnumCase
	orderEnumText
	orderEnumDigits
	orderSecret
	orderCoerce
	orderUnescape
	orderValueAlias
	orderSplit
	orderWrap
	orderJSON
	orderMisnamed
)

// fieldRules returns tool's rule table (Rules) as the rules of each value
// (lenientimpl.FieldRules), what generated code writes: one line per value
// instead of one per rule, the IDs and tools left to lenientimpl.ToolRules.
// ok is false when ToolRules would not give rules back exactly (an alias
// of a member whose name a path quotes, opts["x.y"]): generated code then
// writes the rules in full. objects are the structs of the misnamed_key
// rules, by path (rulesOf), whose Fields a value's Misnamed is.
func fieldRules(tool string, rules []lenient.Rule, objects map[string]*Struct) (values []lenientimpl.FieldRules, ok bool) {
	last := -1
	for _, r := range rules {
		if r.When != "" || r.InPayload != "" || r.ArrayPath != "" || len(r.Tools) != 1 || r.Tools[0] != tool {
			return nil, false
		}
		path := r.From + r.Path
		id, found := strings.CutPrefix(r.ID, tool+".")
		if !found {
			return nil, false
		}
		order := orderOf(r)
		if order < 0 {
			return nil, false
		}
		if order == orderMisnamed && objects[path] == nil {
			return nil, false
		}
		idPath := path
		if order == orderAlias {
			key := path[strings.LastIndexByte(path, '.')+1:]
			if idPath, found = strings.CutSuffix(id, ".alias."+key); !found {
				return nil, false
			}
		}
		n := len(values)
		if n == 0 || values[n-1].Path != idPath || order < last || order == last && order != orderAlias {
			values = append(values, lenientimpl.FieldRules{Path: idPath})
			n++
		}
		last = order
		v := &values[n-1]
		switch order {
		case orderAlias:
			v.Aliases = append(v.Aliases, path[strings.LastIndexByte(path, '.')+1:])
		case orderNullText:
			// implied by Absent holding AbsentEmpty, else said by
			// AbsentNullText (a split field's; the check below)
			v.Absent |= lenientimpl.AbsentNullText
		case orderAbsent:
			switch string(r.Value) {
			case `[null]`:
				v.Absent |= lenientimpl.AbsentNull
			case `[""]`:
				v.Absent |= lenientimpl.AbsentEmpty
			case `[null,""]`:
				v.Absent |= lenientimpl.AbsentNull | lenientimpl.AbsentEmpty
			}
			if v.Absent&lenientimpl.AbsentEmpty != 0 {
				// ("" implies "null" read as null: said by the null_text
				// rule before, else kept, NullTextKept)
				if v.Absent&lenientimpl.AbsentNullText == 0 {
					v.Absent |= lenientimpl.NullTextKept
				}
				v.Absent &^= lenientimpl.AbsentNullText
			}
		case orderDefault:
			v.Default = r.Value
		case orderEnumCase:
			v.EnumCase = r.Value
		case orderEnumText:
			v.EnumText = r.Value
		case orderEnumDigits:
			v.EnumDigits = r.Value
		case orderSecret:
			v.Secret = true
		case orderCoerce:
			v.Coerce = r.CoerceTo
		case orderUnescape:
			v.Unescape = true
		case orderValueAlias:
			v.ValueAlias = r.Value
		case orderSplit:
			v.Split = r.Value
		case orderWrap:
			v.Wrap = true
		case orderJSON:
			v.JSON = true
		case orderMisnamed:
			t := fieldsTable(objects[path])
			v.Misnamed = &t
		}
	}
	for i := range values {
		variants(&values[i])
	}
	if !reflect.DeepEqual(lenientimpl.ToolRules(tool, values), rules) {
		return nil, false
	}
	return values, true
}

// variants writes v's aliases that begin with every spelling-style
// variant of its member's name (lenientimpl.KeyVariants), in their order, as
// Variants and the aliases after them: generated code then does not list
// each field's snake_case, camelCase, kebab-case and PascalCase spellings
// a second time (its decoder's keys list them).
func variants(v *lenientimpl.FieldRules) {
	kv := lenientimpl.KeyVariants(v.Path[strings.LastIndexByte(v.Path, '.')+1:])
	if len(kv) == 0 || len(v.Aliases) < len(kv) || !slices.Equal(v.Aliases[:len(kv)], kv) {
		return
	}
	v.Variants = true
	v.Aliases = slices.Clip(v.Aliases[len(kv):])
	if len(v.Aliases) == 0 {
		v.Aliases = nil
	}
}

// orderOf is r's place among a value's rules, or -1 for a rule
// lenientimpl.FieldRules does not hold.
func orderOf(r lenient.Rule) int {
	switch r.Type {
	case lenient.RuleParamAlias:
		return orderAlias
	case lenient.RuleNullText:
		return orderNullText
	case lenient.RuleAbsent:
		return orderAbsent
	case lenient.RuleParamDefault:
		return orderDefault
	case lenient.RuleEnumCase:
		return orderEnumCase
	case lenient.RuleEnumText:
		return orderEnumText
	case lenient.RuleEnumDigits:
		return orderEnumDigits
	case lenient.RuleSecret:
		return orderSecret
	case lenient.RuleTypeCoerce:
		return orderCoerce
	case lenient.RuleUnescape:
		return orderUnescape
	case lenient.RuleValueAlias:
		return orderValueAlias
	case lenient.RuleSplit:
		return orderSplit
	case lenient.RuleWrap:
		return orderWrap
	case lenient.RuleJSONAcceptBoth:
		if r.To == "native" {
			return orderJSON
		}
	case lenient.RuleMisnamedKey:
		return orderMisnamed
	}
	return -1
}

// rulesCode renders tool's rule table: lenientimpl.ToolRules of each value's
// rules, one line each, or the rules in full when those would not give
// them back (fieldRules, with objects).
func rulesCode(tool string, rules []lenient.Rule, objects map[string]*Struct) jen.Code {
	values, ok := fieldRules(tool, rules, objects)
	if !ok || len(values) == 0 {
		var lines []jen.Code
		for _, r := range rules {
			lines = append(lines, ruleCode(r))
		}
		return jen.Index().Add(lenientQual("Rule")).ValuesFunc(func(g *jen.Group) { multiline(g, lines) })
	}
	var lines []jen.Code
	for _, v := range values {
		lines = append(lines, fieldRulesCode(v, objects))
	}
	return lenientQual("ToolRules").Call(jen.Lit(tool), jen.Index().Add(lenientQual("FieldRules")).ValuesFunc(func(g *jen.Group) { multiline(g, lines) }))
}

// fieldRulesCode renders v as a composite literal on one line, its fields
// in declaration order; its Misnamed is the Fields of the struct objects
// has at its path.
func fieldRulesCode(v lenientimpl.FieldRules, objects map[string]*Struct) jen.Code {
	fields := []jen.Code{jen.Id("Path").Op(":").Lit(v.Path)}
	set := func(name string, c jen.Code) { fields = append(fields, jen.Id(name).Op(":").Add(c)) }
	raw := func(name string, b []byte) {
		if b != nil {
			set(name, jen.Qual("encoding/json", "RawMessage").Call(stringLit(string(b))))
		}
	}
	flag := func(name string, on bool) {
		if on {
			set(name, jen.True())
		}
	}
	flag("Variants", v.Variants)
	if len(v.Aliases) > 0 {
		var keys []jen.Code
		for _, a := range v.Aliases {
			keys = append(keys, jen.Lit(a))
		}
		set("Aliases", jen.Index().String().Values(keys...))
	}
	if v.Absent != 0 {
		set("Absent", absentFormsCode(v.Absent))
	}
	raw("Default", v.Default)
	raw("EnumCase", v.EnumCase)
	raw("EnumText", v.EnumText)
	raw("EnumDigits", v.EnumDigits)
	flag("Secret", v.Secret)
	if v.Coerce != "" {
		set("Coerce", jen.Lit(v.Coerce))
	}
	flag("Unescape", v.Unescape)
	raw("ValueAlias", v.ValueAlias)
	raw("Split", v.Split)
	flag("Wrap", v.Wrap)
	flag("JSON", v.JSON)
	if v.Misnamed != nil {
		set("Misnamed", jen.Op("&").Id(fieldsVar(objects[v.Path])))
	}
	return jen.Values(fields...)
}
