package schema

import (
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/invopop/jsonschema"

	"github.com/normgen/normgen/lenient"
)

// schemaWriter writes a schema as Marshal's slow path (invopop's
// MarshalJSON, unescapeHTML, json.Indent) does, in one pass, for the
// keywords normgen's schemas use, in any profile; schema and value report
// false on anything else, and Marshal or RootJSON take the slow path.
type schemaWriter struct {
	buf   []byte
	probe jsonschema.Schema // boolSchema's copy, reused
}

func (w *schemaWriter) indent(depth int) {
	w.buf = append(w.buf, '\n')
	for range depth {
		w.buf = append(w.buf, "  "...)
	}
}

// key starts the member key of an object at depth (its members at
// depth+1); n counts the members written so far.
func (w *schemaWriter) key(depth int, n *int, key string) {
	if *n > 0 {
		w.buf = append(w.buf, ',')
	}
	*n++
	w.indent(depth + 1)
	w.str(key)
	w.buf = append(w.buf, ':', ' ')
}

// end closes an object or array of n members at depth.
func (w *schemaWriter) end(depth, n int, close byte) {
	if n > 0 {
		w.indent(depth)
	}
	w.buf = append(w.buf, close)
}

// exported are the indices of jsonschema.Schema's exported fields.
var exported = func() []int {
	var x []int
	t := reflect.TypeFor[jsonschema.Schema]()
	for i := range t.NumField() {
		if t.Field(i).IsExported() {
			x = append(x, i)
		}
	}
	return x
}()

// boolSchema reports whether s is the schema true or the schema false,
// which invopop's MarshalJSON writes as such whatever else s holds (a copy
// of jsonschema.TrueSchema with fields set is still true). The flag that
// says so is unexported, so it asks MarshalJSON about a copy of s with its
// exported fields cleared but a type: true, false, or an object. A copy
// that is then the zero Schema is neither, and needs no asking (most
// schemas: MarshalJSON writes the object through encoding/json).
func (w *schemaWriter) boolSchema(s *jsonschema.Schema) (value, ok bool) {
	w.probe = *s
	v := reflect.ValueOf(&w.probe).Elem()
	for _, i := range exported {
		v.Field(i).SetZero()
	}
	if v.IsZero() {
		return false, false
	}
	w.probe.Type = "object"
	switch b, _ := w.probe.MarshalJSON(); string(b) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// schema writes s spelled in profile p, as Convert would make it; false
// when it cannot (Marshal and RootJSON then take their slow paths).
// version, when set, replaces the "$schema" of s (ConvertRoot's typearray
// root).
func (w *schemaWriter) schema(s *jsonschema.Schema, depth int, p lenient.Profile, version string) bool {
	if s == nil {
		w.buf = append(w.buf, "null"...)
		return true
	}
	gemini := p == lenient.ProfileGemini
	if len(s.AnyOf) > 0 && p != lenient.ProfilePortable {
		// Convert rewrites an anyOf from its converted branches; for
		// branches without anyOf of their own, that is the rewrite of
		// the branches themselves, whose subschemas are converted as
		// they are written.
		branches := make([]*jsonschema.Schema, len(s.AnyOf))
		for i, b := range s.AnyOf {
			if b == nil || len(b.AnyOf) > 0 {
				return false
			}
			if b.Extras != nil {
				b = copyBranch(b) // mergeBranches may write into a branch's Extras
			}
			branches[i] = b
		}
		m := *s
		m.AnyOf = branches
		if gemini {
			s = geminiBranch(&m)
		} else {
			s = mergeBranches(&m)
		}
	}
	if version != "" {
		m := *s
		m.Version = version
		s = &m
	}
	// Keywords normgen does not write.
	if s.ID != "" || s.Anchor != "" || s.DynamicRef != "" ||
		s.AllOf != nil || s.OneOf != nil || s.Not != nil || s.If != nil || s.Then != nil || s.Else != nil ||
		s.DependentSchemas != nil || s.PrefixItems != nil || s.Contains != nil || s.PatternProperties != nil ||
		s.PropertyNames != nil || s.Const != nil || s.MultipleOf != "" || s.UniqueItems ||
		s.MaxContains != nil || s.MinContains != nil || s.MaxProperties != nil || s.MinProperties != nil ||
		s.DependentRequired != nil || s.Format != "" || s.ContentEncoding != "" || s.ContentMediaType != "" ||
		s.ContentSchema != nil {
		return false
	}
	// The schemas true and false (also as the rewrite of an anyOf whose
	// first branch is one).
	if b, ok := w.boolSchema(s); ok {
		w.buf = strconv.AppendBool(w.buf, b)
		return true
	}
	// invopop writes a schema equal to the zero Schema as true; in the
	// gemini profile every schema has a type.
	if !gemini && s.Version == "" && s.Ref == "" && s.Definitions == nil && s.Comments == "" && s.AnyOf == nil && s.Items == nil && s.Properties == nil &&
		s.AdditionalProperties == nil && s.Type == "" && s.Enum == nil && s.Maximum == "" &&
		s.ExclusiveMaximum == "" && s.Minimum == "" && s.ExclusiveMinimum == "" && s.MaxLength == nil &&
		s.MinLength == nil && s.Pattern == "" && s.MaxItems == nil && s.MinItems == nil && s.Required == nil &&
		s.Title == "" && s.Description == "" && s.Default == nil && !s.Deprecated && !s.ReadOnly &&
		!s.WriteOnly && s.Examples == nil && s.Extras == nil {
		w.buf = append(w.buf, "true"...)
		return true
	}
	w.buf = append(w.buf, '{')
	n := 0
	str := func(key, v string) {
		if v != "" {
			w.key(depth, &n, key)
			w.str(v)
		}
	}
	num := func(key string, v json.Number) bool {
		if v != "" {
			w.key(depth, &n, key)
			return w.number(v)
		}
		return true
	}
	count := func(key string, v *uint64) {
		if v != nil {
			w.key(depth, &n, key)
			w.buf = strconv.AppendUint(w.buf, *v, 10)
		}
	}
	flag := func(key string, v bool) {
		if v {
			w.key(depth, &n, key)
			w.buf = append(w.buf, "true"...)
		}
	}
	if !gemini {
		str("$schema", s.Version)
	}
	str("$ref", s.Ref)
	if len(s.Definitions) > 0 {
		w.key(depth, &n, "$defs")
		names := make([]string, 0, len(s.Definitions))
		for name := range s.Definitions {
			names = append(names, name)
		}
		sort.Strings(names) // json.Marshal of a map
		w.buf = append(w.buf, '{')
		m := 0
		for _, name := range names {
			w.key(depth+1, &m, name)
			if !w.schema(s.Definitions[name], depth+2, p, "") {
				return false
			}
		}
		w.end(depth+1, m, '}')
	}
	if !gemini {
		str("$comment", s.Comments)
	}
	if len(s.AnyOf) > 0 {
		w.key(depth, &n, "anyOf")
		w.buf = append(w.buf, '[')
		for i, b := range s.AnyOf {
			if i > 0 {
				w.buf = append(w.buf, ',')
			}
			w.indent(depth + 2)
			if !w.schema(b, depth+2, p, "") {
				return false
			}
		}
		w.end(depth+1, len(s.AnyOf), ']')
	}
	if s.Items != nil {
		w.key(depth, &n, "items")
		if !w.schema(s.Items, depth+1, p, "") {
			return false
		}
	}
	if s.Properties != nil {
		w.key(depth, &n, "properties")
		if s.Properties.Len() == 0 {
			// orderedmap writes {} for an empty map, null for the zero
			// OrderedMap, which has no list: its own MarshalJSON says
			// which (the list is unexported).
			if b, err := s.Properties.MarshalJSON(); err != nil || string(b) != "{}" {
				return false
			}
		}
		w.buf = append(w.buf, '{')
		m := 0
		for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
			w.key(depth+1, &m, pair.Key)
			if !w.schema(pair.Value, depth+2, p, "") {
				return false
			}
		}
		w.end(depth+1, m, '}')
	}
	if s.AdditionalProperties != nil && !gemini {
		w.key(depth, &n, "additionalProperties")
		if !w.schema(s.AdditionalProperties, depth+1, p, "") {
			return false
		}
	}
	if gemini && s.Type == "" && len(s.AnyOf) == 0 {
		str("type", "object") // geminiBranch's type for any value
	} else {
		str("type", s.Type)
	}
	if len(s.Enum) > 0 {
		w.key(depth, &n, "enum")
		if !w.value(s.Enum, depth+1) {
			return false
		}
	}
	if !num("maximum", s.Maximum) || !gemini && !num("exclusiveMaximum", s.ExclusiveMaximum) ||
		!num("minimum", s.Minimum) || !gemini && !num("exclusiveMinimum", s.ExclusiveMinimum) {
		return false
	}
	count("maxLength", s.MaxLength)
	count("minLength", s.MinLength)
	str("pattern", s.Pattern)
	count("maxItems", s.MaxItems)
	count("minItems", s.MinItems)
	if len(s.Required) > 0 {
		w.key(depth, &n, "required")
		w.value(s.Required, depth+1)
	}
	if !gemini {
		str("title", s.Title)
	}
	str("description", s.Description)
	if s.Default != nil {
		w.key(depth, &n, "default")
		if !w.value(s.Default, depth+1) {
			return false
		}
	}
	if !gemini {
		flag("deprecated", s.Deprecated)
		flag("readOnly", s.ReadOnly)
		flag("writeOnly", s.WriteOnly)
	}
	if len(s.Examples) > 0 && !gemini {
		w.key(depth, &n, "examples")
		if !w.value(s.Examples, depth+1) {
			return false
		}
	}
	// Extras follow the keywords, sorted (json.Marshal of a map).
	if len(s.Extras) > 0 {
		keys := make([]string, 0, len(s.Extras))
		for k := range s.Extras {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			w.key(depth, &n, k)
			if !w.value(s.Extras[k], depth+1) {
				return false
			}
		}
	}
	w.end(depth, n, '}')
	return true
}

// value writes a keyword's value as encoding/json does, for the types
// normgen's schemas hold.
func (w *schemaWriter) value(v any, depth int) bool {
	switch v := v.(type) {
	case nil:
		w.buf = append(w.buf, "null"...)
	case bool:
		w.buf = strconv.AppendBool(w.buf, v)
	case string:
		w.str(v)
	case json.Number:
		if v == "" {
			v = "0" // as encoding/json writes it
		}
		return w.number(v)
	case []string:
		if v == nil {
			w.buf = append(w.buf, "null"...)
			return true
		}
		w.buf = append(w.buf, '[')
		for i, s := range v {
			if i > 0 {
				w.buf = append(w.buf, ',')
			}
			w.indent(depth + 1)
			w.str(s)
		}
		w.end(depth, len(v), ']')
	case []any:
		if v == nil {
			w.buf = append(w.buf, "null"...)
			return true
		}
		w.buf = append(w.buf, '[')
		for i, e := range v {
			if i > 0 {
				w.buf = append(w.buf, ',')
			}
			w.indent(depth + 1)
			if !w.value(e, depth+1) {
				return false
			}
		}
		w.end(depth, len(v), ']')
	case map[string]any:
		if v == nil {
			w.buf = append(w.buf, "null"...)
			return true
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		w.buf = append(w.buf, '{')
		n := 0
		for _, k := range keys {
			w.key(depth, &n, k)
			if !w.value(v[k], depth+1) {
				return false
			}
		}
		w.end(depth, n, '}')
	default:
		return false
	}
	return true
}

// number writes a JSON number; false if v is not one (encoding/json
// fails on it).
func (w *schemaWriter) number(v json.Number) bool {
	if !isNumber(string(v)) {
		return false
	}
	w.buf = append(w.buf, v...)
	return true
}

// isNumber reports whether s is a JSON number and nothing else (not even
// white space), as encoding/json requires of a json.Number.
func isNumber(s string) bool {
	digits := func() bool {
		n := 0
		for len(s) > 0 && s[0] >= '0' && s[0] <= '9' {
			s = s[1:]
			n++
		}
		return n > 0
	}
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	switch {
	case len(s) > 0 && s[0] == '0':
		s = s[1:]
	case !digits():
		return false
	}
	if len(s) > 0 && s[0] == '.' {
		s = s[1:]
		if !digits() {
			return false
		}
	}
	if len(s) > 0 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
			s = s[1:]
		}
		if !digits() {
			return false
		}
	}
	return s == ""
}

const hexDigits = "0123456789abcdef"

// invalidUTF8 is what encoding/json writes in a string for each byte that
// is not part of valid UTF-8: the escape \ufffd up to Go 1.26, the
// character U+FFFD itself from Go 1.27 (where encoding/json runs on
// encoding/json/v2). str writes what encoding/json writes under the Go
// normgen is built with, so that Marshal's bytes stay those of
// marshalSlow; both decode to the same string.
var invalidUTF8 = func() string {
	b, err := json.Marshal("\xff")
	if err != nil || len(b) < 2 {
		return `\ufffd`
	}
	return string(b[1 : len(b)-1])
}()

// str writes s as a JSON string as encoding/json does without HTML
// escaping.
func (w *schemaWriter) str(s string) {
	w.buf = append(w.buf, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			w.buf = append(w.buf, s[start:i]...)
			switch b {
			case '\\', '"':
				w.buf = append(w.buf, '\\', b)
			case '\b':
				w.buf = append(w.buf, '\\', 'b')
			case '\f':
				w.buf = append(w.buf, '\\', 'f')
			case '\n':
				w.buf = append(w.buf, '\\', 'n')
			case '\r':
				w.buf = append(w.buf, '\\', 'r')
			case '\t':
				w.buf = append(w.buf, '\\', 't')
			default:
				w.buf = append(w.buf, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			w.buf = append(w.buf, s[start:i]...)
			w.buf = append(w.buf, invalidUTF8...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			w.buf = append(w.buf, s[start:i]...)
			w.buf = append(w.buf, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	w.buf = append(w.buf, s[start:]...)
	w.buf = append(w.buf, '"')
}
