package schemabuild

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"

	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/internal/schemaprofile"
	"github.com/normgen/normgen/lenient"
)

// oracleConvert is Convert as it was before it was built on
// internal/schemaprofile: the typearray and gemini rewrites written a
// second time, on invopop's model, kept as a test oracle for the one
// implementation (TestDeriveRandom, TestDeriveTypes).
func oracleConvert(s *jsonschema.Schema, p lenient.Profile) (*jsonschema.Schema, error) {
	var conv func(*jsonschema.Schema) *jsonschema.Schema
	switch p {
	case lenient.ProfileTypeArray:
		conv = mergeBranches
	case lenient.ProfileGemini:
		conv = geminiBranch
	default:
		return nil, fmt.Errorf("the oracle has no profile %s", p)
	}
	c := converter{conv: conv, done: map[*jsonschema.Schema]*jsonschema.Schema{}}
	return c.convert(s), nil
}

// oracleConvertRoot is ConvertRoot as it was, on oracleConvert.
func oracleConvertRoot(root *jsonschema.Schema, p lenient.Profile) (*jsonschema.Schema, error) {
	out, err := oracleConvert(root, p)
	if err == nil && p == lenient.ProfileTypeArray {
		out.Version = jsonschema.Version
	}
	return out, err
}

// converter rewrites a schema tree node by node; done keeps shared nodes
// (an alias property is the same schema as its field) shared.
type converter struct {
	conv func(*jsonschema.Schema) *jsonschema.Schema
	done map[*jsonschema.Schema]*jsonschema.Schema
}

func (c *converter) convert(s *jsonschema.Schema) *jsonschema.Schema {
	if s == nil || s == jsonschema.FalseSchema || s == jsonschema.TrueSchema {
		return s
	}
	if out, ok := c.done[s]; ok {
		return out
	}
	// Children first, on copies, so the profile's rewrite sees converted
	// subschemas.
	src := *s
	if len(src.AnyOf) > 0 {
		src.AnyOf = make([]*jsonschema.Schema, len(s.AnyOf))
		for i, b := range s.AnyOf {
			src.AnyOf[i] = c.convert(b)
		}
	}
	if s.Definitions != nil {
		src.Definitions = make(jsonschema.Definitions, len(s.Definitions))
		for name, d := range s.Definitions {
			src.Definitions[name] = c.convert(d)
		}
	}
	src.Items = c.convert(s.Items)
	if b, _ := json.Marshal(s.AdditionalProperties); string(b) != "true" && string(b) != "{}" {
		src.AdditionalProperties = c.convert(s.AdditionalProperties)
	}
	if s.Properties != nil {
		src.Properties = orderedmap.New[string, *jsonschema.Schema]()
		for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
			src.Properties.Set(pair.Key, c.convert(pair.Value))
		}
	}
	out := c.conv(&src)
	c.done[s] = out
	return out
}

// mergeBranches spells an anyOf of single-typed branches as one schema
// with a type array.
//
// An anyOf with a $ref branch (a recursive struct) stays an anyOf: a
// $ref beside a type array would apply the struct's schema to the
// value's other forms too. A string enum read in any letter case (the
// enum's branch, then a pattern branch) becomes one string branch
// (foldEnumBranch).
func mergeBranches(s *jsonschema.Schema) *jsonschema.Schema {
	if len(s.AnyOf) == 0 {
		return copyBranch(s)
	}
	branches := foldEnumBranch(s.AnyOf)
	seen := map[string]bool{}
	for _, b := range branches {
		if b.Type == "" || seen[b.Type] {
			// a $ref, or two branches of one type: one schema would
			// apply every keyword to every value
			return copyBranch(s)
		}
		seen[b.Type] = true
	}
	orig := s
	s = &jsonschema.Schema{AnyOf: branches}
	out := copyBranch(s.AnyOf[0])
	if len(out.Enum) > 0 {
		out.Enum = append([]any(nil), out.Enum...)
	}
	types := []string{out.Type}
	dst := reflect.ValueOf(out).Elem()
	for _, b := range s.AnyOf[1:] {
		types = append(types, b.Type)
		src := reflect.ValueOf(b).Elem()
		for i := 0; i < src.NumField(); i++ {
			if dst.Type().Field(i).Name == "Type" || !dst.Type().Field(i).IsExported() {
				continue
			}
			if f := src.Field(i); !f.IsZero() && dst.Field(i).IsZero() {
				dst.Field(i).Set(f)
			}
		}
	}
	// In one schema the enum applies to every type: it lists each
	// branch's values (schemaprofile's unionEnum).
	some := false
	for _, b := range s.AnyOf {
		some = some || len(b.Enum) > 0
	}
	if some {
		var enum []any
		for _, b := range s.AnyOf {
			if len(b.Enum) > 0 {
				enum = append(enum, b.Enum...)
			} else if vals := oracleBranchValues(b); vals != nil {
				enum = append(enum, vals...)
			} else {
				return copyBranch(orig) // values no enum could list: the anyOf stays
			}
		}
		out.Enum = enum
	}
	setTypes(out, types)
	return out
}

// foldEnumBranch spells a string enum read in any letter case (a branch
// with the enum, then a string branch with the pattern of the values in
// any letter case, as the portable profile has it) as one string branch,
// for a type array: the pattern, extended with the enum's other values
// (value aliases, read as written), and the values named in the
// description. A type array cannot hold two string schemas, and an anyOf
// is what Codex CLI 0.111 and earlier show as a plain string. Other
// branches are returned as they are.
func foldEnumBranch(branches []*jsonschema.Schema) []*jsonschema.Schema {
	if len(branches) < 2 || branches[0].Type != "string" || len(branches[0].Enum) == 0 ||
		branches[1].Type != "string" || branches[1].Pattern == "" || len(branches[1].Enum) > 0 {
		return branches
	}
	enum, pat := branches[0], branches[1].Pattern
	re, err := regexp.Compile(pat)
	if err != nil {
		return branches
	}
	alts := pat[2 : len(pat)-2] // ^( ... )$
	var folded, exact []string
	for _, e := range enum.Enum {
		v, _ := e.(string)
		if re.MatchString(v) {
			folded = append(folded, strconv.Quote(v))
		} else {
			exact = append(exact, strconv.Quote(v))
			alts += "|" + regexp.QuoteMeta(v)
		}
	}
	note := "One of " + strings.Join(folded, ", ") + " (in any letter case)"
	if len(exact) > 0 {
		note += ", " + strings.Join(exact, ", ")
	}
	merged := copyBranch(enum)
	merged.Enum = nil
	merged.Pattern = "^(" + alts + ")$"
	merged.Description = leniency.WithNote(merged.Description, note+".")
	return append([]*jsonschema.Schema{merged}, branches[2:]...)
}

// setTypes sets the schema's type: a string for one type, an array
// (through Extras, as invopop's Type is a single string) for several.
func setTypes(s *jsonschema.Schema, types []string) {
	if len(types) == 1 {
		s.Type = types[0]
		delete(s.Extras, "type")
		return
	}
	s.Type = ""
	if s.Extras == nil {
		s.Extras = map[string]any{}
	}
	s.Extras["type"] = types
}

// geminiBranch spells a schema in Gemini's OpenAPI 3.0 subset: the native
// branch of an anyOf, nullable for a null branch, and only the keys
// Gemini's Schema object has.
func geminiBranch(s *jsonschema.Schema) *jsonschema.Schema {
	out := copyBranch(s)
	if len(s.AnyOf) > 0 {
		if b := s.AnyOf[0]; b == jsonschema.TrueSchema || b == jsonschema.FalseSchema {
			return b // a boolean schema, kept as it is
		}
		out = copyBranch(s.AnyOf[0])
		for _, b := range s.AnyOf[1:] {
			if b.Type == "null" {
				if out.Extras == nil {
					out.Extras = map[string]any{}
				}
				out.Extras["nullable"] = true
			}
		}
	}
	if out.Type == "" && len(out.AnyOf) == 0 {
		// any / json.RawMessage ({} elsewhere): Gemini needs a type on
		// every schema (Gemini CLI skips a tool without one), and an
		// object is what such fields mostly carry; values an enum or
		// const lists have theirs.
		out.Type = oracleValuesType(out)
	}
	notes := oracleBounds(out)
	if ap := out.AdditionalProperties; ap == jsonschema.FalseSchema {
		notes = append(notes, "No other keys")
	} else if b := oracleJSON(ap); b != "" && b != "true" && b != "{}" && b != "null" {
		notes = append(notes, "Each value: "+b)
	}
	if out.Const != nil {
		if c, ok := out.Const.(string); ok && out.Enum == nil {
			out.Enum = []any{c}
		} else {
			notes = append(notes, "Exactly "+oracleJSON(out.Const))
		}
		out.Const = nil
	}
	if slices.ContainsFunc(out.Enum, func(v any) bool { _, ok := v.(string); return !ok }) {
		var vals []string
		for _, v := range out.Enum {
			if v == nil {
				if out.Extras == nil {
					out.Extras = map[string]any{}
				}
				out.Extras["nullable"] = true
			}
			vals = append(vals, oracleJSON(v))
		}
		out.Enum = nil
		notes = append(notes, "One of "+strings.Join(vals, ", "))
	}
	formats := map[string][]string{"string": {"enum", "date-time"}, "integer": {"int32", "int64"}, "number": {"float", "double"}}
	if out.Format != "" && !slices.Contains(formats[out.Type], out.Format) {
		notes = append(notes, "Format: "+out.Format)
		out.Format = ""
	}
	// The keywords Gemini's Schema has no field for, said as a schema of
	// their own (invopop writes them in the order the text has them).
	other := &jsonschema.Schema{
		Ref: out.Ref, DynamicRef: out.DynamicRef, Definitions: out.Definitions,
		AllOf: out.AllOf, OneOf: out.OneOf, Not: out.Not, If: out.If, Then: out.Then, Else: out.Else,
		DependentSchemas: out.DependentSchemas, PrefixItems: out.PrefixItems, Contains: out.Contains,
		PatternProperties: out.PatternProperties, PropertyNames: out.PropertyNames, MultipleOf: out.MultipleOf,
		UniqueItems: out.UniqueItems, MaxContains: out.MaxContains, MinContains: out.MinContains,
		DependentRequired: out.DependentRequired, ContentSchema: out.ContentSchema,
	}
	kept := map[string]any{}
	for k, v := range out.Extras {
		switch {
		case k == "nullable" || k == "propertyOrdering" || k == "example" || k == "$schema" || k == "$comment" || k == "$id" || k == "$anchor" ||
			k == "examples" || k == "title" || k == "deprecated" || k == "readOnly" || k == "writeOnly" || strings.HasPrefix(k, "x-"):
			if k == "nullable" || k == "propertyOrdering" || k == "example" {
				kept[k] = v
			}
		default:
			if other.Extras == nil {
				other.Extras = map[string]any{}
			}
			other.Extras[k] = v
		}
	}
	if b := oracleJSON(other); b != "true" && b != "{}" {
		notes = append(notes, "Must also match "+b)
	}
	*out = jsonschema.Schema{
		Type: out.Type, Enum: out.Enum, Maximum: out.Maximum, Minimum: out.Minimum,
		MaxLength: out.MaxLength, MinLength: out.MinLength, Pattern: out.Pattern, MaxItems: out.MaxItems, MinItems: out.MinItems,
		MaxProperties: out.MaxProperties, MinProperties: out.MinProperties, Required: out.Required, Format: out.Format,
		Items: out.Items, Properties: out.Properties, Description: out.Description, Default: out.Default,
	}
	if len(kept) > 0 {
		out.Extras = kept
	}
	if len(notes) > 0 {
		// (the derivation reads the description from the text, where
		// its invalid UTF-8 is U+FFFD, as encoding/json reads it back)
		var desc string
		b, _ := json.Marshal(out.Description)
		json.Unmarshal(b, &desc)
		out.Description = schemaprofile.WithNote(desc, strings.Join(notes, "; ")+".")
	}
	return out
}

// oracleJSON is a value's JSON text as it would be written into a
// description: encoding/json's, without its HTML escapes ("" for nil).
func oracleJSON(v any) string {
	if s, ok := v.(*jsonschema.Schema); ok && s == nil {
		return ""
	}
	b, _ := json.Marshal(v)
	// (invalid UTF-8, which encoding/json writes \ufffd, is U+FFFD in
	// the text the derivation reads, which it writes as it is)
	return strings.ReplaceAll(string(unescapeHTML(b)), `\ufffd`, "\uFFFD")
}

// oracleValuesType is the type of the values an enum or const lists (of
// the first where they are of several), "object" for none.
func oracleValuesType(s *jsonschema.Schema) string {
	vals := s.Enum
	if s.Const != nil {
		vals = []any{s.Const}
	}
	t := ""
	for _, v := range vals {
		vt := ""
		switch x := v.(type) {
		case string:
			vt = "string"
		case bool:
			vt = "boolean"
		case json.Number:
			vt = "integer"
			if strings.ContainsAny(string(x), ".eE") {
				vt = "number"
			}
		case float64, int, int64:
			vt = "integer"
			if f, ok := x.(float64); ok && (f != float64(int64(f)) || strings.ContainsAny(fmt.Sprint(f), ".eE")) {
				vt = "number"
			}
		case nil:
			continue
		case []any:
			vt = "array"
		default:
			if b := oracleJSON(x); strings.HasPrefix(b, "[") {
				vt = "array"
			} else {
				vt = "object"
			}
		}
		switch {
		case t == "":
			t = vt
		case t == "integer" && vt == "number":
			t = "number"
		}
	}
	if t == "" {
		return "object"
	}
	return t
}

// oracleBounds is schemaprofile's geminiBounds on invopop's model, its
// arithmetic math/big's.
func oracleBounds(s *jsonschema.Schema) []string {
	var said []string
	for _, b := range []struct {
		ex, in *json.Number
		words  string
		up     int
	}{{&s.ExclusiveMinimum, &s.Minimum, "greater than", 1}, {&s.ExclusiveMaximum, &s.Maximum, "less than", -1}} {
		cur, inOK := new(big.Rat).SetString(string(*b.in))
		inOK = inOK && bigDigits(cur) <= 400
		if s.Type == "integer" && inOK {
			n := new(big.Int).Div(cur.Num(), cur.Denom()) // floor
			if b.up > 0 && !cur.IsInt() {
				n.Add(n, big.NewInt(1)) // ceil
			}
			if h, ok := oracleDouble(n, b.up); ok && new(big.Rat).SetInt(h).Cmp(cur) != 0 {
				*b.in = json.Number(h.String())
				cur.SetInt(h)
			}
		}
		ex := *b.ex
		if ex == "" {
			continue
		}
		*b.ex = ""
		x, ok := new(big.Rat).SetString(string(ex))
		if s.Type == "integer" && ok && len(ex) <= 400 && bigDigits(x) <= 400 {
			n := new(big.Int).Div(x.Num(), x.Denom()) // floor
			if b.up > 0 {
				n.Add(n, big.NewInt(1))
			} else {
				if !x.IsInt() {
					n.Add(n, big.NewInt(1)) // ceil
				}
				n.Sub(n, big.NewInt(1))
			}
			if h, ok := oracleDouble(n, b.up); ok && (*b.in == "" || inOK) {
				if *b.in == "" || cur.Cmp(new(big.Rat).SetInt(h))*b.up < 0 {
					*b.in = json.Number(h.String())
				}
				continue
			}
		}
		said = append(said, b.words+" "+string(ex))
	}
	if len(said) == 0 {
		return nil
	}
	t := strings.Join(said, " and ")
	return []string{strings.ToUpper(t[:1]) + t[1:]}
}

// oracleDouble is schemaprofile's hostInteger with math/big: the double
// nearest the integer n inwards (upwards for up 1), false past the
// doubles' range.
func oracleDouble(n *big.Int, up int) (*big.Int, bool) {
	mode := big.ToNegativeInf
	if up > 0 {
		mode = big.ToPositiveInf
	}
	d, _ := new(big.Float).SetPrec(53).SetMode(mode).SetInt(n).Float64()
	if math.IsInf(d, 0) {
		return nil, false
	}
	h, _ := new(big.Float).SetFloat64(d).Int(nil)
	return h, true
}

// bigDigits is the number of digits before x's point.
func bigDigits(x *big.Rat) int {
	return len(new(big.Int).Abs(new(big.Int).Div(x.Num(), x.Denom())).String())
}

// copyBranch returns a shallow copy of s with its own Extras.
func copyBranch(s *jsonschema.Schema) *jsonschema.Schema {
	out := *s
	if s.Extras != nil {
		out.Extras = map[string]any{}
		for k, v := range s.Extras {
			out.Extras[k] = v
		}
	}
	return &out
}

// oracleBranchValues is schemaprofile's branchValues on invopop's model.
func oracleBranchValues(b *jsonschema.Schema) []any {
	only := func(keep ...string) bool {
		keep = append(keep, "Title", "Description", "Default", "Examples", "Deprecated", "ReadOnly", "WriteOnly", "Comments")
		v := reflect.ValueOf(b).Elem()
		for i := 0; i < v.NumField(); i++ {
			if f := v.Type().Field(i); f.IsExported() && !v.Field(i).IsZero() && !slices.Contains(keep, f.Name) {
				return false
			}
		}
		return true
	}
	switch b.Type {
	case "null":
		return []any{nil}
	case "boolean":
		if only("Type") {
			return []any{true, false}
		}
	case "integer":
		lo, err1 := strconv.ParseInt(string(b.Minimum), 10, 64)
		hi, err2 := strconv.ParseInt(string(b.Maximum), 10, 64)
		if err1 == nil && err2 == nil && only("Type", "Minimum", "Maximum") && lo <= hi && hi-lo < 64 {
			var out []any
			for n := lo; n <= hi; n++ {
				out = append(out, json.Number(strconv.FormatInt(n, 10)))
			}
			return out
		}
	}
	return nil
}
