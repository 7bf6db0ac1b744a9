package gen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

// The fast path: for a struct whose fields are all of kinds lenient.Fast
// reads, normgen also renders
//
//	func (x *T) fastNormgen(f *lenient.Fast, m lenient.Mode) bool
//
// which decodes clean JSON in one pass and returns false on anything
// else, and UnmarshalJSON tries it first (see lenient.Fast). It reads
// keys (canonical or aliases) each once and one unknown key per object,
// and values of the field's own JSON type or the lenient forms
// lenient.Fast reads; it runs the field's checks and gives up where they
// fail, so that the Decoder reports the problem.

// fastStructs returns the structs of m that get a fast path: those whose
// fields are scalars, and arrays, maps and structs of what gets one. A
// field of kind Any (interface values, json.RawMessage) keeps its struct,
// and the structs holding it, on the Decoder alone. Every struct starts
// in and is dropped when a field is not fast, until nothing changes, so
// that recursive types are decided too.
func fastStructs(m *Package) map[*Struct]bool {
	fast := make(map[*Struct]bool, len(m.Structs))
	for _, s := range m.Structs {
		fast[s] = true
	}
	for changed := true; changed; {
		changed = false
		for _, s := range m.Structs {
			if !fast[s] {
				continue
			}
			for _, f := range s.Fields {
				if !fastType(f.Type, fast) {
					fast[s] = false
					changed = true
					break
				}
			}
		}
	}
	return fast
}

// fastType reports whether values of t are read by the fast path, given
// the structs that have one.
func fastType(t *TypeRef, fast map[*Struct]bool) bool {
	switch t.Kind {
	case schema.String, schema.Bool, schema.Int, schema.Uint, schema.Float:
		return true
	case schema.Array, schema.Map:
		return fastType(t.Elem, fast)
	case schema.Object:
		return fast[t.Struct]
	}
	return false
}

// fastFalse is the fast path giving up.
func fastFalse() jen.Code { return jen.Return(jen.False()) }

// renderFast renders s's fastNormgen method.
func renderFast(f *jen.Group, s *Struct) {
	var cases []jen.Code
	for i, fl := range s.Fields {
		if len(fl.Aliases) > 0 {
			// An alias key: a fix (Fast.Alias), then the field's case.
			var keys []jen.Code
			for _, a := range fl.Aliases {
				keys = append(keys, jen.Lit(a))
			}
			cases = append(cases, jen.Case(keys...).Block(
				jen.If(jen.Op("!").Id("f").Dot("Alias").Call(jen.Id("k"), jen.Lit(fl.Name))).Block(fastFalse()),
				jen.Fallthrough(),
			))
		}
		seen := jen.Id("seen").Index(jen.Lit(i))
		checks := checksWith(s, fl, jen.Id("f").Dot("Value").Call(), false, func(string, string) jen.Code { return fastFalse() })
		if read := fastRead(target(fl), fl.Type, fl.Mode); read != nil && len(checks) == 0 {
			// The common field, in two statements: less code to format.
			cases = append(cases, jen.Case(jen.Lit(fl.Name)).Block(append(allocs(fl),
				jen.If(seen.Clone().Op("||").Op("!").Add(read)).Block(fastFalse()),
				seen.Clone().Op("=").True(),
			)...))
			continue
		}
		body := []jen.Code{
			jen.If(seen.Clone()).Block(fastFalse()),
			seen.Clone().Op("=").True(),
		}
		body = append(body, allocs(fl)...)
		body = append(body, fastValue(target(fl), fl.Type, fl.Mode, checks, 0)...)
		cases = append(cases, jen.Case(jen.Lit(fl.Name)).Block(body...))
	}
	if s.RejectUnknown {
		cases = append(cases, jen.Default().Block(fastFalse()))
	} else {
		// One key the type does not declare, ignored (Fast.Unknown), but
		// not one in another letter case, which the Decoder refuses.
		unknown := jen.Id("f").Dot("Unknown").Call(jen.Id("k"))
		if len(s.Fields) > 0 {
			unknown = jen.Id("f").Dot("UnknownOf").Call(jen.Id("k"), jen.Id(knownVar(s)))
		}
		cases = append(cases, jen.Default().Block(
			jen.If(jen.Id("skipped").Op("||").Op("!").Add(unknown)).Block(fastFalse()),
			jen.Id("skipped").Op("=").True(),
		))
	}

	body := []jen.Code{
		jen.If(jen.Op("!").Id("f").Dot("Object").Call(jen.Id("m"))).Block(fastFalse()),
	}
	if len(s.Fields) > 0 {
		body = append(body, jen.Var().Id("seen").Index(jen.Lit(len(s.Fields))).Bool())
	}
	if !s.RejectUnknown {
		body = append(body, jen.Var().Id("skipped").Bool())
	}
	body = append(body,
		jen.For(jen.Id("i").Op(":=").Lit(0), jen.Empty(), jen.Id("i").Op("++")).Block(
			jen.List(jen.Id("k"), jen.Id("ok")).Op(":=").Id("f").Dot("Key").Call(jen.Id("i")),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Break()),
			jen.Switch(jen.String().Parens(jen.Id("k"))).Block(cases...),
		),
		jen.If(jen.Op("!").Id("f").Dot("Closed").Call()).Block(fastFalse()),
	)
	for i, fl := range s.Fields {
		k := fl.Keywords
		var st []jen.Code
		switch {
		case k.HasDefault && strings.Contains(k.Default, "{{index}}"):
			// The fast path does not follow the array index.
			st = []jen.Code{fastFalse()}
		case k.HasDefault:
			// A default given is a fix, recorded where fixes are reported.
			given := jen.Id("f").Dot("Default").Call(jen.Lit(fl.Name), jen.Lit(string(defaultJSON(fl))))
			st = append(append([]jen.Code{jen.If(jen.Op("!").Add(given)).Block(fastFalse())}, allocs(fl)...), setDefault(fl)...)
		case fl.Required:
			st = []jen.Code{fastFalse()}
		}
		if st != nil {
			body = append(body, jen.If(jen.Op("!").Id("seen").Index(jen.Lit(i))).Block(st...))
		}
	}
	body = append(body, jen.Return(jen.True()))

	f.Line() // an undocumented declaration (see the file's legend) gets no blank line from gofmt
	f.Func().Params(jen.Id("x").Op("*").Id(s.Name)).Id("fastNormgen").Params(
		jen.Id("f").Op("*").Qual(lenientPkg, "Fast"), jen.Id("m").Qual(lenientPkg, "Mode"),
	).Bool().Block(body...)
}

// fastRead renders the call of a lenient.Read function that reads a value
// of type t into tgt, or nil when t needs more than that (a pointer, a
// value alias, not a scalar).
func fastRead(tgt *jen.Statement, t *TypeRef, m lenient.Mode) jen.Code {
	if t.Pointer || len(t.ValueAliases) > 0 {
		return nil
	}
	args := []jen.Code{jen.Id("f"), jen.Op("&").Add(tgt.Clone())}
	var fn string
	switch t.Kind {
	case schema.String:
		fn = "ReadString"
	case schema.Bool:
		fn = "ReadBool"
	case schema.Int:
		fn, args = "ReadInt", append(args, bitsCode(t))
	case schema.Uint:
		fn, args = "ReadUint", append(args, bitsCode(t))
	case schema.Float:
		fn, args = "ReadFloat", append(args, jen.Lit(t.Bits))
	default:
		return nil
	}
	return jen.Qual(lenientPkg, fn).Call(append(args, modeCode(m))...)
}

// fastValue renders the fast path's reading of a value of type t into
// tgt; checks run on `val` (scalars) or `s` (slices) before it is stored,
// as in decodeValue. depth counts the arrays and maps the value is in.
func fastValue(tgt *jen.Statement, t *TypeRef, m lenient.Mode, checks []jen.Code, depth int) []jen.Code {
	store := func(val jen.Code) []jen.Code {
		if t.Pointer {
			return []jen.Code{jen.Id("p").Op(":=").Add(val), tgt.Clone().Op("=").Op("&").Id("p")}
		}
		return []jen.Code{tgt.Clone().Op("=").Add(val)}
	}
	scalar := func(read jen.Code, natural string) []jen.Code {
		if r := fastRead(tgt, t, m); r != nil && len(checks) == 0 {
			return []jen.Code{jen.If(jen.Op("!").Add(r)).Block(fastFalse())}
		}
		val := jen.Code(jen.Id("val"))
		if t.Named != "" || t.Basic != natural {
			val = typeCode(t, false).Call(jen.Id("val"))
		}
		stmts := []jen.Code{
			jen.List(jen.Id("val"), jen.Id("ok")).Op(":=").Add(read),
			jen.If(jen.Op("!").Id("ok")).Block(fastFalse()),
		}
		if len(t.ValueAliases) > 0 {
			// A value alias is a fix, which only the Decoder makes.
			var froms []jen.Code
			for _, a := range t.ValueAliases {
				froms = append(froms, jen.Lit(a.From))
			}
			stmts = append(stmts, jen.Switch(jen.Id("val")).Block(jen.Case(froms...).Block(fastFalse())))
		}
		stmts = append(stmts, checks...)
		return append(stmts, store(val)...)
	}
	fast := jen.Id("f")
	switch t.Kind {
	case schema.String:
		return scalar(fast.Clone().Dot("String").Call(modeCode(m)), "string")
	case schema.Bool:
		return scalar(fast.Clone().Dot("Bool").Call(modeCode(m)), "bool")
	case schema.Int:
		return scalar(fast.Clone().Dot("Int").Call(bitsCode(t), modeCode(m)), "int64")
	case schema.Uint:
		return scalar(fast.Clone().Dot("Uint").Call(bitsCode(t), modeCode(m)), "uint64")
	case schema.Float:
		return scalar(fast.Clone().Dot("Float").Call(jen.Lit(t.Bits), modeCode(m)), "float64")
	case schema.Object:
		if t.Pointer {
			return []jen.Code{
				jen.Id("p").Op(":=").New(jen.Id(t.Struct.Name)),
				jen.If(jen.Op("!").Id("p").Dot("fastNormgen").Call(fast, modeCode(m))).Block(fastFalse()),
				tgt.Clone().Op("=").Id("p"),
			}
		}
		return []jen.Code{jen.If(jen.Op("!").Add(tgt.Clone()).Dot("fastNormgen").Call(fast, modeCode(m))).Block(fastFalse())}
	case schema.Array:
		em := m &^ lenient.Wrap // as decodeValue
		slice := typeCode(&TypeRef{Kind: schema.Array, Elem: t.Elem, Named: t.Named, NamedPkg: t.NamedPkg}, false)
		var stmts []jen.Code
		if t.Elem.Kind == schema.Int && fastRead(jen.Id("e"), t.Elem, em) != nil {
			// The loop below in one call, which counts the elements
			// first and reads them in a tighter loop.
			stmts = []jen.Code{
				jen.Var().Id("s").Add(slice),
				jen.If(jen.Op("!").Qual(lenientPkg, "ReadInts").Call(fast.Clone(), jen.Op("&").Id("s"), bitsCode(t.Elem), modeCode(m))).Block(fastFalse()),
			}
		} else {
			n, buf, b := levelName("n", depth), levelName("buf", depth), levelName("b", depth)
			loop := []jen.Code{jen.Var().Id("e").Add(typeCode(t.Elem, true))}
			loop = append(loop, fastValue(jen.Id("e"), t.Elem, em, nil, depth+1)...)
			loop = append(loop, jen.Id(b).Op("=").Append(jen.Id(b), jen.Id("e")))
			stmts = []jen.Code{
				jen.If(jen.Op("!").Add(fast.Clone()).Dot("Array").Call(modeCode(m))).Block(fastFalse()),
				// Elements are gathered on the stack, so that the slice is
				// allocated once, with the capacity the Decoder gives it.
				jen.Var().Id(buf).Index(jen.Lit(8)).Add(typeCode(t.Elem, true)),
				jen.Id(b).Op(":=").Id(buf).Index(jen.Empty(), jen.Lit(0)),
				jen.For(jen.Id(n).Op(":=").Lit(0), fast.Clone().Dot("Elem").Call(jen.Id(n)), jen.Id(n).Op("++")).Block(loop...),
				jen.If(jen.Op("!").Add(fast.Clone()).Dot("Closed").Call()).Block(fastFalse()),
				jen.Id("s").Op(":=").Append(jen.Make(slice, jen.Lit(0), jen.Len(jen.Id(b))), jen.Id(b).Op("...")),
			}
		}
		stmts = append(stmts, checks...)
		if t.Pointer {
			return append(stmts, tgt.Clone().Op("=").Op("&").Id("s"))
		}
		return append(stmts, tgt.Clone().Op("=").Id("s"))
	case schema.Map:
		em := m
		// Named per level: a map's statements sit in the loop body of
		// the map holding it, beside that map's store.
		n, mp := levelName("n", depth), levelName("mp", depth)
		loop := []jen.Code{
			jen.List(jen.Id("kb"), jen.Id("ok")).Op(":=").Add(fast.Clone()).Dot("Key").Call(jen.Id(n)),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Break()),
			jen.Id("k").Op(":=").String().Parens(jen.Id("kb")),
			// A key given twice is a problem the Decoder reports.
			jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Id(mp).Index(jen.Id("k")), jen.Id("dup")).Block(fastFalse()),
			jen.Var().Id("e").Add(typeCode(t.Elem, true)),
		}
		loop = append(loop, fastValue(jen.Id("e"), t.Elem, em, nil, depth+1)...)
		loop = append(loop, jen.Id(mp).Index(jen.Id("k")).Op("=").Id("e"))
		mt := typeCode(&TypeRef{Kind: schema.Map, Elem: t.Elem, Named: t.Named, NamedPkg: t.NamedPkg}, false)
		stmts := []jen.Code{
			jen.If(jen.Op("!").Add(fast.Clone()).Dot("Object").Call(modeCode(m))).Block(fastFalse()),
			jen.Id(mp).Op(":=").Make(mt),
			jen.For(jen.Id(n).Op(":=").Lit(0), jen.Empty(), jen.Id(n).Op("++")).Block(loop...),
			jen.If(jen.Op("!").Add(fast.Clone()).Dot("Closed").Call()).Block(fastFalse()),
		}
		if t.Pointer {
			return append(stmts, tgt.Clone().Op("=").Op("&").Id(mp))
		}
		return append(stmts, tgt.Clone().Op("=").Id(mp))
	}
	panic(fmt.Sprintf("normgen: the fast path has no reading of kind %d", t.Kind))
}
