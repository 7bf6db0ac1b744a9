package schemabuild_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/fallback"
	"github.com/normgen/normgen/gen/schemabuild"
	"github.com/normgen/normgen/internal/invariant"
	"github.com/normgen/normgen/lenient"
)

// Filter is a recursive type: a condition, or a combination of them.
type Filter struct {
	Field string   `json:"field,omitempty"`
	Boost int      `json:"boost,omitempty" jsonschema:"minimum=0"`
	And   []Filter `json:"and,omitempty" norm:"depth=2"`
	Or    []Filter `json:"or,omitempty"`
	Not   *Filter  `json:"not,omitempty"`
}

// Search holds a recursive type below its root.
type Search struct {
	Query  string  `json:"query"`
	Filter *Filter `json:"filter,omitempty"`
}

// Node is recursive at its root, through a required field.
type Node struct {
	Name     string `json:"name"`
	Children []Node `json:"children"`
}

// TestRecursiveSchema: a recursive struct is one $defs entry that every
// occurrence below the root refers to, in the portable and typearray
// profiles (typearray keeps an anyOf around a $ref: a $ref beside a type
// array would apply to the value's string form too); the gemini profile,
// whose hosts refuse $ref, unrolls it to each recursive field's depth.
func TestRecursiveSchema(t *testing.T) {
	js := func(v any, p lenient.Profile) string {
		s, err := schemabuild.ForProfile(v, p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := schemabuild.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var x any
		if err := json.Unmarshal(b, &x); err != nil {
			t.Fatal(err)
		}
		c, _ := json.Marshal(x)
		return string(c)
	}
	portable := js(Search{}, lenient.ProfilePortable)
	for _, want := range []string{
		`"$defs":{"Filter":{`,
		`"filter":{"anyOf":[{"$ref":"#/$defs/Filter"},{"type":"string"},{"type":"null"}]}`,
		`"and":{"anyOf":[{"items":{"anyOf":[{"$ref":"#/$defs/Filter"},{"type":"string"}]},"type":"array"},{"type":"string"},{"type":"null"}]}`,
	} {
		if !strings.Contains(portable, want) {
			t.Errorf("portable: no %s in\n%s", want, portable)
		}
	}
	if n := strings.Count(portable, `"boost"`); n != 1 {
		t.Errorf("portable: Filter's fields written %d times, want once (in $defs):\n%s", n, portable)
	}
	typearray := js(Search{}, lenient.ProfileTypeArray)
	if !strings.Contains(typearray, `"filter":{"anyOf":[{"$ref":"#/$defs/Filter"},{"type":"string"},{"type":"null"}]}`) {
		t.Errorf("typearray:\n%s", typearray)
	}
	gemini := js(Search{}, lenient.ProfileGemini)
	if strings.Contains(gemini, "$ref") || strings.Contains(gemini, "$defs") {
		t.Errorf("gemini has a $ref:\n%s", gemini)
	}
	// filter is level 1 of Filter: and (depth 2) opens level 2, where it
	// is left out; or and not (depth 3) open levels 2 and 3.
	// Level 1, then by each of and, or and not a level 2 holding or and
	// not, which open a level 3 each (which holds none of the three).
	if n := strings.Count(gemini, `"boost"`); n != 1+3*(1+2) {
		t.Errorf("gemini: %d levels of Filter, want 10:\n%s", n, gemini)
	}
	if got := strings.Count(gemini, `"and":{"items":{"properties"`); got != 1 {
		t.Errorf(`gemini: "and" holds filters %d times, want once (depth=2: at level 1 only):`+"\n%s", got, gemini)
	}
	// at each level 2 and 3: and, or and not hold no more filters
	if got, want := strings.Count(gemini, `"and":{"type":"null"}`), 9; got != want {
		t.Errorf(`gemini: "and" holds no more filters (null) %d times, want %d:`+"\n%s", got, want, gemini)
	}
	root := js(Node{}, lenient.ProfileGemini)
	if want := `"children":{"items":{"type":"object"},"maxItems":0,"type":"array"}`; !strings.Contains(root, want) {
		t.Errorf("gemini: a required recursive field at the last level is not an empty array (%s):\n%s", want, root)
	}
	if !strings.Contains(js(Node{}, lenient.ProfilePortable), `"children":{"anyOf":[{"items":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"string"}]},"type":"array"},{"type":"string"}]}`) {
		t.Errorf("portable root:\n%s", js(Node{}, lenient.ProfilePortable))
	}
}

// TestRecursiveInvariant: the recursive types' schemas accept exactly what
// the decoder accepts, at any depth, checked with the Go validator and AJV.
func TestRecursiveInvariant(t *testing.T) {
	deep := strings.Repeat(`{"not":`, 40) + `{"boost":"5"}` + strings.Repeat(`}`, 40)
	calls := map[string][]invariant.Call{
		"search": {
			{Args: `{"query":"x"}`},
			{Args: `{"query":"x","filter":{"and":[{"field":"a"},{"or":[{"not":{"boost":"3"}}]}]}}`},
			{Args: `{"query":"x","filter":"{\"not\":{\"and\":\"[{\\\"boost\\\":1}]\"}}"}`},
			{Args: `{"query":"x","filter":` + deep + `}`},
			{Args: `{"query":"x","filter":{"not":{"not":{"boost":-1}}}}`},
			{Args: `{"query":"x","filter":{"not":{"not":{"boost":"x"}}}}`},
			{Args: `{"query":"x","filter":{"or":[{"and":[{"not":5}]}]}}`},
			{Args: `{"query":"x","filter":{"or":"[{\"and\":[1,"}}`, Class: "b"},
		},
		"tree": {
			{Args: `{"name":"a","children":[]}`},
			{Args: `{"name":"a","children":[{"name":"b","children":"[]"}]}`},
			{Args: `{"name":"a","children":[{"name":"b"}]}`},
			{Args: `{"name":"a"}`},
		},
	}
	var tools []lenient.Tool
	for name, v := range map[string]any{"search": Search{}, "tree": Node{}} {
		typ := reflect.TypeOf(v)
		schemas := map[lenient.Profile]json.RawMessage{}
		for _, p := range []lenient.Profile{lenient.ProfilePortable, lenient.ProfileTypeArray} {
			s, err := schemabuild.ForProfile(v, p)
			if err != nil {
				t.Fatal(err)
			}
			if schemas[p], err = schemabuild.Marshal(s); err != nil {
				t.Fatal(err)
			}
		}
		tools = append(tools, lenient.Tool{Name: name, InputSchema: schemas[lenient.ProfilePortable], Schemas: schemas,
			Decode: func(args []byte) (any, []lenient.Fix, error) {
				x := reflect.New(typ).Interface()
				return x, nil, fallback.Decode(args, x)
			}})
	}
	invariant.Check(t, tools, calls)
}

// TestRecursiveDeepInput: the decoder ends on input nested past any
// bound, with an error, where JSON text in strings restarts the
// validator's count at each level.
func TestRecursiveDeepInput(t *testing.T) {
	n := 6000
	text := strings.Repeat(`{"not":`, n) + `{}` + strings.Repeat(`}`, n)
	// Two levels of text: 12000 levels in all, 6000 in each document.
	args := `{"query":"x","filter":{"not":` + strings.Replace(text, `{}`, `"`+strings.ReplaceAll(text, `"`, `\"`)+`"`, 1) + `}}`
	var s Search
	err := fallback.Decode([]byte(args), &s)
	if err == nil || !strings.Contains(err.Error(), "is nested too deeply") {
		t.Fatalf("got %v", err)
	}
}

// TestGeminiLastLevelAdmitsNoRefused: at the last level the gemini
// profile unrolls, a recursive field holds no more of its struct, and its
// schema says so, optional or required: left out of an open object's
// properties, the key would take any value there (an unknown key), which
// the decoder refuses ({"and":5} is not an array of filters).
func TestGeminiLastLevelAdmitsNoRefused(t *testing.T) {
	for _, c := range []struct {
		v    any
		args string
	}{
		{Search{}, `{"query":"x","filter":{"and":[{"and":5}]}}`},                     // and: depth 2
		{Search{}, `{"query":"x","filter":{"not":{"not":{"not":"x"}}}}`},             // not: depth 3
		{Search{}, `{"query":"x","filter":{"or":[{"or":[{"or":[{"boost":-1}]}]}]}}`}, // beyond: a bound broken
		{Node{}, `{"name":"a","children":[{"name":"b","children":[{"name":"c","children":[{"name":7}]}]}]}`},
	} {
		s, err := schemabuild.ForProfile(c.v, lenient.ProfileGemini)
		if err != nil {
			t.Fatal(err)
		}
		b, err := schemabuild.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		x := reflect.New(reflect.TypeOf(c.v)).Interface()
		if err := fallback.Decode([]byte(c.args), x); err == nil {
			t.Fatalf("%s: the decoder takes it; the test wants a call it refuses", c.args)
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(c.args))
		if err != nil {
			t.Fatal(err)
		}
		if compileOpenAPI(t, b, false).Validate(inst) == nil {
			t.Errorf("%T %s: the gemini schema admits a call the decoder refuses:\n%s", c.v, c.args, b)
		}
	}
}
