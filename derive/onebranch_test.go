package derive

import (
	"strings"
	"testing"
)

// TestDeriveOneBranchUnion: an anyOf, oneOf or allOf of one branch that
// holds a number, an integer or a boolean inline ({"oneOf": [{"type":
// "integer"}]}, as JSONSchemaBench's Github_medium o80161 has, or with
// a description beside it) is that branch, as a reference of one branch
// is: its value gets its string form's rule. Beside a not or another
// combinator that may refuse what the branch takes, the value stays
// strict; a union of two scalar types was read before and still is.
// Each case is judged by unionSound and ajvSound. Found by
// internal/benchcov: these were left strict ("the deriver does not
// rewrite its oneOf") where the same branch behind a $ref was read.
func TestDeriveOneBranchUnion(t *testing.T) {
	readSound(t, []readCase{
		{unionCase{"oneof-integer", wrapX(`{"oneOf":[{"type":"integer"}]}`),
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":"a"}`, `{"x":null}`, `{"x":"null"}`, `{}`}}, "type_coerce"},
		{unionCase{"anyof-boolean", wrapX(`{"anyOf":[{"type":"boolean"}],"description":"on or off"}`),
			[]string{`{"x":true}`, `{"x":"true"}`, `{"x":"yes"}`, `{"x":1}`, `{"x":null}`}}, "type_coerce"},
		{unionCase{"allof-number", wrapX(`{"allOf":[{"type":"number","minimum":1}],"title":"n"}`),
			[]string{`{"x":1.5}`, `{"x":"1.5"}`, `{"x":0}`, `{"x":"a"}`}}, "type_coerce"},
		{unionCase{"oneof-bounded", wrapX(`{"oneOf":[{"type":"integer","minimum":0,"maximum":9}],"default":3}`),
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":"5.5"}`, `{"x":-1}`}}, "type_coerce"},
		{unionCase{"oneof-nullable-branch", wrapX(`{"oneOf":[{"type":["integer","null"]}]}`),
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":null}`, `{"x":"null"}`}}, "type_coerce"},
		{unionCase{"anyof-ref", `{"type":"object","properties":{"x":{"anyOf":[{"$ref":"#/$defs/N"}],"description":"n"}},"$defs":{"N":{"type":"integer"}}}`,
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":"a"}`}}, "type_coerce"},
		{unionCase{"beside-not", wrapX(`{"oneOf":[{"type":"integer"}],"not":{"const":2}}`),
			[]string{`{"x":5}`, `{"x":"2"}`, `{"x":2}`, `{"x":"5"}`}}, ""},
		{unionCase{"beside-anyof", wrapX(`{"oneOf":[{"type":"integer"}],"anyOf":[{"type":"integer","minimum":3},{"type":"integer","maximum":1}]}`),
			[]string{`{"x":5}`, `{"x":"2"}`, `{"x":2}`, `{"x":"5"}`}}, ""},
		{unionCase{"two-branches", wrapX(`{"oneOf":[{"type":"integer"},{"type":"boolean"}]}`),
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":true}`}}, "type_coerce"},
		{unionCase{"oneof-string", wrapX(`{"oneOf":[{"type":"string"}]}`),
			[]string{`{"x":"5"}`, `{"x":5}`}}, ""},
	}, true)
}

// TestDeriveOneBranchRefBesideType: a union of one $ref beside a type
// that names every type the reference's target takes (jscsrc's
// {"type": ["array", "boolean", "null"], "oneOf": [{"$ref":
// "#/definitions/keywords2"}]}, whose target has that type too) is the
// target: the type holds nothing the target does not, so the value is
// read as the target's (its JSON text as an array, "true" as a boolean),
// where it was left strict ("the deriver does not rewrite its type").
func TestDeriveOneBranchRefBesideType(t *testing.T) {
	defs := `"definitions":{"k":{"type":"array","items":{"type":"string"}},"k2":{"type":["array","boolean","null"],"oneOf":[{"$ref":"#/definitions/k"},{"type":"boolean"}]},"n":{"type":"integer","minimum":1}}`
	calls := []string{`{"x":["a"]}`, `{"x":"[\"a\"]"}`, `{"x":"true"}`, `{"x":true}`, `{"x":null}`, `{"x":5}`}
	readSound(t, []readCase{
		{unionCase{"type-covers", `{"type":"object","properties":{"x":{"description":"d","type":["array","boolean","null"],"oneOf":[{"$ref":"#/definitions/k2"}]}},` + defs + `}`, calls}, "json_accept_both"},
		{unionCase{"type-covers-anyof", `{"type":"object","properties":{"x":{"type":["null","boolean","array"],"anyOf":[{"$ref":"#/definitions/k2"}]}},` + defs + `}`, calls}, "json_accept_both"},
		{unionCase{"integer-in-number", `{"type":"object","properties":{"x":{"type":"number","allOf":[{"$ref":"#/definitions/n"}]}},` + defs + `}`,
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":1.5}`, `{"x":"1.5"}`}}, "type_coerce"},
	}, true)
}

// TestUnwrapBesideType: unwrap takes the one-$ref wrapper and the type
// beside it away only where the type names every type of the target (an
// integer within number); a type that names fewer (array beside an
// array, boolean or null target; one missing null) refuses values the
// target takes, and the wrapper stays, as it does at the root, whose
// type says the arguments are an object.
func TestUnwrapBesideType(t *testing.T) {
	root, err := ParseNode([]byte(`{"definitions":{"k2":{"type":["array","boolean","null"]},"n":{"type":"integer"},"u":{"anyOf":[{"$ref":"#/definitions/n"}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s    string
		top  bool
		want string // the schema after unwrap ("" where unchanged)
	}{
		{`{"type":["array","boolean","null"],"oneOf":[{"$ref":"#/definitions/k2"}],"title":"t"}`, false, `{"title":"t","$ref":"#/definitions/k2"}`},
		{`{"type":"number","allOf":[{"$ref":"#/definitions/n"}]}`, false, `{"$ref":"#/definitions/n"}`},
		{`{"type":"array","oneOf":[{"$ref":"#/definitions/k2"}]}`, false, ""},
		{`{"type":["array","boolean"],"oneOf":[{"$ref":"#/definitions/k2"}]}`, false, ""},
		{`{"type":"integer","anyOf":[{"$ref":"#/definitions/u"}]}`, false, ""}, // (the target's types, behind its own $ref: unread)
		{`{"type":"integer","anyOf":[{"$ref":"#/definitions/n"}]}`, true, ""},
	} {
		s, err := ParseNode([]byte(tc.s))
		if err != nil {
			t.Fatal(err)
		}
		changed := unwrap(root, s, false, tc.top)
		if got := string(s.Marshal()); changed != (tc.want != "") || changed && got != tc.want {
			t.Errorf("unwrap(%s) = %v, %s; want %q", tc.s, changed, got, tc.want)
		}
	}
}

// TestDeriveNarrowedBranches: a reference beside a type that names fewer
// types than its target takes ({"type": "array", "oneOf": [{"$ref":
// ...}]} whose target takes booleans too; beside the type itself, or in
// an allOf with more) is inlined as a union with a branch of a type the
// type rules out, which AJV's strict types refuse ("type boolean not
// allowed by context array") while they compile the strict schema, whose
// reference that check does not follow: a host in strict mode would list
// no such tool. The rewrite leaves such branches out (narrowTypes), and
// still takes what the rules, then the strict schema, take.
func TestDeriveNarrowedBranches(t *testing.T) {
	defs := `"definitions":{"k":{"type":"array","items":{"type":"string"}},"k2":{"type":["array","boolean","null"],"oneOf":[{"$ref":"#/definitions/k"},{"type":"boolean"}]},"k3":{"type":["array","boolean"]},"k4":{"oneOf":[{"$ref":"#/definitions/k"},{"type":"boolean"}]},"n":{"anyOf":[{"type":"number","minimum":1},{"type":"string"}]}}`
	calls := []string{`{"x":["a"]}`, `{"x":"[\"a\"]"}`, `{"x":[]}`, `{"x":true}`, `{"x":null}`}
	cases := []unionCase{
		{"narrow-union", `{"type":"object","properties":{"x":{"type":"array","oneOf":[{"$ref":"#/definitions/k2"}]}},` + defs + `}`, calls},
		{"narrow-types", `{"type":"object","properties":{"x":{"type":"array","oneOf":[{"$ref":"#/definitions/k3"}]}},` + defs + `}`, calls},
		{"narrow-oneof", `{"type":"object","properties":{"x":{"type":"array","oneOf":[{"$ref":"#/definitions/k4"}]}},` + defs + `}`, calls},
		{"narrow-ref", `{"type":"object","properties":{"x":{"type":"array","$ref":"#/definitions/k4"}},` + defs + `}`, calls},
		{"narrow-allof", `{"type":"object","properties":{"x":{"type":"array","allOf":[{"$ref":"#/definitions/k4"},{"minItems":1}]}},` + defs + `}`, calls},
		{"narrow-integer", `{"type":"object","properties":{"x":{"type":"integer","allOf":[{"$ref":"#/definitions/n"}]}},` + defs + `}`,
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":0}`, `{"x":1.5}`, `{"x":"a"}`}},
	}
	for _, c := range cases {
		d := deriveSound(t, c)
		if out := string(d.Schema.Marshal()); strings.Contains(out, `{"type":"boolean"}`) || strings.Contains(out, `"boolean"]`) || strings.Contains(out, `"type":"number"`) {
			t.Errorf("%s: a branch the type beside it rules out is left in the rewrite: %s", c.name, out)
		}
	}
	ajvSound(t, cases)
	// (integer and number under an integer: one integer, not two, which
	// no validator compiles; AJV's strict types refuse the strict schema
	// already)
	d := deriveSound(t, unionCase{"narrow-twice", `{"type":"object","properties":{"x":{"type":"integer","oneOf":[{"type":["integer","number"],"minimum":3},{"maximum":0}]}}}`,
		[]string{`{"x":5}`, `{"x":-1}`, `{"x":1}`}})
	if out := string(d.Schema.Marshal()); !strings.Contains(out, `{"type":"integer","minimum":3}`) {
		t.Errorf("narrow-twice: the branch of integer and number is not one integer: %s", out)
	}
}

// TestNarrowTypesKeepsNamed: a branch narrowTypes would take away stays
// where it, or a schema inside it, holds an identifier or anchor another
// reference may name ({"$anchor": "I"} beside "$ref": "#I"): the rewrite
// would name a schema it no longer holds.
func TestNarrowTypesKeepsNamed(t *testing.T) {
	for _, schema := range []string{
		`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"x":{"type":"string","anyOf":[{"type":"integer","$anchor":"I"},{"type":"string"}]},"y":{"$ref":"#I"}}}`,
		`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"x":{"type":"string","anyOf":[{"type":"integer","items":{"$id":"http://e.com/I"}},{"type":"string"}]},"y":{"$ref":"http://e.com/I"}}}`,
	} {
		deriveSound(t, unionCase{"named-branch", schema, []string{`{"x":"a","y":5}`, `{"x":"a","y":"5"}`}})
	}
}
