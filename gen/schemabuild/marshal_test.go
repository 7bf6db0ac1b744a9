package schemabuild

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"

	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/lenient"

	. "github.com/normgen/normgen/schema"
)

// checkMarshal fails unless Marshal gives, for s, indented JSON ending in
// a newline that means what encoding/json's bytes mean (unescapeHTML
// changed only escapes), with no HTML escape left in it, or fails as
// encoding/json does.
func checkMarshal(t *testing.T, name string, s *jsonschema.Schema) {
	t.Helper()
	raw, werr := json.Marshal(s)
	got, gerr := Marshal(s)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("%s: Marshal's error %v, encoding/json's %v", name, gerr, werr)
	}
	if gerr != nil {
		return
	}
	var want, have any
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &have); err != nil {
		t.Fatalf("%s: Marshal wrote no JSON: %v\n%s", name, err, got)
	}
	if !reflect.DeepEqual(want, have) {
		t.Fatalf("%s: Marshal's JSON means other than encoding/json's\n--- encoding/json\n%s\n--- Marshal\n%s", name, raw, got)
	}
	var compact, indented bytes.Buffer
	json.Compact(&compact, got)
	json.Indent(&indented, compact.Bytes(), "", "  ")
	if indented.String() != strings.TrimSuffix(string(got), "\n") || !bytes.HasSuffix(got, []byte("\n")) {
		t.Fatalf("%s: not indented by two spaces with a final newline:\n%s", name, got)
	}
	for _, esc := range []string{`\u003c`, `\u003e`, `\u0026`} {
		// An escaped backslash before "u003c" is text, not an escape.
		if strings.Contains(strings.ReplaceAll(string(got), `\\`, ""), esc) {
			t.Fatalf("%s: an HTML escape %s left in:\n%s", name, esc, got)
		}
	}
}

// TestMarshal checks Marshal (invopop through encoding/json, HTML escapes
// undone, indented) on edge cases, and that RootJSON writes each profile
// as Marshal of RootProfile does.
func TestMarshal(t *testing.T) {
	one, zero := uint64(1), uint64(0)
	props := orderedmap.New[string, *jsonschema.Schema]()
	props.Set("a<b>&c\u2028", &jsonschema.Schema{Type: "string", Pattern: `^<\d+>&\\u003c$`})
	props.Set("t", jsonschema.TrueSchema)
	props.Set("nil", nil)
	props.Set("empty", &jsonschema.Schema{})
	badProps := orderedmap.New[string, *jsonschema.Schema]()
	badProps.Set("k\xffx", &jsonschema.Schema{Type: "string", Enum: []any{"e\xed\xa0\x80"}, Default: "d\xc3"})
	cases := map[string]*jsonschema.Schema{
		"nil":            nil,
		"true":           jsonschema.TrueSchema,
		"false":          jsonschema.FalseSchema,
		"zero":           {},
		"empty extras":   {Extras: map[string]any{}},
		"empty props":    {Type: "object", Properties: orderedmap.New[string, *jsonschema.Schema]()},
		"zero props":     {Type: "object", Properties: &orderedmap.OrderedMap[string, *jsonschema.Schema]{}},
		"empty anyOf":    {AnyOf: []*jsonschema.Schema{}},
		"empty required": {Required: []string{}},
		"nil in anyOf":   {AnyOf: []*jsonschema.Schema{nil, {Type: "null"}}},
		"props":          {Type: "object", Properties: props, AdditionalProperties: jsonschema.FalseSchema, Required: []string{"a<b>&c\u2028", "t"}},
		"strings": {
			Description: "ctl \x00\x01\x1f\b\f\n\r\t \"quoted\" \\ bad \xff\xfe utf8 é \u2028\u2029 <>& \\u003c",
			Title:       "\u007f\u0080",
			Comments:    leniency.StrictComment,
		},
		"invalid utf8": {Type: "object", Properties: badProps, Required: []string{"k\xffx"}, Extras: map[string]any{"x\xfe": []string{"v\xff\xfe"}}},
		"numbers":      {Type: "number", Minimum: "-1.5e+10", Maximum: "0", ExclusiveMinimum: "1E-3", ExclusiveMaximum: "12"},
		"bad number":   {Type: "number", Minimum: "01"},
		"bad number 2": {Type: "number", Maximum: "1.5x"},
		"bad number 3": {Type: "number", Minimum: "1 "},
		"bad number 4": {Type: "number", Default: json.Number("\n2")},
		"good numbers": {Type: "number", Examples: []any{json.Number("-0"), json.Number("0.5e-7"), json.Number("12E+3"), json.Number("-1.25")}},
		"counts":       {Type: "string", MinLength: &zero, MaxLength: &one},
		"items":        {Type: "array", Items: &jsonschema.Schema{Type: "integer"}, MinItems: &one, MaxItems: &zero},
		"values": {
			Enum:     []any{"a", nil, true, json.Number("1")},
			Default:  json.Number("2.50"),
			Examples: []any{"x", false, []any{}, []any{"y"}, map[string]any{}, map[string]any{"b": 1.5}},
		},
		"float value": {Default: 1.5},
		"extras": {Type: "", Extras: map[string]any{
			"type": []string{"string", "null"}, "nullable": true, "a": []string(nil), "b": []string{},
			"c": map[string]any{"z": "y", "a": []any{nil}}, "d": nil,
		}},
		"flags":      {Deprecated: true, ReadOnly: true, WriteOnly: true, Version: jsonschema.Version},
		"const":      {Const: "x"},
		"ref":        {Ref: "#/$defs/x"},
		"format":     {Type: "string", Format: "date"},
		"unique":     {Type: "array", UniqueItems: true},
		"nested bad": {AnyOf: []*jsonschema.Schema{{Type: "string"}, {Type: "object", Properties: props, Items: &jsonschema.Schema{Format: "x"}}}},
	}
	for name, s := range cases {
		checkMarshal(t, name, s)
	}
	// A pattern reads as written: <, > and & themselves, and an escaped
	// backslash before u003c left alone.
	b, err := Marshal(cases["props"])
	if err != nil || !strings.Contains(string(b), `"pattern": "^<\\d+>&\\\\u003c$"`) {
		t.Errorf("the pattern is not written as given (%v):\n%s", err, b)
	}
	all, err := RootJSON(searchFilesType(), lenient.Profiles()...)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range lenient.Profiles() {
		s, err := RootProfile(searchFilesType(), p)
		if err != nil {
			t.Fatal(err)
		}
		checkMarshal(t, "search_files "+string(p), s)
		if want, _ := Marshal(s); !bytes.Equal(all[i], want) {
			t.Errorf("RootJSON, profile %s:\n%s\nwant\n%s", p, all[i], want)
		}
	}
	if _, err := RootJSON(searchFilesType(), "nope"); err == nil {
		t.Error("RootJSON takes an unknown profile")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		s := randomSchema(r, 0)
		checkMarshal(t, "random", s)
		for _, p := range lenient.Profiles() {
			if p == lenient.ProfileOpenAIStrict {
				continue // built from a type, not converted (TestRootProfiles)
			}
			c, err := Convert(s, p)
			if err != nil && strings.Contains(err.Error(), "is not a schema") {
				continue // an anyOf of Extras (TestConvertIsTheText)
			}
			if err != nil {
				t.Fatal(err)
			}
			checkMarshal(t, "random in "+string(p), c)
		}
	}
}

var randomStrings = []string{"", "a", "string", "null", "x<y", "&amp;", "\u2028", "\xff", "é", "tab\there", `back\slash`, `"q"`, "\\u003c", "ctl\x01"}
var randomNumbers = []json.Number{"", "0", "-1", "1.5", "1e3", "100", "12345678901234567890123", "1.0", "-0", "1E+2", "0.10000000000000000000001"}

// randomSchema returns a random schema of the keywords normgen writes.
func randomSchema(r *rand.Rand, depth int) *jsonschema.Schema {
	str := func() string { return randomStrings[r.IntN(len(randomStrings))] }
	num := func() json.Number { return randomNumbers[r.IntN(len(randomNumbers))] }
	cnt := func() *uint64 {
		if r.IntN(3) > 0 {
			return nil
		}
		v := r.Uint64N(5)
		return &v
	}
	val := func() any {
		switch r.IntN(6) {
		case 4:
			// a value encoding/json writes with its keys unsorted and
			// its numbers as Go formats them
			return struct {
				Z, A any
			}{int64(math.MaxInt64), []any{1e21, uint64(math.MaxUint64), float32(0.1), map[string]any{"b": nil, "a": str()}}}
		case 0:
			return str()
		case 1:
			return r.IntN(2) == 0
		case 2:
			return num()
		case 3:
			return nil
		}
		return []any{str(), json.Number("3")}
	}
	if r.IntN(12) == 0 {
		return []*jsonschema.Schema{jsonschema.TrueSchema, jsonschema.FalseSchema, {}, nil}[r.IntN(4)]
	}
	s := &jsonschema.Schema{}
	if r.IntN(2) == 0 {
		s.Type = []string{"string", "integer", "number", "boolean", "array", "object", "null", ""}[r.IntN(8)]
	}
	if r.IntN(4) == 0 {
		s.Comments = str()
	}
	if r.IntN(20) == 0 {
		s.Version = jsonschema.Version
	}
	if depth < 3 {
		if r.IntN(4) == 0 {
			for range r.IntN(4) {
				if b := randomSchema(r, depth+1); b != nil { // Convert needs branches
					s.AnyOf = append(s.AnyOf, b)
				}
			}
		}
		if r.IntN(5) == 0 {
			s.Items = randomSchema(r, depth+1)
		}
		if r.IntN(5) == 0 {
			s.Properties = orderedmap.New[string, *jsonschema.Schema]()
			for range r.IntN(4) {
				s.Properties.Set(str(), randomSchema(r, depth+1))
			}
		}
		if r.IntN(6) == 0 {
			s.AdditionalProperties = randomSchema(r, depth+1)
		}
	}
	if r.IntN(5) == 0 {
		for range r.IntN(4) {
			s.Enum = append(s.Enum, val())
		}
	}
	s.Maximum, s.Minimum = num(), num()
	if r.IntN(4) == 0 {
		s.ExclusiveMaximum, s.ExclusiveMinimum = num(), num()
	}
	s.MaxLength, s.MinLength, s.MaxItems, s.MinItems = cnt(), cnt(), cnt(), cnt()
	if r.IntN(4) == 0 {
		s.Pattern = str()
	}
	if r.IntN(4) == 0 {
		for range r.IntN(3) {
			s.Required = append(s.Required, str())
		}
	}
	if r.IntN(3) == 0 {
		s.Title, s.Description = str(), str()
	}
	if r.IntN(4) == 0 {
		s.Default = val()
	}
	s.Deprecated, s.ReadOnly, s.WriteOnly = r.IntN(8) == 0, r.IntN(8) == 0, r.IntN(8) == 0
	if r.IntN(4) == 0 {
		for range r.IntN(3) {
			s.Examples = append(s.Examples, val())
		}
	}
	if r.IntN(6) == 0 {
		s.Extras = map[string]any{}
		if r.IntN(2) == 0 {
			s.Extras["type"] = []string{"string", "null"}
		}
		if r.IntN(2) == 0 {
			s.Extras["nullable"] = true
		}
		for range r.IntN(3) {
			// a key of its own, or of one of the Schema's fields
			s.Extras[[]string{"x-" + str(), "items", "description", "maxLength", "default", "anyOf"}[r.IntN(6)]] = val()
		}
	}
	if r.IntN(8) == 0 {
		s.Const = val()
	}
	return s
}

// TestStringOptionRefused: by reflection as in the generator, a field
// tagged with the json option string is refused, naming the field.
func TestStringOptionRefused(t *testing.T) {
	var v struct {
		ID int64 `json:"id,string"`
	}
	_, err := For(v)
	if err == nil || err.Error() != "id: "+StringOptionRefused {
		t.Errorf("got %v", err)
	}
}

type embX1 struct {
	X int `json:"X,omitempty"`
}

type embX2 struct {
	X string `json:",omitempty"`
}

type embTie struct {
	embX1
	embX2
}

// TestEmbeddingRefused: as the generator does, Describe refuses a wire
// name two embedded fields share at one depth (encoding/json drops it, or
// takes the tagged one) and an embedded pointer to a struct of an
// unexported type (which encoding/json cannot set); a tie a shallower
// field shadows is no tie.
func TestEmbeddingRefused(t *testing.T) {
	var tie struct{ embTie }
	if _, err := For(tie); err == nil || !strings.Contains(err.Error(), `wire name "X" is also used`) {
		t.Errorf("tie: %v", err)
	}
	var ptr struct {
		*embX1
		W int `json:"w,omitempty"`
	}
	if _, err := For(ptr); err == nil || err.Error() != "embX1: "+EmbeddedUnexportedPointerRefused {
		t.Errorf("pointer: %v", err)
	}
	// a tag on an embedded struct (no json name): its fields are
	// promoted, the tag read by nothing
	var tagged struct {
		embX2 `norm:"secret"`
		W     int `json:"w,omitempty"`
	}
	if _, err := For(tagged); err == nil || err.Error() != "embX2: "+EmbeddedTagsRefused {
		t.Errorf("tagged: %v", err)
	}
	// an alias that is another field's key in another letter case (a
	// spelling variant of it too), or its name
	var folds struct {
		Path  string `json:"path,omitempty" norm:"alias=FILEPATH"`
		FPath string `json:"file_path,omitempty"`
	}
	if _, err := For(folds); err == nil || err.Error() != "path: "+AliasFoldsRefused("FILEPATH", "filePath", "file_path") {
		t.Errorf("folds: %v", err)
	}
	var same struct {
		Path string `json:"path,omitempty" norm:"alias=file"`
		File string `json:"file,omitempty"`
	}
	if _, err := For(same); err == nil || !strings.Contains(err.Error(), `path: alias "file" is already the name or an alias of field file`) {
		t.Errorf("same: %v", err)
	}
	// an alias given twice, or the field's own name: the generator's
	// errors too
	var twice struct {
		Path string `json:"path,omitempty" norm:"alias=p|p"`
	}
	if _, err := For(twice); err == nil || err.Error() != `path: alias "p" is given twice; give it once` {
		t.Errorf("twice: %v", err)
	}
	var own struct {
		Path string `json:"path,omitempty" norm:"alias=path"`
	}
	if _, err := For(own); err == nil || err.Error() != `path: alias "path" is the field's own name; remove it` {
		t.Errorf("own: %v", err)
	}
	var shadowed struct {
		embTie
		X bool `json:",omitempty"`
	}
	d, err := Describe(reflect.TypeOf(shadowed))
	if err != nil || len(d.Fields) != 1 || d.Fields[0].Name != "X" || d.Fields[0].Type.Kind != Bool {
		t.Errorf("shadowed: %+v, %v", d, err)
	}
	var after struct {
		X bool `json:",omitempty"`
		embTie
	}
	if d, err := Describe(reflect.TypeOf(after)); err != nil || len(d.Fields) != 1 || d.Fields[0].Type.Kind != Bool {
		t.Errorf("shadowed, field first: %+v, %v", d, err)
	}
}

type (
	selfList    []selfList
	selfMap     map[string]selfMap
	selfPtrList []*selfPtrList
	mutualA     []mutualB
	mutualB     map[string]mutualA
	// a recursion through a struct, which normgen reads ($defs)
	viaList   []viaStruct
	viaStruct struct {
		Sub viaList `json:"sub,omitempty"`
	}
)

// TestSelfHeldRefused: by reflection as in the generator, a named type
// that holds itself through slices or maps alone is refused, naming the
// field, where describing it had no end (the process hung, then ran out
// of stack); a recursion through a struct is described.
func TestSelfHeldRefused(t *testing.T) {
	for _, tc := range []struct {
		v    any
		path string
	}{
		{struct {
			L selfList `json:"l"`
		}{}, "l"},
		{struct {
			M map[string]selfMap `json:"m"`
		}{}, "m.*"},
		{struct {
			P *selfPtrList `json:"p"`
		}{}, "p"},
		{struct {
			A []mutualA `json:"a"`
		}{}, "a[]"},
	} {
		_, err := For(tc.v)
		if err == nil || !strings.HasPrefix(err.Error(), tc.path+": unsupported type ") || !strings.HasSuffix(err.Error(), SelfHeldRefused) {
			t.Errorf("%T: %v", tc.v, err)
		}
	}
	s, err := For(struct {
		V viaList `json:"v"`
	}{})
	if err != nil {
		t.Fatalf("through a struct: %v", err)
	}
	if text, _ := json.Marshal(s); !strings.Contains(string(text), `"$ref"`) {
		t.Errorf("through a struct: no $ref in %s", text)
	}
}
