package derive

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/ajvcheck"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// unionCase is a schema and calls to judge with unionSound.
type unionCase struct {
	name, schema string
	calls        []string
}

// unionSound derives each case's rules and rewrite and judges its calls:
// one the strict schema takes comes out of normalize as it went in, and
// the rewrite takes a call exactly where the strict schema takes it
// normalized.
func unionSound(t *testing.T, cases []unionCase) {
	t.Helper()
	for _, tc := range cases {
		d, n := deriveNormalizer(t, tc.name, tc.schema)
		strict := compileDerived(t, tc.name, []byte(tc.schema))
		len_ := compileDerived(t, tc.name+"-lenient", d.Schema.Marshal())
		var rules []string
		for _, r := range d.Rules {
			rules = append(rules, fmt.Sprintf("%s:%s%s", r.Type, r.From, r.Path))
		}
		for _, call := range tc.calls {
			out, fixes, err := n.NormalizeJSON(tc.name, []byte(call))
			sv := validDerived(strict, []byte(call))
			if sv && (err != nil || string(out) != call) {
				t.Errorf("UNSOUND %s: strict-valid %s became %s (fixes %v, err %v)\n rules %v\n warns %s", tc.name, call, out, fixes, err, rules, warnings(d))
				continue
			}
			lv := validDerived(len_, []byte(call))
			after := err == nil && validDerived(strict, out)
			if lv != after {
				t.Errorf("MISMATCH %s: %s lenient=%v, rules+strict=%v (out %s)\n rules %v\n lenient %s\n warns %s", tc.name, call, lv, after, out, rules, d.Schema.Marshal(), warnings(d))
			}
			if testing.Verbose() {
				t.Logf("%s: %s strict=%v -> %s lenient=%v after=%v rules=%v", tc.name, call, sv, out, lv, after, rules)
			}
		}
	}
}

// ajvSound is unionSound with AJV as the validator (through node): the
// strict schema and the rewrite as a host reads them, ECMAScript's
// patterns among them.
func ajvSound(t *testing.T, cases []unionCase) {
	t.Helper()
	ajvJudge(t, cases, ajvOptions{})
}

// ajvOptions is how ajvJudge gives AJV the schemas: each through schema
// (where not nil), and the ajvcheck.Case options.
type ajvOptions struct {
	schema                    func(string) string
	discriminator, ownRefused bool
}

// ajvJudge judges each case's calls by AJV: one the strict schema takes
// comes out of normalize as it went in, and the rewrite takes a call
// exactly where the strict schema takes what normalize makes of it. A
// rewrite AJV refuses where it compiles the strict schema fails the
// test (a case whose strict schema it refuses goes unjudged where
// o.ownRefused).
func ajvJudge(t *testing.T, cases []unionCase, o ajvOptions) {
	t.Helper()
	schema := func(text string) json.RawMessage {
		if o.schema != nil {
			text = o.schema(text)
		}
		return json.RawMessage(text)
	}
	var ac []ajvcheck.Case
	outs, errs := make([][]string, len(cases)), make([][]bool, len(cases))
	for i, tc := range cases {
		d, n := deriveNormalizer(t, tc.name, tc.schema)
		var insts, normalized []json.RawMessage
		for _, c := range tc.calls {
			out, _, err := n.NormalizeJSON(tc.name, []byte(c))
			if err != nil {
				out = []byte(`"(refused)"`)
			}
			outs[i], errs[i] = append(outs[i], string(out)), append(errs[i], err != nil)
			insts, normalized = append(insts, json.RawMessage(c)), append(normalized, json.RawMessage(out))
		}
		strict, rewrite := schema(tc.schema), schema(string(d.Schema.Marshal()))
		ac = append(ac,
			ajvcheck.Case{Schema: strict, Instances: insts, Discriminator: o.discriminator, OwnRefused: o.ownRefused},
			ajvcheck.Case{Schema: rewrite, Instances: insts, Discriminator: o.discriminator, OwnRefused: o.ownRefused},
			ajvcheck.Case{Schema: strict, Instances: normalized, Discriminator: o.discriminator, OwnRefused: o.ownRefused})
	}
	v := ajvcheck.Validate(t, ac)
	for i, tc := range cases {
		if len(v) < 3*len(cases) {
			return // (AJV not installed: ajvcheck says so)
		}
		sv, lv, av := v[3*i], v[3*i+1], v[3*i+2]
		if sv != nil && lv == nil {
			t.Errorf("AJV refuses the rewrite of %s, and compiles its strict schema", tc.name)
		}
		if sv == nil || lv == nil || av == nil {
			continue
		}
		for j, c := range tc.calls {
			if sv[j] && (errs[i][j] || outs[i][j] != c) {
				t.Errorf("AJV UNSOUND %s: strict-valid %s became %s", tc.name, c, outs[i][j])
			}
			if after := !errs[i][j] && av[j]; lv[j] != after {
				t.Errorf("AJV MISMATCH %s: %s lenient=%v after=%v (out %s)", tc.name, c, lv[j], after, outs[i][j])
			}
		}
	}
}

// wrapX is the arguments object holding x as its member "x".
func wrapX(x string) string { return `{"type":"object","properties":{"x":` + x + `}}` }

// deriveSound judges tc by unionSound and returns its derivation.
func deriveSound(t *testing.T, tc unionCase) *Derivation {
	t.Helper()
	unionSound(t, []unionCase{tc})
	d, err := Tool("t", []byte(tc.schema))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// readCase is a unionCase and the rule its top-level value x gets ("" for
// none: readAtX).
type readCase struct {
	unionCase
	rule string
}

// readSound judges each case with deriveSound and readAtX, and where ajv
// is set (AJV's strict mode compiles each server's schema) with
// ajvSound.
func readSound(t *testing.T, cases []readCase, ajv bool) {
	t.Helper()
	var all []unionCase
	for _, tc := range cases {
		d := deriveSound(t, tc.unionCase)
		all = append(all, tc.unionCase)
		readAtX(t, tc.name, d, tc.rule)
	}
	if ajv {
		ajvSound(t, all)
	}
}

// readAtX fails where the top-level value x of d's schema gets no rule
// of type want, or is warned left strict though it gets one; with want
// "", where it gets a type_coerce or json_accept_both rule.
func readAtX(t *testing.T, name string, d *Derivation, want string) {
	t.Helper()
	var got []string
	for _, r := range d.Rules {
		if r.From == "x" {
			got = append(got, string(r.Type))
		}
	}
	if want == "" && slices.ContainsFunc(got, func(s string) bool { return s == "type_coerce" || s == "json_accept_both" }) ||
		want != "" && !slices.Contains(got, want) {
		t.Errorf("%s: rules at x %v, want %q", name, got, want)
	}
	if want != "" && slices.ContainsFunc(d.Warnings, func(w Warning) bool { return w.Path == "x" && strings.Contains(w.Message, "left strict") }) {
		t.Errorf("%s: x left strict: %v", name, d.Warnings)
	}
}

// TestDeriveUnionKeywords: keywords beside or inside a branch that hold a key otherwise: a property that is true or {}, a map, a tuple, a then, dependentSchemas.
func TestDeriveUnionKeywords(t *testing.T) {
	unionSound(t, []unionCase{
		{"props-true", wrapX(`{"anyOf":[{"type":"object","properties":{"n":true}},{"type":"object","properties":{"n":{"type":"integer"}}}]}`), []string{`{"x":{"n":"5"}}`}},
		{"props-empty", wrapX(`{"anyOf":[{"type":"object","properties":{"n":{}}},{"type":"object","properties":{"n":{"type":"integer"}}}]}`), []string{`{"x":{"n":"5"}}`}},
		{"props-string", wrapX(`{"anyOf":[{"type":"object","properties":{"n":{"type":"string"}}},{"type":"object","properties":{"n":{"type":"integer"}}}]}`), []string{`{"x":{"n":"5"}}`}},
		{"ap-map", wrapX(`{"anyOf":[{"type":"object","additionalProperties":{"type":"integer"}},{"type":"object","properties":{"n":{"type":"string"}}}]}`), []string{`{"x":{"n":"5"}}`}},
		{"prefix", wrapX(`{"anyOf":[{"type":"array","prefixItems":[{"type":"integer"}]},{"type":"array"}]}`), []string{`{"x":["5"]}`}},
		{"prefix2", wrapX(`{"anyOf":[{"type":"array","prefixItems":[{"type":"integer"}]},{"type":"array","items":{"type":"string"}}]}`), []string{`{"x":["5"]}`}},
		{"then", wrapX(`{"anyOf":[{"type":"object","if":{"properties":{"k":{"const":"a"}}},"then":{"properties":{"n":{"type":"integer"}}}},{"type":"object"}]}`), []string{`{"x":{"n":"5"}}`, `{"x":{"k":"a","n":"5"}}`}},
		{"depschem", wrapX(`{"anyOf":[{"type":"object","dependentSchemas":{"k":{"properties":{"n":{"type":"integer"}}}}},{"type":"object"}]}`), []string{`{"x":{"n":"5"}}`, `{"x":{"k":1,"n":"5"}}`}},
	})
}

// TestDeriveUnionMaps: maps, patterns, arrays, type arrays and untyped branches beside a branch that declares a key or its elements.
func TestDeriveUnionMaps(t *testing.T) {
	unionSound(t, []unionCase{
		{"root-pp", `{"type":"object","anyOf":[{"properties":{"m":{"type":"string"}},"patternProperties":{"^n$":{"type":"integer"}}},{"properties":{"k":{"type":"string"}}}]}`, []string{`{"n":"5"}`, `{"k":"a","n":"5"}`}},
		{"root-ap", `{"type":"object","anyOf":[{"properties":{"m":{"type":"string"}},"additionalProperties":{"type":"integer"}},{"properties":{"k":{"type":"string"}}}]}`, []string{`{"n":"5"}`, `{"k":"a","n":"5"}`}},
		{"x-pp", wrapX(`{"anyOf":[{"type":"object","properties":{"m":{"type":"string"}},"patternProperties":{"^n$":{"type":"integer"}}},{"type":"object","properties":{"k":{"type":"string"}}}]}`), []string{`{"x":{"n":"5"}}`, `{"x":{"k":"a","n":"5"}}`}},
		{"x-pp-only", wrapX(`{"anyOf":[{"type":"object","patternProperties":{"^n":{"type":"integer"}}},{"type":"object"}]}`), []string{`{"x":{"n":"5"}}`}},
		{"x-ap-only", wrapX(`{"anyOf":[{"type":"object","additionalProperties":{"type":"integer"}},{"type":"object"}]}`), []string{`{"x":{"n":"5"}}`}},
		{"x-ap-arr", wrapX(`{"anyOf":[{"type":"object","additionalProperties":{"type":"integer"}},{"type":"array"}]}`), []string{`{"x":{"n":"5"}}`}},
		{"x-items", wrapX(`{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"array"}]}`), []string{`{"x":["5"]}`}},
		{"x-items-true", wrapX(`{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"array","items":true}]}`), []string{`{"x":["5"]}`}},
		{"x-items-tuple07", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"array","items":[{"type":"string"}]}]}}}`, []string{`{"x":["5"]}`, `{"x":["5", 6]}`}},
		{"x-items-prefix", wrapX(`{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"integer"}}]}`), []string{`{"x":["5"]}`, `{"x":["5", 6]}`}},
		{"x-items-prefix2", wrapX(`{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"array","prefixItems":[{"type":"string"}]}]}`), []string{`{"x":["5"]}`, `{"x":["5", 6]}`}},
		{"x-items-contains", wrapX(`{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"array","contains":{"type":"string"}}]}`), []string{`{"x":["5"]}`}},
		{"x-items-uneval", wrapX(`{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"array","unevaluatedItems":{"type":"string"}}]}`), []string{`{"x":["5"]}`}},
		{"x-typearr", wrapX(`{"anyOf":[{"type":["object","null"],"properties":{"n":{"type":"integer"}}},{"type":["object","string"]}]}`), []string{`{"x":{"n":"5"}}`}},
		{"x-notype", wrapX(`{"anyOf":[{"properties":{"n":{"type":"integer"}}},{"minProperties":1}]}`), []string{`{"x":{"n":"5"}}`}},
	})
}

// TestDeriveUnionTuples: a tuple's items beside the items past it (prefixItems, draft-07's items array and additionalItems), alone and in a union; found by review: a rule at x[] read x[0].
func TestDeriveUnionTuples(t *testing.T) {
	unionSound(t, []unionCase{
		{"prefix-lone", wrapX(`{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"integer"}}`), []string{`{"x":["5"]}`, `{"x":["5", 6]}`}},
		{"prefix-oneof", wrapX(`{"oneOf":[{"type":"array","items":{"type":"integer"}},{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"integer"}}]}`), []string{`{"x":["5"]}`, `{"x":["5", 6]}`}},
		{"addl07", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"anyOf":[{"type":"array","items":[{"type":"string"}],"additionalItems":{"type":"integer"}},{"type":"array","items":{"type":"integer"}}]}}}`, []string{`{"x":["5"]}`, `{"x":["5", 6]}`}},
	})
}

// TestDeriveUnionPairs: three branches holding one key otherwise, each two compared; draft-07 references with siblings; a property that is true; found by review: the root compared each with the first alone, and true as a declaration.
func TestDeriveUnionPairs(t *testing.T) {
	unionSound(t, []unionCase{
		{"root-3", `{"type":"object","anyOf":[{"properties":{"n":{"type":"object","additionalProperties":false}}},{"properties":{"n":{"type":"object"}}},{"properties":{"n":{"type":"object","properties":{"q":{"type":"integer"}}}}}]}`, []string{`{"n":{"q":"5"}}`}},
		{"x-3", wrapX(`{"anyOf":[{"type":"object","properties":{"n":{"type":"object","additionalProperties":false}}},{"type":"object","properties":{"n":{"type":"object"}}},{"type":"object","properties":{"n":{"type":"object","properties":{"q":{"type":"integer"}}}}}]}`), []string{`{"x":{"n":{"q":"5"}}}`}},
		{"d7-sib", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"anyOf":[{"$ref":"#/definitions/O","properties":{"n":{"type":"integer"}}},{"type":"object"}]}},"definitions":{"O":{"type":"object","properties":{"a":{"type":"string"}}}}}`, []string{`{"x":{"n":"5"}}`}},
		{"d7-sib-root", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","anyOf":[{"$ref":"#/definitions/O","properties":{"n":{"type":"integer"}}},{"properties":{"k":{}}}],"definitions":{"O":{"type":"object","properties":{"a":{"type":"string"}}}}}`, []string{`{"n":"5"}`}},
		{"props-true-oneof", wrapX(`{"oneOf":[{"type":"object","properties":{"n":true},"required":["n"]},{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}]}`), []string{`{"x":{"n":"5"}}`}},
		{"props-true-root", `{"type":"object","anyOf":[{"properties":{"n":true}},{"properties":{"n":{"type":"integer"}}}]}`, []string{`{"n":"5"}`}},
		{"props-true-lone", wrapX(`{"allOf":[{"type":"object","properties":{"n":true}},{"type":"object","properties":{"n":{"type":"integer"}}}]}`), []string{`{"x":{"n":"5"}}`}},
	})
}

// TestDeriveUnionConditions: a root branch's then and else, which the root reads as arguments (one of them applies: each a view of its own); found by review.
func TestDeriveUnionConditions(t *testing.T) {
	unionSound(t, []unionCase{
		{"root-then", `{"type":"object","anyOf":[{"properties":{"a":{}},"if":{"properties":{"k":{"const":"x"}}},"then":{"properties":{"n":{"type":"integer"}}}},{"properties":{"m":{"type":"string"}}}]}`, []string{`{"n":"5"}`, `{"k":"x","m":"a","n":"5"}`, `{"m":"a","n":"5"}`}},
		{"root-else", `{"type":"object","anyOf":[{"properties":{"a":{}},"if":{"properties":{"k":{"const":"x"}},"required":["k"]},"else":{"properties":{"n":{"type":"integer"}}}},{"properties":{"m":{"type":"string"}}}]}`, []string{`{"n":"5"}`, `{"m":"a","n":"5"}`}},
		{"d7-holder-sib", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"$ref":"#/definitions/O","anyOf":[{"properties":{"n":{"type":"integer"}}},{"properties":{"n":{"type":"integer"}}}]}},"definitions":{"O":{"type":"object","properties":{"a":{"type":"string"}}}}}`, []string{`{"x":{"n":"5"}}`}},
	})
}

// TestDeriveUnionVariants: spelling variants and absent rules in a union with an open branch.
func TestDeriveUnionVariants(t *testing.T) {
	unionSound(t, []unionCase{
		{"var-root-any", `{"type":"object","anyOf":[{"properties":{"userName":{"type":"string"}},"additionalProperties":false},{"properties":{"m":{}}}]}`, []string{`{"user_name":"a"}`, `{"UserName":"a"}`, `{"m":1,"user_name":"a"}`}},
		{"var-x-any", wrapX(`{"anyOf":[{"type":"object","properties":{"userName":{"type":"string"}},"additionalProperties":false},{"type":"object","properties":{"m":{}}}]}`), []string{`{"x":{"user_name":"a"}}`}},
		{"absent-x", wrapX(`{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"object","properties":{"m":{}}}]}`), []string{`{"x":{"n":null}}`}},
		{"absent-root", `{"type":"object","anyOf":[{"properties":{"n":{"type":"integer"}}},{"properties":{"m":{}}}]}`, []string{`{"n":null}`}},
	})
}

// TestDeriveUnionHolders: maps and arrays below a key two branches, or a branch and its holder, hold otherwise.
func TestDeriveUnionHolders(t *testing.T) {
	unionSound(t, []unionCase{
		{"map-nested", wrapX(`{"anyOf":[{"type":"object","properties":{"n":{"type":"object","additionalProperties":{"type":"integer"}}},"required":["n"]},{"type":"object","properties":{"n":{"type":"object"}}}]}`), []string{`{"x":{"n":{"q":"5"}}}`}},
		{"map-root", `{"type":"object","anyOf":[{"properties":{"n":{"type":"object","additionalProperties":{"type":"integer"}}}},{"properties":{"n":{"type":"object"}}}]}`, []string{`{"n":{"q":"5"}}`}},
		{"pmap-root", `{"type":"object","anyOf":[{"properties":{"n":{"type":"object","patternProperties":{"^q":{"type":"integer"}}}}},{"properties":{"n":{"type":"object"}}}]}`, []string{`{"n":{"q":"5"}}`}},
		{"map-root-oneof", `{"type":"object","oneOf":[{"properties":{"n":{"type":"object","additionalProperties":{"type":"integer"}}},"required":["n"]},{"properties":{"n":{"type":"object"}},"required":["n"]}]}`, []string{`{"n":{"q":"5"}}`}},
		{"holder-first", wrapX(`{"type":"object","properties":{"n":{"type":"object"}},"anyOf":[{"properties":{"n":{"properties":{"q":{"type":"integer"}}}}},{"properties":{"m":{}}}]}`), []string{`{"x":{"n":{"q":"5"}}}`}},
		{"holder-first-arr", wrapX(`{"type":"object","properties":{"n":{"type":"array"}},"anyOf":[{"properties":{"n":{"items":{"type":"integer"}}}},{"properties":{"m":{}}}]}`), []string{`{"x":{"n":["5"]}}`}},
		{"root-items-3", `{"type":"object","anyOf":[{"properties":{"l":{"type":"array","items":false}}},{"properties":{"l":{"type":"array","items":{"type":"object"}}}},{"properties":{"l":{"type":"array","items":{"type":"object","properties":{"q":{"type":"integer"}}}}}}]}`, []string{`{"l":[{"q":"5"}]}`}},
	})
}

// unionGuardSchema is a oneOf whose object branches a required kind tells
// apart (a const, an enum), beside null; unionGuardCalls are calls to it:
// each branch's forms read past its guard alone, and the other's members,
// which it takes as they are, left as they are.
const unionGuardSchema = `{"type":"object","properties":{"x":{"oneOf":[` +
	`{"type":"object","properties":{"kind":{"const":"a"},"n":{"type":"integer"},"o":{"type":"object","properties":{"m":{"type":"number"}}}},"required":["kind"]},` +
	`{"type":"object","properties":{"kind":{"enum":["b","c"]},"s":{"type":"boolean"}},"required":["kind"]},{"type":"null"}]}}}`

var unionGuardCalls = []string{
	`{"x":{"kind":"a","n":"5"}}`, `{"x":{"kind":"b","n":"5"}}`, `{"x":{"kind":"c","s":"true","n":null}}`,
	`{"x":{"kind":"a","o":"{\"m\":\"1.5\"}"}}`, `{"x":{"kind":"b","o":"{\"m\":\"1.5\"}"}}`,
	`{"x":"{\"kind\":\"a\",\"n\":\"5\"}"}`, `{"x":{"kind":"A","n":"5"}}`, `{"x":null}`, `{"x":{"n":"5"}}`,
	`{"x":{"kind":"a","n":null,"s":"true"}}`, `{"x":{"kind":"b","s":"true","n":"x"}}`,
}

// TestDeriveUnionGuards: the rules below a branch of a union that a
// discriminator tells apart go on past the branch's guard alone: a call
// the other branch takes is left as it is, and one that needs the
// branch's forms is read.
func TestDeriveUnionGuards(t *testing.T) {
	unionSound(t, []unionCase{{"guard", unionGuardSchema, unionGuardCalls},
		// a recursive definition's union: its rules repeat the steps of
		// its references, which would go through the open branch's child
		// past no guard (and read the JSON text it takes as it is)
		{"guard-recursive", `{"type":"object","properties":{"x":{"$ref":"#/$defs/Node"}},"$defs":{"Node":{"oneOf":[` +
			`{"type":"object","properties":{"kind":{"const":"a"},"n":{"type":"integer"},"child":{"$ref":"#/$defs/Node"}},"required":["kind"]},` +
			`{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"]}]}}}`,
			[]string{`{"x":{"kind":"b","child":"{\"kind\":\"a\",\"n\":\"5\"}"}}`, `{"x":{"kind":"b","child":{"kind":"a","n":"5"}}}`,
				`{"x":{"kind":"a","child":{"kind":"b","child":{"kind":"a","n":"5"}}}}`, `{"x":{"kind":"a","n":"5"}}`}},
		// a recursive reference inside a branch: the outer union holds
		// it, and is compared as unions are (no guard)
		{"guard-tree", `{"type":"object","properties":{"t":{"type":"array","items":{"oneOf":[` +
			`{"type":"object","properties":{"kind":{"const":"leaf"},"v":{"type":"integer"}},"required":["kind"]},` +
			`{"type":"object","properties":{"kind":{"const":"node"},"kids":{"$ref":"#/properties/t"}},"required":["kind"]}]}}}}`,
			[]string{`{"t":[{"kind":"node","kids":[{"kind":"leaf","v":"5"}]}]}`, `{"t":[{"kind":"leaf","v":"5","kids":"[1]"}]}`,
				`{"t":[{"kind":"node","v":"x","kids":[{"kind":"node","v":"5","kids":"[]"}]}]}`}},
	})
	d, n := deriveNormalizer(t, "guard", unionGuardSchema)
	for in, want := range map[string]string{
		`{"x":{"kind":"a","n":"5"}}`:          `{"x":{"kind":"a","n":5}}`,
		`{"x":{"kind":"c","s":"true"}}`:       `{"x":{"kind":"c","s":true}}`,
		`{"x":{"kind":"b","n":"5","s":true}}`: `{"x":{"kind":"b","n":"5","s":true}}`,
	} {
		if out, _, err := n.NormalizeJSON("guard", []byte(in)); err != nil || string(out) != want {
			t.Errorf("%s became %s (%v), want %s; rules %v", in, out, err, want, d.Rules)
		}
	}
}

// TestDeriveUnionGuardsReview: found by review of the guards. A branch
// whose discriminator can hold no string (its enum and its holder's, or
// an allOf's, share none) got no guard, and its rules read every call; an
// untyped branch's elements got its guard, which no array passes.
func TestDeriveUnionGuardsReview(t *testing.T) {
	b := `{"type":"object","properties":{"kind":{"const":"b"},"s":{"type":"boolean"}},"required":["kind"]}`
	c := `{"type":"object","properties":{"kind":{"const":"c"}},"required":["kind"]}`
	unionSound(t, []unionCase{
		{"empty-holder", wrapX(`{"type":"object","properties":{"kind":{"enum":["b","c"]}},"anyOf":[{"properties":{"kind":{"const":"a"},"n":{"type":"integer"}},"required":["kind"]},` + b + `,` + c + `]}`), []string{`{"x":{"kind":"b","n":"5"}}`}},
		{"empty-allof", wrapX(`{"anyOf":[{"type":"object","properties":{"kind":{"const":"a","allOf":[{"const":"z"}]},"n":{"type":"integer"}},"required":["kind"]},` + b + `,` + c + `]}`), []string{`{"x":{"kind":"b","n":"5"}}`}},
		{"untyped-items", wrapX(`{"oneOf":[{"properties":{"kind":{"const":"a"}},"required":["kind"],"items":{"type":"integer"}},` + b + `]}`), []string{`{"x":["5"]}`, `{"x":{"kind":"b","s":"true"}}`}},
	})
}

// TestDeriveGuardedRulesFile: a rules file's rule past a guard is
// advertised in the branches whose discriminator holds only its strings
// (found by review: ApplyRules advertised it in every branch, where the
// rule reads the calls of one).
func TestDeriveGuardedRulesFile(t *testing.T) {
	schema := wrapX(`{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"n":{"type":"integer"}},"required":["kind"]},{"type":"object","properties":{"kind":{"const":"b"},"n":{"type":"integer"}},"required":["kind"]}]}`)
	own := []lenient.Rule{{ID: "mine", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `x<"kind"="a">.n`, CoerceTo: "int"}}
	d := WithRules("t", parseMust(t, schema), own)
	n, err := normalize.New(append(append([]lenient.Rule(nil), own...), d.Rules...))
	if err != nil {
		t.Fatal(err)
	}
	strict := compileDerived(t, "file-strict", []byte(schema))
	lax := compileDerived(t, "file-lenient", d.Schema.Marshal())
	for _, call := range []string{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"kind":"b","n":"5"}}`, `{"x":{"kind":"b","n":5}}`} {
		out, _, err := n.NormalizeJSON("t", []byte(call))
		if lv, after := validDerived(lax, []byte(call)), err == nil && validDerived(strict, out); lv != after {
			t.Errorf("%s: the rewrite takes it: %v; normalized (%s), the strict schema: %v\nrewrite: %s", call, lv, out, after, d.Schema.Marshal())
		}
	}
}

// TestDeriveGuardedCopyShared: a definition copied in a guarded branch
// is read past the guard alone, so a reference to it that the inliner
// keeps at the same place in another branch (past the size bound) does
// not share its lenient form, which the guarded rules would not read
// (found by review: {"x":{"o":{"m":"5"}}} was advertised through the
// other branch, where no rule read it).
func TestDeriveGuardedCopyShared(t *testing.T) {
	props := []string{`"m":{"type":"integer"}`}
	for i := range 1500 {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
	}
	schema := `{"type":"object","properties":{"y":{"$ref":"#/$defs/D"},"x":{"anyOf":[{"oneOf":[` +
		`{"type":"object","properties":{"kind":{"const":"a"},"o":{"$ref":"#/$defs/D"}},"required":["kind"]},` +
		`{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"],"additionalProperties":false}]},` +
		`{"type":"object","properties":{"o":{"$ref":"#/$defs/D"}}}]}},` +
		`"$defs":{"D":{"type":"object","properties":{` + strings.Join(props, ",") + `}}}}`
	unionSound(t, []unionCase{{"guarded-copy", schema, []string{`{"x":{"o":{"m":"5"}}}`, `{"x":{"kind":"a","o":{"m":"5"}}}`, `{"x":{"kind":"a","o":{"m":5}}}`}}})
}

// TestDeriveUnionsAtOnePath: two unions at one path (in two branches of
// a union, or the arguments' own member and the then of their if), one
// of which a rule reads (an integer beside objects: its string form and
// JSON text) and the other takes strings as they are, leave the path
// strict: the rule would change a string the other takes. Both were
// recorded as one kind, "other".
func TestDeriveUnionsAtOnePath(t *testing.T) {
	alike := wrapX(`{"anyOf":[{"type":"object","properties":{"a":{"anyOf":[{"type":"integer"},{"type":"object"}]},"k":{"const":1}},"required":["k"]},` +
		`{"type":"object","properties":{"a":{"anyOf":[{"type":"integer"},{"type":"object"}]},"k":{"const":2}},"required":["k"]}]}`)
	unionSound(t, []unionCase{
		{"branches", wrapX(`{"anyOf":[{"type":"object","properties":{"a":{"anyOf":[{"type":"integer"},{"type":"object","properties":{"n":{"type":"integer"}}}]}},"required":["a"]},` +
			`{"type":"object","properties":{"a":{"oneOf":[{"type":["string","null"]}]}},"required":["a"]}]}`),
			[]string{`{"x":{"a":"[1]"}}`, `{"x":{"a":"5"}}`, `{"x":{"a":{"n":"5"}}}`}},
		{"root-then", `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},"a":{"oneOf":[{"type":["string","null"]}]}},` +
			`"if":{"properties":{"kind":{"const":"a"}}},"then":{"type":"object","properties":{"a":{"anyOf":[{"type":"integer"},{"type":"object","properties":{"n":{"type":"integer"}}}]}}}}`,
			[]string{`{"kind":"b","a":"[1]"}`, `{"kind":"b","a":"5"}`}},
		{"alike", alike,
			[]string{`{"x":{"k":1,"a":"5"}}`, `{"x":{"k":2,"a":"{}"}}`}},
	})
	d, err := Tool("alike", []byte(alike))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Path == "x.a" && r.Type == lenient.RuleTypeCoerce }) {
		t.Errorf("alike: no type_coerce at x.a, where both branches hold the same union: %v", warnings(d))
	}
}

// TestDeriveViewBounds: where the views of a value two alternatives hold
// pass their bounds (allOfs nested past maxViewDepth: here eight mixins
// declaring tags beside the then of an if), or a view is a contradiction
// whose first type is no array while a member's items get rules, nothing
// below the value is read: its elements' rules would change a call the
// other alternative takes as it is.
func TestDeriveViewBounds(t *testing.T) {
	mix := strings.TrimSuffix(strings.Repeat(`{"properties":{"tags":{"type":"array","description":"tags"}}},`, 8), ",")
	unionSound(t, []unionCase{
		{"mixins-if", `{"type":"object","properties":{"kind":{"type":"string"},"tags":{"type":"array","maxItems":10}},"allOf":[` + mix + `],"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"tags":{"items":{"type":"integer"}}}}}`,
			[]string{`{"kind":"b","tags":["5"]}`}},
		{"mixins-anyof", `{"type":"object","properties":{"kind":{"type":"string"},"tags":{"type":"array","maxItems":10}},"allOf":[` + mix + `],"anyOf":[{"properties":{"tags":{"items":{"type":"integer"}}},"required":["kind"]},{"properties":{"n":{}}}]}`,
			[]string{`{"tags":["5"]}`}},
		{"contradictory-else", `{"type":"object","properties":{"mode":{"type":"string"},"alpha":{}},"if":{"required":["mode"]},"else":{"properties":{"alpha":{"type":"string"}},"allOf":[{"properties":{"alpha":{"type":"array","items":{"type":"integer"}}}}]}}`,
			[]string{`{"mode":"m","alpha":["5"]}`}},
	})
}

// TestDeriveRespellReaders: a union's holder whose keyword reads another
// of its group (additionalProperties the names properties declare) stays
// as it is where a branch holds one of that group: moved into the
// branch, additionalProperties false would take the branch's names,
// which the holder's refuses.
func TestDeriveRespellReaders(t *testing.T) {
	unionSound(t, []unionCase{
		{"ap-into-branches", `{"type":"object","properties":{"kind":{"type":"string"}},"allOf":[{"additionalProperties":false,"anyOf":[{"properties":{"alpha":true}},{"properties":{"bravo":{"type":"object","properties":{"inner":{"type":"integer"}}}}}]}]}`,
			[]string{`{"alpha":1}`, `{}`}},
		{"props-into-closed-branch", `{"type":"object","properties":{"o":{"type":"object","properties":{"a":{"type":"integer"}},"anyOf":[{"additionalProperties":false},{"required":["b"]}]}}}`,
			[]string{`{"o":{"a":1}}`, `{"o":{"a":"1","b":2}}`, `{"o":{}}`}},
	})
}

// TestDeriveRespellEvaluated: items reads the prefixItems beside it, and
// unevaluatedProperties and unevaluatedItems read what every applicator
// beside them evaluates (pooled across an anyOf's branches): a union
// whose holder or branch holds one stays as it is.
func TestDeriveRespellEvaluated(t *testing.T) {
	unionSound(t, []unionCase{
		{"prefix-holder-items-branch", wrapX(`{"type":"array","prefixItems":[{"type":"string"}],"anyOf":[{"items":false},{"minItems":3}]}`), []string{`{"x":["a"]}`}},
		{"items-holder-prefix-branch", wrapX(`{"type":"array","items":false,"anyOf":[{"prefixItems":[{"type":"integer"}]},{"maxItems":0}]}`), []string{`{"x":[1]}`}},
		{"uP-nested-allOf", wrapX(`{"type":"object","unevaluatedProperties":false,"anyOf":[{"allOf":[{"properties":{"a":{"type":"integer"}}}]},{"allOf":[{"properties":{"b":{"type":"integer"}}}]}]}`), []string{`{"x":{"a":1,"b":2}}`}},
		{"uI-contains", wrapX(`{"type":"array","unevaluatedItems":false,"anyOf":[{"contains":{"type":"string"}},{"contains":{"type":"integer"}}]}`), []string{`{"x":["a",1]}`}},
		{"allOf-holder-uP-branch", wrapX(`{"type":"object","allOf":[{"properties":{"a":{"type":"integer"}}}],"anyOf":[{"unevaluatedProperties":false},{"required":["zz"]}]}`), []string{`{"x":{"a":1}}`, `{"x":{"a":"1"}}`}},
	})
}

// TestDeriveConditionsInBranches: a not, if, then, else, enum or
// dependentSchemas inside a branch of an object's allOf, anyOf or oneOf
// reads its members as the object's own would (unionConditions): no rule
// reads a member whose value such a condition tests ({"a": "5"} beside
// allOf: [{not: {properties: {a: {const: 5}}}}] stays as it is, which
// the rewrite refuses then). One that tests a member's presence alone
// (required, or a property of schema false) leaves its value's rules,
// and gives it no absent rule: the number fields of a shape chosen by
// which keys it holds (Glaive's calculate_area) still read "5". (The
// fourth review's cases: the not, dependentSchemas, nested, enum and
// items ones failed before; the if ones held.)
func TestDeriveConditionsInBranches(t *testing.T) {
	w := func(s string) string { return `{"type":"object","properties":{"w":` + s + `}}` }
	base := `"type":"object","properties":{"a":{"type":"integer"},"k":{"type":"string","enum":["fast","slow"]},"z":{"type":"integer"}}`
	calls := []string{`{"w":{"a":"5"}}`, `{"w":{"k":"FAST"}}`, `{"w":{"a":"1"}}`, `{"w":{"a":5}}`, `{"w":{"a":1}}`, `{"w":{"a":"5","z":1}}`}
	var cases []unionCase
	for _, comb := range []string{"allOf", "anyOf", "oneOf"} {
		cases = append(cases,
			unionCase{"not-" + comb, w(`{` + base + `,"` + comb + `":[{"not":{"properties":{"a":{"const":5}},"required":["a"]}},{"required":["z"]}]}`), calls},
			unionCase{"if-" + comb, w(`{` + base + `,"` + comb + `":[{"if":{"properties":{"k":{"const":"fast"}},"required":["k"]},"then":{"properties":{"a":{"maximum":3}}}},{"required":["z"]}]}`), calls},
			unionCase{"dependent-" + comb, w(`{` + base + `,"` + comb + `":[{"dependentSchemas":{"z":{"properties":{"a":{"const":5}}}}},{"required":["z"]}]}`), calls})
	}
	cases = append(cases,
		unionCase{"nested-allOf", w(`{` + base + `,"allOf":[{"allOf":[{"not":{"properties":{"a":{"const":5}},"required":["a"]}}]}]}`), calls},
		unionCase{"branch-enum", w(`{` + base + `,"anyOf":[{"enum":[{"a":5}]},{"required":["z"]}]}`), calls},
		unionCase{"items", `{"type":"object","properties":{"w":{"type":"array","items":{` + base + `,"allOf":[{"not":{"properties":{"a":{"const":5}},"required":["a"]}}]}}}}`, []string{`{"w":[{"a":"5"}]}`, `{"w":[{"a":"1"}]}`}})
	unionSound(t, cases)
	shape := w(`{"type":"object","properties":{"base":{"type":"number"},"height":{"type":"number"},"radius":{"type":"number"}},` +
		`"oneOf":[{"not":{"required":["radius"]},"required":["base","height"]},{"not":{"required":["base","height"]},"required":["radius"]}]}`)
	d, _ := deriveNormalizer(t, "shape", shape)
	for _, f := range []string{"w.base", "w.radius"} {
		if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleTypeCoerce && r.Path == f }) {
			t.Errorf("shape: %s reads no string form; warnings %s", f, warnings(d))
		}
	}
	unionSound(t, []unionCase{{"shape", shape, []string{`{"w":{"radius":"5"}}`, `{"w":{"base":"1","height":"2"}}`, `{"w":{"radius":null}}`, `{"w":{"radius":5,"base":null}}`}}})
}

// TestDeriveNullableHeldOff: a type that takes null beside an enum,
// const, not or allOf that holds null too ({"type": ["integer", "null"],
// "enum": [1, 2]} refuses null) is nullable only where they take null
// (split): the rewrite advertises no null, nor "null", that the strict
// schema refuses. (The fourth review's cases, each of which failed
// before, but int-enum-null and branch-enum, whose enum takes null or
// is its branch's alone, which held and must.)
func TestDeriveNullableHeldOff(t *testing.T) {
	req := func(s string) string { return `{"type":"object","properties":{"a":` + s + `},"required":["a"]}` }
	calls := []string{`{"a":null}`, `{"a":"null"}`, `{"a":1}`, `{"a":"1"}`}
	unionSound(t, []unionCase{
		{"int-enum", req(`{"type":["integer","null"],"enum":[1,2]}`), calls},
		{"int-enum-null", req(`{"type":["integer","null"],"enum":[1,2,null]}`), calls},
		{"string-enum", req(`{"type":["string","null"],"enum":["a","b"]}`), []string{`{"a":null}`, `{"a":"A"}`}},
		{"boolean-enum", req(`{"type":["boolean","null"],"enum":[true]}`), []string{`{"a":null}`, `{"a":"true"}`}},
		{"number-const", req(`{"type":["number","null"],"const":5}`), []string{`{"a":null}`, `{"a":"5"}`}},
		{"anyOf-enum", req(`{"enum":[1,2],"anyOf":[{"type":"integer"},{"type":"null"}]}`), calls},
		{"nullable-enum", req(`{"type":"integer","nullable":true,"enum":[1,2]}`), calls},
		{"not-null", req(`{"type":["integer","null"],"not":{"type":"null"}}`), calls},
		{"allOf-integer", req(`{"type":["integer","null"],"allOf":[{"type":"integer"}]}`), calls},
		{"items", `{"type":"object","properties":{"a":{"type":"array","items":{"type":["integer","null"],"enum":[1,2]}}}}`, []string{`{"a":[null]}`, `{"a":["1"]}`}},
		{"branch-enum", req(`{"anyOf":[{"type":"integer","enum":[0,3]},{"type":"null"}]}`), []string{`{"a":null}`, `{"a":"3"}`}},
	})
	// (OpenAPI's nullable beside an enum or const and a combinator or
	// condition, which respell reads: the fifth review's cases, under
	// AJV, which reads nullable)
	ajvSound(t, []unionCase{
		{"nullable-enum-allOf", req(`{"type":"integer","nullable":true,"enum":[1,2],"allOf":[{"minimum":0}]}`), calls},
		{"nullable-enum-not", req(`{"type":"integer","nullable":true,"enum":[1,2],"not":{"const":2}}`), calls},
		{"nullable-const-if", req(`{"type":"string","nullable":true,"const":"x","if":{"const":"x"},"then":true}`), []string{`{"a":null}`, `{"a":"x"}`}},
	})
}

// conditionedCopies are unions of objects that each hold one definition
// at c, one branch with a not that tests c's member p0 (the fourth
// review's cases): at inlining bounds where the references are kept and
// share a lenient copy, p0's rule read the conditioned branch's c too,
// and "5" became the 5 its not refuses; unionConditions names c for the
// path. TestDeriveTightBudget runs them at every bound.
var conditionedCopies = func() []keptRefCase {
	branch := func(k, more string) string {
		return `{"type":"object","properties":{"c":{"$ref":"#/$defs/C"},"k":{"const":"` + k + `"}},"required":["k"]` + more + `}`
	}
	not := `,"not":{"type":"object","properties":{"c":{"type":"object","properties":{"p0":{"const":5}},"required":["p0"]}},"required":["c"]}`
	defs := `"$defs":{"C":{"type":"object","properties":{"p0":{"type":"integer"},"p1":{"type":"integer"},"p2":{"type":"boolean"}}}}`
	calls := []string{`{"w":{"k":"a","c":{"p0":"5"}}}`, `{"w":{"k":"b","c":{"p0":"5"}}}`, `{"w":{"k":"a","c":{"p0":null}}}`, `{"w":{"k":"a","c":{"p0":"4"}}}`}
	return []keptRefCase{
		{"cond-not-last", `{"type":"object","properties":{"w":{"anyOf":[` + branch("b", "") + `,` + branch("d", "") + `,` + branch("a", not) + `]}},` + defs + `}`, calls},
		{"cond-not-middle", `{"type":"object","properties":{"w":{"anyOf":[` + branch("b", "") + `,` + branch("a", not) + `,` + branch("d", "") + `]}},` + defs + `}`, calls},
	}
}()

func init() { keptRefs = append(keptRefs, conditionedCopies...) }

// TestDeriveConditionsElsewhere: the members of an object at a path are
// read alike under each schema declared there, so a condition on one in
// any of them (a not, an if, an enum, a dependency's schema, in a branch
// of the object's allOf or anyOf, the arguments' then, an items beside
// an allOf's items) keeps the rule of another declaration off it too
// (the seventh review's cases, 2026-11-30; each failed before).
func TestDeriveConditionsElsewhere(t *testing.T) {
	not := `"not":{"type":"object","properties":{"p":{"const":5}},"required":["p"]}`
	c := `{"type":"object","properties":{"p":{"type":"integer"}}}`
	calls := []string{`{"c":{"p":"5"}}`, `{"c":{"p":"4"}}`}
	cases := []unionCase{
		{"allOf-not", `{"type":"object","properties":{"c":` + c + `},"allOf":[{"properties":{"c":{` + not + `}}}]}`, calls},
		{"allOf-not-typed", `{"type":"object","properties":{"c":` + c + `},"allOf":[{"properties":{"c":{"type":"object",` + not + `}}}]}`, calls},
		{"allOf-first", `{"type":"object","allOf":[{"properties":{"c":{` + not + `}}}],"properties":{"c":` + c + `}}`, calls},
		{"anyOf-not", `{"type":"object","properties":{"c":` + c + `},"anyOf":[{"properties":{"c":{` + not + `}}},{"properties":{"c":{` + not + `}}}]}`, calls},
		{"allOf-if", `{"type":"object","properties":{"c":` + c + `},"allOf":[{"properties":{"c":{"if":{"type":"object","properties":{"p":{"const":5}},"required":["p"]},"then":false}}}]}`, calls},
		{"allOf-enum", `{"type":"object","properties":{"c":` + c + `},"allOf":[{"properties":{"c":{"enum":[{"p":"5"},{"p":4}]}}}]}`, calls},
		{"allOf-dependent", `{"type":"object","properties":{"c":{"type":"object","properties":{"p":{"type":"integer"},"k":{}}}},"allOf":[{"properties":{"c":{"type":"object","dependentSchemas":{"k":{"properties":{"p":{"not":{"const":5}}}}}}}}]}`, []string{`{"c":{"k":1,"p":"5"}}`}},
		{"root-then", `{"type":"object","properties":{"k":{"type":"string"},"c":` + c + `},"if":{"properties":{"k":{"const":"a"}},"required":["k"]},"then":{"properties":{"c":{` + not + `}}}}`, []string{`{"k":"a","c":{"p":"5"}}`}},
		{"nested-allOf", `{"type":"object","properties":{"x":{"type":"object","properties":{"c":` + c + `},"allOf":[{"properties":{"c":{` + not + `}}}]}}}`, []string{`{"x":{"c":{"p":"5"}}}`}},
		{"items-allOf", `{"type":"object","properties":{"x":{"type":"array","items":` + c + `,"allOf":[{"items":{` + not + `}}]}}}`, []string{`{"x":[{"p":"5"}]}`}},
		{"shared-def", `{"type":"object","properties":{"x":{"type":"object","properties":{"c":{"$ref":"#/$defs/C"}},"allOf":[{"properties":{"c":{` + not + `}}}]},"y":{"$ref":"#/$defs/C"}},"$defs":{"C":` + c + `}}`, []string{`{"x":{"c":{"p":"5"}}}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}

// TestDeriveConditionThroughMapKeyword: holderConds records the
// conditions of each schema declared at a path, but a branch's
// patternProperties, additionalProperties or unevaluatedProperties
// applies its schema to a member another schema declares (x.a) under
// the map path (x{}); recorded there alone, the declaration's rule
// coerced x.a.p into the value the not refuses. Such a branch now names
// the members it reads (mapReads). (The eighth review's, 2026-11-30;
// each failed before.)
func TestDeriveConditionThroughMapKeyword(t *testing.T) {
	not := `{"not":{"type":"object","properties":{"p":{"const":5}},"required":["p"]}}`
	a := `{"type":"object","properties":{"p":{"type":"integer"}}}`
	calls := []string{`{"x":{"a":{"p":"5"}}}`, `{"x":{"a":{"p":"4"}}}`}
	pp := []unionCase{
		{"allOf-pattern", wrapX(`{"type":"object","properties":{"a":` + a + `},"allOf":[{"patternProperties":{"^a":` + not + `}}]}`), calls},
		{"anyOf-pattern", wrapX(`{"type":"object","properties":{"a":` + a + `},"anyOf":[{"patternProperties":{"^a":` + not + `}},{"required":["zz"]}]}`), calls},
	}
	other := []unionCase{
		{"allOf-additional", wrapX(`{"type":"object","properties":{"a":` + a + `},"allOf":[{"additionalProperties":` + not + `}]}`), calls},
		{"allOf-unevaluated", wrapX(`{"type":"object","properties":{"a":` + a + `},"allOf":[{"unevaluatedProperties":` + not + `}]}`), calls},
	}
	unionSound(t, append(pp, other...))
	ajvSound(t, other) // (AJV's strict mode refuses a property its pattern matches)
}

// TestDerivePatternBesideOwnDeclaration (area 3, 08c0c83): mapReads skips
// a member the branch declares itself ("its own schema, which its own
// rules read"), but that branch's patternProperties applies to the
// member too. {"properties":{"a":{}}} (or true) beside
// {"patternProperties":{"^a":{"not":{p const 5}}}} in an allOf/anyOf
// branch: the rule at x.a.p turns "5" into the 5 the not refuses, while
// the rewrite admits {"a":{"p":"5"}}. (Go validator; AJV's strict mode
// refuses a property its pattern matches, in the strict schema too.)
func TestDerivePatternBesideOwnDeclaration(t *testing.T) {
	not := `{"not":{"type":"object","properties":{"p":{"const":5}},"required":["p"]}}`
	a := `{"type":"object","properties":{"p":{"type":"integer"}}}`
	calls := []string{`{"x":{"a":{"p":"5"}}}`, `{"x":{"a":{"p":"4"}}}`}
	unionSound(t, []unionCase{
		{"own-empty", wrapX(`{"type":"object","properties":{"a":` + a + `},"allOf":[{"properties":{"a":{}},"patternProperties":{"^a":` + not + `}}]}`), calls},
		{"own-true", wrapX(`{"type":"object","properties":{"a":` + a + `},"allOf":[{"properties":{"a":true},"patternProperties":{"^a":` + not + `}}]}`), calls},
		{"own-anyOf", wrapX(`{"type":"object","properties":{"a":` + a + `},"anyOf":[{"properties":{"a":{}},"patternProperties":{"^a":` + not + `}},{"required":["zz"]}]}`), calls},
		{"own-root", `{"type":"object","properties":{"a":` + a + `},"allOf":[{"properties":{"a":{}},"patternProperties":{"^a":` + not + `}}]}`, []string{`{"a":{"p":"5"}}`, `{"a":{"p":"4"}}`}},
	})
}

// TestDeriveAllNamesBut: a negative lookahead of plain names
// ("^(?!pattern$).*$", JSON Schema Store's web-types.json), which Go's
// regexp cannot compile, matches every name but those: the member it
// excludes keeps its rules where a branch's pattern reads the others
// (the tenth review's over-strict case; it failed before).
func TestDeriveAllNamesBut(t *testing.T) {
	schema := wrapX(`{"type":"object","properties":{"pattern":{"type":"object","properties":{"n":{"type":"integer"}}},"other":{"type":"object","properties":{"n":{"type":"integer"}}}},` +
		`"allOf":[{"patternProperties":{"^(?!pattern$).*$":{"type":"object","properties":{"n":{"not":{"const":5}}}}}}]}`)
	d, err := Tool("but", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		got = append(got, string(r.Type)+" "+r.From+r.Path)
	}
	if !slices.Contains(got, "type_coerce x.pattern.n") || slices.Contains(got, "type_coerce x.other.n") {
		t.Errorf("rules %v: want x.pattern.n read, x.other.n not", got)
	}
	for p, want := range map[string][]string{"^(?!pattern$).*$": {"pattern"}, "^(?!(a|b-c)$).*": {"a", "b-c"}, "^(?!x$)": {"x"}, "^(?!x.y$).*$": nil, "^(?!a|b$).*$": nil, "^(?!x$).+$": nil, "(?!x$).*$": nil} {
		if but, ok := allNamesBut(p); !slices.Equal(but, want) || ok != (want != nil) {
			t.Errorf("allNamesBut(%q) = %v, %v; want %v", p, but, ok, want)
		}
	}
}

// TestDeriveTypesBesideUnion: a type array beside a union whose
// branches' types it names each (JSCS's rule options: {"type":
// ["boolean", "null", "object"], "oneOf": [boolean, null, object]})
// holds no value the union does not: the union is read as at a bare
// one, its boolean's string form and its object's JSON text read. A type
// array that leaves a branch's type out, or a branch of no known type,
// keeps the union strict.
func TestDeriveTypesBesideUnion(t *testing.T) {
	jscs := `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"x":{"type":["boolean","null","object"],"oneOf":[` +
		`{"type":"boolean"},{"$ref":"#/definitions/nullRule"},{"type":"object","properties":{"n":{"type":"integer"}}}]}},"definitions":{"nullRule":{"type":"null"}}}`
	d, _ := deriveNormalizer(t, "jscs", jscs)
	for _, want := range []string{"type_coerce:x", "json_accept_both:x", "type_coerce:x.n"} {
		if !slices.Contains(ruleKinds(d), want) {
			t.Errorf("jscs: no %s rule; rules %v, warnings %s", want, ruleKinds(d), warnings(d))
		}
	}
	if s := string(d.Schema.Marshal()); strings.Contains(s, `"type":["boolean"`) {
		t.Errorf("jscs: the rewrite keeps the type array: %s", s)
	}
	calls := []string{`{"x":true}`, `{"x":"true"}`, `{"x":"yes"}`, `{"x":null}`, `{"x":"null"}`, `{"x":{"n":"5"}}`,
		`{"x":"{\"n\":\"5\"}"}`, `{"x":"{\"n\":5}"}`, `{"x":5}`, `{"x":[true]}`}
	integer := wrapX(`{"type":["integer","string"],"anyOf":[{"type":"integer","minimum":1},{"type":"number","maximum":0}]}`)
	cases := []unionCase{{"jscs", jscs, calls},
		{"anyof", wrapX(`{"type":["boolean","object"],"anyOf":[{"type":"boolean"},{"type":"object","properties":{"n":{"type":"integer"}}}]}`), calls},
		{"keywords", `{"type":"object","properties":{"x":{"type":["array","boolean","null"],"oneOf":[{"$ref":"#/definitions/keywords"},{"type":"boolean"}]}},` +
			`"definitions":{"keywords":{"type":["array","null"],"items":{"enum":["break","case"]},"uniqueItems":true}}}`,
			[]string{`{"x":["case"]}`, `{"x":"[\"case\"]"}`, `{"x":"false"}`, `{"x":null}`, `{"x":"null"}`, `{"x":[true]}`}},
		// (OpenAPI's nullable beside the type array: AJV refuses it
		// without a type)
		{"nullable", wrapX(`{"type":["boolean","object"],"nullable":true,"oneOf":[{"type":"boolean"},{"type":"object"}]}`), []string{`{"x":null}`, `{"x":true}`, `{"x":{}}`}},
		{"enum", wrapX(`{"type":["boolean","object"],"oneOf":[{"enum":[true]},{"type":"object"}]}`), calls},
		{"number-integer", wrapX(`{"type":["number","object"],"oneOf":[{"type":"integer","minimum":1},{"type":"object"}]}`), []string{`{"x":1.5}`, `{"x":2}`, `{"x":"2"}`, `{"x":0}`, `{"x":{}}`, `{"x":"{}"}`, `{"x":null}`, `{"x":true}`}},
		{"leaves-out", wrapX(`{"type":["boolean","null"],"oneOf":[{"type":"boolean"},{"type":"object"}]}`), calls},
		{"narrower", integer, append(calls, `{"x":-1.5}`, `{"x":2}`, `{"x":"2"}`)},
		{"untyped", wrapX(`{"type":["boolean","object"],"oneOf":[{"type":"boolean"},{"properties":{"n":{"type":"integer"}}}]}`), calls},
	}
	// (a branch's own type array, and the union it is respelled into,
	// count with their types)
	if d, _ := deriveNormalizer(t, "keywords", cases[2].schema); !slices.Contains(ruleKinds(d), "type_coerce:x") || !slices.Contains(ruleKinds(d), "json_accept_both:x") {
		t.Errorf("keywords: rules %v, warnings %s", ruleKinds(d), warnings(d))
	}
	unionSound(t, cases)
	// (AJV's strict types refuse a branch whose type the type array
	// leaves out, and it compiles no draft-04 document: the first six,
	// their draft unnamed)
	ajv := slices.Clone(cases[:6])
	ajv[0].schema = strings.Replace(jscs, `"$schema":"http://json-schema.org/draft-04/schema#",`, "", 1)
	ajvSound(t, ajv)
	for _, tc := range cases[6:] {
		if d, _ := deriveNormalizer(t, tc.name, tc.schema); slices.Contains(ruleKinds(d), "type_coerce:x") || slices.Contains(ruleKinds(d), "json_accept_both:x") {
			t.Errorf("%s: a type array that holds more than the union read as its union: rules %v", tc.name, ruleKinds(d))
		}
	}
}

// ruleKinds names each of d's rules by its type and what it reads
// ("type_coerce:x.n").
func ruleKinds(d *Derivation) []string {
	var out []string
	for _, r := range d.Rules {
		out = append(out, string(r.Type)+":"+r.From+r.Path)
	}
	return out
}

// TestDeriveUnionAfterProperties: what a union of an object's branches
// leaves strict (a key two branches of a oneOf declare with other
// schemas) is strict where the object's own properties declare it too,
// though they come first: the survey's marks hold from the start, so
// that no declaration read before the union gives the key a form that
// the union's branches then refuse, or admit where it makes two match.
func TestDeriveUnionAfterProperties(t *testing.T) {
	a := `{"type":"object","properties":{"pet_type":{"const":"cat"},"meows":{"type":"integer"},"x":{"type":"integer"}},"required":["pet_type","meows"],` +
		`"oneOf":[{"properties":{"x":{"type":"integer"}},"required":["x"]},{"properties":{"meows":{"type":"integer","maximum":3}}}]}`
	b := `{"type":"object","properties":{"pet_type":{"const":"dog"},"barks":{"type":"number"}},"required":["pet_type","barks"]}`
	calls := []string{`{"pet":{"pet_type":"cat","meows":"2"}}`, `{"pet":{"pet_type":"cat","meows":"2","x":"1"}}`, `{"pet":{"pet_type":"cat","meows":2,"x":"1"}}`}
	cases := []unionCase{
		{"alone", `{"type":"object","properties":{"pet":` + a + `}}`, calls},
		{"tagged", `{"type":"object","properties":{"pet":{"oneOf":[` + a + `,` + b + `]}}}`, calls},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}

// TestDeriveUnionTypedSiblings: a not (or another in-place applicator)
// beside a union of typed branches, whose schema names a type, moves into
// the branches as AJV's strict types allow: a not that takes no value of
// a branch's type holds nothing there and stays out of it; one a
// branch's type does not hold otherwise leaves the union as it is. AJV
// compiled the strict schema and compiles the rewrite (it refused
// {"type": "object", "not": {"type": "integer"}}).
func TestDeriveUnionTypedSiblings(t *testing.T) {
	cases := []unionCase{
		{"not-integer", wrapX(`{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"array","items":{"type":"integer"}}],"not":{"type":"integer"}}`), []string{`{"x":{"n":"5"}}`, `{"x":["5"]}`, `{"x":5}`}},
		{"not-string", wrapX(`{"anyOf":[{"type":"integer"},{"type":"string","enum":["a"]}],"not":{"type":"string","enum":["b"]}}`), []string{`{"x":"5"}`, `{"x":"a"}`, `{"x":5}`}},
		{"allOf-typed", wrapX(`{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"integer"}],"allOf":[{"anyOf":[{"type":"object"},{"type":"integer","minimum":1}]}]}`), []string{`{"x":{"n":"5"}}`, `{"x":"5"}`, `{"x":0}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	if d, _ := deriveNormalizer(t, "not-integer", cases[0].schema); !slices.Contains(ruleKinds(d), "type_coerce:x.n") {
		t.Errorf("not-integer: the object branch's members are not read: rules %v, warnings %s", ruleKinds(d), warnings(d))
	}
}

// TestDeriveTypeArraySiblings: an in-place applicator beside a type
// array is split into its types' branches as AJV's strict types allow
// (TestDeriveUnionTypedSiblings): a not of another type's keywords
// (minimum beside a string) would refuse every value of the branch, and
// AJV the schema, so the value stays as it is; a not of another type
// stays out of the branch; a $ref in a draft-07 not, whose siblings that
// draft ignores, keeps the not. A boolean whose enum and const take no
// value in common stays strict.
func TestDeriveTypeArraySiblings(t *testing.T) {
	calls := []string{`{"x":5}`, `{"x":"5"}`, `{"x":8}`, `{"x":"a"}`, `{"x":null}`, `{"x":{"a":1}}`, `{"x":"yes"}`}
	cases := []unionCase{
		{"not-minimum", wrapX(`{"type":["integer","string"],"not":{"minimum":7}}`), calls},
		{"nullable-not-minimum", wrapX(`{"type":["integer","null"],"not":{"minimum":7}}`), calls},
		{"allOf-maximum", wrapX(`{"type":["object","integer"],"properties":{"a":{"type":"integer"}},"allOf":[{"maximum":7}]}`), calls},
		{"not-object", wrapX(`{"type":["integer","null"],"not":{"type":"integer","minimum":7}}`), calls},
		{"bool-apart", wrapX(`{"type":"boolean","enum":[true],"const":false}`), calls},
		// (a fourth review's: OpenAPI's nullable in the not adds null;
		// a dependency's schema of another type's keywords; a format,
		// which AJV reads for numbers and strings, on the integer branch)
		{"not-nullable", wrapX(`{"type":["integer","string","null"],"not":{"type":"string","nullable":true,"allOf":[{"enum":["a",null]}]}}`), append(calls, `{"x":"b"}`)},
		{"dependent-string", wrapX(`{"type":["object","string"],"dependentSchemas":{"a":{"minLength":1}}}`), append(calls, `{"x":{"a":"1"}}`)},
		{"dependent-object", wrapX(`{"type":["object","integer"],"properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"dependentSchemas":{"a":{"required":["b"]}}}`),
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":{"a":"1","b":2}}`, `{"x":{"a":1}}`, `{"x":"{\"a\":1,\"b\":\"2\"}"}`}},
		{"typed-anyOf-not-minimum", wrapX(`{"type":["integer","object"],"anyOf":[{"type":"integer"},{"type":"object","properties":{"a":{"type":"integer"}}}],"not":{"minimum":7}}`), calls},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	// (AJV reads a format for numbers and strings, where a host
	// registers formats; the AJV harness registers none)
	if got := typesAgainst("boolean", "not", mustParse(t, []byte(`{"format":"email"}`))); got != typesConflict {
		t.Errorf("a not of format beside a boolean: %d, want typesConflict", got)
	}
	if d, _ := deriveNormalizer(t, "format", wrapX(`{"type":["boolean","integer"],"format":"int32"}`)); !strings.Contains(string(d.Schema.Marshal()), `{"type":"integer","format":"int32"}`) {
		t.Errorf("format: not on the integer branch: %s", d.Schema.Marshal())
	}
	draft7 := `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","definitions":{"O":{"type":"object","required":["a"]}},` +
		`"properties":{"x":{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"array","items":{"type":"integer"}}],"not":{"$ref":"#/definitions/O","type":"integer"}}}}`
	unionSound(t, []unionCase{{"draft-07-ref", draft7, []string{`{"x":{"a":1}}`, `{"x":{"n":"5"}}`, `{"x":["5"]}`}}})
}
