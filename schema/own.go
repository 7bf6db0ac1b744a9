package schema

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"time"

	"github.com/normgen/normgen/runtime/lenientimpl"
)

// Decoding says who decodes the values of a type that normgen has no
// decoding of its own for.
type Decoding uint8

const (
	// OwnJSON is the type's own UnmarshalJSON (json.Unmarshaler).
	OwnJSON Decoding = iota + 1
	// OwnText is the type's own UnmarshalText (encoding.TextUnmarshaler),
	// given the text of a JSON string.
	OwnText
	// StdJSON is encoding/json: a struct of another package, which has no
	// generated decoder.
	StdJSON
)

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	timeType            = reflect.TypeFor[time.Time]()
	durationType        = reflect.TypeFor[time.Duration]()
	// generatedType is what normgen generates for a struct: its
	// UnmarshalJSON is then the package's generated code, not a method
	// of its own (the generator never sees it: it leaves its output out
	// of the load).
	generatedType = reflect.TypeFor[lenientimpl.Generated]()
)

// DecodingOf says who decodes values of t (not a pointer) met in a struct
// of package pkg: its own UnmarshalJSON, else its own UnmarshalText (the
// order encoding/json looks for them in), else encoding/json for a struct
// of another package; 0 for a type normgen decodes (time.Time and
// json.RawMessage included, and the structs of pkg whose UnmarshalJSON
// normgen generated), as the generator decides it.
func DecodingOf(t reflect.Type, pkg string) Decoding {
	p := reflect.PointerTo(t)
	switch {
	case t == timeType || t == rawMessageType:
		return 0
	case t.PkgPath() == pkg && p.Implements(generatedType):
		return 0
	case p.Implements(jsonUnmarshalerType):
		return OwnJSON
	case p.Implements(textUnmarshalerType):
		return OwnText
	case t.Kind() == reflect.Struct && t.PkgPath() != "" && t.PkgPath() != pkg:
		return StdJSON
	}
	return 0
}

// ownMethod reports whether encoding/json reads values of t by a method
// of t's own (UnmarshalJSON or UnmarshalText, declared or promoted),
// wherever t is met.
func ownMethod(t reflect.Type) bool {
	d := DecodingOf(t, t.PkgPath())
	return d == OwnJSON || d == OwnText
}

// ownType is the description of a type decoded by its own method: the
// schema its JSONSchema() method (invopop/jsonschema's interface) returns,
// else for UnmarshalText a string, for UnmarshalJSON {} (any value).
func ownType(t reflect.Type, dec Decoding) *Type {
	if m, ok := schemaMethod(t); ok {
		if b, err := json.Marshal(reflect.New(t).Method(m.Index).Call(nil)[0].Interface()); err == nil {
			return &Type{Kind: Custom, Schema: b}
		}
	}
	if dec == OwnText {
		return &Type{Kind: String, Strict: true, Foreign: true, Nullable: true}
	}
	return &Type{Kind: Custom, Shape: shapeOf(t)}
}

// schemaMethod is *t's JSONSchema() *jsonschema.Schema method
// (invopop/jsonschema's interface), found by reflection so that this
// package, which the runtime's fallback decoder imports, links no schema
// generator.
func schemaMethod(t reflect.Type) (reflect.Method, bool) {
	m, ok := reflect.PointerTo(t).MethodByName("JSONSchema")
	if !ok || m.Type.NumIn() != 1 || m.Type.NumOut() != 1 {
		return reflect.Method{}, false
	}
	out := m.Type.Out(0)
	return m, out.Kind() == reflect.Pointer && out.Elem().PkgPath() == "github.com/invopop/jsonschema" && out.Elem().Name() == "Schema"
}

// shapeOf is the Type.Shape of t (an array, its elements unsaid, where a
// slice holds itself: type L []L).
func shapeOf(t reflect.Type) *Type { return shapeIn(t, map[reflect.Type]bool{}) }

func shapeIn(t reflect.Type, seen map[reflect.Type]bool) *Type {
	if t.Name() != "" {
		if seen[t] {
			if t.Kind() == reflect.Pointer {
				return nil
			}
			return &Type{Kind: Array} // (only slices and arrays hold themselves here)
		}
		seen[t] = true
		defer delete(seen, t)
	}
	switch t.Kind() {
	case reflect.String:
		return &Type{Kind: String}
	case reflect.Bool:
		return &Type{Kind: Bool}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return &Type{Kind: Int}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return &Type{Kind: Uint}
	case reflect.Float32, reflect.Float64:
		return &Type{Kind: Float}
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return &Type{Kind: String} // base64 text
		}
		return &Type{Kind: Array, Elem: shapeIn(t.Elem(), seen)}
	case reflect.Map:
		return &Type{Kind: Map}
	case reflect.Struct:
		if embeds(t, timeType, nil) {
			// (a time.Time, and what embeds one, directly or through
			// the structs it embeds, is written as its text, by the
			// MarshalJSON it promotes or one of its own alike)
			return &Type{Kind: String}
		}
		return &Type{Kind: Object}
	case reflect.Pointer:
		return shapeIn(t.Elem(), seen)
	}
	return nil
}

// describeStd describes what encoding/json takes for a value of type t in
// a struct of another package, as the generator does: each type strictly,
// null everywhere, no required fields, unknown keys allowed; {} for what
// a schema cannot say.
func describeStd(t reflect.Type, seen map[reflect.Type]bool) *Type {
	d := describeStd1(t, seen)
	if d.Kind != Any {
		d.Strict, d.Foreign, d.Nullable = true, true, true
	}
	return d
}

func describeStd1(t reflect.Type, seen map[reflect.Type]bool) *Type {
	if t.Kind() == reflect.Pointer && t.Name() == "" {
		return describeStd1(t.Elem(), seen)
	}
	any := &Type{Kind: Any}
	switch {
	case t == rawMessageType:
		return any
	case t == numberType:
		// (a json.Number is a number, or text that is one, to
		// encoding/json: no one type says both)
		return AnyLoose(LooseNumber)
	case t == timeType:
		return &Type{Kind: Time}
	case embedsNumber(t, nil):
		// (Go 1.27 reads it by the UnmarshalJSONFrom it promotes from
		// json.Number, Go 1.26 as an object)
		return AnyLoose(LooseVersions)
	}
	switch DecodingOf(t, t.PkgPath()) {
	case OwnJSON:
		return AnyLoose(LooseOwn)
	case OwnText:
		return &Type{Kind: String}
	}
	if t.Name() != "" {
		// (a named type met again inside itself: type List []List, type
		// Tree struct { Kids []Tree }; what it holds there is any value)
		if seen[t] {
			return AnyLoose(LooseRecursion)
		}
		seen[t] = true
		defer delete(seen, t)
	}
	switch t.Kind() {
	case reflect.String:
		return &Type{Kind: String}
	case reflect.Bool:
		return &Type{Kind: Bool}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return &Type{Kind: Int, Bits: t.Bits()}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return &Type{Kind: Uint, Bits: t.Bits()}
	case reflect.Float32, reflect.Float64:
		return &Type{Kind: Float, Bits: t.Bits()}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			b := &Type{Kind: String, Base64: true}
			if DecodingOf(t.Elem(), t.Elem().PkgPath()) != 0 {
				// (an array's elements are read by their own method)
				b.Elem = describeStd(t.Elem(), seen)
			}
			return b
		}
		return &Type{Kind: Array, Elem: describeStd(t.Elem(), seen)}
	case reflect.Array:
		return &Type{Kind: Array, Elem: &Type{Kind: Any}, Loose: LooseFixed}
	case reflect.Map:
		m := &Type{Kind: Map, Elem: describeStd(t.Elem(), seen)}
		k := t.Key().Kind()
		m.Loose = KeysLoose(k == reflect.String, k >= reflect.Int && k <= reflect.Uintptr, reflect.PointerTo(t.Key()).Implements(textUnmarshalerType))
		return m
	case reflect.Struct:
		fields, unset := stdFields(t, seen)
		return &Type{Kind: Object, Name: t.Name(), Fields: fields, Unset: unset}
	case reflect.Interface:
		if t.NumMethod() > 0 {
			return AnyLoose(LooseMethods)
		}
		return any
	case reflect.Pointer:
		// (a named pointer type: Go 1.26 reads its element by kind, not
		// by a method of its own, nor as a time.Time; Go 1.27 by those)
		if e := t.Elem(); e == timeType || ownMethod(e) {
			return AnyLoose(LooseVersions)
		}
		return describeStd1(t.Elem(), seen)
	}
	return AnyLoose(LooseKind)
}

// stdFields are the members encoding/json reads into a struct: exported
// fields by their json names, embedded structs' promoted (Promoted),
// with the names of those it cannot set.
func stdFields(t reflect.Type, seen map[reflect.Type]bool) (fields []Field, unset []string) {
	var cands []Member
	// (unset: t is reached through an embedded pointer to a struct of an
	// unexported type, which encoding/json cannot set)
	var walk func(t reflect.Type, depth int, unset bool)
	walk = func(t reflect.Type, depth int, unset bool) {
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if sf.Anonymous && name == "" {
				et := sf.Type
				if et.Kind() == reflect.Pointer {
					et = et.Elem()
				}
				if et.Kind() == reflect.Struct {
					if !seen[et] {
						seen[et] = true
						walk(et, depth+1, unset || sf.Type.Kind() == reflect.Pointer && !sf.IsExported())
						delete(seen, et)
					}
					continue
				}
			}
			if !sf.IsExported() {
				continue
			}
			m := Member{Depth: depth, Tagged: name != "", Unset: unset}
			if name == "" {
				name = sf.Name
			}
			m.Field = StdField(name, describeStd(sf.Type, seen), Quoted(sf.Type), opts, sf.Tag.Get("jsonschema"))
			cands = append(cands, m)
		}
	}
	walk(t, 0, false)
	return Promoted(cands)
}

// StdField is a member of a struct encoding/json decodes (one of another
// package) as its schema describes it: the type t; where the json options
// (opts) hold string, what q (Quoted) says encoding/json reads there: for
// QuotedKind, null or a string holding the text of null or of a literal
// of t's kind (lenientimpl.QuotedIntPattern and its siblings; a JSON
// string literal for a string), for QuotedAny any value; and the title
// and description of the jsonschema tag, whose other keys encoding/json
// does not check.
func StdField(name string, t *Type, q Quoting, opts, jsonschemaTag string) Field {
	switch {
	case !hasOption(opts, "string"):
	case q == QuotedAny:
		t = AnyLoose(LooseVersions)
	case q == QuotedNumber:
		t = &Type{Kind: String, Strict: true, Foreign: true, Nullable: true, Pattern: lenientimpl.QuotedNumberPattern}
	case q == QuotedKind:
		quoted := &Type{Kind: String, Strict: true, Foreign: true, Nullable: true}
		switch t.Kind {
		case Int:
			quoted.Pattern = lenientimpl.QuotedIntPattern
		case Uint:
			quoted.Pattern = lenientimpl.QuotedUintPattern
		case Float:
			quoted.Pattern = lenientimpl.QuotedFloatPattern
		case Bool:
			quoted.Pattern = lenientimpl.QuotedBoolPattern
		case String:
			quoted.Pattern = lenientimpl.QuotedStringPattern
		}
		t = quoted
	}
	f := Field{Name: name, Type: t}
	if kw, err := ParseTag(jsonschemaTag); err == nil {
		f.Description, f.Keywords.Title = kw.Description, kw.Title
	}
	return f
}

// Quoted says how encoding/json reads a field of Go type t tagged with
// the json option string, under Go 1.26 and Go 1.27 alike: QuotedKind
// for a bool, an integer, a float or a string (an unnamed pointer to
// one) that has no decoding method of its own; QuotedNumber for a
// json.Number (lenientimpl.QuotedNumberPattern); QuotedAny for a named
// pointer type to one, which Go 1.26 reads as without the option and Go
// 1.27 as with it (a schema saying both would say little more than any
// value); QuotedNot where the option changes nothing (a struct, a slice,
// a type read by its own UnmarshalJSON or UnmarshalText, which Go 1.27
// calls as without the option and Go 1.26 with the text quoted: its
// schema stays the method's).
func Quoted(t reflect.Type) Quoting {
	named := t.Kind() == reflect.Pointer && t.Name() != ""
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == numberType && !named {
		return QuotedNumber
	}
	if !quotable(t.Kind()) || ownMethod(t) {
		return QuotedNot
	}
	if named {
		return QuotedAny
	}
	return QuotedKind
}

// Quoting is what the json option string makes of a field (Quoted).
type Quoting uint8

const (
	// QuotedNot: the option changes nothing.
	QuotedNot Quoting = iota
	// QuotedKind: a string holding a literal of the field's kind, or null.
	QuotedKind
	// QuotedAny: Go versions read the field otherwise: any value.
	QuotedAny
	// QuotedNumber: a json.Number's (lenientimpl.QuotedNumberPattern).
	QuotedNumber
)

func quotable(k reflect.Kind) bool {
	switch k {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

// Member is a field of a struct or of the structs it embeds, at the
// depth it is promoted from, with whether its json tag names it, and
// whether it is promoted through an embedded pointer to a struct of an
// unexported type (Unset), which encoding/json cannot set: it fails on
// any call giving the member.
type Member struct {
	Field  Field
	Depth  int
	Tagged bool
	Unset  bool
}

// Promoted resolves members of one wire name as encoding/json does: the
// shallowest wins; of two at one depth the tagged one; two tagged or
// untagged alike are dropped. Order is first appearance. A winner
// encoding/json cannot set (Member.Unset) is left out: not a parameter
// to advertise, as any value given for it is refused; unset names it.
func Promoted(members []Member) (fields []Field, unset []string) {
	type entry struct {
		Member
		tie bool
	}
	var order []string
	byName := map[string]*entry{}
	for _, m := range members {
		prev, ok := byName[m.Field.Name]
		switch {
		case !ok:
			order = append(order, m.Field.Name)
			byName[m.Field.Name] = &entry{Member: m}
		case m.Depth < prev.Depth, m.Depth == prev.Depth && m.Tagged && !prev.Tagged:
			*prev = entry{Member: m}
		case m.Depth == prev.Depth && m.Tagged == prev.Tagged:
			prev.tie = true
		}
	}
	for _, name := range order {
		switch e := byName[name]; {
		case e.tie:
		case e.Unset:
			unset = append(unset, name)
		default:
			fields = append(fields, e.Field)
		}
	}
	return fields, unset
}

// ShapeName names a Type.Shape in a message: "a string", "an array",
// "an object".
func ShapeName(t *Type) string {
	switch t.Kind {
	case String:
		return "a string"
	case Bool:
		return "a boolean"
	case Int, Uint:
		return "an integer"
	case Float:
		return "a number"
	case Array:
		return "an array"
	}
	return "an object"
}

// embedsNumber reports whether the struct t embeds a json.Number, or a
// pointer to one, directly or through the structs it embeds: the methods
// Go 1.27 declares on json.Number (UnmarshalJSONFrom) are then t's, and
// encoding/json reads t as a number there, where Go 1.26 reads an
// object. (Where two embedded types at one depth declare the method, Go
// promotes neither and Go 1.27 reads an object too; the schema takes
// both readings either way.)
func embedsNumber(t reflect.Type, seen map[reflect.Type]bool) bool {
	return embeds(t, numberType, seen)
}

// embeds reports whether t is target, a pointer to it, or a struct that
// embeds one, directly or through the structs it embeds: its methods are
// then t's, promoted.
func embeds(t, target reflect.Type, seen map[reflect.Type]bool) bool {
	if t.Kind() == reflect.Pointer && t.Name() == "" {
		t = t.Elem()
	}
	if t == target {
		return true
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return false
	}
	if seen == nil {
		seen = map[reflect.Type]bool{}
	}
	seen[t] = true
	for i := range t.NumField() {
		if sf := t.Field(i); sf.Anonymous && embeds(sf.Type, target, seen) {
			return true
		}
	}
	return false
}
