package derive

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// draft returns schema (an object's JSON, from its first key on) with
// the $schema of draft d ("" for none).
func draft(d, schema string) string {
	if d == "" {
		return "{" + schema
	}
	return `{"$schema":"http://json-schema.org/` + d + `/schema#",` + schema
}

// TestDeriveConditionalDrafts: if, then and else are keywords of
// draft-07; the validators of draft-06 and earlier ignore them, so the
// keys a then or else alone declares hold any value there, and no rule
// may change them, at the root, in a branch of its allOf, or in a union's
// branch (each judged by unionSound; found by the third review).
func TestDeriveConditionalDrafts(t *testing.T) {
	const root = `"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]}},"required":["kind"],"if":{"properties":{"kind":{"enum":["a"]}}},` +
		`"then":{"properties":{"n":{"type":"integer","minimum":1},"on":{"type":"boolean"}}},"else":{"properties":{"n":{"type":"integer"},"on":{"type":"boolean"}}}}`
	const allOf = `"type":"object","properties":{"kind":{"type":"string"}},"required":["kind"],` +
		`"allOf":[{"if":{"properties":{"kind":{"enum":["file"]}}},"then":{"properties":{"size":{"type":"integer"}}},"else":{"properties":{"size":{"type":"integer"}}}}]}`
	const views = `"type":"object","properties":{"x":{"anyOf":[` +
		`{"type":"object","properties":{"n":{"type":"integer"}}},` +
		`{"type":"object","properties":{"k":{"type":"string"}},"if":{"properties":{"k":{"enum":["a"]}}},"then":{"properties":{"n":{"type":"integer","minimum":1}}},"else":{"properties":{"n":{"type":"integer"}}}}]}}}`
	rootCalls := []string{`{"kind":"a","n":5}`, `{"kind":"a","n":"5"}`, `{"kind":"b","n":"5","on":"yes"}`}
	allOfCalls := []string{`{"kind":"file","size":5}`, `{"kind":"file","size":"5"}`}
	viewCalls := []string{`{"x":{"n":5}}`, `{"x":{"n":"5"}}`, `{"x":{"k":"a","n":"5"}}`}
	var cases []unionCase
	for _, d := range []string{"", "draft-07", "draft-06", "draft-04"} {
		cases = append(cases,
			unionCase{name: "root-" + d, schema: draft(d, root), calls: rootCalls},
			unionCase{name: "allof-" + d, schema: draft(d, allOf), calls: allOfCalls},
			unionCase{name: "views-" + d, schema: draft(d, views), calls: viewCalls})
	}
	unionSound(t, cases)
}

// TestDeriveConstOnlyDrafts: values held by a const, beside other
// keywords, in unions, items, allOf and not, in draft-04 (which has no
// const: it takes any value there), each judged by unionSound.
func TestDeriveConstOnlyDrafts(t *testing.T) {
	d4 := func(x string) string { return draft("draft-04", `"type":"object","properties":{"x":`+x+`}}`) }
	calls := []string{`{"x":5}`, `{"x":"5"}`, `{"x":true}`, `{"x":"true"}`, `{"x":"Full"}`, `{"x":"full"}`, `{"x":[5]}`, `{"x":"[5]"}`, `{"x":null}`, `{"x":"null"}`, `{"x":""}`}
	unionSound(t, []unionCase{
		{name: "c-int", schema: d4(`{"const":5}`), calls: calls},
		{name: "c-bool", schema: d4(`{"const":true}`), calls: calls},
		{name: "c-str", schema: d4(`{"const":"full"}`), calls: calls},
		{name: "c-arr", schema: d4(`{"const":[5]}`), calls: calls},
		{name: "c-null", schema: d4(`{"const":null}`), calls: calls},
		{name: "c-enum-str", schema: d4(`{"type":"string","enum":["Full","Fast"],"const":"Full"}`), calls: calls},
		{name: "c-enum-int", schema: d4(`{"type":"integer","enum":[1,5],"const":1}`), calls: calls},
		{name: "c-any-null", schema: d4(`{"anyOf":[{"type":"integer"},{"const":null}]}`), calls: calls},
		{name: "c-any-bool", schema: d4(`{"anyOf":[{"type":"boolean"},{"const":"x"}]}`), calls: calls},
		{name: "c-any-arr", schema: d4(`{"anyOf":[{"type":"array","items":{"type":"integer"}},{"const":5}]}`), calls: calls},
		{name: "c-one-obj", schema: d4(`{"oneOf":[{"type":"object","properties":{"k":{"const":"a"},"n":{"type":"integer"}},"required":["k"]},{"type":"object","properties":{"k":{"const":"b"},"n":{"type":"string"}},"required":["k"]}]}`),
			calls: []string{`{"x":{"k":"a","n":"5"}}`, `{"x":{"k":"b","n":"5"}}`, `{"x":{"k":"a","n":5}}`}},
		{name: "c-items", schema: d4(`{"type":"array","items":{"anyOf":[{"type":"integer"},{"const":"all"}]}}`), calls: []string{`{"x":["5"]}`, `{"x":[5]}`, `{"x":["all"]}`}},
		{name: "c-allof", schema: d4(`{"allOf":[{"type":"integer"},{"const":5}]}`), calls: calls},
		{name: "c-not", schema: d4(`{"type":"integer","not":{"const":5}}`), calls: calls},
		{name: "c-str-type", schema: d4(`{"type":["string","integer"],"const":"full"}`), calls: calls},
		{name: "c-num-str", schema: d4(`{"anyOf":[{"type":"number"},{"type":"string","enum":["a"]},{"const":"b"}]}`), calls: calls},
	})
}

// TestDeriveConstDraft04BothReadings: a value beside a const its draft
// has not (draft-04 reads it as no keyword, AJV and later drafts apply
// it) is left as it is, under each reading: branches the rewrite would
// add beside it (an enum's other letter case, a boolean's string form, a
// null split out of a type array, an enum's number texts) lacked the
// const and took values it refuses where it applies ("b" for
// {"enum":["a","b"],"const":"a"}; found by review).
func TestDeriveConstDraft04BothReadings(t *testing.T) {
	d4 := func(x string) string { return draft("draft-04", `"type":"object","properties":{"x":`+x+`}}`) }
	cases := []unionCase{
		{name: "enum-case", schema: d4(`{"type":"string","enum":["a","b"],"const":"a"}`), calls: []string{`{"x":"b"}`, `{"x":"B"}`, `{"x":"a"}`}},
		{name: "null-split", schema: d4(`{"type":["integer","null"],"const":5}`), calls: []string{`{"x":null}`, `{"x":5}`, `{"x":"5"}`}},
		{name: "bool-form", schema: d4(`{"type":"boolean","const":true}`), calls: []string{`{"x":"false"}`, `{"x":"true"}`, `{"x":true}`}},
		{name: "enum-text", schema: d4(`{"type":"string","enum":["5","6","7"],"const":"5"}`), calls: []string{`{"x":7}`, `{"x":5}`, `{"x":"5"}`}},
		{name: "null-enum", schema: d4(`{"type":["string","null"],"enum":["a","b",null],"const":"a"}`), calls: []string{`{"x":"b"}`, `{"x":null}`, `{"x":"A"}`}},
		{name: "items", schema: d4(`{"type":"array","items":{"type":"string","enum":["a","b"],"const":"a"}}`), calls: []string{`{"x":["b"]}`, `{"x":["B"]}`, `{"x":["a"]}`}},
		// (a union beside one: its JSON text too)
		{name: "array-null", schema: d4(`{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"null"}],"const":[5]}`), calls: []string{`{"x":"[6]"}`, `{"x":"[5]"}`, `{"x":[5]}`, `{"x":null}`, `{"x":"5"}`}},
		{name: "bool-null", schema: d4(`{"anyOf":[{"type":"boolean"},{"type":"null"}],"const":true}`), calls: []string{`{"x":"false"}`, `{"x":null}`, `{"x":true}`, `{"x":"null"}`}},
		{name: "int-bool", schema: d4(`{"anyOf":[{"type":"integer"},{"type":"boolean"}],"const":5}`), calls: []string{`{"x":"6"}`, `{"x":"true"}`, `{"x":5}`, `{"x":"5"}`}},
	}
	bothReadings(t, cases)
	d, _ := deriveNormalizer(t, "enum-case", cases[0].schema)
	if !slices.ContainsFunc(d.Warnings, func(w Warning) bool { return w.Path == "x" && strings.HasPrefix(w.Message, constDraftWhy) }) {
		t.Errorf("no warning at x: %v", warnings(d))
	}
}

// TestDeriveDefaultConstDraft04: a param_default rule of a rules file
// whose value a const would refuse, in draft-04, which has no const: the
// call that leaves the field out is taken after the rules, and the
// rewrite takes it too (the field is no longer required).
func TestDeriveDefaultConstDraft04(t *testing.T) {
	schema := draft("draft-04", `"type":"object","properties":{"mode":{"type":"string","const":"full"}},"required":["mode"]}`)
	root, err := ParseNode([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	rules := []lenient.Rule{{ID: "def", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "mode", Value: json.RawMessage(`"fast"`)}}
	d := WithRules("t", root, rules)
	n, err := normalize.New(append(d.Rules, rules...))
	if err != nil {
		t.Fatal(err)
	}
	strict := compileDerived(t, "def-strict", []byte(schema))
	len_ := compileDerived(t, "def-lenient", d.Schema.Marshal())
	for _, call := range []string{`{}`, `{"mode":"full"}`, `{"mode":"other"}`} {
		out, _, err := n.NormalizeJSON("t", []byte(call))
		after := err == nil && validDerived(strict, out)
		if lv := validDerived(len_, []byte(call)); lv != after {
			t.Errorf("MISMATCH %s: lenient=%v, rules+strict=%v (out %s)\n lenient %s\n warns %v", call, lv, after, out, d.Schema.Marshal(), d.Warnings)
		}
	}
}

// TestDeriveExplainConstDraft04: Explain names only what the strict
// schema refuses, and a const of a draft-04 schema refuses nothing.
func TestDeriveExplainConstDraft04(t *testing.T) {
	schema := draft("draft-04", `"type":"object","properties":{"mode":{"type":"string","const":"full"},"n":{"type":"integer"}},"required":["n"]}`)
	d, err := Tool("t", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	for _, call := range []string{`{"mode":"other"}`, `{"mode":"other","n":1}`} {
		if err := d.Explain([]byte(call)); err != nil && strings.Contains(err.Error(), "mode") {
			t.Errorf("%s: Explain names mode, which the draft-04 schema takes: %v", call, err)
		}
	}
}

// TestDeriveEnumCaseBeside: an enum's values in another letter case are
// read as those of its values that the keywords beside it surely take (a
// const, a length, a pattern Go and ECMAScript read alike), and not at
// all beside one the deriver cannot judge (not, a format), each judged by
// unionSound, and the patterns by ajvSound too.
func TestDeriveEnumCaseBeside(t *testing.T) {
	x := func(s string) string { return draft("draft-07", `"type":"object","properties":{"x":`+s+`}}`) }
	calls := []string{`{"x":"fast"}`, `{"x":"FAST"}`, `{"x":"full"}`, `{"x":"Full"}`, `{"x":"FULL"}`}
	unionSound(t, []unionCase{
		{name: "const", schema: x(`{"type":"string","enum":["Full","Fast"],"const":"Full"}`), calls: calls},
		{name: "pattern", schema: x(`{"type":"string","enum":["Full","fast"],"pattern":"^[A-Z]"}`), calls: calls},
		{name: "not", schema: x(`{"type":"string","enum":["Full","Fast"],"not":{"enum":["Fast"]}}`), calls: calls},
		// (a format its validators assert in draft-07: found by the
		// fourth review)
		{name: "email", schema: x(`{"type":"string","enum":["Fast","A@b.co"],"format":"email"}`), calls: append(calls, `{"x":"a@b.co"}`)},
		{name: "date", schema: x(`{"type":"string","enum":["Fast","2020-01-01","1"],"format":"date"}`), calls: append(calls, `{"x":"1"}`, `{"x":"2020-01-01"}`)},
	})
	// A pattern that AJV reads otherwise than Go (a lookahead, \S and
	// U+00A0): the values read are those both read alike.
	y := func(s string) string { return `{"type":"object","properties":{"x":` + s + `}}` }
	ajvSound(t, []unionCase{
		{name: "lookahead", schema: y(`{"type":"string","enum":["Fast","Full"],"pattern":"^(?!Fast)"}`), calls: []string{`{"x":"fast"}`, `{"x":"Fast"}`, `{"x":"full"}`}},
		{name: "nbsp", schema: y(`{"type":"string","enum":["Fast\u00a0x","Full"],"pattern":"^\\S+$"}`), calls: []string{`{"x":"fast\u00a0x"}`, `{"x":"Fast\u00a0x"}`, `{"x":"full"}`}},
	})
}

// TestDeriveExclusiveDraft04: draft-04's boolean exclusiveMinimum and
// exclusiveMaximum make the bound beside them exclusive: an integer
// enum's digit strings are read as the values that bound takes alone
// (fits; a review's cases, judged by unionSound), and Explain
// names the range a value at the bound falls out of.
func TestDeriveExclusiveDraft04(t *testing.T) {
	unionSound(t, []unionCase{
		{name: "exclusive-minimum-draft-04", schema: draft("draft-04", `"type":"object","properties":{"x":{"type":"integer","enum":[5,6],"minimum":5,"exclusiveMinimum":true}}}`), calls: []string{`{"x":"5"}`, `{"x":"6"}`, `{"x":6}`}},
		{name: "exclusive-maximum-draft-04", schema: draft("draft-04", `"type":"object","properties":{"x":{"type":"integer","enum":[5,6],"maximum":6,"exclusiveMaximum":true}}}`), calls: []string{`{"x":"6"}`, `{"x":"5"}`}},
	})
	schema := draft("draft-04", `"type":"object","properties":{"n":{"type":"integer","minimum":5,"exclusiveMinimum":true},"m":{"type":"number","maximum":6,"exclusiveMaximum":true}}}`)
	d, err := Tool("t", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	for call, want := range map[string]string{`{"n":5}`: "n", `{"m":6}`: "m", `{"n":"5"}`: "n"} {
		if err := d.Explain([]byte(call)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: Explain says %v, want %s named out of range", call, err, want)
		}
	}
	for _, call := range []string{`{"n":6}`, `{"m":5.5}`} {
		if err := d.Explain([]byte(call)); err != nil {
			t.Errorf("%s: Explain refuses a value in range: %v", call, err)
		}
	}
}

// TestDeriveRefReadAlone: a $ref beside other keywords, which draft-07
// and earlier read as its target alone, is read so wherever the deriver
// reads a schema's type, properties or union, each judged by unionSound
// (reviews' cases; each failed before its fix): a nullable union's
// other branch (split), what a schema may take (mayTake, for absent), a
// root union's branch that seems to take no object (takesNoObject), a
// holder's keywords moved beside a branch's $ref or its $ref moved into
// its branches (respell), an enum or const beside a $ref read as a
// discriminator (stringValues, constOf), and the properties beside a
// $ref kept beside them or in the object's allOf, whose target may
// declare the names a variant would be read as (variants and misnamed:
// so in 2019-09 too).
func TestDeriveRefReadAlone(t *testing.T) {
	x := func(props, defs string) string {
		return draft("draft-07", `"type":"object","properties":{"x":`+props+`},"definitions":`+defs+`}`)
	}
	unionSound(t, []unionCase{
		{name: "split-null", schema: x(`{"anyOf":[{"$ref":"#/definitions/a","type":"integer"},{"type":"null"}]}`, `{"a":{}}`), calls: []string{`{"x":"5"}`, `{"x":"null"}`, `{"x":null}`}},
		{name: "split-null-oneOf", schema: x(`{"oneOf":[{"$ref":"#/definitions/a","type":"integer"},{"type":"null"}]}`, `{"a":{}}`), calls: []string{`{"x":"5"}`, `{"x":null}`}},
		{name: "split-null-enum", schema: x(`{"anyOf":[{"$ref":"#/definitions/s","type":"string","enum":["Fast","Slow"]},{"type":"null"}]}`, `{"s":{"type":"string"}}`), calls: []string{`{"x":"fast"}`}},
		{name: "may-take-null", schema: x(`{"$ref":"#/definitions/a","type":"integer"}`, `{"a":{}}`), calls: []string{`{"x":null}`}},
		{name: "root-branch-string", schema: draft("draft-07", `"type":"object","anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"$ref":"#/definitions/a","type":"string"}],"definitions":{"a":{}}}`), calls: []string{`{"n":"abc"}`, `{"n":"5"}`}},
		{name: "root-branch-object", schema: draft("draft-07", `"type":"object","anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"$ref":"#/definitions/o","type":"string"}],"definitions":{"o":{"type":"object","properties":{"n":{"type":"string"}}}}}`), calls: []string{`{"n":"5"}`}},
		{name: "respell-into-ref", schema: x(`{"type":"object","anyOf":[{"$ref":"#/definitions/i","minProperties":1},{"required":["b"]}]}`, `{"i":{"type":"integer"}}`), calls: []string{`{"x":5}`, `{"x":{"b":1}}`}},
		{name: "respell-holder-ref", schema: x(`{"$ref":"#/definitions/a","oneOf":[{"type":"integer"},{"type":"null"}]}`, `{"a":{}}`), calls: []string{`{"x":5}`, `{"x":null}`}},
		{name: "respell-recursive", schema: x(`{"$ref":"#/definitions/r"}`, `{"r":{"type":"object","properties":{"next":{"minProperties":1,"anyOf":[{"$ref":"#/definitions/r"},{"type":"string"}]}}}}`), calls: []string{`{"x":{"next":{}}}`, `{"x":{"next":"a"}}`}},
		{name: "variants-beside-ref", schema: x(`{"$ref":"#/definitions/o","properties":{"userName":{"type":"string"}}}`, `{"o":{"type":"object","properties":{"user_name":{"type":"string"}},"additionalProperties":false}}`), calls: []string{`{"x":{"user_name":"a"}}`}},
		{name: "misnamed-beside-ref", schema: x(`{"$ref":"#/definitions/o","properties":{"userName":{"type":"string"}}}`, `{"o":{"type":"object","properties":{"usrName":{"type":"string"}},"additionalProperties":false}}`), calls: []string{`{"x":{"usrName":"a"}}`}},
		// (an enum beside a $ref, directly or in an allOf, read as a
		// discriminator: the second review's cases)
		{name: "guard-ref-enum", schema: x(`{"oneOf":[{"type":"object","required":["kind","n"],"properties":{"kind":{"$ref":"#/definitions/k","enum":["a"]},"n":{"type":"integer"}}},{"type":"object","required":["kind"],"properties":{"kind":{"$ref":"#/definitions/k","enum":["b"]}}}]}`, `{"k":{"type":"string"}}`),
			calls: []string{`{"x":{"kind":"a","n":5}}`, `{"x":{"kind":"a","n":"5"}}`, `{"x":{"kind":"b","n":"5"}}`, `{"x":{"kind":"b"}}`}},
		{name: "guard-ref-allof-enum", schema: x(`{"oneOf":[{"type":"object","required":["kind","n"],"properties":{"kind":{"allOf":[{"$ref":"#/definitions/k","enum":["a"]}]},"n":{"type":"integer"}}},{"type":"object","required":["kind"],"properties":{"kind":{"allOf":[{"$ref":"#/definitions/k","enum":["b"]}]}}}]}`, `{"k":{"type":"string"}}`),
			calls: []string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"kind":"b","n":"5"}}`}},
		// (a variant beside a kept $ref in its object's allOf, whose
		// target requires or refuses it: the fifth review's cases)
		{name: "variants-beside-branch-ref", schema: x(`{"type":"object","properties":{"max_results":{"type":"integer"}},"allOf":[{"$ref":"#/definitions/c","type":"string"}]}`, `{"c":{"required":["maxResults"]}}`), calls: []string{`{"x":{"maxResults":5}}`}},
		{name: "variants-beside-branch-ref-not", schema: x(`{"type":"object","properties":{"max_results":{"type":"integer"}},"allOf":[{"$ref":"#/definitions/c","type":"string"}]}`, `{"c":{"not":{"required":["max_results"]}}}`), calls: []string{`{"x":{"maxResults":5}}`}},
		{name: "variants-beside-ref-2019", schema: `{"$schema":"https://json-schema.org/draft/2019-09/schema","type":"object","properties":{"x":{"$ref":"#/$defs/o","properties":{"userName":{"type":"string"}}}},"$defs":{"o":{"type":"object","properties":{"user_name":{"type":"string"}},"additionalProperties":false}}}`, calls: []string{`{"x":{"user_name":"a"}}`}},
	})
}
