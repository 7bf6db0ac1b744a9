package derive

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestDeriveNullBesideCombinators: a type that takes null beside a
// combinator, a not or an if, which read null too, is read as one type
// where every validator reads null alike there (takesNull) and AJV's
// strict types let what stands beside it stand beside the type alone
// (typesAgainst): prometheus' basic_auth ({"type": ["object", "null"],
// "oneOf": [{"required": ["password"]}, {"required":
// ["password_file"]}]}, whose oneOf refuses null), a not of null (which
// holds nothing beside the object) or of an enum, a union of bounds, a
// $ref. Each gets its value's rule, and is judged by unionSound and
// (where AJV's strict mode compiles the server's schema) ajvSound. Where
// what stands beside the type names null, or OpenAPI's nullable or a
// foreign keyword stands beside it, the field stays as it is.
func TestDeriveNullBesideCombinators(t *testing.T) {
	cases := []struct {
		unionCase
		rule string // the rule the value at x gets ("" for none)
		ajv  bool   // AJV's strict mode compiles the server's schema
	}{
		{unionCase{"oneof-required", wrapX(`{"type":["object","null"],"properties":{"n":{"type":"integer"},"p":{"type":"string"},"q":{"type":"string"}},"oneOf":[{"required":["p"]},{"required":["q"]}]}`),
			[]string{`{"x":null}`, `{"x":{"p":"a","n":"5"}}`, `{"x":"{\"p\":\"a\",\"n\":5}"}`, `{"x":{"p":"a","q":"b"}}`, `{"x":"null"}`}}, "json_accept_both", false},
		{unionCase{"anyof-null", wrapX(`{"type":["array","null"],"items":{"type":"integer"},"anyOf":[{"minItems":1},{"type":"null"}]}`),
			[]string{`{"x":null}`, `{"x":"[5]"}`, `{"x":["5"]}`, `{"x":[]}`, `{"x":"null"}`, `{}`}}, "", true},
		{unionCase{"not-null", wrapX(`{"type":["object","null"],"properties":{"n":{"type":"integer"}},"not":{"type":"null"}}`),
			[]string{`{"x":null}`, `{"x":"{\"n\":5}"}`, `{"x":{"n":"5"}}`, `{"x":"null"}`}}, "json_accept_both", true},
		{unionCase{"if-null", wrapX(`{"type":["array","null"],"items":{"type":"integer"},"if":{"type":"null"},"then":false}`),
			[]string{`{"x":null}`, `{"x":"[5]"}`, `{"x":["5"]}`, `{"x":"null"}`}}, "", true},
		{unionCase{"ref-null", `{"type":"object","properties":{"x":{"type":["object","null"],"properties":{"n":{"type":"integer"}},"allOf":[{"$ref":"#/$defs/N"}]}},"$defs":{"N":{"anyOf":[{"type":"object"},{"const":null}]}}}`,
			[]string{`{"x":null}`, `{"x":"{\"n\":5}"}`, `{"x":{"n":"5"}}`, `{"x":"null"}`}}, "json_accept_both", true},
		{unionCase{"oneof-null-both", wrapX(`{"type":["object","null"],"properties":{"n":{"type":"integer"}},"oneOf":[{"type":["object","null"]},{"enum":[null]}]}`),
			[]string{`{"x":null}`, `{"x":"{\"n\":5}"}`, `{"x":{"n":"5"}}`, `{"x":"null"}`}}, "", true},
		{unionCase{"ref-null-branch", `{"type":"object","properties":{"x":{"type":["object","null"],"properties":{"n":{"type":"integer"}},"anyOf":[{"$ref":"#/$defs/N"},{"type":"object"}]}},"$defs":{"N":{"type":"null"}}}`,
			[]string{`{"x":null}`, `{"x":"{\"n\":5}"}`, `{"x":{"n":"5"}}`, `{"x":"null"}`}}, "", true},
		{unionCase{"anyof-props", wrapX(`{"type":["object","null"],"properties":{"n":{"type":"integer"}},"anyOf":[{"minProperties":1},{"maxProperties":0}]}`),
			[]string{`{"x":null}`, `{"x":"{\"n\":5}"}`, `{"x":{"n":"5"}}`, `{"x":"null"}`, `{"x":{}}`}}, "json_accept_both", true},
		{unionCase{"not-enum", wrapX(`{"type":["array","null"],"items":{"type":"integer"},"not":{"enum":[null]}}`),
			[]string{`{"x":null}`, `{"x":"[5]"}`, `{"x":["5"]}`, `{"x":"null"}`, `{}`}}, "json_accept_both", true},
		{unionCase{"openapi-nullable", wrapX(`{"type":"object","nullable":true,"properties":{"n":{"type":"integer"}},"anyOf":[{"type":"object"},{"enum":[null]}]}`),
			[]string{`{"x":null}`, `{"x":{"n":5}}`}}, "", false},
		{unionCase{"foreign-beside", wrapX(`{"type":["object","null"],"properties":{"n":{"type":"integer"}},"anyOf":[{"type":"object"},{"type":"null","$recursiveRef":"#"}]}`),
			[]string{`{"x":null}`, `{"x":{"n":5}}`}}, "", false},
	}
	var ajv []unionCase
	for _, tc := range cases {
		d := deriveSound(t, tc.unionCase)
		if tc.ajv {
			ajv = append(ajv, tc.unionCase)
		}
		readAtX(t, tc.name, d, tc.rule)
	}
	ajvSound(t, ajv)
}

// TestTakesNullBounded: references that fan out, each of 15 levels
// holding four to the next (4^15 readings), or a cycle, beside a nullable type
// are read up to maxNullWork subschemas, then not judged (the field
// stays as it is).
func TestTakesNullBounded(t *testing.T) {
	var fan strings.Builder
	fan.WriteString(`{`)
	for i := range 15 {
		ref := fmt.Sprintf(`{"$ref":"#/$defs/d%d"}`, i+1)
		fmt.Fprintf(&fan, `"d%d":{"anyOf":[%s,%s,%s,%s]},`, i, ref, ref, ref, ref)
	}
	fan.WriteString(`"d15":{"type":"object"}}`)
	for _, defs := range []string{
		fan.String(),
		`{"d0":{"anyOf":[{"$ref":"#/$defs/d0"},{"$ref":"#/$defs/d0"}]}}`,
	} {
		root := mustParse(t, []byte(`{"type":"object","properties":{"x":{"type":["object","null"],"anyOf":[{"$ref":"#/$defs/d0"}]}},"$defs":`+defs+`}`))
		if _, known := takesNull(root, root.Get("properties").Get("x")); known {
			t.Errorf("%.40s: judged", defs)
		}
		d := FromNode("t", root)
		if slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.From == "x" && r.Type == lenient.RuleJSONAcceptBoth }) {
			t.Errorf("%.40s: x read: %v", defs, d.Rules)
		}
	}
}

// TestDeriveNullableBesideUnion: OpenAPI's nullable: true beside a union
// of two branches that both hold values (neither null) makes neither the
// union's null branch: the union keeps both, where split read the last
// branch as its value and dropped the other ({"nullable": true, "anyOf":
// [{"type": "integer"}, {"type": "string"}]} was served as a string or
// null, refusing the integer the server's schema takes). A union of a
// value and null beside it reads as before.
func TestDeriveNullableBesideUnion(t *testing.T) {
	cases := []unionCase{
		{"int-string", wrapX(`{"nullable":true,"anyOf":[{"type":"integer"},{"type":"string"}]}`),
			[]string{`{"x":5}`, `{"x":"a"}`, `{"x":null}`, `{"x":"5"}`, `{"x":true}`}},
		{"int-boolean", wrapX(`{"nullable":true,"anyOf":[{"type":"integer"},{"type":"boolean"}]}`),
			[]string{`{"x":5}`, `{"x":true}`, `{"x":null}`, `{"x":"5"}`, `{"x":"true"}`}},
		{"int-object", wrapX(`{"nullable":true,"oneOf":[{"type":"integer"},{"type":"object","properties":{"a":{"type":"integer"}}}]}`),
			[]string{`{"x":5}`, `{"x":{"a":1}}`, `{"x":{"a":"1"}}`, `{"x":null}`, `{"x":"5"}`}},
		{"int-null", wrapX(`{"nullable":true,"anyOf":[{"type":"integer"},{"type":"null"}]}`),
			[]string{`{"x":5}`, `{"x":null}`, `{"x":"5"}`, `{"x":"null"}`}},
	}
	unionSound(t, cases)
	for _, tc := range cases[:3] {
		d, err := Tool(tc.name, []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		out := string(d.Schema.Marshal())
		for _, typ := range []string{"integer", strings.TrimPrefix(tc.name, "int-")} {
			if !strings.Contains(out, `"type":"`+typ+`"`) {
				t.Errorf("%s: the rewrite lost the %s branch: %s", tc.name, typ, out)
			}
		}
	}
	if d, _ := Tool("int-null", []byte(cases[3].schema)); !slices.Contains(ruleKinds(d), "type_coerce:x") {
		t.Errorf("int-null: no type_coerce rule at x: %v", ruleKinds(d))
	}
}
