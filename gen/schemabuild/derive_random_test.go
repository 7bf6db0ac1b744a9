package schemabuild

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"

	"github.com/normgen/normgen/internal/corpus"
	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/internal/schemaprofile"
	"github.com/normgen/normgen/lenient"

	. "github.com/normgen/normgen/schema"
)

// TestDeriveRandom compares, on random schema trees in invopop's model,
// the typearray and gemini profiles derived from the portable text
// (internal/schemaprofile, what generated code runs, and what Convert
// reads back into invopop's model) with oracleConvertRoot's on the tree,
// byte for byte: the rewrites as Convert made them on invopop's model
// before the profiles were derived from the portable text, kept in this
// test only. Half the trees have the
// shapes Build writes and the ones a type's own JSONSchema() may hold
// (shapedSchema: anyOf of typed branches, null and $ref branches, enums
// with their letter-case pattern, {} and empty schemas, keywords in every
// position), half are TestMarshal's (randomSchema: any keyword, any
// string).
func TestDeriveRandom(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	for seed := range uint64(n) {
		r := rand.New(rand.NewPCG(seed, 26))
		g := &shapedSchema{r: r}
		root := &jsonschema.Schema{Type: "object", Properties: g.properties(3)}
		if seed%2 == 1 {
			root.Properties.Set("random", randomSchema(r, 0))
		}
		// What the text cannot say (textual): true for
		// jsonschema.TrueSchema and for an empty schema alike (the
		// derivation reads it as the empty one, any value, which Gemini
		// is shown as an object; the oracle keeps the boolean true,
		// which Gemini refuses), a property name that is not UTF-8 (Go's
		// json names are), keys of invopop's Extras (a portable schema
		// has none: Build writes none, and invopop reads none from a
		// type's own schema), and a pattern after an enum's branch that
		// is not the enum's letter-case pattern (the oracle folds
		// it into the enum's all the same, mangling it: "^\d+$" becomes
		// "^(d|...)$"; the derivation leaves such branches as they are).
		root = textual(root)
		portable, err := Marshal(root)
		if err != nil {
			t.Fatal(err)
		}
		derived, err := schemaprofile.ParseRoot(portable)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, portable)
		}
		for _, c := range []struct {
			p   lenient.Profile
			got []byte
		}{{lenient.ProfileTypeArray, derived.TypeArray()}, {lenient.ProfileGemini, derived.Gemini()}} {
			conv, err := oracleConvertRoot(root, c.p)
			if err != nil {
				t.Fatal(err)
			}
			want, err := json.Marshal(conv)
			if err != nil {
				t.Fatal(err)
			}
			if want = unescapeHTML(want); !bytes.Equal(c.got, want) {
				t.Fatalf("seed %d, %s: derived from the text\n%s\nthe oracle\n%s\nportable\n%s", seed, c.p, c.got, want, portable)
			}
			if conv, err = ConvertRoot(root, c.p); err != nil {
				t.Fatal(err)
			}
			if have, _ := json.Marshal(conv); !sameText(have, c.got) {
				t.Fatalf("seed %d, %s: derived from the text\n%s\nConvertRoot\n%s", seed, c.p, c.got, have)
			}
		}
	}
}

// textual returns s with each schema written as true, where Convert
// looks, an empty one, its property names valid UTF-8, and no Extras but
// the empty ones that make an empty schema {}.
func textual(s *jsonschema.Schema) *jsonschema.Schema {
	if s == nil {
		return nil
	}
	if b, _ := json.Marshal(s); string(b) == "true" {
		return &jsonschema.Schema{}
	}
	if len(s.Extras) > 0 {
		s.Extras = map[string]any{}
	}
	for i, b := range s.AnyOf {
		s.AnyOf[i] = textual(b)
	}
	if b := s.AnyOf; len(b) > 1 && b[0] != nil && b[1] != nil && b[0].Type == "string" && len(b[0].Enum) > 0 &&
		b[1].Type == "string" && b[1].Pattern != "" && len(b[1].Enum) == 0 {
		var values []string
		for _, e := range b[0].Enum {
			v, _ := e.(string)
			values = append(values, v)
		}
		b[1].Pattern = EnumCasePattern(values)
	}
	for name, d := range s.Definitions {
		s.Definitions[name] = textual(d)
	}
	s.Items, s.AdditionalProperties = textual(s.Items), textual(s.AdditionalProperties)
	if s.Properties != nil {
		props := orderedmap.New[string, *jsonschema.Schema]()
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			props.Set(strings.ToValidUTF8(p.Key, "?"), textual(p.Value))
		}
		s.Properties = props
	}
	return s
}

// shapedSchema makes random schema trees.
type shapedSchema struct{ r *rand.Rand }

func (g *shapedSchema) properties(depth int) *orderedmap.OrderedMap[string, *jsonschema.Schema] {
	props := orderedmap.New[string, *jsonschema.Schema]()
	for i := range g.r.IntN(4) {
		props.Set(fmt.Sprintf("p%d", i), g.value(depth))
	}
	return props
}

var scalarTypes = []string{"string", "integer", "number", "boolean", "array", "object"}

// value is a field's schema: one branch, or an anyOf of branches.
func (g *shapedSchema) value(depth int) *jsonschema.Schema {
	switch g.r.IntN(8) {
	case 0:
		return &jsonschema.Schema{Extras: map[string]any{}} // {}: any value
	case 1:
		return &jsonschema.Schema{} // written as true
	case 2, 3, 4:
		var branches []*jsonschema.Schema
		if g.r.IntN(3) == 0 {
			branches = g.enumCase()
		}
		for range 1 + g.r.IntN(3) {
			branches = append(branches, g.branch(depth))
		}
		if g.r.IntN(2) == 0 {
			branches = append(branches, &jsonschema.Schema{Type: "null"})
		}
		if g.r.IntN(8) == 0 {
			branches = append(branches, &jsonschema.Schema{Ref: "#/$defs/Node"})
		}
		return &jsonschema.Schema{AnyOf: branches}
	}
	return g.branch(depth)
}

// enumCase is a string enum's branch and its letter-case pattern's, as
// FieldSchema writes them (with a value alias, sometimes).
func (g *shapedSchema) enumCase() []*jsonschema.Schema {
	values := []string{"debug", "Info", "a.b"}[:1+g.r.IntN(3)]
	enum := &jsonschema.Schema{Type: "string", Description: g.text()}
	for _, v := range values {
		enum.Enum = append(enum.Enum, v)
	}
	if g.r.IntN(2) == 0 {
		enum.Enum = append(enum.Enum, "x|y") // a value alias, read as written
	}
	return []*jsonschema.Schema{enum, {Type: "string", Pattern: EnumCasePattern(values)}}
}

func (g *shapedSchema) text() string {
	return []string{"", "A value", "Ends here.", "With <html> & \u2028"}[g.r.IntN(4)]
}

// branch is one single-typed schema with random keywords.
func (g *shapedSchema) branch(depth int) *jsonschema.Schema {
	one := uint64(1)
	s := &jsonschema.Schema{Type: scalarTypes[g.r.IntN(len(scalarTypes))], Description: g.text()}
	switch s.Type {
	case "string":
		if g.r.IntN(2) == 0 {
			s.Pattern = `^\d+$`
		}
		if g.r.IntN(3) == 0 {
			s.Enum = []any{"a", "b"}
		}
		if g.r.IntN(3) == 0 {
			s.MinLength = &one
		}
	case "integer", "number":
		s.Minimum, s.ExclusiveMaximum = json.Number("1"), json.Number([]string{"", "10"}[g.r.IntN(2)])
		if g.r.IntN(2) == 0 {
			s.Default = json.Number("5")
		}
	case "array":
		s.MaxItems = &one
		if depth > 0 {
			s.Items = g.value(depth - 1)
		}
	case "object":
		if depth > 0 {
			s.Properties = g.properties(depth - 1)
			if g.r.IntN(2) == 0 {
				s.AdditionalProperties = g.value(depth - 1)
			}
		}
		if g.r.IntN(3) == 0 {
			s.AdditionalProperties = jsonschema.FalseSchema
		}
		if g.r.IntN(3) == 0 {
			s.Required = []string{"p0"}
		}
	}
	switch g.r.IntN(6) {
	case 0:
		s.Title, s.Examples = "T", []any{"e"}
	case 1:
		s.Comments, s.Deprecated = leniency.StrictComment, true
	case 2:
		s.ReadOnly, s.WriteOnly = true, true
	}
	return s
}

// TestDeriveTypes compares, as TestDeriveRandom does, the typearray and
// gemini schemas RootJSON derives from the portable text with
// oracleConvertRoot's, for the types of the shared corpus (every type of
// the semantics table, in a one-field struct), with and without its
// variants, and this package's test types (search_files, defaults).
func TestDeriveTypes(t *testing.T) {
	types := map[string]*Type{"search_files": searchFilesType(), "defaults": defaultsType(false), "defaults closed": defaultsType(true)}
	for name, c := range corpus.Types {
		for _, o := range []Options{{}, {NoVariants: true, Required: RequiredJSONSchema}} {
			d, err := DescribeWith(c.Struct(), o)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			types[fmt.Sprintf("%s %+v", name, o)] = d
		}
	}
	profiles := []lenient.Profile{lenient.ProfileTypeArray, lenient.ProfileGemini}
	for name, typ := range types {
		js, err := RootJSON(typ, profiles...)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		root, err := Root(typ)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range profiles {
			if p == lenient.ProfileGemini && root.Definitions != nil {
				continue // a recursive type, unrolled: not derived
			}
			conv, err := oracleConvertRoot(root, p)
			if err != nil {
				t.Fatal(err)
			}
			if want, err := Marshal(conv); err != nil || !bytes.Equal(js[i], want) {
				t.Errorf("%s, %s: derived from the text\n%s\nthe oracle (%v)\n%s", name, p, js[i], err, want)
			}
		}
	}
}
