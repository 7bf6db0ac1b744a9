package gen

import (
	"go/token"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

// Package is the model of one Go package's tools: everything the renderers
// need, with no go/types in it.
type Package struct {
	// Name and Path are the package's name and import path.
	Name, Path string
	// Dir is the package's directory.
	Dir string
	// Tools are the package's tools, sorted by name.
	Tools []*Tool
	// Structs are every struct type the tools reach, in source order; each
	// gets a decoder.
	Structs []*Struct
}

// Tool is one tool: a name, a description and its input struct.
type Tool struct {
	Name        string
	Description string
	Input       *Struct
	Pos         token.Position
}

// Struct is a named struct type of the package.
type Struct struct {
	// Name is the Go type name.
	Name string
	// Doc is the type's doc comment, without normgen directives.
	Doc string
	// Fields are the wire fields, embedded structs flattened.
	Fields []*Field
	// RejectUnknown is set by `//normgen:unknown=error` on the type.
	RejectUnknown bool
	// InSlice is set when the struct is reached as a slice element, where
	// defaults may use {{index}}.
	InSlice bool
	// OutsideSlice is set when the struct is also reached through no
	// slice (a tool's input, or a field of one), where {{index}} has no
	// value.
	OutsideSlice bool
	// Recursive is set when the struct is reached again inside itself
	// (through a pointer, slice or map): its schema is a $ref to its
	// $defs entry, or unrolled where a profile has no $ref.
	Recursive bool
	Pos       token.Position
}

// Field is one wire field of a struct.
type Field struct {
	// GoName is the selector path from the struct to the Go field
	// (["Inner", "Limit"] for a field promoted from an embedded struct).
	GoName []string
	// Name is the wire name; Aliases the other accepted keys.
	Name    string
	Aliases []string
	// Required is set when the json tag has no omitempty.
	Required    bool
	Description string
	Keywords    schema.Keywords
	Mode        lenient.Mode
	Type        *TypeRef
	// Depth is `norm:"depth=N"`, on a field through which a recursive
	// struct reaches itself: the levels of it a schema without $ref
	// unrolls (0: schema.DefaultDepth).
	Depth int
	Pos   token.Position
}

// Spellings is the field's keys, canonical name first.
func (f *Field) Spellings() []string { return append([]string{f.Name}, f.Aliases...) }

// TypeRef is a field's Go type as the renderers need it.
type TypeRef struct {
	// Kind is the semantic kind (schema.Int, schema.Array, ...).
	Kind schema.Kind
	// Bits is the width of numbers (lenient.IntBits for int and uint).
	Bits int
	// Basic is the Go basic type name ("int64", "string", ...) for scalars.
	Basic string
	// Named and NamedPkg name a defined type ("Mode" in this package, or
	// "RawMessage" in encoding/json); empty for unnamed types.
	Named, NamedPkg string
	// Pointer marks *T; the other fields describe T.
	Pointer bool
	// Elem is the element type of slices and maps.
	Elem *TypeRef
	// Struct is the struct of Object kinds.
	Struct *Struct
	// Raw marks json.RawMessage (Kind is schema.Any).
	Raw bool
	// Split is the separator of a slice of strings declared
	// `norm:"split=SEP"`, on the slice type.
	Split string
	// ValueAliases are the other values a string reads as canonical ones
	// (`norm:"value_alias=cp:copy"`), on the string type itself (a field's,
	// or a slice field's element).
	ValueAliases []schema.ValueAlias
}
