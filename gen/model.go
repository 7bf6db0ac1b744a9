package gen

import (
	"go/token"
	"sync"

	"github.com/normgen/normgen/gen/schemabuild"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

// Package is the model of one Go package's tools: everything the renderers
// need, with no go/types in it.
type Package struct {
	// Name and Path are the package's name and import path.
	Name, Path string
	// Dir is the package's directory.
	Dir string
	// Required is the model of required fields the package was read with
	// (schema.RequiredJSON or schema.RequiredJSONSchema).
	Required schema.Required
	// RequiredFrom says where the model was taken from, and RequiredAt
	// where (the directive, or the module's Reflector setting; no
	// position for the flag or the fields' tags).
	RequiredFrom RequiredSource
	RequiredAt   token.Position
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
	// NameFrom says where Name was taken from, and NameAt where: the
	// registration's name, the //normgen:tool line, or the type.
	NameFrom NameSource
	NameAt   token.Position
	// RegisteredBy is the import path of the package whose registration
	// names the tool, where it is another package of the same run
	// (LoadRun); "" for the package itself.
	RegisteredBy string

	// strict is the tool's openai-strict schema, built once by
	// strictSchema: Load builds it for its warnings, Render writes it.
	strict struct {
		once sync.Once
		js   []byte
		gaps []schemabuild.StrictGap
		err  error
	}
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
	// NoVariants is set by `//normgen:variants=off` on the type or its
	// package (or a blank field's `norm:"variants=off"`): no field's
	// spelling-style variants are read as it.
	NoVariants bool
	// Input is set on a tool's input: its UnmarshalJSON reads null (a
	// call without arguments) as {}, where another struct's changes
	// nothing, by Go's convention for UnmarshalJSON([]byte("null")).
	Input bool
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
	// Alloc are the embedded pointers to structs the field is promoted
	// through, outermost first: each is allocated, when nil, as the field
	// is set (its key given, or its default applied), as encoding/json
	// allocates them.
	Alloc []Embedded
	// Name is the wire name; Aliases the other accepted keys.
	Name    string
	Aliases []string
	// Required is set when the field is required under the package's
	// model (Package.Required): by default, when its json tag has no
	// omitempty (or omitzero) or its jsonschema tag says required.
	Required bool
	// omit and tagged are what the models read: omitempty or omitzero in
	// the json tag, required in the jsonschema tag.
	omit, tagged bool
	Description  string
	Keywords     schema.Keywords
	Mode         lenientimpl.Mode
	Type         *TypeRef
	// Depth is `norm:"depth=N"`, on a field through which a recursive
	// struct reaches itself: the levels of it a schema without $ref
	// unrolls (0: schema.DefaultDepth).
	Depth int
	// EmptyError is `norm:"empty=error"`: "" is refused, not read as the
	// field left out.
	EmptyError bool
	// EnumStrict is `norm:"enum=strict"`: the enum's values are read as
	// declared only, not in another letter case.
	EnumStrict bool
	// Secret is `norm:"secret"`: the value is never shown (Mode has
	// lenientimpl.Secret). A field whose value holds a secret field has
	// lenientimpl.Secret in its Mode without being one (markSecretHolders).
	Secret bool
	// Implicit are the spelling-style variants of Name and of its
	// declared aliases at the end of Aliases (schema.ImplicitAliases);
	// NoVariants is the field's
	// `norm:"variants=off"`, which turns them off.
	Implicit   []string
	NoVariants bool
	Pos        token.Position
}

// FoldsEnum reports whether a string element or map value reads its
// Enum's values in another ASCII letter case (schema.EnumFolds, not
// turned off).
func (t *TypeRef) FoldsEnum() bool {
	return t.Kind == schema.String && !t.EnumStrict && schema.EnumFolds(t.Enum)
}

// FoldsEnum reports whether the field reads its enum's values in another
// ASCII letter case (schema.EnumFolds, not turned off).
func (f *Field) FoldsEnum() bool {
	return f.Type.Kind == schema.String && !f.EnumStrict && schema.EnumFolds(f.Keywords.Enum)
}

// EnumTexts returns the values of the field's enum that a JSON boolean
// or number is read as (schema.EnumTexts): none for a field that is not
// a string or is strict.
func (f *Field) EnumTexts() []string {
	if f.Type.Kind != schema.String || f.Mode&lenientimpl.Strict != 0 {
		return nil
	}
	return schema.EnumTexts(f.Keywords)
}

// IntEnum returns, for an integer field with an enum, the texts of its
// values (read from a string) and their run, lo to hi (schema.IntEnum);
// ok is false for any other field.
func (f *Field) IntEnum() (texts []string, lo, hi int64, ok bool) {
	if f.Type.Kind != schema.Int || len(f.Keywords.Enum) == 0 {
		return nil, 0, 0, false
	}
	texts, lo, hi, err := schema.IntEnum(f.Keywords)
	return texts, lo, hi, err == nil
}

// Absent is which values of the field read as the field left out
// (schema.AbsentForms; known once the model of required fields is).
func (f *Field) Absent() lenientimpl.AbsentForms {
	t := f.Type
	var nullItem bool
	if e := t.Elem; (t.Split != "" || f.Mode&lenientimpl.Wrap != 0 && t.Kind == schema.Array) && e != nil {
		// (the enum is the items' once elemEnum moved it there)
		enum, folds := e.Enum, e.FoldsEnum()
		if len(enum) == 0 {
			enum, folds = f.Keywords.Enum, !f.EnumStrict && schema.EnumFolds(f.Keywords.Enum)
		}
		nullItem = schema.NullItem(enum, folds, e.ValueAliases)
	}
	enumEmpty := t.Kind == schema.String && schema.EnumEmpty(f.Keywords, f.FoldsEnum(), t.ValueAliases)
	if enumEmpty {
		nullItem = schema.NullItem(f.Keywords.Enum, true, t.ValueAliases)
	}
	return schema.AbsentForms(t.Kind, t.Pointer, len(f.Alloc) > 0, f.Mode&lenientimpl.Strict != 0, t.Split, f.Required && !f.Keywords.HasDefault, f.Keywords.HasDefault, f.EmptyError, nullItem, enumEmpty)
}

// RequiredNull reports whether null for the field, required, is read as
// the field left out (schema.RequiredNull).
func (f *Field) RequiredNull() bool {
	return f.Required && !f.Keywords.HasDefault && schema.RequiredNull(f.Type.Kind, f.Type.Pointer)
}

// Embedded is an embedded pointer to a struct (*T without a json name),
// whose fields are promoted.
type Embedded struct {
	// Path is the selector path from the struct to the pointer field.
	Path []string
	// Named and NamedPkg name T (NamedPkg empty for this package).
	Named, NamedPkg string
}

// Spellings is the field's keys, canonical name first.
func (f *Field) Spellings() []string { return append([]string{f.Name}, f.Aliases...) }

// TypeRef is a field's Go type as the renderers need it.
type TypeRef struct {
	// Kind is the semantic kind (schema.Int, schema.Array, ...).
	Kind schema.Kind
	// Bits is the width of numbers (lenientimpl.IntBits for int and uint).
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
	// Decoding says who decodes a schema.Custom value, and Own is what
	// its schema describes.
	Decoding schema.Decoding
	Own      *schema.Type
	// ValueAliases are the other values a string reads as canonical ones
	// (`norm:"value_alias=cp:copy"`), on the string type itself (a field's,
	// or a slice field's element).
	ValueAliases []schema.ValueAlias
	// Enum is the enum of a string that is a slice field's element or a
	// map field's value (the field's `jsonschema:"enum=..."`; a string
	// field's own enum stays in its Keywords), and EnumStrict the field's
	// `norm:"enum=strict"` (FoldsEnum).
	Enum       []string
	EnumStrict bool
	// Unit is the unit a time.Duration's bare number counts
	// (`norm:"unit=s"`), on the Duration type itself; "" for none.
	Unit string
}
