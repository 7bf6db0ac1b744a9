package derive

import (
	"encoding/json"
	"testing"
)

// TestRootTypeAlike: a root that reads the arguments through properties
// without "type": "object" is derived as the same root with it (the
// rewrite writes the type first either way). A recursive definition
// used with siblings its draft ignores (minecraft-loot-table's number
// providers, in JSONSchemaBench) was read otherwise without the type:
// the rewrite was made of a copy of the root, which what the inliner had
// noted of its own schemas no longer named.
func TestRootTypeAlike(t *testing.T) {
	for _, schema := range []string{
		`{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"rolls":{"type":["integer","object"],"$ref":"#/definitions/np"}},"definitions":{"np":{"properties":{"type":{"type":"string"},"min":{"type":["number","object"],"$ref":"#/definitions/np"}}}}}`,
		`{"properties":{"n":{"type":"integer"},"tags":{"type":"array","items":{"type":"string"}}},"required":["n"]}`,
	} {
		bare := FromNode("t", mustParse(t, []byte(schema)))
		typed := FromNode("t", mustParse(t, []byte(`{"type":"object",`+schema[1:])))
		if b, ty := string(bare.Schema.Marshal()), string(typed.Schema.Marshal()); b != ty {
			t.Errorf("%s: rewritten\n%s\nwith a type\n%s", schema, b, ty)
		}
		b, _ := json.Marshal([]any{bare.Rules, bare.Warnings})
		ty, _ := json.Marshal([]any{typed.Rules, typed.Warnings})
		if string(b) != string(ty) {
			t.Errorf("%s: rules and warnings\n%s\nwith a type\n%s", schema, b, ty)
		}
	}
}
