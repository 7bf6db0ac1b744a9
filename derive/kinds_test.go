package derive

import (
	"fmt"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonnode"
)

// TestTakenKinds: the JSON types a schema may take, read from what
// narrows them (type, enum, const, $ref, allOf, anyOf, oneOf) and never
// fewer than it takes: a keyword it does not read, a const its draft has
// none of, a $ref's siblings its draft ignores and a reference cycle
// narrow nothing.
func TestTakenKinds(t *testing.T) {
	for _, tc := range []struct {
		name, doc, at string
		want          []string // nil: any
	}{
		{"type", `{"x":{"type":"integer"}}`, "x", []string{"number"}},
		{"type-array", `{"x":{"type":["string","null"]}}`, "x", []string{"null", "string"}},
		{"typeless", `{"x":{"properties":{"a":{}}}}`, "x", nil},
		{"false", `{"x":false}`, "x", []string{}},
		{"true", `{"x":true}`, "x", nil},
		{"enum", `{"x":{"enum":["a",1,null]}}`, "x", []string{"null", "number", "string"}},
		{"const", `{"x":{"const":{"a":1}}}`, "x", []string{"object"}},
		{"const-draft04", `{"$schema":"http://json-schema.org/draft-04/schema#","x":{"const":{"a":1}}}`, "x", nil},
		{"allof", `{"x":{"allOf":[{"type":["object","string"]},{"type":["object","array"]}]}}`, "x", []string{"object"}},
		{"allof-contradiction", `{"x":{"allOf":[{"type":"string"},{"type":"object"}]}}`, "x", []string{}},
		{"anyof", `{"x":{"anyOf":[{"type":"object"},{"enum":[[1]]}]}}`, "x", []string{"array", "object"}},
		{"anyof-open", `{"x":{"anyOf":[{"type":"object"},{"required":["a"]}]}}`, "x", nil},
		{"oneof-beside-type", `{"x":{"type":["object","string"],"oneOf":[{"type":"object"},{"type":"array"}]}}`, "x", []string{"object"}},
		{"ref", `{"x":{"$ref":"#/d"},"d":{"type":"array"}}`, "x", []string{"array"}},
		{"ref-siblings", `{"x":{"$ref":"#/d","type":"object"},"d":{"type":["array","object"]}}`, "x", []string{"object"}},
		{"ref-siblings-draft07", `{"$schema":"http://json-schema.org/draft-07/schema#","x":{"$ref":"#/d","type":"object"},"d":{"type":["array","object"]}}`, "x", []string{"array", "object"}},
		{"ref-cycle", `{"x":{"$ref":"#/d"},"d":{"anyOf":[{"$ref":"#/d"},{"type":"null"}]}}`, "x", nil},
		{"ref-missing", `{"x":{"$ref":"#/nowhere"}}`, "x", nil},
		{"not-narrows-nothing", `{"x":{"not":{"type":"string"}}}`, "x", nil},
		{"sets-base", `{"x":{"$id":"http://example.com/x","type":"object"}}`, "x", nil},
		{"below-base", `{"x":{"allOf":[{"$id":"http://example.com/x","$ref":"#/d"}]},"d":{"type":"object"}}`, "x", nil},
		{"nullable", `{"x":{"type":"object","nullable":true}}`, "x", []string{"null", "object"}},
	} {
		root, err := jsonnode.Parse([]byte(tc.doc))
		if err != nil {
			t.Fatal(tc.name, err)
		}
		got := takenKinds(root, root.Get(tc.at)).names()
		if (got == nil) != (tc.want == nil) || len(got) != len(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
				break
			}
		}
	}
}

// TestTakenKindsFan: a fan of references (sixteen to the next, twenty
// deep: 16^20 paths, 16^8 within the depth bound) is read within the
// budget, as any type.
func TestTakenKindsFan(t *testing.T) {
	doc := `{"x":{"$ref":"#/d0"}`
	for i := range 20 {
		ref := fmt.Sprintf(`{"$ref":"#/d%d"}`, i+1)
		doc += fmt.Sprintf(`,"d%d":{"anyOf":[%s%s]}`, i, ref, strings.Repeat(","+ref, 15))
	}
	doc += `,"d20":{"type":"object"}}`
	root, err := jsonnode.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got := takenKinds(root, root.Get("x")); got != kindAny {
		t.Errorf("%v, want any", got.names())
	}
}
