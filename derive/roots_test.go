package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// rootShapes are input schemas whose root reads the arguments object in
// another way than {"type": "object", "properties": ...}, as real
// schemas write it (JSONSchemaBench: a root without a type, a type array,
// a root $ref beside its definitions, patternProperties beside
// properties). TestDeriveEquivalence runs them too.
var rootShapes = map[string]string{
	"root-notype":    `{"properties":{"n":{"type":"integer"},"b":{"type":"boolean"}}}`,
	"root-typearray": `{"type":["object","null"],"properties":{"n":{"type":"integer"}}}`,
	"root-ref-draft07": `{"$schema":"http://json-schema.org/draft-07/schema#","$ref":"#/definitions/Args",` +
		`"definitions":{"Args":{"type":"object","properties":{"n":{"type":"integer"},"k":{"$ref":"#/definitions/K"}}},"K":{"type":"object","properties":{"id":{"type":"integer"}}}}}`,
	"root-anyof-required": `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"boolean"},"c":{"type":"integer"}},"anyOf":[{"required":["a"]},{"required":["b"]}]}`,
	"root-not-required":   `{"type":"object","properties":{"c":{"type":"integer"}},"not":{"required":["c"]}}`,
	"root-allof": `{"type":"object","allOf":[{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"integer"}},"required":["n"]},` +
		`{"properties":{"b":{"type":"boolean"},"s":{"type":"string"}}},{"required":["b"]}]}`,
	"root-allof-open": `{"type":"object","allOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"object","properties":{"b":{"type":"boolean"}},"additionalProperties":{"type":"string"}}]}`,
	"root-pattern": `{"type":"object","properties":{"n":{"type":"integer"},"x_1":{"type":"integer"},"o":{"type":"object","properties":{"k":{"type":"integer"},"id":{"type":"integer"}},"patternProperties":{"^i":{"type":"integer","minimum":3}}}},` +
		`"patternProperties":{"^x_":{"type":"integer","maximum":9}}}`,
}

// ajvRefusesOwn are the shapes whose own schema AJV's 2020-12 build in
// strict mode refuses, as it refuses their rewrites: a draft-07 $schema
// (whose meta-schema it does not hold), a property that a pattern of
// patternProperties names too (allowMatchingProperties), a required key
// no properties beside it declare (strictRequired). TestDeriveEquivalence
// judges them with the Go validator alone.
var ajvRefusesOwn = map[string]bool{"root-ref-draft07": true, "root-pattern": true, "root-not-required": true, "root-anyof-required": true}

// lookaheadRoot has a pattern Go's regexp cannot compile (nor the Go
// validator: TestDeriveEquivalence leaves it out): it counts as naming
// every property.
const lookaheadRoot = `{"type":"object","properties":{"n":{"type":"integer"}},"patternProperties":{"^(?!n$)":{"type":"string"}}}`

// TestDeriveRootShapes: a root that reads the arguments object (no type
// but properties, a type array with "object", a root $ref beside its
// $schema and definitions) gets the rules a {"type": "object"} root
// gets, as does a root whose allOf branches are object schemas that
// declare arguments (each held to one type across them), or a root whose allOf, anyOf, oneOf, not, if, then or else
// only require keys (and no key they name gets an absent rule); a
// property that a pattern of patternProperties names too stays
// strict, named with the pattern, and its siblings get their rules.
func TestDeriveRootShapes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules []string
		warns []string
	}{
		{"root-notype", []string{"n:type_coerce:int", "b:type_coerce:bool"}, nil},
		{"root-typearray", []string{"n:type_coerce:int"}, nil},
		{"root-ref-draft07", []string{"n:type_coerce:int", "k.id:type_coerce:int", "k:json_accept_both:native"}, nil},
		{"root-anyof-required", []string{"a:type_coerce:int", "b:type_coerce:bool", "c:type_coerce:int"}, nil},
		{"root-not-required", []string{"c:type_coerce:int"}, nil},
		{"root-allof", []string{"n:type_coerce:int", "b:type_coerce:bool"}, []string{
			`root-allof: s: integer left strict: the branches of a union give this path different types`,
		}},
		{"root-allof-open", []string{"b:type_coerce:bool"}, []string{
			`root-allof-open: n: integer left strict: a branch of a union constrains this key through additionalProperties or patternProperties`,
		}},
		{"root-pattern", []string{"n:type_coerce:int", "o.k:type_coerce:int", "o:json_accept_both:native"}, []string{
			`root-pattern: x_1: integer left strict: its name matches patternProperties "^x_", whose schema constrains it too`,
			`root-pattern: o.id: integer left strict: its name matches patternProperties "^i", whose schema constrains it too`,
		}},
		{"root-pattern-lookahead", nil, []string{
			`root-pattern-lookahead: n: integer left strict: its name matches patternProperties "^(?!n$)", whose schema constrains it too`,
		}},
	} {
		schema := rootShapes[tc.name]
		if tc.name == "root-pattern-lookahead" {
			schema = lookaheadRoot
		}
		d, err := Tool(tc.name, []byte(schema))
		if err != nil {
			t.Fatal(err)
		}
		var rules []string
		for _, r := range d.Rules {
			if r.Type == lenient.RuleAbsent && r.From != "c" && tc.name == "root-anyof-required" || r.Type == lenient.RuleAbsent && (tc.name == "root-not-required" || tc.name == "root-allof" && r.From != "s") {
				t.Errorf("%s: an absent rule for %s, which a branch may require: a call {%q: null} would be taken where the schema refuses it", tc.name, r.From, r.From)
			}
			switch r.Type {
			case lenient.RuleTypeCoerce, lenient.RuleJSONAcceptBoth:
				rules = append(rules, r.From+r.Path+":"+string(r.Type)+":"+r.CoerceTo+r.To)
			}
		}
		if diff := cmp.Diff(tc.rules, rules); diff != "" {
			t.Errorf("%s: rules (-want +got):\n%s", tc.name, diff)
		}
		var warns []string
		for _, w := range d.Warnings {
			warns = append(warns, w.String())
		}
		slices.Sort(warns)
		slices.Sort(tc.warns)
		if diff := cmp.Diff(tc.warns, warns); diff != "" {
			t.Errorf("%s: warnings (-want +got):\n%s", tc.name, diff)
		}
		if got, _ := d.Schema.Get("type").AsString(); got != "object" {
			t.Errorf("%s: the root's type is %s, want \"object\": %s", tc.name, d.Schema.Get("type").Marshal(), d.Schema.Marshal())
		}
		if strings.Contains(string(d.Schema.Marshal()), `"$ref":"#/definitions/Args"`) {
			t.Errorf("%s: the root $ref stays: %s", tc.name, d.Schema.Marshal())
		}
	}
}

// TestDeriveUnionBareObject: a union whose other branch is an object
// schema declaring nothing takes any value at any key, null too: no
// absent rule may remove a key of the branch that declares it (found by
// internal/benchcov on Github_ultra/o69209.json, after the sites of the
// root's presence-only branches stopped counting as objects).
func TestDeriveUnionBareObject(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{"run":{"anyOf":[{"type":"object"},{"type":"object","properties":{"notes":{"type":"string"}}}]}},"anyOf":[{"required":["run"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	in := `{"run":{"notes":null}}`
	out, fixes, err := n.NormalizeJSON("t", []byte(in))
	if err != nil || string(out) != in {
		t.Errorf("%s, strict-valid, became %s (fixes %v, error %v)", in, out, fixes, err)
	}
}
