package schemabuild

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"
	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/internal/schemaprofile"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/runtime/lenientimpl"
	. "github.com/normgen/normgen/schema"
	orderedmap "github.com/pb33f/ordered-map/v2"
)

// Root builds the schema a server advertises for a tool whose arguments
// object is t, in the portable profile: `type: object` only (the
// arguments object itself has no string form), no top-level
// oneOf/anyOf/allOf, no type arrays, and no "$schema": JSON Schema 2020-12
// is MCP's default dialect, and a "$schema" naming it makes hosts that
// validate with a draft-07 AJV fail every call and Gemini's parameters
// path reject the tool. The keywords used read the same in draft-07.
func Root(t *Type) (*jsonschema.Schema, error) {
	return RootProfile(t, lenient.ProfilePortable)
}

// RootProfile builds the tool schema of Root in profile p.
func RootProfile(t *Type, p lenient.Profile) (*jsonschema.Schema, error) {
	if t.Kind != Object {
		return nil, fmt.Errorf("a tool input must be a struct, not %s", kindName(t.Kind))
	}
	b := &builder{unroll: unrolls(p), gemini: p == lenient.ProfileGemini, strict: p == lenient.ProfileOpenAIStrict}
	s, err := b.root(t)
	if err != nil {
		return nil, err
	}
	if p == lenient.ProfilePortable || b.strict {
		return s, nil // built for the caller: Convert's copy is not needed
	}
	return ConvertRoot(s, p)
}

// unrolls reports whether profile p spells a recursive type by unrolling
// it (its hosts refuse $ref) rather than with $defs and $ref.
func unrolls(p lenient.Profile) bool { return p == lenient.ProfileGemini }

// builder builds the schemas of one root. A recursive struct (Type.Def,
// Type.Recursive) is spelled as a $ref to its entry in the root's $defs,
// or, with unroll, inlined again down to its recursive fields' depth.
type builder struct {
	unroll bool
	// gemini builds the gemini profile's spelling of what the portable
	// schema cannot carry: a Custom type without a schema is its Shape
	// (Gemini wants a type on every schema), where the portable schema
	// says {}; shaped records that the portable builder met one.
	gemini, shaped bool
	// strict builds the openai-strict profile (lenient.ProfileOpenAIStrict),
	// which Convert cannot make from the portable schema: it needs to know
	// which properties are aliases and which fields may be left out. Each
	// value has its native form only; every object lists all its
	// properties in required and has additionalProperties: false.
	strict bool
	// path is the wire names of the fields being built, from the root;
	// gaps the fields strict mode cannot express (StrictGapError).
	path []string
	gaps []StrictGap
	// defs are the $defs entries, by name; defNames the name of each
	// struct's entry (its base Type).
	defs     map[string]*jsonschema.Schema
	defNames map[*Type]string
	// open counts, with unroll, the levels of each recursive struct being
	// built.
	open map[*Type]int
	// absent is what the field being built reads as left out (its
	// AbsentForms): build gives its type a null branch for null and a
	// string form that also takes "" for "". The next build takes it.
	absent lenientimpl.AbsentForms
}

// root builds the object schema of a tool's arguments, with the $defs its
// recursive structs need.
func (b *builder) root(t *Type) (*jsonschema.Schema, error) {
	base := baseOf(t)
	if b.unroll && base.Recursive {
		b.enter(base)
		defer b.leave(base)
	}
	s, err := b.objectBranch(base)
	if err != nil {
		return nil, err
	}
	if len(b.gaps) > 0 {
		return nil, &StrictGapError{Gaps: b.gaps}
	}
	if len(b.defs) > 0 {
		s.Definitions = b.defs
	}
	return s, nil
}

func (b *builder) enter(base *Type) {
	if b.open == nil {
		b.open = map[*Type]int{}
	}
	b.open[base]++
}

func (b *builder) leave(base *Type) { b.open[base]-- }

// object is the schema of a struct value (its object branch): inline, or
// a $ref to its $defs entry when it is recursive.
func (b *builder) object(t *Type) (*jsonschema.Schema, error) {
	base := baseOf(t)
	if !base.Recursive {
		return b.objectBranch(base)
	}
	if b.unroll {
		b.enter(base)
		defer b.leave(base)
		return b.objectBranch(base)
	}
	name, err := b.def(base)
	if err != nil {
		return nil, err
	}
	return &jsonschema.Schema{Ref: "#/$defs/" + name}, nil
}

// def returns the $defs name of the recursive struct base, building its
// entry the first time.
func (b *builder) def(base *Type) (string, error) {
	if name, ok := b.defNames[base]; ok {
		return name, nil
	}
	if b.defs == nil {
		b.defs = map[string]*jsonschema.Schema{}
		b.defNames = map[*Type]string{}
	}
	name := base.Name
	if name == "" {
		name = "Object"
	}
	for i := 2; b.defs[name] != nil; i++ {
		name = base.Name + strconv.Itoa(i) // two types of one name (reflection)
	}
	b.defNames[base] = name
	b.defs[name] = &jsonschema.Schema{} // taken, while it is built
	s, err := b.objectBranch(base)
	if err != nil {
		return "", err
	}
	b.defs[name] = s
	return name, nil
}

// ForeignComment is the $comment of a struct of another package (see
// lint.ForeignComment, which normgen check reads).
const ForeignComment = lint.ForeignComment

// Build builds the lenient schema of a value of type t (see the semantics
// table in the README) in the portable profile: a value with one accepted
// JSON type is a single-typed schema; a value with several is an anyOf of
// single-typed branches and nothing else, the native type first, then the
// string form, then (wrap) the element's other types, then null.
//
// A recursive struct inside t is a $ref to "#/$defs/NAME", whose entry
// Build cannot return: Root and RootJSON, which can, build tools.
func Build(t *Type) (*jsonschema.Schema, error) {
	return (&builder{}).build(t)
}

func (b *builder) build(t *Type) (*jsonschema.Schema, error) {
	absent := b.absent
	b.absent = 0
	if b.strict {
		if why := strictGap(t); why != "" {
			return b.gap(why), nil
		}
	}
	// native is set where only a value's native JSON form is spelled:
	// the field is strict, or the profile is (a strict-mode model sends
	// nothing else).
	native := t.Strict || b.strict
	var branches []*jsonschema.Schema
	switch t.Kind {
	case String:
		branches = []*jsonschema.Schema{{Type: "string", Pattern: t.Pattern}}
		if t.Base64 {
			// encoding/json's reading of a []byte: base64 text, or an
			// array of bytes (null leaves one as it is), each read by the
			// byte type's own method where it has one (Elem)
			items := &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "integer", Minimum: "0", Maximum: "255"}, {Type: "null"}}}
			if t.Elem != nil {
				var err error
				if items, err = b.build(t.Elem); err != nil {
					return nil, err
				}
			}
			branches = []*jsonschema.Schema{{Type: "string", Pattern: lenientimpl.Base64Pattern}, {Type: "array", Items: items}}
		}
		if len(t.Enum) > 0 {
			// An array's element or a map's value with the field's enum:
			// spelled as a string field's enum is (fieldSchema).
			str := branches[0]
			str.Enum = append(str.Enum, anySlice(t.Enum)...)
			if !b.strict {
				for _, va := range t.ValueAliases {
					str.Enum = append(str.Enum, va.From)
				}
				if t.FoldsEnum() {
					branches = append(branches, &jsonschema.Schema{Type: "string", Pattern: EnumCasePattern(CaseValues(t.Enum, t.ValueAliases))})
				}
			}
		}
	case Bool:
		pattern := lenientimpl.BoolPattern
		if t.StrictBool {
			pattern = lenientimpl.StrictBoolPattern
		}
		branches = lenientScalar(native, &jsonschema.Schema{Type: "boolean"}, orEmpty(pattern, absent))
	case Int:
		branches = lenientScalar(native, &jsonschema.Schema{Type: "integer"}, orEmpty(lenientimpl.IntPattern, absent))
	case Uint:
		branches = lenientScalar(native, &jsonschema.Schema{Type: "integer", Minimum: "0"}, orEmpty(lenientimpl.UintPattern, absent))
	case Float:
		branches = lenientScalar(native, &jsonschema.Schema{Type: "number"}, orEmpty(lenientimpl.FloatPattern, absent))
	case Array:
		if t.Elem == nil {
			return nil, fmt.Errorf("array type without element type")
		}
		items, err := b.build(t.Elem)
		if err != nil {
			return nil, err
		}
		branches = []*jsonschema.Schema{{Type: "array", Items: items}}
		if !native {
			branches = append(branches, &jsonschema.Schema{Type: "string"})
		}
		if t.Wrap && !b.strict {
			// A lone element is read as a one-element array: the
			// element's own forms, but for strings (the JSON-text branch
			// already takes every string) and null.
			for _, b := range Branches(items) {
				if b.Type != "string" && b.Type != "null" && b.Type != "" {
					branches = append(branches, b)
				}
			}
		}
	case Map:
		if t.Elem == nil {
			return nil, fmt.Errorf("map type without element type")
		}
		elem, err := b.build(t.Elem)
		if err != nil {
			return nil, err
		}
		obj := &jsonschema.Schema{Type: "object", AdditionalProperties: elem}
		if t.Elem.Kind == Any {
			// Any value is JSON Schema's default (and invopop's spelling):
			// a schema there, even {}, makes some hosts drop the tool.
			obj.AdditionalProperties = nil
		}
		branches = []*jsonschema.Schema{obj}
		if !t.Strict {
			branches = append(branches, &jsonschema.Schema{Type: "string"})
		}
	case Object:
		obj, err := b.object(t)
		if err != nil {
			return nil, err
		}
		branches = []*jsonschema.Schema{obj}
		if !native {
			branches = append(branches, &jsonschema.Schema{Type: "string"})
		}
	case Any:
		// Non-nil, empty Extras make invopop marshal {} instead of the
		// boolean schema true, which Gemini-family hosts reject.
		return &jsonschema.Schema{Extras: map[string]any{}}, nil
	case Time:
		pattern := lenientimpl.TimePattern
		if t.Strict {
			pattern = lenientimpl.RFC3339Pattern
		}
		branches = []*jsonschema.Schema{{Type: "string", Pattern: orEmpty(pattern, absent)}}
	case Duration:
		switch { // a strict one is an Int (encoding/json's reading)
		case t.Unit == "":
			branches = []*jsonschema.Schema{{Type: "string", Pattern: orEmpty(lenientimpl.DurationPattern, absent)}}
		default: // a number that is not a whole number of nanoseconds is class (a)
			branches = []*jsonschema.Schema{{Type: "number"}, {Type: "string", Pattern: orEmpty(lenientimpl.DurationNumberPattern, absent)}}
		}
	case Custom:
		own, err := customSchema(t.Schema)
		if err != nil {
			return nil, err
		}
		if b.strict {
			if why := strictOwn(t, own, absent); why != "" {
				return b.gap(why), nil
			}
		}
		if own == nil && t.Shape != nil {
			if !b.gemini {
				b.shaped = true
				return &jsonschema.Schema{Extras: map[string]any{}}, nil // {}, as Any
			}
			own = shapeSchema(t.Shape)
		}
		if own == nil {
			return &jsonschema.Schema{Extras: map[string]any{}}, nil // {}, as Any
		}
		if !t.Nullable && absent&lenientimpl.AbsentNull == 0 {
			return own, nil
		}
		branches = []*jsonschema.Schema{own}
	default:
		return nil, fmt.Errorf("unsupported kind %d", t.Kind)
	}
	switch {
	case b.strict:
		// normgen's own marks, for normgen check, which has no
		// leniency to look for in this profile
	case t.Foreign && t.Kind == Object:
		branches[0].Comments = ForeignComment
	case t.Strict && t.Kind != String && !t.Foreign:
		branches[0].Comments = leniency.StrictComment
	}
	if t.Nullable || absent&lenientimpl.AbsentNull != 0 {
		branches = append(branches, &jsonschema.Schema{Type: "null"})
	}
	if len(branches) == 1 {
		return branches[0], nil
	}
	return &jsonschema.Schema{AnyOf: branches}, nil
}

// shapeSchema is the schema of the values of a Go type's shape
// (Type.Shape) in their native form: what the gemini profile says of a
// type with its own decoder and no schema.
func shapeSchema(t *Type) *jsonschema.Schema {
	switch t.Kind {
	case String:
		return &jsonschema.Schema{Type: "string"}
	case Bool:
		return &jsonschema.Schema{Type: "boolean"}
	case Int, Uint:
		return &jsonschema.Schema{Type: "integer"}
	case Float:
		return &jsonschema.Schema{Type: "number"}
	case Array:
		items := &jsonschema.Schema{Type: "object"}
		if t.Elem != nil {
			items = shapeSchema(t.Elem)
		}
		return &jsonschema.Schema{Type: "array", Items: items}
	}
	return &jsonschema.Schema{Type: "object"}
}

// customSchema reads a Custom type's schema (nil for {}), with each oneOf
// spelled anyOf: hosts' common subset (Gemini rejects oneOf), and anyOf
// takes every value oneOf takes, so no call the type's own decoder takes
// is refused.
func customSchema(raw json.RawMessage) (*jsonschema.Schema, error) {
	if len(raw) == 0 || string(raw) == "{}" || string(raw) == "true" {
		return nil, nil
	}
	s := &jsonschema.Schema{}
	if err := json.Unmarshal(raw, s); err != nil {
		return nil, fmt.Errorf("its JSONSchema() is not a JSON Schema: %v", err)
	}
	oneOfToAnyOf(s)
	return s, nil
}

// oneOfToAnyOf spells every oneOf of s as anyOf, at any depth.
func oneOfToAnyOf(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.OneOf) > 0 && len(s.AnyOf) == 0 {
		s.AnyOf, s.OneOf = s.OneOf, nil
	}
	for _, list := range [][]*jsonschema.Schema{s.AnyOf, s.OneOf, s.AllOf, s.PrefixItems} {
		for _, b := range list {
			oneOfToAnyOf(b)
		}
	}
	for _, b := range []*jsonschema.Schema{s.Items, s.AdditionalProperties, s.Not, s.Contains, s.PropertyNames} {
		oneOfToAnyOf(b)
	}
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			oneOfToAnyOf(p.Value)
		}
	}
}

// Branches returns the single-typed branches of a schema Build made: its
// anyOf, or the schema itself.
func Branches(s *jsonschema.Schema) []*jsonschema.Schema {
	if len(s.AnyOf) > 0 {
		return s.AnyOf
	}
	return []*jsonschema.Schema{s}
}

// branch returns the branch of s whose type is one of types, or nil.
func branch(s *jsonschema.Schema, types ...string) *jsonschema.Schema {
	for _, b := range Branches(s) {
		for _, t := range types {
			if b.Type == t {
				return b
			}
		}
	}
	return nil
}

// lenientScalar is the schema of a number or boolean: the JSON type and,
// unless strict, a string form restricted by pattern.
// withBranchAfter returns s with b as a branch of its anyOf right after
// the branch after (s itself when s has no anyOf).
func withBranchAfter(s, after, b *jsonschema.Schema) *jsonschema.Schema {
	if len(s.AnyOf) == 0 {
		return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{s, b}}
	}
	var out []*jsonschema.Schema
	for _, x := range s.AnyOf {
		out = append(out, x)
		if x == after {
			out = append(out, b)
		}
	}
	s.AnyOf = out
	return s
}

// orEmpty is pattern, or with "" and "null" among what it matches when
// absent has lenientimpl.AbsentEmpty: "" for an optional number or boolean
// reads as the field left out, and "null" as null; or with "null" alone
// when it has lenientimpl.AbsentNullText alone: a required pointer, whose
// own value null is, reads "null" as null (nil).
func orEmpty(pattern string, absent lenientimpl.AbsentForms) string {
	switch {
	case absent&lenientimpl.AbsentEmpty != 0:
		return lenientimpl.OrEmptyPattern(pattern)
	case absent&lenientimpl.AbsentNullText != 0:
		return lenientimpl.OrNullPattern(pattern)
	}
	return pattern
}

func lenientScalar(strict bool, native *jsonschema.Schema, pattern string) []*jsonschema.Schema {
	if strict {
		return []*jsonschema.Schema{native}
	}
	return []*jsonschema.Schema{native, {Type: "string", Pattern: pattern}}
}

// objectBranch is the object schema of a struct: its properties, required
// list and, for unknown=error, additionalProperties false.
//
// With unroll, a field through which a recursive struct reaches itself
// holds no more of it at its depth (declared or DefaultDepth): that many
// levels of the struct are open, and the last says the field's form that
// holds none (exhausted). Left out, the key would be an unknown key of an
// open object there, any value admitted, which the decoder refuses.
func (b *builder) objectBranch(t *Type) (*jsonschema.Schema, error) {
	s := &jsonschema.Schema{Type: "object", Properties: orderedmap.New[string, *jsonschema.Schema]()}
	var errs []string
	for i := range t.Fields {
		f := &t.Fields[i]
		var fs *jsonschema.Schema
		var err error
		if b.cut(f) {
			fs = exhausted(f.Type, f.Required)
		} else {
			b.path = append(b.path, f.Name)
			fs, err = b.fieldSchema(f)
			b.path = b.path[:len(b.path)-1]
		}
		if err != nil {
			errs = append(errs, f.Name+": "+err.Error())
			continue
		}
		// One name per parameter (class (f)): a field is advertised under
		// its wire name only, never under its aliases or spelling-style
		// variants, which the decoder still reads; and a required field
		// stays in required though another key could fill it. A
		// validating host then refuses those other keys, as it did
		// without normgen; nothing it admits is refused.
		s.Properties.Set(f.Name, fs)
		if f.Required {
			s.Required = append(s.Required, f.Name)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	if t.RejectUnknown {
		s.AdditionalProperties = jsonschema.FalseSchema
	}
	if b.strict {
		strictObject(s)
	}
	return s, nil
}

// FieldSchema builds the schema of one struct field: its type's schema with
// the field's keywords and description, in the portable profile.
// Annotations go into the first branch; each keyword goes into the branch
// of the JSON type it constrains.
//
// A field whose default a default filler would misapply (defaultsInBranch)
// is an anyOf even where it has one form: its default sits in the branch.
// The other profiles, for tools/list only, spell it as any other field.
func FieldSchema(f *Field) (*jsonschema.Schema, error) {
	return (&builder{}).fieldSchema(f)
}

// cut reports whether, unrolling, f is where a recursive struct reaches
// itself for the last level shown: the struct its type holds (through
// pointers, slices and maps) is open depth times already.
func (b *builder) cut(f *Field) bool {
	if !b.unroll {
		return false
	}
	t := f.Type
	for t.Elem != nil {
		t = t.Elem
	}
	if t.Kind != Object || !baseOf(t).Recursive {
		return false
	}
	depth := f.Depth
	if depth <= 0 {
		depth = DefaultDepth
	}
	return b.open[baseOf(t)] >= depth
}

// exhausted is the schema of a field of a recursive struct at the last
// level an unrolled schema shows: its value without another level of the
// struct (an empty array or map where it is required), or null, which
// the decoder reads as the field left out (the shortest form that holds
// none: gemini's schemas are sent on every request).
func exhausted(t *Type, required bool) *jsonschema.Schema {
	zero := uint64(0)
	switch {
	case required && t.Kind == Array:
		return &jsonschema.Schema{Type: "array", Items: &jsonschema.Schema{Type: "object"}, MaxItems: &zero}
	case required && t.Kind == Map:
		return &jsonschema.Schema{Type: "object", MaxProperties: &zero}
	}
	return &jsonschema.Schema{Type: "null"}
}

func (b *builder) fieldSchema(f *Field) (*jsonschema.Schema, error) {
	b.absent = f.Absent()
	if b.strict {
		b.absent = strictAbsent(f)
	}
	s, err := b.build(f.Type)
	if err != nil {
		return nil, err
	}
	first := Branches(s)[0]
	k := f.Keywords
	first.Title = k.Title
	first.Description = f.Description
	if k.Description != "" {
		first.Description = k.Description
	}
	first.Deprecated, first.ReadOnly, first.WriteOnly = k.Deprecated, k.ReadOnly, k.WriteOnly
	kind := f.Type.Kind
	if k.Format != "" {
		return nil, fmt.Errorf("format=%s is not supported: the decoder cannot check it (hosts may); use pattern", k.Format)
	}
	if k.UniqueItems {
		return nil, fmt.Errorf("uniqueItems is not supported: JSON and Go equality differ once values are coerced")
	}
	if k.MultipleOf != "" {
		return nil, fmt.Errorf("multipleOf is not supported")
	}
	numeric := kind == Int || kind == Uint || kind == Float
	if (k.Minimum != "" || k.Maximum != "" || k.ExclusiveMinimum != "" || k.ExclusiveMaximum != "") && !numeric {
		return nil, fmt.Errorf("minimum, maximum and exclusive bounds apply to number fields only")
	}
	if num := branch(s, "integer", "number"); num != nil {
		if k.Minimum != "" {
			num.Minimum = json.Number(k.Minimum)
		}
		num.Maximum = json.Number(k.Maximum)
		num.ExclusiveMinimum = json.Number(k.ExclusiveMinimum)
		num.ExclusiveMaximum = json.Number(k.ExclusiveMaximum)
	}
	if (k.MinLength != nil || k.MaxLength != nil || k.Pattern != "") && kind != String {
		return nil, fmt.Errorf("minLength, maxLength and pattern apply to string fields only")
	}
	if kind == String {
		str := branch(s, "string")
		str.MinLength, str.MaxLength = k.MinLength, k.MaxLength
		if k.Pattern != "" {
			if err := lint.PortablePattern(k.Pattern); err != nil {
				return nil, err
			}
			str.Pattern = k.Pattern
		}
	}
	if (k.MinItems != nil || k.MaxItems != nil) && kind != Array {
		return nil, fmt.Errorf("minItems and maxItems apply to array fields only")
	}
	if arr := branch(s, "array"); arr != nil && kind == Array {
		arr.MinItems, arr.MaxItems = k.MinItems, k.MaxItems
	}
	if len(k.Enum) > 0 && kind == Int {
		// An integer enum: its run as bounds, its values' texts as the
		// string form (IntEnum).
		texts, lo, hi, err := IntEnum(k)
		if err != nil {
			return nil, err
		}
		if bits := f.Type.Bits; bits > 0 && bits < 64 && (lo < -1<<(bits-1) || hi > 1<<(bits-1)-1) {
			return nil, fmt.Errorf("enum values %d to %d do not fit an int%d", lo, hi, bits)
		}
		num := branch(s, "integer")
		num.Minimum, num.Maximum = json.Number(strconv.FormatInt(lo, 10)), json.Number(strconv.FormatInt(hi, 10))
		if str := branch(s, "string"); str != nil {
			str.Pattern = ""
			for _, t := range texts {
				str.Enum = append(str.Enum, t)
			}
			switch absent := f.Absent(); {
			case absent&lenientimpl.AbsentEmpty != 0:
				// "" for the field left out, and "null" as text
				str.Enum = append(str.Enum, "null", "")
			case absent&lenientimpl.AbsentNullText != 0:
				// "null" as text, a required pointer's null
				str.Enum = append(str.Enum, "null")
			}
		}
	} else if len(k.Enum) > 0 {
		if kind != String {
			return nil, fmt.Errorf("enum applies to string and signed integer fields, and to slice and map fields of strings (hosts require string enums)")
		}
		str := branch(s, "string")
		aliases := f.Type.ValueAliases
		keywords := k.MinLength != nil || k.MaxLength != nil || k.Pattern != ""
		if len(aliases) > 0 && keywords && !b.strict {
			// The decoder checks the string keywords on the value an
			// alias reads as (cp as copy): the enum lists the values
			// they take and those values' aliases, which they would
			// refuse themselves (cp is shorter than copy's minLength),
			// and the keywords go.
			taken := TakenEnum(k)
			for _, e := range taken {
				str.Enum = append(str.Enum, e)
			}
			for _, va := range aliases {
				if slices.Contains(taken, va.To) {
					str.Enum = append(str.Enum, va.From)
				}
			}
			str.MinLength, str.MaxLength, str.Pattern = nil, nil, ""
		} else {
			for _, e := range k.Enum {
				str.Enum = append(str.Enum, e)
			}
			// Value aliases are accepted values too (a strict-mode model
			// is shown the canonical ones: it sends what the enum lists).
			for _, va := range aliases {
				if !b.strict {
					str.Enum = append(str.Enum, va.From)
				}
			}
		}
		if taken := TakenEnum(k); f.FoldsEnum() && !b.strict && len(taken) > 0 {
			// The values in another letter case, which the decoder
			// reads as them: a branch of their own, after the enum's,
			// of the values the field's string keywords take (it
			// checks them on the value it read; the branch holds none),
			// and of the aliases of those (read as the alias, then as
			// its value).
			var aliases []ValueAlias
			for _, va := range f.Type.ValueAliases {
				if slices.Contains(taken, va.To) {
					aliases = append(aliases, va)
				}
			}
			// ("" and "null" too, where they read as the field left out:
			// EnumEmpty)
			s = withBranchAfter(s, str, &jsonschema.Schema{Type: "string", Pattern: orEmpty(EnumCasePattern(CaseValues(taken, aliases)), f.Absent())})
		}
	}
	if texts := f.EnumTexts(); len(texts) > 0 && !b.strict {
		// A boolean or integer whose text is a value of the enum, which
		// the decoder reads as it: branches after the string ones.
		s = withEnumTexts(s, texts)
	}
	aliases := f.Type.ValueAliases
	if kind == Array && f.Type.Elem != nil {
		aliases = f.Type.Elem.ValueAliases
	}
	if !b.strict {
		first.Description = leniency.WithNote(first.Description, ValueAliasNote(aliases))
		first.Description = leniency.WithNote(first.Description, SplitNote(f.Type.Split))
	}
	unit := f.Type.Unit
	if kind == Array && f.Type.Elem != nil {
		unit = f.Type.Elem.Unit
	}
	first.Description = leniency.WithNote(first.Description, UnitNote(unit))
	for _, e := range k.Examples {
		v, err := Value(f.Type, e)
		if err != nil {
			return nil, fmt.Errorf("example %q: %v", e, err)
		}
		first.Examples = append(first.Examples, v)
	}
	if schemaDefault(f) {
		v, err := Value(f.Type, k.Default)
		if err != nil {
			return nil, fmt.Errorf("default %q: %v", k.Default, err)
		}
		first.Default = v
	}
	if b.strict {
		strictDefault(first)
		return s, nil
	}
	if defaultsInBranch(f) && len(s.AnyOf) == 0 {
		s = &jsonschema.Schema{AnyOf: []*jsonschema.Schema{s}}
	}
	return s, nil
}

// SplitNote is the note a `norm:"split=SEP"` field's description gets:
// `Also accepted: the items in one string, separated by ",".` ("" for
// none).
func SplitNote(sep string) string {
	if sep == "" {
		return ""
	}
	return "Also accepted: the items in one string, separated by " + strconv.Quote(sep) + "."
}

// UnitNote is the note the description of a `norm:"unit=s"` duration (or
// slice of them) gets in every profile, strict too: `A number counts
// seconds.` ("" for none). A model cannot guess the unit of a bare
// number, and 30000 meant as milliseconds would be 8h20m.
func UnitNote(unit string) string {
	name, ok := unitNames[unit]
	if !ok {
		return ""
	}
	return "A number counts " + name + "."
}

// unitNames are the units of norm:"unit=", written out.
var unitNames = map[string]string{"ns": "nanoseconds", "us": "microseconds", "ms": "milliseconds", "s": "seconds", "m": "minutes", "h": "hours"}

// defaultsInBranch reports whether f's schema must keep its defaults in
// an anyOf branch, out of the reach of default fillers, rather than as
// its property's own "default".
//
// A default filler (go-sdk's mcp.AddTool applies the input schema's
// defaults with google/jsonschema-go's Resolved.ApplyDefaults before it
// decodes; AJV does with its useDefaults option) reads a property's own
// "default" as "set this key when it is absent"; go-sdk's also creates an
// absent object property whose "properties" hold a default. The decoder
// applies a default when no key of the field is present, in an object
// that was sent. The two readings differ for
//   - a field with aliases: the filler sets the canonical key beside the
//     alias sent, and the decoder then sees the field given twice (class
//     (d)) where the caller gave it once;
//   - a struct field whose struct declares defaults (through struct
//     fields, which fillers walk): the filler creates the object the
//     caller left out, and the handler gets a struct (or a non-nil
//     pointer) filled with defaults instead of the zero value.
//
// Such a field's default stays in its schema, in the first branch of an
// anyOf (a one-branch anyOf where the field has one form), where JSON
// Schema still annotates the property with it (annotations of a passing
// anyOf branch are the property's) and where fillers do not look. This is
// the portable profile's spelling, the one SDKs are given; the typearray
// and gemini profiles, served in tools/list only, merge the anyOf away.
func defaultsInBranch(f *Field) bool {
	if len(f.Aliases) > 0 && schemaDefault(f) {
		return true
	}
	return f.Type.Kind == Object && declaresDefault(f.Type)
}

// schemaDefault reports whether f's default is shown in the schema (a
// {{index}} template is not).
func schemaDefault(f *Field) bool {
	return f.Keywords.HasDefault && !strings.Contains(f.Keywords.Default, "{{index}}")
}

// declaresDefault reports whether a field of the struct t, or of a struct
// it holds in a field (not in a slice or map: fillers do not walk those),
// has a default shown in the schema.
func declaresDefault(t *Type) bool {
	return declaresDefaultIn(t, map[*Type]bool{})
}

func declaresDefaultIn(t *Type, seen map[*Type]bool) bool {
	base := baseOf(t)
	if seen[base] {
		return false // a recursive struct: its fields are being looked at
	}
	seen[base] = true
	for i := range base.Fields {
		f := &base.Fields[i]
		if schemaDefault(f) || f.Type.Kind == Object && declaresDefaultIn(f.Type, seen) {
			return true
		}
	}
	return false
}

// Value parses a tag's text (a default or an example) as a value of type
// t, for the schema: numbers as json.Number, booleans, strings.
func Value(t *Type, text string) (any, error) {
	switch t.Kind {
	case String:
		return text, nil
	case Bool:
		b, err := strconv.ParseBool(text)
		if err != nil || (text != "true" && text != "false") {
			return nil, fmt.Errorf("not true or false")
		}
		return b, nil
	case Int:
		if _, err := lenientimpl.ParseIntString(text, bitsOf(t)); err != nil {
			return nil, fmt.Errorf("not an integer in range for int%d", bitsOf(t))
		}
		return json.Number(text), nil
	case Uint:
		if _, err := lenientimpl.ParseUintString(text, bitsOf(t)); err != nil {
			return nil, fmt.Errorf("not a non-negative integer in range for uint%d", bitsOf(t))
		}
		return json.Number(text), nil
	case Float:
		if _, err := lenientimpl.ParseFloat(text, bitsOf(t)); err != nil {
			return nil, fmt.Errorf("not a number in JSON number grammar in range for float%d", bitsOf(t))
		}
		return json.Number(text), nil
	}
	return nil, fmt.Errorf("defaults and examples are supported on string, bool and number fields only")
}

func bitsOf(t *Type) int {
	if t.Bits == 0 {
		return 64
	}
	return t.Bits
}

func kindName(k Kind) string {
	switch k {
	case String:
		return "a string"
	case Bool:
		return "a bool"
	case Int, Uint:
		return "an integer"
	case Float:
		return "a float"
	case Array:
		return "a slice"
	case Map:
		return "a map"
	case Any:
		return "any"
	}
	return "an object"
}

// Marshal encodes a schema as indented JSON with a stable key order and
// no HTML escaping, ending in a newline: the form golden files and
// generated code hold. It is invopop's MarshalJSON through encoding/json,
// with encoding/json's HTML escapes (\u003c, \u003e, \u0026) undone so
// that patterns read as written, then json.Indent.
func Marshal(s *jsonschema.Schema) ([]byte, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, unescapeHTML(raw), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// RootJSON returns the tool schema of RootProfile in each of profiles, in
// order, as Marshal writes it. The portable schema is built once; the
// typearray and gemini schemas are derived from its JSON text
// (internal/schemaprofile, which generated code calls at run time), but
// for the gemini schema of a recursive type, which is built unrolled, and
// of a type holding one with its own decoder and no schema, which the
// gemini profile spells as its Go type's shape (Type.Shape). It
// is not built when every profile is openai-strict, whose schema is built
// from the type.
func RootJSON(t *Type, profiles ...lenient.Profile) ([][]byte, error) {
	if t.Kind != Object {
		return nil, fmt.Errorf("a tool input must be a struct, not %s", kindName(t.Kind))
	}
	// The portable schema no longer says which properties are aliases,
	// which openai-strict needs: that profile is built from the type.
	b := &builder{}
	var portable []byte
	if len(profiles) == 0 || slices.ContainsFunc(profiles, func(p lenient.Profile) bool { return p != lenient.ProfileOpenAIStrict }) {
		s, err := b.root(t)
		if err != nil {
			return nil, err
		}
		if portable, err = Marshal(s); err != nil {
			return nil, err
		}
	}
	out := make([][]byte, len(profiles))
	for i, p := range profiles {
		var err error
		switch p {
		case lenient.ProfilePortable:
			out[i] = portable
		case lenient.ProfileTypeArray:
			out[i], err = derived(portable, schemaprofile.Root.TypeArray)
		case lenient.ProfileGemini:
			src := portable
			if unrolls(p) && (b.defs != nil || b.shaped) {
				// A recursive type, spelled without $ref in this
				// profile; a type with its own decoder, spelled as its
				// Go type's shape.
				s, err := (&builder{unroll: true, gemini: true}).root(t)
				if err != nil {
					return nil, err
				}
				if src, err = Marshal(s); err != nil {
					return nil, err
				}
			}
			out[i], err = derived(src, schemaprofile.Root.Gemini)
		case lenient.ProfileOpenAIStrict:
			s, serr := (&builder{strict: true}).root(t)
			if serr != nil && portable == nil {
				// Not built: its error comes first all the same.
				if _, perr := b.root(t); perr != nil {
					return nil, perr
				}
			}
			if serr != nil {
				return nil, serr
			}
			out[i], err = Marshal(s)
		default:
			_, err = lenient.ParseProfile(string(p))
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// derived is Marshal's form (indented) of a profile derived from the
// portable schema's text.
func derived(portable []byte, profile func(schemaprofile.Root) []byte) ([]byte, error) {
	root, err := schemaprofile.ParseRoot(portable)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, profile(root), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// unescapeHTML undoes encoding/json's HTML escaping (\u003c, \u003e,
// \u0026), which invopop's marshaller applies, so that patterns read as
// written. An escape preceded by an escaped backslash is left alone.
func unescapeHTML(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) {
			if i+5 < len(b) && b[i+1] == 'u' && b[i+2] == '0' && b[i+3] == '0' {
				switch string(b[i+4 : i+6]) {
				case "3c":
					out = append(out, '<')
					i += 5
					continue
				case "3e":
					out = append(out, '>')
					i += 5
					continue
				case "26":
					out = append(out, '&')
					i += 5
					continue
				}
			}
			out = append(out, b[i], b[i+1])
			i++
			continue
		}
		out = append(out, b[i])
	}
	return out
}

// anySlice is vals as the []any of a schema's enum.
func anySlice(vals []string) []any {
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = v
	}
	return out
}
