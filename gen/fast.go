package gen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

// The fast path: for a struct whose fields are all of kinds lenientimpl.Fast
// reads, normgen also renders
//
//	func (x *T) fastNormgen(f *lenientimpl.Fast, m lenientimpl.Mode) bool
//
// which decodes clean JSON in one pass and returns false on anything
// else, and UnmarshalJSON tries it first (see lenientimpl.Fast). It reads
// keys (canonical or aliases) each once and one unknown key per object,
// and values of the field's own JSON type or the lenient forms
// lenientimpl.Fast reads; it runs the field's checks and gives up where they
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

// renderFast renders s's fastNormgen method. A member is read in one
// statement where that can be done,
//
//	seen[i], ok = true, !seen[i] && read
//
// (its key taken once; the right-hand side is evaluated before seen[i] is
// set), and the loop gives up after the switch when ok is false. The
// switch has a case for each field's name only: a key it does not name
// is, where it is one of a field's aliases and the fast path may take it
// (Fast.AliasIn), switched on again as the field's name, so that clean
// input pays nothing for aliases:
//
//	default:
//		if name := f.AliasIn(k, &tFields); name != nil {
//			k = name
//			goto member
//		}
func renderFast(f *jen.Group, s *Struct) {
	var cases []jen.Code
	aliases := false
	for i, fl := range s.Fields {
		aliases = aliases || len(fl.Aliases) > 0
		cases = append(cases, jen.Case(jen.Lit(fl.Name)).Block(fastMember(s, fl, i)...))
	}
	var unknown []jen.Code
	if aliases {
		unknown = append(unknown, jen.If(
			jen.Id("name").Op(":=").Id("f").Dot("AliasIn").Call(jen.Id("k"), jen.Op("&").Id(fieldsVar(s))),
			jen.Id("name").Op("!=").Nil(),
		).Block(jen.Id("k").Op("=").Id("name"), jen.Goto().Id("member")))
	}
	switch {
	case s.RejectUnknown:
		unknown = append(unknown, fastFalse())
	case len(s.Fields) > 0:
		// One key the type does not declare, ignored (Fast.Unknown), but
		// not one in another letter case, which the Decoder refuses.
		unknown = append(unknown, fastTake(jen.Id("skipped"),
			jen.Id("f").Dot("UnknownIn").Call(jen.Id("k"), jen.Op("&").Id(fieldsVar(s)))))
	default:
		unknown = append(unknown, fastTake(jen.Id("skipped"),
			jen.Id("f").Dot("Unknown").Call(jen.Id("k"))))
	}
	cases = append(cases, jen.Default().Block(unknown...))
	sw := jen.Switch(jen.String().Parens(jen.Id("k"))).Block(cases...)
	if aliases {
		sw = jen.Id("member").Op(":").Add(sw)
	}
	loop := []jen.Code{
		jen.List(jen.Id("k"), jen.Id("ok")).Op(":=").Id("f").Dot("Key").Call(jen.Id("i")),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Break()),
		sw,
	}
	if len(s.Fields) > 0 || !s.RejectUnknown {
		loop = append(loop, jen.If(jen.Op("!").Id("ok")).Block(fastFalse()))
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
	body = append(body, jen.For(jen.Id("i").Op(":=").Lit(0), jen.Empty(), jen.Id("i").Op("++")).Block(loop...))

	// The object's end, and its absent fields: required ones (and those
	// whose default follows the array index, which the fast path does
	// not) make it give up, the others get their defaults.
	whole := jen.Id("f").Dot("Closed").Call()
	conjunction := false
	var defaults []jen.Code
	for i, fl := range s.Fields {
		seen := jen.Id("seen").Index(jen.Lit(i))
		k := fl.Keywords
		switch {
		case k.HasDefault && !strings.Contains(k.Default, "{{index}}"):
			// A default given is a fix, recorded where fixes are reported.
			given := jen.Id("f").Dot("Default").Call(jen.Lit(fl.Name), jen.Lit(string(defaultJSON(fl))))
			st := append([]jen.Code{jen.If(jen.Op("!").Add(given)).Block(fastFalse())}, allocs(fl)...)
			defaults = append(defaults, jen.If(jen.Op("!").Add(seen)).Block(append(st, setDefault(fl)...)...))
		case k.HasDefault, fl.Required:
			whole = whole.Op("&&").Add(seen)
			conjunction = true
		}
	}
	if len(defaults) == 0 {
		body = append(body, jen.Return(whole))
	} else {
		notWhole := jen.Op("!").Add(whole)
		if conjunction {
			notWhole = jen.Op("!").Parens(whole)
		}
		body = append(body, jen.If(notWhole).Block(fastFalse()))
		body = append(body, defaults...)
		body = append(body, jen.Return(jen.True()))
	}

	f.Line() // an undocumented declaration (see the file's legend) gets no blank line from gofmt
	f.Func().Params(jen.Id("x").Op("*").Id(s.Name)).Id("fastNormgen").Params(
		jen.Id("f").Op("*").Add(lenientQual("Fast")), jen.Id("m").Add(lenientQual("Mode")),
	).Bool().Block(body...)
}

// fastTake renders seen, ok = true, !seen && read: a member read when its
// key was not seen before, in the ok the loop checks.
func fastTake(seen *jen.Statement, read jen.Code) jen.Code {
	return jen.List(seen.Clone(), jen.Id("ok")).Op("=").List(jen.True(), jen.Op("!").Add(seen.Clone()).Op("&&").Add(read))
}

// fastGuard renders the statements that give up where read fails, or on a
// member whose key was seen before (when seen is not nil), then mark the
// key seen.
func fastGuard(seen *jen.Statement, read jen.Code) []jen.Code {
	if seen == nil {
		return []jen.Code{jen.If(jen.Op("!").Add(read)).Block(fastFalse())}
	}
	return []jen.Code{
		jen.If(seen.Clone().Op("||").Op("!").Add(read)).Block(fastFalse()),
		seen.Clone().Op("=").True(),
	}
}

// fastScalar renders the reading of a scalar of type t into tgt where a
// Read function cannot store it as it is read (a pointer, a value alias,
// checks): into val, of the type Fast's method returns, which the value
// aliases and checks compare (only once it is read: Fast.Value is the last
// number's text), then stored, converted, or by pointer. seen is the key's
// flag (fastGuard), or nil for an element.
func fastScalar(tgt *jen.Statement, t *TypeRef, m lenientimpl.Mode, checks []jen.Code, seen *jen.Statement) []jen.Code {
	natural := map[schema.Kind]string{schema.String: "string", schema.Bool: "bool", schema.Int: "int64", schema.Uint: "uint64", schema.Float: "float64"}[t.Kind]
	plain := &TypeRef{Kind: t.Kind, Bits: t.Bits, Basic: natural}
	stmts := append([]jen.Code{jen.Var().Id("val").Id(natural)}, fastGuard(seen, fastRead(jen.Id("val"), plain, m))...)
	if len(t.ValueAliases) > 0 {
		// A value alias is a fix, which only the Decoder makes.
		var froms []jen.Code
		for _, a := range t.ValueAliases {
			froms = append(froms, jen.Lit(a.From))
		}
		stmts = append(stmts, jen.Switch(jen.Id("val")).Block(jen.Case(froms...).Block(fastFalse())))
	}
	stmts = append(stmts, checks...)
	val := jen.Code(jen.Id("val"))
	if t.Named != "" || t.Basic != natural {
		val = typeCode(t, false).Call(jen.Id("val"))
	}
	if t.Pointer {
		return append(stmts, jen.Id("p").Op(":=").Add(val), tgt.Clone().Op("=").Op("&").Id("p"))
	}
	return append(stmts, tgt.Clone().Op("=").Add(val))
}

// fastMember renders the case of field fl, the i-th of s, reading its
// member: in one statement (fastTake) where a Read function or the
// struct's fastNormgen reads it, a scalar into val before its checks
// (fastScalar), else an array or a map as fastValue reads it; each gives
// up on a key seen before.
func fastMember(s *Struct, fl *Field, i int) []jen.Code {
	seen := jen.Id("seen").Index(jen.Lit(i))
	t, tgt := fl.Type, target(fl)
	m := fl.Mode
	if _, _, _, ok := fl.IntEnum(); ok {
		// An integer enum reads only its values' texts as strings
		// (Decoder.EnumInt): the fast path reads numbers alone.
		m |= lenientimpl.Strict
	}
	mode := modeCode(m)
	checks := checksWith(s, fl, jen.Id("f").Dot("Value").Call(), false, func(string, string) jen.Code { return fastFalse() })
	stmts := allocs(fl)
	if len(checks) == 0 && !t.Pointer {
		read := fastRead(tgt, t, m)
		if read == nil {
			read = fastBulk(tgt, t, m)
		}
		if read == nil && t.Kind == schema.Object {
			read = tgt.Clone().Dot("fastNormgen").Call(jen.Id("f"), mode)
		}
		if read != nil {
			return append(stmts, fastTake(seen, read))
		}
	}
	switch t.Kind {
	case schema.String, schema.Bool, schema.Int, schema.Uint, schema.Float:
		if len(checks) == 0 && len(t.ValueAliases) == 0 {
			// A pointer to what a Read function reads.
			elem := *t
			elem.Pointer = false
			return append(stmts,
				jen.Var().Id("p").Add(typeCode(&elem, false)),
				fastTake(seen, fastRead(jen.Id("p"), &elem, m)),
				tgt.Op("=").Op("&").Id("p"),
			)
		}
		return append(stmts, fastScalar(tgt, t, m, checks, seen)...)
	case schema.Object:
		// A pointer to a struct.
		return append(stmts,
			jen.Id("p").Op(":=").New(jen.Id(t.Struct.Name)),
			fastTake(seen, jen.Id("p").Dot("fastNormgen").Call(jen.Id("f"), mode)),
			tgt.Op("=").Id("p"),
		)
	case schema.Array, schema.Map:
		return append(stmts, fastValue(tgt, t, m, checks, 0, seen)...)
	}
	panic(fmt.Sprintf("normgen: the fast path has no reading of kind %d", t.Kind))
}

// fastBulk renders the call of a lenient function that reads a whole
// array of type t into tgt (ReadInts, ReadStrings), or nil when its
// elements need more than ReadInt or ReadString.
func fastBulk(tgt *jen.Statement, t *TypeRef, m lenientimpl.Mode) jen.Code {
	if t.Kind != schema.Array || t.Pointer || fastRead(jen.Id("e"), t.Elem, m&^lenientimpl.Wrap) == nil {
		return nil
	}
	switch {
	case t.Elem.Kind == schema.Int:
		return lenientQual("ReadInts").Call(jen.Id("f"), jen.Op("&").Add(tgt.Clone()), bitsCode(t.Elem), modeCode(m))
	case t.Elem.Kind == schema.String && t.Named == "" && t.Elem.Named == "":
		// A []string only (ReadStrings is not generic).
		return lenientQual("ReadStrings").Call(jen.Id("f"), jen.Op("&").Add(tgt.Clone()), modeCode(m))
	}
	return nil
}

// fastRead renders the call of a lenientimpl.Read function that reads a value
// of type t into tgt, or nil when t needs more than that (a pointer, a
// value alias, not a scalar).
func fastRead(tgt *jen.Statement, t *TypeRef, m lenientimpl.Mode) jen.Code {
	if t.Pointer || len(t.ValueAliases) > 0 || len(t.Enum) > 0 {
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
	return lenientQual(fn).Call(append(args, modeCode(m))...)
}

// fastValue renders the fast path's reading of a value of type t into
// tgt; checks run on `val` (scalars) or `s` (slices) before it is stored,
// as in decodeValue. depth counts the arrays and maps the value is in.
// An array or a map is read only when seen, if not nil, is false (the
// key's flag, fastMember's), which it then sets.
func fastValue(tgt *jen.Statement, t *TypeRef, m lenientimpl.Mode, checks []jen.Code, depth int, seen *jen.Statement) []jen.Code {
	fast := jen.Id("f")
	switch t.Kind {
	case schema.String, schema.Bool, schema.Int, schema.Uint, schema.Float:
		if r := fastRead(tgt, t, m); r != nil && len(checks) == 0 {
			return []jen.Code{jen.If(jen.Op("!").Add(r)).Block(fastFalse())}
		}
		if len(t.Enum) > 0 {
			// An element's or map value's enum: the fast path gives up
			// on a value that is none of its values (the Decoder reads
			// one in another letter case, or reports it).
			checks = append(checks, enumSwitch(t.Enum, "", false, nil, func(string) jen.Code { return fastFalse() }))
		}
		return fastScalar(tgt, t, m, checks, nil)
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
		em := m &^ lenientimpl.Wrap // as decodeValue
		slice := typeCode(&TypeRef{Kind: schema.Array, Elem: t.Elem, Named: t.Named, NamedPkg: t.NamedPkg}, false)
		var stmts []jen.Code
		plain := *t
		plain.Pointer = false
		if bulk := fastBulk(jen.Id("s"), &plain, m); bulk != nil {
			// The loop below in one call (ReadInts counts the elements
			// first and reads them in a tighter loop).
			stmts = append([]jen.Code{jen.Var().Id("s").Add(slice)}, fastGuard(seen, bulk)...)
		} else {
			n, buf, b := levelName("n", depth), levelName("buf", depth), levelName("b", depth)
			loop := []jen.Code{jen.Var().Id("e").Add(typeCode(t.Elem, true))}
			loop = append(loop, fastValue(jen.Id("e"), t.Elem, em, nil, depth+1, nil)...)
			loop = append(loop, jen.Id(b).Op("=").Append(jen.Id(b), jen.Id("e")))
			stmts = append(fastGuard(seen, fast.Clone().Dot("Array").Call(modeCode(m))),
				// Elements are gathered on the stack, so that the slice is
				// allocated once, with the capacity the Decoder gives it.
				jen.Var().Id(buf).Index(jen.Lit(8)).Add(typeCode(t.Elem, true)),
				jen.Id(b).Op(":=").Id(buf).Index(jen.Empty(), jen.Lit(0)),
				jen.For(jen.Id(n).Op(":=").Lit(0), fast.Clone().Dot("Elem").Call(jen.Id(n)), jen.Id(n).Op("++")).Block(loop...),
				jen.If(jen.Op("!").Add(fast.Clone()).Dot("Closed").Call()).Block(fastFalse()),
				jen.Id("s").Op(":=").Append(jen.Make(slice, jen.Lit(0), jen.Len(jen.Id(b))), jen.Id(b).Op("...")),
			)
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
		loop = append(loop, fastValue(jen.Id("e"), t.Elem, em, nil, depth+1, nil)...)
		loop = append(loop, jen.Id(mp).Index(jen.Id("k")).Op("=").Id("e"))
		mt := typeCode(&TypeRef{Kind: schema.Map, Elem: t.Elem, Named: t.Named, NamedPkg: t.NamedPkg}, false)
		stmts := append(fastGuard(seen, fast.Clone().Dot("Object").Call(modeCode(m))),
			jen.Id(mp).Op(":=").Make(mt),
			jen.For(jen.Id(n).Op(":=").Lit(0), jen.Empty(), jen.Id(n).Op("++")).Block(loop...),
			jen.If(jen.Op("!").Add(fast.Clone()).Dot("Closed").Call()).Block(fastFalse()),
		)
		if t.Pointer {
			return append(stmts, tgt.Clone().Op("=").Op("&").Id(mp))
		}
		return append(stmts, tgt.Clone().Op("=").Id(mp))
	}
	panic(fmt.Sprintf("normgen: the fast path has no reading of kind %d", t.Kind))
}
