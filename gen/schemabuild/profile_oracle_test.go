package schemabuild

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"

	"github.com/normgen/normgen/internal/leniency"
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
	src.AdditionalProperties = c.convert(s.AdditionalProperties)
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
			} else {
				enum = append(enum, oracleBranchValues(b)...)
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
		// object is what such fields mostly carry.
		out.Type = "object"
	}
	out.Version = ""
	out.AdditionalProperties = nil
	out.Comments = ""
	out.ExclusiveMinimum, out.ExclusiveMaximum = "", ""
	out.Examples = nil
	out.Title = ""
	out.Deprecated, out.ReadOnly, out.WriteOnly = false, false, false
	return out
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
