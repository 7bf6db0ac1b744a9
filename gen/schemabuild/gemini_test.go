package schemabuild_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/lenient"
)

// TestGeminiProfileBlocks checks the README's statement of what the gemini
// profile may block: of the corpus values the decoder accepts, the gemini
// schema (read with OpenAPI's nullable) rejects only
//
//   - a string given for an integer, number or boolean field, and
//   - a string (JSON text) given for an array or object field,
//   - a lone element given for a norm:"wrap" array, and
//   - for an any or json.RawMessage field, advertised as an object (Gemini
//     wants a type on every schema), any value but an object,
//
// because the profile advertises each value's native form only.
func TestGeminiProfileBlocks(t *testing.T) {
	tools, calls := corpusTools(t, lenient.ProfileGemini)
	blocked := 0
	for _, tool := range tools {
		if bytes.Contains(tool.InputSchema, []byte(`"anyOf"`)) || bytes.Contains(tool.InputSchema, []byte(`"$schema"`)) {
			t.Errorf("%s: gemini schema has anyOf or $schema:\n%s", tool.Name, tool.InputSchema)
		}
		sch := compileOpenAPI(t, tool.InputSchema, false)
		withStrings := compileOpenAPI(t, tool.InputSchema, true)
		for _, c := range calls[tool.Name] {
			_, _, decErr := tool.Decode([]byte(c.Args))
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(c.Args))
			if err != nil {
				t.Fatal(err)
			}
			if decErr != nil || sch.Validate(inst) == nil {
				continue
			}
			var args struct{ V any }
			json.Unmarshal([]byte(c.Args), &args)
			if _, isObject := args.V.(map[string]any); tool.Name == "any" && !isObject {
				blocked++
				continue
			}
			if withStrings.Validate(inst) != nil {
				t.Errorf("%s %s: the decoder accepts it and the gemini schema blocks it for another reason than a string form", tool.Name, c.Args)
			}
			blocked++
		}
	}
	if blocked == 0 {
		t.Error("the gemini profile blocked no string form: the corpus or the profile changed")
	}
}

// compileOpenAPI compiles a gemini-profile schema with the Go validator,
// reading OpenAPI's `nullable: true` as JSON Schema's null type. With
// strings, every typed subschema also takes any string, and an array its
// element's type: the schema the profile would be if it advertised the
// string and wrap forms.
func compileOpenAPI(t *testing.T, schemaJSON []byte, strings bool) *jsonschema.Schema {
	t.Helper()
	var doc any
	if err := json.Unmarshal(schemaJSON, &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(v any, root bool)
	walk = func(v any, root bool) {
		switch v := v.(type) {
		case map[string]any:
			if typ, ok := v["type"].(string); ok {
				types := []any{typ}
				if v["nullable"] == true {
					types = append(types, "null")
				}
				if strings && typ != "string" && typ != "object" {
					types = append(types, "string")
				}
				if strings && typ == "object" && !root {
					types = append(types, "string") // JSON text; the root stays an object
				}
				if items, ok := v["items"].(map[string]any); ok && strings && typ == "array" {
					if it, ok := items["type"].(string); ok && it != "string" {
						types = append(types, it) // a lone element (wrap)
					}
				}
				v["type"] = types
				delete(v, "nullable")
			}
			for _, c := range v {
				walk(c, false)
			}
		case []any:
			for _, c := range v {
				walk(c, false)
			}
		}
	}
	walk(doc, true)
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://gemini.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://gemini.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}
