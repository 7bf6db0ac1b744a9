package normalize

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

var updateGoTypes = flag.Bool("update", false, "rewrite testdata/gotypes.golden")

// goName is a named string type: a Go value a decoded object does not
// hold.
type goName string

// goTypeValues are values of each Go type a caller's map may hold, made
// afresh for each call (Normalize changes containers in place).
func goTypeValues() []struct {
	name string
	v    any
} {
	return []struct {
		name string
		v    any
	}{
		{"string", "x"}, {"empty", ""}, {"digits", "5"}, {"arraytext", `[1]`}, {"objecttext", `{"a":1}`},
		{"nulltext", "null"}, {"list", "a,b"}, {"upper", "A"}, {"lower", "a"}, {"newline", `a\nb`},
		{"true", true}, {"nil", nil},
		{"number", json.Number("5")}, {"number5.0", json.Number("5.0")}, {"numberbad", json.Number("abc")}, {"numberempty", json.Number("")},
		{"float5", 5.0}, {"float5.5", 5.5}, {"float-0", math.Copysign(0, -1)}, {"float1e20", 1e20},
		{"float2^53+2", float64(1<<53 + 2)}, {"float1e21", 1e21}, {"floatNaN", math.NaN()}, {"floatInf", math.Inf(1)},
		{"int", 5}, {"int0", 0}, {"strings", []string{"a"}}, {"nilstrings", []string(nil)},
		{"stringmap", map[string]string{"a": "b"}}, {"struct", struct{ A int }{1}}, {"named", goName("5")}, {"namedempty", goName("")},
		{"[1e20]", []any{1e20}}, {"[1,a]", []any{1.0, "a"}}, {"[int]", []any{1}}, {"[NaN]", []any{math.NaN()}}, {"[a,A]", []any{"a", "A"}},
		{"{n:1e20}", map[string]any{"n": 1e20}}, {"{a:1,b:x,c:<}", map[string]any{"c": "<", "a": 1.0, "b": "x"}},
	}
}

// goTypeRules are one rule of each kind, on the member k.
func goTypeRules() []lenient.Rule {
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	return []lenient.Rule{
		{ID: "int", Type: lenient.RuleTypeCoerce, CoerceTo: "int"},
		{ID: "uint", Type: lenient.RuleTypeCoerce, CoerceTo: "uint"},
		{ID: "int_literal", Type: lenient.RuleTypeCoerce, CoerceTo: "int_literal"},
		{ID: "float", Type: lenient.RuleTypeCoerce, CoerceTo: "float"},
		{ID: "bool", Type: lenient.RuleTypeCoerce, CoerceTo: "bool"},
		{ID: "duration_s", Type: lenient.RuleTypeCoerce, CoerceTo: "duration_s"},
		{ID: "wrap", Type: lenient.RuleWrap},
		{ID: "text", Type: lenient.RuleJSONAcceptBoth},
		{ID: "native", Type: lenient.RuleJSONAcceptBoth, To: "native"},
		{ID: "enum_text", Type: lenient.RuleEnumText, Value: raw(`["5","true","0"]`)},
		{ID: "absent", Type: lenient.RuleAbsent, Value: raw(`[null,""]`)},
		{ID: "default", Type: lenient.RuleParamDefault, Value: raw(`7`), When: lenient.WhenAbsentOrEmpty},
		{ID: "alias", Type: lenient.RuleParamAlias, To: "k2"},
		{ID: "value_alias", Type: lenient.RuleValueAlias, Value: raw(`{"a":"b"}`)},
		{ID: "enum_case", Type: lenient.RuleEnumCase, Value: raw(`["a"]`)},
		{ID: "split", Type: lenient.RuleSplit, Value: raw(`","`)},
		{ID: "null_text", Type: lenient.RuleNullText},
		{ID: "unescape", Type: lenient.RuleUnescape},
		{ID: "enum_digits", Type: lenient.RuleEnumDigits, Value: raw(`[5]`)},
	}
}

// TestMapGoTypes pins what Normalize makes of each Go type a caller's map
// may hold, under one rule of each kind, at the top level and one level
// down, beside siblings no rule reads (a float64 stays a float64). The
// golden file was written by the map engine that Normalize ran before it
// ran NormalizeJSON's: go test ./normalize -run MapGoTypes -update
// rewrites it.
func TestMapGoTypes(t *testing.T) {
	var got strings.Builder
	for _, r := range goTypeRules() {
		for _, path := range []string{"k", "o.k"} {
			r := r
			r.Tools, r.Path = []string{"t"}, path
			n, err := New([]lenient.Rule{r})
			if err != nil {
				t.Fatalf("%s at %s: %v", r.ID, path, err)
			}
			for _, v := range goTypeValues() {
				in := map[string]any{"k": v.v, "s": 1.5}
				if path == "o.k" {
					in = map[string]any{"o": in, "s": 2.5}
				}
				out, applied := n.Normalize("t", in)
				fmt.Fprintf(&got, "%s %s %s: %s %v\n", r.ID, path, v.name, goDump(out), applied)
			}
		}
	}
	const golden = "testdata/gotypes.golden"
	if *updateGoTypes {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got.String()); diff != "" {
		t.Errorf("Normalize (-want +got):\n%s\n(go test ./normalize -run MapGoTypes -update rewrites the golden file)", diff)
	}
}

// goDump writes v with the Go type of each value: a json.Number and a
// string differ, and so do a float64 and an int.
func goDump(v any) string {
	switch x := v.(type) {
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + ":" + goDump(x[k])
		}
		return "{" + strings.Join(parts, " ") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = goDump(e)
		}
		return "[" + strings.Join(parts, " ") + "]"
	}
	return fmt.Sprintf("%T(%#v)", v, v)
}

// TestMapKeepsGoValues: Normalize changes what a rule changes and keeps
// the rest of the caller's map as it was: a float64 beside a coerced
// value stays a float64, the nested map holding it is the same map,
// changed in place, an array holding a float64 from 2^53 on is not made
// JSON text (its digits may be lost), and an int is left to the decoder.
func TestMapKeepsGoValues(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "n", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: "o.n", CoerceTo: "int"},
		{ID: "big", Tools: []string{"t"}, Type: lenient.RuleJSONAcceptBoth, From: "big"},
		{ID: "i", Tools: []string{"t"}, Type: lenient.RuleEnumText, From: "i", Value: json.RawMessage(`["5"]`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	o := map[string]any{"n": "5", "f": 2.0}
	big := []any{1e20}
	args := map[string]any{"o": o, "f": 1.5, "big": big, "i": 5}
	out, applied := n.Normalize("t", args)
	// (an int is read as its JSON, 5, as a call's would be: enum_text
	// writes it as its text)
	want := map[string]any{"o": map[string]any{"n": json.Number("5"), "f": 2.0}, "f": 1.5, "big": []any{1e20}, "i": "5"}
	if diff := cmp.Diff(want, out); diff != "" || len(applied) != 2 {
		t.Errorf("Normalize (-want +got):\n%s\napplied %+v", diff, applied)
	}
	if o["n"] != json.Number("5") || &big[0] != &out["big"].([]any)[0] {
		t.Errorf("the nested map and array are not the caller's own: %#v", out)
	}
}

// TestNormalizeSelfHolding: a map or slice that holds itself, which
// encoding/json cannot write, and values nested deeper than a call's JSON
// may be are no value a rule reads, where they were an endless recursion
// (a fatal stack overflow, which no recover catches); the rules still
// apply around them.
func TestNormalizeSelfHolding(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "d", Tools: []string{"x"}, Type: lenient.RuleParamDefault, Path: "a.b", Value: json.RawMessage(`1`)},
		{ID: "c", Tools: []string{"x"}, Type: lenient.RuleTypeCoerce, Path: "s[].n", CoerceTo: "int"},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]any{}
	m["self"], m["again"] = m, m // (twice: a tree of 2^1000 before looking, found by review)
	s := []any{nil, map[string]any{"n": "5"}}
	s[0] = s
	deep := map[string]any{}
	for range jsonwire.MaxDepth + 10 {
		deep = map[string]any{"d": deep}
	}
	out, applied := n.Normalize("x", map[string]any{"a": m, "s": s, "deep": deep})
	if m["b"] != json.Number("1") || len(applied) != 2 {
		t.Errorf("got %v, %+v", out["a"].(map[string]any)["b"], applied)
	}
	if s[1].(map[string]any)["n"] != json.Number("5") {
		t.Errorf("s[1].n: %#v", s[1])
	}
}

// TestMapOtherTypesAsJSON: values of other Go types in a map are read as
// the JSON encoding/json writes for them, so Normalize on the map writes
// what NormalizeJSON writes on its JSON, and the fixes are the same;
// before, every rule but a wrap passed them over, silently (found by a
// review: a []map[string]any's elements got no default, a
// map[string]string's "5" no coercion, a nil *int no default).
func TestMapOtherTypesAsJSON(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "id", Tools: []string{"x"}, Type: lenient.RuleParamDefault, Path: "steps[].id", Value: json.RawMessage(`"s-{{index}}"`)},
		{ID: "n", Tools: []string{"x"}, Type: lenient.RuleTypeCoerce, Path: "opts.n", CoerceTo: "int"},
		{ID: "raw", Tools: []string{"x"}, Type: lenient.RuleTypeCoerce, From: "raw", CoerceTo: "int"},
		{ID: "lim", Tools: []string{"x"}, Type: lenient.RuleParamDefault, From: "lim", Value: json.RawMessage(`5`), When: lenient.WhenAbsentOrNull},
		{ID: "keep", Tools: []string{"x"}, Type: lenient.RuleTypeCoerce, Path: "same[].n", CoerceTo: "int"},
	})
	if err != nil {
		t.Fatal(err)
	}
	same := []map[string]int{{"n": 1}}
	args := map[string]any{
		"steps": []map[string]any{{"name": "a"}, {"id": "given"}},
		"opts":  map[string]string{"n": "5"},
		"raw":   json.RawMessage(`"7"`),
		"lim":   (*int)(nil),
		"same":  same,
	}
	in, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON, wantFixes, err := n.NormalizeJSON("x", in)
	if err != nil {
		t.Fatal(err)
	}
	out, fixes := n.Normalize("x", args)
	got, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	json.Unmarshal(got, &a)
	json.Unmarshal(wantJSON, &b)
	if !reflect.DeepEqual(a, b) || len(fixes) != len(wantFixes) || len(fixes) != 4 {
		t.Errorf("Normalize: %s %+v\nNormalizeJSON: %s %+v", got, fixes, wantJSON, wantFixes)
	}
	if s, ok := out["same"].([]map[string]int); !ok || &s[0] != &same[0] {
		t.Errorf("a value no rule changed is not the caller's own: %#v", out["same"])
	}
}

// TestMapNilMapsAreNull: a nil map[string]any or []any is null, as
// encoding/json writes it, for every rule, where the map entry point read
// it as {} or [] (an absent rule left it, a default did not fill it,
// json_accept_both wrote "{}") and a default below it panicked writing
// into the nil map (found by review).
func TestMapNilMapsAreNull(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "gone", Tools: []string{"x"}, Type: lenient.RuleAbsent, From: "gone", Value: json.RawMessage(`[null]`)},
		{ID: "k", Tools: []string{"x"}, Type: lenient.RuleParamDefault, From: "k", Value: json.RawMessage(`5`), When: lenient.WhenAbsentOrNull},
		{ID: "c", Tools: []string{"x"}, Type: lenient.RuleJSONAcceptBoth, From: "c"},
		{ID: "d", Tools: []string{"x"}, Type: lenient.RuleParamDefault, Path: "opts.x", Value: json.RawMessage(`1`)},
		{ID: "e", Tools: []string{"x"}, Type: lenient.RuleJSONAcceptBoth, Path: "list[]"},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]any{"gone": map[string]any(nil), "k": []any(nil), "c": map[string]any(nil), "opts": map[string]any(nil), "list": []any{map[string]any(nil)}}
	in, _ := json.Marshal(m)
	want, _, err := n.NormalizeJSON("x", in)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := n.Normalize("x", m)
	got, _ := json.Marshal(out)
	var a, b any
	json.Unmarshal(got, &a)
	json.Unmarshal(want, &b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("Normalize: %s\nNormalizeJSON: %s", got, want)
	}
}

// panicky is a value whose MarshalJSON panics.
type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("no") }

// TestMapMarshalPanics: a value whose MarshalJSON panics is one no rule
// reads, as one whose MarshalJSON fails, where Normalize passed the panic
// on (found by review).
func TestMapMarshalPanics(t *testing.T) {
	n, err := New([]lenient.Rule{{ID: "c", Tools: []string{"x"}, Type: lenient.RuleTypeCoerce, From: "p", CoerceTo: "int"}})
	if err != nil {
		t.Fatal(err)
	}
	out, applied := n.Normalize("x", map[string]any{"p": panicky{}})
	if _, ok := out["p"].(panicky); !ok || len(applied) != 0 {
		t.Errorf("got %#v %+v", out, applied)
	}
}
