package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// TestDeriveOtherMembersBesideDeclared: additionalProperties beside
// declared properties (CircleCI's workflows beside their version) holds
// the members the object does not declare: a rule at {} would read the
// declared ones too, so their rules step through the pattern of every
// other name (rulespec.AllNamesBut), which reads no declared member; the
// rewrite keeps additionalProperties as it is.
func TestDeriveOtherMembersBesideDeclared(t *testing.T) {
	root := `{"type":"object","properties":{"name":{"type":"string"},"n":{"type":"boolean"},"a.b":{"type":"string"}},"additionalProperties":{"type":"integer"}}`
	nested := wrapX(`{"type":"object","properties":{"stages":{"type":"array","items":{"type":"string"}}},` +
		`"additionalProperties":{"type":"object","properties":{"retry":{"type":"integer"},"script":{"type":"array","items":{"type":"string"}}}}}`)
	cases := []struct {
		schema string
		want   []string
	}{
		{root, []string{"type_coerce:" + rulespec.PathPattern("", rulespec.AllNamesBut([]string{"name", "n", "a.b"}))}},
		{nested, []string{
			"json_accept_both:" + rulespec.PathPattern("x", rulespec.AllNamesBut([]string{"stages"})),
			"type_coerce:" + rulespec.PathPattern("x", rulespec.AllNamesBut([]string{"stages"})) + ".retry",
			"json_accept_both:" + rulespec.PathPattern("x", rulespec.AllNamesBut([]string{"stages"})) + ".script",
		}},
	}
	for _, tc := range cases {
		d, _ := deriveNormalizer(t, "other", tc.schema)
		for _, want := range tc.want {
			if !slices.Contains(ruleKinds(d), want) {
				t.Errorf("no %s: rules %v, warnings %s", want, ruleKinds(d), warnings(d))
			}
		}
		for _, r := range ruleKinds(d) {
			if strings.Contains(r, "{}") {
				t.Errorf("a rule at {} reads the declared members too: %s", r)
			}
		}
		if !strings.Contains(string(d.Schema.Marshal()), `"additionalProperties"`) || strings.Contains(string(d.Schema.Marshal()), `"patternProperties"`) {
			t.Errorf("the rewrite should keep additionalProperties as it is: %s", d.Schema.Marshal())
		}
	}
	unionSound(t, []unionCase{
		{"root", root, []string{`{"name":"5"}`, `{"name":"5","k":"7"}`, `{"n":"true"}`, `{"n":true,"k":7}`, `{"k":"x"}`, `{"nam":"3"}`, `{"names":"3"}`,
			`{"":"1"}`, `{"a.b":"1"}`, `{"a":"1"}`, `{"a.b.c":"1"}`}},
		{"nested", nested, []string{`{"x":{"stages":["a"],"build":{"retry":"2","script":"[\"make\"]"}}}`, `{"x":{"stages":"[\"a\"]"}}`,
			`{"x":{"build":"{\"retry\":1}"}}`, `{"x":{"stage":"{\"retry\":\"1\"}"}}`}},
		// an undeclared member a condition tests, or a dependentSchemas'
		// schema holds: strict, as a pattern's would be
		{"tested", wrapX(`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"integer"},` +
			`"if":{"properties":{"k":{"const":1}},"required":["k"]},"then":{"required":["a"]}}`),
			[]string{`{"x":{"k":"1"}}`, `{"x":{"k":1}}`, `{"x":{"k":"1","a":"s"}}`, `{"x":{"j":"2"}}`}},
		{"dependent", wrapX(`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"integer"},` +
			`"dependentSchemas":{"a":{"properties":{"k":{"maximum":3}}}}}`),
			[]string{`{"x":{"a":"s","k":"9"}}`, `{"x":{"a":"s","k":9}}`, `{"x":{"k":"9"}}`}},
		// a union of two such objects: each declares a member the other
		// holds to its additionalProperties
		{"union", wrapX(`{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"integer"}},` +
			`{"type":"object","properties":{"b":{"type":"string"}},"additionalProperties":{"type":"integer"}}]}`),
			[]string{`{"x":{"a":"1"}}`, `{"x":{"b":"1"}}`, `{"x":{"c":"1"}}`, `{"x":{"a":"1","b":"1"}}`}},
	})

	// A rules file (WithRules) keeps the step at {}: its rules name
	// members by their paths as the strict schema has them.
	own := []lenient.Rule{{ID: "mine", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: "x.stages", CoerceTo: "int"}}
	for _, r := range WithRules("t", parseMust(t, nested), own).Rules {
		if strings.Contains(r.Path, `{"^`) {
			t.Errorf("with a rules file given, a rule steps through the other names' pattern: %s %s", r.Type, r.Path)
		}
	}
}

// TestDerivePatternMapOthers: a map whose pattern and
// additionalProperties hold every member to one schema (JReleaser's
// distributions: a pattern and additionalProperties each a $ref to one
// Distribution) reads every member at {}, though the size bound, spent
// on the pattern's copy, would keep the other a reference: both stand
// as the pattern's schema as inlined (mapMembers).
func TestDerivePatternMapOthers(t *testing.T) {
	defer func(b int) { tightBudget = b }(tightBudget)
	tightBudget = 3 // (D's objects: one copy alone)
	schema := `{"type":"object","properties":{"m":{"type":"object","patternProperties":{"^[a-z]+$":{"$ref":"#/$defs/D"}},"additionalProperties":{"$ref":"#/$defs/D","description":"any other"}}},` +
		`"$defs":{"D":{"type":"object","properties":{"n":{"type":"integer"}}}}}`
	d, n := deriveNormalizer(t, "others", schema)
	if !slices.Contains(ruleKinds(d), "type_coerce:m{}.n") {
		t.Errorf("no type_coerce at m{}.n: rules %v, warnings %s", ruleKinds(d), warnings(d))
	}
	out, _, err := n.NormalizeJSON("others", []byte(`{"m":{"a":{"n":"1"},"B-2":{"n":"2"}}}`))
	if err != nil || string(out) != `{"m":{"a":{"n":1},"B-2":{"n":2}}}` {
		t.Errorf("normalized to %s, %v", out, err)
	}
	if rw := string(d.Schema.Marshal()); strings.Contains(rw, `"$ref"`) || !strings.Contains(rw, `"any other"`) {
		t.Errorf("the rewrite should hold the pattern's schema twice, the description beside: %s", rw)
	}
}

// TestDerivePatternCopies: copies of one object schema at one place (a
// map's declared members beside its pattern, each given the pattern's
// schema: WashingtonPost's credits, "by" beside "^[a-zA-Z0-9_]*", each
// an author whose image holds related content under ".*") read the
// members a pattern of theirs matches as one schema would; two other
// schemas there (a union's branches) do not.
func TestDerivePatternCopies(t *testing.T) {
	n := `{"type":"object","properties":{"rc":{"type":"object","patternProperties":{"^x-":{"type":"integer"}}}}}`
	copies := `{"type":"object","properties":{"m":{"type":"object","properties":{"by":{"title":"By","type":"array","items":{"$ref":"#/$defs/n"}}},` +
		`"patternProperties":{"^[a-z_]*":{"type":"array","items":{"$ref":"#/$defs/n"}}}}},"$defs":{"n":` + n + `}}`
	d := deriveSound(t, unionCase{"copies", copies, []string{`{"m":{"by":[{"rc":{"x-a":"1"}}],"other":[{"rc":{"x-b":"2","y":"3"}}]}}`, `{"m":{"by":[{"rc":{"x-a":"z"}}]}}`}})
	if !slices.Contains(ruleKinds(d), `type_coerce:m{}[].rc{"^x-"}`) {
		t.Errorf(`no type_coerce at m{}[].rc{"^x-"}: rules %v, warnings %s`, ruleKinds(d), warnings(d))
	}
	same := wrapX(`{"anyOf":[` + n + `,` + n + `]}`)
	d = deriveSound(t, unionCase{"same", same, []string{`{"x":{"rc":{"x-a":"1"}}}`, `{"x":{"rc":{"x-a":1,"y":"2"}}}`}})
	if !slices.Contains(ruleKinds(d), `type_coerce:x.rc{"^x-"}`) {
		t.Errorf(`no type_coerce at x.rc{"^x-"}: rules %v, warnings %s`, ruleKinds(d), warnings(d))
	}
	other := wrapX(`{"anyOf":[` + n + `,{"type":"object","properties":{"rc":{"type":"object","patternProperties":{"^x-":{"type":"integer"}},"properties":{"x-a":{"type":"string"}}}}}]}`)
	d = deriveSound(t, unionCase{"other", other, []string{`{"x":{"rc":{"x-a":"1"}}}`, `{"x":{"rc":{"x-b":"1"}}}`}})
	if slices.ContainsFunc(ruleKinds(d), func(r string) bool { return strings.Contains(r, `{"^x-"}`) }) {
		t.Errorf("a rule reads a member another branch declares: %v", ruleKinds(d))
	}
}

// TestDeriveOtherNamesSurrogate: a declared name U+FFFD: Go reads a key
// that is a lone surrogate's escape ("\ud800") as it, where ECMAScript
// reads another name, which additionalProperties holds
// (rulespec.AllNamesBut writes no pattern then); found by review.
func TestDeriveOtherNamesSurrogate(t *testing.T) {
	ajvSound(t, []unionCase{{"fffd-name", wrapX(`{"type":"object","properties":{"\ufffd":{"type":"string"}},"additionalProperties":{"type":"integer"}}`),
		[]string{`{"x":{"\ud800":"5"}}`, `{"x":{"k":"5"}}`}}})
}

// TestDeriveOtherMembersReview: what review found of otherNames and the
// maps whose pattern and additionalProperties hold one schema; each
// case failed before its fix.
func TestDeriveOtherMembersReview(t *testing.T) {
	// A map whose pattern every name matches: its additionalProperties
	// holds no member, and no rule reads one for it.
	unionSound(t, []unionCase{
		{"every-true", wrapX(`{"type":"object","patternProperties":{".*":true},"additionalProperties":{"type":"integer"}}`), []string{`{"x":{"k":"5"}}`}},
		{"every-empty", wrapX(`{"type":"object","patternProperties":{".*":{}},"additionalProperties":{"type":"array","items":{"type":"integer"}}}`), []string{`{"x":{"k":["1"]}}`}},
		{"top-every-true", `{"type":"object","patternProperties":{".*":true},"additionalProperties":{"type":"integer"}}`, []string{`{"k":"5"}`}},
	})
	// A pattern and additionalProperties that name one recursive
	// definition: sound.
	rec := `{"type":"object","properties":{"x":{"type":"object","patternProperties":{"^[a-z]+$":{"$ref":"#/$defs/N"}},"additionalProperties":{"$ref":"#/$defs/N","description":"any other"}}},` +
		`"$defs":{"N":{"type":"object","properties":{"n":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/N"}}}}}}`
	// (the two are read apart, each at {}: two references kept at one
	// place, the recursion is read at its first depth, warned of)
	d := deriveSound(t, unionCase{"recursive-map", rec, []string{`{"x":{"k":{"kids":[{"n":"5"}]}}}`, `{"x":{"K-1":{"n":"1","kids":[{"kids":[{"n":"2"}]}]}}}`}})
	if !slices.Contains(ruleKinds(d), "type_coerce:x{}.n") {
		t.Errorf("recursive-map: no rule at its first depth: %v, warnings %s", ruleKinds(d), warnings(d))
	}
	if !strings.Contains(string(d.Schema.Marshal()), `"any other"`) {
		t.Errorf("recursive-map: additionalProperties' description is lost: %s", d.Schema.Marshal())
	}
	// A string enum beside declared properties: its values' letter case
	// read, as at {}.
	d = deriveSound(t, unionCase{"enum", wrapX(`{"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":{"type":"string","enum":["true","false","auto"]}}`),
		[]string{`{"x":{"k":"AUTO"}}`, `{"x":{"k":true}}`, `{"x":{"a":"1","k":"auto"}}`}})
	if !strings.Contains(strings.Join(ruleKinds(d), " "), "enum_") {
		t.Errorf("enum: no enum rule: %v, warnings %s", ruleKinds(d), warnings(d))
	}
	// A split pattern in a union elsewhere, of the same text as another
	// object's other names: its warning names patternProperties.
	d, _ = deriveNormalizer(t, "m", `{"type":"object","properties":{"x":{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"integer"}},`+
		`"y":{"anyOf":[{"type":"object","properties":{"a":{"type":"integer","minimum":0}},"patternProperties":{".*":{"type":"integer"}}},{"type":"object","properties":{"q":{"type":"string"}}}]}}}`)
	if w := warnings(d); strings.Contains(w, "members additionalProperties holds") || !strings.Contains(w, "patternProperties") {
		t.Errorf("y's patternProperties told as additionalProperties:\n%s", w)
	}
}

// TestDeriveCopiesReview: what the second review found; each failed
// before its fix. Copies of one object schema at one place read a
// pattern's members only where no copy's own context refuses them (a
// then's copy is read past its guard, another copy is not); a map whose
// pattern and additionalProperties name one recursive definition (the
// arguments, a definition) takes at every depth what its rules read.
func TestDeriveCopiesReview(t *testing.T) {
	rc := `{"type":"object","patternProperties":{"^x-":{"type":"integer"}}}`
	cond := `"if":{"type":"object","properties":{"k":{"const":"a"}},"required":["k"]}`
	o := `{"type":"object","properties":{"k":{"type":"string"}},"additionalProperties":{"type":"integer"}}`
	cases := []unionCase{
		{"then-self-pattern", `{"type":"object","properties":{"rc":{` + cond + `,"then":` + rc + `,"else":{"type":"object","properties":{"x-a":{"type":"string"}}},"anyOf":[` + rc + `]}}}`,
			[]string{`{"rc":{"x-a":"1"}}`, `{"rc":{"k":"b","x-a":"1"}}`, `{"rc":{"k":"a","x-a":"1"}}`}},
		{"then-self-others", `{"type":"object","properties":{"rc":{` + cond + `,"then":` + o + `,"else":{"type":"object","properties":{"z":{"type":"string"}}},"anyOf":[` + o + `]}}}`,
			[]string{`{"rc":{"z":"1"}}`, `{"rc":{"k":"a","z":"1"}}`}},
		{"map-root-rec", `{"type":"object","properties":{"n":{"type":"integer"},"m":{"type":"object","patternProperties":{"^a":{"$ref":"#"}},"additionalProperties":{"$ref":"#"}}}}`,
			[]string{`{"m":{"b":{"n":"5"}}}`, `{"m":{"a":{"m":{"b":{"n":"5"}}}}}`}},
		{"map-def-rec", `{"type":"object","properties":{"x":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"object","properties":{"n":{"type":"integer"},"m":{"type":"object","patternProperties":{"^a":{"$ref":"#/$defs/N"}},"additionalProperties":{"$ref":"#/$defs/N"}}}}}}`,
			[]string{`{"x":{"m":{"b":{"n":"5"}}}}`, `{"x":{"m":{"a":{"m":{"b":{"n":"5"}}}}}}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}
