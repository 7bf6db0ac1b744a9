package derive

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/normalize"
)

// keptRefCase is a schema and the calls tried against its rewrite.
type keptRefCase struct {
	name, schema string
	calls        []string
}

// keptRefs are schemas whose rewrite keeps a reference (a recursive one)
// that points into or through a value the rewrite makes lenient, with
// calls that reach the reference's target below the depth any rule
// names. TestDeriveEquivalence runs the schemas too.
var keptRefs = []keptRefCase{
	// (not a reference: a oneOf whose branches a discriminator tells
	// apart, each branch's rules past its guard, judged here with AJV)
	{"union-guard", unionGuardSchema, unionGuardCalls},
	{"keptref-property", `{"type":"object","properties":{"t":{"type":"array","items":{"type":"object","properties":{"kids":{"$ref":"#/properties/t"}}}}}}`, []string{
		`{"t":[{"kids":[{"kids":"[{\"kids\":null}]"}]}]}`,
		`{"t":[{"kids":[{"kids":"[]"}]}]}`,
		`{"t":[{"kids":[{"kids":[{"kids":null}]}]}]}`,
		`{"t":[{"kids":[{"kids":[{"kids":[{"kids":"[]"}]}]}]}]}`,
		`{"t":[{"kids":[{"kids":[{"kids":[]}]}]}]}`,
		`{"t":"[{\"kids\":[]}]"}`,
		`{"t":[{"kids":"[{\"kids\":[]}]"}]}`,
	}},
	{"keptref-items", `{"type":"object","properties":{"n":{"type":"array","items":{"type":"object","properties":{"v":{"type":"integer"},"sub":{"type":"array","items":{"$ref":"#/properties/n/items"}}}}}}}`, []string{
		`{"n":[{"sub":[{"sub":[{"v":"5"}]}]}]}`,
		`{"n":[{"sub":[{"sub":["{}"]}]}]}`,
		`{"n":[{"sub":[{"sub":[{"v":5,"sub":[{"v":6}]}]}]}]}`,
		`{"n":[{"v":"5","sub":[{"v":"6"}]}]}`,
	}},
	{"keptref-definition-inside", `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"object","properties":{"b":{"type":["boolean","null"]},"x":{"type":["object","null"],"properties":{"c":{"type":"integer"},"y":{"$ref":"#/$defs/A/properties/x"}}}}}}}`, []string{
		`{"a":{"x":{"y":{"y":{"c":"1"}}}}}`,
		`{"a":{"x":{"y":{"y":{"c":1,"y":null}}}}}`,
		`{"a":{"x":{"y":{"y":"{}"}}}}`,
		`{"a":{"b":"true","x":{"c":"2","y":{"c":"3"}}}}`,
	}},
	{"keptref-ident", `{"type":"object","properties":{"t":{"type":"array","items":{"type":"object","properties":{"n":{"$id":"http://example.com/n","type":"integer"},"kids":{"$ref":"#/properties/t"}}}}}}`, []string{
		`{"t":[{"n":"1","kids":[{"n":"2","kids":[{"n":"3"}]}]}]}`,
		`{"t":[{"kids":[{"kids":[{"n":3}]}]}]}`,
	}},
	{"keptref-pruned", `{"type":"object","properties":{"t":{"type":"array","items":{"type":"object","properties":{"c":{"$ref":"#/$defs/Count"},"kids":{"$ref":"#/properties/t"}}}}},"$defs":{"Count":{"type":["integer","null"],"minimum":0},"U":{"type":"string"}}}`, []string{
		`{"t":[{"c":"1","kids":[{"c":"2","kids":[{"c":"3"}]}]}]}`,
		`{"t":[{"kids":[{"kids":[{"c":-1}]}]}]}`,
		`{"t":[{"kids":[{"kids":[{"c":null,"kids":[{"c":4}]}]}]}]}`,
	}},
	{"keptref-anchor", `{"type":"object","properties":{"t":{"$anchor":"T","type":"object","properties":{"n":{"type":"integer"},"self":{"$ref":"#T"}}},"m":{"type":"integer"}}}`, []string{
		`{"t":{"self":{"n":"5"}}}`,
		`{"t":{"n":"5"}}`,
		`{"t":{"self":{"self":{"n":5}}},"m":"2"}`,
	}},
}

// TestDeriveKeptRefStrict: a reference the deriver keeps in the rewrite
// resolves there to a schema that takes exactly what the strict schema
// takes at that depth (no rule names it): normalizing with the derived
// rules, then validating against the strict schema, accepts a call
// exactly where the rewrite does, by the Go validator and AJV, and the
// rewrite keeps no reference to a value it changed.
func TestDeriveKeptRefStrict(t *testing.T) {
	var cases []ajvcheck.Case
	var want [][]bool
	for _, tc := range keptRefs {
		d, n := deriveNormalizer(t, tc.name, tc.schema)
		strict := compileDerived(t, tc.name+"-strict", []byte(tc.schema))
		out := d.Schema.Marshal()
		lax := compileDerived(t, tc.name+"-lenient", out)
		c := ajvcheck.Case{Schema: out, OwnRefused: ajvRefusesOwn[tc.name]}
		var w []bool
		for _, call := range tc.calls {
			norm, _, err := n.NormalizeJSON(tc.name, []byte(call))
			taken := err == nil && validDerived(strict, norm)
			if got := validDerived(lax, []byte(call)); got != taken {
				t.Errorf("%s %s: the rewrite takes it: %v; normalized, the strict schema takes it: %v\nrewrite: %s", tc.name, call, got, taken, out)
			}
			c.Instances = append(c.Instances, json.RawMessage(call))
			w = append(w, taken)
		}
		cases = append(cases, c)
		want = append(want, w)
		if strings.Count(string(tc.schema), `"$id"`) != strings.Count(string(out), `"$id"`) {
			t.Errorf("%s: the rewrite holds an identifier more often than the strict schema (a validator refuses a schema that holds one twice):\n%s", tc.name, out)
		}
		if strings.Contains(string(out), `"$ref":"#/properties/`) {
			t.Errorf("%s: the rewrite keeps a reference into its properties, which it changed:\n%s", tc.name, out)
		}
	}
	ajv := ajvcheck.ValidateOrNone(t, cases)
	for i, c := range cases {
		for j, call := range c.Instances {
			if ajv != nil && ajv[i] != nil && ajv[i][j] != want[i][j] {
				t.Errorf("%s %s: AJV takes it under the rewrite: %v; normalized, the strict schema takes it: %v", keptRefs[i].name, call, ajv[i][j], want[i][j])
			}
		}
	}
}

// deriveNormalizer derives the tool name's rules and rewrite from schema
// and loads the rules.
func deriveNormalizer(t *testing.T, name, schema string) (*Derivation, *normalize.Normalizer) {
	t.Helper()
	d, err := Tool(name, []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatalf("%s: the derived rules do not load: %v", name, err)
	}
	return d, n
}

// TestDeriveKeptRefWhole: where no strict copy can stand for the target
// of a reference left in the rewrite (it holds an anchor, which the
// reference names), the value it reaches is kept as the strict schema
// has it, with a warning, and its siblings are made lenient.
func TestDeriveKeptRefWhole(t *testing.T) {
	anchor := keptRefs[slices.IndexFunc(keptRefs, func(k keptRefCase) bool { return k.name == "keptref-anchor" })].schema
	for _, tc := range []struct{ name, schema, whole, lenient string }{
		{"anchor", anchor, "t", "m"},
		{"dynamic", `{"type":"object","properties":{"t":{"$dynamicAnchor":"T","type":"array","items":{"type":"object","properties":{"kids":{"$dynamicRef":"#T"}}}},"m":{"type":"integer"}}}`, "t", "m"},
	} {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		strict := parseMust(t, tc.schema)
		if got, want := d.Schema.Get("properties").Get(tc.whole).Marshal(), strict.Get("properties").Get(tc.whole).Marshal(); string(got) != string(want) {
			t.Errorf("%s: %s is %s, want it as the strict schema has it, %s", tc.name, tc.whole, got, want)
		}
		want := "t: " + tc.whole + ": "
		if len(d.Warnings) != 1 || !strings.HasPrefix(d.Warnings[0].String(), want) || !strings.Contains(d.Warnings[0].Message, whyReached) {
			t.Errorf("%s: warnings %v, want one at %s that a reference reaches it", tc.name, d.Warnings, tc.whole)
		}
		if paths := lenientPaths(d); !slices.Contains(paths, tc.lenient) {
			t.Errorf("%s: lenient paths %v, want %s among them", tc.name, paths, tc.lenient)
		}
	}
}

// TestDeriveKeptRefDefinition: a strict copy names a definition of the
// root as the strict schema does, which the rewrite keeps once, in the
// portable form; once no reference is left outside $defs, pruneDefs
// reads every one, and the rewrite holds only the definitions named.
// (The recursive reference sits beside a string, which could hold its
// JSON text: it is kept, where keptref-pruned's is read at every depth.)
func TestDeriveKeptRefDefinition(t *testing.T) {
	schema := `{"type":"object","properties":{"t":{"type":"array","items":{"type":"object","properties":{"c":{"$ref":"#/$defs/Count"},"kids":{"anyOf":[{"$ref":"#/properties/t"},{"type":"string"}]}}}}},"$defs":{"Count":{"type":["integer","null"],"minimum":0},"U":{"type":"string"}}}`
	d, err := Tool("t", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	defs := d.Schema.Get("$defs")
	if got := strings.Join(defs.Keys, ","); got != "Count,strict.properties.t" {
		t.Errorf("$defs %s, want Count and strict.properties.t:\n%s", got, d.Schema.Marshal())
	}
	if c := defs.Get("Count"); c.Get("anyOf") == nil {
		t.Errorf("Count is %s, want it in the portable form (no type array)", c.Marshal())
	}
	if ref, _ := defs.Get("strict.properties.t").Get("items").Get("properties").Get("c").Get("$ref").AsString(); ref != "#/$defs/Count" {
		t.Errorf("the copy of t names %q for c, want #/$defs/Count:\n%s", ref, d.Schema.Marshal())
	}
}

// TestDeriveKeptBranch: a union one branch of which is a $ref the inliner
// keeps (recursive) is read by no rule below it: the survey never walks
// that branch, whose value at a key may be another type than the other
// branches give it (v, a string in T, an integer in the closed branch).
// A rule at t.kids[].v would turn the "5" that T takes into 5, which
// neither branch takes then (found by internal/benchcov on
// WashingtonPost/wp_105_Normalized.json's credits, a union of a recursive
// author and a reference).
func TestDeriveKeptBranch(t *testing.T) {
	schema := `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{"T":{"type":"object","properties":{"v":{"type":"string"},"name":{"type":"string"},` +
		`"kids":{"type":"array","items":{"anyOf":[{"$ref":"#/$defs/T"},{"type":"object","properties":{"v":{"type":"integer"}},"additionalProperties":false}]}}}}}}`
	d, n := deriveNormalizer(t, "t", schema)
	in := `{"t":{"kids":[{"v":"5","name":"x"}]}}`
	if out, fixes, err := n.NormalizeJSON("t", []byte(in)); err != nil || string(out) != in {
		t.Errorf("%s, strict-valid, became %s (fixes %v, error %v)", in, out, fixes, err)
	}
	for _, path := range []string{"t.kids[].v", "t.kids[]"} {
		if !slices.ContainsFunc(d.Warnings, func(w Warning) bool { return w.Path == path && strings.Contains(w.Message, "kept as it is") }) {
			t.Errorf("no warning at %s: %v", path, d.Warnings)
		}
	}
}

// TestDeriveKeptRefInBranch: a $ref the inliner keeps at a property of
// one branch of a union (p, recursive in T's first branch) may hold
// values the other branch declares at that place otherwise (v, a string
// there, an integer in the second branch's p): no rule is given below
// it. A rule at x.p.v turned the "5" that T takes into 5, which neither
// branch takes then.
func TestDeriveKeptRefInBranch(t *testing.T) {
	schema := `{"type":"object","properties":{"x":{"$ref":"#/$defs/T"}},"$defs":{"T":{"anyOf":[` +
		`{"type":"object","properties":{"p":{"$ref":"#/$defs/T"},"name":{"type":"string"},"v":{"type":"string"}},"required":["name"],"additionalProperties":false},` +
		`{"type":"object","properties":{"p":{"type":"object","properties":{"v":{"type":"integer"}},"additionalProperties":false}},"additionalProperties":false}]}}}`
	d, n := deriveNormalizer(t, "t", schema)
	in := `{"x":{"name":"n","p":{"name":"m","v":"5"}}}`
	if out, fixes, err := n.NormalizeJSON("t", []byte(in)); err != nil || string(out) != in {
		t.Errorf("%s, strict-valid, became %s (fixes %v, error %v)", in, out, fixes, err)
	}
	if !slices.ContainsFunc(d.Warnings, func(w Warning) bool { return w.Path == "x.p.v" && strings.Contains(w.Message, "kept as it is") }) {
		t.Errorf("no warning at x.p.v: %v", d.Warnings)
	}
}

// TestDeriveRefNeverInlined: a $ref the inliner never met (inside a
// definition the deriver reads where it stands: C, kept past the size
// bound in one branch of the root's union and inlined in the other) is
// read as a kept one: nothing below it gets a rule that its target's copy
// in the other branch was read for, which the rewrite, holding the
// reference to the strict target there, would refuse (vega-lite's
// config.range, o48404). Some budgets failed before. A reference to true
// or false, which the inliner keeps wherever it meets it, holds nothing
// below it to read: the rules beside it stay (in an allOf, or in an anyOf
// beside false).
func TestDeriveRefNeverInlined(t *testing.T) {
	schema := `{"type":"object","oneOf":[{"$ref":"#/definitions/U"},{"$ref":"#/definitions/L"}],"definitions":{` +
		`"U":{"type":"object","properties":{"mark":{"type":"string"},"config":{"$ref":"#/definitions/C"}},"required":["mark"]},` +
		`"L":{"type":"object","properties":{"layers":{"type":"string"},"config":{"$ref":"#/definitions/C"}},"required":["layers"]},` +
		`"C":{"type":"object","properties":{"p":{"type":"number"},"range":{"type":"object","additionalProperties":{"$ref":"#/definitions/R"}}}},` +
		`"R":{"anyOf":[{"type":"array","items":{"type":"number"}},{"type":"object","properties":{"extent":{"type":"array","items":{"type":"number"}}},"additionalProperties":false}]}}}`
	calls := []string{
		`{"layers":"l","config":{"range":{"k":{"extent":["1.5"]}}}}`,
		`{"mark":"m","config":{"range":{"k":{"extent":["1.5"]}}}}`,
		`{"layers":"l","config":{"range":{"k":{"extent":[1.5]}},"p":"2"}}`,
		`{"mark":"m","config":{"range":{"k":["2"]}}}`,
	}
	defer func(b int) { tightBudget = b }(tightBudget)
	for budget := 4; budget <= 40; budget += 2 {
		tightBudget = budget
		unionSound(t, []unionCase{{fmt.Sprintf("budget-%d", budget), schema, calls}})
	}
	tightBudget = 0
	for _, b := range []string{"true", "false"} {
		for _, u := range []string{"allOf", "anyOf"} {
			if u == "anyOf" && b == "true" {
				continue // (a branch that takes x as it is)
			}
			d, err := Tool("t", []byte(`{"type":"object","properties":{"x":{"`+u+`":[{"$ref":"#/$defs/T"},{"type":"object","properties":{"n":{"type":"integer"}}}]}},"$defs":{"T":`+b+`}}`))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(ruleKinds(d), "type_coerce:x.n") {
				t.Errorf("%s of a $ref to %s: no rule at x.n: %v %s", u, b, ruleKinds(d), warnings(d))
			}
		}
	}
}
