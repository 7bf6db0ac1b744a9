package derive

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/normgen/normgen/internal/rulespec"
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
	"root-ref-id-draft07": `{"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://json.example.com/args.json","$ref":"#/definitions/Args",` +
		`"definitions":{"Args":{"type":"object","properties":{"n":{"type":"integer"}}}}}`,
	// a root $ref to a definition that holds definitions of its own
	// (JSON Schema Store's strmprivacy and mboats schemas; a recursive
	// reference reaching below the copy, kept, resolves in the rewrite
	// through the root's definitions as in the strict schema)
	"root-ref-nested-defs": `{"$schema":"http://json-schema.org/draft-07/schema#","$ref":"#/definitions/Args",` +
		`"definitions":{"Args":{"type":"object","properties":{"n":{"type":"integer"},"c":{"$ref":"#/definitions/Args/definitions/creds"},"t":{"$ref":"#/definitions/T"}},` +
		`"definitions":{"creds":{"type":"object","properties":{"id":{"type":"integer"}}}}},"T":{"type":"object","properties":{"b":{"type":"boolean"},"kids":{"type":"array","items":{"$ref":"#/definitions/T"}}}}}}`,
	"root-ref-nested-defs2020": `{"$ref":"#/$defs/Args","$defs":{"Args":{"type":"object","properties":{"n":{"type":"integer"},"k":{"$ref":"#/$defs/Args/$defs/K"}},` +
		`"$defs":{"K":{"type":"object","properties":{"b":{"type":"boolean"}},"additionalProperties":false}}}}}`,
	// a root union of one branch, a $ref (Tabris' API schema, Avro's,
	// Hayson's): the branch is the arguments' schema
	"root-oneof-one-ref": `{"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://json.example.com/api.json","title":"API","oneOf":[{"$ref":"#/definitions/Api"}],` +
		`"definitions":{"Api":{"type":"object","properties":{"n":{"type":"integer"},"kind":{"enum":["a","b",false]},"p":{"type":"object","properties":{"x":{"type":"number"}},"additionalProperties":false}},"additionalProperties":false}}}`,
	"root-anyof-one-ref": `{"anyOf":[{"$ref":"#/$defs/A"}],"$defs":{"A":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"],"minProperties":1}}}`,
	// a root not that tests a key's value and which keys are given
	// (Tabris' API schema: an interface has no constructor nor statics)
	"root-not-test": `{"type":"object","properties":{"interface":{"type":"boolean"},"constructor":{"type":"object","properties":{"n":{"type":"integer"}}},` +
		`"statics":{"type":"object","properties":{"b":{"type":"boolean"}}},"k":{"type":"integer"}},` +
		`"not":{"$comment":"interfaces have neither","properties":{"interface":{"enum":[true]}},"required":["interface"],"anyOf":[{"required":["constructor"]},{"required":["statics"]}]},"additionalProperties":false}`,
	"root-not-object":     `{"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"integer"}}},"n":{"type":"integer"}},"not":{"properties":{"o":{"type":"object","properties":{"x":{"const":1}}}}}}`,
	"root-anyof-required": `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"boolean"},"c":{"type":"integer"}},"anyOf":[{"required":["a"]},{"required":["b"]}]}`,
	"root-not-required":   `{"type":"object","properties":{"c":{"type":"integer"}},"not":{"required":["c"]}}`,
	"root-allof": `{"type":"object","allOf":[{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"integer"}},"required":["n"]},` +
		`{"properties":{"b":{"type":"boolean"},"s":{"type":"string"}}},{"required":["b"]}]}`,
	"root-allof-open": `{"type":"object","allOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"object","properties":{"b":{"type":"boolean"}},"additionalProperties":{"type":"string"}}]}`,
	"root-anyof": `{"type":"object","anyOf":[{"type":"object","properties":{"n":{"type":"integer"},"a":{"type":"boolean"}},"required":["a"],"additionalProperties":false},` +
		`{"properties":{"n":{"type":"integer","minimum":0},"o":{"type":"array","items":{"type":"integer"}},"s":{"type":"integer"}},"additionalProperties":false},` +
		`{"properties":{"s":{"type":"string"}},"required":["s"],"additionalProperties":false}]}`,
	// an anyOf with an open branch: the keys only the other branch
	// declares stay as they are (a call only the open branch takes may
	// hold any value there), those the root declares are read
	"root-anyof-open": `{"type":"object","properties":{"id":{"type":"integer"}},"anyOf":[{"properties":{"n":{"type":"integer"}},"additionalProperties":false},` +
		`{"properties":{"m":{"type":"string"}},"required":["m"]}]}`,
	"root-oneof": `{"type":"object","properties":{"kind":{"type":"string"}},"oneOf":[{"properties":{"kind":{"enum":["a"]},"v":{"type":"integer"}},"required":["kind"],"additionalProperties":false},` +
		`{"properties":{"kind":{"type":"string","enum":["b","c"]},"v":{"type":"string"},"w":{"type":"number"}},"required":["kind"],"additionalProperties":false},` +
		`{"properties":{"x":{"type":"boolean"}},"required":["x"],"additionalProperties":false}]}`,
	"root-oneof-overlap": `{"type":"object","oneOf":[{"properties":{"n":{"type":"integer","maximum":5}}},{"properties":{"n":{"type":"integer","minimum":3}}}]}`,
	// a oneOf one call may match two branches of: the key both hold
	// alike is read, the others stay as they are
	"root-oneof-shared": `{"type":"object","oneOf":[{"properties":{"c":{"$ref":"#/$defs/C"},"a":{"type":"integer"}},"required":["a"]},` +
		`{"properties":{"c":{"$ref":"#/$defs/C","description":"the config"},"b":{"type":"boolean"}},"required":["b"]}],"$defs":{"C":{"type":"object","properties":{"w":{"type":"number"}}}}}`,
	"root-allof-nested": `{"type":"object","properties":{"n":{"type":"integer"}},"allOf":[{"properties":{"b":{"type":"boolean"}},"x-vendor":1},` +
		`{"anyOf":[{"properties":{"m":{"type":"number"},"e":{"type":"string","enum":["on","off"]}}},{"properties":{"e":{"type":"string","enum":["up"]}}},{"required":["n"]}]}]}`,
	"root-anyof-refs": `{"anyOf":[{"$ref":"#/definitions/A"},{"$ref":"#/definitions/B"}],` +
		`"definitions":{"A":{"type":"object","properties":{"n":{"type":"integer"},"a":{"type":"boolean"}},"required":["a"]},"B":{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string"}},"required":["s"]}}}`,
	"root-anyof-presence": `{"anyOf":[{"required":["a"]},{"required":["b"]}]}`,
	// a branch that takes no object never holds the arguments (Azure
	// Pipelines' schema: a pipeline, or an empty string)
	"root-oneof-string": `{"oneOf":[{"$ref":"#/definitions/P"},{"type":"string","pattern":"^$"}],` +
		`"definitions":{"P":{"type":"object","properties":{"n":{"type":"integer"},"b":{"type":"boolean"}},"additionalProperties":false}}}`,
	// the arguments as a map, or a map beside declared members
	"root-map":           `{"type":"object","additionalProperties":{"type":"object","properties":{"port":{"type":"integer"},"tags":{"type":"array","items":{"type":"string"}}},"additionalProperties":false}}`,
	"root-map-pattern":   `{"type":"object","properties":{"name":{"type":"string"},"n":{"type":"integer"}},"patternProperties":{"^x_":{"type":"number"},"^on_":{"type":"boolean"}},"additionalProperties":false}`,
	"root-anyof-scalars": `{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":["array","null"]},false]}`,
	"ref-draft07-siblings": `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"same":{"type":"object","$ref":"#/definitions/R"},` +
		`"more":{"type":"object","maxProperties":1,"$ref":"#/definitions/R"},"l":{"type":"array","x-taplo":{},"items":{"type":"integer"},"$ref":"#/definitions/L"}},` +
		`"definitions":{"R":{"type":"object","properties":{"n":{"type":"integer"},"b":{"type":"boolean"}}},"L":{"type":"array","items":{"type":"integer"}}}}`,
	"root-if": `{"type":"object","properties":{"n":{"type":"integer"},"k":{"type":"string"}},"if":{"properties":{"k":{"const":"a"}}},"then":{"properties":{"n":{"type":"integer","maximum":3}}}}`,
	"root-allof-if": `{"type":"object","properties":{"kind":{"type":"string","enum":["file","dir"]},"level":{"type":"integer"},"size":{"type":"integer"}},"required":["kind"],` +
		`"allOf":[{"if":{"properties":{"kind":{"const":"file"}}},"then":{"properties":{"size":{"type":"integer","minimum":0},"on":{"type":"boolean"}},"required":["size"]}},` +
		`{"if":{"properties":{"level":{"type":"integer","minimum":3}},"required":["level"]},"then":{"properties":{"tags":{"type":"array","items":{"type":"string"}}}},"else":{"required":["kind"]}}]}`,
	"root-if-refs": `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"$ref":"#/$defs/A"},"else":{"$ref":"#/$defs/B"},` +
		`"$defs":{"A":{"type":"object","properties":{"n":{"type":"integer"}}},"B":{"type":"object","properties":{"b":{"type":"boolean"}},"required":["b"]}}}`,
	"root-if-both": `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]}},"required":["kind"],"if":{"properties":{"kind":{"const":"a"}}},` +
		`"then":{"properties":{"n":{"type":"integer","minimum":1},"on":{"type":"boolean"}}},"else":{"properties":{"n":{"type":"integer"},"on":{"type":"boolean"}}}}`,
	// arrays and objects beside strings that are never their JSON text
	"json-text-beside": `{"type":"object","properties":{"d":{"anyOf":[{"type":"string","enum":["auto","none"]},{"type":"array","items":{"type":"integer"}}]},` +
		`"o":{"oneOf":[{"type":"object","properties":{"k":{"type":"integer"},"id":{"type":"integer"}},"additionalProperties":false},{"type":"string","pattern":"^[a-z]+$"}]},` +
		`"c":{"anyOf":[{"const":"all"},{"type":"array","items":{"type":"string"}},{"type":"null"}]},` +
		`"x":{"anyOf":[{"type":"string","enum":["[x]","none"]},{"type":"array"}]}}}`,
	"root-if-dependencies": `{"type":"object","properties":{"kind":{"type":"boolean"}},"if":{"properties":{"kind":{"const":true}}},` +
		`"then":{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"dependencies":{"a":["b"]}}}`,
	"root-if-object": `{"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"integer"}}},"n":{"type":"integer"}},` +
		`"if":{"properties":{"o":{"type":"object","properties":{"x":{"const":1}}}}},"then":{"properties":{"n":{"type":"integer","maximum":3}}}}`,
	"root-pattern": `{"type":"object","properties":{"n":{"type":"integer"},"x_1":{"type":"integer"},"o":{"type":"object","properties":{"k":{"type":"integer"},"id":{"type":"integer"}},"patternProperties":{"^i":{"type":"integer","minimum":3}}}},` +
		`"patternProperties":{"^x_":{"type":"integer","maximum":9}}}`,
}

// ajvRefusesOwn are the shapes whose own schema AJV's 2020-12 build in
// strict mode refuses, as it refuses their rewrites: a draft-07 $schema
// (whose meta-schema it does not hold), a property that a pattern of
// patternProperties names too (allowMatchingProperties), a required key
// no properties beside it declare (strictRequired), an unknown keyword
// (strictSchema: x-vendor, an annotation), required without a type
// "object" beside it (strictTypes), an $anchor (a keyword the
// build does not know). TestDeriveEquivalence judges them with the Go
// validator alone.
var ajvRefusesOwn = map[string]bool{"root-ref-draft07": true, "root-pattern": true, "root-not-required": true, "root-anyof-required": true, "root-allof-nested": true, "keptref-anchor": true, "root-anyof-presence": true, "pattern-map-members": true, "ref-draft07-siblings": true, "beside-kept": true, "beside-typed": true, "root-ref-id-draft07": true, "root-ref-nested-defs": true, "root-not-test": true, "root-oneof-one-ref": true, "patternmap-allof": true, "pattern-declared": true, "pattern-same-strict": true, "asis-union": true, "condition-nested": true, "condition-holder": true, "recursive-union-pydantic": true}

// lookaheadRoot has a pattern Go's regexp cannot compile (nor the Go
// validator: TestDeriveEquivalence leaves it out), and that is no
// negative lookahead of plain names alone (allNamesBut): it counts as
// naming every property.
const lookaheadRoot = `{"type":"object","properties":{"n":{"type":"integer"}},"patternProperties":{"^(?!x$)n":{"type":"string"}}}`

// unions are the root shapes whose arguments the branches of a root
// union declare.
var unions = map[string]bool{"root-anyof": true, "root-anyof-refs": true, "root-anyof-open": true, "root-oneof": true, "root-allof-nested": true}

// TestDeriveRootShapes: a root that reads the arguments object (no type
// but properties, a type array with "object", a root $ref beside its
// $schema, definitions and identifier, as JSON Schema Store writes it) gets the rules a {"type": "object"} root
// gets, as does a root without a type whose anyOf, oneOf or allOf has
// a branch that declares arguments (a $ref to a definition, inlined), a root whose allOf branches are object schemas that
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
		{"root-ref-id-draft07", []string{"n:type_coerce:int"}, nil},
		{"root-ref-nested-defs", []string{"n:type_coerce:int", "c.id:type_coerce:int", "c:json_accept_both:native", "t(.kids[])*.b:type_coerce:bool", "t(.kids[])*.kids[]:json_accept_both:native", "t(.kids[])*.kids:json_accept_both:native", "t:json_accept_both:native"}, nil},
		{"root-ref-nested-defs2020", []string{"n:type_coerce:int", "k.b:type_coerce:bool", "k:json_accept_both:native"}, nil},
		{"root-oneof-one-ref", []string{"n:type_coerce:int", "p.x:type_coerce:float", "p:json_accept_both:native"}, nil},
		{"root-anyof-one-ref", []string{"n:type_coerce:int"}, nil},
		{"root-not-test", []string{"constructor.n:type_coerce:int", "constructor:json_accept_both:native", "statics.b:type_coerce:bool", "statics:json_accept_both:native", "k:type_coerce:int"}, []string{
			"root-not-test: interface: boolean left strict: an if or not of the input schema tests it, and a rule would change which branch applies or what it refuses",
		}},
		{"root-not-object", nil, []string{
			`root-not-object: the input schema constrains its properties outside "properties" (not); kept as it is`,
		}},
		{"root-anyof-required", []string{"a:type_coerce:int", "b:type_coerce:bool", "c:type_coerce:int"}, nil},
		{"root-not-required", []string{"c:type_coerce:int"}, nil},
		{"root-allof", []string{"n:type_coerce:int", "b:type_coerce:bool"}, []string{
			`root-allof: s: integer left strict: the branches of a union give this path different types`,
		}},
		{"root-allof-open", []string{"b:type_coerce:bool"}, []string{
			`root-allof-open: n: integer left strict: its object's not, if, then, else, enum or const (or its union's, or a map keyword of a branch) tests or constrains it too: a rule could change which applies, what it compares, or make what it refuses`,
		}},
		{"root-anyof", []string{"n:type_coerce:int", "a:type_coerce:bool", "o[]:type_coerce:int", "o:json_accept_both:native"}, []string{
			`root-anyof: s: integer left strict: the branches of a union give this path different types`,
		}},
		{"root-oneof", []string{"w:type_coerce:float", "x:type_coerce:bool"}, []string{
			`root-oneof: v: integer left strict: the branches of a union give this path different types`,
		}},
		{"root-oneof-overlap", nil, []string{
			`root-oneof-overlap: n: integer left strict: ` + rootOneOfWhy,
		}},
		// (the branches' required a and b tell them apart: the rules of
		// the members one branch declares go on where the other's is
		// absent; those of a member both hold alike, everywhere)
		{"root-oneof-shared", []string{"c.w:type_coerce:float", "c:json_accept_both:native", `<!"b">.a:type_coerce:int`, `<!"a">.b:type_coerce:bool`}, nil},
		{"root-anyof-refs", []string{"n:type_coerce:int", `<!"s">.a:type_coerce:bool`}, nil},
		{"root-anyof-open", []string{"id:type_coerce:int"}, []string{
			`root-anyof-open: n: integer left strict: ` + rootAsIsWhy,
		}},
		{"root-anyof-presence", nil, []string{
			`root-anyof-presence: the input schema is not {"type": "object", ...}; kept as it is`,
		}},
		{"root-allof-nested", []string{"n:type_coerce:int", "b:type_coerce:bool"}, []string{
			`root-allof-nested: m: number left strict: ` + rootSplitWhy,
		}},
		{"root-oneof-string", []string{"n:type_coerce:int", "b:type_coerce:bool"}, nil},
		{"root-map", []string{"{}.port:type_coerce:int", "{}.tags:json_accept_both:native", "{}:json_accept_both:native"}, nil},
		{"root-map-pattern", []string{"n:type_coerce:int", `{"^x_"}:type_coerce:float`, `{"^on_"}:type_coerce:bool`}, nil},
		{"root-anyof-scalars", []string{"n:type_coerce:int"}, nil},
		{"root-if", []string{"n:type_coerce:int"}, nil},
		{"root-allof-if", []string{"size:type_coerce:int"}, []string{
			"root-allof-if: level: integer left strict: an if or not of the input schema tests it, and a rule would change which branch applies or what it refuses",
			"root-allof-if: on: boolean left strict: " + rootSplitWhy,
			"root-allof-if: tags: array left strict: " + rootSplitWhy,
		}},
		{"root-if-refs", nil, []string{
			"root-if-refs: b: boolean left strict: " + rootSplitWhy,
			"root-if-refs: n: integer left strict: " + rootSplitWhy,
		}},
		{"root-if-both", []string{"n:type_coerce:int", "on:type_coerce:bool"}, nil},
		{"root-if-dependencies", nil, []string{
			"root-if-dependencies: a: integer left strict: " + rootSplitWhy,
			"root-if-dependencies: b: integer left strict: " + rootSplitWhy,
			"root-if-dependencies: kind: boolean left strict: an if or not of the input schema tests it, and a rule would change which branch applies or what it refuses",
		}},
		{"root-if-object", nil, []string{
			`root-if-object: the input schema constrains its properties outside "properties" (if); kept as it is`,
		}},
		{"root-pattern", []string{"n:type_coerce:int", "o.k:type_coerce:int", "o:json_accept_both:native"}, []string{
			`root-pattern: x_1: integer left strict: its name matches patternProperties "^x_", whose schema constrains it too`,
			`root-pattern: o.id: integer left strict: its name matches patternProperties "^i", whose schema constrains it too`,
			`root-pattern: o{"^i"}: integer left strict: the declared property "id" matches pattern "^i" too: a rule for the pattern's values would read it, where its own schema holds it too`,
			`root-pattern: {"^x_"}: integer left strict: the declared property "x_1" matches pattern "^x_" too: a rule for the pattern's values would read it, where its own schema holds it too`,
		}},
		{"root-pattern-lookahead", nil, []string{
			`root-pattern-lookahead: n: integer left strict: its name matches patternProperties "^(?!x$)n", whose schema constrains it too`,
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
			if unions[tc.name] && (r.Type == lenient.RuleAbsent || r.Type == lenient.RuleParamAlias || r.Type == lenient.RuleEnumCase) {
				t.Errorf("%s: a %s rule at %s%s, which a branch may read as another key or value", tc.name, r.Type, r.From, r.Path)
			}
			if r.Type == lenient.RuleAbsent && r.From != "c" && tc.name == "root-anyof-required" || r.Type == lenient.RuleAbsent && (tc.name == "root-not-required" || tc.name == "root-not-test" && r.From != "k" && r.Path == "" || tc.name == "root-allof" && r.From != "s") {
				t.Errorf("%s: an absent rule for %s, which a branch may require: a call {%q: null} would be taken where the schema refuses it", tc.name, r.From, r.From)
			}
			if tested := map[string][]string{"root-not-test": {"interface"}, "root-if": {"k"}, "root-allof-if": {"kind", "level"}, "root-if-refs": {"kind"}, "root-if-both": {"kind"}, "root-if-dependencies": {"kind"}}[tc.name]; slices.Contains(tested, r.From) || slices.Contains(tested, r.To) && r.Type == lenient.RuleParamAlias {
				t.Errorf("%s: a %s rule for %s%s, which an if tests: the rules would change which branch applies", tc.name, r.Type, r.From, r.To)
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
		if got, _ := d.Schema.Get("type").AsString(); got != "object" && tc.name != "root-anyof-presence" {
			t.Errorf("%s: the root's type is not \"object\": %s", tc.name, d.Schema.Marshal())
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

// TestDeriveUnionEnums: where the branches of a union give one path
// different enums or consts, no enum_case rule reads a value in another
// letter case as one branch's value: a branch would advertise its own
// values in any case, which the first branch's rule does not read
// ({"k": "B"} taken by the rewrite, refused after the rules), or a const
// branch would refuse what the rule makes its value. A path the branches
// give one enum keeps its rule.
func TestDeriveUnionEnums(t *testing.T) {
	for schema, want := range map[string]bool{
		`{"anyOf":[{"type":"object","properties":{"k":{"type":"string","enum":["a"]}},"required":["k"]},{"type":"object","properties":{"k":{"type":"string","enum":["b"]}},"required":["k"]}]}`: false,
		`{"anyOf":[{"type":"object","properties":{"k":{"type":"string","enum":["a","b"]}}},{"type":"object","properties":{"k":{"type":"string","const":"a"}}}]}`:                                false,
		`{"anyOf":[{"type":"object","properties":{"k":{"type":"string","enum":["a","b"]}}},{"type":"object","properties":{"k":{"type":"string","enum":["a","b"]},"n":{"type":"integer"}}}]}`:    true,
	} {
		d, err := Tool("t", []byte(`{"type":"object","properties":{"x":`+schema+`}}`))
		if err != nil {
			t.Fatal(err)
		}
		got := slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleEnumCase })
		if got != want || strings.Contains(warnings(d), "enum_case") {
			t.Errorf("%s: an enum_case rule %v, want %v; warnings %q", schema, got, want, warnings(d))
		}
	}
}

// TestDeriveOneOfOverlap: below the root, a key one branch of a union
// declares and another takes as it is gets no rule: a rule would change
// a value that the other branch takes as it is ("6" beside the branch
// that declares b as an integer), in a call the server takes, and in a
// oneOf whose branches may both match one call (no key required by one
// and closed out by the other, no discriminating enum) make it match
// two. A discriminator (k, required, a const in each) keeps the rules,
// each past its branch's guard (x<"k"="a">.n): {"k":"a","m":"6"} matches
// the first branch alone, and m, its undeclared member, is read by the
// second's rule only where k is "b"; closed branches keep their rules.
func TestDeriveOneOfOverlap(t *testing.T) {
	for _, tc := range []struct {
		schema, in string
		rules      bool
	}{
		// (each branch's rules read past the other's required member
		// absent: presenceGuards)
		{`{"oneOf":[{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]},{"type":"object","properties":{"b":{"type":"integer"}},"required":["b"]}]}`, `{"x":{"a":5,"b":"6"}}`, true},
		{`{"oneOf":[{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]},{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a","b"]}]}`, `{"x":{"a":"5","c":"6"}}`, false},
		{`{"oneOf":[{"type":"object","properties":{"k":{"const":"a"},"n":{"type":"integer"}},"required":["k"]},{"type":"object","properties":{"k":{"const":"b"},"m":{"type":"integer"}},"required":["k"]}]}`, `{"x":{"k":"a","n":5,"m":"6"}}`, true},
		{`{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}},"additionalProperties":false},{"type":"object","properties":{"m":{"type":"string"}},"required":["m"]}]}`, `{"x":{"m":"x","n":"6"}}`, false},
		{`{"oneOf":[{"type":"object","properties":{"k":{"const":"a"},"n":{"type":"integer"}},"required":["k"],"additionalProperties":false},{"type":"object","properties":{"k":{"const":"b"},"m":{"type":"integer"}},"required":["k"],"additionalProperties":false}]}`, `{"x":{"k":"a","n":5}}`, true},
		{`{"oneOf":[{"$ref":"#/$defs/C"},{"allOf":[{"$ref":"#/$defs/D"},{"properties":{"d":{"type":"object"}}}]}]}`, `{"x":{"k":"d","d":{}}}`, true},
		{`{"oneOf":[{"$ref":"#/$defs/A"},{"required":["a"]}]}`, `{"x":{"a":"6"}}`, false},
	} {
		d, err := Tool("t", []byte(`{"type":"object","properties":{"x":`+tc.schema+`},"$defs":{"A":{"type":"object","properties":{"a":{"type":"integer"}}},`+
			`"C":{"type":"object","properties":{"k":{"const":"c"},"c":{"type":"integer"}},"required":["k"]},"D":{"type":"object","properties":{"k":{"const":"d"},"d":{"type":"object"}},"required":["k"],"additionalProperties":false}}}`))
		if err != nil {
			t.Fatal(err)
		}
		inner := slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return under(r.Path, "x") && r.Path != "x" })
		if inner != tc.rules {
			t.Errorf("%s: rules inside %v, want %v (rules %v; warnings %q)", tc.schema, inner, tc.rules, d.Rules, warnings(d))
		}
		n, err := normalize.New(d.Rules)
		if err != nil {
			t.Fatal(err)
		}
		out, fixes, err := n.NormalizeJSON("t", []byte(tc.in))
		if err != nil || string(out) != tc.in {
			t.Errorf("%s, strict-valid, became %s (fixes %v, error %v)", tc.in, out, fixes, err)
		}
		if !tc.rules && !strings.Contains(warnings(d), "union") {
			t.Errorf("%s: no warning names the union: %q", tc.schema, warnings(d))
		}
	}
}

// TestDeriveNoRulePlaces: what sits where no rule path names it (below
// not, if, then, else, a tuple's items) is kept as the server wrote it,
// at any depth: no rule, no lenient form. A rule from a not's properties
// made the call the server takes ({"x":{"k":"5"}}) match the not. The
// values of patternProperties are named by their pattern step
// (c{"^a"}.labels), never by a literal "*" key, which once let the
// rewrite admit "5" for every matching key's labels where no rule read
// it.
func TestDeriveNoRulePlaces(t *testing.T) {
	strict := `{"type":"object","properties":{
	  "x":{"type":"object","properties":{"n":{"type":"integer"}},"not":{"properties":{"k":{"type":"integer"}},"required":["k"]}},
	  "c":{"type":"object","patternProperties":{"^a":{"type":"object","properties":{"labels":{"type":"integer"}}}}},
	  "f":{"type":"object","if":{"properties":{"m":{"const":"a"}}},"then":{"properties":{"v":{"type":"object","properties":{"w":{"type":"integer"}}}}}}
	}}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range d.Rules {
		if p := r.Path; p == "x.k" || strings.Contains(p, "*") || strings.HasPrefix(p, "f.v") {
			t.Errorf("rule %s at %s, a place no rule path names", r.ID, p)
		}
	}
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Path == "x.n" }) {
		t.Errorf("no rule at x.n, a property of x's own: %v", d.Rules)
	}
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Path == `c{"^a"}.labels` && r.Type == lenient.RuleTypeCoerce }) {
		t.Errorf(`no rule at c{"^a"}.labels, the values of c's pattern: %v`, d.Rules)
	}
	for _, kept := range []string{"/properties/x/anyOf/0/not", "/properties/f/anyOf/0/then"} {
		got, err := d.Schema.Pointer(kept)
		if err != nil {
			t.Fatalf("%s: %v in %s", kept, err, d.Schema.Marshal())
		}
		if m := string(got.Marshal()); strings.Contains(m, "pattern") || strings.Contains(m, `"null"`) {
			t.Errorf("%s: a lenient form where no rule reads: %s", kept, got.Marshal())
		}
	}
}

// TestDerivePatternMap: an object without properties whose one
// patternProperties pattern every member name matches (unanchored at
// its end: ".*", "^[a-z_]*"), or every member of a valid object
// (additionalProperties false beside it), or whose additionalProperties
// holds every other member to the pattern's schema (JReleaser's maps of
// announcers), holds a map: its values are read as additionalProperties'
// are (rules at m{}). A pattern some name fails ("^[a-z]+$") in an open
// object holds no map: its values are read at its pattern step instead
// (TestDerivePatternSteps).
func TestDerivePatternMap(t *testing.T) {
	for _, tc := range []struct {
		pattern      string
		closed, read bool
		ap           string // additionalProperties' schema, where not closed
	}{{".*", false, true, ""}, {"^[a-zA-Z0-9_]*", false, true, ""}, {"", false, true, ""}, {"^[a-z]+$", false, false, ""}, {"^x-", false, false, ""}, {"\\b", false, false, ""},
		{"^[a-z]+$", true, true, ""}, {"^x-", true, true, ""},
		{"^[a-z]+$", false, true, `{"type":"integer"}`}, {"^x-", false, true, `{"description":"any other","type":"integer"}`},
		{"^[a-z]+$", false, false, `{"type":"integer","minimum":0}`}, {"^[a-z]+$", false, false, `{"type":"string"}`}} {
		closed := ""
		if tc.closed {
			closed = `,"additionalProperties":false`
		}
		if tc.ap != "" {
			closed = `,"additionalProperties":` + tc.ap
		}
		strict := `{"type":"object","properties":{"m":{"type":"object","patternProperties":{` + strconv.Quote(tc.pattern) + `:{"type":"integer"}}` + closed + `}}}`
		d, err := Tool("t", []byte(strict))
		if err != nil {
			t.Fatal(err)
		}
		read := slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Path == "m{}" && r.Type == lenient.RuleTypeCoerce })
		if read != tc.read {
			t.Errorf("%q (closed %v, additionalProperties %s): a coercion at m{} %v, want %v (rules %v)", tc.pattern, tc.closed, tc.ap, read, tc.read, d.Rules)
		}
		if !tc.read {
			continue
		}
		n, err := normalize.New(d.Rules)
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := n.NormalizeJSON("t", []byte(`{"m":{"a":"5","b-c":7}}`))
		if err != nil || string(out) != `{"m":{"a":5,"b-c":7}}` {
			t.Errorf("%q: normalized to %s, %v", tc.pattern, out, err)
		}
	}
}

// TestDerivePatternMapMembers: a map whose declared members' schemas are
// its pattern's but for annotations (JSONSchemaBench's WashingtonPost
// credits: "by" and "photos_by" beside "^[a-zA-Z0-9_]*", each an array of
// one $ref) reads every member as the map's values, declared or not,
// whichever comes first in the schema; a member whose schema says more
// than the pattern's keeps the object no map: the member is held to both
// schemas, and read by neither, and the pattern's other values are read
// at the step of every name but the member's (splitEveryName).
func TestDerivePatternMapMembers(t *testing.T) {
	item := `{"type":"array","items":{"$ref":"#/$defs/n"}}`
	for _, tc := range []struct {
		name, m string
		read    bool
	}{
		{"pattern first", `{"type":"object","patternProperties":{"^[a-z_]*":` + item + `},"properties":{"by":{"title":"By","type":"array","items":{"$ref":"#/$defs/n"}}}}`, true},
		{"properties first", `{"type":"object","properties":{"by":{"description":"who","type":"array","items":{"$ref":"#/$defs/n"}},"photos_by":` + item + `},"patternProperties":{".*":` + item + `}}`, true},
		{"member says more", `{"type":"object","patternProperties":{".*":` + item + `},"properties":{"by":{"type":"array","items":{"$ref":"#/$defs/n"},"maxItems":2}}}`, false},
	} {
		strict := `{"type":"object","properties":{"m":` + tc.m + `},"$defs":{"n":{"type":"integer"}}}`
		d, err := Tool("t", []byte(strict))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range d.Rules {
			if r.Type == lenient.RuleTypeCoerce || r.Type == lenient.RuleJSONAcceptBoth {
				got = append(got, r.From+r.Path+":"+string(r.Type))
			}
		}
		others := rulespec.PathPattern("m", rulespec.AllNamesBut([]string{"by"}))
		want := []string{"m:json_accept_both", others + ":json_accept_both", others + "[]:type_coerce"}
		if tc.read {
			want = []string{"m{}[]:type_coerce", "m{}:json_accept_both", "m:json_accept_both"}
		}
		slices.Sort(got)
		slices.Sort(want)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: rules (-want +got):\n%s", tc.name, diff)
		}
		if tc.read && len(d.Warnings) > 0 {
			t.Errorf("%s: warnings %v", tc.name, d.Warnings)
		}
		if !tc.read {
			continue
		}
		n, err := normalize.New(d.Rules)
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := n.NormalizeJSON("t", []byte(`{"m":{"by":["5"],"x":"[6]"}}`))
		if err != nil || string(out) != `{"m":{"by":[5],"x":[6]}}` {
			t.Errorf("%s: normalized to %s, %v", tc.name, out, err)
		}
		if strings.Contains(string(d.Schema.Marshal()), `"$ref"`) {
			t.Errorf("%s: a reference is left: %s", tc.name, d.Schema.Marshal())
		}
	}
}

// TestDeriveRootBranchesFirst: the branches of a root union that are
// references are inlined before anything below them, so the size bound,
// spent on the first branch's many uses of a shared definition, does not
// keep the next branch a reference (which no rule reads as the arguments:
// the whole schema was kept) (as it did on JSONSchemaBench's vega-lite
// schemas, Github_ultra/o21764.json: 139 of 1,159 values lenient before,
// 1,033 after).
func TestDeriveRootBranchesFirst(t *testing.T) {
	var props []string
	for i := range 300 {
		props = append(props, `"p`+strconv.Itoa(i)+`":{"$ref":"#/definitions/D"}`)
	}
	var dprops []string
	for i := range 20 {
		dprops = append(dprops, `"d`+strconv.Itoa(i)+`":{"type":"integer"}`)
	}
	schema := `{"anyOf":[{"$ref":"#/definitions/A"},{"$ref":"#/definitions/B"}],"definitions":{` +
		`"A":{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":["p0"],"additionalProperties":false},` +
		`"B":{"type":"object","properties":{"m":{"type":"integer"},"k":{"type":"boolean"},` + strings.Join(dprops, ",") + `},"required":["m"],"additionalProperties":false},` +
		`"D":{"type":"object","properties":{` + strings.Join(dprops, ",") + `}}}}`
	d, err := Tool("t", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, r := range d.Rules {
		if r.Type == lenient.RuleTypeCoerce {
			got[r.From+r.Path] = true
		}
	}
	for _, want := range []string{"m", "k", "p0.d0"} {
		if !got[want] {
			t.Errorf("no type_coerce rule at %s; warnings: %v", want, d.Warnings)
		}
	}
}

// TestDeriveMapMembers: a rule at x{} reads every member of every object
// at x, where additionalProperties holds only the undeclared ones: beside
// declared properties of another type, or in a union with an object that
// declares them, it would change a value the strict schema takes as it is
// ({"m":{"a":"5"}} became {"m":{"a":5}}, which "a", a string, refuses).
// FuzzDeriveUnchangedShapes (internal/benchcov) found both.
func TestDeriveMapMembers(t *testing.T) {
	for _, tc := range []struct{ schema, call string }{
		{`{"type":"object","properties":{"m":{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"integer"}}}}`, `{"m":{"a":"5"}}`},
		{`{"type":"object","properties":{"m":{"anyOf":[{"type":"object","patternProperties":{".*":{"type":"integer"}}},{"type":"object","properties":{"ab":{"type":"string"}}}]}}}`, `{"m":{"ab":"5"}}`},
		{`{"type":"object","properties":{"m":{"anyOf":[{"type":"object","additionalProperties":{"type":"integer"}},{"type":"object"}]}}}`, `{"m":{"x":"5"}}`},
	} {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		n, err := normalize.New(d.Rules)
		if err != nil {
			t.Fatal(err)
		}
		if out, fixes, err := n.NormalizeJSON("t", []byte(tc.call)); err != nil || string(out) != tc.call {
			t.Errorf("%s, strict-valid under %s, became %s (fixes %v, error %v)", tc.call, tc.schema, out, fixes, err)
		}
	}
	// a map alone still has its values read
	d, err := Tool("t", []byte(`{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"integer"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Path == "m{}" && r.Type == lenient.RuleTypeCoerce }) {
		t.Errorf("no rule at m{}: %v", d.Warnings)
	}
}

// oneOfBounds: two branches of a oneOf declare a key with other bounds
// (id, at least 0 in one, any integer in the other): the number -5
// matches one, and its text "-5", which no bound holds, would match both
// in the rewrite, which then refused the call the rules make the server
// take (found by FuzzDeriveEquivalentShapes). The key stays as it is.
// TestDeriveKeptRefStrict runs it with the Go validator and AJV.
var oneOfBounds = keptRefCase{"oneof-bounds", `{"type":"object","properties":{"a":{"oneOf":[` +
	`{"type":"object","properties":{"id":{"type":"integer","minimum":0},"n":{"type":"boolean"}},"additionalProperties":false},` +
	`{"type":"object","properties":{"id":{"type":"integer"},"b":{"type":"integer"}},"additionalProperties":false}]}}}`, []string{
	`{"a":{"id":"-5"}}`,
	`{"a":{"id":-5}}`,
	`{"a":{"id":-5,"b":"2"}}`,
	`{"a":{"n":"true"}}`,
}}

func init() { keptRefs = append(keptRefs, oneOfBounds) }

// oneOfObjectText: two branches of a oneOf declare a key with other
// object schemas (o, open in one, closed to its k in the other): its JSON
// text, which any string branch took, matched both in the rewrite, which
// refused the call the rules make the server take (found by
// FuzzDeriveEquivalentShapes). Its members are still read.
var oneOfObjectText = keptRefCase{"oneof-object-text", `{"type":"object","properties":{"a":{"oneOf":[` +
	`{"type":"object","properties":{"o":{"type":"object","properties":{"n":{"type":"integer"}}}}},` +
	`{"type":"object","properties":{"o":{"type":"object","properties":{"k":{"type":"string"}},"additionalProperties":false}},"required":["o"],"additionalProperties":false}]}}}`, []string{
	`{"a":{"o":"{\"n\":\"-5\"}"}}`,
	`{"a":{"o":{"n":"5"}}}`,
	`{"a":{"o":{"k":"x"}}}`,
}}

func init() { keptRefs = append(keptRefs, oneOfObjectText) }

// oneOfDeep are oneOfs whose branches hold a key with other schemas
// below it (found by a review): what one branch takes as it is there
// (an array's elements where it has no items; a member it does not
// declare; a number its bound refuses) no rule reads, at any depth, and
// a recursive definition below is not read at every depth either. A
// rule there changed calls the strict schema takes into ones that match
// two branches, which the oneOf then refuses.
var oneOfDeep = []keptRefCase{
	{"oneof-deep-recursive", `{"type":"object","properties":{"x":{"oneOf":[` +
		`{"type":"object","properties":{"t":{"$ref":"#/$defs/Node"}},"required":["t"],"additionalProperties":false},` +
		`{"type":"object","properties":{"t":{"type":"object","properties":{"value":{"type":"integer"},"kids":{"type":"array"}},"required":["kids"]}},"required":["t"],"additionalProperties":false}]}},` +
		`"$defs":{"Node":{"type":"object","properties":{"value":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"additionalProperties":false}}}`, []string{
		`{"x":{"t":{"kids":[{"value":"5"}]}}}`,
		`{"x":{"t":{"kids":[{"kids":[{"value":"5"}]}]}}}`,
		`{"x":{"t":{"value":"5","kids":[]}}}`,
	}},
	{"oneof-deep-member", `{"type":"object","properties":{"x":{"oneOf":[` +
		`{"type":"object","properties":{"k":{"type":"object","properties":{"n":{"type":"string"}}}},"required":["k"]},` +
		`{"type":"object","properties":{"k":{"type":"object","properties":{"n":{"type":"string"},"m":{"type":"integer"}}}},"required":["k"]}]}}}`, []string{
		`{"x":{"k":{"m":"1"}}}`,
		`{"x":{"k":{"m":1}}}`,
	}},
	{"oneof-deep-bounds", `{"type":"object","properties":{"x":{"oneOf":[{"type":"array","items":{"type":"integer"}},{"type":"array","items":{"type":"integer","minimum":10}}]}}}`, []string{
		`{"x":["5"]}`,
		`{"x":[5]}`,
		`{"x":"[5]"}`,
	}},
}

func init() { keptRefs = append(keptRefs, oneOfDeep...) }

// TestDeriveOneOfDeepUnchanged: normalize leaves each call of oneOfDeep
// that the strict schema takes as it is.
func TestDeriveOneOfDeepUnchanged(t *testing.T) {
	for _, tc := range oneOfDeep {
		_, n := deriveNormalizer(t, tc.name, tc.schema)
		strict := compileDerived(t, tc.name, []byte(tc.schema))
		for _, call := range tc.calls {
			if !validDerived(strict, []byte(call)) {
				continue
			}
			if out, fixes, err := n.NormalizeJSON(tc.name, []byte(call)); err != nil || string(out) != call {
				t.Errorf("%s %s, strict-valid, became %s (fixes %v, error %v)", tc.name, call, out, fixes, err)
			}
		}
	}
}

// dependentShadow: a property that a schema of its object's
// dependentSchemas constrains too (n, a string where k is given) gets no
// string form: the rewrite took "5" there, which the rules made 5, which
// the dependent schema refuses (found by a review).
var dependentShadow = keptRefCase{"dependent-schemas", `{"type":"object","properties":{"x":{"type":"object","properties":{"n":{"type":"integer"},"k":{"type":"boolean"}},` +
	`"dependentSchemas":{"k":{"properties":{"n":{"type":"string"}}}}}}}`, []string{
	`{"x":{"n":"5","k":true}}`,
	`{"x":{"n":"5"}}`,
	`{"x":{"k":"true"}}`,
}}

func init() { keptRefs = append(keptRefs, dependentShadow) }

// TestDeriveOneOfOverlapBound: where two branches of a oneOf hold a key
// otherwise deeper than overlapping compares (two recursive definitions
// alike but for a bound, below the recursion), nothing below the oneOf is
// read, and the warning says why.
func TestDeriveOneOfOverlapBound(t *testing.T) {
	schema := `{"type":"object","properties":{"x":{"oneOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/B"}]}},"$defs":{` +
		`"A":{"type":"object","properties":{"n":{"type":"integer"},"k":{"$ref":"#/$defs/A"}}},` +
		`"B":{"type":"object","properties":{"n":{"type":"integer","minimum":0},"k":{"$ref":"#/$defs/B"}}}}}`
	d, err := Tool("t", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return strings.HasPrefix(r.Path, "x.") }) {
		t.Errorf("rules below x: %v", d.Rules)
	}
	if !slices.ContainsFunc(d.FieldWarnings(), func(w Warning) bool { return strings.Contains(w.Message, "16 levels") }) {
		t.Errorf("no warning names the bound: %q", warnings(d))
	}
}

// patternMapBeside: a map written with patternProperties reads its
// declared members as its values ({}): in an allOf beside an object that
// declares one of them (x-y), a rule at a.x-y changed what the map holds
// strictly, and the rewrite refused what the rules took (found by
// FuzzDeriveEquivalentShapes).
var patternMapBeside = keptRefCase{"patternmap-allof", `{"type":"object","properties":{"a":{"allOf":[` +
	`{"type":"object","patternProperties":{"^x-":{"type":"number"}},"properties":{"x-y":{"type":"number"}},"additionalProperties":false},` +
	`{"type":"object","properties":{"x-y":{"type":"number"}}}]}}}`, []string{
	`{"a":{"x-y":"50"}}`,
	`{"a":{"x-y":50}}`,
}}

func init() { keptRefs = append(keptRefs, patternMapBeside) }

// asIsCases are values that may be strings the strict schema takes as
// they are, with rules below them: TestDeriveKeptRefStrict and
// TestDeriveEquivalence judge the calls (objects with string forms, and
// strings holding JSON text) with the Go validator and AJV.
var asIsCases = []keptRefCase{
	{"asis-union", `{"type":"object","properties":{"u":{"anyOf":[{"type":"object","properties":{"port":{"type":"integer"},"on":{"type":"boolean"}}},{"type":"string"}]},` +
		`"l":{"type":"array","items":{"type":["array","string"],"items":{"type":"integer"}}},"n":{"properties":{"k":{"type":"object","properties":{"x":{"type":"number"}}}}}}}`, []string{
		`{"u":{"port":"1","on":"yes"}}`,
		`{"u":"{\"port\":\"1\"}"}`,
		`{"l":[["1"],"[\"1\"]","x"]}`,
		`{"l":"[[\"1\"]]"}`,
		`{"n":{"k":{"x":"1.5"}}}`,
		`{"n":{"k":"{\"x\":\"1.5\"}"}}`,
		`{"n":"{\"k\":{\"x\":\"1.5\"}}"}`,
	}},
}

// conditionCases are objects below the arguments whose not, if, then or
// else test or constrain their properties: a rule there would change
// which applies (a call sending "5" for 5 meets the then, or the not).
var conditionCases = []keptRefCase{
	{"condition-nested", `{"type":"object","properties":{` +
		`"m":{"type":"object","properties":{"ab":{"type":"integer"},"x":{"type":"string"},"k":{"type":"integer"}},"if":{"properties":{"ab":{"type":"integer"}},"required":["ab"]},"then":{"required":["x"]}},` +
		`"n":{"type":"object","properties":{"ab":{"type":"integer"},"k":{"type":"integer"}},"not":{"properties":{"ab":{"const":5}},"required":["ab"]}},` +
		`"p":{"type":"object","patternProperties":{"^a":{"type":"integer"}},"not":{"properties":{"ab":{"const":5}},"required":["ab"]}},` +
		`"q":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"if":{"dependentRequired":{"a":["b"]}},"then":{"required":["z"]}}}}`, []string{
		`{"m":{"ab":"5"}}`,
		`{"m":{"ab":"5","x":"y"}}`,
		`{"m":{"k":"5"}}`,
		`{"n":{"ab":"5"}}`,
		`{"n":{"ab":"6","k":"1"}}`,
		`{"p":{"ab":"5"}}`,
		`{"p":{"ac":"5"}}`,
		`{"q":{"a":"x","b":null}}`,
		`{"q":{"a":"x","b":"2"}}`,
	}},
	// (on a union's holder, beside its branches: a not, an if, an enum or
	// a const of the whole object)
	{"condition-holder", `{"type":"object","properties":{` +
		`"u":{"anyOf":[{"type":"object","properties":{"port":{"type":"integer"}}},{"type":"string"}],"not":{"properties":{"port":{"const":5}},"required":["port"]}},` +
		`"v":{"allOf":[{"type":"object","properties":{"port":{"type":"integer"},"k":{"type":"integer"}}}],"if":{"properties":{"port":{"const":5}},"required":["port"]},"then":{"required":["z"]}},` +
		`"w":{"anyOf":[{"type":"object","properties":{"port":{"type":"integer"}}},{"type":"string"}],"enum":[{"port":5},"x"]},` +
		`"x":{"type":"object","properties":{"port":{"type":"integer"}},"const":{"port":5}}}}`, []string{
		`{"u":{"port":"5"}}`,
		`{"u":{"port":"6"}}`,
		`{"v":{"port":"5"}}`,
		`{"v":{"k":"1"}}`,
		`{"w":{"port":"5"}}`,
		`{"w":{"port":5}}`,
		`{"x":{"port":"5"}}`,
	}},
}

func init() {
	keptRefs = append(keptRefs, asIsCases...)
	keptRefs = append(keptRefs, conditionCases...)
}

// TestDeriveAsIsText: below a value that may be a string the strict
// schema takes as it is (a union with a string branch, a type array with
// "string", a schema with no type, a pattern's values so written), rules
// mark that step "!": the normalizer reads JSON text along a rule's
// path, and there leaves such a string as it is, which the server takes
// as it is; an object or array sent there is read as any other. Where
// the strings it takes are never JSON text (w: an enum of words), the
// text is read at that step, which is not marked.
func TestDeriveAsIsText(t *testing.T) {
	strict := `{"type":"object","properties":{
	  "u":{"anyOf":[{"type":"object","properties":{"port":{"type":"integer"}}},{"type":"string"}]},
	  "a":{"type":["object","string"],"properties":{"port":{"type":"integer"}}},
	  "n":{"properties":{"port":{"type":"integer"}}},
	  "e":{"type":"object","patternProperties":{"^A":{"anyOf":[{"type":"object","properties":{"port":{"type":"integer"}}},{"type":"string"}]}}},
	  "l":{"type":"array","items":{"oneOf":[{"type":"array","items":{"type":"integer"}},{"type":"string"}]}},
	  "w":{"anyOf":[{"type":"object","properties":{"port":{"type":"integer"}}},{"type":"string","enum":["auto","none"]}]},
	  "o":{"type":"object","properties":{"port":{"type":"integer"}}}
	}}`
	d, n := deriveNormalizer(t, "t", strict)
	for _, call := range []string{
		`{"u":"{\"port\":\"1\"}"}`, `{"a":"{\"port\":\"1\"}"}`, `{"n":"{\"port\":\"1\"}"}`, `{"n":"{\"prot\":1,\"Port\":1}"}`,
		`{"e":{"A":"{\"port\":\"1\"}"}}`, `{"l":["[\"1\"]"]}`,
	} {
		if out, fixes, err := n.NormalizeJSON("t", []byte(call)); err != nil || string(out) != call {
			t.Errorf("%s, strict-valid, became %s (fixes %v, error %v)", call, out, fixes, err)
		}
	}
	for call, want := range map[string]string{
		`{"u":{"port":"1"}}`:       `{"u":{"port":1}}`,
		`{"n":{"port":"1"}}`:       `{"n":{"port":1}}`,
		`{"e":{"A":{"port":"1"}}}`: `{"e":{"A":{"port":1}}}`,
		`{"l":[["1"]]}`:            `{"l":[[1]]}`,
		`{"w":{"port":"1"}}`:       `{"w":{"port":1}}`,
		`{"w":"{\"port\":\"1\"}"}`: `{"w":{"port":1}}`,
		`{"w":"auto"}`:             `{"w":"auto"}`,
	} {
		if out, _, err := n.NormalizeJSON("t", []byte(call)); err != nil || string(out) != want {
			t.Errorf("%s became %s (%v), want %s", call, out, err, want)
		}
	}
	var paths []string
	for _, r := range d.Rules {
		if r.Type == lenient.RuleTypeCoerce {
			paths = append(paths, r.Path)
		}
	}
	for _, p := range []string{`["u"]!.port`, `["a"]!.port`, `["n"]!.port`, `e{"^A"}!.port`, `l[]![]`, "w.port", "o.port"} {
		if !slices.Contains(paths, p) {
			t.Errorf("no coercion at %s: %q", p, paths)
		}
	}
}

// TestDeriveRootSplits: a key that only some of the alternatives inside
// the arguments declare (the then or else of an if, the root's or an
// allOf branch's; a branch of a union inside the root's allOf), where
// another takes it as it is, gets no rule: {"kind":"b","x":"5"} is the
// server's "5" where only the then of kind "a" declares x an integer.
// A key every alternative declares alike still does.
func TestDeriveRootSplits(t *testing.T) {
	unionSound(t, []unionCase{
		{"root-if-then", `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},"n":{"type":"integer"}},"required":["kind"],"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"x":{"type":"integer"}}},"else":{"properties":{"y":{"type":"integer"}}}}`,
			[]string{`{"kind":"b","x":"5"}`, `{"kind":"a","x":"5"}`, `{"kind":"a","y":"5"}`, `{"kind":"b","y":"5"}`, `{"kind":"b","n":"5"}`}},
		{"anyof-branch-if", `{"type":"object","anyOf":[{"properties":{"kind":{"type":"string"}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"x":{"type":"integer"}}}},{"properties":{"z":{"type":"integer"}},"required":["z"]}]}`,
			[]string{`{"kind":"b","x":"5"}`, `{"kind":"a","x":"5"}`, `{"z":1,"kind":"b","x":"5"}`}},
		{"allof-branch-if", `{"type":"object","allOf":[{"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"x":{"type":"integer"}}}},{"properties":{"kind":{"type":"string"},"n":{"type":"integer"}}}]}`,
			[]string{`{"kind":"b","x":"5"}`, `{"kind":"a","x":"5"}`, `{"kind":"a","n":"5"}`}},
		{"allof-union", rootShapes["root-allof-nested"], []string{`{"n":1,"m":"5"}`, `{"m":"5","e":"on"}`, `{"b":"true","e":"up"}`}},
		{"both-sides", rootShapes["root-if-both"], []string{`{"kind":"b","n":"5"}`, `{"kind":"a","n":"5","on":"true"}`}},
		{"then-object", `{"type":"object","properties":{"kind":{"type":"string"}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"o":{"type":"object","properties":{"n":{"type":"integer"}}}}}}`,
			[]string{`{"kind":"b","o":{"n":"5"}}`, `{"kind":"a","o":{"n":"5"}}`, `{"kind":"b","o":"{\"n\":5}"}`}},
	})
	for _, name := range []string{"root-if-both"} {
		d, err := Tool(name, []byte(rootShapes[name]))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Rules) == 0 {
			t.Errorf("%s: no rules: a key then and else both declare is read", name)
		}
	}
}

// TestDeriveRootRefNestedDefs: a root $ref whose target holds
// definitions of its own is read through its copy (JSON Schema Store's
// strmprivacy schemas); the references into those definitions, and the
// recursive ones kept, reach in the rewrite what they reach in the
// strict schema.
func TestDeriveRootRefNestedDefs(t *testing.T) {
	cases := []unionCase{
		{"root-ref-nested-defs", rootShapes["root-ref-nested-defs"], []string{
			`{"n":"5","c":{"id":"7"},"t":{"b":"true","kids":[{"b":"false","kids":"[{\"b\":true}]"}]}}`,
			`{"n":5,"c":{"id":7,"x":"y"},"t":{"kids":[{"kids":[]}]}}`,
			`{"c":"{\"id\":\"1\"}","t":{"kids":[{"b":"maybe"}]}}`,
		}},
		{"root-ref-nested-defs2020", rootShapes["root-ref-nested-defs2020"], []string{
			`{"n":"5","k":{"b":"true"}}`, `{"k":{"b":true,"c":1}}`, `{"k":"{\"b\":\"false\"}"}`,
		}},
	}
	unionSound(t, cases)
	ajvSound(t, cases[1:]) // (AJV's 2020-12 build holds no draft-07 meta-schema)
}

// TestDeriveRootNot: the arguments' not reads as a condition (the keys
// whose values it tests stay as they are, the keys it requires keep
// their presence), so the rules never change what it refuses.
func TestDeriveRootNot(t *testing.T) {
	unionSound(t, []unionCase{{"root-not-test", rootShapes["root-not-test"], []string{
		`{"interface":true,"constructor":"{\"n\":\"1\"}"}`,
		`{"interface":false,"constructor":"{\"n\":\"1\"}","statics":{"b":"yes"},"k":"2"}`,
		`{"interface":"true","constructor":{}}`,
		`{"interface":true,"constructor":null}`,
		`{"interface":true,"statics":null,"k":"7"}`,
		`{"interface":true,"k":null}`,
		`{"interface":null,"constructor":{"n":3}}`,
		`{"Interface":true,"constructor":{"n":"3"}}`,
		`{"interface":true,"Statics":{}}`,
	}}})
}

// TestDeriveNoRuleVariants: an object schema below a not or an if of the
// arguments (a place no rule path names) gives no misnamed_key rule of
// its own: read as the arguments', its keys would refuse a call the
// strict schema takes (found by review: {"colour":"red"} refused as a
// near spelling of the not's "color").
func TestDeriveNoRuleVariants(t *testing.T) {
	unionSound(t, []unionCase{
		{"not-closed", `{"type":"object","properties":{"colour":{"type":"string"},"mode":{"type":"string"}},"additionalProperties":false,` +
			`"not":{"properties":{"mode":{"const":"x"},"color":{"const":"x"}},"required":["mode"]}}`, []string{`{"colour":"red"}`, `{"colour":"red","mode":"y"}`}},
		{"not-case", `{"type":"object","properties":{"n":{"type":"integer"},"N":{"type":"integer"}},"additionalProperties":false,"not":{"properties":{"N":{"const":1}},"required":["N"]}}`,
			[]string{`{"n":1}`, `{"n":"1","N":2}`}},
		{"not-open", `{"type":"object","properties":{"n":{"type":"integer"}},"not":{"properties":{"N":{"const":1}},"required":["N"]}}`, []string{`{"n":1}`}},
		{"if-closed", `{"type":"object","properties":{"colour":{"type":"string"},"mode":{"type":"string"}},"additionalProperties":false,` +
			`"if":{"properties":{"color":{"const":"x"}},"required":["mode"]},"then":{"required":["mode"]}}`, []string{`{"colour":"red"}`}},
	})
}

// TestDeriveRootThenMap: a then or else of the arguments holds them
// where it applies (its if passes a call without the key it tests), and
// its map keywords (additionalProperties, patternProperties) read the
// members the root declares and it does not: those members get no rule,
// as where a branch of the root's union reads them (rootMapReads), where
// before the then's additionalProperties held {"a": ["true"]} strict in
// the rewrite while the root's rule made it [true] (found by
// FuzzDeriveEquivalentShapes). A member the then declares itself, and
// one its map does not constrain, keep their rules.
func TestDeriveRootThenMap(t *testing.T) {
	cases := []unionCase{
		{"then-additional", `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},"a":{"type":"array","items":{"type":"boolean"}},"n":{"type":"integer"}},` +
			`"if":{"properties":{"kind":{"const":"a"}}},"then":{"type":"object","properties":{"n":{"type":"integer","minimum":0}},"additionalProperties":{"type":"array","items":{"type":"boolean"}}}}`,
			[]string{`{"a":["true"]}`, `{"kind":"a","a":["true"]}`, `{"kind":"b","a":["true"]}`, `{"a":"[true]"}`, `{"n":"5"}`, `{"kind":"b","n":"-1"}`}},
		{"else-pattern", `{"type":"object","properties":{"kind":{"type":"string"},"a":{"type":"integer"},"b":{"type":"integer"}},` +
			`"if":{"properties":{"kind":{"const":"a"}},"required":["kind"]},"then":{"properties":{"b":{"type":"integer","maximum":3}}},"else":{"patternProperties":{"^a":{"type":"integer","maximum":9}}}}`,
			[]string{`{"a":"5"}`, `{"a":"12"}`, `{"kind":"a","a":"12"}`, `{"b":"2"}`, `{"kind":"a","b":"5"}`}},
		{"allof-then", `{"type":"object","properties":{"kind":{"type":"string"},"a":{"type":"array","items":{"type":"boolean"}}},` +
			`"allOf":[{"if":{"properties":{"kind":{"const":"a"}}},"then":{"additionalProperties":{"type":"array","items":{"type":"boolean"}}}}]}`,
			[]string{`{"a":["true"]}`, `{"kind":"b","a":["true"]}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	d, err := Tool("t", []byte(cases[0].schema))
	if err != nil {
		t.Fatal(err)
	}
	kinds := strings.Join(ruleKinds(d), " ")
	if strings.Contains(kinds, "type_coerce:a[]") {
		t.Errorf("a rule reads a, which the then's additionalProperties reads: %s", kinds)
	}
	if !strings.Contains(warnings(d), "a: array left strict") {
		t.Errorf("no warning says why a is left strict: %s", warnings(d))
	}
}
