package gen

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/schema"
)

// TestRawMessageSpellings: json.RawMessage is a defined type up to Go 1.26
// and an alias of encoding/json/jsontext.Value from Go 1.27 (and under
// GOEXPERIMENT=jsonv2). Every spelling of it (directly, through an alias of
// the package, behind a pointer, in a slice or a map, and jsontext.Value
// itself where the toolchain has it) is raw JSON to the generator, written
// json.RawMessage in generated code whatever Go the generator runs under.
func TestRawMessageSpellings(t *testing.T) {
	fields := map[string]string{
		"direct":  "json.RawMessage",
		"aliased": "Raw",
		"pointer": "*json.RawMessage",
		"slice":   "[]json.RawMessage",
		"map":     "map[string]json.RawMessage",
	}
	imports := `import "encoding/json"`
	// Where RawMessage is jsontext.Value, users may write either.
	if reflect.TypeFor[json.RawMessage]().PkgPath() == "encoding/json/jsontext" {
		fields["value"] = "jsontext.Value"
		imports = "import (\n\t\"encoding/json\"\n\t\"encoding/json/jsontext\"\n)"
	}
	var src strings.Builder
	src.WriteString("package d\n\n" + imports + "\n\n// Raw is json.RawMessage under another name.\ntype Raw = json.RawMessage\n\n")
	src.WriteString("// RawInput holds raw JSON.\n//\n//normgen:tool raw\ntype RawInput struct {\n")
	for name, typ := range fields {
		src.WriteString("\tF_" + name + " " + typ + " `json:\"" + name + ",omitempty\"`\n")
	}
	src.WriteString("}\n")
	m, diags := loadModel(t, src.String())
	if len(diags) > 0 || m == nil || len(m.Tools) != 1 {
		t.Fatalf("Load: %v\n%s", diags, src.String())
	}
	raw := TypeRef{Kind: schema.Any, Raw: true, Named: "RawMessage", NamedPkg: "encoding/json"}
	for _, f := range m.Tools[0].Input.Fields {
		got := f.Type
		if got.Elem != nil {
			got = got.Elem
		}
		want := raw
		want.Pointer = got.Pointer
		if diff := cmp.Diff(&want, got); diff != "" {
			t.Errorf("field %s (%s): type (-want +got):\n%s", f.Name, fields[f.Name], diff)
		}
	}
}
