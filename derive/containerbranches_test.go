package derive

import (
	"slices"
	"strings"
	"testing"
)

// TestDeriveContainerBranches: a union whose branches take arrays and
// objects alone though some name no type of their own (an allOf of a
// reference and what it adds, WashingtonPost's "section or reference to
// one"; a union inside a union; a $ref its old draft reads alone) reads
// its JSON text: no branch takes a string. A branch that may take a
// string (typeless, an enum of strings, a type array naming string)
// keeps the union strict (ajvSound leaves out the typeless one, which
// AJV's strict types refuse).
func TestDeriveContainerBranches(t *testing.T) {
	defs := `"definitions":{"ref":{"type":"object","additionalProperties":false,"properties":{"id":{"type":"string"},"n":{"type":"integer"}},"required":["id"]},` +
		`"sec":{"type":"object","properties":{"name":{"type":"string"},"n":{"type":"integer"}},"required":["name"]}}`
	doc := func(x string) string {
		return `{"type":"object","properties":{"x":` + x + `},` + defs + `}`
	}
	// (JSON text the rewrite takes as a string, whose value the strict
	// schema then judges: a text it refuses is refused after, as any
	// JSON text is, so the calls send texts of values it takes)
	calls := []string{`{"x":{"name":"a"}}`, `{"x":{"id":"i","n":2}}`, `{"x":"{\"name\":\"a\"}"}`,
		`{"x":[1]}`, `{"x":null}`, `{"x":{"name":"a","n":"2"}}`, `{"x":5}`}
	read := []unionCase{
		{"wp-section", doc(`{"oneOf":[{"$ref":"#/definitions/sec"},{"allOf":[{"$ref":"#/definitions/ref"},{"type":"object","properties":{"id":{"enum":["i"]}}}]}]}`), append(calls, `{"x":"{\"name\":\"a\",\"n\":\"2\"}"}`)},
		{"nested-union", doc(`{"anyOf":[{"oneOf":[{"$ref":"#/definitions/sec"},{"$ref":"#/definitions/ref"}]},{"type":"array","items":{"type":"integer"}}]}`), calls},
		{"allof-deep", doc(`{"oneOf":[{"$ref":"#/definitions/sec"},{"allOf":[{"allOf":[{"type":"object"}]},{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}]}]}`), calls},
		{"with-null", doc(`{"anyOf":[{"allOf":[{"$ref":"#/definitions/sec"}]},{"type":"null"}]}`), calls},
	}
	keep := []unionCase{
		{"typeless-allof", doc(`{"oneOf":[{"$ref":"#/definitions/sec"},{"allOf":[{"properties":{"id":{"type":"string"}}},{"required":["id"]}]}]}`), append(calls, `{"x":"a"}`)},
		{"type-array", doc(`{"anyOf":[{"$ref":"#/definitions/sec"},{"allOf":[{"type":["object","string"]}]}]}`), calls},
		{"nested-string", doc(`{"anyOf":[{"$ref":"#/definitions/sec"},{"oneOf":[{"$ref":"#/definitions/ref"},{"type":"string","pattern":"^x"}]}]}`), append(calls, `{"x":"xy"}`)},
	}
	for _, tc := range read {
		if d, _ := deriveNormalizer(t, tc.name, tc.schema); !slices.Contains(ruleKinds(d), "json_accept_both:x") {
			t.Errorf("%s: its JSON text is not read: rules %v, warnings %s", tc.name, ruleKinds(d), warnings(d))
		}
	}
	for _, tc := range keep {
		if d, _ := deriveNormalizer(t, tc.name, tc.schema); slices.Contains(ruleKinds(d), "json_accept_both:x") {
			t.Errorf("%s: a union a branch of which may take a string reads JSON text: rules %v", tc.name, ruleKinds(d))
		}
	}
	all := slices.Concat(read, keep)
	unionSound(t, all)
	ajvSound(t, slices.Concat(read, keep[1:]))

	// A draft-07 $ref beside a type: its draft reads the target alone,
	// AJV both; neither takes a string where the target takes none, and
	// the sibling type says nothing of what the draft reads.
	d7 := func(target string) string {
		return `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"oneOf":[{"$ref":"#/definitions/sec"},{"allOf":[{"$ref":"#/definitions/t","type":"object"}]}]}},` +
			strings.Replace(defs, `"sec"`, `"t":`+target+`,"sec"`, 1) + `}`
	}
	old := []unionCase{{"d7-object", d7(`{"type":"object","required":["id"]}`), calls}, {"d7-typeless", d7(`{"required":["id"]}`), calls}}
	if d, _ := deriveNormalizer(t, old[0].name, old[0].schema); !slices.Contains(ruleKinds(d), "json_accept_both:x") {
		t.Errorf("d7-object: its JSON text is not read: rules %v, warnings %s", ruleKinds(d), warnings(d))
	}
	if d, _ := deriveNormalizer(t, old[1].name, old[1].schema); slices.Contains(ruleKinds(d), "json_accept_both:x") {
		t.Errorf("d7-typeless: the sibling type read where the draft reads the target alone: rules %v", ruleKinds(d))
	}
	unionSound(t, old)
}

// TestDeriveScalarBesideTypedBranches: a oneOf of a number (or boolean)
// and branches that name no type of their own but take objects alone
// (Vega's number or signal; a boolean or an allOf of objects) is one no
// value matches two branches of: it is read as an anyOf, the scalar's
// string form and the objects' JSON text each by its own rule.
func TestDeriveScalarBesideTypedBranches(t *testing.T) {
	defs := `"definitions":{"signal":{"type":"object","properties":{"signal":{"type":"string"}},"required":["signal"]}}`
	doc := func(x string) string {
		return `{"type":"object","properties":{"x":` + x + `},` + defs + `}`
	}
	// (a string that is neither form is taken by the rewrite's string
	// branch and refused after, as beside any JSON text: not sent)
	calls := []string{`{"x":{"signal":"s"}}`, `{"x":"{\"signal\":\"s\"}"}`, `{"x":[]}`, `{"x":null}`}
	cases := []unionCase{
		{"vega-number", doc(`{"oneOf":[{"type":"number"},{"oneOf":[{"$ref":"#/definitions/signal"},{"type":"object","properties":{"expr":{"type":"string"}},"required":["expr"],"additionalProperties":false}]}]}`), append(calls, `{"x":2.5}`, `{"x":"2.5"}`, `{"x":true}`)},
		{"boolean-allof", doc(`{"oneOf":[{"allOf":[{"$ref":"#/definitions/signal"}]},{"type":["boolean","null"]}]}`), append(calls, `{"x":true}`, `{"x":"true"}`, `{"x":2.5}`)},
		// (a branch that takes objects or null: null is the union's, as
		// a branch of its own would be; found by review)
		{"integer-object-or-null", doc(`{"anyOf":[{"allOf":[{"type":["object","null"],"required":["signal"],"properties":{"signal":{"type":"string"}}}]},{"type":"integer"}]}`), append(calls, `{"x":2}`, `{"x":"2"}`, `{"x":"null"}`)},
	}
	want := [][]string{{"type_coerce:x", "json_accept_both:x"}, {"type_coerce:x", "json_accept_both:x"}, {"type_coerce:x", "json_accept_both:x"}}
	for i, tc := range cases {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		for _, w := range want[i] {
			if !slices.Contains(ruleKinds(d), w) {
				t.Errorf("%s: no %s rule: rules %v, warnings %s", tc.name, w, ruleKinds(d), warnings(d))
			}
		}
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}

// TestDeriveKindsReview: what a review of takenKinds found. A $ref inside
// a schema that sets a base URI resolves against it, not the document;
// draft-07 reads a $ref beside required or additionalProperties alone,
// so those siblings tell no object branches apart; OpenAPI's nullable
// beside a type takes null in AJV (a typed branch's too: branchTypes).
// Each failed before its fix.
func TestDeriveKindsReview(t *testing.T) {
	calls := []string{`{"x":"[1]"}`, `{"x":"{}"}`, `{"x":[1]}`, `{"x":{}}`}
	d7 := `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"x":{"oneOf":[`
	ajv := []unionCase{
		{"id-allof", `{"type":"object","properties":{"x":{"anyOf":[{"$id":"http://example.com/b","$defs":{"t":{"type":"string"}},"allOf":[{"$ref":"#/$defs/t"}]},{"type":"array"}]}},` +
			`"$defs":{"t":{"type":"object"}}}`, calls},
		{"id-via-ref", `{"type":"object","properties":{"x":{"anyOf":[{"allOf":[{"$ref":"#/$defs/w"}]},{"type":"array"}]}},` +
			`"$defs":{"t":{"type":"object"},"w":{"allOf":[{"$id":"http://example.com/b","$defs":{"t":{"type":"string"}},"allOf":[{"$ref":"#/$defs/t"}]}]}}}`, calls},
		{"id-scalar", `{"type":"object","properties":{"x":{"oneOf":[{"type":"number"},{"$id":"http://example.com/b","$defs":{"t":{"type":"string"}},"allOf":[{"$ref":"#/$defs/t"}]}]}},` +
			`"$defs":{"t":{"type":"object"}}}`, []string{`{"x":"2.5"}`, `{"x":2.5}`, `{"x":"[1]"}`}},
		{"nullable-kept", wrapX(`{"oneOf":[{"allOf":[{"type":"object","nullable":true,"anyOf":[{"minProperties":1},{"maxProperties":0}]}]},{"type":"null"}]}`), []string{`{"x":null}`, `{"x":{"a":1}}`, `{"x":{}}`}},
		{"nullable-kept-bare", wrapX(`{"oneOf":[{"type":"object","nullable":true,"anyOf":[{"minProperties":1},{"maxProperties":0}]},{"type":"null"}]}`), []string{`{"x":null}`, `{"x":{"a":1}}`, `{"x":{}}`}},
	}
	// (AJV's 2020-12 build compiles no draft-07 document)
	goOnly := []unionCase{
		{"d7-closed-a", d7 + `{"$ref":"#/definitions/o","type":"object","additionalProperties":false,"properties":{"p":{}}},{"type":"object","required":["q"]}]}},"definitions":{"o":{"type":"object"}}}`,
			[]string{`{"x":{"q":1}}`, `{"x":{"p":1}}`, `{"x":{}}`}},
		{"d7-closed-b", d7 + `{"type":"object","additionalProperties":false,"properties":{"p":{}}},{"$ref":"#/definitions/o","type":"object","required":["q"]}]}},"definitions":{"o":{"type":"object"}}}`,
			[]string{`{"x":{"q":1}}`, `{"x":{"p":1}}`, `{"x":{}}`}},
	}
	unionSound(t, slices.Concat(ajv, goOnly))
	ajvSound(t, ajv)
}

// TestDeriveScalarBesideNullUnion: a union of one scalar type and null
// (JSCS's rules: {"type": ["boolean", "null"], "oneOf": [{"type":
// "boolean"}, {"$ref": "#/definitions/nullRule"}]}, read as an anyOf)
// reads the scalar's string form, and "null" as null, as a type array of
// the two does; it was left strict.
func TestDeriveScalarBesideNullUnion(t *testing.T) {
	doc := func(x string) string {
		return `{"type":"object","properties":{"x":` + x + `},"definitions":{"nullRule":{"description":"removes the rule","type":"null"}}}`
	}
	calls := []string{`{"x":true}`, `{"x":"true"}`, `{"x":"yes"}`, `{"x":null}`, `{"x":"null"}`, `{"x":5}`, `{"x":"5"}`, `{"x":2.5}`, `{"x":"2.5"}`, `{"x":"x"}`}
	cases := []unionCase{
		{"jscs-boolean", doc(`{"type":["boolean","null"],"oneOf":[{"type":"boolean"},{"$ref":"#/definitions/nullRule"}]}`), calls},
		{"integer-null", doc(`{"anyOf":[{"type":"integer","minimum":0},{"$ref":"#/definitions/nullRule"}]}`), calls},
		{"number-null", doc(`{"oneOf":[{"$ref":"#/definitions/nullRule"},{"type":"number"}]}`), calls},
	}
	for _, tc := range cases {
		if d, _ := deriveNormalizer(t, tc.name, tc.schema); !slices.Contains(ruleKinds(d), "type_coerce:x") || !slices.Contains(ruleKinds(d), "null_text:x") {
			t.Errorf("%s: rules %v, warnings %s", tc.name, ruleKinds(d), warnings(d))
		}
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}

// TestDeriveOneOfTakesStrings: a oneOf whose string branch takes any
// string (AppVeyor's commands: a string, or one of several objects)
// takes the JSON text of its objects as it is: nothing is left to read,
// and no warning says the deriver does not rewrite it.
func TestDeriveOneOfTakesStrings(t *testing.T) {
	schema := wrapX(`{"oneOf":[{"type":"string"},{"type":"object","properties":{"ps":{"type":"string"}},"required":["ps"]},{"type":"object","properties":{"sh":{"type":"string"}},"required":["sh"]}]}`)
	d, _ := deriveNormalizer(t, "appveyor", schema)
	if w := warnings(d); strings.Contains(w, "does not rewrite") {
		t.Errorf("warnings %s", w)
	}
	unionSound(t, []unionCase{{"appveyor", schema, []string{`{"x":"dir"}`, `{"x":"{\"ps\":\"dir\"}"}`, `{"x":{"ps":"dir"}}`, `{"x":5}`}}})
	// Where another branch may take a string too, one matching both is
	// refused: the value stays strict, with its warning (found by
	// review: it was dropped silently).
	for _, x := range []string{
		`{"oneOf":[{"type":"string"},{"not":{"type":"object"}},{"type":"object","required":["a"]}]}`,
		`{"oneOf":[{"type":"string"},{"type":"string","maxLength":100000},{"type":"object","required":["a"]}]}`,
	} {
		if d, _ := deriveNormalizer(t, "two", wrapX(x)); !strings.Contains(warnings(d), "does not rewrite its oneOf") {
			t.Errorf("%s: warnings %s", x, warnings(d))
		}
	}
}

// TestDeriveAllOfOfContainers: an allOf one of whose branches takes
// objects alone (an object beside a not, a reference beside a union of
// objects, Vega's encodings) takes no string: its JSON text is read, and
// the strict allOf judges what it holds.
func TestDeriveAllOfOfContainers(t *testing.T) {
	defs := `"definitions":{"o":{"type":"object","properties":{"n":{"type":"integer"}}},"u":{"anyOf":[{"type":"object","properties":{"a":{}},"required":["a"]},{"type":"null"}]}}`
	doc := func(x string) string { return `{"type":"object","properties":{"x":` + x + `},` + defs + `}` }
	// (JSON text the rewrite takes as a string, whose value the strict
	// schema then judges: the calls send texts of values it takes)
	calls := []string{`{"x":{"n":1}}`, `{"x":{"n":"1"}}`, `{"x":{"n":1,"y":2}}`, `{"x":null}`, `{"x":[1]}`}
	cases := []unionCase{
		{"beside-not", doc(`{"allOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"object","not":{"type":"object","properties":{"y":{}},"required":["y"]}}]}`),
			append(calls, `{"x":"{\"n\":1}"}`, `{"x":"{\"n\":\"1\"}"}`)},
		{"ref-beside-union", doc(`{"allOf":[{"$ref":"#/definitions/o"},{"$ref":"#/definitions/u"}]}`), append(calls, `{"x":{"a":1}}`, `{"x":"{\"a\":1,\"n\":\"2\"}"}`)},
	}
	for _, tc := range cases {
		if d, _ := deriveNormalizer(t, tc.name, tc.schema); !slices.Contains(ruleKinds(d), "json_accept_both:x") {
			t.Errorf("%s: its JSON text is not read: rules %v, warnings %s", tc.name, ruleKinds(d), warnings(d))
		}
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}
