package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// scalarUnions is a tool whose fields are unions of one scalar type
// beside strings: read where no string they take is a text the scalar's
// string form reads (x, y, b, i; l beside an array too, as ESLint writes
// a rule's level; na and bo beside arrays and objects alone, whose JSON
// text is read too; dp, a oneOf of a number and a typeless const, which
// no value matches both of: an anyOf), else left strict with a warning
// (bt, ip, nn, iy; de, a oneOf whose enum holds an integer too); bm, ic
// and ni beside patterns that match a part of none of those texts; a string
// branch that takes every such text already (z) has nothing to coerce. TestDeriveEquivalence runs it too.
const scalarUnions = `{"type":"object","properties":{
 "x":{"oneOf":[{"type":"number"},{"type":"string","enum":["NE"]}]},
 "y":{"oneOf":[{"type":"number"},{"type":"string","pattern":"^\\[.*\\]$"}]},
 "z":{"type":["number","string"],"minLength":1},
 "b":{"anyOf":[{"type":"boolean"},{"type":"string","enum":["auto","NE"]},{"type":"null"}]},
 "i":{"anyOf":[{"type":"integer","minimum":0},{"const":"x"},{"type":"string","pattern":"^(#|[a-z])"}]},
 "bt":{"oneOf":[{"type":"boolean"},{"type":"string","enum":["true","auto"]}]},
 "ip":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^#?[a5]"}]},
 "nn":{"anyOf":[{"type":"number"},{"type":"string","enum":["null","x"]},{"type":"null"}]},
 "a":{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"string","enum":["all","none"]}]}},
 "l":{"oneOf":[{"type":"integer","minimum":0,"maximum":2},{"type":"string","enum":["off","warn","error"]},{"type":"array"}]},
 "na":{"anyOf":[{"type":"number"},{"type":"array","items":{"type":"number"}},{"type":"null"}]},
 "bo":{"oneOf":[{"type":"boolean"},{"type":"object","properties":{"n":{"type":"integer"}}}]},
 "dp":{"oneOf":[{"type":"number","exclusiveMinimum":0},{"const":"full"}],"default":50},
 "de":{"oneOf":[{"type":"integer"},{"enum":["all",1]}]},
 "bm":{"anyOf":[{"type":"boolean"},{"type":"string","pattern":"\\{\\{.*\\}\\}"}]},
 "ic":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^(?:[0-9]+|\\*):[0-9]+$"}]},
 "ni":{"anyOf":[{"type":"number"},{"type":"string","pattern":"^[+-]Infinity$"},{"type":"null"}]},
 "iy":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"20[0-9]{2}"}]}
}}`

// TestDeriveScalarUnion: a union of one scalar type beside strings that
// its string form's texts never are (an enum or const of other texts, an
// anchored pattern whose first character none of them starts with) gets
// the scalar's type_coerce rule and string form, as a lone scalar does;
// one whose strings may be such a text is left strict with a warning
// that says so, never in silence.
func TestDeriveScalarUnion(t *testing.T) {
	// (a format apart: AJV's harness knows none)
	d, err := Tool("t", []byte(strings.Replace(scalarUnions, `"x":`, `"f":{"anyOf":[{"type":"number"},{"type":"string","format":"date"}]},"x":`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	coerced := map[string]string{}
	for _, r := range d.Rules {
		if r.Type == lenient.RuleTypeCoerce {
			coerced[r.From+r.Path] = r.CoerceTo
		}
	}
	warns := map[string]string{}
	for _, w := range d.FieldWarnings() {
		warns[w.Path] = w.Message
	}
	for _, tc := range []struct{ path, coerce, warn string }{
		{"x", "float", ""},
		{"y", "float", ""},
		{"z", "", ""},
		{"b", "bool", ""},
		{"i", "int", ""},
		{"a[]", "int", ""},
		{"l", "int", ""},
		{"na", "float", ""},
		{"bo", "bool", ""},
		{"dp", "float", ""},
		{"de", "", "integer left strict: the deriver does not rewrite its oneOf: a type_coerce or json_accept_both rule reads a value of one type (maybe null), an anyOf of arrays and objects alone, or one beside strings that are never their JSON text"},
		{"bt", "", `boolean left strict: a string branch takes "true", which its string form reads`},
		{"ip", "", "integer left strict: a string branch's pattern may take its string form"},
		{"nn", "", `number left strict: a string branch takes "null", which its string form reads`},
		{"f", "", `number left strict: a string branch held by "format" may take its string form`},
		{"bm", "bool", ""},
		{"ic", "int", ""},
		{"ni", "float", ""},
		{"iy", "", "integer left strict: a string branch's pattern may take its string form"},
	} {
		if coerced[tc.path] != tc.coerce || warns[tc.path] != tc.warn {
			t.Errorf("%s: coerce %q, warning %q; want %q, %q", tc.path, coerced[tc.path], warns[tc.path], tc.coerce, tc.warn)
		}
	}
	for _, path := range []string{"na", "bo"} { // (their arrays' and objects' JSON text too)
		if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.From == path && r.Type == lenient.RuleJSONAcceptBoth }) {
			t.Errorf("%s: no json_accept_both rule", path)
		}
	}
	props := d.Schema.Get("properties")
	for path, want := range map[string]string{
		"x": `{"anyOf":[{"type":"number"},{"type":"string","enum":["NE"]},{"type":"string","pattern":"^([nN][eE]|null)?$"},{"type":"string","pattern":"^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$"},{"type":"null"}]}`,
		"b": `{"anyOf":[{"type":"boolean"},{"type":"string","enum":["auto","NE"]},{"type":"string","pattern":"^([aA][uU][tT][oO]|[nN][eE]|null)?$"},{"type":"string","pattern":"^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0|null)$"},{"type":"null"}]}`,
	} {
		if got := string(props.Get(path).Marshal()); got != want {
			t.Errorf("%s:\n got %s\nwant %s", path, got, want)
		}
	}
}

// TestPatternRulesOut: a pattern proves a string form's texts out only
// where every match starts, right after ^, with a character none of
// them starts with.
func TestPatternRulesOut(t *testing.T) {
	for p, want := range map[string]bool{
		`^\[.*\]$`:   true,
		`^#`:         true,
		`^(#|[a-m])`: true,
		`^(#|[a-z])`: false,
		`^a|^b`:      true,
		`(^a|^b)c`:   true,
		`^a+`:        true,
		`^a?b`:       true,
		`^a?`:        false,
		`\[`:         false,
		`^[^a]`:      false,
		`^.`:         false,
		`^\d`:        false,
		`^a|b`:       false,
		`^(a|5)`:     false,
		`^-`:         false,
		`^(?!x)a`:    false,
		`^`:          false,
		`^[n-z]`:     false,
		`^(?i)n`:     false,
		`\Aa`:        false,
	} {
		if got := patternRulesOut(p, scalarStart("number", true)); got != want {
			t.Errorf("%s: %v, want %v", p, got, want)
		}
	}
	if !strings.Contains(scalarStart("boolean", false), "y") {
		t.Error("a boolean's text may start with y")
	}
}

// TestDeriveDisjointDrafts: a oneOf is read as an anyOf only where its
// branches' types differ as every reader reads them. Draft-04 has no
// const (its validators read {"const":"full"} as {}, which takes every
// value), and draft-07 ignores a $ref's siblings (an enum beside one):
// such a branch's types are not known, the oneOf stays as it is, and
// {"x":"5"}, which it takes, is never made 5 (found by review).
func TestDeriveDisjointDrafts(t *testing.T) {
	calls := []string{`{"x":5}`, `{"x":"5"}`, `{"x":"full"}`, `{"x":"other"}`}
	unionSound(t, []unionCase{
		{name: "const-draft-04", schema: `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"x":{"oneOf":[{"type":"number"},{"const":"full"}]}}}`, calls: calls},
		{name: "ref-sibling-draft-07", schema: `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"oneOf":[{"type":"number"},{"$ref":"#/definitions/n","enum":["full"]}]}},"definitions":{"n":{}}}`, calls: calls},
		// (an anyOf needs no disjoint branches: scalarBeside,
		// jsonTextStarts and the discriminators read the const)
		{name: "any-const-draft-04", schema: `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"x":{"anyOf":[{"type":"number"},{"const":"full"}]}}}`, calls: calls},
		{name: "any-string-const-draft-04", schema: `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"x":{"anyOf":[{"type":"number"},{"type":"string","const":"full"}]}}}`, calls: calls},
		{name: "text-const-draft-04", schema: `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"x":{"anyOf":[{"type":"array","items":{"type":"integer"}},{"const":"all"}]}}}`,
			calls: []string{`{"x":[1]}`, `{"x":"[1]"}`, `{"x":"all"}`, `{"x":" [2]"}`}},
		{name: "guard-const-draft-04", schema: `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"s":{"oneOf":[
			{"type":"object","required":["kind","n"],"properties":{"kind":{"type":"string","const":"a"},"n":{"type":"integer"}}},
			{"type":"object","required":["kind"],"properties":{"kind":{"type":"string","const":"b"}}}]}}}`,
			calls: []string{`{"s":{"kind":"a","n":5}}`, `{"s":{"kind":"a","n":"5"}}`, `{"s":{"kind":"b","n":"5"}}`, `{"s":{"kind":"b"}}`}},
		// (a $ref's siblings, which draft-07 ignores: the branch is its
		// target's, any value; found by a longer corpus scan,
		// circleciconfig's steps)
		{name: "text-ref-enum-draft-07", schema: `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"type":"array","items":{"anyOf":[{"$ref":"#/definitions/doc","enum":["checkout"]},{"type":"object","properties":{"run":{"type":"string"}}}]}}},"definitions":{"doc":{"description":"a step"}}}`,
			calls: []string{`{"x":["{\"run\":\"a\"}"]}`, `{"x":[{"run":"a"}]}`, `{"x":["checkout"]}`}},
		{name: "scalar-ref-enum-draft-07", schema: `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"anyOf":[{"$ref":"#/definitions/doc","type":"string","enum":["all"]},{"type":"integer"}]}},"definitions":{"doc":{"description":"a value"}}}`,
			calls: []string{`{"x":"5"}`, `{"x":5}`, `{"x":"all"}`}},
		{name: "containers-ref-array-draft-07", schema: `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"anyOf":[{"type":"integer"},{"$ref":"#/definitions/doc","type":"array","items":{"type":"integer"}}]}},"definitions":{"doc":{"description":"a value"}}}`,
			calls: []string{`{"x":"5"}`, `{"x":5}`, `{"x":"[1]"}`, `{"x":[1]}`}},
		{name: "arrays-ref-draft-07", schema: `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"$ref":"#/definitions/doc","type":"array","items":{"type":"integer"}}]}},"definitions":{"doc":{"description":"a value"}}}`,
			calls: []string{`{"x":"[1]"}`, `{"x":[1]}`, `{"x":"{\"n\":1}"}`, `{"x":{"n":"1"}}`}},
		{name: "enum-case-ref-integer-draft-07", schema: `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"anyOf":[{"$ref":"#/definitions/s","type":"integer"},{"type":"string","enum":["Fast","Slow"]}]}},"definitions":{"s":{"type":"string"}}}`,
			calls: []string{`{"x":"fast"}`, `{"x":"Fast"}`, `{"x":5}`, `{"x":"5"}`}},
		{name: "object-beside-const-draft-04", schema: `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"x":{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"const":"x"}]}}}`,
			calls: []string{`{"x":{"n":5}}`, `{"x":{"n":"5"}}`, `{"x":"x"}`, `{"x":"[1]"}`}},
		{name: "oneOf-object-beside-const-draft-04", schema: `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"x":{"oneOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"const":"x"}]}}}`,
			calls: []string{`{"x":{"n":5}}`, `{"x":{"n":"5"}}`, `{"x":"x"}`}},
	})
}

// TestDeriveScalarBesideOtherTypesKeywords: a number's, integer's or
// boolean's string form is read beside keywords that hold only objects
// or arrays (required, additionalProperties, properties, items), which
// hold neither the value nor its string form, and a boolean's beside an
// enum of both booleans, which holds it to nothing, or of one, whose
// texts alone it advertises (TestDeriveBooleanValue); not beside
// draft-03's required: true (the field required, which the deriver does
// not read).
func TestDeriveScalarBesideOtherTypesKeywords(t *testing.T) {
	schema := `{"type":"object","properties":{"n":{"type":"integer","required":["z"],"additionalProperties":false},"b":{"type":"boolean","enum":[true,false]},` +
		`"c":{"type":"boolean","enum":[true]},"m":{"type":"number","items":{"type":"string"},"properties":{}}}}`
	d, _ := deriveNormalizer(t, "other", schema)
	for _, f := range []string{"n", "b", "c", "m"} {
		if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleTypeCoerce && r.From == f }) {
			t.Errorf("%s: no type_coerce rule; warnings %s", f, warnings(d))
		}
	}
	if d3, _ := deriveNormalizer(t, "draft-03", `{"type":"object","properties":{"n":{"type":"integer","required":true}}}`); slices.ContainsFunc(d3.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleTypeCoerce && r.From == "n" }) {
		t.Errorf("n: a type_coerce rule beside draft-03's required: true")
	}
	unionSound(t, []unionCase{{name: "other", schema: schema, calls: []string{`{"n":"5"}`, `{"n":5}`, `{"b":"true"}`, `{"b":"no"}`,
		`{"c":"false"}`, `{"c":"true"}`, `{"m":"1.5"}`, `{"m":"x"}`}}})
}

// TestDeriveIntegerOrNumber: pydantic's int | float (an anyOf of an
// integer and a number, maybe null, maybe beside a list or a model, maybe
// beside a Literal) reads a number's text as a number, which one of its
// branches takes: JSON Schema reads 5 and 5.0 as an integer. Two
// branches of one type read as one. A oneOf of them is left strict (5
// matches both, which it refuses). A number beside a boolean reads
// "true" and "false" as the boolean alone (bool_strict: "1" is the
// number; TestDeriveNumberOrBoolean).
func TestDeriveIntegerOrNumber(t *testing.T) {
	calls := []string{`{"x":5}`, `{"x":"5"}`, `{"x":"5.5"}`, `{"x":5.5}`, `{"x":"-1e3"}`, `{"x":null}`, `{"x":"null"}`,
		`{"x":""}`, `{"x":"five"}`, `{"x":true}`, `{"x":"true"}`, `{"x":[1]}`, `{"x":"[1]"}`, `{"x":{"n":1}}`, `{"x":"{\"n\":\"1\"}"}`}
	cases := []unionCase{
		{"int-float", wrapX(`{"anyOf":[{"type":"integer"},{"type":"number"}],"title":"X"}`), calls},
		{"optional", wrapX(`{"anyOf":[{"type":"integer","minimum":0},{"type":"number","maximum":10},{"type":"null"}],"default":null}`), calls},
		{"float-int", `{"type":"object","properties":{"x":{"anyOf":[{"type":"number"},{"type":"integer"}]}},"required":["x"]}`, calls},
		{"two-integers", wrapX(`{"anyOf":[{"type":"integer","maximum":-1},{"type":"integer","minimum":1}]}`), []string{`{"x":"5"}`, `{"x":5}`, `{"x":"-5"}`}},
		{"with-list", wrapX(`{"anyOf":[{"type":"integer"},{"type":"number"},{"type":"array","items":{"type":"integer"}}]}`), []string{`{"x":"5"}`, `{"x":"[\"5\"]"}`, `{"x":[5]}`, `{"x":5.5}`}},
		{"with-literal", wrapX(`{"anyOf":[{"type":"integer"},{"type":"number"},{"const":"auto"}]}`), []string{`{"x":"5"}`, `{"x":"auto"}`, `{"x":5.5}`, `{"x":"5.5"}`}},
		{"oneof", wrapX(`{"oneOf":[{"type":"integer"},{"type":"number"}]}`), calls},
		{"number-boolean", wrapX(`{"anyOf":[{"type":"number"},{"type":"boolean"}]}`), calls},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	for i, tc := range cases {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		read := slices.Contains(ruleKinds(d), "type_coerce:x")
		if want := i < 6 || tc.name == "number-boolean"; read != want {
			t.Errorf("%s: read=%v, want %v; rules %v, warnings %s", tc.name, read, want, ruleKinds(d), warnings(d))
		}
	}
	// (left strict for a branch's enum, the warning names the enum)
	d, _ := deriveNormalizer(t, "enum", wrapX(`{"anyOf":[{"type":"integer","enum":[1,2]},{"type":"number"}]}`))
	if w := warnings(d); !strings.Contains(w, `holds it to "enum"`) {
		t.Errorf("enum: warnings %s", w)
	}
}

// TestDeriveBooleanValue: a boolean held to one value (pydantic's
// Literal[True], an enum of one boolean, a const) reads its string form
// as any boolean does, and advertises only the texts of that value
// ("yes" for true, not "false"), so that the rewrite takes a text exactly
// where the strict schema takes what the rule made of it; beside null,
// strings and in a union too. A const that a draft-04 document's
// validators do not read holds nothing: both values' texts.
func TestDeriveBooleanValue(t *testing.T) {
	calls := []string{`{"x":true}`, `{"x":false}`, `{"x":"true"}`, `{"x":"YES"}`, `{"x":"1"}`, `{"x":"false"}`, `{"x":"no"}`, `{"x":"0"}`, `{"x":"null"}`, `{"x":null}`, `{"x":"auto"}`, `{"x":""}`}
	cases := []unionCase{
		{"const", wrapX(`{"type":"boolean","const":true,"title":"X"}`), calls},
		{"enum-false", wrapX(`{"type":"boolean","enum":[false]}`), calls},
		{"nullable", `{"type":"object","properties":{"x":{"anyOf":[{"type":"boolean","const":true},{"type":"null"}]}},"required":["x"]}`, calls},
		{"literal-or-auto", wrapX(`{"anyOf":[{"type":"boolean","enum":[true]},{"type":"string","enum":["auto"]}]}`), calls},
		{"two-consts", wrapX(`{"anyOf":[{"type":"boolean","const":true},{"type":"boolean","const":false}]}`), calls},
		// (Travis CI's addons: true, or an object; a branch that names no
		// type but holds booleans alone is a boolean's; its string branch
		// takes any string, the object's JSON text among them: "false"
		// and "auto" are class (b))
		{"typeless-or-object", wrapX(`{"oneOf":[{"enum":[true]},{"type":"object","properties":{"n":{"type":"integer"}}}]}`),
			[]string{`{"x":true}`, `{"x":false}`, `{"x":"true"}`, `{"x":"YES"}`, `{"x":"1"}`, `{"x":null}`, `{"x":{"n":"5"}}`, `{"x":"{\"n\":\"5\"}"}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	for _, tc := range cases {
		if d, _ := deriveNormalizer(t, tc.name, tc.schema); !slices.Contains(ruleKinds(d), "type_coerce:x") {
			t.Errorf("%s: its string form is not read: rules %v, warnings %s", tc.name, ruleKinds(d), warnings(d))
		}
	}
	// (draft-04 has no const: "false" is taken, and advertised)
	draft4 := `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"x":{"type":"boolean","const":true}}}`
	unionSound(t, []unionCase{{"draft-04", draft4, calls}})
}

// TestDeriveScalarStringKeywords: a string's keyword beside one number,
// integer or boolean type (minLength, maxLength, pattern) holds nothing
// (a validator reads it of strings alone): the value's string form is
// read as any other's, the keyword kept in the value's own branch, where
// it still holds nothing. Real schemas write them so
// ({"type": "number", "minLength": 5} for a ZIP code).
func TestDeriveScalarStringKeywords(t *testing.T) {
	schema := `{"type":"object","properties":{
	 "zip":{"type":"number","minLength":5,"maxLength":5},
	 "site":{"type":"integer","pattern":"^[0-9]+$","minimum":1},
	 "ok":{"type":"boolean","minLength":1}}}`
	d, err := Tool("t", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	coerced := map[string]bool{}
	for _, r := range d.Rules {
		coerced[r.From] = coerced[r.From] || r.Type == lenient.RuleTypeCoerce
	}
	for _, p := range []string{"zip", "site", "ok"} {
		if !coerced[p] {
			t.Errorf("%s: no type_coerce rule; warnings %s", p, warnings(d))
		}
	}
	calls := []string{`{"zip":"12345"}`, `{"zip":1}`, `{"zip":"1"}`, `{"site":"7"}`, `{"site":7}`, `{"ok":"yes"}`, `{"ok":false}`, `{"zip":"abc"}`}
	unionSound(t, []unionCase{{"stringkeys", schema, calls}}) // (not AJV: its strict types refuse a string keyword beside a number alone)
}
