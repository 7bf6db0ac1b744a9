package derive

import (
	"strings"
	"testing"
)

// node is an object schema that requires "type", of which each if/then
// of its allOf reads the "props" of one type, as Cloudify's node
// templates and V2Ray's inbounds do; extra goes beside its keywords.
func node(extra string) string {
	return `{"type":"object","required":["type"],"properties":{"type":{"type":"string"},"props":{"type":"object"}},"allOf":[` +
		`{"if":{"properties":{"type":{"const":"vpc"}}},"then":{"properties":{"props":{"type":"object","properties":{"size":{"type":"integer"},"ipv6":{"type":"boolean"}}}}}},` +
		`{"if":{"properties":{"type":{"enum":["subnet","net"]}}},"then":{"properties":{"props":{"type":"object","properties":{"size":{"type":"integer"},"cidr":{"type":"string"}},"required":["cidr"]}}}}]` + extra + `}`
}

// thenCalls are calls to a node at x: each type's props as the model
// sends them, another type's, an unknown type, no type.
var thenCalls = []string{
	`{"x":{"type":"vpc","props":{"size":"5","ipv6":"true"}}}`,
	`{"x":{"type":"vpc","props":{"size":5,"ipv6":true,"cidr":5}}}`,
	`{"x":{"type":"subnet","props":{"size":"5","ipv6":"true","cidr":"10/8"}}}`,
	`{"x":{"type":"net","props":"{\"size\":\"5\",\"cidr\":\"a\"}"}}`,
	`{"x":{"type":"subnet","props":{"size":"5"}}}`,
	`{"x":{"type":"other","props":{"size":"5","ipv6":"true"}}}`,
	`{"x":{"props":{"size":"5"}}}`,
	`{"x":{"type":"VPC","props":{"size":"5"}}}`,
	`{"x":{"type":5,"props":{"size":"5"}}}`,
	`{"x":"{\"type\":\"vpc\",\"props\":{\"size\":\"5\"}}"}`,
	`{"x":[{"type":"vpc"}]}`,
}

// TestDeriveThenGuards: the then of an if that tells objects apart by
// one required member's strings is read past a guard
// (`x<"type"="vpc">["props"]!.size`), as a discriminated union's branch
// is, beside an else that stays as it is (JFrog's pipeline runtimes);
// each case is judged by unionSound and ajvSound; where the if could
// hold otherwise (the member not required, another keyword beside the
// const, two members, an anyOf holding the object, a draft with no if)
// nothing below the then is read.
func TestDeriveThenGuards(t *testing.T) {
	cases := []struct {
		unionCase
		read bool // the then's size gets a guarded rule
	}{
		{unionCase{"allof", wrapX(node("")), thenCalls}, true},
		{unionCase{"in-map", `{"type":"object","properties":{"m":{"type":"object","additionalProperties":` + node("") + `}}}`,
			[]string{`{"m":{"a":{"type":"vpc","props":{"size":"5"}},"b":{"type":"other","props":{"size":"5"}}}}`, `{"m":{"a":{"type":"subnet","props":{"size":"5","cidr":"x"}}}}`}}, true},
		{unionCase{"direct", wrapX(`{"type":"object","required":["kind"],"properties":{"kind":{"enum":["a","b"]}},"if":{"properties":{"kind":{"const":"a"}},"required":["kind"]},"then":{"properties":{"n":{"type":"integer"}}}}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"kind":"b","n":"5"}}`, `{"x":{"n":"5"}}`, `{"x":{"kind":"A","n":"5"}}`}}, true},
		{unionCase{"if-requires", wrapX(`{"type":"object","properties":{"kind":{"type":"string"}},"if":{"properties":{"kind":{"const":"a"}},"required":["kind"]},"then":{"properties":{"n":{"type":"integer"}}}}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"n":"5"}}`, `{"x":{"kind":"b","n":"5"}}`}}, true},
		{unionCase{"not-required", wrapX(`{"type":"object","properties":{"kind":{"type":"string"},"n":{}},"allOf":[{"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"n":{"type":"integer"}}}}]}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"n":"5"}}`, `{"x":{"n":5}}`}}, false},
		{unionCase{"else", wrapX(`{"type":"object","required":["kind"],"properties":{"kind":{"type":"string"}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"n":{"type":"integer"}}},"else":{"properties":{"n":{"type":"string"}}}}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"kind":"b","n":"5"}}`, `{"x":{"kind":"b","n":5}}`}}, true},
		{unionCase{"else-deep", wrapX(`{"type":"object","required":["kind"],"properties":{"kind":{"type":"string"}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"o":{"type":"object","properties":{"n":{"type":"integer"}}}}},"else":{"properties":{"o":{"type":"object","properties":{"n":{"not":{"const":"5"}},"m":{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"object"}]}}}}}}`),
			[]string{`{"x":{"kind":"a","o":{"n":"5"}}}`, `{"x":{"kind":"b","o":{"n":"5"}}}`, `{"x":{"kind":"b","o":{"n":5,"m":{"n":"5"}}}}`, `{"x":{"kind":"a","o":"{\"n\":\"5\"}"}}`}}, true},
		// (review of 4398c87: another if's else holds where this then's
		// guard does, and reads its members)
		{unionCase{"cross-else", wrapX(`{"type":"object","required":["kind"],"properties":{"kind":{"type":"string"}},"allOf":[{"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"n":{"type":"integer"}}}},{"if":{"properties":{"kind":{"const":"b"}}},"then":{"properties":{"m":{"type":"integer"}}},"else":{"properties":{"n":{"not":{"const":5}}}}}]}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"kind":"a","n":"6"}}`, `{"x":{"kind":"b","m":"5","n":5}}`}}, false},
		{unionCase{"cross-else-enum", wrapX(`{"type":"object","required":["kind"],"properties":{"kind":{"enum":["a","b","c"]}},"allOf":[{"if":{"properties":{"kind":{"enum":["a","c"]}}},"then":{"properties":{"o":{"type":"object","properties":{"n":{"type":"integer"}}}}}},{"if":{"properties":{"kind":{"const":"b"}}},"then":{"properties":{"m":{"type":"integer"}}},"else":{"properties":{"o":{"type":"object","properties":{"n":{"not":{"const":5}}}}}}}]}`),
			[]string{`{"x":{"kind":"a","o":{"n":"5"}}}`, `{"x":{"kind":"c","o":"{\"n\":\"5\"}"}}`, `{"x":{"kind":"b","m":"5"}}`}}, false},
		{unionCase{"cross-else-required", wrapX(`{"type":"object","required":["kind"],"properties":{"kind":{"type":"string"}},"allOf":[{"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"n":{"type":"integer"}}}},{"if":{"properties":{"kind":{"const":"b"}}},"then":{"properties":{"m":{"type":"integer"}}},"else":{"required":["n"]}}]}`),
			[]string{`{"x":{"kind":"a","n":"null"}}`, `{"x":{"kind":"a","n":null}}`, `{"x":{"kind":"a","n":""}}`, `{"x":{"kind":"a","n":"5"}}`}}, true},
		{unionCase{"else-closed", wrapX(`{"type":"object","required":["kind"],"properties":{"kind":{"type":"string","enum":["a","b"]}},"if":{"properties":{"kind":{"enum":["a"]}}},"then":{"properties":{"kind":{"enum":["a"]},"o":{"type":"object","additionalProperties":false,"properties":{"n":{"type":"integer"}}}},"additionalProperties":false},"else":{"properties":{"kind":{"enum":["b"]}},"additionalProperties":false}}`),
			[]string{`{"x":{"kind":"a","o":{"n":"5"}}}`, `{"x":{"kind":"a","o":"{\"n\":\"5\"}"}}`, `{"x":{"kind":"b","o":{"n":"5"}}}`, `{"x":{"kind":"b"}}`, `{"x":{"kind":"A","o":{"n":"5"}}}`}}, true},
		{unionCase{"beside-const", wrapX(`{"type":"object","required":["kind"],"properties":{"kind":{"type":"string"},"n":{}},"if":{"properties":{"kind":{"type":"string","const":"a","maxLength":0}}},"then":{"properties":{"n":{"type":"integer"}}}}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`}}, false},
		{unionCase{"two-members", wrapX(`{"type":"object","required":["kind","m"],"properties":{"kind":{"type":"string"},"m":{"type":"string"},"n":{}},"if":{"properties":{"kind":{"const":"a"},"m":{"const":"b"}}},"then":{"properties":{"n":{"type":"integer"}}}}`),
			[]string{`{"x":{"kind":"a","m":"c","n":"5"}}`, `{"x":{"kind":"a","m":"b","n":"5"}}`}}, false},
		{unionCase{"in-anyof", wrapX(`{"anyOf":[` + node("") + `,{"type":"object","properties":{"type":{"type":"string"}}}]}`), thenCalls}, false},
		{unionCase{"if-typed", wrapX(`{"allOf":[{"type":"object","properties":{"kind":{"type":"string"}}},{"if":{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind"]},"then":{"type":"object","properties":{"n":{"type":"integer"}}}}],"required":["kind"]}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"kind":"b","n":"5"}}`, `{"x":"5"}`, `{"x":{"n":"5"}}`}}, true},
		{unionCase{"untyped", wrapX(`{"required":["kind"],"properties":{"kind":{"type":"string"},"n":{}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"n":{"type":"integer"}}}}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`, `{"x":"5"}`, `{"x":["5"]}`}}, false},
		{unionCase{"declared-too", wrapX(`{"type":"object","required":["kind"],"properties":{"kind":{"type":"string"},"n":{"type":"integer","minimum":0}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"n":{"type":"integer","maximum":9}}}}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"kind":"a","n":50}}`, `{"x":{"kind":"b","n":"50"}}`}}, true},
		{unionCase{"nested", wrapX(`{"type":"object","required":["kind"],"properties":{"kind":{"type":"string"},"o":{"type":"object"}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"o":{"type":"object","required":["t"],"properties":{"t":{"type":"string"}},"if":{"properties":{"t":{"const":"p"}}},"then":{"properties":{"n":{"type":"integer"}}}}}}}`),
			[]string{`{"x":{"kind":"a","o":{"t":"p","n":"5"}}}`, `{"x":{"kind":"a","o":{"t":"q","n":"5"}}}`, `{"x":{"kind":"b","o":{"t":"p","n":"5"}}}`}}, true},
		{unionCase{"quoted", wrapX(`{"type":"object","required":["k.y"],"properties":{"k.y":{"type":"string"}},"if":{"properties":{"k.y":{"const":"a.b"}}},"then":{"properties":{"n":{"type":"integer"}}}}`),
			[]string{`{"x":{"k.y":"a.b","n":"5"}}`, `{"x":{"k.y":"a","n":"5"}}`}}, true},
		// the then requires the member where nothing beside it does
		// (JFrog's pipeline resources, each then a $ref to a type's
		// definition): an object without it passes the if and the then
		// refuses it
		{unionCase{"then-requires", wrapX(`{"type":"object","properties":{"kind":{"type":"string"}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"n":{"type":"integer"}},"required":["kind"]},"else":{"properties":{"n":{"type":"string"}}}}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"n":"5"}}`, `{"x":{"n":5}}`, `{"x":{"kind":"b","n":"5"}}`, `{"x":{"knd":"a","n":"5"}}`, `{"x":{"Kind":"a","n":"5"}}`}}, true},
		{unionCase{"then-ref-requires", `{"type":"object","properties":{"x":{"type":"array","items":{"$ref":"#/definitions/R"}}},"definitions":{` +
			`"R":{"type":"object","properties":{"name":{"type":"string"},"kind":{"type":"string","enum":["A","B"]}},"allOf":[{"if":{"properties":{"kind":{"enum":["A"]}}},"then":{"$ref":"#/definitions/A"}},{"if":{"properties":{"kind":{"enum":["B"]}}},"then":{"$ref":"#/definitions/B"}}]},` +
			`"A":{"type":"object","additionalProperties":false,"properties":{"name":{"type":"string"},"kind":{"type":"string"},"n":{"type":"integer"}},"required":["name","kind"]},` +
			`"B":{"type":"object","additionalProperties":false,"properties":{"name":{"type":"string"},"kind":{"type":"string"},"n":{"type":"integer","maximum":3},"on":{"type":"boolean"},"m":{"type":"array","items":{"type":"integer"}}},"required":["kind"]}}}`,
			[]string{`{"x":[{"name":"p","kind":"A","n":"5"}]}`, `{"x":[{"kind":"B","on":"true","m":"[1]"}]}`, `{"x":[{"kind":"B","n":"2","on":"yes"}]}`, `{"x":[{"name":"p","kind":"A","on":"true"}]}`, `{"x":[{"n":"5"}]}`, `{"x":[{"name":"p","kind":"C","n":"5"}]}`, `{"x":[{"name":"p","kind":"A","n":"true"}]}`, `{"x":[{"name":"p","Kind":"A","n":"5"}]}`}}, true},
		// (draft-07 reads a $ref alone: the required beside it is not the then's)
		{unionCase{"then-ref-beside", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"type":"object","properties":{"kind":{"type":"string"}},` +
			`"if":{"properties":{"kind":{"const":"a"}}},"then":{"$ref":"#/definitions/A","required":["kind"]}}},"definitions":{"A":{"properties":{"n":{"type":"integer"}}}}}`,
			[]string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"n":"5"}}`, `{"x":{"n":5}}`}}, false},
		{unionCase{"draft-06", `{"$schema":"http://json-schema.org/draft-06/schema#","type":"object","properties":{"x":{"type":"object","required":["kind"],"properties":{"kind":{"type":"string"},"n":{}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"n":{"type":"integer"}}}}}}`,
			[]string{`{"x":{"kind":"a","n":"5"}}`}}, false},
	}
	var all []unionCase
	for _, tc := range cases {
		d := deriveSound(t, tc.unionCase)
		if !strings.Contains(tc.schema, "draft-0") && tc.name != "untyped" && tc.name != "if-typed" {
			all = append(all, tc.unionCase)
		}
		read := false
		for _, r := range d.Rules {
			read = read || strings.Contains(r.Path, `<"`) && (strings.HasSuffix(r.Path, ".size") || strings.HasSuffix(r.Path, ".n"))
		}
		if read != tc.read {
			t.Errorf("%s: a then's value read past a guard: %v, want %v; rules %v", tc.name, read, tc.read, d.Rules)
		}
	}
	ajvSound(t, all)
}
