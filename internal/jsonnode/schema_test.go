package jsonnode

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestSubschemas(t *testing.T) {
	s := mustParse(t, `{
		"type": "object",
		"properties": {"a": {"type": "string"}, "b": true, "c": 1},
		"anyOf": [{"type": "null"}, 3, {"$ref": "#/$defs/T"}],
		"items": [{"type": "integer"}],
		"additionalProperties": false,
		"not": {"const": 1},
		"dependencies": {"a": ["b"], "b": {"required": ["a"]}},
		"$defs": {"T": {"type": "string"}},
		"enum": [{"type": "x"}],
		"description": {"type": "x"}
	}`)
	var got []string
	for c := range s.Subschemas() {
		got = append(got, fmt.Sprintf("%s/%s/%d=%s", c.Keyword, c.Key, c.Index, c.Schema.Marshal()))
	}
	want := []string{
		`properties/a/-1={"type":"string"}`,
		`properties/b/-1=true`,
		`anyOf//0={"type":"null"}`,
		`anyOf//2={"$ref":"#/$defs/T"}`,
		`items//0={"type":"integer"}`,
		`additionalProperties//-1=false`,
		`not//-1={"const":1}`,
		`dependencies/b/-1={"required":["a"]}`,
		`$defs/T/-1={"type":"string"}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Subschemas:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	n := 0
	for range s.Subschemas() {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("break after 2: %d", n)
	}
	r := mustParse(t, `{"properties":{"a":{"x":1}},"not":{"x":2},"anyOf":[true,{"x":3}]}`)
	holders := []*Node{r.Vals[0], r, r.Vals[2], r.Vals[2]}
	i := 0
	for c := range r.Subschemas() {
		if h := r.Holder(c); h != holders[i] {
			t.Errorf("Holder of %s/%s/%d: %s, want %s", c.Keyword, c.Key, c.Index, h.Marshal(), holders[i].Marshal())
		}
		r.Replace(c, Array(String(c.Keyword)))
		if h := r.Holder(c); h != holders[i] {
			t.Errorf("Holder of %s/%s/%d after Replace: %s, want %s", c.Keyword, c.Key, c.Index, h.Marshal(), holders[i].Marshal())
		}
		i++
	}
	if got, want := string(r.Marshal()), `{"properties":{"a":["properties"]},"not":["not"],"anyOf":[["anyOf"],["anyOf"]]}`; got != want {
		t.Errorf("Replace: %s, want %s", got, want)
	}
	in := `{"properties":{"a":{"x":1},"b":{"x":2}},"not":{"x":3},"anyOf":[true,{"x":4}]}`
	m := mustParse(t, in)
	if got := m.MapSubschemas(func(c Subschema) *Node { return c.Schema }); got != m {
		t.Error("MapSubschemas changing nothing: not v itself")
	}
	mapped := m.MapSubschemas(func(c Subschema) *Node {
		if c.Key == "b" || c.Index == 1 {
			return String("new")
		}
		return c.Schema
	})
	if want := `{"properties":{"a":{"x":1},"b":"new"},"not":{"x":3},"anyOf":[true,"new"]}`; string(mapped.Marshal()) != want {
		t.Errorf("MapSubschemas: %s, want %s", mapped.Marshal(), want)
	}
	if string(m.Marshal()) != string(mustParse(t, in).Marshal()) {
		t.Errorf("MapSubschemas changed its input: %s", m.Marshal())
	}
	if mapped.Get("not") != m.Get("not") || mapped.Get("properties").Get("a") != m.Get("properties").Get("a") {
		t.Error("MapSubschemas copied what it kept")
	}
	for range mustParse(t, `[{"type":"string"}]`).Subschemas() {
		t.Error("an array has no subschemas")
	}
	var branches []string
	for k, b := range s.Branches() {
		branches = append(branches, k+string(b.Marshal()))
	}
	if got, want := strings.Join(branches, " "), `anyOf{"type":"null"} anyOf{"$ref":"#/$defs/T"}`; got != want {
		t.Errorf("Branches: %s, want %s", got, want)
	}
}

func TestSubschemaKeyword(t *testing.T) {
	for _, k := range Combinators {
		if h, ok := SubschemaKeyword(k); !ok || h != HoldsList || !IsCombinator(k) {
			t.Errorf("%s: %v %v", k, h, ok)
		}
	}
	for _, k := range Conditionals {
		if h, ok := SubschemaKeyword(k); !ok || h != HoldsSchema || !IsConditional(k) || IsCombinator(k) {
			t.Errorf("%s: %v %v", k, h, ok)
		}
	}
	if _, ok := SubschemaKeyword("enum"); ok {
		t.Error("enum holds no subschema")
	}
}

func TestFollow(t *testing.T) {
	root := mustParse(t, `{
		"$defs": {
			"a b": {"$ref": "#/$defs/B"},
			"B": {"type": "string"},
			"C": {"$ref": "#/$defs/D"},
			"D": {"$ref": "#/$defs/C"},
			"E": {"$ref": 1},
			"F": {"$ref": "#/$defs/none"}
		}
	}`)
	for _, tc := range []struct {
		ref, want string
		err       error
	}{
		{"#/$defs/a%20b", `{"type":"string"}`, nil},
		{"#/$defs/B", `{"type":"string"}`, nil},
		{"#/$defs/C", `{"$ref":"#/$defs/C"}`, ErrRefCycle},
		{"#/$defs/E", `{"$ref":1}`, ErrRefNotString},
		{"#/$defs/F", `{"$ref":"#/$defs/none"}`, errors.New("no member")},
		{"other.json#/a", `{"$ref":"other.json#/a"}`, ErrNotLocal},
	} {
		s := mustParse(t, `{"$ref":"`+tc.ref+`"}`)
		got, err := Follow(root, s)
		if string(got.Marshal()) != tc.want {
			t.Errorf("%s: %s, want %s", tc.ref, got.Marshal(), tc.want)
		}
		switch {
		case tc.err == nil && err != nil, tc.err != nil && err == nil:
			t.Errorf("%s: error %v, want %v", tc.ref, err, tc.err)
		case tc.err != nil && !errors.Is(err, tc.err) && !strings.Contains(err.Error(), tc.err.Error()):
			t.Errorf("%s: error %v, want %v", tc.ref, err, tc.err)
		}
	}
	s := mustParse(t, `{"type":"string"}`)
	if got, err := Follow(root, s); got != s || err != nil {
		t.Errorf("no $ref: %v %v", got, err)
	}
	var hops []string
	for hop, err := range RefChain(root, mustParse(t, `{"$ref":"#/$defs/C"}`)) {
		target := "nil"
		if hop.Target != nil {
			target = string(hop.Target.Marshal())
		}
		hops = append(hops, fmt.Sprintf("%s %s %v", hop.Ref, target, err))
	}
	want := []string{
		`#/$defs/C {"$ref":"#/$defs/D"} <nil>`,
		`#/$defs/D {"$ref":"#/$defs/C"} <nil>`,
		`#/$defs/C nil $ref cycle through "#/$defs/C"`,
	}
	if strings.Join(hops, "\n") != strings.Join(want, "\n") {
		t.Errorf("RefChain:\n%s\nwant:\n%s", strings.Join(hops, "\n"), strings.Join(want, "\n"))
	}
}

func mustParse(t *testing.T, s string) *Node {
	t.Helper()
	v, err := Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
