package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// TestDeriveEveryNameBesideDeclared: a pattern every name matches beside
// declared properties (WashingtonPost's related content: ".*" lists of
// items, beside "redirect", held to both) is read for the names it
// alone holds: the rewrite splits it into the declared names' pattern,
// kept as it is, and AllNamesBut's, whose values get their rules at that
// pattern step; no rule reads a declared member through it.
func TestDeriveEveryNameBesideDeclared(t *testing.T) {
	schema := wrapX(`{"type":"object","properties":{"redirect":{"type":"array","maxItems":1,"items":{"type":"object","properties":{"u":{"type":"string"}}}},"a.b":{"description":"a name a rule path quotes"}},` +
		`"patternProperties":{".*":{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer"}}}}}}`)
	d, _ := deriveNormalizer(t, "every", schema)
	step := rulespec.PathPattern("x", rulespec.AllNamesBut([]string{"a.b", "redirect"}))
	for _, want := range []string{"json_accept_both:" + step, "type_coerce:" + step + "[].n"} {
		if !slices.Contains(ruleKinds(d), want) {
			t.Errorf("no %s: rules %v, warnings %s", want, ruleKinds(d), warnings(d))
		}
	}
	for _, r := range ruleKinds(d) {
		if strings.Contains(r, "redirect") || strings.Contains(r, `{".*"}`) {
			t.Errorf("a rule reads a declared member, or every name: %s", r)
		}
	}
	// (a warning's message names the pattern the schema wrote)
	named := 0
	for _, w := range d.FieldWarnings() {
		if strings.Contains(w.Message, "patternProperties") || strings.Contains(w.Message, "matches pattern") {
			named++
			if !strings.Contains(w.Message, `".*"`) {
				t.Errorf("a warning names a pattern the schema did not write: %s", w.Message)
			}
		}
	}
	if named == 0 {
		t.Errorf("no warning names the pattern: %s", warnings(d))
	}
	calls := []string{`{"x":{"a":[{"n":1}]}}`, `{"x":{"a":[{"n":"1"}]}}`, `{"x":{"a":"[{\"n\":\"1\"}]"}}`, `{"x":{"redirect":[{"u":"s"}]}}`,
		`{"x":{"redirect":[{"u":"s","n":"1"}]}}`, `{"x":{"redirect":"[{\"u\":\"s\"}]"}}`, `{"x":{"redirect":[{"u":"s","n":1}],"b":[{"n":"2"}]}}`,
		`{"x":{"a.b":[{"n":"1"}]}}`, `{"x":{"a.b":[]}}`, `{"x":{"":[{"n":"1"}]}}`, `{"x":{"redirec":[{"n":"1"}]}}`, `{"x":{"redirects":[{"n":"1"}]}}`}
	// (AJV's strict mode refuses the strict schema, whose declared names
	// the pattern matches, and the rewrite alike: unionSound's Go
	// validator judges them; TestNamesPatterns shows AJV reads the
	// patterns as Go does)
	unionSound(t, []unionCase{{"every", schema, calls}})

	// A rules file (WithRules) leaves the pattern whole: its rules, through
	// the pattern or by name, and its aliases into or out of the object,
	// read members the other names' pattern would read too (found by
	// review: each of these failed).
	own := []lenient.Rule{{ID: "mine", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `x{".*"}[].n`, CoerceTo: "int"}}
	file := WithRules("t", parseMust(t, schema), own)
	for _, r := range file.Rules {
		if strings.Contains(r.Path, rulespec.PathPattern("", rulespec.AllNamesBut([]string{"a.b", "redirect"}))) {
			t.Errorf("a rules file steps through the pattern, and the deriver split it: %s %s", r.Type, r.Path)
		}
	}
	obj := `{"type":"object","properties":{"a":{"minimum":0}},"patternProperties":{".*":{"type":"integer"}}}`
	for _, tc := range []struct {
		rule         lenient.Rule
		schema, call string
	}{
		{lenient.Rule{Type: lenient.RuleParamAlias, Path: "x.c", To: "a"}, wrapX(obj), `{"x":{"c":"1"}}`},
		{lenient.Rule{Type: lenient.RuleParamAlias, Path: "x.a", To: "c"}, wrapX(obj), `{"x":{"a":"-1"}}`},
		{lenient.Rule{Type: lenient.RuleTypeCoerce, Path: "x.b", CoerceTo: "bool"}, wrapX(obj), `{"x":{"b":"1"}}`},
		{lenient.Rule{Type: lenient.RuleTypeCoerce, From: "b", CoerceTo: "bool"}, obj, `{"b":"1"}`},
		{lenient.Rule{Type: lenient.RuleParamAlias, From: "c", To: "a"}, obj, `{"c":"1"}`},
	} {
		tc.rule.ID, tc.rule.Tools = "f", []string{"t"}
		own := []lenient.Rule{tc.rule}
		d := WithRules("t", parseMust(t, tc.schema), own)
		n, err := normalize.New(append(own, d.Rules...))
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := n.NormalizeJSON("t", []byte(tc.call))
		lv := validDerived(compileDerived(t, "file-lenient", d.Schema.Marshal()), []byte(tc.call))
		if after := err == nil && validDerived(compileDerived(t, "file-strict", []byte(tc.schema)), out); lv != after {
			t.Errorf("%s %s%s: %s lenient=%v, rules+strict=%v (out %s)\n rewrite %s", tc.rule.Type, tc.rule.From, tc.rule.Path, tc.call, lv, after, out, d.Schema.Marshal())
		}
	}
}
