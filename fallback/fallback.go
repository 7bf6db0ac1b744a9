// Package fallback decodes tool arguments leniently into types that have no
// generated code, by reflection, with the semantics of normgen's generated
// decoders: the same coercions, aliases, defaults, required fields, unknown
// keys, keyword checks and error messages (it walks the JSON with
// lenientimpl.Decoder), then assigns the result with
// github.com/go-viper/mapstructure/v2 under a strict configuration (never
// WeaklyTypedInput, which reads "010" as 8 and turns 1.9 into 1).
//
// Generated code never imports this package. It is slower than generated
// code (it is the baseline generated decoders are measured against) and is
// meant for tools a server did not generate.
package fallback

import (
	"encoding"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/go-viper/mapstructure/v2"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

// Decode decodes the arguments object data into out, a non-nil pointer to
// a struct, resetting it first. An error is a *lenient.Error listing every
// bad field.
func Decode(data []byte, out any) error {
	return DecodeWith(data, out, schema.Options{})
}

// DecodeWith is Decode with the choices o, which the type's tags cannot
// say (the model of required fields).
func DecodeWith(data []byte, out any, o schema.Options) error {
	rv := reflect.ValueOf(out)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("fallback.Decode: out must be a non-nil pointer to a struct, not %T", out)
	}
	t := rv.Elem().Type()
	r, err := modelOf(t, o)
	if err != nil {
		return fmt.Errorf("fallback.Decode: %v", err)
	}
	if _, err := fieldsOf(t, r); err != nil {
		return fmt.Errorf("fallback.Decode: %v", err)
	}
	var d lenientimpl.Decoder
	if !d.Begin(data) {
		return d.Err()
	}
	tree := walkStruct(&d, data, t, lenientimpl.Strict, run{r, t.PkgPath()})
	if err := d.Err(); err != nil {
		return err
	}
	rv.Elem().SetZero()
	return assign(tree, out)
}

// assign assigns a decoded tree to out, a pointer.
func assign(tree, out any) error {
	dec, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{
		Result:  out,
		TagName: "json",
		// Not Squash: it would flatten a struct embedded under a json
		// name too, fill a field a shallower one shadows, and take a
		// wire name for an embedded struct's Go name. Promoted fields
		// come in maps of their own (field.set), which embeddedHook
		// assigns.
		ZeroFields: true,
		DecodeHook: mapstructure.ComposeDecodeHookFunc(rawMessageHook, embeddedHook, ownHook),
		// The tree is keyed by exact wire names; mapstructure's default
		// falls back to Unicode case folding, which would fill both of
		// fields tagged "id" and "ID" (and "ſkip" from "skip").
		MatchName: func(mapKey, fieldName string) bool { return mapKey == fieldName },
	})
	if err != nil {
		return err
	}
	return dec.Decode(tree)
}

var (
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	timeType       = reflect.TypeFor[time.Time]()
	durationType   = reflect.TypeFor[time.Duration]()
)

// own is a value made by code normgen does not generate (a type's own
// UnmarshalJSON or UnmarshalText, encoding/json), or a time.Time: ownHook
// assigns it as it is.
type own struct{ v reflect.Value }

// ownHook assigns an own value as it is, and leaves mapstructure nothing
// to do there; it is the last hook (the next would get no value).
func ownHook(from, to reflect.Value) (any, error) {
	if !from.IsValid() {
		return nil, nil // a hook before it did the work
	}
	o, ok := from.Interface().(own)
	if !ok {
		return from.Interface(), nil
	}
	if to.Kind() == reflect.Pointer {
		if to.IsNil() {
			to.Set(reflect.New(to.Type().Elem()))
		}
		to = to.Elem()
	}
	to.Set(o.v)
	return nil, nil
}

// rawMessageHook keeps json.RawMessage values as they are.
func rawMessageHook(from, to reflect.Type, data any) (any, error) {
	if to == rawMessageType {
		if raw, ok := data.(json.RawMessage); ok {
			return raw, nil
		}
	}
	return data, nil
}

// embeddedHook assigns a struct that embeds structs without a json name
// itself, field by field, each with a decoder of its own, and leaves
// mapstructure nothing to do there: mapstructure would match an embedded
// struct's Go name with a wire name beside it too, and sets no field of an
// unexported type, while encoding/json fills the exported fields promoted
// from one. Such an embedded struct is assigned through a pointer made
// with reflect.NewAt, as go-cmp reads unexported fields. Other values go
// on to mapstructure as they are.
func embeddedHook(from, to reflect.Value) (any, error) {
	data := from.Interface()
	m, ok := data.(map[string]any)
	if !ok || to.Kind() != reflect.Struct {
		return data, nil
	}
	byKey := ownFieldsOf(to.Type())
	if byKey == nil {
		return data, nil
	}
	if !to.CanAddr() {
		return nil, fmt.Errorf("cannot assign %s: not addressable", to.Type())
	}
	for k, v := range m {
		i, ok := byKey[k]
		if !ok {
			return nil, fmt.Errorf("%s has no field for %q", to.Type(), strings.TrimPrefix(k, embedMark))
		}
		fv := to.Field(i)
		ptr := fv.Addr()
		if !fv.CanSet() {
			ptr = reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr()))
		}
		if err := assign(v, ptr.Interface()); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

var ownCache sync.Map // reflect.Type -> map[string]int

// ownFieldsOf maps the keys a struct's map has (field.set) to the struct's
// own fields: wire names, and embedMark and the Go name for the structs it
// embeds without a json name. It is nil for a struct that embeds none.
func ownFieldsOf(t reflect.Type) map[string]int {
	if v, ok := ownCache.Load(t); ok {
		return v.(map[string]int)
	}
	byKey := map[string]int{}
	embeds := false
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name, embedded, skip := wireName(sf)
		switch {
		case skip:
		case embedded:
			byKey[embedMark+sf.Name] = i
			embeds = true
		default:
			if _, dup := byKey[name]; !dup {
				byKey[name] = i
			}
		}
	}
	if !embeds {
		byKey = nil
	}
	ownCache.Store(t, byKey)
	return byKey
}

// field is one wire field of a struct type.
type field struct {
	name      string
	spellings []string
	required  bool
	typ       reflect.Type
	mode      lenientimpl.Mode
	kw        schema.Keywords
	pattern   *regexp.Regexp
	// aliases are the value aliases of a string field or of a string
	// slice field's elements.
	aliases []schema.ValueAlias
	// split is the separator of a slice of strings declared
	// norm:"split=SEP".
	split string
	// unit is the unit a time.Duration's bare number counts
	// (norm:"unit=s"), for the field or its slice's elements; 0 for none.
	unit time.Duration
	// embed names the embedded structs, outermost first, that a field
	// promoted from them sits in (nil for the struct's own fields): its
	// value goes in their maps (field.set), which embeddedHook assigns.
	embed []string
	// absent is what the field reads as left out (null, ""), and
	// requiredNull whether null for it, required, is "is required".
	absent       lenientimpl.AbsentForms
	requiredNull bool
	// foldsEnum is whether an enum value in another letter case is read
	// as it (schema.Field.FoldsEnum).
	foldsEnum bool
	// elem is the string elements' or map values' type of a slice or map
	// field of strings with an enum (schema.ElemEnum), or nil.
	elem *schema.Type
	// enumTexts are the enum's values read from a JSON boolean or number
	// (schema.Field.EnumTexts).
	enumTexts []string
	// intEnum are an integer enum's values, read from their text, and
	// enumLo and enumHi their run (schema.IntEnum).
	intEnum        []string
	enumLo, enumHi int64
}

// wireName tells what a struct field is on the wire, as encoding/json and
// schema.Describe tell it: nothing (skip: blank, json "-", or unexported
// and not embedded), an embedded struct (or exported pointer to one)
// without a json name, whose fields are promoted, or a member named name
// (for ownFieldsOf).
func wireName(sf reflect.StructField) (name string, embedded, skip bool) {
	tag := sf.Tag.Get("json")
	if sf.Name == "_" || tag == "-" {
		return "", false, true
	}
	name, _, _ = strings.Cut(tag, ",")
	switch {
	case sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct:
		return "", true, false
	case sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Pointer && sf.Type.Elem().Kind() == reflect.Struct && sf.IsExported():
		return "", true, false
	case !sf.IsExported():
		return "", false, true
	case name == "":
		name = sf.Name
	}
	return name, false, false
}

type structInfo struct {
	fields []field
	byKey  map[string]int
	mode   lenientimpl.Mode // RejectUnknown
	// keys is fields' keys and required ones as lenientimpl.Fields has them,
	// and each field's values that read as it left out (Left), for
	// Decoder.UnknownIn.
	keys lenientimpl.Fields
}

var models sync.Map // modelKey -> schema.Required or error

type modelKey struct {
	t reflect.Type
	r schema.Required
}

// modelOf resolves the model of required fields of the arguments type t
// (over t and the structs it reaches, as the generator resolves it over
// a package), which its nested structs are then read with.
func modelOf(t reflect.Type, o schema.Options) (schema.Required, error) {
	key := modelKey{t, o.Required}
	if v, ok := models.Load(key); ok {
		if err, isErr := v.(error); isErr {
			return 0, err
		}
		return v.(schema.Required), nil
	}
	desc, err := schema.DescribeWith(t, o)
	if err != nil {
		models.Store(key, err)
		return 0, err
	}
	models.Store(key, desc.Required)
	return desc.Required, nil
}

var cache sync.Map // modelKey -> *structInfo or error

// fieldsOf reads a struct type's fields with schema.Describe's rules,
// under the model of required fields r.
func fieldsOf(t reflect.Type, r schema.Required) (*structInfo, error) {
	key := modelKey{t, r}
	if v, ok := cache.Load(key); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*structInfo), nil
	}
	desc, err := schema.DescribeWith(t, schema.Options{Required: r})
	if err != nil {
		cache.Store(key, err)
		return nil, err
	}
	info := &structInfo{byKey: map[string]int{}}
	if desc.RejectUnknown {
		info.mode = lenientimpl.RejectUnknown
		info.keys.Unknown = lenientimpl.RejectUnknown
	}
	for _, f := range desc.Fields {
		fl := field{name: f.Name, spellings: append([]string{f.Name}, f.Aliases...), required: f.Required, kw: f.Keywords, absent: f.Absent(), requiredNull: f.RequiredNull(), foldsEnum: f.FoldsEnum(), enumTexts: f.EnumTexts()}
		if f.Type != nil && f.Type.Elem != nil && len(f.Type.Elem.Enum) > 0 {
			fl.elem = f.Type.Elem
		}
		if f.Type != nil && f.Type.Kind == schema.Int && len(f.Keywords.Enum) > 0 {
			if texts, lo, hi, err := schema.IntEnum(f.Keywords); err == nil {
				fl.intEnum, fl.enumLo, fl.enumHi = texts, lo, hi
			}
		}
		// The Go field Describe found for the wire name, and the
		// embedded structs it is promoted from.
		st := t
		for _, i := range f.Index[:len(f.Index)-1] {
			sf := st.Field(i)
			fl.embed = append(fl.embed, sf.Name)
			st = sf.Type
			if st.Kind() == reflect.Pointer {
				st = st.Elem() // promoted through an embedded *T
			}
		}
		fl.typ = st.Field(f.Index[len(f.Index)-1]).Type
		if f.Type.Strict {
			fl.mode |= lenientimpl.Strict
		}
		if f.Type.StrictBool {
			fl.mode |= lenientimpl.StrictBool
		}
		if f.Type.Wrap {
			fl.mode |= lenientimpl.Wrap
			if k := f.Keywords; k.MinItems != nil && *k.MinItems > 0 {
				fl.mode |= lenientimpl.Filled // (no "[] for none" in its errors)
			}
		}
		if f.Type.Unescape {
			fl.mode |= lenientimpl.Unescape
			if keys := schema.UnescapeConflicts(f.Keywords); len(keys) > 0 {
				err := fmt.Errorf("field %s: norm unescape cannot be combined with %s (the schema checks the text as sent, the decoder the text after unescaping)", f.Name, strings.Join(keys, ", "))
				cache.Store(key, err)
				return nil, err
			}
		}
		if f.Type.Secret {
			fl.mode |= lenientimpl.Secret
		}
		fl.split = f.Type.Split
		if u := f.Type; u.Kind == schema.Duration || u.Kind == schema.Array && u.Elem != nil && u.Elem.Kind == schema.Duration {
			if u.Kind == schema.Array {
				u = u.Elem
			}
			fl.unit = lenientimpl.Units[u.Unit]
		}
		fl.aliases = f.Type.ValueAliases
		if f.Type.Kind == schema.Array && f.Type.Elem != nil {
			fl.aliases = f.Type.Elem.ValueAliases
		}
		if f.Keywords.Pattern != "" {
			if fl.pattern, err = regexp.Compile(f.Keywords.Pattern); err != nil {
				cache.Store(key, err)
				return nil, err
			}
		}
		idx := len(info.fields)
		info.fields = append(info.fields, fl)
		info.keys.Keys = append(info.keys.Keys, fl.spellings)
		forms := lenientimpl.AbsentForms(0)
		if fl.required {
			forms = lenientimpl.Required
		}
		info.keys.Forms = append(info.keys.Forms, forms)
		info.keys.Left = append(info.keys.Left, fl.absent)
		for _, s := range fl.spellings {
			info.byKey[s] = idx
		}
	}
	cache.Store(key, info)
	return info, nil
}

// walkStruct decodes an object for struct type t into a map keyed by wire
// names, for mapstructure.
func walkStruct(d *lenientimpl.Decoder, v []byte, t reflect.Type, m lenientimpl.Mode, c run) map[string]any {
	info, err := fieldsOf(t, c.model)
	if err != nil {
		d.FailKind(lenient.KindUnsupported, "", v, err.Error())
		return nil
	}
	var it lenientimpl.ObjectIter
	if !d.Object(v, "", m, &it) {
		return nil
	}
	out := make(map[string]any, len(info.fields))
	seen := make([]bool, len(info.fields))
	for it.Next() {
		i, ok := info.byKey[string(it.Key)]
		if !ok {
			d.UnknownIn(&it, &info.keys)
			continue
		}
		f := &info.fields[i]
		if !d.Claim(&seen[i], &it, f.spellings) {
			continue
		}
		d.NullTextValue(&it, f.name, f.absent) // "null" for a pointer: null
		switch {
		case f.absent != 0 && d.Absent(it.Value, f.name, f.absent),
			f.requiredNull && lenientimpl.Null(it.Value):
			// null or "" for an optional field; null for a required one
			leftOut(d, out, f)
		default:
			if val, ok := walkField(d, it.Value, f, c); ok {
				f.set(out, val)
			}
		}
	}
	for i := range info.fields {
		if !seen[i] {
			leftOut(d, out, &info.fields[i])
		}
	}
	return out
}

// leftOut gives a field left out (or sent as a value that reads as left
// out) its default, or reports it when it is required, as generated code
// does.
func leftOut(d *lenientimpl.Decoder, out map[string]any, f *field) {
	switch {
	case f.kw.HasDefault && strings.Contains(f.kw.Default, "{{index}}"):
		s := lenientimpl.Expand(f.kw.Default, d.Index())
		f.set(out, s)
		d.DefaultedString(f.name, s)
	case f.kw.HasDefault:
		f.set(out, defaultValue(f))
		d.Defaulted(f.name, defaultJSON(f))
	case f.required:
		d.Missing(f.name, f.spellings[1:])
	}
}

// set puts a field's value in the map of its struct, or in the map of the
// embedded struct it is promoted from, under embedMark and that struct's
// Go name.
func (f *field) set(out map[string]any, val any) {
	for _, name := range f.embed {
		inner, ok := out[embedMark+name].(map[string]any)
		if !ok {
			inner = map[string]any{}
			out[embedMark+name] = inner
		}
		out = inner
	}
	out[f.name] = val
}

// embedMark starts the key of an embedded struct's map: no wire name
// starts with a NUL byte.
const embedMark = "\x00"

func defaultValue(f *field) any {
	t := f.typ
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return f.kw.Default == "true"
	case reflect.String:
		return f.kw.Default
	}
	return json.Number(f.kw.Default)
}

func defaultJSON(f *field) string {
	if s, ok := defaultValue(f).(string); ok {
		b, _ := json.Marshal(s)
		return string(b)
	}
	return f.kw.Default
}

// walkField decodes a field's value and checks its keywords.
func walkField(d *lenientimpl.Decoder, v []byte, f *field, c run) (any, bool) {
	if f.mode&lenientimpl.Secret != 0 {
		d.BeginSecret()
		defer d.EndSecret()
	}
	mark := d.Mark()
	var val any
	read := false
	if len(f.enumTexts) > 0 {
		// a boolean or number whose text is one of the enum's values
		val, read = d.EnumText(v, f.name, f.enumTexts...)
	}
	if len(f.intEnum) > 0 && v[0] == '"' && f.mode&lenientimpl.Strict == 0 {
		// a string for an integer enum: its values' texts alone
		t := f.typ
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		val, read = d.EnumInt(v, f.name, t.Bits(), f.mode, f.intEnum...), true
	}
	if !read {
		enum := f.kw.Enum // (a string's; a slice's or map's items', as f.elem's)
		if f.elem != nil {
			enum = f.elem.Enum
		}
		val = walk(d, v, f.typ, f.name, f.mode, f.split, f.unit, enum, c)
	}
	if !d.OK(mark) {
		// A number outside its Go type's range names its declared
		// bounds, as generated code has it.
		k := f.kw
		d.Bounded(mark, v, lenientimpl.Bounds{Minimum: k.Minimum, Maximum: k.Maximum, ExclusiveMinimum: k.ExclusiveMinimum, ExclusiveMaximum: k.ExclusiveMaximum})
		return nil, false
	}
	if val != nil {
		if sv, ok := val.(string); ok && f.foldsEnum && d.EnumCase(&sv, f.name, schema.CaseValues(f.kw.Enum, f.aliases)...) {
			val = sv // an enum value, or a value alias, in another letter case
		}
		val = valueAliases(d, f, val)
		elemEnum(d, f, val)
		check(d, v, f, val)
	}
	return val, d.OK(mark)
}

// valueAliases reads a string field's value, or a string slice field's
// elements, through the field's value aliases, as generated decoders do.
func valueAliases(d *lenientimpl.Decoder, f *field, val any) any {
	read := func(s, name string) string {
		for _, a := range f.aliases {
			if s == a.From {
				return d.ValueAlias(s, name, a.To)
			}
		}
		return s
	}
	if len(f.aliases) == 0 {
		return val
	}
	switch x := val.(type) {
	case string:
		return read(x, f.name)
	case []any:
		d.Enter(f.name)
		for i, e := range x {
			if s, ok := e.(string); ok {
				d.EnterIndex(i)
				x[i] = read(s, "")
				d.Leave()
			}
		}
		d.Leave()
	}
	return val
}

// elemEnum checks the strings of a slice or map field of strings with an
// enum (field.elem) against it, reading one in another letter case as
// the enum's value, as generated decoders do.
func elemEnum(d *lenientimpl.Decoder, f *field, val any) {
	if f.elem == nil {
		return
	}
	one := func(x any) any {
		s, ok := x.(string)
		if !ok || slices.Contains(f.elem.Enum, s) {
			return s
		}
		if f.elem.FoldsEnum() && d.EnumCase(&s, "", schema.CaseValues(f.elem.Enum, f.aliases)...) {
			for _, a := range f.aliases { // a value alias in another letter case
				if s == a.From {
					return d.ValueAlias(s, "", a.To)
				}
			}
			return s
		}
		d.FailKind(lenient.KindEnum, "", jsonwire.AppendQuote(nil, s), lenientimpl.NotOneOf(f.elem.Enum))
		return s
	}
	d.Enter(f.name)
	switch x := val.(type) {
	case []any:
		for i, e := range x {
			if e != nil {
				d.EnterIndex(i)
				x[i] = one(e)
				d.Leave()
			}
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if e := x[k]; e != nil {
				d.Enter(k)
				x[k] = one(e)
				d.Leave()
			}
		}
	}
	d.Leave()
}

// run is what a decode reads every struct with: the model of required
// fields, and the package of the arguments type, whose structs are
// decoded leniently (a struct of another package, by encoding/json).
type run struct {
	model schema.Required
	pkg   string
}

// walk decodes v for Go type t; name is the member's wire name ("" for
// elements); split and unit are the field's norm:"split=" and
// norm:"unit=", a unit passed on to a slice's elements; enum is the
// values of a string enum there (of the field, its items or its values:
// Decoder.StringIn's message).
func walk(d *lenientimpl.Decoder, v []byte, t reflect.Type, name string, m lenientimpl.Mode, split string, unit time.Duration, enum []string, c run) any {
	if t.Kind() == reflect.Pointer {
		if lenientimpl.Null(v) {
			return nil
		}
		t = t.Elem()
	}
	switch dec := schema.DecodingOf(t, c.pkg); {
	case dec != 0:
		// Decoded by code normgen does not generate: the value as it
		// is made (ownHook assigns it).
		p := reflect.New(t)
		switch dec {
		case schema.OwnJSON:
			d.OwnJSON(v, name, p.Interface().(json.Unmarshaler))
		case schema.OwnText:
			d.OwnText(v, name, p.Interface().(encoding.TextUnmarshaler))
		default:
			d.StdJSON(v, name, p.Interface())
		}
		return own{p.Elem()}
	case t == timeType:
		return own{reflect.ValueOf(d.Time(v, name, m))}
	case t == durationType && m&lenientimpl.Strict == 0: // a strict one is an int64, as encoding/json reads it
		return own{reflect.ValueOf(d.Duration(v, name, unit, m))}
	case t == rawMessageType:
		return d.Raw(v)
	case t.Kind() == reflect.Interface:
		return d.Any(v)
	case t.Kind() == reflect.String && len(enum) > 0:
		return d.StringIn(v, name, m, enum)
	case t.Kind() == reflect.String:
		return d.String(v, name, m)
	case t.Kind() == reflect.Bool:
		return d.Bool(v, name, m)
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Int64:
		return d.Int(v, name, t.Bits(), m)
	case t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64:
		return d.Uint(v, name, t.Bits(), m)
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		return d.Float(v, name, t.Bits(), m)
	case t.Kind() == reflect.Slice:
		var a lenientimpl.ArrayIter
		if split != "" && !d.SplitArray(v, name, m, split, &a) || split == "" && !d.Array(v, name, m, &a) {
			return nil
		}
		if name != "" {
			d.Enter(name)
			defer d.Leave()
		}
		out := make([]any, 0, a.Len())
		for a.Next() {
			d.EnterIndex(a.Index())
			out = append(out, walk(d, a.Value, t.Elem(), "", m&^lenientimpl.Wrap, "", unit, enum, c))
			d.Leave()
		}
		return out
	case t.Kind() == reflect.Map:
		var o lenientimpl.ObjectIter
		if !d.Object(v, name, m, &o) {
			return nil
		}
		if name != "" {
			d.Enter(name)
			defer d.Leave()
		}
		out := map[string]any{}
		for o.Next() {
			k := string(o.Key)
			d.Enter(k)
			out[k] = walk(d, o.Value, t.Elem(), "", m, "", 0, enum, c)
			d.Leave()
		}
		return out
	case t.Kind() == reflect.Struct:
		if name != "" {
			d.Enter(name)
			defer d.Leave()
		}
		return walkStruct(d, v, t, m, c)
	}
	d.FailKind(lenient.KindUnsupported, name, v, "has a Go type normgen cannot decode ("+t.String()+")")
	return nil
}

// roundsOnto reports whether val, a float field's value within its
// exclusive bound as sent, is the bound as the field's type t reads it
// (schema.ExclusiveAsRead), as generated code checks, and the type's
// name.
func roundsOnto(val any, t reflect.Type, bound string) (string, bool) {
	x, ok := val.(float64)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if !ok || bound == "" || t.Kind() != reflect.Float32 && t.Kind() != reflect.Float64 {
		return "", false
	}
	if b, ok := schema.ExclusiveAsRead(bound, t.Bits()); !ok || x != b {
		return "", false
	}
	return "float" + strconv.Itoa(t.Bits()), true
}

// check applies a field's jsonschema keywords, with the generated code's
// messages.
func check(d *lenientimpl.Decoder, v []byte, f *field, val any) {
	k := f.kw
	// Bounds compare the number as sent with the bound's text, exactly
	// (lenientimpl.CompareNumber), as generated code does.
	cmp := func(b string) int { c, _ := lenientimpl.CompareNumber(v, b); return c }
	if n, ok := val.(int64); ok && len(f.intEnum) > 0 && (n < f.enumLo || n > f.enumHi) {
		d.FailKind(lenient.KindEnum, f.name, v, "is not one of "+strings.Join(f.intEnum, ", "))
	}
	switch val.(type) {
	case int64, uint64, float64:
		if k.Minimum != "" && cmp(k.Minimum) < 0 {
			d.FailKind(lenient.KindRange, f.name, v, "is less than the minimum, "+k.Minimum)
		}
		if k.Maximum != "" && cmp(k.Maximum) > 0 {
			d.FailKind(lenient.KindRange, f.name, v, "is more than the maximum, "+k.Maximum)
		}
		if k.ExclusiveMinimum != "" && cmp(k.ExclusiveMinimum) <= 0 {
			d.FailKind(lenient.KindRange, f.name, v, "must be more than "+k.ExclusiveMinimum)
		} else if typ, ok := roundsOnto(val, f.typ, k.ExclusiveMinimum); ok {
			d.FailKind(lenient.KindRange, f.name, v, "must be more than "+k.ExclusiveMinimum+" (as a "+typ+" it is "+k.ExclusiveMinimum+")")
		}
		if k.ExclusiveMaximum != "" && cmp(k.ExclusiveMaximum) >= 0 {
			d.FailKind(lenient.KindRange, f.name, v, "must be less than "+k.ExclusiveMaximum)
		} else if typ, ok := roundsOnto(val, f.typ, k.ExclusiveMaximum); ok {
			d.FailKind(lenient.KindRange, f.name, v, "must be less than "+k.ExclusiveMaximum+" (as a "+typ+" it is "+k.ExclusiveMaximum+")")
		}
	}
	if s, ok := val.(string); ok {
		if len(k.Enum) > 0 {
			found := false
			for _, e := range k.Enum {
				found = found || e == s
			}
			if !found {
				d.FailKind(lenient.KindEnum, f.name, v, lenientimpl.NotOneOf(k.Enum))
			}
		}
		n := uint64(utf8.RuneCountInString(s))
		if k.MinLength != nil && n < *k.MinLength {
			d.FailKind(lenient.KindLength, f.name, v, "is shorter than "+lenientimpl.Counted(int(*k.MinLength), "character"))
		}
		if k.MaxLength != nil && n > *k.MaxLength {
			d.FailKind(lenient.KindLength, f.name, v, "is longer than "+lenientimpl.Counted(int(*k.MaxLength), "character"))
		}
		if f.pattern != nil && !f.pattern.MatchString(s) {
			d.FailKind(lenient.KindPattern, f.name, v, "does not match the pattern "+k.Pattern)
		}
	}
	if items, ok := val.([]any); ok {
		if k.MinItems != nil && uint64(len(items)) < *k.MinItems {
			d.FailKind(lenient.KindItems, f.name, v, "has fewer than "+lenientimpl.Counted(int(*k.MinItems), "item"))
		}
		if k.MaxItems != nil && uint64(len(items)) > *k.MaxItems {
			d.FailKind(lenient.KindItems, f.name, v, "has more than "+lenientimpl.Counted(int(*k.MaxItems), "item"))
		}
	}
}
