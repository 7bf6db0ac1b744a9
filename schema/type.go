// Package schema describes tool input types (Type, Field: the kinds,
// tags and choices the lenient schema and decoder are made from), by
// reflection (Describe) for the fallback decoder and as the generator's
// model. The lenient JSON Schemas built from a description, in
// invopop/jsonschema's types, are package schemabuild's, in the
// generator's module (github.com/normgen/normgen/gen/schemabuild): this
// package, which the runtime imports, links no JSON Schema library. Rules
// and a lenient schema derived from any strict schema (a server that
// cannot regenerate) are package derive's.
package schema

import (
	"encoding/json"

	"github.com/normgen/normgen/runtime/lenientimpl"
)

// Kind is the kind of a described Go type.
type Kind int

// The kinds of the semantics table.
const (
	String Kind = iota + 1 // string
	Bool                   // bool
	Int                    // int, int8..int64
	Uint                   // uint, uint8..uint64
	Float                  // float32, float64
	Array                  // []T
	Map                    // map[string]T
	Object                 // struct
	Any                    // any, json.RawMessage
	Time                   // time.Time
	// Custom is a type decoded by code normgen does not generate: its own
	// UnmarshalJSON or UnmarshalText. Its schema is Type.Schema.
	Custom
	// Duration is time.Duration: Go duration text, and a number of
	// Type.Unit where one is declared.
	Duration
)

// Type describes a Go type for schema building. gen fills it from go/types;
// For fills it from reflect.
type Type struct {
	// Kind is the type's kind.
	Kind Kind
	// Bits is the width of Int, Uint and Float kinds (8..64).
	Bits int
	// Nullable marks a pointer: null is accepted and gives nil.
	Nullable bool
	// Elem is the element type of Array and Map kinds.
	Elem *Type
	// Fields are the members of an Object kind, in declaration order, with
	// embedded structs already flattened.
	Fields []Field
	// Name is the Go type name of an Object (for messages and $defs).
	Name string
	// Strict turns off every coercion for values of this type
	// (`norm:"strict"`).
	Strict bool
	// StrictBool narrows the boolean table to true/false (`norm:"bool=strict"`).
	StrictBool bool
	// Wrap accepts a lone element where an Array is expected (`norm:"wrap"`).
	Wrap bool
	// Split is the separator of an Array of strings declared
	// `norm:"split=SEP"`: a string of items separated by it is read as
	// the array. The schema's string branch (JSON text) takes it already;
	// the description says so.
	Split string
	// Unit is the unit a Duration's bare number counts (`norm:"unit=s"`:
	// one of lenientimpl.Units' names); "" refuses a bare number.
	Unit string
	// Unescape reads a String value that holds no real newline but a
	// literal \n or \t as text escaped twice, and unescapes \n, \t, \r,
	// \\ and \" in it (`norm:"unescape"`, jsonwire.UnescapeNewlines). The
	// schema does not change; the reflection fallback decoder reads it.
	Unescape bool
	// Secret is `norm:"secret"`: the value is read as without it and
	// never shown (lenientimpl.Secret). The schema does not change; the
	// reflection fallback decoder reads it.
	Secret bool
	// RejectUnknown makes an Object reject unknown keys (`norm:"unknown=error"`):
	// additionalProperties is false and aliases are declared as properties.
	RejectUnknown bool
	// ValueAliases are other values a String reads as canonical ones
	// (`norm:"value_alias=cp:copy"`), in declaration order.
	ValueAliases []ValueAlias
	// Enum is the enum of a String that is an array's element or a map's
	// value: a slice or map field's `jsonschema:"enum=..."` (a string
	// field's own enum stays in its Keywords). Its values are read in
	// another ASCII letter case unless EnumStrict (FoldsEnum).
	Enum []string
	// EnumStrict is the field's `norm:"enum=strict"`, for Enum.
	EnumStrict bool
	// Def makes an Object a reference to the struct Def describes: a
	// recursive type, reached again inside itself (a Filter's And
	// []Filter). Its own Fields are nil; Def's are the struct's. The
	// schema spells such a value as a $ref to Def's entry in $defs (or
	// unrolls it, in profiles without $ref).
	Def *Type
	// Recursive marks an Object whose struct is reached again inside
	// itself (some Type's Def is it): every occurrence of it below the
	// root is a $ref.
	Recursive bool
	// Required is the model of required fields DescribeWith read an
	// Object's fields with (on the described type itself).
	Required Required
	// Base64 marks a String that is a []byte in a struct of another
	// package, decoded by encoding/json: base64 text
	// (lenientimpl.Base64Pattern) or an array of numbers from 0 to 255
	// or null, or, where the byte type has its own UnmarshalJSON or
	// UnmarshalText, an array of what Elem describes.
	Base64 bool
	// Pattern is, for a String, the pattern its text matches where the
	// code of another package reads it (encoding/json, a field of a
	// struct of another package tagged with the json option string:
	// lenientimpl.QuotedIntPattern and its siblings); "" for any text.
	Pattern string
	// Loose says, for a value in a struct of another package, why its
	// schema takes values encoding/json refuses there (one of the Loose
	// reasons: LooseRecursion, LooseVersions, ...); "" where the schema
	// takes what encoding/json takes alone. LooseParts lists them, for
	// the warning that names them.
	Loose string
	// Unset names the members of an Object of another package that
	// encoding/json cannot set (promoted through an embedded pointer to
	// a struct of an unexported type: a call giving one fails), which
	// its Fields leave out (Promoted).
	Unset []string
	// Foreign marks a value decoded by code normgen does not generate
	// (encoding/json, for a struct of another package, and what it
	// holds): strict, its schema has no $comment for it.
	Foreign bool
	// Schema is a Custom type's schema, as its JSONSchema() method
	// (invopop/jsonschema's interface) gives it; nil is {}.
	Schema json.RawMessage
	// Shape is, for a Custom type without Schema, the shape of its Go
	// type as encoding/json would write a value of it: the Kind (String,
	// Bool, Int, Uint, Float, Array, Map or Object) of its underlying
	// type, and an Array's Elem's shape; nil where it has none (an
	// interface). The gemini profile, which wants one type on every
	// schema and cannot say "any value", spells the type as its shape
	// (a string for a named string type whose UnmarshalJSON reads one),
	// where the portable profile says {}.
	Shape *Type
}

// Members returns the fields of an Object: its own, or those of the
// struct it refers to (Def).
func (t *Type) Members() []Field {
	if t.Def != nil {
		return t.Def.Fields
	}
	return t.Fields
}

// base is the Type holding an Object's fields: Def, or t itself.
func (t *Type) base() *Type {
	if t.Def != nil {
		return t.Def
	}
	return t
}

// ValueAlias is one value alias: the value From is read as To.
type ValueAlias struct {
	From, To string
}

// Field is one member of an Object.
type Field struct {
	// Name is the wire name (from the json tag).
	Name string
	// Aliases are the other accepted keys: `norm:"alias=a|b"`, then the
	// spelling-style variants of Name and of those aliases that read as it
	// (ImplicitAliases), unless turned off with variants=off.
	Aliases []string
	// Required is true when the field is required, under the model of
	// required fields (by default: the json tag has no omitempty, or the
	// jsonschema tag says required).
	Required bool
	// omit is set by Describe when the json tag has omitempty or
	// omitzero, for the model of required fields.
	omit bool
	// noVariants is set by Describe for `norm:"variants=off"`.
	noVariants bool
	// Description is the jsonschema tag's description, else the field's doc
	// comment.
	Description string
	// Type is the field's type.
	Type *Type
	// Keywords are the field's jsonschema tag keywords.
	Keywords Keywords
	// Index is the field's index sequence in its struct type, through the
	// embedded structs it is promoted from (reflect.Type.FieldByIndex);
	// set by Describe, nil from the generator.
	Index []int
	// Depth is `norm:"depth=N"` on a field through which a recursive type
	// reaches itself: how many levels of that type a schema without $ref
	// (the gemini profile) unrolls; 0 means DefaultDepth.
	Depth int
	// EmptyError is `norm:"empty=error"`: "" is refused, not read as the
	// field left out (AbsentForms).
	EmptyError bool
	// EnumStrict is `norm:"enum=strict"`: the enum's values are read as
	// declared only (FoldsEnum).
	EnumStrict bool
	// Promoted is a field promoted through an embedded pointer to a
	// struct: null for it is the field left out even where it is a
	// pointer, to any type (AbsentForms), so that null, which OpenAI's
	// strict mode sends for every field a call leaves out, allocates no
	// embedded pointer.
	Promoted bool
}

// Absent is which values of the field read as the field left out (see
// AbsentForms); a struct of another package, decoded by encoding/json,
// reads null as absent and nothing else.
func (f *Field) Absent() lenientimpl.AbsentForms {
	t := f.Type
	if t == nil {
		return 0
	}
	kind := t.Kind
	if t.Foreign {
		kind = Custom
	}
	nullItem := (t.Split != "" || t.Wrap) && t.Elem != nil && NullItem(t.Elem.Enum, t.Elem.FoldsEnum(), t.Elem.ValueAliases)
	enumEmpty := kind == String && EnumEmpty(f.Keywords, f.FoldsEnum(), t.ValueAliases)
	if enumEmpty {
		nullItem = NullItem(f.Keywords.Enum, true, t.ValueAliases)
	}
	return AbsentForms(kind, t.Nullable, f.Promoted, t.Strict, t.Split, f.Required, f.Keywords.HasDefault, f.EmptyError, nullItem, enumEmpty)
}

// RequiredNull reports whether null for the field, required, is read as
// the field left out ("is required"); see RequiredNull.
func (f *Field) RequiredNull() bool {
	if f.Type == nil || !f.Required || f.Type.Foreign {
		return false
	}
	return RequiredNull(f.Type.Kind, f.Type.Nullable)
}

// DefaultDepth is how many levels of a recursive type the profiles
// without $ref unroll when its recursive field declares no depth.
const DefaultDepth = 3

// Keywords are the invopop/jsonschema tag keys normgen honours on a field.
// Numbers and defaults are kept as the tag's text so that nothing is lost
// before they are checked against the field's type.
type Keywords struct {
	Title            string
	Description      string
	Default          string   // raw text of default=...; "" when absent
	HasDefault       bool     // default= was given
	Enum             []string // enum=a,enum=b (raw texts)
	Minimum          string   // number text
	Maximum          string
	ExclusiveMinimum string
	ExclusiveMaximum string
	MultipleOf       string
	MinLength        *uint64
	MaxLength        *uint64
	Pattern          string
	Format           string
	MinItems         *uint64
	MaxItems         *uint64
	UniqueItems      bool
	// Required is invopop's bare `required`: the field is required (see
	// Required, the model that reads it).
	Required   bool
	Examples   []string
	Deprecated bool
	ReadOnly   bool
	WriteOnly  bool
}
