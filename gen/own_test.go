package gen

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/internal/tempmodule"
)

// TestMethodSchema: the schema normgen reads from a JSONSchema() method's
// source, for the literals it reads, and the warning for those it does
// not (the schema is then {}).
func TestMethodSchema(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       string // the property's schema, or "" for a warning
		warn       string
	}{
		{name: "keywords of every kind", body: `return &jsonschema.Schema{
		Type: "string", Enum: []any{"a", "b", 3}, MinLength: nil, Pattern: "^[ab]$", Description: "d",
		Default: "a", Examples: []any{"b"}, Deprecated: true, UniqueItems: false,
		Extras: map[string]any{"x-kind": "letter"},
	}`, want: `{"default":"a","deprecated":true,"description":"d","enum":["a","b",3],"examples":["b"],"pattern":"^[ab]$","type":"string","x-kind":"letter"}`},
		{name: "numbers and nesting", body: `return &jsonschema.Schema{
		Type: "array", Items: &jsonschema.Schema{Type: "integer", Minimum: json.Number("1"), Maximum: "9"},
		AnyOf: []*jsonschema.Schema{{Type: "array"}, {Type: "null"}},
	}`, want: `{"anyOf":[{"type":"array"},{"type":"null"}],"items":{"maximum":9,"minimum":1,"type":"integer"},"type":"array"}`},
		{name: "a constant", body: `return &jsonschema.Schema{Type: kind}`, want: `{"type":"string"}`},
		{name: "a variable", body: `return &jsonschema.Schema{Type: variable}`, warn: "normgen reads constants and composite literals only, not variable"},
		{name: "properties", body: `return &jsonschema.Schema{Properties: jsonschema.NewProperties()}`, warn: "normgen reads constants and composite literals only, not jsonschema.NewProperties()"},
		{name: "two statements", body: `s := &jsonschema.Schema{Type: "string"}
	return s`, warn: "its body is not one return statement"},
		{name: "nil", body: `return nil`, warn: "it returns no schema object"},
		// (a schema validators would not read alike, served as it is,
		// made a host refuse the tool or disagree with the server:
		// found by review)
		{name: "an inline flag", body: `return &jsonschema.Schema{Type: "string", Pattern: "(?i)^abc$"}`, warn: `its JSONSchema() gives a schema that validators would not read alike (pattern "(?i)^abc$"`},
		{name: "a lookahead", body: `return &jsonschema.Schema{Type: "string", Pattern: "^(?=a)"}`, warn: "its JSONSchema() gives a schema that validators would not read alike"},
		{name: "a reference to nothing", body: `return &jsonschema.Schema{Ref: "#/$defs/Nope"}`, warn: "its JSONSchema() gives a schema that validators would not read alike"},
		{name: "a pattern step", body: `return &jsonschema.Schema{Type: "object", PatternProperties: map[string]*jsonschema.Schema{"^a": {Type: "string"}, "(?i)b": {Type: "string"}}}`, warn: `validators would not read alike (pattern "(?i)b"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `package d

import (
	"encoding/json"

	"github.com/invopop/jsonschema"
)

var _ = json.Number("")

const kind = "string"

var variable = "string"

// V decodes itself.
type V string

func (v *V) UnmarshalJSON(data []byte) error { return json.Unmarshal(data, (*string)(v)) }

func (V) JSONSchema() *jsonschema.Schema {
	` + tc.body + `
}

// P has one.
//
//normgen:tool p
type P struct {
	V V ` + "`json:\"v\"`" + `
}
`
			var warns []string
			m, diags := loadWithModule(t, src, Config{OnWarning: func(d Diagnostic) { warns = append(warns, d.String()) }})
			if len(diags) > 0 {
				t.Fatal(diags)
			}
			got := string(m.Tools[0].Input.Fields[0].Type.Own.Schema)
			// The openai-strict profile's warning, where it cannot take
			// the type's schema, is TestStrictWarnings'.
			warns = slices.DeleteFunc(warns, func(w string) bool { return strings.Contains(w, "the openai-strict profile cannot express") })
			switch {
			case tc.warn == "":
				if diff := cmp.Diff(tc.want, got); diff != "" || len(warns) > 0 {
					t.Errorf("schema (-want +got):\n%s\nwarnings: %v", diff, warns)
				}
			case got != "" || len(warns) != 1 || !strings.Contains(warns[0], tc.warn):
				t.Errorf("schema %s, warnings %q; want a warning holding %q", got, warns, tc.warn)
			}
		})
	}
}

// loadWithModule is loadModel in a module that requires this one (and
// with it invopop/jsonschema).
func loadWithModule(t *testing.T, src string, cfg Config) (*Package, []string) {
	t.Helper()
	root := repoRoot(t)
	sum, err := tempmodule.Sums()
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	for name, data := range map[string]string{
		"go.mod":     "module example.com/d\n\ngo 1.25.0\n\nrequire github.com/normgen/normgen v0.0.0\n\nrequire github.com/invopop/jsonschema v0.14.0\n\nreplace github.com/normgen/normgen => " + root + "\n",
		"go.sum":     string(sum),
		"d/tools.go": src,
	} {
		writeFile(t, filepath.Join(mod, name), []byte(data))
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	cfg.Dir = filepath.Join(mod, "d")
	m, diags := Load(context.Background(), cfg)
	var msgs []string
	for _, d := range diags {
		msgs = append(msgs, d.String())
	}
	return m, msgs
}
