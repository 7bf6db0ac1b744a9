package benchcov

import (
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/jsonnode"
)

// TestValuesReasons: a union whose string branch takes every number's
// text (held by a minLength of 1 or a maxLength, as derive's takesText
// reads it) counts as taking any string, one whose strings may refuse
// some warns, and a member of a schema that takes no object counts as a
// place no value can be.
func TestValuesReasons(t *testing.T) {
	root, err := jsonnode.Parse([]byte(`{"type":"object","properties":{
		"any":{"type":["number","string"],"minLength":1,"maxLength":20},
		"pat":{"anyOf":[{"type":"number"},{"type":"string","pattern":"^[0-9a-z]"}]},
		"enum":{"oneOf":[{"type":"integer"},{"type":"string","enum":["off"]}]},
		"s":{"type":"string","properties":{"n":{"type":"integer"}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Value{}
	for _, v := range Values(root, derive.FromNode("t", root)) {
		got[v.Path] = v
	}
	if len(got) != 4 || got["s.n"].Reason != ReasonVoid {
		t.Errorf("values %v, want any, pat, enum and s.n, where no value can be", got)
	}
	if got["any"].Reason != ReasonAnyString {
		t.Errorf("any: %+v, want the reason %q", got["any"], ReasonAnyString)
	}
	if r := got["pat"].Reason; r != "a string branch's pattern may take its string form" {
		t.Errorf("pat: %+v, want a warning's reason", got["pat"])
	}
	if !got["enum"].Lenient {
		t.Errorf("enum: %+v, want lenient", got["enum"])
	}
}

// TestValuesConditionalReasons: a value that a then holds, which the
// deriver reads past no guard (its if requires no member), counts as
// taking any string where its union does, as at a place a rule path
// names; one that only a not or an if tests is no value held, and
// counts as a place no rule path names, whatever its schema takes.
func TestValuesConditionalReasons(t *testing.T) {
	root, err := jsonnode.Parse([]byte(`{"type":"object","properties":{
		"x":{"type":"object",
			"if":{"properties":{"kind":{"const":"a"}}},
			"then":{"properties":{"n":{"anyOf":[{"type":"integer"},{"type":"string"}]},"m":{"type":"integer"}}},
			"not":{"properties":{"z":{"type":["integer","string"]}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Value{}
	for _, v := range Values(root, derive.FromNode("t", root)) {
		got[v.Path] = v
	}
	for path, want := range map[string]string{"x.n": ReasonAnyString, "x.m": ReasonUnnamed, "x.z": ReasonUnnamed} {
		if got[path].Reason != want {
			t.Errorf("%s: %+v, want the reason %q", path, got[path], want)
		}
	}
}
