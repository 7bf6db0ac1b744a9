package derive

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestDeriveNumberOrBoolean: a union of a number (integer or number) and
// a boolean alone, maybe null (JSHint's maxcomplexity, false or a
// number; an indent of 2 or false), reads a number's text as the number
// and "true" or "false" as the boolean (bool_strict: no text is both), a
// type_coerce rule each, its rewrite one string branch of both texts;
// judged by unionSound and ajvSound. Where a branch holds its value to
// more than its string form can be held to (an integer enum), it stays
// strict, warned of.
func TestDeriveNumberOrBoolean(t *testing.T) {
	calls := []string{`{"x":"5"}`, `{"x":"true"}`, `{"x":"false"}`, `{"x":"True"}`, `{"x":"1"}`, `{"x":"yes"}`, `{"x":5}`, `{"x":true}`, `{"x":"5.5"}`, `{"x":"null"}`, `{"x":null}`, `{"x":""}`, `{}`, `{"x":"-3"}`}
	cases := []struct {
		unionCase
		read bool
	}{
		{unionCase{"type-array", wrapX(`{"type":["boolean","integer"]}`), calls}, true},
		{unionCase{"oneof", wrapX(`{"oneOf":[{"type":"boolean"},{"type":"integer"}]}`), calls}, true},
		{unionCase{"nullable", wrapX(`{"type":["boolean","integer","null"]}`), calls}, true},
		{unionCase{"number", wrapX(`{"anyOf":[{"type":"number"},{"type":"boolean"}]}`), append(calls, `{"x":"2.5e3"}`, `{"x":"007"}`)}, true},
		{unionCase{"false-or-number", wrapX(`{"anyOf":[{"type":"boolean","enum":[false]},{"type":"number","minimum":1}]}`), []string{`{"x":"false"}`, `{"x":"true"}`, `{"x":"10"}`, `{"x":false}`, `{"x":"null"}`}}, true},
		{unionCase{"int-and-float", wrapX(`{"type":["integer","number","boolean"]}`), calls}, true},
		{unionCase{"in-array", wrapX(`{"type":"array","items":{"type":["integer","boolean"]}}`), []string{`{"x":["5","true",false,"x"]}`, `{"x":"[5,true]"}`}}, true},
		{unionCase{"int-enum", wrapX(`{"anyOf":[{"type":"boolean"},{"type":"integer","enum":[1,2]}]}`), calls}, false},
		{unionCase{"with-string", wrapX(`{"type":["boolean","integer","string"]}`), calls}, false},
	}
	var all []unionCase
	for _, tc := range cases {
		d := deriveSound(t, tc.unionCase)
		all = append(all, tc.unionCase)
		var coerce []string
		for _, r := range d.Rules {
			if r.Type == lenient.RuleTypeCoerce {
				coerce = append(coerce, r.CoerceTo)
			}
		}
		slices.Sort(coerce)
		if read := len(coerce) == 2 && coerce[0] == "bool_strict"; read != tc.read {
			t.Errorf("%s: type_coerce rules %v, want a number's and bool_strict: %v", tc.name, coerce, tc.read)
		}
		if !tc.read && tc.name == "int-enum" && !slices.ContainsFunc(d.Warnings, func(w Warning) bool { return w.Path == "x" }) {
			t.Errorf("%s: left strict without a warning", tc.name)
		}
	}
	ajvSound(t, all)
}

// TestNumberOrBooleanHandRules: a rules file's type_coerce rules on a
// number-or-boolean field (review of 6dbc209): one that restates a
// derived rule replaces it, named by the rule that does the same; where
// the field's schema takes two scalar types and a string, a coercion the
// schema cannot advertise is warned of, not passed over.
func TestNumberOrBooleanHandRules(t *testing.T) {
	rules := func(js string) []lenient.Rule {
		var r []lenient.Rule
		if err := json.Unmarshal([]byte(js), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	root := mustParse(t, []byte(wrapX(`{"type":["boolean","integer"]}`)))
	d := WithRules("t", root, rules(`[{"id":"b","tools":["t"],"type":"type_coerce","from":"x","coerce_to":"bool_strict"},{"id":"i","tools":["t"],"type":"type_coerce","from":"x","coerce_to":"int"}]`))
	for _, r := range d.Replaced {
		if !sameEffect(r.By, r.Derived) {
			t.Errorf("derived %s (%s) replaced by %s (%s)", r.Derived.ID, r.Derived.CoerceTo, r.By.ID, r.By.CoerceTo)
		}
	}
	root = mustParse(t, []byte(wrapX(`{"anyOf":[{"type":"integer"},{"type":"boolean"},{"type":"string","pattern":"^a"}]}`)))
	d = WithRules("t", root, rules(`[{"id":"i","tools":["t"],"type":"type_coerce","from":"x","coerce_to":"int"}]`))
	if !slices.ContainsFunc(d.Warnings, func(w Warning) bool { return w.Path == "x" && strings.Contains(w.Message, "not advertised") }) {
		t.Errorf("int on integer | boolean | string: warnings %v", d.Warnings)
	}
}
