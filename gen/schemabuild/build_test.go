package schemabuild

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
	. "github.com/normgen/normgen/schema"
)

func searchFilesType() *Type {
	min := "1"
	return &Type{Kind: Object, Name: "SearchFilesInput", Fields: []Field{
		{Name: "path", Aliases: []string{"file_path"}, Required: true, Description: "Path is the directory.", Type: &Type{Kind: String}},
		{Name: "limit", Type: &Type{Kind: Int, Bits: 64, Nullable: true}, Keywords: Keywords{Default: "100", HasDefault: true, Minimum: min}},
		{Name: "count_only", Type: &Type{Kind: Bool}},
		{Name: "ratio", Type: &Type{Kind: Float, Bits: 64}},
		{Name: "file_types", Type: &Type{Kind: Array, Elem: &Type{Kind: String}}},
		{Name: "size", Required: true, Type: &Type{Kind: Uint, Bits: 8}},
	}}
}

// TestRootProfiles checks each profile's spelling of the same tool, field
// by field, as compact JSON.
func TestRootProfiles(t *testing.T) {
	want := map[lenient.Profile]map[string]string{
		lenient.ProfilePortable: {
			// required, with an alias: listed in required, the alias
			// never shown (one name per parameter, class (f))
			"path": `{"type":"string","description":"Path is the directory."}`,
			// optional: null and "" read as left out (golden/nulls)
			"limit":      `{"anyOf":[{"type":"integer","minimum":1,"default":100},{"type":"string","pattern":"^(-?[0-9]+|null)?$"},{"type":"null"}]}`,
			"count_only": `{"anyOf":[{"type":"boolean"},{"type":"string","pattern":` + quote(lenientimpl.OrEmptyPattern(lenientimpl.BoolPattern)) + `},{"type":"null"}]}`,
			"ratio":      `{"anyOf":[{"type":"number"},{"type":"string","pattern":` + quote(lenientimpl.OrEmptyPattern(lenientimpl.FloatPattern)) + `},{"type":"null"}]}`,
			"file_types": `{"anyOf":[{"items":{"type":"string"},"type":"array"},{"type":"string"},{"type":"null"}]}`,
			"size":       `{"anyOf":[{"type":"integer","minimum":0},{"type":"string","pattern":"^[0-9]+$"}]}`,
		},
		lenient.ProfileTypeArray: {
			"limit":      `{"minimum":1,"pattern":"^(-?[0-9]+|null)?$","default":100,"type":["integer","string","null"]}`,
			"file_types": `{"items":{"type":"string"},"type":["array","string","null"]}`,
		},
		lenient.ProfileGemini: {
			"limit":      `{"type":"integer","minimum":1,"default":100,"nullable":true}`,
			"count_only": `{"type":"boolean","nullable":true}`,
			"file_types": `{"items":{"type":"string"},"type":"array","nullable":true}`,
		},
		lenient.ProfileOpenAIStrict: {
			// every property required, the optional ones nullable, native
			// forms only, the default in the description
			"path":       `{"type":"string","description":"Path is the directory."}`,
			"limit":      `{"anyOf":[{"type":"integer","minimum":1,"description":"Default: 100 (send null for it)."},{"type":"null"}]}`,
			"count_only": `{"anyOf":[{"type":"boolean"},{"type":"null"}]}`,
			"file_types": `{"anyOf":[{"items":{"type":"string"},"type":"array"},{"type":"null"}]}`,
			"size":       `{"type":"integer","minimum":0}`,
		},
	}
	for _, p := range lenient.Profiles() {
		s, err := RootProfile(searchFilesType(), p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var root struct {
			Schema     string                     `json:"$schema"`
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		if err := json.Unmarshal(b, &root); err != nil {
			t.Fatal(err)
		}
		wantRequired := []string{"path", "size"}
		if p == lenient.ProfileOpenAIStrict {
			wantRequired = []string{"path", "limit", "count_only", "ratio", "file_types", "size"}
		}
		if root.Type != "object" || !reflect.DeepEqual(root.Required, wantRequired) {
			t.Errorf("%s: root type %q, required %v; want object, %v (every profile lists a required field with aliases)", p, root.Type, root.Required, wantRequired)
		}
		if (root.Schema == "") != (p != lenient.ProfileTypeArray) {
			t.Errorf("%s: $schema is %q", p, root.Schema)
		}
		for field, w := range want[p] {
			var got bytes.Buffer
			if err := json.Compact(&got, root.Properties[field]); err != nil {
				t.Fatal(err)
			}
			if got.String() != w {
				t.Errorf("%s: %s is\n  %s\nwant\n  %s", p, field, got.String(), w)
			}
		}
		if p != lenient.ProfileTypeArray && strings.Contains(string(b), `"type": [`) {
			t.Errorf("%s: a type array:\n%s", p, b)
		}
	}
	if _, err := RootProfile(searchFilesType(), "openapi"); err == nil || !strings.Contains(err.Error(), "known profiles: portable, typearray, gemini") {
		t.Errorf("unknown profile: %v", err)
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestConvertKeepsInput checks that converting does not modify the
// portable schema it reads (generated code converts one schema three
// times).
func TestConvertKeepsInput(t *testing.T) {
	s, err := Root(searchFilesType())
	if err != nil {
		t.Fatal(err)
	}
	before, _ := Marshal(s)
	for _, p := range lenient.Profiles() {
		if _, err := Convert(s, p); err != nil && p != lenient.ProfileOpenAIStrict {
			t.Fatal(err)
		}
	}
	after, _ := Marshal(s)
	if !bytes.Equal(before, after) {
		t.Errorf("Convert modified its input:\n%s\n%s", before, after)
	}
}

func TestFieldKeywordErrors(t *testing.T) {
	for _, tc := range []struct {
		f    Field
		want string
	}{
		{Field{Name: "n", Type: &Type{Kind: Float}, Keywords: Keywords{Enum: []string{"1"}}}, "string and signed integer fields, and to slice and map fields of strings"},
		{Field{Name: "n", Type: &Type{Kind: Int}, Keywords: Keywords{Enum: []string{"1", "3"}}}, "consecutive integers only"},
		{Field{Name: "n", Type: &Type{Kind: Int}, Keywords: Keywords{Enum: []string{"1", "01"}}}, "as JSON writes it"},
		{Field{Name: "n", Type: &Type{Kind: Int}, Keywords: Keywords{Enum: []string{"1"}, Minimum: "0"}}, "takes no bounds"},
		{Field{Name: "n", Type: &Type{Kind: Int, Bits: 8}, Keywords: Keywords{Enum: []string{"127", "128"}}}, "do not fit an int8"},
		{Field{Name: "s", Type: &Type{Kind: String}, Keywords: Keywords{Minimum: "1"}}, "number fields only"},
		{Field{Name: "n", Type: &Type{Kind: Int, Bits: 8}, Keywords: Keywords{Default: "300", HasDefault: true}}, "not an integer in range"},
		{Field{Name: "s", Type: &Type{Kind: String}, Keywords: Keywords{Format: "uri"}}, "format=uri is not supported"},
	} {
		_, err := FieldSchema(&tc.f)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got %v, want an error containing %q", tc.f, err, tc.want)
		}
	}
}

func TestParseTags(t *testing.T) {
	k, err := ParseTag(`description=a\, b,default=5,enum=x,enum=y,minimum=1`)
	if err != nil || k.Description != "a, b" || k.Default != "5" || len(k.Enum) != 2 || k.Minimum != "1" {
		t.Errorf("ParseTag: %+v %v", k, err)
	}
	if _, err := ParseTag("bogus=1"); err == nil || !strings.Contains(err.Error(), `unknown jsonschema key "bogus"`) {
		t.Errorf("ParseTag(bogus): %v", err)
	}
	n, err := ParseNorm("alias=a|b,bool=strict,wrap")
	if err != nil || len(n.Aliases) != 2 || !n.StrictBool || !n.Wrap {
		t.Errorf("ParseNorm: %+v %v", n, err)
	}
	if _, err := ParseNorm("lenient"); err == nil {
		t.Error("ParseNorm(lenient): no error")
	}
	// An option given twice was taken last, silently (found by a
	// newcomer's trial: split=;,split=, split at commas); aliases add up.
	for tag, want := range map[string]string{
		"split=;,split=,":                 `norm split is given twice (split=;, split=,): give it once`,
		"unit=s,wrap,unit=ms":             `norm unit is given twice (unit=s, unit=ms): give it once`,
		"strict,strict":                   `norm strict is given twice (strict, strict): give it once`,
		"enum=strict,enum=strict":         `norm enum is given twice (enum=strict, enum=strict): give it once`,
		"alias=a,alias=b":                 ``,
		"value_alias=x:a,value_alias=y:b": ``,
	} {
		_, err := ParseNorm(tag)
		if got := fmt.Sprint(err); want == "" && err != nil || want != "" && got != want {
			t.Errorf("ParseNorm(%s) = %v, want %q", tag, err, want)
		}
	}
}

// TestMapOfAnyValue: a map whose values may be anything (map[string]any,
// map[string]json.RawMessage) is an object with no "additionalProperties",
// JSON Schema's default and what invopop/jsonschema writes for it: a
// schema-valued additionalProperties, even {}, makes Codex CLI up to 0.42
// drop the whole tool. A map of typed values keeps its value schema.
func TestMapOfAnyValue(t *testing.T) {
	for _, tc := range []struct {
		elem *Type
		want map[lenient.Profile]string
	}{
		{&Type{Kind: Any}, map[lenient.Profile]string{
			lenient.ProfilePortable:  `{"anyOf":[{"type":"object"},{"type":"string"},{"type":"null"}]}`,
			lenient.ProfileTypeArray: `{"type":["object","string","null"]}`,
			lenient.ProfileGemini:    `{"type":"object","nullable":true}`,
		}},
		{&Type{Kind: Int, Bits: 16}, map[lenient.Profile]string{
			lenient.ProfilePortable: `{"anyOf":[{"additionalProperties":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]},"type":"object"},{"type":"string"},{"type":"null"}]}`,
		}},
	} {
		root := &Type{Kind: Object, Fields: []Field{{Name: "m", Type: &Type{Kind: Map, Elem: tc.elem}}}}
		for p, want := range tc.want {
			s, err := RootProfile(root, p)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Marshal(s.Properties.Value("m"))
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := json.Compact(&got, b); err != nil {
				t.Fatal(err)
			}
			if got.String() != want {
				t.Errorf("%s of map of %s:\n got %s\nwant %s", p, kindName(tc.elem.Kind), got.String(), want)
			}
		}
	}
}
