package derive

import (
	"slices"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// kindBranch is an object branch that requires kind, the const kind,
// beside props (",name":schema...).
func kindBranch(kind, props string) string {
	return `{"type":"object","properties":{"kind":{"const":"` + kind + `"}` + props + `},"required":["kind"]}`
}

// TestDeriveGuardsJSONText: a member one branch reads as JSON text and another takes as a string, past their guards, each judged by unionSound (cases of the second review of the guards).
func TestDeriveGuardsJSONText(t *testing.T) {
	unionSound(t, []unionCase{
		{"jsonat-typearr", wrapX(`{"oneOf":[` + kindBranch("a", `,"o":{"type":"object","properties":{"m":{"type":"integer"}}}`) + `,` +
			kindBranch("b", `,"o":{"type":["object","string"],"properties":{"m":{"type":"integer"}}}`) + `]}`),
			[]string{`{"x":{"kind":"b","o":"{\"m\":\"5\"}"}}`, `{"x":{"kind":"a","o":"{\"m\":\"5\"}"}}`, `{"x":{"kind":"b","o":{"m":"5"}}}`}},
		{"jsonat-anyof", wrapX(`{"oneOf":[` + kindBranch("a", `,"o":{"type":"object","properties":{"m":{"type":"integer"}}}`) + `,` +
			kindBranch("b", `,"o":{"anyOf":[{"type":"string"},{"type":"object","properties":{"m":{"type":"integer"}}}]}`) + `]}`),
			[]string{`{"x":{"kind":"b","o":"{\"m\":\"5\"}"}}`, `{"x":{"kind":"a","o":"{\"m\":\"5\"}"}}`, `{"x":{"kind":"b","o":{"m":"5"}}}`}},
		{"jsonat-arr", wrapX(`{"oneOf":[` + kindBranch("a", `,"o":{"type":"array","items":{"type":"integer"}}`) + `,` +
			kindBranch("b", `,"o":{"type":["array","string"],"items":{"type":"integer"}}`) + `]}`),
			[]string{`{"x":{"kind":"b","o":"[\"5\"]"}}`, `{"x":{"kind":"a","o":"[\"5\"]"}}`}},
	})
}

// TestDeriveGuardsDiscriminator: discriminators in another case, as an enum, in a holder, through a $ref or an allOf, shared by two branches (no guard), nullable, untyped, each judged by unionSound (cases of the second review of the guards).
func TestDeriveGuardsDiscriminator(t *testing.T) {
	unionSound(t, []unionCase{
		{"disc-enum", wrapX(`{"oneOf":[{"type":"object","properties":{"kind":{"enum":["a"]},"n":{"type":"integer"}},"required":["kind"]},{"type":"object","properties":{"kind":{"enum":["b","c"]}},"required":["kind"]}]}`),
			[]string{`{"x":{"kind":"A","n":"5"}}`, `{"x":{"kind":"B"}}`, `{"x":{"kind":"A"}}`}},
		{"disc-holder-after", wrapX(`{"type":"object","oneOf":[` + kindBranch("a", `,"n":{"type":"integer"}`) + `,` + kindBranch("b", ``) + `],"properties":{"kind":{"enum":["a","b"]}}}`),
			[]string{`{"x":{"kind":"A","n":"5"}}`, `{"x":{"kind":"A"}}`, `{"x":{"kind":"B"}}`}},
		{"disc-holder-before", wrapX(`{"type":"object","properties":{"kind":{"enum":["a","b"]}},"oneOf":[` + kindBranch("a", `,"n":{"type":"integer"}`) + `,` + kindBranch("b", ``) + `]}`),
			[]string{`{"x":{"kind":"A","n":"5"}}`, `{"x":{"kind":"A"}}`, `{"x":{"kind":"B"}}`}},
		{"disc-ref", `{"type":"object","properties":{"x":{"oneOf":[{"type":"object","properties":{"kind":{"$ref":"#/$defs/A"},"n":{"type":"integer"}},"required":["kind"]},{"type":"object","properties":{"kind":{"$ref":"#/$defs/B"}},"required":["kind"]}]}},"$defs":{"A":{"enum":["a"]},"B":{"enum":["b"]}}}`,
			[]string{`{"x":{"kind":"A","n":"5"}}`, `{"x":{"kind":"b","n":"5"}}`, `{"x":{"kind":"a","n":"5"}}`}},
		{"disc-allof", wrapX(`{"oneOf":[{"allOf":[{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind"]},{"properties":{"n":{"type":"integer"}}}]},` + kindBranch("b", "") + `]}`),
			[]string{`{"x":{"kind":"b","n":"5"}}`, `{"x":{"kind":"a","n":"5"}}`}},
		{"disc-shared", wrapX(`{"oneOf":[{"type":"object","properties":{"kind":{"enum":["a","b"]},"n":{"type":"integer"}},"required":["kind"]},{"type":"object","properties":{"kind":{"enum":["b"]},"n":{"type":"string"}},"required":["kind"]}]}`),
			[]string{`{"x":{"kind":"b","n":"5"}}`, `{"x":{"kind":"a","n":"5"}}`}},
		{"disc-nullable", wrapX(`{"oneOf":[{"type":["object","null"],"properties":{"kind":{"const":"a"},"n":{"type":"integer"}},"required":["kind"]},` + kindBranch("b", "") + `]}`),
			[]string{`{"x":{"kind":"b","n":"5"}}`, `{"x":{"kind":"a","n":"5"}}`, `{"x":null}`}},
		{"disc-untyped-str", wrapX(`{"anyOf":[{"properties":{"kind":{"const":"a"},"n":{"type":"integer"}},"required":["kind"]},` + kindBranch("b", `,"n":{"type":"integer"}`) + `]}`),
			[]string{`{"x":"{\"kind\":\"b\",\"n\":\"5\"}"}`, `{"x":"{\"kind\":\"a\",\"n\":\"5\"}"}`, `{"x":{"kind":"b","n":"5"}}`}},
	})
}

// TestDeriveGuardsNested: guarded unions inside guarded branches, open unions and oneOfs, each judged by unionSound (cases of the second review of the guards).
func TestDeriveGuardsNested(t *testing.T) {
	inner := `{"oneOf":[{"type":"object","properties":{"t":{"const":"p"},"n":{"type":"integer"}},"required":["t"]},{"type":"object","properties":{"t":{"const":"q"}},"required":["t"]}]}`
	unionSound(t, []unionCase{
		{"g-in-g", wrapX(`{"oneOf":[` + kindBranch("a", `,"y":`+inner) + `,` + kindBranch("b", ``) + `]}`),
			[]string{`{"x":{"kind":"a","y":{"t":"p","n":"5"}}}`, `{"x":{"kind":"b","y":{"t":"p","n":"5"}}}`, `{"x":{"kind":"a","y":{"t":"q","n":"5"}}}`}},
		{"g-direct-in-g", wrapX(`{"oneOf":[{"allOf":[` + kindBranch("a", ``) + `,` + inner + `]},` + kindBranch("b", ``) + `]}`),
			[]string{`{"x":{"kind":"a","t":"p","n":"5"}}`, `{"x":{"kind":"b","t":"p","n":"5"}}`, `{"x":{"kind":"a","t":"q","n":"5"}}`}},
		{"g-in-open", wrapX(`{"anyOf":[` + inner + `,{"type":"object"}]}`),
			[]string{`{"x":{"t":"p","n":"5"}}`, `{"x":{"t":"q","n":"5"}}`}},
		{"g-in-open-prop", wrapX(`{"anyOf":[{"type":"object","properties":{"y":` + inner + `}},{"type":"object","properties":{"y":{"type":"object"}}}]}`),
			[]string{`{"x":{"y":{"t":"p","n":"5"}}}`}},
		{"g-in-oneof-other", wrapX(`{"oneOf":[{"type":"object","properties":{"y":` + inner + `},"required":["y"]},{"type":"object","properties":{"y":{"type":"object","properties":{"n":{"type":"string"}}}},"required":["y"]}]}`),
			[]string{`{"x":{"y":{"t":"p","n":"5"}}}`, `{"x":{"y":{"t":"p","n":5}}}`}},
		{"g-with-holder-anyof", wrapX(`{"type":"object","allOf":[{"anyOf":[{"properties":{"n":{"type":"string"}}},{"properties":{"z":{}}}]}],"oneOf":[` + kindBranch("a", `,"n":{"type":"integer"}`) + `,` + kindBranch("b", ``) + `]}`),
			[]string{`{"x":{"kind":"a","n":"5"}}`}},
	})
}

// TestDeriveGuardsRecursion: guarded unions beside, inside and around recursion (the arguments' own and a definition's), each judged by unionSound (cases of the second review of the guards).
func TestDeriveGuardsRecursion(t *testing.T) {
	g := `{"oneOf":[` + kindBranch("a", `,"n":{"type":"integer"}`) + `,` + kindBranch("b", ``) + `,{"type":"string"}]}`
	unionSound(t, []unionCase{
		{"root-rec", `{"type":"object","properties":{"x":` + g + `,"sub":{"$ref":"#"}}}`,
			[]string{`{"sub":{"x":{"kind":"b","n":"5"}}}`, `{"sub":{"x":{"kind":"a","n":"5"}}}`, `{"sub":{"sub":{"x":"{\"kind\":\"a\",\"n\":\"5\"}"}}}`, `{"x":"{\"kind\":\"a\",\"n\":\"5\"}"}`}},
		{"root-rec-arr", `{"type":"object","properties":{"x":` + g + `,"sub":{"type":"array","items":{"$ref":"#"}}}}`,
			[]string{`{"sub":[{"x":{"kind":"b","n":"5"}}]}`, `{"sub":[{"x":{"kind":"a","n":"5"}}]}`}},
		{"def-rec", `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{"T":{"type":"object","properties":{"x":` + g + `,"kids":{"type":"array","items":{"$ref":"#/$defs/T"}}}}}}`,
			[]string{`{"t":{"kids":[{"x":{"kind":"b","n":"5"}}]}}`, `{"t":{"kids":[{"x":{"kind":"a","n":"5"}}]}}`, `{"t":{"kids":[{"x":"{\"kind\":\"a\",\"n\":\"5\"}"}]}}`}},
		// the union at the root of the recursion
		{"root-in-branch", `{"type":"object","properties":{"x":{"oneOf":[` + kindBranch("a", `,"n":{"type":"integer"},"r":{"$ref":"#"}`) + `,` + kindBranch("b", ``) + `]}}}`,
			[]string{`{"x":{"kind":"b","r":{"x":{"kind":"a","n":"5"}}}}`, `{"x":{"kind":"a","r":{"x":{"kind":"a","n":"5"}}}}`}},
		{"root-holder-props", `{"type":"object","properties":{"x":{"type":"object","properties":{"r":{"$ref":"#"}},"oneOf":[` + kindBranch("a", `,"n":{"type":"integer"}`) + `,` + kindBranch("b", ``) + `]}}}`,
			[]string{`{"x":{"kind":"b","n":"5","r":{"x":{"kind":"a","n":"5"}}}}`}},
	})
}

// TestDeriveGuardsUnionOfUnions: unions of guarded unions, whose discriminators the outer union does not tell apart, each judged by unionSound (cases of the second review of the guards).
func TestDeriveGuardsUnionOfUnions(t *testing.T) {
	inA := `{"anyOf":[{"type":"object","properties":{"t":{"const":"p"},"n":{"type":"integer"}},"required":["t"]},{"type":"object","properties":{"t":{"const":"q"}},"required":["t"]}]}`
	inB := `{"anyOf":[{"type":"object","properties":{"t":{"const":"p"},"m":{"type":"integer"}},"required":["t"]},{"type":"object","properties":{"t":{"const":"q"},"n":{"type":"string"}},"required":["t"]}]}`
	unionSound(t, []unionCase{
		{"uu-direct", wrapX(`{"anyOf":[{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind"],"anyOf":` + inA[len(`{"anyOf":`):len(inA)-1] + `},{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"],"anyOf":` + inB[len(`{"anyOf":`):len(inB)-1] + `}]}`),
			[]string{`{"x":{"kind":"a","t":"p","n":"5"}}`, `{"x":{"kind":"a","t":"q","n":"5"}}`, `{"x":{"kind":"b","t":"q","n":"5"}}`, `{"x":{"kind":"b","t":"p","n":"5","m":"6"}}`}},
		{"uu-bare", wrapX(`{"anyOf":[` + inA + `,` + inB + `]}`),
			[]string{`{"x":{"t":"p","n":"5"}}`, `{"x":{"t":"q","n":"5"}}`, `{"x":{"t":"p","m":"5"}}`}},
		{"uu-oneof-bare", wrapX(`{"oneOf":[` + inA + `,{"type":"object","properties":{"t":{"const":"r"},"n":{"type":"boolean"}},"required":["t"]}]}`),
			[]string{`{"x":{"t":"p","n":"5"}}`, `{"x":{"t":"q","n":"5"}}`, `{"x":{"t":"r","n":"true"}}`, `{"x":{"t":"q","n":"true"}}`}},
	})
}

// TestDeriveGuardsPastKeptRefs: a union whose branches hold a reference
// to a recursive definition that is itself a union of types, objects
// beside every string (CWL's types: a record's fields hold a type
// again), is told apart by its discriminator as any other, at every
// depth: the definition's sites take a string as it is (their steps
// are "!"), and the rules below each branch go past its guard, in the
// group the sites' steps repeat (a reference to an object definition,
// which may be such a site, still gives no guard:
// TestDeriveTextAcrossBranches's tree).
func TestDeriveGuardsPastKeptRefs(t *testing.T) {
	cwl := `{"type":"object","properties":{"t":{"$ref":"#/definitions/U"}},"definitions":{
		"U":{"anyOf":[{"type":"string"},{"$ref":"#/definitions/R"},{"$ref":"#/definitions/E"}]},
		"R":{"type":"object","required":["type"],"properties":{"type":{"type":"string","enum":["record"]},"fields":{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer"},"type":{"$ref":"#/definitions/U"}}}}}},
		"E":{"type":"object","required":["type","symbols"],"properties":{"type":{"type":"string","enum":["enum"]},"symbols":{"type":"array","items":{"type":"string"}},"n":{"type":"boolean"}}}}}`
	d, _ := deriveNormalizer(t, "cwl", cwl)
	const group = `["t"]!(<"type"="record">.fields[]["type"]!)*`
	for _, want := range []string{group + `<"type"="record">.fields[].n`, group + `<"type"="enum">.symbols`, group + `<"type"="enum">.n`} {
		if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Path == want }) {
			t.Errorf("cwl: no rule at %s; warnings %s", want, warnings(d))
		}
	}
	unionSound(t, []unionCase{
		{"cwl", cwl, []string{`{"t":{"type":"record","fields":[{"n":"5"}]}}`, `{"t":{"type":"record","fields":"[{\"n\":\"5\"}]"}}`,
			`{"t":{"type":"enum","symbols":"[\"a\"]","n":"true"}}`, `{"t":{"type":"enum","symbols":["a"],"fields":"[{\"n\":\"5\"}]"}}`,
			`{"t":{"type":"record","fields":[{"type":{"type":"record","fields":[{"n":"5"}]}}]}}`, `{"t":"record"}`,
			`{"t":{"type":"record","fields":[{"type":"{\"type\":\"record\",\"fields\":[{\"n\":\"5\"}]}"}]}}`,
			`{"t":{"type":"record","fields":[{"type":{"type":"enum","symbols":"[\"a\"]","n":"no"}}]}}`, `{"t":{"type":"record","n":"true","symbols":"[1]"}}`}},
	})
}

// TestDeriveTextAcrossBranches: where the branches of a union hold one
// key to a string in one and to an array or object in another, a rule
// below that key never reads the string as JSON text (its step is "!"):
// a call the server takes through the string's branch keeps its string.
// Here the rules below a recursive definition's copy, which repeat past
// no guard (the union holds the definition's reference), read
// {"type":"enum","fields":"[{\"n\":\"5\"}]"} as the record's fields.
func TestDeriveTextAcrossBranches(t *testing.T) {
	tree := `{"type":"object","properties":{"t":{"$ref":"#/definitions/U"}},"definitions":{
		"U":{"anyOf":[{"$ref":"#/definitions/R"},{"$ref":"#/definitions/E"}]},
		"R":{"type":"object","required":["type"],"properties":{"type":{"type":"string","enum":["record"]},"fields":{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer"},"sub":{"$ref":"#/definitions/R"}}}}}},
		"E":{"type":"object","required":["type"],"properties":{"type":{"type":"string","enum":["enum"]},"fields":{"type":"string"}}}}}`
	open := `{"type":"object","properties":{"t":{"anyOf":[
		{"type":"object","properties":{"fields":{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer"},"sub":{"$ref":"#/properties/t/anyOf/0"}}}}}},
		{"type":"object","properties":{"fields":{"type":"string"}}}]}}}`
	unionSound(t, []unionCase{
		{"tree", tree, []string{`{"t":{"type":"record","fields":[{"n":"5","sub":{"type":"record","fields":[{"n":"6"}]}}]}}`,
			`{"t":{"type":"enum","fields":"[{\"n\":\"5\"}]"}}`, `{"t":{"type":"record","fields":"[{\"n\":\"5\"}]"}}`,
			`{"t":{"type":"record","fields":[{"sub":{"type":"record","fields":"[{\"n\":\"5\"}]"}}]}}`}},
		{"open", open, []string{`{"t":{"fields":"[{\"n\":\"5\"}]"}}`, `{"t":{"fields":[{"n":"5"}]}}`, `{"t":{"fields":[{"sub":{"fields":"[{\"n\":\"5\"}]"}}]}}`}},
	})
}

// TestDeriveTextAcrossPlaces: a string the strict schema takes at one
// place while another schema holds an array or object there (a pattern's
// or additionalProperties' values, a root's branches, array items,
// prefixItems, a then and an else, a typeless or true branch, allOfs, a
// nested union, a type array, deeper members) is never read as JSON text
// on a rule's way, each judged by unionSound (the fourth review's cases).
func TestDeriveTextAcrossPlaces(t *testing.T) {
	arrInt := `{"type":"array","items":{"type":"integer"}}`
	unionSound(t, []unionCase{
		{"pp-vs-prop", wrapX(`{"anyOf":[{"type":"object","patternProperties":{"^f":` + arrInt + `}},{"type":"object","properties":{"fs":{"type":"string"}}}]}`),
			[]string{`{"x":{"fs":"[\"5\"]"}}`, `{"x":{"fs":["5"]}}`}},
		{"prop-vs-pp", wrapX(`{"anyOf":[{"type":"object","properties":{"fs":` + arrInt + `}},{"type":"object","patternProperties":{"^f":{"type":"string"}}}]}`),
			[]string{`{"x":{"fs":"[\"5\"]"}}`, `{"x":{"fs":["5"]}}`}},
		{"ap-vs-prop", wrapX(`{"anyOf":[{"type":"object","additionalProperties":` + arrInt + `},{"type":"object","properties":{"fs":{"type":"string"}}}]}`),
			[]string{`{"x":{"fs":"[\"5\"]"}}`, `{"x":{"fs":["5"]}}`}},
		{"prop-vs-ap", wrapX(`{"anyOf":[{"type":"object","properties":{"fs":` + arrInt + `}},{"type":"object","additionalProperties":{"type":"string"}}]}`),
			[]string{`{"x":{"fs":"[\"5\"]"}}`, `{"x":{"fs":["5"]}}`}},
		{"root-pp-vs-prop", `{"type":"object","anyOf":[{"patternProperties":{"^f":` + arrInt + `}},{"properties":{"fs":{"type":"string"}}}]}`,
			[]string{`{"fs":"[\"5\"]"}`, `{"fs":["5"]}`}},
		{"root-ap-vs-prop", `{"type":"object","anyOf":[{"additionalProperties":` + arrInt + `},{"properties":{"fs":{"type":"string"}}}]}`,
			[]string{`{"fs":"[\"5\"]"}`, `{"fs":["5"]}`}},
		{"root-prop-vs-ap", `{"type":"object","anyOf":[{"properties":{"fs":` + arrInt + `}},{"additionalProperties":{"type":"string"}}]}`,
			[]string{`{"fs":"[\"5\"]"}`, `{"fs":["5"]}`}},
		{"items-vs-items", wrapX(`{"anyOf":[{"type":"array","items":` + arrInt + `},{"type":"array","items":{"type":"string"}}]}`),
			[]string{`{"x":["[\"5\"]"]}`, `{"x":[["5"]]}`}},
		{"prefix-vs-items", wrapX(`{"anyOf":[{"type":"array","items":` + arrInt + `},{"type":"array","prefixItems":[{"type":"string"}]}]}`),
			[]string{`{"x":["[\"5\"]"]}`, `{"x":[["5"]]}`}},
		{"root-ifthen", `{"type":"object","properties":{"k":{"type":"string"}},"if":{"properties":{"k":{"const":"a"}},"required":["k"]},"then":{"properties":{"fs":` + arrInt + `}},"else":{"properties":{"fs":{"type":"string"}}}}`,
			[]string{`{"fs":"[\"5\"]"}`, `{"k":"a","fs":"[\"5\"]"}`, `{"k":"a","fs":["5"]}`}},
		{"x-ifthen", wrapX(`{"type":"object","properties":{"k":{"type":"string"}},"if":{"properties":{"k":{"const":"a"}},"required":["k"]},"then":{"properties":{"fs":` + arrInt + `}},"else":{"properties":{"fs":{"type":"string"}}}}`),
			[]string{`{"x":{"fs":"[\"5\"]"}}`, `{"x":{"k":"a","fs":"[\"5\"]"}}`}},
		{"typeless-branch", wrapX(`{"anyOf":[{"type":"object","properties":{"fs":` + arrInt + `}},{"properties":{"fs":{"type":"string"}}}]}`),
			[]string{`{"x":{"fs":"[\"5\"]"}}`}},
		{"true-prop", wrapX(`{"anyOf":[{"type":"object","properties":{"fs":` + arrInt + `}},{"type":"object","properties":{"fs":true}}]}`),
			[]string{`{"x":{"fs":"[\"5\"]"}}`}},
		{"allof-in-branch", wrapX(`{"anyOf":[{"allOf":[{"type":"object"},{"properties":{"fs":` + arrInt + `}}]},{"allOf":[{"type":"object"},{"properties":{"fs":{"type":"string"}}}]}]}`),
			[]string{`{"x":{"fs":"[\"5\"]"}}`}},
		{"nested-union", wrapX(`{"anyOf":[{"type":"object","properties":{"o":{"type":"object","properties":{"fs":` + arrInt + `}}}},{"type":"object","properties":{"o":{"anyOf":[{"type":"object","properties":{"fs":{"type":"string"}}},{"type":"null"}]}}}]}`),
			[]string{`{"x":{"o":{"fs":"[\"5\"]"}}}`}},
		{"typearr", wrapX(`{"anyOf":[{"type":"object","properties":{"fs":` + arrInt + `}},{"type":"object","properties":{"fs":{"type":["string","null"]}}}]}`),
			[]string{`{"x":{"fs":"[\"5\"]"}}`}},
		{"deeper-str", wrapX(`{"anyOf":[{"type":"object","properties":{"o":{"type":"object","properties":{"fs":` + arrInt + `}}}},{"type":"object","properties":{"o":{"type":"string"}}}]}`),
			[]string{`{"x":{"o":"{\"fs\":[\"5\"]}"}}`, `{"x":{"o":"{\"fs\":\"[\\\"5\\\"]\"}"}}`}},
		{"obj-vs-str-inner", wrapX(`{"anyOf":[{"type":"object","properties":{"o":{"type":"object","properties":{"n":{"type":"integer"}}}}},{"type":"object","properties":{"o":{"type":"string"}}}]}`),
			[]string{`{"x":{"o":"{\"n\":\"5\"}"}}`}},
	})
}
