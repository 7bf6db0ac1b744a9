package schemabuild

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/schemaprofile"
	"github.com/normgen/normgen/lenient"
)

// TestConvertIsTheText: encoding/json writes Convert(s, p) as exactly the
// text internal/schemaprofile derives from s's (for the portable profile,
// s's own text), for random trees: TestMarshal's (any keyword; numbers
// spelled 12345678901234567890123, 1.0, -0, 1E+2 and as Go formats int64,
// uint64, float32 and 1e21, in enum, const, default, examples and Extras;
// objects with their keys out of sorted order; Extras beside fields of
// the same key) and the shapes Build writes. So no number is rounded, no
// key moved or lost, in reading the text back into invopop's model. (But
// for one spelling: encoding/json writes invalid UTF-8 in s's strings as
// \ufffd, and the U+FFFD read back as itself; and a schema whose Extras
// hold a key of one of its fields, which the typearray rewrite may put
// where no invopop schema has it: the same members, in invopop's order.)
func TestConvertIsTheText(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	for seed := range uint64(n) {
		r := rand.New(rand.NewPCG(seed, 27))
		s := randomSchema(r, 0)
		if seed%2 == 1 {
			g := &shapedSchema{r: r}
			s = &jsonschema.Schema{Type: "object", Properties: g.properties(3)}
		}
		raw, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []lenient.Profile{lenient.ProfilePortable, lenient.ProfileTypeArray, lenient.ProfileGemini} {
			n := jsonnode.ParseValid(unescapeHTML(raw))
			switch p {
			case lenient.ProfileTypeArray:
				n = schemaprofile.TypeArrayOf(n)
			case lenient.ProfileGemini:
				n = schemaprofile.GeminiOf(n)
			}
			c, err := Convert(s, p)
			if k := n.Kind; err != nil && k != '{' && k != 't' && k != 'n' {
				continue // an anyOf of Extras, whose first element is no schema
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			want := n.Marshal()
			if p != lenient.ProfilePortable && shadowsField(s) {
				// A merged branch's extra may be where invopop writes its
				// field: the same members, in invopop's order.
				got, want = sameOrder(t, got), sameOrder(t, want)
			}
			if !sameText(got, want) {
				t.Fatalf("seed %d, %s: Convert gives\n%s\nthe text is\n%s\ns is\n%s", seed, p, got, want, raw)
			}
		}
	}
}

// TestConvertKeepsValues: what Convert reads back from the text is what a
// caller of invopop's model expects, numbers as written (invopop's own
// UnmarshalJSON would give float64s, 1.2345678901234568e+22 for the
// default) and the keys its Schema has no field for in Extras.
func TestConvertKeepsValues(t *testing.T) {
	props := orderedmap.New[string, *jsonschema.Schema]()
	props.Set("n", &jsonschema.Schema{AnyOf: []*jsonschema.Schema{
		{Type: "integer", Default: json.Number("12345678901234567890123"), Enum: []any{json.Number("1.0"), json.Number("-0")}, Maximum: "1E+2"},
		{Type: "null"},
	}})
	props.Set("any", &jsonschema.Schema{Extras: map[string]any{}})
	s := &jsonschema.Schema{Type: "object", Properties: props, Extras: map[string]any{"y-order": struct{ B, A int }{1, 2}}}
	c, err := Convert(s, lenient.ProfileGemini)
	if err != nil {
		t.Fatal(err)
	}
	n := c.Properties.Value("n")
	// (an enum of numbers, which Gemini's enum cannot hold, is said in
	// the description, as written; so is the keyword no field holds)
	if n.Type != "integer" || n.Default != json.Number("12345678901234567890123") || n.Maximum != "1E+2" ||
		n.Description != "One of 1.0, -0." || n.Extras["nullable"] != true {
		t.Errorf("n is %#v", n)
	}
	if a := c.Properties.Value("any"); a.Type != "object" {
		t.Errorf("any value is %#v, not an object", a)
	}
	if c.Description != `Must also match {"y-order":{"B":1,"A":2}}.` {
		t.Errorf("the root's description is %q", c.Description)
	}
	c, err = Convert(s, lenient.ProfileTypeArray)
	if err != nil {
		t.Fatal(err)
	}
	if n := c.Properties.Value("n"); n.Type != "" || n.Extras["type"] == nil || n.Default != json.Number("12345678901234567890123") {
		t.Errorf("typearray n is %#v", n)
	}
	if raw, ok := c.Extras["y-order"].(json.RawMessage); !ok || string(raw) != `{"B":1,"A":2}` {
		t.Errorf("y-order is %#v", c.Extras["y-order"])
	}
}

// sameText reports whether encoding/json's text of a schema, got, is want,
// as internal/jsonnode writes it (without HTML escapes), but that a
// U+FFFD may be spelled \ufffd in either.
func sameText(got, want []byte) bool {
	fffd := func(b []byte) []byte { return bytes.ReplaceAll(b, []byte(`\ufffd`), []byte("\uFFFD")) }
	return bytes.Equal(fffd(unescapeHTML(got)), fffd(want))
}

// shadowsField reports whether a schema of s's tree has an extra that is
// the key of one of invopop's Schema fields (but a type array).
func shadowsField(s *jsonschema.Schema) bool {
	if s == nil {
		return false
	}
	for k, v := range s.Extras {
		if _, ok := schemaFields[k]; ok && (k != "type" || reflect.TypeOf(v) != reflect.TypeFor[[]string]()) {
			return true
		}
	}
	subs := append([]*jsonschema.Schema{s.Items, s.AdditionalProperties}, s.AnyOf...)
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			subs = append(subs, p.Value)
		}
	}
	return slices.ContainsFunc(subs, shadowsField)
}

// sameOrder returns a JSON text with each object's keys sorted (numbers
// as written).
func sameOrder(t *testing.T, b []byte) []byte {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return unescapeHTML(out)
}

// TestConvertRoundTrip: Convert's copy (the portable profile) of a schema
// whose Extras hold what its fields would write otherwise is written as
// the schema is, byte for byte: each such key stays one of the Extras.
func TestConvertRoundTrip(t *testing.T) {
	type defs struct{ B, A map[string]any }
	props := orderedmap.New[string, *jsonschema.Schema]()
	props.Set("k\xff", &jsonschema.Schema{Type: "string"})
	props.Set("k\xfe", &jsonschema.Schema{Type: "integer"}) // both k\ufffd
	for name, s := range map[string]*jsonschema.Schema{
		"unsorted map":      {Extras: map[string]any{"$defs": defs{B: map[string]any{"type": "string"}, A: map[string]any{"type": "integer"}}}},
		"null list":         {Extras: map[string]any{"dependentRequired": map[string]any{"a": nil}}},
		"null value":        {Type: "string", Extras: map[string]any{"default": nil, "enum": []any{nil}}},
		"not a schema":      {Extras: map[string]any{"items": "x", "maxLength": json.Number("3")}},
		"not a count":       {Extras: map[string]any{"minLength": json.Number("1.0"), "maxLength": json.Number("-1")}},
		"not a string":      {Extras: map[string]any{"required": []any{nil}, "title": 1}},
		"not a branch":      {Extras: map[string]any{"anyOf": []any{"x"}}},
		"empty list":        {Type: "object", Extras: map[string]any{"required": []any{}}},
		"empty string":      {Type: "object", Extras: map[string]any{"description": ""}},
		"false":             {Type: "object", Extras: map[string]any{"deprecated": false}},
		"empty map":         {Type: "object", Extras: map[string]any{"dependentRequired": map[string]any{}}},
		"duplicate keys":    {Type: "object", Properties: props},
		"after a field":     {Type: "string", Extras: map[string]any{"description": "d", "type": "x"}},
		"extras unsorted":   {Extras: map[string]any{"items": defs{B: map[string]any{}, A: map[string]any{}}}},
		"a properties null": {Extras: map[string]any{"properties": map[string]any{"a": nil}}},
	} {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Convert(s, lenient.ProfilePortable)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := json.Marshal(c); !sameText(got, want) {
			t.Errorf("%s: Convert's copy is written\n%s\nthe schema\n%s", name, got, want)
		}
	}
}
