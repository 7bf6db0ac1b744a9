package suggest

import (
	"encoding/json"
	"testing"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

func TestAddNormOption(t *testing.T) {
	for _, tc := range []struct{ tag, kind, opt, want string }{
		{`json:"a"`, "alias", "alias=b", `json:"a" norm:"alias=b"`},
		{`json:"a" norm:"alias=x|y"`, "alias", "alias=b", `json:"a" norm:"alias=x|y|b"`},
		{`json:"a" norm:"strict" jsonschema:"enum=x,enum=y"`, "value_alias", "value_alias=z:x", `json:"a" norm:"strict,value_alias=z:x" jsonschema:"enum=x,enum=y"`},
		{`json:"a" norm:"alias=q,value_alias=c:x"`, "value_alias", "value_alias=z:x", `json:"a" norm:"alias=q,value_alias=c:x|z:x"`},
	} {
		got, err := addNormOption(tc.tag, tc.kind, tc.opt)
		if err != nil || got != tc.want {
			t.Errorf("addNormOption(%q, %q) = %q, %v; want %q", tc.tag, tc.opt, got, err, tc.want)
		}
	}
	if _, err := addNormOption(`json:"a`, "alias", "alias=b"); err == nil {
		t.Error("an unterminated tag value gave no error")
	}
}

func TestSimilarity(t *testing.T) {
	if got := closestValue("cp", []string{"copy", "move", "delete"}); got != "copy" {
		t.Errorf("cp -> %q", got)
	}
	if got := closestValue("rm", []string{"copy", "move", "delete", "read"}); got != "" {
		t.Errorf("rm -> %q, want no clear value", got)
	}
	for key, ok := range map[string]bool{"glob": true, "file_path": true, "a|b": false, "a,b": false, "a b": false, `a"b`: false, "": false, "a=b": false} {
		if tagSafe(key) != ok {
			t.Errorf("tagSafe(%q) = %v", key, !ok)
		}
	}
	if got := closestValue("del", []string{"copy", "move", "delete"}); got != "delete" {
		t.Errorf("del -> %q", got)
	}
}

// TestTogetherInArrays: a key sent beside a present field in one element
// of an array counts against it even when another element of the same
// call missed the field and sent the key too.
func TestTogetherInArrays(t *testing.T) {
	item := &gen.Struct{Name: "Item", Fields: []*gen.Field{{GoName: []string{"Name"}, Name: "name", Required: true, Type: &gen.TypeRef{Kind: schema.String}}}}
	in := &gen.Struct{Name: "In", Input: true, Fields: []*gen.Field{{GoName: []string{"Items"}, Name: "items", Type: &gen.TypeRef{Kind: schema.Array, Elem: &gen.TypeRef{Kind: schema.Object, Struct: item}}}}}
	pkg := &gen.Package{Tools: []*gen.Tool{{Name: "t", Input: in}}}
	call := Call{Tool: "t", Args: json.RawMessage(`{"items":[{"nm":"a"},{"name":"b","nm":"c"}]}`)}
	result := Result{
		Known:    true,
		Problems: []lenient.Problem{{Path: "items[0].name", Msg: "is missing", Kind: lenient.KindMissing}},
		Fixes:    []lenient.Fix{{Param: "items[0].nm", Kind: lenient.FixUnknownKey}, {Param: "items[1].nm", Kind: lenient.FixUnknownKey}},
	}
	rep := Analyse(pkg, []Call{call, call}, []Result{result, result}, Options{Min: 2})
	if len(rep.Edits) > 0 {
		t.Errorf("alias edit %s for %s, though every call sent nm with name present too", rep.Edits[0].Option(), rep.Edits[0].Path)
	}
	if len(rep.Patterns) != 1 || rep.Patterns[0].Count != 2 || rep.Patterns[0].Field != "items[].name" || rep.Patterns[0].Kind != lenient.KindMissing {
		t.Errorf("patterns: %+v", rep.Patterns)
	}
}

// TestUnknownKeyRefused: where the struct refuses unknown keys, the
// failure group of the refused key points to the alias edit as the group
// of the missing field does: neither is left among the failures no edit
// accepts.
func TestUnknownKeyRefused(t *testing.T) {
	in := &gen.Struct{Name: "In", Input: true, RejectUnknown: true, Fields: []*gen.Field{{GoName: []string{"Pattern"}, Name: "pattern", Required: true, Type: &gen.TypeRef{Kind: schema.String}}}}
	pkg := &gen.Package{Tools: []*gen.Tool{{Name: "t", Input: in}}}
	call := Call{Tool: "t", Args: json.RawMessage(`{"glob":"*.go"}`)}
	result := Result{Known: true, Problems: []lenient.Problem{
		{Path: "glob", Msg: "is not a key of this object", Kind: lenient.KindUnknownKey},
		{Path: "pattern", Msg: "is missing", Kind: lenient.KindMissing},
	}}
	rep := Analyse(pkg, []Call{call, call}, []Result{result, result}, Options{Min: 2})
	if len(rep.Edits) != 1 || rep.Edits[0].Option() != "alias=glob" || rep.Edits[0].Path != "pattern" {
		t.Fatalf("edits: %+v", rep.Edits)
	}
	if len(rep.Patterns) != 2 {
		t.Fatalf("patterns: %+v", rep.Patterns)
	}
	for _, p := range rep.Patterns {
		if p.Edit != rep.Edits[0] || p.Count != 2 {
			t.Errorf("pattern %s %s %q: edit %v, count %d", p.Field, p.Kind, p.Pattern, p.Edit, p.Count)
		}
	}
}
