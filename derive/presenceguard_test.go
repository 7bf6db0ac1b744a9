package derive

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/normalize"
)

// vegaSpec is a oneOf of open objects that a required member only one
// branch declares tells apart (Vega-Lite's unit, layer and facet specs):
// a call holding another branch's member is taken by that branch as it
// is, so each branch's rules read only calls that hold none of the other
// branches' members.
const vegaSpec = `{"type":"object","properties":{"spec":{"oneOf":[` +
	`{"type":"object","properties":{"mark":{"type":"string"},"width":{"type":"integer"},"height":{"type":"number"},"style":{"type":"string","enum":["solid","dashed"]},"tags":{"type":"array","items":{"type":"object","properties":{"on":{"type":"boolean"}}}},"encoding":{"type":"object","properties":{"x":{"type":"number"}}}},"required":["mark"]},` +
	`{"type":"object","properties":{"layers":{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer"}}}},"width":{"type":"integer"},"height":{"type":"number"}},"required":["layers"],"additionalProperties":false},` +
	`{"type":"object","properties":{"facet":{"type":"string"},"spec":{"type":"object"},"width":{"type":"string"}},"required":["facet","spec"]}` +
	`]}}}`

// TestDerivePresenceGuards: the branches of a oneOf of open objects that
// required members only one branch declares tell apart get their rules
// past absent guards, and their rewrites take a lenient form only where
// those members are absent (else the strict one). A branch closed to
// other keys takes none of the others' calls, and gets its guard too.
func TestDerivePresenceGuards(t *testing.T) {
	cases := []unionCase{{"vega", vegaSpec, []string{
		`{"spec":{"mark":"bar","width":"5"}}`,
		`{"spec":{"mark":"bar","encoding":"{\"x\":\"1.5\"}"}}`,
		`{"spec":{"mark":"bar","style":"SOLID","tags":[{"on":"yes"}]}}`,
		`{"spec":{"mark":"bar","style":"SOLID","facet":"f","spec":{}}}`,
		`{"spec":{"mark":"bar","tags":[{"on":"yes"}],"facet":"f","spec":{}}}`,
		`{"spec":{"mark":"bar","tags":"[]","facet":"f","spec":{}}}`,
		`{"spec":{"mark":"bar","tags":[{"on":true}],"encoding":{"x":2},"facet":"f","spec":{}}}`,
		`{"spec":{"layers":"[{\"n\":\"1\"}]","width":"7"}}`,
		`{"spec":{"layers":[{"n":"1"}]}}`,
		`{"spec":{"mark":"bar","layers":"[1]"}}`,
		`{"spec":{"mark":"bar","layers":[{"n":1}]}}`,
		`{"spec":{"mark":"bar","layers":[{"n":"1"}]}}`,
		`{"spec":{"facet":"f","spec":{},"width":"abc"}}`,
		`{"spec":{"facet":"f","spec":"{}"}}`,
		`{"spec":{"facet":"f","spec":"{}","width":5}}`,
		`{"spec":{"mark":"bar","width":"5","facet":"f"}}`,
		`{"spec":{"mark":"bar","width":"5","facet":"f","spec":{}}}`,
		`{"spec":{"mark":"bar","width":"5","spec":{}}}`,
		`{"spec":{"mark":null,"width":"5"}}`,
		`{"spec":{"Mark":"bar","width":"5"}}`,
		`{"spec":{"mark":"bar","Layers":"[]","width":"5"}}`,
		`{"spec":"{\"mark\":\"bar\",\"height\":\"5\",\"encoding\":{\"x\":\"1\"}}"}`,
		`{"spec":{"layers":[],"height":"2.5"}}`,
		`{"spec":{"layers":[],"height":"2.5","mark":"bar"}}`,
		`{"spec":{"layers":[],"height":"2.5","facet":"f"}}`,
		`{"spec":{"mark":"m","height":"2.5","facet":"f","spec":{}}}`,
		`{"spec":{"mark":"bar","facet":"f","spec":{},"width":5}}`,
	}}}
	d := deriveSound(t, cases[0])
	ajvSound(t, cases)
	var paths []string
	for _, r := range d.Rules {
		paths = append(paths, r.Path)
	}
	for _, want := range []string{`spec<!"layers"><!"facet">.height`, `spec<!"mark"><!"facet">.height`, `spec<!"layers"><!"facet">.encoding.x`, `spec<!"mark"><!"facet">.layers`, `spec<!"mark"><!"facet">.layers[].n`, `spec<!"mark"><!"layers">.spec`} {
		if !slices.Contains(paths, want) {
			t.Errorf("no rule at %s: %s", want, strings.Join(paths, " "))
		}
	}
	for _, w := range d.Warnings {
		// (a path the branches hold to other types stays strict: the
		// survey reads a path's sites whatever their guards)
		if strings.HasPrefix(w.Path, "spec.") && w.String() != "t: spec.width: integer left strict: the branches of a union give this path different types" {
			t.Errorf("left strict: %s", w)
		}
	}
}

// TestDerivePresenceGuardsShapes: absent guards beside a scalar and an
// array branch (whose elements' rules read past no guard), inside a
// guarded branch, and inside an array; a holder that declares members,
// a branch without a marker or an anyOf stay as overlapping leaves them.
func TestDerivePresenceGuardsShapes(t *testing.T) {
	a := `{"type":"object","properties":{"a":{"type":"integer"},"o":{"type":"object","properties":{"b":{"type":"boolean"}}}},"required":["a"]}`
	b := `{"type":"object","properties":{"b":{"type":"integer"},"n":{"type":"number"}},"required":["b"]}`
	cases := []unionCase{
		{"scalar-array", wrapX(`{"oneOf":[` + a + `,` + b + `,{"type":"string","maxLength":3},{"type":"array","items":{"type":"integer"}}]}`), []string{
			`{"x":{"a":"1","o":{"b":"true"}}}`, `{"x":{"b":"2","n":"1.5"}}`, `{"x":{"a":"1","b":2}}`, `{"x":{"a":1,"b":"2"}}`, `{"x":"abc"}`, `{"x":["1",2]}`, `{"x":"[\"1\"]"}`,
			`{"x":{"a":1,"b":2}}`, `{"x":{"a":"1","n":"x"}}`, `{"x":{"b":"2","o":"{}"}}`,
		}},
		{"nested", wrapX(`{"oneOf":[{"type":"object","properties":{"k":{"oneOf":[` + a + `,` + b + `]},"m":{"type":"integer"}},"required":["m"]},` + b + `]}`), []string{
			`{"x":{"m":"1","k":{"a":"2"}}}`, `{"x":{"m":"1","k":{"a":"2","b":3}}}`, `{"x":{"m":"1","k":{"b":"2"},"b":"3"}}`, `{"x":{"b":"3","k":"x"}}`,
		}},
		{"in-array", wrapX(`{"type":"array","items":{"oneOf":[` + a + `,` + b + `]}}`), []string{
			`{"x":[{"a":"1"},{"b":"2"},{"a":"1","b":2},{"a":1,"b":"2"}]}`, `{"x":"[{\"a\":\"1\"}]"}`,
		}},
		{"typed-holder", wrapX(`{"type":"object","oneOf":[{"properties":{"a":{"type":"integer"},"n":{"type":"number"}},"required":["a"]},{"properties":{"b":{"type":"integer"},"n":{"type":"number"}},"required":["b"]}]}`), []string{
			`{"x":{"a":"1","n":"2"}}`, `{"x":{"b":"2"}}`, `{"x":{"b":"2","a":"x"}}`, `{"x":{"a":"1","b":"x"}}`, `{"x":{"a":1,"b":"2"}}`, `{"x":{"n":"1"}}`, `{"x":"{\"a\":\"1\"}"}`,
		}},
		{"holder", wrapX(`{"type":"object","properties":{"c":{"type":"integer"}},"oneOf":[` + a + `,` + b + `]}`), []string{
			`{"x":{"a":"1","c":"2"}}`, `{"x":{"a":"1","b":2}}`,
		}},
		{"no-marker", wrapX(`{"oneOf":[` + a + `,{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a"]}]}`), []string{
			`{"x":{"a":"1"}}`, `{"x":{"a":"1","b":"2"}}`,
		}},
		{"anyof", wrapX(`{"anyOf":[` + a + `,` + b + `]}`), []string{
			`{"x":{"a":"1"}}`, `{"x":{"a":"1","b":2}}`,
		}},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	for _, tc := range cases {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		guarded := slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return strings.Contains(r.Path, `<!"`) })
		if want := tc.name != "holder" && tc.name != "no-marker" && tc.name != "anyof"; guarded != want {
			t.Errorf("%s: absent guards %v, want %v: %v", tc.name, guarded, want, d.Rules)
		}
	}
}

// TestDeriveOptionalDiscriminator: a oneOf whose open object branches a
// member tells apart that some of them leave optional (SVG-like shapes,
// whose "type" no branch requires): each branch's rules read past its
// guard, and a branch that leaves the member out takes its lenient forms
// only where the member is given (a call without it is held strict).
func TestDeriveOptionalDiscriminator(t *testing.T) {
	schema := wrapX(`{"oneOf":[` +
		`{"type":"object","properties":{"type":{"enum":["path"]},"n":{"type":"integer"},"pts":{"type":"array","items":{"type":"number"}}}},` +
		`{"type":"object","properties":{"type":{"enum":["rect"]},"w":{"type":"number"}},"required":["type"]},` +
		`{"type":"object","properties":{"type":{"const":"circle"},"n":{"type":"string"}}}]}`)
	cases := []unionCase{{"optional-kind", schema, []string{
		`{"x":{"type":"path","n":"5"}}`, `{"x":{"n":"5"}}`, `{"x":{"n":5}}`, `{"x":{"type":"rect","w":"2.5"}}`,
		`{"x":{"type":"path","w":"x"}}`, `{"x":{"type":"path","pts":"[1,\"2\"]"}}`, `{"x":{"n":"5","type":"circle"}}`,
		`{"x":{"type":"circle","n":5}}`, `{"x":{"type":null,"n":"5"}}`, `{"x":{"type":"PATH","n":"5"}}`, `{"x":{"pts":"[1]"}}`,
	}}}
	d := deriveSound(t, cases[0])
	ajvSound(t, cases)
	var paths []string
	for _, r := range d.Rules {
		paths = append(paths, r.Path)
	}
	// (n, an integer in one branch and a string in another, stays
	// strict: the survey reads a path's sites whatever their guards)
	for _, want := range []string{`x<"type"="path">.pts`, `x<"type"="path">.pts[]`, `x<"type"="rect">.w`} {
		if !slices.Contains(paths, want) {
			t.Errorf("no rule at %s: %s", want, strings.Join(paths, " "))
		}
	}
}

// TestDerivePresenceGuardsRulesFile: a marker, or an optional
// discriminator, that a rules file's rule reads (an absent rule that
// removes it, a default that adds it, an alias that renames a key to it)
// is no guard's: its presence may change before the guarded rules read
// the call, where the rewrite reads it as sent (found by review).
func TestDerivePresenceGuardsRulesFile(t *testing.T) {
	marked := wrapX(`{"oneOf":[{"type":"object","properties":{"mark":{"type":"string"},"n":{"type":"integer"}},"required":["mark"]},` +
		`{"type":"object","properties":{"layers":{"type":"integer"},"m":{"type":"integer"}},"required":["layers"]}]}`)
	kinds := wrapX(`{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"n":{"type":"integer"}}},` +
		`{"type":"object","properties":{"kind":{"const":"b"},"m":{"type":"integer"}},"required":["kind"]}]}`)
	for _, tc := range []struct {
		name, schema string
		rule         lenient.Rule
		calls        []string
	}{
		{"absent", marked, lenient.Rule{Type: lenient.RuleAbsent, Path: "x.layers", Value: []byte(`[null]`)}, []string{`{"x":{"mark":"m","layers":null,"n":"5"}}`}},
		{"default", marked, lenient.Rule{Type: lenient.RuleParamDefault, Path: "x.layers", Value: []byte(`1`)}, []string{`{"x":{"mark":"m","n":"5"}}`}},
		{"alias", marked, lenient.Rule{Type: lenient.RuleParamAlias, Path: "x.lyrs", To: "layers"}, []string{`{"x":{"mark":"m","lyrs":"x","n":"5"}}`}},
		{"kind-alias", kinds, lenient.Rule{Type: lenient.RuleParamAlias, Path: "x.Kind", To: "kind"}, []string{`{"x":{"Kind":"a","n":"5"}}`, `{"x":{"kind":"a","n":"5"}}`}},
		// (a root not that tests a key fills the survey's own keep, which
		// once keyed its union results as a rules file's)
		{"alias-root-not", strings.TrimSuffix(wrapX(`{"oneOf":[{"type":"object","properties":{"mark":{"type":"string"},"n":{"type":"integer"}},"required":["mark"]},`+
			`{"type":"object","properties":{"layers":{"type":"integer"},"m":{"type":"integer"}},"required":["layers"]}]}`), "}") + `,"not":{"properties":{"z":{"const":1}},"required":["z"]}}`,
			lenient.Rule{Type: lenient.RuleParamAlias, Path: "x.lyrs", To: "layers"}, []string{`{"x":{"mark":"m","lyrs":"x","n":"5"}}`}},
		{"kind-default", kinds, lenient.Rule{Type: lenient.RuleParamDefault, Path: "x.kind", Value: []byte(`"a"`)}, []string{`{"x":{"n":"5"}}`, `{"x":{"kind":"a","n":"5"}}`}},
	} {
		tc.rule.ID, tc.rule.Tools = "mine", []string{"t"}
		own := []lenient.Rule{tc.rule}
		d := WithRules("t", parseMust(t, tc.schema), own)
		n, err := normalize.New(append(append([]lenient.Rule(nil), own...), d.Rules...))
		if err != nil {
			t.Fatal(err)
		}
		strict := compileDerived(t, tc.name+"-strict", []byte(tc.schema))
		lax := compileDerived(t, tc.name+"-lenient", d.Schema.Marshal())
		for _, call := range tc.calls {
			out, _, err := n.NormalizeJSON("t", []byte(call))
			if lv, after := validDerived(lax, []byte(call)), err == nil && validDerived(strict, out); lv != after {
				t.Errorf("%s: %s: the rewrite takes it: %v; normalized (%s), the strict schema: %v\nrewrite: %s", tc.name, call, lv, out, after, d.Schema.Marshal())
			}
		}
	}
}

// TestChangedPropertiesKeys: a rewrite that holds as many keywords as
// the strict branch but not the same ones is no property-by-property
// change (found by review: it would have read a keyword the rewrite
// does not hold).
func TestChangedPropertiesKeys(t *testing.T) {
	strict := parseMust(t, `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`)
	out := parseMust(t, `{"type":"object","properties":{"n":{"type":"string"}},"minProperties":1}`)
	if _, ok := changedProperties(out, strict); ok {
		t.Errorf("changedProperties took a rewrite without the strict branch's required")
	}
}

// TestDeriveOptionalDiscriminatorAJV: a branch whose rewrite may not be
// of type object at its top (a nullable branch, a branch of its own
// anyOf) takes no clause on its optional member, whose required strict
// AJV refuses beside no type "object": the union stays as overlapping
// leaves it (found by review).
func TestDeriveOptionalDiscriminatorAJV(t *testing.T) {
	cases := []unionCase{
		{"nullable-branch", wrapX(`{"oneOf":[{"type":["object","null"],"properties":{"kind":{"const":"a"},"n":{"type":"integer"}}},{"type":"object","properties":{"kind":{"const":"b"},"m":{"type":"integer"}},"required":["kind"]}]}`),
			[]string{`{"x":{"n":"5"}}`, `{"x":{"kind":"a","n":"5"}}`, `{"x":null}`}},
		{"anyof-branch", wrapX(`{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"n":{"type":"integer"},"w":{"type":"integer"}},"anyOf":[{"minProperties":2},{"maxProperties":1}]},{"type":"object","properties":{"kind":{"const":"b"},"m":{"type":"integer"}},"required":["kind"]}]}`),
			[]string{`{"x":{"n":"5"}}`, `{"x":{"kind":"a","n":"5"}}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	for _, tc := range cases {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		if i := slices.IndexFunc(d.Rules, func(r lenient.Rule) bool { return strings.Contains(r.Path, `<"kind"=`) }); i >= 0 {
			t.Errorf("%s: a rule past a guard on the optional member: %s", tc.name, d.Rules[i].Path)
		}
		if strings.Contains(string(d.Schema.Marshal()), `{"properties":{"kind":{}},"required":["kind"]}`) {
			t.Errorf("%s: the rewrite holds the member's clause: %s", tc.name, d.Schema.Marshal())
		}
	}
}

// vegaRoot is vegaSpec's union k as the input schema itself, its
// branches references to definitions (Vega-Lite's top-level specs);
// nested, the facet spec's spec is such a union of the unit and layer
// specs.
func vegaRoot(k string, nested bool) string {
	unit := `{"type":"object","properties":{"mark":{"type":"string"},"width":{"type":"integer"},"height":{"type":"number"},"style":{"type":"string","enum":["solid","dashed"]},"tags":{"type":"array","items":{"type":"object","properties":{"on":{"type":"boolean"}}}},"encoding":{"type":"object","properties":{"x":{"type":"number"}}}},"required":["mark"]}`
	layer := `{"type":"object","properties":{"layers":{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer"}}}},"width":{"type":"integer"},"height":{"type":"number"}},"required":["layers"],"additionalProperties":false}`
	facet := `{"type":"object","properties":{"facet":{"type":"string"},"spec":{"type":"object"},"width":{"type":"string"}},"required":["facet","spec"]}`
	if nested {
		// (a facet's spec is a unit or a layer spec, told apart alike)
		facet = strings.Replace(facet, `"spec":{"type":"object"}`, `"spec":{"`+k+`":[{"$ref":"#/definitions/Unit"},{"$ref":"#/definitions/Layer"}]}`, 1)
	}
	return `{"$comment":"Vega-Lite","` + k + `":[{"$ref":"#/definitions/Unit","description":"a unit spec"},{"$ref":"#/definitions/Layer"},{"$ref":"#/definitions/Facet"}],` +
		`"definitions":{"Unit":` + unit + `,"Layer":` + layer + `,"Facet":` + facet + `}}`
}

// TestDeriveRootPresenceGuards: the input schema's own anyOf or oneOf of
// open objects that required members only one branch declares tell
// apart: each branch's rules, its top-level members' too, start with
// absent guards on the arguments object, and its rewrite takes a lenient
// form only where those members are absent. An anyOf gets them too: the
// hosts that refuse a not (Gemini) refuse an anyOf at the top level
// already, as Claude and OpenAI do.
func TestDeriveRootPresenceGuards(t *testing.T) {
	calls := []string{
		`{"mark":"bar","width":"5"}`,
		`{"mark":"bar","encoding":"{\"x\":\"1.5\"}"}`,
		`{"mark":"bar","style":"SOLID","tags":[{"on":"yes"}]}`,
		`{"mark":"bar","style":"SOLID","facet":"f","spec":{}}`,
		`{"mark":"bar","tags":"[]","facet":"f","spec":{}}`,
		`{"mark":"bar","tags":[{"on":true}],"encoding":{"x":2},"facet":"f","spec":{}}`,
		`{"layers":"[{\"n\":\"1\"}]","width":"7"}`,
		`{"layers":[{"n":"1"}]}`,
		`{"mark":"bar","layers":"[1]"}`,
		`{"mark":"bar","layers":[{"n":1}]}`,
		`{"mark":"bar","layers":[{"n":"1"}]}`,
		`{"facet":"f","spec":{},"width":"abc"}`,
		`{"facet":"f","spec":"{}"}`,
		`{"facet":"f","spec":"{}","width":5}`,
		`{"mark":"bar","width":"5","facet":"f"}`,
		`{"mark":"bar","width":"5","facet":"f","spec":{}}`,
		`{"mark":"bar","width":"5","spec":{}}`,
		`{"mark":null,"width":"5"}`,
		`{"Mark":"bar","width":"5"}`,
		`{"mark":"bar","Layers":"[]","width":"5"}`,
		`{"layers":[],"height":"2.5"}`,
		`{"layers":[],"height":"2.5","mark":"bar"}`,
		`{"layers":[],"height":"2.5","facet":"f"}`,
		`{"mark":"m","height":"2.5","facet":"f","spec":{}}`,
		`{"mark":"bar","facet":"f","spec":{},"width":5}`,
		`{"height":"2.5"}`,
	}
	// (a branch that takes no object first: the rewrite has none, and
	// the guards go by the branches it keeps)
	scalarFirst := `{"anyOf":[{"type":"string"},{"type":"object","properties":{"mark":{"type":"string"},"n":{"type":"integer"}},"required":["mark"]},` +
		`{"type":"object","properties":{"layers":{"type":"string"},"w":{"type":"integer"}},"required":["layers"]}]}`
	cases := []unionCase{{"root-oneof", vegaRoot("oneOf", false), calls}, {"root-anyof", vegaRoot("anyOf", false), calls},
		{"scalar-first", scalarFirst, []string{`{"layers":"x","n":"5"}`, `{"mark":"x","w":"5"}`, `{"mark":"x","n":"5"}`, `{"layers":"x","w":"5"}`, `{"n":"5"}`}},
		{"scalar-first-oneof", strings.Replace(scalarFirst, "anyOf", "oneOf", 1), []string{`{"layers":"x","n":"5"}`, `{"mark":"x","w":"5"}`, `{"mark":"x","n":"5"}`, `{"layers":"x","w":"5"}`}}}
	unionSound(t, cases)
	ajvSound(t, cases)
	for _, tc := range cases[:2] {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		var paths []string
		for _, r := range d.Rules {
			if r.From != "" {
				t.Errorf("%s: a rule on a top-level member past no guard: %+v", tc.name, r)
			}
			paths = append(paths, r.Path)
		}
		for _, want := range []string{`<!"layers"><!"facet">.height`, `<!"mark"><!"facet">.height`, `<!"layers"><!"facet">.encoding.x`, `<!"mark"><!"facet">.layers`, `<!"mark"><!"facet">.layers[].n`, `<!"mark"><!"layers">.spec`, `<!"layers"><!"facet">.tags[].on`} {
			if !slices.Contains(paths, want) {
				t.Errorf("%s: no rule at %s: %s", tc.name, want, strings.Join(paths, " "))
			}
		}
		for _, w := range d.Warnings {
			if w.String() != tc.name+": width: integer left strict: the branches of a union give this path different types" {
				t.Errorf("%s: left strict: %s", tc.name, w)
			}
		}
	}
}

// TestDeriveNestedAnyOfGuards: below an input schema that is a union
// itself (which Claude, OpenAI and Gemini refuse at the top level), an
// anyOf of open objects that required members tell apart gets absent
// guards as a oneOf does: the not its rewrite gains costs no host that
// takes the schema. Below an object root it stays as overlapping leaves
// it (TestDerivePresenceGuardsShapes).
func TestDeriveNestedAnyOfGuards(t *testing.T) {
	calls := []string{
		`{"facet":"f","spec":{"mark":"bar","width":"5"}}`,
		`{"facet":"f","spec":{"mark":"bar","encoding":"{\"x\":\"1.5\"}"}}`,
		`{"facet":"f","spec":{"layers":[{"n":"1"}],"height":"2.5"}}`,
		`{"facet":"f","spec":{"layers":[],"height":"2.5","mark":"bar"}}`,
		`{"facet":"f","spec":{"mark":"bar","layers":"[1]"}}`,
		`{"facet":"f","spec":{"mark":"bar","layers":[{"n":"1"}]}}`,
		`{"facet":"f","spec":"{\"mark\":\"bar\",\"height\":\"5\"}"}`,
		`{"facet":"f","spec":{"height":"5"}}`,
		`{"mark":"bar","width":"5"}`,
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		tc := unionCase{"nested-" + k, vegaRoot(k, true), calls}
		unionSound(t, []unionCase{tc})
		ajvSound(t, []unionCase{tc})
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		var paths []string
		for _, r := range d.Rules {
			paths = append(paths, r.Path)
		}
		for _, want := range []string{`<!"mark"><!"layers">.spec<!"layers">.encoding.x`, `<!"mark"><!"layers">.spec<!"mark">.layers[].n`, `<!"mark"><!"layers">.spec<!"mark">.height`} {
			if !slices.Contains(paths, want) {
				t.Errorf("%s: no rule at %s: %s", tc.name, want, strings.Join(paths, " "))
			}
		}
	}
}

// TestDeriveRootGuardsSharedKeys: a member every branch of the input
// schema's union holds to one schema (Vega-Lite's config, a reference to
// one large definition, which the inliner copies once and keeps as a
// reference past its size bound) gets its rules past no guard, and the
// references kept share its copy's lenient form; only the members the
// branches hold otherwise are read past the guards.
func TestDeriveRootGuardsSharedKeys(t *testing.T) {
	var props []string
	for i := range 40 {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"number"}`, i))
	}
	config := `{"type":"object","properties":{` + strings.Join(props, ",") + `,"dash":{"type":"array","items":{"type":"number"}}}}`
	schema := `{"oneOf":[{"$ref":"#/definitions/Unit"},{"$ref":"#/definitions/Layer"}],"definitions":{` +
		`"Unit":{"type":"object","properties":{"mark":{"type":"string"},"n":{"type":"integer"},"config":{"$ref":"#/definitions/Config"}},"required":["mark"]},` +
		`"Layer":{"type":"object","properties":{"layers":{"type":"array"},"w":{"type":"integer"},"config":{"$ref":"#/definitions/Config"}},"required":["layers"]},` +
		`"Config":` + config + `}}`
	cases := []unionCase{{"shared", schema, []string{
		`{"mark":"bar","n":"2","config":{"p1":"1.5","dash":"[1,\"2\"]"}}`,
		`{"layers":[],"w":"3","config":{"p1":"1.5"}}`,
		`{"layers":[],"mark":"bar","n":"2","config":{"p1":"1.5"}}`,
		`{"layers":[],"mark":"bar","w":"2","config":"{\"p2\":\"2\"}"}`,
		`{"mark":"bar","w":"2"}`,
		`{"layers":[],"n":"2"}`,
		`{"config":{"p1":"1.5"}}`,
	}}}
	unionSound(t, cases)
	ajvSound(t, cases)
	d, _ := deriveNormalizer(t, "shared", schema)
	var paths []string
	for _, r := range d.Rules {
		paths = append(paths, r.From+r.Path)
	}
	for _, want := range []string{`<!"layers">.n`, `<!"mark">.w`, `config.p1`, `config.dash[]`, `config`} {
		if !slices.Contains(paths, want) {
			t.Errorf("no rule at %s: %s", want, strings.Join(paths, " "))
		}
	}
	for _, w := range d.Warnings {
		t.Errorf("left strict: %s", w)
	}
	if n := strings.Count(string(d.Schema.Marshal()), `"p39"`); n != 2 {
		t.Errorf("the rewrite holds config's p39 %d times, want 2 (its strict definition, its lenient copy): %s", n, d.Schema.Marshal())
	}
}

// TestDeriveRootGuardsScalarBranch: a branch of the input schema's union
// that takes no object, which the rewrite leaves out, leaves each object
// branch its own guard.
func TestDeriveRootGuardsScalarBranch(t *testing.T) {
	d, err := Tool("t", []byte(`{"oneOf":[{"type":"array"},{"type":"object","properties":{"mark":{"type":"string"},"n":{"type":"integer"}},"required":["mark"]},`+
		`{"type":"object","properties":{"layers":{"type":"string"},"w":{"type":"integer"}},"required":["layers"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range d.Rules {
		paths = append(paths, r.From+r.Path)
	}
	if want := []string{`<!"layers">.n`, `<!"mark">.w`}; !slices.Equal(paths, want) {
		t.Errorf("rules at %q, want %q", paths, want)
	}
}

// TestWithRulesGuarded: a rule of a rules file replaces the derived rules
// past guards that would write its value otherwise where their guards
// hold (a json_accept_both to JSON text beside one to the value), at the
// top level of the input schema's union and below a nested one; the
// value is then left as the file says.
func TestWithRulesGuarded(t *testing.T) {
	for _, tc := range []struct {
		name, schema string
		rule         lenient.Rule
		at           string
	}{
		{"root", vegaRoot("oneOf", false), lenient.Rule{ID: "text", Tools: []string{"*"}, Type: lenient.RuleJSONAcceptBoth, From: "encoding"}, "encoding"},
		{"nested", vegaSpec, lenient.Rule{ID: "text", Tools: []string{"*"}, Type: lenient.RuleJSONAcceptBoth, Path: "spec.encoding"}, "spec.encoding"},
	} {
		root, err := jsonnode.Parse([]byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		d := WithRules("t", root, []lenient.Rule{tc.rule})
		if !slices.ContainsFunc(d.Replaced, func(r Replacement) bool { return r.By.ID == "text" }) {
			t.Errorf("%s: no derived rule replaced: %v", tc.name, d.Replaced)
		}
		for _, r := range d.Rules {
			if r.Type == lenient.RuleJSONAcceptBoth && strings.HasSuffix(r.Path, "."+tc.at[strings.LastIndex(tc.at, ".")+1:]) {
				t.Errorf("%s: a derived rule writes %s beside the file's: %+v", tc.name, tc.at, r)
			}
		}
		if err := normalize.ValidateRules(append([]lenient.Rule{tc.rule}, d.Rules...), nil); err != nil {
			t.Errorf("%s: derived rules do not load beside the rules: %v", tc.name, err)
		}
	}
}

// TestDeriveAnyOfGuardsWhereRefused: an anyOf of open objects that
// required members tell apart gets absent guards where every host that
// refuses the not its rewrite gains (Gemini, OpenAI's strict mode)
// refuses the rewrite without it already (a const beside it, which
// Gemini refuses); where one of them takes it, the anyOf stays as
// overlapping leaves it, with a warning naming that host.
func TestDeriveAnyOfGuardsWhereRefused(t *testing.T) {
	a := `{"type":"object","properties":{"a":{"type":"integer"},"n":{"type":"number"}},"required":["a"]}`
	b := `{"type":"object","properties":{"b":{"type":"integer"},"n":{"type":"string"}},"required":["b"]}`
	union := `"x":{"anyOf":[` + a + `,` + b + `]}`
	refused := `{"type":"object","properties":{` + union + `,"y":{"type":"string","const":"v"}}}`
	taken := `{"type":"object","properties":{` + union + `,"y":{"type":"string","enum":["v"]}}}`
	calls := []string{`{"x":{"a":"1","n":"2.5"}}`, `{"x":{"b":"2","n":"2.5"}}`, `{"x":{"a":"1","b":2,"n":"2.5"}}`, `{"x":{"a":1,"b":"2"}}`, `{"x":{"n":"1"}}`, `{"y":"v"}`}
	cases := []unionCase{{"refused", refused, calls}, {"taken", taken, calls}}
	unionSound(t, cases)
	ajvSound(t, cases)
	for _, tc := range cases {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		guarded := slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return strings.Contains(r.Path, `x<!"b">.a`) })
		if want := tc.name == "refused"; guarded != want {
			t.Errorf("%s: a rule at x<!\"b\">.a: %v, want %v: %v", tc.name, guarded, want, d.Rules)
		}
		if tc.name == "taken" && !slices.ContainsFunc(d.Warnings, func(w Warning) bool {
			return w.Path == "x" && strings.HasSuffix(w.Message, "refuse the rewrite that reads them so (with a not): gemini; what the branches hold otherwise is left strict")
		}) {
			t.Errorf("%s: no warning says why the anyOf stays strict: %v", tc.name, d.Warnings)
		}
	}
}

// TestDeriveGuardedNoTypeArrays: what a guarded branch's rewrite holds a
// call to where its guard does not hold is spelled as the rest of the
// rewrite (no type arrays, which Gemini and Cursor refuse), as the
// strict schema takes it: below a nested oneOf, the input schema's own,
// and one whose discriminator a branch leaves optional.
func TestDeriveGuardedNoTypeArrays(t *testing.T) {
	a := `{"type":"object","properties":{"a":{"type":"integer"},"v":{"type":["string","number"]},"o":{"type":"object","properties":{"w":{"type":["integer","null"]},"n":{"type":"integer"}}}},"required":["a"]}`
	b := `{"type":"object","properties":{"b":{"type":"integer"},"v":{"type":["string","number"]}},"required":["b"]}`
	cases := []unionCase{
		{"nested", wrapX(`{"oneOf":[` + a + `,` + b + `]}`), []string{`{"x":{"a":"1","v":2,"o":{"w":null,"n":"3"}}}`, `{"x":{"a":"1","b":2,"v":"s"}}`, `{"x":{"a":1,"b":"2","o":{"n":"3"}}}`, `{"x":{"b":"2","v":true}}`}},
		{"root", `{"oneOf":[` + a + `,` + b + `]}`, []string{`{"a":"1","v":2,"o":{"w":null,"n":"3"}}`, `{"a":"1","b":2,"v":"s"}`, `{"a":1,"b":"2","o":{"n":"3"}}`, `{"b":"2","v":true}`}},
		{"optional-kind", wrapX(`{"oneOf":[{"type":"object","properties":{"kind":{"enum":["p"]},"n":{"type":"integer"},"v":{"type":["string","number"]}}},` +
			`{"type":"object","properties":{"kind":{"enum":["q"]},"w":{"type":"number"}},"required":["kind"]}]}`), []string{`{"x":{"kind":"p","n":"5","v":1}}`, `{"x":{"n":"5"}}`, `{"x":{"kind":"q","w":"2.5"}}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	for _, tc := range cases {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		if text := string(d.Schema.Marshal()); strings.Contains(text, `"type":[`) {
			t.Errorf("%s: the rewrite holds a type array: %s", tc.name, text)
		}
		if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return rulespec.HoldsGuard(r.Path) }) {
			t.Errorf("%s: no rule past a guard: %v", tc.name, d.Rules)
		}
	}
}

// TestDeriveRootAlikeRecursive: a member two branches of the input
// schema's oneOf hold to copies of one definition that a recursion runs
// through, made where other references were being expanded (so each
// keeps its recursive references at other places), is not read as one
// schema held alike.
func TestDeriveRootAlikeRecursive(t *testing.T) {
	s := `{"oneOf":[{"type":"object","properties":{"mark":{"type":"string"},"config":{"$ref":"#/definitions/T"}},"required":["mark"]},{"$ref":"#/definitions/B"}],"definitions":{` +
		`"T":{"type":"object","properties":{"w":{"type":"integer"},"b":{"$ref":"#/definitions/B"}}},` +
		`"B":{"type":"object","properties":{"layers":{"type":"string"},"config":{"$ref":"#/definitions/T"}},"required":["layers"]}}}`
	cases := []unionCase{{"recursive", s, []string{
		`{"mark":"m","config":{"b":{"layers":"x","config":{"w":"3"}}}}`,
		`{"layers":"l","config":{"b":{"layers":"x","config":{"w":"3"}}}}`,
		`{"mark":"m","config":{"w":"3"}}`,
		`{"layers":"l","config":{"w":"3"}}`,
	}}}
	unionSound(t, cases)
	ajvSound(t, cases)
}

// TestDeriveGuardedArrayItems: an array a guarded branch's rewrite
// holds strict where its guard does not hold keeps its items there
// (OpenAI and Copilot refuse an array without items), where the rewrite
// changed the array (its JSON text) but not its items.
func TestDeriveGuardedArrayItems(t *testing.T) {
	a := `{"type":"object","properties":{"a":{"type":"integer"},"tags":{"type":"array","items":{"type":"string"}}},"required":["a"]}`
	b := `{"type":"object","properties":{"b":{"type":"integer"}},"required":["b"]}`
	cases := []unionCase{{"items", wrapX(`{"oneOf":[` + a + `,` + b + `]}`), []string{
		`{"x":{"a":"1","tags":"[\"t\"]"}}`, `{"x":{"a":1,"b":"2","tags":"[\"t\"]"}}`, `{"x":{"a":1,"b":2,"tags":["t"]}}`, `{"x":{"b":"2"}}`,
	}}}
	unionSound(t, cases)
	ajvSound(t, cases)
	d, _ := deriveNormalizer(t, "items", cases[0].schema)
	catalog := obj("tools", jsonnode.Array(obj("name", jstr("t"), "inputSchema", d.Schema)))
	findings, err := lint.CheckHosts(catalog.Marshal(), []lint.Host{lint.HostOpenAI, lint.HostCopilot})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		t.Errorf("%s: %s %s: %s", f.Host, f.Path, f.Kind, f.Message)
	}
}

// TestDeriveRootGuardsSharedStrictForm: where a guarded branch's strict
// form is spelled (strictForm), a copy below a member every branch holds
// alike keeps the lenient definition the references kept in the other
// branches share (the strict spelling took its place, and they refused
// what the rules past no guard make of a call).
func TestDeriveRootGuardsSharedStrictForm(t *testing.T) {
	var qs []string
	for i := range 8 {
		qs = append(qs, fmt.Sprintf(`"q%d":{"type":"string"}`, i))
	}
	schema := `{"oneOf":[{"$ref":"#/definitions/U"},{"$ref":"#/definitions/L"}],"definitions":{` +
		`"U":{"type":"object","properties":{"mark":{"type":"string"},"n":{"type":"integer"},"config":{"$ref":"#/definitions/C"}},"required":["mark"]},` +
		`"L":{"type":"object","properties":{"layers":{"type":"string"},"w":{"type":"integer"},"config":{"$ref":"#/definitions/C"}},"required":["layers"]},` +
		`"C":{"type":"object","properties":{"p":{"type":"number"},"m":{"$ref":"#/definitions/M"}}},` +
		`"M":{"type":"object","properties":{"f":{"type":"boolean"},` + strings.Join(qs, ",") + `}}}}`
	calls := []string{`{"layers":"l","config":{"m":{"f":"true"}}}`, `{"mark":"m","config":{"m":{"f":"true"},"p":"2.5"}}`, `{"layers":"l","n":"2","config":{"p":"1"}}`}
	defer func(b int) { tightBudget = b }(tightBudget)
	for budget := 20; budget <= 50; budget += 3 {
		tightBudget = budget
		unionSound(t, []unionCase{{fmt.Sprintf("budget-%d", budget), schema, calls}})
	}
}

// TestDerivePresenceGuardsConjoined: a union whose object branches
// declare a member that a schema beside it declares too (the other
// branch of its allOf, or the object's own properties beside an allOf
// holding the union) gets no guards: that schema's rule reads the
// member past no guard, where a branch's rewrite would hold it to the
// strict schema once another branch's marker is given ({"a": "50",
// "m0": "5", "m1": 40} refused by the rewrite, taken after the rules:
// found by FuzzDeriveEquivalentShapes). What the branches leave strict
// without guards stays strict; a union alike without such a schema
// beside it keeps its guards.
func TestDerivePresenceGuardsConjoined(t *testing.T) {
	branches := `[{"type":"object","properties":{"m0":{"type":"integer"},"a":{"type":"integer"}},"required":["m0"]},` +
		`{"type":"object","properties":{"m1":{"type":"integer"},"a":{"type":"integer"}},"required":["m1"]}]`
	calls := []string{`{"x":{"a":"50","m0":"5","m1":40}}`, `{"x":{"a":"50","m1":40}}`, `{"x":{"a":50,"m0":"5","m1":"40"}}`, `{"x":{"a":"5","m0":"1"}}`, `{"x":{"m1":"2"}}`}
	var cases []unionCase
	for _, k := range []string{"anyOf", "oneOf"} {
		cases = append(cases,
			unionCase{"allof-" + k, wrapX(`{"allOf":[{"` + k + `":` + branches + `},{"type":"object","properties":{"a":{"type":"integer"}}}]}`), calls},
			unionCase{"own-" + k, wrapX(`{"type":"object","properties":{"a":{"type":"integer"}},"allOf":[{"` + k + `":` + branches + `}]}`), calls},
			unionCase{"marker-" + k, wrapX(`{"allOf":[{"` + k + `":` + branches + `},{"type":"object","properties":{"m1":{"type":"integer"}}}]}`), calls})
	}
	// (a oneOf told apart by a member some branches leave optional:
	// valueGuards, whose clauses hold a branch strict alike)
	optional := unionCase{"optional-kind", wrapX(`{"allOf":[{"oneOf":[{"type":"object","properties":{"k":{"enum":["p"]},"n":{"type":"integer"}}},` +
		`{"type":"object","properties":{"k":{"const":"r"},"n":{"type":"integer"},"w":{"type":"number"}},"required":["k"]}]},{"type":"object","properties":{"n":{"type":"integer"}}}]}`),
		[]string{`{"x":{"n":"5"}}`, `{"x":{"k":"r","n":"5"}}`, `{"x":{"k":"p","n":"5","w":"1"}}`, `{"x":{"k":"r","w":"1.5"}}`}}
	cases = append(cases, optional)
	unionSound(t, cases)
	ajvSound(t, cases)
	// (alone, the union keeps its guards)
	d, err := Tool("alone", []byte(wrapX(`{"oneOf":`+branches+`}`)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(ruleKinds(d), " "), `x<!"m1">.m0`) {
		t.Errorf("the union alone lost its guards: %v", ruleKinds(d))
	}
}

// TestDerivePresenceGuardsInAlternative: a union whose branches
// declare a member that another branch of a union around it at the same
// path declares too, read past no guard there ({"oneOf": [{"anyOf":
// [...]}, {"properties": {"a": ...}}]}), gets no guards: that branch's
// rules read the member in every call, so a guarded branch's rewrite
// may not hold it strict where another branch's marker is given, as in
// TestDerivePresenceGuardsConjoined. (FuzzDeriveEquivalentShapes found
// it: {"b":{"a":"50","m0":"5","m1":27}} was refused by the rewrite and
// taken after the rules.)
func TestDerivePresenceGuardsInAlternative(t *testing.T) {
	branches := `[{"type":"object","properties":{"m0":{"type":"integer"},"a":{"type":"integer"}},"required":["m0"]},` +
		`{"type":"object","properties":{"m1":{"type":"integer"},"a":{"type":"integer"}},"required":["m1"]}]`
	other := `{"type":"object","properties":{"a":{"type":"integer"}}}`
	calls := []string{`{"x":{"a":"50","m0":"5","m1":27}}`, `{"x":{"a":"50","m1":40}}`, `{"x":{"a":50,"m0":"5","m1":"40"}}`, `{"x":{"a":"5","m0":"1"}}`, `{"x":{"m1":"2"}}`, `{"x":{"a":"5","z":"1"}}`}
	var cases []unionCase
	for _, k := range []string{"anyOf", "oneOf"} {
		for _, outer := range []string{"anyOf", "oneOf"} {
			cases = append(cases,
				unionCase{outer + "-" + k, wrapX(`{"` + outer + `":[{"` + k + `":` + branches + `},` + other + `]}`), calls},
				unionCase{outer + "-allof-" + k, wrapX(`{"` + outer + `":[{"allOf":[{"` + k + `":` + branches + `}]},` + other + `]}`), calls},
				unionCase{outer + "-nested-" + k, wrapX(`{"` + outer + `":[{"oneOf":[{"` + k + `":` + branches + `},` + other + `]},` + other + `]}`), calls})
		}
	}
	cases = append(cases, unionCase{"fuzz", `{"type":"object","properties":{"b":{"oneOf":[{"oneOf":[{"anyOf":[{"type":"object","properties":{"m0":{"type":"integer"},"a":{"type":"integer"}},"required":["m0"]},{"type":"object","properties":{"m1":{"type":"integer"},"a":{"type":"integer"}},"required":["m1"]},{"type":"object","properties":{"m2":{"type":"integer"},"a":{"type":"integer"}},"required":["m2"]},{"type":"integer"}]},{"type":"object","properties":{"a":{"type":"integer"}}}]},{"type":"object","properties":{"a":{"type":"integer"}}},{"type":"object","properties":{"b":{"type":"array","items":{"type":"string","pattern":"^[a-z]+$"}}},"required":["b"],"additionalProperties":false}]}}}`,
		[]string{`{"b":{"a":"50","m0":"5","m1":27}}`, `{"b":{"a":"50","m1":27}}`, `{"b":{"b":["x"]}}`}})
	unionSound(t, cases)
	ajvSound(t, cases)
	// (beside a closed branch that declares another member, the union
	// keeps its guards)
	d, err := Tool("beside", []byte(wrapX(`{"oneOf":[{"oneOf":`+branches+`},{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}]}`)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(ruleKinds(d), " "), `<!"m1">.m0`) {
		t.Errorf("the union beside a branch declaring another member lost its guards: %v", ruleKinds(d))
	}
}
