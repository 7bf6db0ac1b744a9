package derive

import "testing"

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
	cases := []struct {
		unionCase
		rule string // the rule the value at x gets ("" for none)
	}{
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
	}
	var all []unionCase
	for _, tc := range cases {
		d := deriveSound(t, tc.unionCase)
		all = append(all, tc.unionCase)
		readAtX(t, tc.name, d, tc.rule)
	}
	ajvSound(t, all)
}
