package schemabuild

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"
	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/schemaprofile"
	"github.com/normgen/normgen/lenient"
	orderedmap "github.com/pb33f/ordered-map/v2"
)

// Convert returns the portable schema s (as Build, FieldSchema and Root
// make it) spelled in profile p. s is not modified; the result shares no
// schema with it (but the boolean schemas jsonschema.TrueSchema and
// FalseSchema).
//
//   - lenient.ProfilePortable: a copy of s.
//   - lenient.ProfileTypeArray: each anyOf of single-typed branches becomes
//     one schema with a type array, holding every branch's keywords (they
//     constrain different JSON types, so nothing changes meaning).
//   - lenient.ProfileGemini: each anyOf keeps its first (native) branch,
//     with nullable: true when a branch was null; keys outside Gemini's
//     Schema object ($schema, additionalProperties, $comment, exclusive
//     bounds, examples, title, deprecated, readOnly, writeOnly) are dropped,
//     what the bounds and additionalProperties constrained said otherwise
//     (an integer's exclusive bound as the inclusive one, the rest in the
//     description);
//     any value ({}, or the schema true) is advertised as an object.
//   - lenient.ProfileOpenAIStrict: an error; that profile is built from
//     the type (RootProfile, RootJSON), since it needs to know which
//     properties are aliases and which fields may be left out.
//
// Convert rewrites s's JSON text with internal/schemaprofile, the one
// implementation of these profiles, which RootJSON, the generator and
// generated code (lenientimpl.DerivedSchemas) use as well, and reads the text
// back into invopop's model, so that Marshal of the result is that text
// byte for byte. What encoding/json and invopop's own UnmarshalJSON would
// lose is kept: a number is a json.Number spelled as written (in enum,
// const, default, examples and Extras as well as in the bounds), an
// object value whose keys are not in encoding/json's sorted order is a
// json.RawMessage, and a key invopop's Schema has no field for (a type
// array, Gemini's nullable, any other) is one of its Extras. Values are
// otherwise as encoding/json decodes them into an any. Two things of s
// do not survive the text: a string's invalid UTF-8, which encoding/json
// writes as U+FFFD; and where s's Extras hold a key of one of its fields
// (which no schema Build makes does), a merged branch may have that key
// where invopop's marshaller writes no extra: the result has the same
// members, in invopop's order. It is an error when the rewrite is no
// schema (an anyOf in s's Extras whose first element is not one).
//
// The result is a tree: a schema that s holds in two places (an alias
// property is its field's schema) is two equal schemas in the result,
// not one, as it was when Convert rewrote invopop's model itself.
func Convert(s *jsonschema.Schema, p lenient.Profile) (*jsonschema.Schema, error) {
	var conv func(*jsonnode.Node) *jsonnode.Node
	switch p {
	case lenient.ProfilePortable:
		conv = func(n *jsonnode.Node) *jsonnode.Node { return n }
	case lenient.ProfileTypeArray:
		conv = schemaprofile.TypeArrayOf
	case lenient.ProfileGemini:
		conv = schemaprofile.GeminiOf
	case lenient.ProfileOpenAIStrict:
		return nil, fmt.Errorf("profile %s is built from the Go type (RootProfile, For), not converted from a portable schema, which does not say which properties are aliases", p)
	default:
		_, err := lenient.ParseProfile(string(p))
		return nil, err
	}
	if s == nil {
		return nil, nil
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	text := conv(jsonnode.ParseValid(raw))
	out, _ := decodeSchema(text)
	if out == nil && text.Kind != 'n' {
		// an anyOf that is one of s's Extras, not of schemas
		return nil, fmt.Errorf("profile %s of the schema is not a schema: %.200s", p, text.Marshal())
	}
	return out, nil
}

// ConvertRoot is Convert for a tool's root schema (as Root makes it): the
// typearray profile, the form normgen used first, keeps its "$schema".
func ConvertRoot(root *jsonschema.Schema, p lenient.Profile) (*jsonschema.Schema, error) {
	out, err := Convert(root, p)
	if err == nil && p == lenient.ProfileTypeArray && out != nil && out != jsonschema.TrueSchema && out != jsonschema.FalseSchema {
		out.Version = jsonschema.Version
	}
	return out, err
}

// schemaFields is the index of each of invopop's Schema fields, by its
// JSON key.
var schemaFields = func() map[string]int {
	st := reflect.TypeFor[jsonschema.Schema]()
	m := map[string]int{}
	for i := range st.NumField() {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		if st.Field(i).IsExported() && name != "-" && name != "" {
			m[name] = i
		}
	}
	return m
}()

// decodeSchema returns the schema whose encoding/json text is n's (but for
// white space and string escapes), and whether there is one: n is an
// object or a boolean (null is a nil schema, as in an anyOf), and its
// keys are where invopop's marshaller writes them. A key goes to its
// field when the field holds its value as written and invopop writes it
// there (in field order, before any of the Extras), else to the Extras,
// which it writes last, sorted by key. Where that is not n's order, the
// schema returned holds n's members in invopop's.
func decodeSchema(n *jsonnode.Node) (*jsonschema.Schema, bool) {
	switch n.Kind {
	case 't':
		if n.Text() == "true" {
			return jsonschema.TrueSchema, true
		}
		return jsonschema.FalseSchema, true
	case 'n':
		return nil, true
	case '{':
	default:
		return nil, false
	}
	s, exact := &jsonschema.Schema{}, true
	v := reflect.ValueOf(s).Elem()
	last, extra := -1, "" // the field set last, the key of the last extra
	for i, key := range n.Keys {
		if f, ok := schemaFields[key]; ok && f > last && s.Extras == nil && setField(v.Field(f), n.Vals[i]) {
			last = f
			continue
		}
		if s.Extras == nil {
			s.Extras = map[string]any{}
		} else if key <= extra {
			exact = false
		}
		s.Extras[key], extra = decodeValue(n.Vals[i]), key
	}
	if len(n.Keys) == 0 {
		s.Extras = map[string]any{} // {}: a zero Schema is written true
	}
	return s, exact
}

var (
	schemaType     = reflect.TypeFor[*jsonschema.Schema]()
	propertiesType = reflect.TypeFor[*orderedmap.OrderedMap[string, *jsonschema.Schema]]()
	numberType     = reflect.TypeFor[json.Number]()
	countType      = reflect.TypeFor[*uint64]()
	anyType        = reflect.TypeFor[any]()
	stringsType    = reflect.TypeFor[[]string]()
)

// setField sets f, one of a Schema's fields, to n and reports whether it
// did: whether f's type holds n so that encoding/json writes n back (a
// field it omits when empty is not set to an empty value).
func setField(f reflect.Value, n *jsonnode.Node) bool {
	switch t := f.Type(); {
	case t == schemaType:
		s, exact := decodeSchema(n)
		if s == nil || !exact {
			return false
		}
		f.Set(reflect.ValueOf(s))
	case t == propertiesType:
		if n.Kind != '{' {
			return false
		}
		props := orderedmap.New[string, *jsonschema.Schema]()
		for i, k := range n.Keys {
			s, exact := decodeSchema(n.Vals[i])
			if _, dup := props.Get(k); dup || !exact {
				return false
			}
			props.Set(k, s)
		}
		f.Set(reflect.ValueOf(props))
	case t == numberType:
		if n.Kind != '0' {
			return false
		}
		f.SetString(n.Text())
	case t == countType:
		c, err := strconv.ParseUint(n.Text(), 10, 64) // digits only: as written
		if n.Kind != '0' || err != nil {
			return false
		}
		f.Set(reflect.ValueOf(&c))
	case t == anyType:
		if n.Kind == 'n' {
			return false // nil, which is omitted
		}
		f.Set(reflect.ValueOf(decodeValue(n)))
	case t.Kind() == reflect.String:
		str, ok := n.AsString()
		if !ok || str == "" {
			return false
		}
		f.SetString(str)
	case t.Kind() == reflect.Bool:
		if n.Text() != "true" {
			return false
		}
		f.SetBool(true)
	case t.Kind() == reflect.Slice:
		if n.Kind != '[' || len(n.Vals) == 0 {
			return false
		}
		out := reflect.MakeSlice(t, len(n.Vals), len(n.Vals))
		for i, x := range n.Vals {
			if !setElem(out.Index(i), x) {
				return false
			}
		}
		f.Set(out)
	case t.Kind() == reflect.Map:
		if n.Kind != '{' || len(n.Keys) == 0 || !sortedKeys(n) {
			return false
		}
		out := reflect.MakeMapWithSize(t, len(n.Keys))
		for i, k := range n.Keys {
			x := reflect.New(t.Elem()).Elem()
			if !setElem(x, n.Vals[i]) {
				return false
			}
			out.SetMapIndex(reflect.ValueOf(k), x)
		}
		f.Set(out)
	default:
		return false
	}
	return true
}

// setElem sets x, an element of a Schema field's slice or map (a schema,
// a string, a list of strings or any value), to n, where encoding/json
// writes n back: a nil schema and a nil list are written null, which an
// empty string is not.
func setElem(x reflect.Value, n *jsonnode.Node) bool {
	switch x.Type() {
	case schemaType:
		s, exact := decodeSchema(n)
		if !exact {
			return false
		}
		x.Set(reflect.ValueOf(s))
	case stringsType:
		if n.Kind == 'n' {
			return true
		}
		if n.Kind != '[' {
			return false
		}
		list := make([]string, len(n.Vals))
		for i, e := range n.Vals {
			if !setElem(reflect.ValueOf(&list[i]).Elem(), e) {
				return false
			}
		}
		x.Set(reflect.ValueOf(list))
	case anyType:
		if v := decodeValue(n); v != nil {
			x.Set(reflect.ValueOf(v))
		}
	default: // a string
		str, ok := n.AsString()
		if !ok {
			return false
		}
		x.SetString(str)
	}
	return true
}

// decodeValue returns n as encoding/json decodes JSON into an any, but
// that a number is a json.Number of its text and an object whose keys
// encoding/json would not write in that order (sorted, once each) is a
// json.RawMessage of its text: encoding/json writes either back as it
// is.
func decodeValue(n *jsonnode.Node) any {
	switch n.Kind {
	case '"':
		s, _ := n.AsString()
		return s
	case '0':
		return json.Number(n.Text())
	case 't':
		return n.Text() == "true"
	case '[':
		out := make([]any, len(n.Vals))
		for i, x := range n.Vals {
			out[i] = decodeValue(x)
		}
		return out
	case '{':
		if !sortedKeys(n) {
			return json.RawMessage(n.Marshal())
		}
		out := make(map[string]any, len(n.Keys))
		for i, k := range n.Keys {
			out[k] = decodeValue(n.Vals[i])
		}
		return out
	}
	return nil
}

// sortedKeys reports whether an object's keys are in the order
// encoding/json writes a map's: sorted, each once.
func sortedKeys(n *jsonnode.Node) bool {
	for i := 1; i < len(n.Keys); i++ {
		if n.Keys[i-1] >= n.Keys[i] {
			return false
		}
	}
	return true
}
