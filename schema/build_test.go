package schema

import (
	"strings"
	"testing"
)

func TestRootSearchFiles(t *testing.T) {
	min := "1"
	root := &Type{Kind: Object, Name: "SearchFilesInput", Fields: []Field{
		{Name: "path", Aliases: []string{"file_path"}, Required: true, Description: "Path is the directory.", Type: &Type{Kind: String}},
		{Name: "limit", Type: &Type{Kind: Int, Bits: 64, Nullable: true}, Keywords: Keywords{Default: "100", HasDefault: true, Minimum: min}},
		{Name: "count_only", Type: &Type{Kind: Bool}},
		{Name: "ratio", Type: &Type{Kind: Float, Bits: 64}},
		{Name: "file_types", Type: &Type{Kind: Array, Elem: &Type{Kind: String}}},
		{Name: "size", Required: true, Type: &Type{Kind: Uint, Bits: 8}},
	}}
	s, err := Root(root)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{
		`"$schema": "https://json-schema.org/draft/2020-12/schema"`,
		`"type": "object"`,
		`"pattern": "^-?[0-9]+$"`,
		`"integer",` + "\n" + `        "string",` + "\n" + `        "null"`,
		`"default": 100`,
		`"minimum": 1`,
		`"required": [` + "\n" + `    "size"` + "\n" + `  ]`,
		`"items": {`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("schema lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, `"path"`+"\n") || strings.Contains(got, `"required": [`+"\n"+`    "path"`) {
		t.Errorf("a required field with aliases is listed in required:\n%s", got)
	}
}

func TestFieldKeywordErrors(t *testing.T) {
	for _, tc := range []struct {
		f    Field
		want string
	}{
		{Field{Name: "n", Type: &Type{Kind: Int}, Keywords: Keywords{Enum: []string{"1"}}}, "string fields only"},
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
}
