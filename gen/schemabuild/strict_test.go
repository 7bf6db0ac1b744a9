package schemabuild

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"

	. "github.com/normgen/normgen/schema"
)

// TestOpenAIStrictProfile checks what the openai-strict profile does
// beyond TestRootProfiles: aliases are not declared, even for
// unknown=error; the lenient forms of enums and slices are left out; a
// recursive struct stays a $ref, nullable where it may be left out; the
// schema passes the openai-strict host rules; and what strict mode cannot
// express is a StrictGapError naming every such field.
func TestOpenAIStrictProfile(t *testing.T) {
	node := &Type{Kind: Object, Name: "Node", Recursive: true}
	node.Fields = []Field{
		{Name: "name", Required: true, Type: &Type{Kind: String}},
		{Name: "next", Type: &Type{Kind: Object, Name: "Node", Def: node, Nullable: true}},
	}
	in := &Type{Kind: Object, Name: "In", RejectUnknown: true, Fields: []Field{
		{Name: "path", Aliases: []string{"file_path"}, Required: true, Type: &Type{Kind: String}},
		{Name: "mode", Type: &Type{Kind: String, ValueAliases: []ValueAlias{{From: "cp", To: "copy"}}}, Keywords: Keywords{Enum: []string{"copy", "move"}}},
		{Name: "tags", Type: &Type{Kind: Array, Wrap: true, Elem: &Type{Kind: Int, Bits: 64}}},
		{Name: "list", Type: &Type{Kind: Object, Name: "Node", Def: node}},
	}}
	js, err := RootJSON(in, lenient.ProfileOpenAIStrict)
	if err != nil {
		t.Fatal(err)
	}
	var root struct {
		Properties           map[string]json.RawMessage `json:"properties"`
		Required             []string                   `json:"required"`
		AdditionalProperties *bool                      `json:"additionalProperties"`
		Defs                 map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(js[0], &root); err != nil {
		t.Fatal(err)
	}
	if _, ok := root.Properties["file_path"]; ok || !reflect.DeepEqual(root.Required, []string{"path", "mode", "tags", "list"}) {
		t.Errorf("properties %v, required %v: want no alias, every property required", root.Properties, root.Required)
	}
	for field, want := range map[string]string{
		"mode": `{"anyOf":[{"type":"string","enum":["copy","move"]},{"type":"null"}]}`,
		"tags": `{"anyOf":[{"items":{"type":"integer"},"type":"array"},{"type":"null"}]}`,
		"list": `{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]}`,
	} {
		var got bytes.Buffer
		json.Compact(&got, root.Properties[field])
		if got.String() != want {
			t.Errorf("%s is %s, want %s", field, got.String(), want)
		}
	}
	var def bytes.Buffer
	json.Compact(&def, root.Defs["Node"])
	if want := `{"properties":{"name":{"type":"string"},"next":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]}},"additionalProperties":false,"type":"object","required":["name","next"]}`; def.String() != want {
		t.Errorf("$defs.Node is %s, want %s", def.String(), want)
	}
	fs, err := lint.CheckHosts([]byte(`[{"name":"t","inputSchema":`+string(js[0])+`}]`), []lint.Host{lint.HostOpenAIStrict})
	if err != nil || len(fs) > 0 {
		t.Errorf("check -host openai-strict: %v %v", fs, err)
	}

	gappy := &Type{Kind: Object, Name: "G", Fields: []Field{
		{Name: "labels", Type: &Type{Kind: Map, Elem: &Type{Kind: String}}},
		{Name: "inner", Type: &Type{Kind: Object, Name: "I", Fields: []Field{{Name: "raw", Type: &Type{Kind: Any}}}}},
		{Name: "own", Type: &Type{Kind: Custom, Schema: json.RawMessage(`{"type":"string"}`)}},
		{Name: "ownptr", Type: &Type{Kind: Custom, Nullable: true, Schema: json.RawMessage(`{"type":"string"}`)}},
		{Name: "ownreq", Required: true, Type: &Type{Kind: Custom, Schema: json.RawMessage(`{"type":"string"}`)}},
	}}
	_, err = RootJSON(gappy, lenient.ProfilePortable, lenient.ProfileOpenAIStrict)
	var gaps *StrictGapError
	if !errors.As(err, &gaps) {
		t.Fatalf("got %v, want a StrictGapError", err)
	}
	var paths []string
	for _, g := range gaps.Gaps {
		paths = append(paths, strings.Join(g.Path, "."))
	}
	// ownptr (null is nil) and ownreq (never null) are expressed.
	if want := []string{"labels", "inner.raw", "own"}; !reflect.DeepEqual(paths, want) {
		t.Errorf("gaps at %v, want %v: %v", paths, want, err)
	}
	if _, err := RootJSON(gappy, lenient.ProfilePortable, lenient.ProfileGemini); err != nil {
		t.Errorf("the other profiles: %v", err)
	}
}
