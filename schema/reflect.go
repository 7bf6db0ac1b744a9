package schema

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/normgen/normgen/runtime/lenientimpl"
)

// Options are what a type's tags cannot say to Describe: what the
// generator reads from its flags and from the package's doc comment.
type Options struct {
	// Required is the model of required fields (RequiredAuto when zero:
	// resolved over the type and the structs it reaches, as the generator
	// resolves it over a package).
	Required Required
	// NoVariants turns off the spelling-style variants of every field
	// (ImplicitAliases), as the package directive //normgen:variants=off
	// does for the generator.
	NoVariants bool
	// OnWarning receives what schemabuild.ForOptions warns of: where the
	// schema of a struct of another package takes values encoding/json
	// refuses, or leaves out members it cannot set (LooseParts), as the
	// generator warns of them. nil sends them to log/slog's default
	// logger (slog.Warn). Describe itself warns of nothing.
	OnWarning func(msg string)
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// numberType is encoding/json's Number, which it reads from a number or
// from text that is one.
var numberType = reflect.TypeFor[json.Number]()

// Describe builds the type description of a Go type by reflection.
func Describe(t reflect.Type) (*Type, error) {
	return DescribeWith(t, Options{})
}

// describer describes the types of one root, so that every occurrence of
// a recursive struct refers to one description (Type.Def).
type describer struct {
	building, done map[reflect.Type]*Type
	noVariants     bool // Options.NoVariants
}

// DescribeWith is Describe with the choices o. The model of required
// fields it used is the description's Required (RequiredAuto resolved).
func DescribeWith(t reflect.Type, o Options) (*Type, error) {
	d, err := describeType(t, &describer{building: map[reflect.Type]*Type{}, done: map[reflect.Type]*Type{}, noVariants: o.NoVariants}, "")
	if err != nil {
		return nil, err
	}
	var fields []*Field
	var paths []string
	var walk func(t *Type, path string)
	walk = func(t *Type, path string) {
		for ; t != nil; t = t.Elem {
			if t.Foreign {
				// encoding/json decodes a struct of another package,
				// taking any of its fields left out (stdFields): none
				// is required, whatever the model, as the generator has it.
				return
			}
			for i := range t.Fields {
				f := &t.Fields[i]
				fields = append(fields, f)
				p := strings.TrimPrefix(path+"."+f.Name, ".")
				paths = append(paths, p)
				walk(f.Type, p)
			}
			path += "[]"
		}
	}
	walk(d, "")
	model := o.Required
	if model == RequiredAuto {
		seen := make([]RequiredField, len(fields))
		for i, f := range fields {
			seen[i] = RequiredField{Omit: f.omit, Tagged: f.Keywords.Required}
		}
		r, conflict, tagged, ok := ResolveRequired(seen)
		if !ok {
			return nil, fmt.Errorf("%s: %s", paths[conflict], RequiredConflict(paths[tagged], "describe with schema.Options{Required: schema.RequiredJSONSchema} (only tagged fields are required) or schema.RequiredJSON (fields without omitempty are too); fallback.DecodeWith takes them too"))
		}
		model = r
	}
	for i, f := range fields {
		f.Required = model.IsRequired(f.omit, f.Keywords.Required) && !f.Keywords.HasDefault
		if f.EmptyError {
			c := *f
			c.EmptyError = false
			if c.Absent()&lenientimpl.AbsentEmpty == 0 {
				return nil, fmt.Errorf("%s: %s", paths[i], EmptyErrorRefused)
			}
		}
		if f.EnumStrict && !EnumStrictApplies(f.Type, f.Keywords.Enum) {
			return nil, fmt.Errorf("%s: %s", paths[i], EnumStrictRefused)
		}
	}
	d.Required = model
	return d, nil
}

func describeType(t reflect.Type, busy *describer, path string) (*Type, error) {
	return describeIn(t, busy, path, "")
}

// describeIn is describeType for a type reached from a struct of package
// pkg ("" at the root: the root type's package), whose other structs are
// decoded leniently; a struct of another package is decoded by
// encoding/json, as the generator decodes it.
func describeIn(t reflect.Type, busy *describer, path, pkg string) (*Type, error) {
	if t == nil {
		return nil, fmt.Errorf("%snil type", at(path))
	}
	nullable := false
	if t.Kind() == reflect.Pointer {
		nullable = true
		t = t.Elem()
		if t.Kind() == reflect.Pointer {
			return nil, fmt.Errorf("%spointer to pointer is not supported", at(path))
		}
	}
	if pkg == "" {
		pkg = t.PkgPath()
	}
	var d *Type
	switch dec := DecodingOf(t, pkg); {
	case dec == OwnJSON || dec == OwnText:
		d = ownType(t, dec)
		d.Nullable = d.Nullable || nullable
		return d, nil
	case dec == StdJSON:
		return describeStd(t, map[reflect.Type]bool{}), nil
	case t == timeType:
		d = &Type{Kind: Time}
	case t == durationType:
		d = &Type{Kind: Duration}
	case t == rawMessageType:
		d = &Type{Kind: Any}
	case t == numberType:
		return nil, fmt.Errorf("%sjson.Number is not supported: encoding/json reads it from a number, or from text that is one, which normgen does not read as it does; use float64 or int64 (normgen reads their text too), or string", at(path))
	case t.Kind() == reflect.String:
		d = &Type{Kind: String}
	case t.Kind() == reflect.Bool:
		d = &Type{Kind: Bool}
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Int64:
		d = &Type{Kind: Int, Bits: t.Bits()}
	case t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64:
		d = &Type{Kind: Uint, Bits: t.Bits()}
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		d = &Type{Kind: Float, Bits: t.Bits()}
	case t.Kind() == reflect.Interface && t.NumMethod() == 0:
		d = &Type{Kind: Any}
	case t.Name() != "" && holdsItself(t):
		return nil, fmt.Errorf("%sunsupported type %s: %s", at(path), t, SelfHeldRefused)
	case t.Kind() == reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil, fmt.Errorf("%s[]byte is not supported (encoding/json reads it as base64)", at(path))
		}
		elem, err := describeIn(t.Elem(), busy, path+"[]", pkg)
		if err != nil {
			return nil, err
		}
		d = &Type{Kind: Array, Elem: elem}
	case t.Kind() == reflect.Map:
		if t.Key().Kind() != reflect.String {
			return nil, fmt.Errorf("%smap keys must be strings, not %s", at(path), t.Key())
		}
		elem, err := describeIn(t.Elem(), busy, path+".*", pkg)
		if err != nil {
			return nil, err
		}
		d = &Type{Kind: Map, Elem: elem}
	case t.Kind() == reflect.Struct:
		d = &Type{Kind: Object, Name: t.Name()}
		if base := busy.building[t]; base != nil {
			base.Recursive = true // reached again inside itself
			d.Def = base
			break
		}
		if base := busy.done[t]; base != nil {
			if base.Recursive {
				d.Def = base
			} else {
				d.Fields, d.RejectUnknown = base.Fields, base.RejectUnknown
			}
			break
		}
		busy.building[t] = d
		fields, reject, err := structFields(t, busy, path, pkg)
		delete(busy.building, t)
		if err != nil {
			return nil, err
		}
		d.Fields, d.RejectUnknown = fields, reject
		busy.done[t] = d
	default:
		return nil, fmt.Errorf("%sunsupported type %s", at(path), t)
	}
	d.Nullable = nullable
	return d, nil
}

// closesCycle reports whether a field of Go type t holds (through
// pointers, slices and maps) a struct being described.
func (d *describer) closesCycle(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	return d.building[t] != nil
}

func at(path string) string {
	if path == "" {
		return ""
	}
	return path + ": "
}

// structFields collects a struct's wire fields, flattening embedded
// structs as encoding/json does (the shallower field wins), and reports a
// blank field tagged `norm:"unknown=error"`, the type-level option.
func structFields(t reflect.Type, busy *describer, path, pkg string) ([]Field, bool, error) {
	var out []Field
	reject, noVariants := false, busy.noVariants
	depth := map[string]int{}
	tie := map[string]string{} // wire name -> the path of a second field at its depth
	var ties []string
	// promoted: t is reached through an embedded pointer (Field.Promoted).
	var walk func(t reflect.Type, index []int, promoted bool) error
	walk = func(t reflect.Type, index []int, promoted bool) error {
		level := len(index)
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			if sf.Name == "_" {
				n, err := ParseNorm(sf.Tag.Get("norm"))
				if err != nil {
					return fmt.Errorf("%s: %v", strings.TrimPrefix(path+"._", "."), err)
				}
				reject = reject || n.RejectUnknown && level == 0
				noVariants = noVariants || n.NoVariants && level == 0
				continue
			}
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if sf.Anonymous && name == "" && EmbeddedTagged(sf.Tag) && (sf.Type.Kind() == reflect.Struct || sf.Type.Kind() == reflect.Pointer && sf.Type.Elem().Kind() == reflect.Struct) {
				return fmt.Errorf("%s: %s", strings.TrimPrefix(path+"."+sf.Name, "."), EmbeddedTagsRefused)
			}
			if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct {
				if err := walk(sf.Type, append(index[:level:level], i), promoted); err != nil {
					return err
				}
				continue
			}
			if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Pointer && sf.Type.Elem().Kind() == reflect.Struct {
				// Promoted, as encoding/json promotes it.
				if !sf.IsExported() {
					return fmt.Errorf("%s: %s", strings.TrimPrefix(path+"."+sf.Name, "."), EmbeddedUnexportedPointerRefused)
				}
				if err := walk(sf.Type.Elem(), append(index[:level:level], i), true); err != nil {
					return err
				}
				continue
			}
			if !sf.IsExported() {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			fpath := strings.TrimPrefix(path+"."+name, ".")
			if hasOption(opts, "string") {
				return fmt.Errorf("%s: %s", fpath, StringOptionRefused)
			}
			if _, err := JSONOptions(opts, name); err != nil {
				return fmt.Errorf("%s: %v", fpath, err)
			}
			norm, err := ParseNorm(sf.Tag.Get("norm"))
			if err != nil {
				return fmt.Errorf("%s: %v", fpath, err)
			}
			kw, err := ParseTag(sf.Tag.Get("jsonschema"))
			if err != nil {
				return fmt.Errorf("%s: %v", fpath, err)
			}
			ft, err := describeIn(sf.Type, busy, fpath, pkg)
			if err != nil {
				return err
			}
			applyNorm(ft, norm)
			if msg := UnitRefused(ft, norm); msg != "" {
				return fmt.Errorf("%s: %s", fpath, msg)
			}
			if norm.Split != "" && (ft.Kind != Array || ft.Elem.Kind != String || ft.Strict) {
				return fmt.Errorf("%s: %s", fpath, SplitRefused)
			}
			if err := applyValueAliases(ft, norm.ValueAliases, kw.Enum, !norm.EnumStrict && EnumFolds(kw.Enum)); err != nil {
				return fmt.Errorf("%s: %v", fpath, err)
			}
			ft, kw.Enum = ElemEnum(ft, kw.Enum, norm.EnumStrict)
			if norm.Depth > 0 && !busy.closesCycle(sf.Type) {
				return fmt.Errorf("%s: norm depth=%d applies to a field through which a recursive type reaches itself", fpath, norm.Depth)
			}
			f := Field{
				Depth:       norm.Depth,
				EmptyError:  norm.EmptyError,
				EnumStrict:  norm.EnumStrict,
				Name:        name,
				Aliases:     norm.Aliases,
				omit:        hasOption(opts, "omitempty") || hasOption(opts, "omitzero"),
				noVariants:  norm.NoVariants,
				Description: kw.Description,
				Type:        ft,
				Keywords:    kw,
				Index:       append(index[:level:level], i),
				Promoted:    promoted,
			}
			if prev, ok := depth[name]; ok {
				if prev == level {
					// Two at one depth: encoding/json drops both (or takes
					// the tagged one), the generator refuses them; unless a
					// shallower field of the name shadows both.
					if _, seen := tie[name]; !seen {
						tie[name] = fpath
						ties = append(ties, name)
					}
				}
				if prev <= level {
					continue
				}
				delete(tie, name)
				for j := range out {
					if out[j].Name == name {
						out = append(out[:j], out[j+1:]...)
						break
					}
				}
			}
			depth[name] = level
			out = append(out, f)
		}
		return nil
	}
	if err := walk(t, nil, false); err != nil {
		return nil, false, err
	}
	for _, name := range ties {
		if p, ok := tie[name]; ok {
			return nil, false, fmt.Errorf("%s: wire name %q is also used by another field at the same depth; rename one with a json tag", p, name)
		}
	}
	if err := checkAliases(out, path); err != nil {
		return nil, false, err
	}
	if !noVariants {
		addImplicitAliases(out)
	}
	return out, reject, nil
}

// checkAliases refuses, as the generator does, an alias that is its
// field's own name, another field's name or alias, or another field's key
// in another letter case (AliasFolds).
func checkAliases(fields []Field, path string) error {
	names := make([]string, len(fields))
	aliases := make([][]string, len(fields))
	for i, f := range fields {
		names[i], aliases[i] = f.Name, f.Aliases
	}
	for i, f := range fields {
		fpath := strings.TrimPrefix(path+"."+f.Name, ".")
		for k, a := range f.Aliases {
			switch {
			case a == f.Name:
				return fmt.Errorf("%s: %s", fpath, AliasOwnName(a))
			case slices.Contains(f.Aliases[:k], a):
				return fmt.Errorf("%s: %s", fpath, AliasTwice(a))
			}
			for j := range fields {
				if a == names[j] || j != i && slices.Contains(aliases[j], a) {
					return fmt.Errorf("%s: alias %q is already the name or an alias of field %s; remove or rename one", fpath, a, names[j])
				}
			}
			if j, k := AliasFolds(names, aliases, i, a); j >= 0 {
				return fmt.Errorf("%s: %s", fpath, AliasFoldsRefused(a, k, names[j]))
			}
		}
	}
	return nil
}

// addImplicitAliases adds to a struct's fields the spelling-style
// variants of their names and declared aliases that read as them
// (ImplicitAliases).
func addImplicitAliases(fields []Field) {
	names := make([]string, len(fields))
	aliases := make([][]string, len(fields))
	off := make([]bool, len(fields))
	for i, f := range fields {
		names[i], aliases[i], off[i] = f.Name, f.Aliases, f.noVariants
	}
	for i, implicit := range ImplicitAliases(names, aliases, off) {
		if len(implicit) > 0 {
			fields[i].Aliases = append(slices.Clip(fields[i].Aliases), implicit...)
		}
	}
}

// applyNorm applies a field's norm options to its type, as the generator
// does: strict and bool=strict reach slice and map elements, wrap only the
// slice itself.
func applyNorm(t *Type, n Norm) {
	for x := t; x != nil; x = x.Elem {
		x.Strict = x.Strict || n.Strict
		x.StrictBool = x.StrictBool || n.StrictBool
		if x.Kind == Duration {
			x.Unit = n.Unit
			if n.Strict { // encoding/json's reading: an int64 of nanoseconds
				x.Kind, x.Bits = Int, 64
			}
		}
	}
	if t.Kind == Array {
		t.Wrap = n.Wrap
		t.Split = n.Split
	}
	t.Unescape = n.Unescape
	t.Secret = n.Secret
}

// applyValueAliases sets a field's value aliases on its string type (or
// its slice's string elements), as the generator does.
func applyValueAliases(t *Type, aliases []ValueAlias, enum []string, folds bool) error {
	target := t
	if t.Kind == Array && t.Elem != nil {
		target = t.Elem
	}
	if err := CheckValueAliases(aliases, target.Kind == String, enum, folds); err != nil {
		return err
	}
	target.ValueAliases = aliases
	return nil
}

// SplitRefused says where `norm:"split=SEP"` applies, for the generator
// and Describe.
const SplitRefused = "norm split applies to slices of strings that are not strict (a JSON array, or one string of items)"

// EmbeddedTagsRefused says why a norm or jsonschema tag on an embedded
// struct without a json name is refused, by the generator and by
// Describe: its fields are promoted and read by their own tags, so the
// tag would be dropped (a secret shown, an alias never read).
const EmbeddedTagsRefused = "an embedded struct's norm and jsonschema tags are not read: its fields are promoted, each read by its own tags; tag those fields, or give the embedded struct a json name to make it one field holding an object"

// EmbeddedUnexportedPointerRefused says why an embedded pointer to a
// struct of an unexported type, without a json name, is refused, by the
// generator and by Describe: encoding/json cannot set it (it fails when
// one of its fields is given). An exported one is promoted.
const EmbeddedUnexportedPointerRefused = "embedded pointer to a struct of an unexported type: encoding/json cannot set it (it fails when one of its fields is given); embed the struct itself, or export its type"

// SelfHeldRefused says why a named type that holds itself through
// slices and maps alone, with no struct between (type List []List), is
// refused, by the generator and by Describe: normgen describes and
// decodes recursion through structs (a $defs entry, a group in rule
// paths), and such a type would have no end to describe.
const SelfHeldRefused = "it holds itself through slices or maps alone, with no struct between; normgen reads a recursive type through a struct: declare one (type Node struct { Children []Node })"

// holdsItself reports whether t, a named slice, array or map type, holds
// itself through slices, arrays, maps and pointers alone: no struct and
// no type decoded by a method of its own between (type List []List; type
// A []B with type B map[string]A).
func holdsItself(t reflect.Type) bool {
	if t.Kind() != reflect.Slice && t.Kind() != reflect.Array && t.Kind() != reflect.Map {
		return false
	}
	seen := map[reflect.Type]bool{}
	for e := t.Elem(); ; e = e.Elem() {
		if e == t {
			return true
		}
		if seen[e] || e.Kind() == reflect.Struct || ownMethod(e) {
			return false
		}
		seen[e] = true
		switch e.Kind() {
		case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
		default:
			return false
		}
	}
}

// StringOptionRefused says why a field whose json tag has the option
// string is refused, by the generator and by Describe.
const StringOptionRefused = `the json option string is not supported: the generated decoder reads 100 and "100" alike, but encoding/json then takes only "100", which the rule table (it sends 100) would not suit; drop ,string`

func hasOption(opts, want string) bool {
	for _, o := range strings.Split(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

// EmbeddedTagged reports whether the tag of an embedded struct holds a
// tag normgen reads on a field (norm, jsonschema) that says something,
// which it cannot read there (EmbeddedTagsRefused).
func EmbeddedTagged(tag reflect.StructTag) bool {
	return tag.Get("norm") != "" || tag.Get("jsonschema") != ""
}
