// Package schemaprofile derives a tool's input schema in the typearray and
// gemini profiles from the JSON text of its schema in the portable profile,
// as normgen writes it (schemabuild.RootJSON): the one implementation of those
// two rewrites. It also takes out of the openai-strict schema the field
// descriptions it shares with the portable one, and puts them back
// (Root.StripShared, Root.FillShared), so that generated code carries
// them once. The generator calls it to write the profiles into golden
// files and tests; generated code, which carries the portable schema (and
// the openai-strict one less those descriptions), calls it through
// lenientimpl.DerivedSchemas or lenientimpl.SharedSchemas when a server starts; and
// schemabuild.Convert (RootProfile, For) calls it on the text of an invopop
// schema, which it reads back into invopop's model.
//
// The rewrites work on the JSON text, as internal/jsonnode reads it: keys
// keep their order, numbers and strings their text, so that what they do
// not touch is written back byte for byte. A key they add takes the place
// invopop's marshaller gives it (its Schema's field order, then the keys of
// its Extras, sorted): the output is byte for byte what Marshal of invopop's
// schema gave before these rewrites moved to the text (schemabuild.Convert as it
// was, which package schema's TestDeriveRandom and TestDeriveTypes keep as
// a test oracle), and what schemabuild.Convert reads back into invopop's model.
//
// It imports the standard library and normgen's internal/jsonnode and
// internal/jsonwire only (no regexp: package lenient, which generated code
// imports, reaches it).
package schemaprofile

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
)

// SchemaVersion is the "$schema" the typearray profile's root keeps (JSON
// Schema 2020-12, invopop's jsonschema.Version).
const SchemaVersion = "https://json-schema.org/draft/2020-12/schema"

// Root is a tool's portable root schema, parsed once for the profiles
// derived from it.
type Root struct{ node *jsonnode.Node }

// ParseRoot parses a tool's portable root schema (JSON text, indented or
// not, as schemabuild.RootJSON writes it).
func ParseRoot(portable []byte) (Root, error) {
	node, err := parseObject(portable, "portable")
	return Root{node}, err
}

// parseObject parses a schema that must be a JSON object: the profile's
// schema, for errors.
func parseObject(data []byte, profile string) (*jsonnode.Node, error) {
	if !json.Valid(data) {
		return nil, errors.New("the " + profile + " schema is not JSON")
	}
	node := jsonnode.ParseValid(data)
	if node.Kind != '{' {
		return nil, errors.New("the " + profile + " schema is not a JSON object")
	}
	return node, nil
}

// TypeArray returns, compact, the root's typearray profile: each anyOf of
// single-typed branches is one schema with a type array, holding every
// branch's keywords; a string enum read in any letter case is one string
// branch with the pattern; the root names its "$schema".
func (r Root) TypeArray() []byte {
	out := shallow(TypeArrayOf(r.node))
	insert(out, "$schema", jsonnode.String(SchemaVersion))
	return out.Marshal()
}

// Gemini returns, compact, the root's gemini profile: each anyOf keeps its
// first branch, nullable when a branch was null; keys outside Gemini's
// Schema object are dropped, what they constrained said otherwise
// (geminiBounds, and the description for a map's values or a closed
// object); any value is advertised as an object. A
// recursive type, which the portable profile spells with $defs and $ref,
// has a gemini schema that cannot be derived from it (the schema package
// unrolls the type itself).
func (r Root) Gemini() []byte { return GeminiOf(r.node).Marshal() }

// TypeArrayOf returns the typearray profile of any schema node, a tool's
// root or one of its subschemas: Root.TypeArray but for the root's
// "$schema". s is not modified; the result shares with it the nodes no
// rewrite changed.
func TypeArrayOf(s *jsonnode.Node) *jsonnode.Node { return convert(s, typeArray, false) }

// GeminiOf returns the gemini profile of any schema node, as Root.Gemini
// does of a root. s is not modified; the result shares with it the nodes
// no rewrite changed. schemabuild.Convert reads it into invopop's model.
func GeminiOf(s *jsonnode.Node) *jsonnode.Node { return convert(s, gemini, true) }

// convert rewrites a schema node by node, children first (the profile's
// rewrite sees converted subschemas), where schemabuild.Convert did on
// invopop's model (the oracle of package schema's tests): anyOf's
// branches, $defs' and properties' values, items and
// additionalProperties. Other keywords (a type's own schema may hold
// allOf, oneOf, not, ...) are kept as they are. s is not modified.
//
// With anyTrue, the schema true (any value, as {}) is rewritten as {}
// is: for Gemini, which takes no boolean schema. (Marshal of invopop's
// schema writes an empty one as true: the portable text cannot say
// which of the two it was.)
func convert(s *jsonnode.Node, conv func(*jsonnode.Node) *jsonnode.Node, anyTrue bool) *jsonnode.Node {
	if s.Kind != '{' {
		if anyTrue && s.Kind == 't' && s.Text() == "true" {
			return conv(&jsonnode.Node{Kind: '{'})
		}
		return s // false; true; null in an anyOf
	}
	return conv(s.MapSubschemas(func(c jsonnode.Subschema) *jsonnode.Node {
		switch c.Keyword {
		case "additionalProperties":
			if c.Schema.Kind == 't' || len(c.Schema.Keys) == 0 {
				return c.Schema // any member, or none: no schema to rewrite (gemini says which)
			}
		case jsonnode.AnyOf, "$defs", "properties":
		case "items":
			if c.Index >= 0 {
				return c.Schema // a tuple: kept, as invopop's Items is one schema
			}
		default:
			return c.Schema
		}
		return convert(c.Schema, conv, anyTrue)
	}))
}

// shallow returns a copy of an object node whose members can be changed
// without changing s's. The rewrites change no node they are given: a
// node the output shares with the portable tree is one left as it is.
func shallow(s *jsonnode.Node) *jsonnode.Node {
	return &jsonnode.Node{Kind: '{', Keys: slices.Clone(s.Keys), Vals: slices.Clone(s.Vals)}
}

// typeOf returns the "type" of a schema node when it is one string ("" for
// none, a boolean schema, null).
func typeOf(s *jsonnode.Node) string {
	t, _ := s.Get("type").AsString()
	return t
}

// stringAt returns the string value of a schema's key ("" for none).
func stringAt(s *jsonnode.Node, key string) string {
	v, _ := s.Get(key).AsString()
	return v
}

// typeArray spells an anyOf of single-typed branches as one schema with a
// type array (s itself otherwise).
//
// An anyOf with a $ref branch (a recursive struct) stays an anyOf: a $ref
// beside a type array would apply the struct's schema to the value's
// other forms too. A string enum read in any letter case (the enum's
// branch, then a pattern branch) becomes one string branch
// (foldEnumBranch). Keys the other branches add take invopop's places;
// the siblings of the anyOf, which the portable profile has none of, are
// not kept.
func typeArray(s *jsonnode.Node) *jsonnode.Node {
	branches := s.Get("anyOf").Items()
	if len(branches) == 0 {
		return s
	}
	branches = foldEnumBranch(branches)
	seen := map[string]bool{}
	for _, b := range branches {
		t := typeOf(b)
		if t == "" || seen[t] {
			// a $ref, or two branches of one type: one schema would
			// apply every keyword to every value
			return s
		}
		seen[t] = true
	}
	out := shallow(branches[0])
	types := []*jsonnode.Node{jsonnode.String(typeOf(out))}
	for _, b := range branches[1:] {
		types = append(types, jsonnode.String(typeOf(b)))
		for i, k := range b.Keys {
			if k != "type" && out.Index(k) < 0 {
				insert(out, k, b.Vals[i])
			}
		}
	}
	if enum, ok := unionEnum(branches); !ok {
		// a branch beside an enum says more than values it could list:
		// the enum of one schema would refuse its values
		return s
	} else if enum != nil {
		out.Set("enum", enum)
	}
	if len(types) > 1 {
		// invopop's Type is one string: a type array is one of its
		// Extras, written after its fields
		out.Delete("type")
		insertExtra(out, "type", jsonnode.Array(types...))
	}
	return out
}

// unionEnum is the enum of one schema holding branches, where one of
// them has an enum: in one schema the enum applies to every type, so it
// lists each branch's values, the values of an enum and those of the
// branches beside it that say few (null; the booleans and the run of
// integers a string enum's values are the text of, or an integer
// enum's run beside its values' texts: branchValues). nil where no
// branch has an enum; ok is false where a branch beside one says more
// than values it could list (an integer enum's run of more than
// maxEnumRun, a string pattern), whose values an enum of one schema
// would refuse: the anyOf then stays.
func unionEnum(branches []*jsonnode.Node) (*jsonnode.Node, bool) {
	if !slices.ContainsFunc(branches, func(b *jsonnode.Node) bool { return len(b.Get("enum").Items()) > 0 }) {
		return nil, true
	}
	var vals []*jsonnode.Node
	for _, b := range branches {
		if e := b.Get("enum").Items(); len(e) > 0 {
			vals = append(vals, e...)
		} else if v, ok := branchValues(b); ok {
			vals = append(vals, v...)
		} else {
			return nil, false
		}
	}
	return jsonnode.Array(vals...), true
}

// branchValues lists the values of a branch beside a string enum's, for
// an enum of one schema: null for a null branch, true and false for a
// boolean one, the integers of one bounded to a run of at most
// maxEnumRun (as normgen writes one for a string enum holding their
// text); ok is false for any other branch, whose values the enum then
// leaves out.
func branchValues(b *jsonnode.Node) (vals []*jsonnode.Node, ok bool) {
	only := func(keys ...string) bool {
		return !slices.ContainsFunc(b.Keys, func(k string) bool { return !slices.Contains(keys, k) && !annotationKeys[k] })
	}
	switch typeOf(b) {
	case "null":
		return []*jsonnode.Node{jsonnode.Scalar("null")}, true
	case "boolean":
		return []*jsonnode.Node{jsonnode.Scalar("true"), jsonnode.Scalar("false")}, only("type")
	case "integer":
		lo, err1 := strconv.ParseInt(b.Get("minimum").Text(), 10, 64)
		hi, err2 := strconv.ParseInt(b.Get("maximum").Text(), 10, 64)
		if err1 != nil || err2 != nil || !only("type", "minimum", "maximum") || hi < lo || hi-lo >= maxEnumRun {
			return nil, false
		}
		for n := lo; n <= hi; n++ {
			vals = append(vals, jsonnode.Scalar(strconv.FormatInt(n, 10)))
		}
		return vals, true
	}
	return nil, false
}

// annotationKeys are the keys of a branch that say nothing of its values.
var annotationKeys = map[string]bool{"title": true, "description": true, "default": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "$comment": true}

// maxEnumRun is the most integers branchValues lists.
const maxEnumRun = 64

// foldEnumBranch spells a string enum read in any letter case (a branch
// with the enum, then a string branch with the pattern of the values in
// any letter case, as the portable profile has it) as one string branch,
// for a type array: the pattern, extended with the enum's other values
// (value aliases, read as written), and the values named in the
// description. A type array cannot hold two string schemas, and an anyOf
// is what Codex CLI 0.111 and earlier show as a plain string. Other
// branches, and a pattern that is not one of the letter-case patterns
// normgen writes (EnumCasePattern), are returned as they are.
func foldEnumBranch(branches []*jsonnode.Node) []*jsonnode.Node {
	if len(branches) < 2 || typeOf(branches[0]) != "string" || len(branches[0].Get("enum").Items()) == 0 ||
		typeOf(branches[1]) != "string" || stringAt(branches[1], "pattern") == "" || len(branches[1].Get("enum").Items()) > 0 {
		return branches
	}
	enum, pat := branches[0], stringAt(branches[1], "pattern")
	cases, ok := parseEnumCase(pat)
	if !ok {
		return branches
	}
	alts := pat[2 : len(pat)-2] // ^( ... )$
	var folded, exact []string
	for _, e := range enum.Get("enum").Items() {
		v, _ := e.AsString()
		if matchesEnumCase(cases, v) {
			folded = append(folded, strconv.Quote(v))
		} else {
			exact = append(exact, strconv.Quote(v))
			alts += "|" + QuoteMeta(v)
		}
	}
	note := "One of " + strings.Join(folded, ", ") + " (in any letter case)"
	if len(exact) > 0 {
		note += ", " + strings.Join(exact, ", ")
	}
	merged := shallow(enum)
	merged.Delete("enum")
	insert(merged, "pattern", jsonnode.String("^("+alts+")$"))
	insert(merged, "description", jsonnode.String(WithNote(stringAt(merged, "description"), note+".")))
	return append([]*jsonnode.Node{merged}, branches[2:]...)
}

// gemini spells a schema in Gemini's OpenAPI 3.0 subset: the native
// branch of an anyOf, nullable for a null branch, and only the keys
// Gemini's Schema object has. What a dropped key held a value to is said
// otherwise: exclusive bounds by geminiBounds, a map's value schema (in
// its gemini form: children are rewritten first) and a closed object's
// additionalProperties: false in the description.
func gemini(s *jsonnode.Node) *jsonnode.Node {
	out := s
	if branches := s.Get("anyOf").Items(); len(branches) > 0 {
		out = branches[0]
		if out.Kind == '{' {
			out = shallow(out)
		}
		for _, b := range branches[1:] {
			if typeOf(b) == "null" && out.Kind == '{' {
				insertExtra(out, "nullable", jsonnode.Scalar("true"))
			}
		}
	}
	if out.Kind != '{' {
		return out // a boolean schema, kept as invopop's model kept it
	}
	untyped := out.Get("type") == nil && out.Get("anyOf") == nil
	if out == s && !untyped && !slices.ContainsFunc(s.Keys, func(k string) bool { return !geminiKept(k) }) && !otherEnum(s) && !otherFormat(s) && hostBounds(s) {
		return s
	}
	if out == s {
		out = shallow(s)
	}
	if untyped {
		// Gemini needs a type on every schema (Gemini CLI skips a tool
		// without one): the type of the values an enum or const lists
		// (a type's own JSONSchema may give those alone), else, for any
		// value (any / json.RawMessage: {} elsewhere), an object, which
		// is what such fields mostly carry.
		insert(out, "type", jsonnode.String(valuesType(out)))
	}
	note := geminiBounds(out)
	switch av := out.Get("additionalProperties"); {
	case av == nil:
	case av.Kind == 't' && av.Text() == "false":
		note = append(note, "No other keys")
	case av.Kind == '{' && len(av.Keys) > 0:
		note = append(note, "Each value: "+string(av.MarshalCanonical()))
	}
	note = append(note, geminiValues(out)...)
	if otherFormat(out) {
		f, ok := out.Get("format").AsString()
		if !ok {
			f = out.Get("format").Text()
		}
		note = append(note, "Format: "+f)
		out.Delete("format")
	}
	other := &jsonnode.Node{Kind: '{'}
	for i, k := range out.Keys {
		if !geminiKept(k) && !geminiSilent(k) && k != "format" && !strings.HasPrefix(k, "x-") {
			other.Set(k, out.Vals[i])
		}
	}
	if len(other.Keys) > 0 {
		// what a type's own JSONSchema may hold (multipleOf, uniqueItems,
		// oneOf, not, ...), which Gemini refuses as an unknown field
		note = append(note, "Must also match "+string(other.MarshalCanonical()))
	}
	for _, k := range slices.Clone(out.Keys) {
		if !geminiKept(k) {
			out.Delete(k)
		}
	}
	if len(note) > 0 {
		insert(out, "description", jsonnode.String(WithNote(stringAt(out, "description"), strings.Join(note, "; ")+".")))
	}
	return out
}

// valuesType is the type of the values a schema's enum or const lists,
// where they are of one ("integer" for numbers all written as integers);
// "object" where it lists none, the first value's where they are of
// several (the rest are said in the description: geminiValues).
func valuesType(s *jsonnode.Node) string {
	vals := s.Get("enum").Items()
	if c := s.Get("const"); c != nil {
		vals = []*jsonnode.Node{c}
	}
	t := ""
	for _, v := range vals {
		vt := ""
		switch v.Kind {
		case '"':
			vt = "string"
		case 't':
			vt = "boolean"
		case '0':
			vt = "integer"
			if strings.ContainsAny(v.Text(), ".eE") {
				vt = "number"
			}
		case '[':
			vt = "array"
		case '{':
			vt = "object"
		default:
			continue // null: nullable
		}
		switch {
		case t == "", t == vt, t == "integer" && vt == "number", t == "number" && vt == "integer":
			if t != "number" {
				t = vt
			}
		}
	}
	if t == "" {
		return "object"
	}
	return t
}

// otherEnum reports whether a schema's enum lists a value other than a
// string, which Gemini's enum (strings only) cannot hold.
func otherEnum(s *jsonnode.Node) bool {
	return slices.ContainsFunc(s.Get("enum").Items(), func(v *jsonnode.Node) bool { return v.Kind != '"' })
}

// geminiValues rewrites a schema's const and enum for Gemini, whose enum
// lists strings only and which has no const: a string const is an enum
// of one; other values are said in the description ("One of 1, 5, 9"),
// where the enum goes (null in it is nullable).
func geminiValues(s *jsonnode.Node) (notes []string) {
	if c := s.Get("const"); c != nil {
		if c.Kind == '"' && s.Get("enum") == nil {
			insert(s, "enum", jsonnode.Array(c))
		} else {
			notes = append(notes, "Exactly "+string(c.MarshalCanonical()))
		}
		s.Delete("const")
	}
	if !otherEnum(s) {
		return notes
	}
	var vals []string
	for _, v := range s.Get("enum").Items() {
		if v.Kind == 'n' {
			insertExtra(s, "nullable", jsonnode.Scalar("true"))
		}
		vals = append(vals, string(v.MarshalCanonical()))
	}
	s.Delete("enum")
	return append(notes, "One of "+strings.Join(vals, ", "))
}

// geminiKept reports whether k is one of the keys of Gemini's Schema
// object that the profile keeps: the rest are said in the description
// (geminiSilent aside). (Switches, not maps: generated code links this
// package, and a map literal costs every server its code and data.)
func geminiKept(k string) bool {
	switch k {
	case "type", "format", "description", "nullable", "enum",
		"properties", "required", "minProperties", "maxProperties", "propertyOrdering",
		"items", "minItems", "maxItems", "minLength", "maxLength", "pattern",
		"minimum", "maximum", "default", "example":
		return true
	}
	return false
}

// geminiSilent reports whether k is a key outside Gemini's Schema object
// that the profile drops without a word (as it drops vendor keys, x-…):
// an annotation, which holds a value to nothing, or what geminiBounds and
// gemini say otherwise.
func geminiSilent(k string) bool {
	switch k {
	case "$schema", "$comment", "$id", "$anchor", "examples", "title",
		"deprecated", "readOnly", "writeOnly", "contentEncoding", "contentMediaType",
		"exclusiveMinimum", "exclusiveMaximum", "additionalProperties":
		return true
	}
	return false
}

// otherFormat reports whether a schema has a format Gemini does not take
// for its type: "enum" and "date-time" for a string, "int32" and "int64"
// for an integer, "float" and "double" for a number.
func otherFormat(s *jsonnode.Node) bool {
	f := s.Get("format")
	if f == nil {
		return false
	}
	v, _ := f.AsString()
	switch typeOf(s) + " " + v {
	case "string enum", "string date-time", "integer int32", "integer int64", "number float", "number double":
		return false
	}
	return true
}

// geminiBounds rewrites a schema's exclusive bounds, which Gemini's Schema
// object has no keyword for, where it can say them exactly: an integer's
// is the inclusive bound it means (exclusiveMinimum 0 is minimum 1), the
// tighter of it and an inclusive one beside it. An integer's inclusive
// bound is written as the integer it means, as a double holds it
// (hostInteger): Gemini reads numbers as doubles, and minimum 1e-500 read
// so is 0, which the decoder refuses. It returns the rest, to be said in
// the description: a number's exclusive bounds ("Greater than 0 and less
// than 1"), and an integer's too large to write exactly. Without them the
// schema would advertise a value the decoder refuses.
func geminiBounds(s *jsonnode.Node) (notes []string) {
	var said []string
	integral := typeOf(s) == "integer"
	for _, b := range [...]struct {
		exclusive, inclusive, words string
		up                          int
	}{
		{"exclusiveMinimum", "minimum", "greater than", 1},
		{"exclusiveMaximum", "maximum", "less than", -1},
	} {
		in := s.Get(b.inclusive)
		cur, inOK := roundIn(in, b.up)
		if integral && inOK {
			if h, ok := hostInteger(cur, b.up); ok && !sameInteger(in, h) {
				cur = h
				insert(s, b.inclusive, jsonnode.Scalar(h.String()))
			}
		}
		ex := s.Get(b.exclusive)
		if ex == nil || ex.Kind != '0' {
			continue
		}
		if integral {
			n, ok := past(ex.Text(), b.up)
			if ok {
				n, ok = hostInteger(n, b.up)
			}
			if ok {
				if in == nil || inOK && compare(cur, n)*b.up < 0 {
					insert(s, b.inclusive, jsonnode.Scalar(n.String()))
				}
				if in == nil || inOK {
					continue
				}
			}
		}
		said = append(said, b.words+" "+ex.Text())
	}
	if len(said) > 0 {
		s := strings.Join(said, " and ")
		notes = append(notes, strings.ToUpper(s[:1])+s[1:])
	}
	return notes
}

// hostBounds reports whether a schema's inclusive bounds are as a host
// that reads numbers as doubles reads them: a number's, and an integer's
// written as the integers they mean, doubles alike (geminiBounds).
func hostBounds(s *jsonnode.Node) bool {
	if typeOf(s) != "integer" {
		return true
	}
	for _, b := range [...]struct {
		key string
		up  int
	}{{"minimum", 1}, {"maximum", -1}} {
		n, ok := roundIn(s.Get(b.key), b.up)
		if !ok {
			continue
		}
		if h, ok := hostInteger(n, b.up); ok && !sameInteger(s.Get(b.key), h) {
			return false
		}
	}
	return true
}

// WithNote appends a sentence to a description, ending the description's
// last sentence first where it has no full stop.
func WithNote(desc, note string) string {
	switch {
	case note == "":
		return desc
	case desc == "":
		return note
	}
	desc = strings.TrimRight(desc, " \t\n")
	if !strings.HasSuffix(desc, ".") && !strings.HasSuffix(desc, "!") && !strings.HasSuffix(desc, "?") {
		desc += "." // "The UID of the datasource. Required.", not "datasource Required."
	}
	return desc + " " + note
}
