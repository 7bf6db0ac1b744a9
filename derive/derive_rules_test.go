package derive

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"

	"github.com/normgen/normgen/normalize"
)

func TestApplyRules(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"},"mode":{"type":"string"}},"required":["query","mode"],"additionalProperties":false}`))
	if err != nil {
		t.Fatal(err)
	}
	ApplyRules("t", d.Schema, []lenient.Rule{
		{ID: "a", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "q", To: "query"},
		{ID: "b", Tools: []string{"*"}, Type: lenient.RuleParamDefault, From: "mode", Value: []byte(`"fast"`)},
		{ID: "c", Tools: []string{"other"}, Type: lenient.RuleParamAlias, From: "n", To: "limit"},
	})
	// The alias changes nothing in the schema (one name per parameter):
	// q is not declared, query stays required; the default takes mode
	// out of required.
	want := `{"type":"object","properties":{"query":{"type":"string"},"limit":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^(-?[0-9]+|null)?$"},{"type":"null"}]},"mode":{"type":"string"}},"required":["query"],"additionalProperties":false}`
	if got := string(d.Schema.Marshal()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestApplyRulesPaths: defaults at a rule path adjust the objects there,
// through arrays and union branches; aliases are never declared there.
func TestApplyRulesPaths(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{"items":{"type":"array","items":{"oneOf":[
		{"type":"object","properties":{"item_id":{"type":"integer"}},"required":["item_id"],"additionalProperties":false},
		{"type":"object","properties":{"node_id":{"type":"string"},"kind":{"type":"string"}},"required":["node_id","kind"],"additionalProperties":false}]}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	ApplyRules("t", d.Schema, []lenient.Rule{
		{ID: "a", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: "items[].itemId", To: "item_id"},
		{ID: "b", Tools: []string{"t"}, Type: lenient.RuleParamDefault, Path: "items[].kind", Value: []byte(`"x"`)},
	})
	want := `{"type":"object","properties":{"items":{"anyOf":[{"type":"array","items":{"anyOf":[{"type":"object","properties":{"item_id":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}},"required":["item_id"],"additionalProperties":false},{"type":"object","properties":{"node_id":{"type":"string"},"kind":{"type":"string"}},"required":["node_id"],"additionalProperties":false},{"type":"string"}]}},{"type":"string"},{"type":"null"}]}}}`
	if got := string(d.Schema.Marshal()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestApplyRulesSpelledPaths: a rule whose path quotes a member name
// (["a.b"]), holds a pattern step ({"^x-"}: patternProperties' values)
// or a group finds the schemas there, where the rule path parser reads
// them: the quoted name's string form, the pattern's values' string form
// are advertised, and a group's first depth too.
func TestApplyRulesSpelledPaths(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{"a.b":{"type":"string"},"o":{"type":"object","properties":{"x.y":{"type":"string"}},"patternProperties":{"^x-":{"type":"string"}}},"f":{"type":"object","properties":{"n":{"type":"string"}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		ApplyRules("t", d.Schema, []lenient.Rule{
			{ID: "a", Tools: []string{"t"}, Type: lenient.RuleValueAlias, From: "a.b", Value: []byte(`{"x":"y"}`)},
			{ID: "b", Tools: []string{"t"}, Type: lenient.RuleJSONAcceptBoth, Path: `o["x.y"]`, To: "string"},
			{ID: "c", Tools: []string{"t"}, Type: lenient.RuleJSONAcceptBoth, Path: `o{"^x-"}`, To: "string"},
			{ID: "d", Tools: []string{"t"}, Type: lenient.RuleJSONAcceptBoth, Path: `f(.m)*.n`, To: "string"},
		})
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("ApplyRules did not return")
	}
	got := string(d.Schema.Marshal())
	for _, want := range []string{
		`"x.y":{"anyOf":[{"type":"string"},{"type":"array","items":{}},{"type":"object"},{"type":"null"}]}`,
		`"^x-":{"anyOf":[{"type":"string"},{"type":"array","items":{}},{"type":"object"}]}`,
		`"n":{"anyOf":[{"type":"string"},{"type":"array","items":{}},{"type":"object"},{"type":"null"}]}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("schema %s\nholds no %s", got, want)
		}
	}
}

// TestDeriveWithOverlap: a rule of the rules file that writes a value a
// derived rule writes replaces that derived rule only; the other derived
// rules stay, the schema advertises what the replacing rule takes there,
// and a replacement that changes anything is warned about.
func TestDeriveWithOverlap(t *testing.T) {
	strict := `{"type":"object","properties":{"force":{"type":"boolean"},"limit":{"type":"integer"},"score":{"type":"number"},"items":{"type":"array","items":{"type":"integer"}}},"required":["force"]}`
	root, err := ParseNode([]byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		rules    []lenient.Rule
		replaced []string // derived rule ids left out
		warnings []string // warning texts
		want     string   // the lenient schema
	}{
		{"none", nil, nil, nil,
			`{"type":"object","properties":{"force":{"anyOf":[{"type":"boolean"},{"type":"string","pattern":"^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0)$"}]},"limit":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^(-?[0-9]+|null)?$"},{"type":"null"}]},"score":{"anyOf":[{"type":"number"},{"type":"string","pattern":"^(-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?|null)?$"},{"type":"null"}]},"items":{"anyOf":[{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}},{"type":"string"},{"type":"null"}]}},"required":["force"]}`},
		// mcp-filesystem-go-ultra's wildcard coercion: the same effect,
		// no warning, the same schema.
		{"same", []lenient.Rule{{ID: "force-bool-coerce", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "force", CoerceTo: "bool"}},
			[]string{"t.force.coerce"}, nil,
			`{"type":"object","properties":{"force":{"anyOf":[{"type":"boolean"},{"type":"string","pattern":"^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0)$"}]},"limit":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^(-?[0-9]+|null)?$"},{"type":"null"}]},"score":{"anyOf":[{"type":"number"},{"type":"string","pattern":"^(-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?|null)?$"},{"type":"null"}]},"items":{"anyOf":[{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}},{"type":"string"},{"type":"null"}]}},"required":["force"]}`},
		// The same on an optional value: its null_text and absent rules
		// stay, and so does its lenient form (normgen rules -catalog
		// -rules lost them, and "", "null" and null were refused).
		{"same optional", []lenient.Rule{{ID: "mine", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "limit", CoerceTo: "int"}},
			[]string{"t.limit.coerce"}, nil,
			`{"type":"object","properties":{"force":{"anyOf":[{"type":"boolean"},{"type":"string","pattern":"^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0)$"}]},"limit":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^(-?[0-9]+|null)?$"},{"type":"null"}]},"score":{"anyOf":[{"type":"number"},{"type":"string","pattern":"^(-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?|null)?$"},{"type":"null"}]},"items":{"anyOf":[{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}},{"type":"string"},{"type":"null"}]}},"required":["force"]}`},
		// Narrower or other coercions: what they read is advertised.
		{"other", []lenient.Rule{
			{ID: "strict", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "force", CoerceTo: "bool_strict"},
			{ID: "ints", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "score", CoerceTo: "int"},
			{ID: "lit", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: "items[]", CoerceTo: "int_literal"},
			{ID: "bad", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "limit", CoerceTo: "bool"}},
			[]string{"t.force.coerce", "t.limit.coerce", "t.score.coerce", "t.items[].coerce", "t.limit.null_text", "t.limit.absent", "t.score.null_text", "t.score.absent"},
			[]string{
				`t: force: rule "strict" of the rules file (type_coerce to bool_strict) replaces derived rule "t.force.coerce" (type_coerce to bool) here`,
				`t: limit: rule "bad" of the rules file (type_coerce to bool) replaces derived rule "t.limit.coerce" (type_coerce to int) here`,
				`t: score: rule "ints" of the rules file (type_coerce to int) replaces derived rule "t.score.coerce" (type_coerce to float) here`,
				`t: items[]: rule "lit" of the rules file (type_coerce to int_literal) replaces derived rule "t.items[].coerce" (type_coerce to int) here`,
				`t: limit: derived rule "t.limit.null_text" (null_text) left out: rule "bad" of the rules file (type_coerce to bool) replaces derived rule "t.limit.coerce" of this value, and the value is left as the strict schema has it`,
				`t: limit: derived rule "t.limit.absent" (absent) left out: rule "bad" of the rules file (type_coerce to bool) replaces derived rule "t.limit.coerce" of this value, and the value is left as the strict schema has it`,
				`t: score: derived rule "t.score.null_text" (null_text) left out: rule "ints" of the rules file (type_coerce to int) replaces derived rule "t.score.coerce" of this value, and the value is left as the strict schema has it`,
				`t: score: derived rule "t.score.absent" (absent) left out: rule "ints" of the rules file (type_coerce to int) replaces derived rule "t.score.coerce" of this value, and the value is left as the strict schema has it`,
				`t: limit: rule "bad" (type_coerce to bool): it makes bool values of strings, which this integer field does not take; not advertised`},
			`{"type":"object","properties":{"force":{"anyOf":[{"type":"boolean"},{"type":"string","pattern":"^(true|false)$"}]},"limit":{"type":"integer"},"score":{"anyOf":[{"type":"number"},{"type":"string","pattern":"^-?[0-9]+$"}]},"items":{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"string"},{"type":"null"}]}},"required":["force"]}`},
		// A rule taking a derived rule's id replaces it; a rule turning
		// the array into text contradicts the derived one (and is
		// warned about: the field then takes nothing).
		{"id and contradiction", []lenient.Rule{
			{ID: "t.limit.coerce", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "n", To: "limit"},
			{ID: "text", Tools: []string{"t"}, Type: lenient.RuleJSONAcceptBoth, From: "items"}},
			[]string{"t.limit.coerce", "t.items.json", "t.limit.null_text", "t.limit.absent", "t.items.null_text", "t.items.absent"},
			[]string{
				`t: limit: rule "t.limit.coerce" of the rules file (param_alias) replaces derived rule "t.limit.coerce" (type_coerce to int) here`,
				`t: items: rule "text" of the rules file (json_accept_both, a value to JSON text) replaces derived rule "t.items.json" (json_accept_both, JSON text to a value) here`,
				`t: limit: derived rule "t.limit.null_text" (null_text) left out: rule "t.limit.coerce" of the rules file (param_alias) replaces derived rule "t.limit.coerce" of this value, and the value is left as the strict schema has it`,
				`t: limit: derived rule "t.limit.absent" (absent) left out: rule "t.limit.coerce" of the rules file (param_alias) replaces derived rule "t.limit.coerce" of this value, and the value is left as the strict schema has it`,
				`t: items: derived rule "t.items.null_text" (null_text) left out: rule "text" of the rules file (json_accept_both, a value to JSON text) replaces derived rule "t.items.json" of this value, and the value is left as the strict schema has it`,
				`t: items: derived rule "t.items.absent" (absent) left out: rule "text" of the rules file (json_accept_both, a value to JSON text) replaces derived rule "t.items.json" of this value, and the value is left as the strict schema has it`,
				`t: items: rule "text" (json_accept_both, a value to JSON text): it turns the array or object this field takes into JSON text, which the field does not take: calls giving it are refused`},
			`{"type":"object","properties":{"force":{"anyOf":[{"type":"boolean"},{"type":"string","pattern":"^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0)$"}]},"limit":{"type":"integer"},"score":{"anyOf":[{"type":"number"},{"type":"string","pattern":"^(-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?|null)?$"},{"type":"null"}]},"items":{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}}},"required":["force"]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := WithRules("t", root, tc.rules)
			if got := string(d.Schema.Marshal()); got != tc.want {
				t.Errorf("schema:\n got %s\nwant %s", got, tc.want)
			}
			var replaced, warnings []string
			for _, r := range d.Replaced {
				replaced = append(replaced, r.Derived.ID)
				// (one left out with its value names the replaced one)
				if r.Along != "" && !slices.ContainsFunc(d.Replaced, func(x Replacement) bool { return x.Derived.ID == r.Along && x.Along == "" }) {
					t.Errorf("%s left out along %s, which is not replaced", r.Derived.ID, r.Along)
				}
			}
			for _, w := range d.Warnings {
				warnings = append(warnings, w.String())
			}
			if diff := cmp.Diff(tc.replaced, replaced); diff != "" {
				t.Errorf("replaced (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.warnings, warnings); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			// What is left loads beside the rules.
			if err := normalize.ValidateRules(append(append([]lenient.Rule(nil), tc.rules...), d.Rules...), nil); err != nil {
				t.Errorf("derived rules do not load beside the rules: %v", err)
			}
			if got := string(root.Marshal()); got != strict {
				t.Errorf("the strict schema was changed: %s", got)
			}
		})
	}
}

// TestApplyRulesWidens: rules that make the server take more make the
// schema admit it: a string field whose values json_accept_both turns
// into JSON text takes arrays and objects, a value alias's aliases join
// its enum (an array's items' too, read in any letter case as well; but
// not in an array of unique items), and an alias is
// declared where an object constrains the keys it does not declare.
func TestApplyRulesWidens(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{
		"edits_json":{"type":"string","description":"edits as JSON"},
		"pattern":{"type":"string","maxLength":10},
		"mode":{"type":"string","enum":["copy","move"]},
		"modes":{"type":"array","items":{"type":"string","enum":["copy","move"]}},
		"once":{"type":"array","items":{"type":"string","enum":["copy","move"]},"uniqueItems":true},
		"env":{"type":"object","properties":{"port":{"type":"integer"}},"required":["port"],"additionalProperties":{"type":"string"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	warnings := ApplyRules("t", d.Schema, []lenient.Rule{
		{ID: "edits", Tools: []string{"*"}, Type: lenient.RuleJSONAcceptBoth, From: "edits_json"},
		{ID: "pat", Tools: []string{"t"}, Type: lenient.RuleJSONAcceptBoth, From: "pattern"},
		{ID: "cp", Tools: []string{"t"}, Type: lenient.RuleValueAlias, From: "mode", Value: []byte(`{"cp":"copy","mv":"move","del":"delete"}`)},
		{ID: "cps", Tools: []string{"t"}, Type: lenient.RuleValueAlias, From: "modes", Value: []byte(`{"cp":"copy"}`)},
		{ID: "once", Tools: []string{"t"}, Type: lenient.RuleValueAlias, From: "once", Value: []byte(`{"cp":"copy"}`)},
		{ID: "p", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: "env.p", To: "port"},
	})
	wantSchema := `{"type":"object","properties":{` +
		`"edits_json":{"anyOf":[{"type":"string","description":"edits as JSON"},{"type":"array","items":{}},{"type":"object"},{"type":"null"}]},` +
		`"pattern":{"anyOf":[{"type":"string","maxLength":10},{"type":"null"}]},` +
		`"mode":{"anyOf":[{"type":"string","enum":["copy","move","cp","mv"]},{"type":"string","pattern":"^([cC][oO][pP][yY]|[mM][oO][vV][eE]|null)?$"},{"type":"null"}]},` +
		`"modes":{"anyOf":[{"type":"array","items":{"anyOf":[{"type":"string","enum":["copy","move","cp"]},{"type":"string","pattern":"^([cC][oO][pP][yY]|[mM][oO][vV][eE])$"}]}},{"type":"string"},{"type":"null"}]},` +
		`"once":{"anyOf":[{"type":"array","items":{"type":"string","enum":["copy","move"]},"uniqueItems":true},{"type":"string"},{"type":"null"}]},` +
		`"env":{"anyOf":[{"type":"object","properties":{"port":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}},"required":["port"],"additionalProperties":{"type":"string"}},{"type":"string"},{"type":"null"}]}}}`
	if got := string(d.Schema.Marshal()); got != wantSchema {
		t.Errorf("got  %s\nwant %s", got, wantSchema)
	}
	want := []string{
		`t: pattern: rule "pat" (json_accept_both, a value to JSON text): an array or object sent here becomes JSON text, which must also meet this string's constraints; not advertised`,
		`t: once: rule "once" (value_alias): its aliases are not advertised in an array whose items must be unique`,
	}
	var got []string
	for _, w := range warnings {
		got = append(got, w.String())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

// TestApplyRulesDefaultFits: a default makes its field optional only when
// its value fits the field (else a call leaving the field out would be
// refused): here 0 under minimum 1 and "c" outside the enum keep theirs
// required, with a warning; "5" fits an integer's string form.
func TestApplyRulesDefaultFits(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{
		"n":{"type":"integer","minimum":1},"m":{"type":"integer"},
		"mode":{"type":"string","enum":["a","b"]},"name":{"type":"string","maxLength":6},
		"steps":{"type":"array","items":{"type":"object","properties":{"id":{"type":"string","pattern":"^step-[0-9]+$"}},"required":["id"]}},
		"opt":{"type":"integer","minimum":1}},
		"required":["n","m","mode","name"]}`))
	if err != nil {
		t.Fatal(err)
	}
	warnings := ApplyRules("t", d.Schema, []lenient.Rule{
		{ID: "n", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "n", Value: []byte(`0`)},
		{ID: "m", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "m", Value: []byte(`"5"`)},
		{ID: "mode", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "mode", Value: []byte(`"c"`)},
		{ID: "name", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "name", Value: []byte(`"abc"`)},
		{ID: "id", Tools: []string{"t"}, Type: lenient.RuleParamDefault, Path: "steps[].id", Value: []byte(`"step-{{index}}"`)},
		{ID: "opt", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "opt", Value: []byte(`0`)},
	})
	var got []string
	for _, w := range warnings {
		got = append(got, w.String())
	}
	want := []string{
		`t: n: rule "n" (param_default): its value 0 does not fit the field's schema; the field stays required`,
		`t: mode: rule "mode" (param_default): its value "c" does not fit the field's schema; the field stays required`,
		// (an optional field was never required: found by a newcomer's trial)
		`t: opt: rule "opt" (param_default): its value 0 does not fit the field's schema; a call that leaves the field out gets it, and the server may refuse it; correct the default`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	if req := string(d.Schema.Get("required").Marshal()); req != `["n","mode"]` {
		t.Errorf("required %s", req)
	}
	if items := objectsAt(d.Schema, "steps[]"); len(items) != 1 || items[0].Get("required") != nil {
		t.Errorf("steps[].id still required: %s", d.Schema.Marshal())
	}
}

// TestApplyRulesDefaultUnjudged: a default whose fit the field's schema
// holds to a keyword fits does not read (multipleOf, not, an object's
// required, an array's minItems or items, an allOf's bound, a template's
// expansions past maxLength or outside a pattern at some index) keeps the
// field required, with a warning: un-required, a call that left it out
// was admitted and then refused (found by review). One it reads in full
// (a union's one branch it may match, annotations) is un-required.
func TestApplyRulesDefaultUnjudged(t *testing.T) {
	for _, tc := range []struct {
		field, value, kw string
	}{
		{`{"type":"integer","multipleOf":5}`, `3`, "multipleOf"},
		{`{"type":"integer","not":{"const":3}}`, `3`, "not"},
		{`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`, `{}`, "properties"},
		{`{"type":"array","minItems":1}`, `[]`, "minItems"},
		{`{"type":"array","items":{"type":"string"}}`, `[1]`, "items"},
		{`{"type":"integer","allOf":[{"minimum":10}]}`, `3`, ""},
		{`{"allOf":[{"type":"integer"},{"multipleOf":2}]}`, `3`, "multipleOf"},
		{`{"type":"string","maxLength":6}`, `"step-{{index}}"`, "maxLength"},
		{`{"type":"string","pattern":"^step-[0-9]$"}`, `"step-{{index}}"`, "pattern"},
		{`{"type":"string","pattern":"^step-[0-8]+$"}`, `"step-{{index}}"`, "pattern"},
		{`{"oneOf":[{"type":"integer"},{"type":"number","minimum":0}]}`, `3`, "oneOf"},
		{`{"$ref":"#/$defs/N"}`, `3`, "$ref"},
		// sure
		{`{"type":"integer","minimum":1,"description":"n","format":"int32"}`, `3`, "-"},
		{`{"anyOf":[{"type":"string"},{"type":"integer","multipleOf":5}]}`, `"x"`, "-"},
		{`{"oneOf":[{"type":"string"},{"type":"integer","multipleOf":5}]}`, `"x"`, "-"},
		{`{"type":"string","pattern":"^step-[0-9]+$"}`, `"step-{{index}}"`, "-"},
		{`{"type":"string","maxLength":3}`, `"abc"`, "-"},
	} {
		schema := `{"type":"object","properties":{"f":` + tc.field + `},"required":["f"],"$defs":{"N":{"type":"integer","multipleOf":5}}}`
		s, err := ParseNode([]byte(schema))
		if err != nil {
			t.Fatal(err)
		}
		w := ApplyRules("t", s, []lenient.Rule{{ID: "d", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "f", Value: []byte(tc.value)}})
		required := s.Get("required") != nil && len(s.Get("required").Items()) == 1
		switch {
		case tc.kw == "-" && (required || len(w) > 0):
			t.Errorf("%s, default %s: required %v, warnings %v; want it un-required", tc.field, tc.value, required, w)
		case tc.kw == "" && (!required || len(w) != 1 || !strings.Contains(w[0].Message, "does not fit")):
			// (fits reads an allOf's bounds itself)
			t.Errorf("%s, default %s: required %v, warnings %v; want it required, not fitting", tc.field, tc.value, required, w)
		case tc.kw != "-" && tc.kw != "" && (!required || len(w) != 1 || !strings.Contains(w[0].Message, "cannot tell whether its value "+tc.value+" fits the field's schema (its "+tc.kw+")")):
			t.Errorf("%s, default %s: required %v, warnings %v; want it required, for its %s", tc.field, tc.value, required, w, tc.kw)
		}
	}
}

// TestApplyRulesBooleanValue: a type_coerce rule applied to a boolean
// held to one value advertises that value's texts alone, as the deriver
// does (TestDeriveBooleanValue); a const a draft-04 document does not
// read, both values'.
func TestApplyRulesBooleanValue(t *testing.T) {
	for _, tc := range []struct{ schema, rule, want string }{
		{`{"type":"object","properties":{"x":{"type":"boolean","const":true}}}`, "bool", truePattern},
		{`{"type":"object","properties":{"x":{"type":"boolean","enum":[false]}}}`, "bool_strict", strictFalsePattern},
		{`{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"x":{"type":"boolean","const":true}}}`, "bool", lenientimpl.BoolPattern},
	} {
		s, err := ParseNode([]byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		if w := ApplyRules("t", s, []lenient.Rule{{ID: "c", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "x", CoerceTo: tc.rule}}); len(w) > 0 {
			t.Errorf("%s: warnings %v", tc.schema, w)
		}
		if got, _ := s.Get("properties").Get("x").Get("anyOf").Items()[1].Get("pattern").AsString(); got != tc.want {
			t.Errorf("%s: pattern %q, want %q (%s)", tc.schema, got, tc.want, s.Marshal())
		}
	}
	// (a branch that names no type but holds booleans alone is a
	// boolean's; a coercion of text a string field takes as it is is
	// said: the rule changes calls the field takes, found by review)
	s, err := ParseNode([]byte(`{"type":"object","properties":{"x":{"anyOf":[{"enum":[true]},{"type":"object"}]},"s":{"type":"string"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	w := ApplyRules("t", s, []lenient.Rule{{ID: "c", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "x", CoerceTo: "bool"},
		{ID: "d", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "s", CoerceTo: "int"}})
	if got := string(s.Get("properties").Get("x").Marshal()); !strings.Contains(got, truePattern) {
		t.Errorf("typeless boolean branch: %s", got)
	}
	if len(w) != 1 || !strings.Contains(w[0].Message, `rule "d"`) || !strings.Contains(w[0].Message, `strings this field takes as they are ("5"): calls sending such text here are changed`) {
		t.Errorf("warnings %v, want one on rule d", w)
	}
}

// TestWithRulesAliasOfDeclared: a rules file's alias whose key is a
// declared property is warned of (a call giving it has its value moved),
// and every derived rule WithRules passes on loads beside the file's:
// the misnamed_key rule of its object, which read the key as a spelling
// of the alias's field, is left out (found by review: it was passed on,
// failed to load, and every tool of the adapter lost its leniency).
func TestWithRulesAliasOfDeclared(t *testing.T) {
	root, err := ParseNode([]byte(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"n":{"type":"integer"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	own := []lenient.Rule{{ID: "al", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "a", To: "b"}}
	d := WithRules("t", root, own)
	if probs := rulespec.Validate(append(slices.Clone(own), d.Rules...), nil); len(probs) > 0 {
		t.Errorf("derived rules that do not load beside the file's: %v", probs)
	}
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleTypeCoerce && r.From == "n" }) {
		t.Errorf("n's coercion not passed on: %v", d.Rules)
	}
	if !slices.ContainsFunc(d.Warnings, func(w Warning) bool {
		return strings.Contains(w.Message, `rule "al" (param_alias): its key "a" is a property the schema declares`)
	}) {
		t.Errorf("no warning names the alias of a declared property: %v", d.Warnings)
	}
}

// TestWithRulesAliasToVariant: a rules file's alias whose target is a
// spelling variant of a declared property (file_path beside filePath)
// gets no derived alias from that target, which would make a chain the
// rules' order decides and which the rules refuse to load: the adapters
// then left every tool strict (found by review).
func TestWithRulesAliasToVariant(t *testing.T) {
	root, err := ParseNode([]byte(`{"type":"object","properties":{"filePath":{"type":"string"},"n":{"type":"integer"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	own := []lenient.Rule{{ID: "mine", Tools: []string{"*"}, Type: lenient.RuleParamAlias, From: "path", To: "file_path"}}
	d := WithRules("t", root, own)
	if probs := rulespec.Validate(append(slices.Clone(own), d.Rules...), nil); len(probs) > 0 {
		t.Errorf("derived rules that do not load beside the file's: %v", probs)
	}
	if slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleParamAlias && r.From == "file_path" }) {
		t.Errorf("a derived alias from the file's target: %v", d.Rules)
	}
}

// TestApplyRulesFloatOnInteger: a rules file's float coercion on an
// integer field advertises the integer texts it reads, as JSON writes
// them: "05", which it leaves as it is for the integer to refuse, is not
// admitted (found by review: the integer pattern admitted it). Each text
// the advertised pattern admits becomes an integer.
func TestApplyRulesFloatOnInteger(t *testing.T) {
	s, err := ParseNode([]byte(`{"type":"object","properties":{"n":{"type":"integer"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	rule := lenient.Rule{ID: "f", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: "float"}
	if w := ApplyRules("t", s, []lenient.Rule{rule}); len(w) > 0 {
		t.Fatalf("warnings %v", w)
	}
	p, _ := s.Get("properties").Get("n").Get("anyOf").Items()[1].Get("pattern").AsString()
	re := regexp.MustCompile(p)
	n, err := normalize.New([]lenient.Rule{rule})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"0", "5", "-7", "05", "-0", "00", "1e2", "5.0", "12345678901234"} {
		out, _, err := n.NormalizeJSON("t", []byte(`{"n":"`+text+`"}`))
		converted := err == nil && !strings.Contains(string(out), `"n":"`)
		if re.MatchString(text) && !converted {
			t.Errorf("%q: the pattern %s admits it, and the rule leaves it: %s %v", text, p, out, err)
		}
	}
	if re.MatchString("05") {
		t.Errorf("pattern %s admits \"05\"", p)
	}
}

// TestDeriveWithOverlapGuarded: a rule of the file that does what a
// derived rule past a guard does (the then of a discriminated branch)
// replaces it silently, and the value keeps its other derived rules and
// its lenient form, as one without a guard does.
func TestDeriveWithOverlapGuarded(t *testing.T) {
	root, err := ParseNode([]byte(`{"type":"object","properties":{"x":{"type":"object","required":["kind"],"allOf":[{"if":{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind"]},"then":{"properties":{"port":{"type":"integer"}}}}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	plain := FromNode("t", root)
	var guarded []string
	for _, r := range plain.Rules {
		if strings.HasSuffix(r.Path, ".port") {
			guarded = append(guarded, string(r.Type)+" "+r.Path)
		}
	}
	if !slices.Contains(guarded, `type_coerce x<"kind"="a">.port`) {
		t.Fatalf("no guarded coercion of port derived: %q", guarded)
	}
	d := WithRules("t", root, []lenient.Rule{{ID: "mine", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: "x.port", CoerceTo: "int"}})
	if len(d.Warnings) > 0 {
		t.Errorf("warnings: %v", d.Warnings)
	}
	var kept []string
	for _, r := range d.Rules {
		if strings.HasSuffix(r.Path, ".port") {
			kept = append(kept, string(r.Type)+" "+r.Path)
		}
	}
	if want := slices.DeleteFunc(slices.Clone(guarded), func(s string) bool { return strings.HasPrefix(s, "type_coerce ") }); !slices.Equal(kept, want) {
		t.Errorf("port's rules beside the file's coercion: %q, want %q", kept, want)
	}
	if got, want := string(d.Schema.Marshal()), string(plain.Schema.Marshal()); got != want {
		t.Errorf("schema:\n got %s\nwant %s", got, want)
	}
}

// TestApplyRulesNamesNothing checks that a rule whose path names no value
// of the schema is warned of, naming the step: a param_default for a
// misspelt limit2 added the key to every call, which the misnamed_key
// rule then refused ("did you mean limit?"), and a coercion at a
// misspelt path never ran, in silence (found by a newcomer's trial). A
// path through a map, a pattern, a $ref or a group is not judged.
func TestApplyRulesNamesNothing(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{"limit":{"type":"integer"},"assignee":{"type":"object","properties":{"id":{"type":"integer"}}},"labels":{"type":"object","additionalProperties":{"type":"string"}},"tags":{"type":"array","items":{"type":"string"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	warns := ApplyRules("t", d.Schema, []lenient.Rule{
		{ID: "d", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "limit2", Value: []byte(`5`)},
		{ID: "c", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: "assignee.idd", CoerceTo: "int"},
		{ID: "a", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "name", To: "titel"},
		{ID: "w", Tools: []string{"t"}, Type: lenient.RuleWrap, Path: "limit[]"},
		// named: a declared value, a map's key, an alias's key (never declared)
		{ID: "ok1", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: "assignee.id", CoerceTo: "int"},
		{ID: "ok2", Tools: []string{"t"}, Type: lenient.RuleParamDefault, Path: "labels.team", Value: []byte(`"x"`)},
		{ID: "ok3", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "max", To: "limit"},
		{ID: "ok4", Tools: []string{"other"}, Type: lenient.RuleTypeCoerce, From: "nope", CoerceTo: "int"},
		// a wildcard rule is for the tools that have its value, and a
		// secret hides a key the schema need not declare (found by a
		// review)
		{ID: "ok5", Tools: []string{"*"}, Type: lenient.RuleParamAlias, From: "old_str", To: "old_text"},
		{ID: "ok6", Tools: []string{"t"}, Type: lenient.RuleSecret, From: "api_key"},
	})
	var got []string
	for _, w := range warns {
		got = append(got, w.Path+": "+w.Message)
	}
	want := []string{
		`limit2: rule "d" (param_default): limit2 is no value the schema declares: the default adds it to every call that leaves it out, which the server may refuse; check the rule's path`,
		`assignee.idd: rule "c" (type_coerce to int): assignee.idd is no value the schema declares: the rule never applies; check the rule's path`,
		`name: rule "a" (param_alias): titel is no value the schema declares: the alias moves name's value there; check the rule's to`,
		`limit[]: rule "w" (wrap): limit[] is no value the schema declares: the rule never applies; check the rule's path`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

// TestCatalogRulesNameNoTool checks that a hand rule naming a tool the
// catalog does not have is warned about, with the name it is near: a
// rule for list_ticket loaded and never applied, silently (found by a
// newcomer's trial).
func TestCatalogRulesNameNoTool(t *testing.T) {
	c, err := Catalog([]byte(`[{"name":"list_tickets","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}]`))
	if err != nil {
		t.Fatal(err)
	}
	c.ApplyRules([]lenient.Rule{
		{ID: "a", Tools: []string{"list_ticket", "list_tickets"}, Type: lenient.RuleParamAlias, From: "m", To: "n"},
		{ID: "b", Tools: []string{"*"}, Type: lenient.RuleParamAlias, From: "count", To: "n"},
		{ID: "c", Tools: []string{"close_ticket"}, Type: lenient.RuleParamAlias, From: "x", To: "n"},
	})
	var got []string
	for _, w := range c.Warnings {
		got = append(got, w.String())
	}
	want := []string{
		`list_ticket: rule "a": the catalog has no tool list_ticket, so the rule never applies to it; did you mean list_tickets?`,
		`close_ticket: rule "c": the catalog has no tool close_ticket, so the rule never applies to it`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}
