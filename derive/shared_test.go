package derive

import (
	"encoding/json"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// sharedSchema is a root anyOf of three branches that each hold a
// definition C at c (inside config), C large enough that the size bound
// keeps the third reference: the first two branches hold its copy.
func sharedSchema() string {
	var props []string
	for i := range 2100 {
		props = append(props, `"p`+strconv.Itoa(i)+`":{"type":"integer"}`)
	}
	branch := func(k string) string {
		return `{"type":"object","properties":{"kind":{"const":"` + k + `"},"config":{"type":"object","properties":{"c":{"$ref":"#/$defs/C"}}}},"required":["kind"]}`
	}
	return `{"anyOf":[` + branch("a") + `,` + branch("b") + `,` + branch("d") + `],"$defs":{"C":{"type":"object","properties":{` + strings.Join(props, ",") + `}}}}`
}

// allOfObjects: an allOf of object schemas (a definition and more
// members, as invopop writes an embedded type) is one object: its JSON
// text is read as an object's, its branches' members as theirs.
var allOfObjects = keptRefCase{"allof-objects", `{"type":"object","properties":{"ship":{"allOf":[{"$ref":"#/definitions/address"},{"type":"object","properties":{"kind":{"enum":["home","work"]},"n":{"type":"integer"}},"required":["kind"]}]}},` +
	`"definitions":{"address":{"type":"object","properties":{"street":{"type":"string"},"no":{"type":"integer"}}}}}`, []string{
	`{"ship":"{\"kind\":\"home\",\"no\":\"5\"}"}`,
	`{"ship":{"kind":"work","n":"3"}}`,
	`{"ship":{"kind":"HOME"}}`,
}}

// nestedAllOf is the Debug Adapter Protocol's request, an allOf whose
// branch is a reference to another allOf of objects (AttachRequest of
// Request of ProtocolMessage), and one whose branch is an allOf of a
// bare annotation and a type. (Its JSON text branch takes any string, as
// every one does: a text of another object is class (b), left out.)
var nestedAllOf = keptRefCase{"nested-allof", `{"type":"object","properties":{"req":{"$ref":"#/definitions/AttachRequest"},"bare":{"allOf":[{"allOf":[{"description":"any"},{"type":"object"}]},{"type":"object","properties":{"n":{"type":"integer"}}}]}},` +
	`"definitions":{"ProtocolMessage":{"type":"object","properties":{"seq":{"type":"integer"},"type":{"type":"string"}},"required":["seq","type"]},` +
	`"Request":{"allOf":[{"$ref":"#/definitions/ProtocolMessage"},{"type":"object","properties":{"type":{"type":"string","enum":["request"]},"command":{"type":"string"}},"required":["type","command"]}]},` +
	`"AttachRequest":{"allOf":[{"$ref":"#/definitions/Request"},{"type":"object","properties":{"command":{"type":"string","enum":["attach"]},"arguments":{"type":"object","properties":{"n":{"type":"integer"}}}},"required":["command","arguments"]}]}}}`, []string{
	`{"req":"{\"seq\":\"1\",\"type\":\"request\",\"command\":\"attach\",\"arguments\":{\"n\":\"2\"}}"}`,
	`{"req":{"seq":1,"type":"request","command":"attach","arguments":{}}}`,
	`{"bare":"{\"n\":\"5\"}"}`,
}}

// besideKept: a definition C at c in three branches of a draft-07
// union, the third's reference with a sibling (which the draft ignores
// and AJV applies); TestDeriveTightBudget's bounds keep some of them, so
// that a kept bare reference shares a copy where a kept reference with
// its sibling may hold what is below c otherwise (TestDeriveSharedBesideRef).
var besideKept = keptRefCase{"beside-kept", `{"$schema":"http://json-schema.org/draft-07/schema#","anyOf":[` +
	`{"type":"object","properties":{"kind":{"const":"a"},"config":{"type":"object","properties":{"c":{"$ref":"#/definitions/C"}}}},"required":["kind"]},` +
	`{"type":"object","properties":{"kind":{"const":"d"},"config":{"type":"object","properties":{"c":{"$ref":"#/definitions/C"}}}},"required":["kind"]},` +
	`{"type":"object","properties":{"kind":{"const":"e"},"config":{"type":"object","properties":{"c":{"$ref":"#/definitions/C","properties":{"q":{"type":"integer"}}}}}},"required":["kind"]}],` +
	`"definitions":{"C":{"type":"object","properties":{"p0":{"type":"integer"},"p1":{"type":"boolean"},"p2":{"type":"array","items":{"type":"integer"}}}}}}`, []string{
	`{"kind":"a","config":{"c":{"q":"5"}}}`,
	`{"kind":"e","config":{"c":{"q":"5"}}}`,
	`{"kind":"e","config":{"c":{"p0":"1","p2":["2"]}}}`,
	`{"kind":"d","config":{"c":{"p0":"1","p1":"true"}}}`,
	`{"kind":"a","config":{"c":"{\"p0\":1}"}}`,
	`{"kind":"e","config":"{\"c\":{\"q\":1}}"}`,
}}

// besideTyped: a definition C at c in four branches of a draft-07
// union, the first's reference beside a type of another kind (read
// beside it, readBeside, and reading no JSON text there: a draft-07
// validator ignores the type, AJV applies it); TestDeriveTightBudget's bounds keep the others' references
// where they share a copy. The first branch's site was taken for a kept
// reference sharing the copy (both recorded "ref #/definitions/C"), so
// c's JSON text was read in every branch but the rewrite took it in none
// of the first's.
var besideTyped = keptRefCase{"beside-typed", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"anyOf":[` +
	`{"type":"object","properties":{"kind":{"const":"e"},"c":{"$ref":"#/definitions/C","type":"string"}},"required":["kind"]},` +
	`{"type":"object","properties":{"kind":{"const":"a"},"c":{"$ref":"#/definitions/C"}},"required":["kind"]},` +
	`{"type":"object","properties":{"kind":{"const":"b"},"c":{"$ref":"#/definitions/C"}},"required":["kind"]},` +
	`{"type":"object","properties":{"kind":{"const":"d"},"c":{"$ref":"#/definitions/C"}},"required":["kind"]}]}},` +
	`"definitions":{"C":{"type":"object","properties":{"p0":{"type":"integer"},"p1":{"type":"boolean"}}}}}`, []string{
	`{"x":{"kind":"e","c":"{\"p0\":1}"}}`,
	`{"x":{"kind":"d","c":"{\"p0\":1}"}}`,
	`{"x":{"kind":"b","c":{"p0":"1","p1":"true"}}}`,
	`{"x":{"kind":"e","c":{"p0":"1"}}}`,
}}

func init() {
	keptRefs = append(keptRefs, allOfObjects, nestedAllOf, besideKept, besideTyped)
	keptRefs = append(keptRefs, keptRefCase{"shared-copy", sharedSchema(), []string{
		`{"kind":"d","config":{"c":{"p0":"5","p7":7}}}`,
		`{"kind":"a","config":{"c":{"p1":"x"}}}`,
		`{"kind":"b","config":"{\"c\":{\"p2\":\"3\"}}"}`,
		`{"kind":"d","config":{"c":"{\"p0\":\"5\"}"}}`,
		`{"kind":"a","config":{"c":"{\"p1\":1}"}}`,
	}})
}

// TestDeriveSharedCopy: a definition the size bound keeps as a reference
// in one branch (d's config.c) and copies at the same place in others
// (a's, b's) is read alike at that place: the reference names the
// copy's lenient form, and the values below it get their rules, where
// the kept reference kept them strict in every branch (it may have held
// them otherwise). TestDeriveKeptRefStrict runs the schema's calls with
// the Go validator and AJV.
func TestDeriveSharedCopy(t *testing.T) {
	d, err := Tool("t", []byte(sharedSchema()))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Path == "config.c.p0" && r.Type == "type_coerce" }) {
		t.Errorf("no type_coerce rule at config.c.p0; warnings %v", d.Warnings)
	}
	out := string(d.Schema.Marshal())
	if n := strings.Count(out, `"#/$defs/lenient.C"`); n != 3 {
		t.Errorf("%d references to lenient.C, want the three branches' (a's and b's copies, d's kept reference)", n)
	}
	if strings.Contains(out, `"#/$defs/C"`) || strings.Contains(out, `strict.`) {
		t.Errorf("a reference to the strict C is left in the rewrite")
	}
	for _, w := range d.Warnings {
		if strings.HasPrefix(w.Path, "config.c") {
			t.Errorf("warning %v", w)
		}
	}
}

// TestDeriveSharedCopyText: the JSON text of a value whose definition is
// a copy at its place in some branches and a kept reference sharing the
// copy's lenient form in others (sharedSchema's config.c) is read alike
// in every branch: the kept reference's site takes the text too, where
// the survey saw an object and a reference there, two kinds, and left c
// strict. TestDeriveKeptRefStrict and TestDeriveTightBudget run these
// calls with the Go validator and AJV.
func TestDeriveSharedCopyText(t *testing.T) {
	d, n := deriveNormalizer(t, "t", sharedSchema())
	for _, tc := range []struct{ in, want string }{
		{`{"kind":"d","config":{"c":"{\"p0\":\"5\"}"}}`, `{"kind":"d","config":{"c":{"p0":5}}}`},
		{`{"kind":"a","config":{"c":"{\"p1\":1}"}}`, `{"kind":"a","config":{"c":{"p1":1}}}`},
	} {
		if out, _, err := n.NormalizeJSON("t", []byte(tc.in)); err != nil || string(out) != tc.want {
			t.Errorf("%s became %s (%v), want %s", tc.in, out, err, tc.want)
		}
	}
	out := string(d.Schema.Marshal())
	if n := strings.Count(out, `{"$ref":"#/$defs/lenient.C"},{"type":"string"}`); n != 3 {
		t.Errorf("%d sites of c take its JSON text beside lenient.C, want the three branches'", n)
	}
}

// oneOfObjects: a oneOf of typed objects (told apart by a discriminator)
// holds objects alone: a string is none of its branches, its JSON text
// is read, and the object it holds matches the branch its value would.
var oneOfObjects = keptRefCase{"oneof-objects", `{"type":"object","properties":{"ci":{"oneOf":[` +
	`{"type":"object","properties":{"type":{"enum":["jenkins"]},"poll":{"type":"integer","minimum":1}},"required":["type"],"additionalProperties":false},` +
	`{"type":"object","properties":{"type":{"enum":["circleci"]},"token":{"type":"string"},"poll":{"type":"integer","minimum":1}},"required":["type"],"additionalProperties":false},` +
	`{"type":"null"}]}}}`, []string{
	`{"ci":"{\"type\":\"jenkins\",\"poll\":\"5\"}"}`,
	`{"ci":{"type":"circleci","token":"t","poll":"2"}}`,
	`{"ci":{"type":"jenkins","token":"t"}}`,
	`{"ci":null}`,
}}

func init() { keptRefs = append(keptRefs, oneOfObjects) }

// TestDeriveUnionJSONText: the JSON text of an allOf of objects
// (allOfObjects; nestedAllOf, its branches allOfs of objects too) and of
// a oneOf of typed objects (oneOfObjects) is read, where it was left
// strict as a union the deriver does not rewrite.
func TestDeriveUnionJSONText(t *testing.T) {
	for _, tc := range []struct {
		c        keptRefCase
		in, want string
		noWarns  bool
	}{
		{allOfObjects, `{"ship":"{\"kind\":\"home\",\"no\":\"5\"}"}`, `{"ship":{"kind":"home","no":5}}`, true},
		{nestedAllOf, `{"req":"{\"seq\":\"1\",\"type\":\"request\",\"command\":\"attach\",\"arguments\":{\"n\":\"2\"}}"}`, `{"req":{"seq":1,"type":"request","command":"attach","arguments":{"n":2}}}`, true},
		{nestedAllOf, `{"bare":"{\"n\":\"5\"}"}`, `{"bare":{"n":5}}`, true},
		{oneOfObjects, `{"ci":"{\"type\":\"jenkins\",\"poll\":\"5\"}"}`, `{"ci":{"type":"jenkins","poll":5}}`, false},
	} {
		d, n := deriveNormalizer(t, "t", tc.c.schema)
		if out, _, err := n.NormalizeJSON("t", []byte(tc.in)); err != nil || string(out) != tc.want {
			t.Errorf("%s: %s became %s (%v), want %s", tc.c.name, tc.in, out, err, tc.want)
		}
		if tc.noWarns && len(d.Warnings) > 0 {
			t.Errorf("%s: warnings %v", tc.c.name, d.Warnings)
		}
	}
}

// TestDeriveTightBudget runs the schemas of keptRefs (recursive
// definitions, shared copies, unions of objects, the roots' shapes) with
// an inlining bound of 1 to 155 nodes, so that references are kept where
// the default bound inlines them, and kept references share copies'
// lenient forms (shared.go) at places small schemas hold: normalizing
// each call with the derived rules, then validating against the strict
// schema, takes it exactly where the rewrite does (the Go validator),
// and a call the strict schema takes comes back as it was.
func TestDeriveTightBudget(t *testing.T) {
	defer func(b int) { tightBudget = b }(tightBudget)
	shared := 0
	defer func() { t.Logf("%d derivations name a lenient form", shared) }()
	for budget := 1; budget < 160; budget += 7 {
		tightBudget = budget
		for _, tc := range keptRefs {
			root, err := ParseNode([]byte(tc.schema))
			if err != nil {
				t.Fatal(err)
			}
			d := deriveNode(tc.name, root, nil, nil, nil) // (not cached: the bound is this test's)
			n, err := normalize.New(d.Rules)
			if err != nil {
				t.Fatalf("%s, bound %d: the rules do not load: %v", tc.name, budget, err)
			}
			strict := compileDerived(t, tc.name+"-strict", []byte(tc.schema))
			out := d.Schema.Marshal()
			if strings.Contains(string(out), `/lenient.`) {
				shared++
			}
			lax := compileDerived(t, tc.name+"-lenient", out)
			for _, call := range tc.calls {
				norm, _, err := n.NormalizeJSON(tc.name, []byte(call))
				taken := err == nil && validDerived(strict, norm)
				// (JSON text the rewrite takes as a string may hold what
				// the strict schema refuses, where no rule reads inside a
				// kept reference: class (b))
				if got := validDerived(lax, []byte(call)); got != taken && !(got && holdsJSONText(call)) {
					t.Errorf("%s, bound %d, %s: the rewrite takes it: %v; normalized, the strict schema takes it: %v\nrewrite: %s", tc.name, budget, call, got, taken, out)
				}
				if validDerived(strict, []byte(call)) && (err != nil || string(norm) != call) {
					t.Errorf("%s, bound %d, %s: strict-valid, became %s (%v)", tc.name, budget, call, norm, err)
				}
			}
		}
	}
}

// holdsJSONText reports whether the call holds a string of JSON array or
// object text, at any depth.
func holdsJSONText(call string) bool {
	var v any
	if json.Unmarshal([]byte(call), &v) != nil {
		return false
	}
	var walk func(x any) bool
	walk = func(x any) bool {
		switch x := x.(type) {
		case string:
			t := strings.TrimSpace(x)
			return strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")
		case []any:
			return slices.ContainsFunc(x, walk)
		case map[string]any:
			for _, e := range x {
				if walk(e) {
					return true
				}
			}
		}
		return false
	}
	return walk(v)
}

// TestDeriveSharedInRespelledUnion: definitions that reach each other
// through a oneOf of references (JSONSchemaBench's Github_hard/o3905: a
// list input whose associated inputs are lists or CSV files). Below the
// first copies, the references are kept and point at their targets'
// lenient forms; respelling the oneOf (its siblings moved into its
// branches) copied the branches, so that one kept reference was left
// pointing at the strict form: `"column":"5"` two levels down was read
// by the rules but refused by the rewrite.
func TestDeriveSharedInRespelledUnion(t *testing.T) {
	var cases []unionCase
	// (a sibling beside the oneOf, moved into its branches, too)
	for _, sibling := range []string{"", `"description":"d",`} {
		items := `{"type":"array","items":{` + sibling + `"oneOf":[{"$ref":"#/definitions/A"},{"$ref":"#/definitions/B"}]}}`
		cases = append(cases, unionCase{
			name: "inputs",
			schema: `{"type":"object","properties":{"inputs":` + items + `},"definitions":{` +
				`"A":{"type":"object","additionalProperties":false,"properties":{"@type":{"enum":["a"]},"associated":` + items + `},"required":["@type"]},` +
				`"B":{"type":"object","additionalProperties":false,"properties":{"@type":{"enum":["b"]},"column":{"type":"integer"},"associated":` + items + `},"required":["@type","column"]}}}`,
			calls: []string{
				`{"inputs":[{"@type":"b","column":"5"}]}`,
				`{"inputs":[{"@type":"b","column":5,"associated":[{"@type":"b","column":"5"}]}]}`,
				`{"inputs":[{"@type":"a","associated":[{"@type":"b","column":"5"}]}]}`,
				`{"inputs":[{"@type":"a","associated":[{"@type":"b","column":1,"associated":[{"@type":"b","column":"5"}]}]}]}`,
				`{"inputs":[{"@type":"b","column":"x"}]}`,
			},
		})
	}
	unionSound(t, cases)
}

// TestDeriveSharedBesideRef: sharedSchema with a fourth branch whose c
// is C's reference with a sibling, in a draft-07 document (which ignores
// the sibling, where AJV applies it): the size bound keeps it, with no
// copy to read beside it (readBeside), so it may hold what is below c
// otherwise (q, undeclared in C, as it is). The kept reference that
// shares the copy does not make c's place sharable then (sharable):
// that branch held no rule below c, while d's kept reference let the
// values below it get theirs, which changed q in calls the strict
// schema takes (and read p0's string form the rewrite refused in e).
// Nor is c one kind for its JSON text (oneKindShared).
func TestDeriveSharedBesideRef(t *testing.T) {
	schema := strings.Replace(sharedSchema(), `],"$defs":{`, `,{"type":"object","properties":{"kind":{"const":"e"},"config":{"type":"object","properties":{"c":{"$ref":"#/$defs/C","properties":{"q":{"type":"integer"}}}}}},"required":["kind"]}],"$defs":{`, 1)
	schema = strings.Replace(schema, `{"anyOf":`, `{"$schema":"http://json-schema.org/draft-07/schema#","anyOf":`, 1)
	schema = strings.ReplaceAll(schema, `$defs`, `definitions`)
	unionSound(t, []unionCase{{name: "shared-beside", schema: schema, calls: []string{
		`{"kind":"a","config":{"c":{"q":"5"}}}`,
		`{"kind":"e","config":{"c":{"q":"5"}}}`,
		`{"kind":"e","config":{"c":{"p0":"1"}}}`,
		`{"kind":"a","config":{"c":{"p0":"1"}}}`,
		`{"kind":"e","config":{"c":"{\"p0\":1}"}}`,
		`{"kind":"d","config":{"c":"{\"p0\":1}"}}`,
	}}})
	d, _ := deriveNormalizer(t, "t", schema)
	if slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return strings.HasPrefix(r.Path, "config.c") }) {
		t.Errorf("a rule at or below config.c, which the fourth branch's kept reference may hold otherwise")
	}
}

// TestDeriveSharedNullable: sharedSchema with C nullable as OpenAPI
// writes it (which AJV reads; the Go validator does not): the kept
// reference that shares the copy's lenient form takes null as the
// copies' sites do, where it took the copy's lenient form alone, which
// split made without the null, so that AJV refused a call the strict
// schema takes (found by review). AJV judges.
func TestDeriveSharedNullable(t *testing.T) {
	schema := strings.Replace(sharedSchema(), `"C":{"type":"object",`, `"C":{"type":"object","nullable":true,`, 1)
	ajvSound(t, []unionCase{{"shared-nullable", schema, []string{
		`{"kind":"d","config":{"c":null}}`,
		`{"kind":"a","config":{"c":null}}`,
		`{"kind":"d","config":{"c":{"p0":"5"}}}`,
		`{"kind":"d","config":{"c":"{\"p0\":\"5\"}"}}`,
		`{"kind":"d","config":{"c":"null"}}`,
	}}})
}
