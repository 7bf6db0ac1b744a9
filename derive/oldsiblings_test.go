package derive

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// oldSiblings is a draft-04 document whose references stand beside
// keywords that draft ignores and AJV and later drafts apply (GOV.UK's
// content schemas' {"$ref": "#/definitions/links", "maxItems": 1};
// Swagger-generated {"$ref": ..., "type": "object"} beside a definition
// that names no type): siblings that hold the value's own shape alone
// (its type, its length or count), which no rule below it changes.
const oldSiblings = `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{` +
	`"parent":{"$ref":"#/definitions/links","maxItems":1,"description":"the parent"},` +
	`"period":{"$ref":"#/definitions/period","type":"object"},` +
	`"named":{"$ref":"#/definitions/named","minLength":2},` +
	`"tagged":{"$ref":"#/definitions/period","enum":[{"from":1}]},` +
	`"counted":{"$ref":"#/definitions/period","maxProperties":1},` +
	`"either":{"type":["string","object"],"$ref":"#/definitions/named"}},` +
	`"definitions":{"links":{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"},"live":{"type":"boolean"}},"additionalProperties":false}},` +
	`"period":{"properties":{"from":{"type":"integer"},"to":{"type":"integer"}}},` +
	`"named":{"type":"object","properties":{"n":{"type":"number"}}}}}`

// TestDeriveOldDraftShapeSiblings: a reference whose siblings a draft-07
// (or earlier) validator ignores, where those siblings hold the value's
// own shape alone, keeps them beside a reference to its target's lenient
// form: its members and elements get their rules, read alike whether the
// siblings apply or not, and the value itself gets no form of its own
// (its JSON text could be taken by the target alone, as a string, where
// the siblings are ignored), but where that target is an array or an
// object of one type. A sibling that compares the whole value
// (enum) or counts members a rule may take out (maxProperties) leaves it
// strict, with the warning it had.
func TestDeriveOldDraftShapeSiblings(t *testing.T) {
	tc := unionCase{"old-siblings", oldSiblings, []string{
		`{"parent":[{"id":"5","live":"yes"}]}`,
		`{"parent":[{"id":"5"},{"id":6}]}`,
		`{"parent":["{\"id\":7}"]}`,
		`{"parent":"[{\"id\":7}]"}`,
		`{"period":{"from":"1","to":"2"}}`,
		`{"period":"{\"from\":1}"}`,
		`{"period":[1]}`,
		`{"named":{"n":"1.5"}}`,
		`{"tagged":{"from":"1"}}`,
		`{"counted":{"from":"1"}}`,
		`{"counted":{"from":"1","to":""}}`,
		`{"either":"{\"n\":\"2\"}"}`,
		`{"either":{"n":"2"}}`,
	}}
	bothReadings(t, []unionCase{tc})
	d, _ := deriveNormalizer(t, tc.name, tc.schema)
	kinds := ruleKinds(d)
	for _, want := range []string{"type_coerce:parent[].id", "type_coerce:parent[].live", "json_accept_both:parent[]", "type_coerce:period.from", "type_coerce:named.n", "json_accept_both:parent", "json_accept_both:either", "type_coerce:either.n"} {
		if !slices.Contains(kinds, want) {
			t.Errorf("no rule %s: rules %v, warnings %s", want, kinds, warnings(d))
		}
	}
	for _, not := range []string{"json_accept_both:period", "type_coerce:tagged.from", "type_coerce:counted.from"} {
		if slices.Contains(kinds, not) {
			t.Errorf("a rule %s: rules %v", not, kinds)
		}
	}
	props := d.Schema.Get("properties")
	if got := string(props.Get("parent").Marshal()); !strings.Contains(got, `"$ref":"#/definitions/lenient.links"`) || !strings.Contains(got, `"maxItems":1`) {
		t.Errorf("parent is %s: want its siblings beside a reference to lenient.links", got)
	}
	if got := string(props.Get("period").Marshal()); !strings.Contains(got, `"$ref":"#/definitions/lenient.period"`) || !strings.Contains(got, `"type":"object"`) {
		t.Errorf("period is %s: want its type beside a reference to lenient.period", got)
	}
	for _, p := range []string{"tagged", "counted"} {
		if !strings.Contains(warnings(d), p+": value left strict: "+whyOldDraft) {
			t.Errorf("no warning that %s is left strict: %s", p, warnings(d))
		}
	}
	// (its own JSON text unread, period says so: never a silent gap)
	if !strings.Contains(warnings(d), "period: object left strict: "+whyOldDraft+": the values below it are read") {
		t.Errorf("no warning that period's own JSON text is not read: %s", warnings(d))
	}
}

// bothReadings judges each case as unionSound does, under both readings
// of a $ref's siblings: ignored (the document's own draft, Go's
// validator) and applied (its $schema taken out, so read as 2020-12, by
// Go's validator and by AJV, which compiles no draft-04 document).
func bothReadings(t *testing.T, cases []unionCase) {
	t.Helper()
	unionSound(t, cases)
	for _, tc := range cases {
		d, n := deriveNormalizer(t, tc.name, tc.schema)
		// (the rules the document's own draft gives, judged against its
		// strict schema and its rewrite, both with their siblings applied)
		strict := compileDerived(t, tc.name+"-applied", []byte(noSchemaKey(tc.schema)))
		rewrite := compileDerived(t, tc.name+"-applied-lenient", []byte(noSchemaKey(string(d.Schema.Marshal()))))
		for _, call := range tc.calls {
			out, _, err := n.NormalizeJSON(tc.name, []byte(call))
			if validDerived(strict, []byte(call)) && (err != nil || string(out) != call) {
				t.Errorf("UNSOUND %s (siblings applied): strict-valid %s became %s (err %v)", tc.name, call, out, err)
				continue
			}
			if lv, after := validDerived(rewrite, []byte(call)), err == nil && validDerived(strict, out); lv != after {
				t.Errorf("MISMATCH %s (siblings applied): %s lenient=%v, rules+strict=%v (out %s)\n rewrite %s", tc.name, call, lv, after, out, d.Schema.Marshal())
			}
		}
	}
	ajvApplied(t, cases)
}

// noSchemaKey takes the $schema out of the JSON document text.
func noSchemaKey(text string) string {
	return regexp.MustCompile(`"\$schema":"[^"]*",?`).ReplaceAllString(text, "")
}

// ajvApplied is ajvSound for documents of draft-07 or earlier: the rules
// are the document's own, the strict schema and the rewrite are given to
// AJV without their $schema (siblings applied).
func ajvApplied(t *testing.T, cases []unionCase) {
	t.Helper()
	// (AJV's strict mode refuses GOV.UK's maxItems beside no type: a
	// host lists no such tool, with or without the rewrite)
	ajvJudge(t, cases, ajvOptions{schema: noSchemaKey, ownRefused: true})
}

// oldDoc is a draft-04 arguments object of the properties and
// definitions given.
func oldDoc(props, defs string) string {
	return `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{` + props + `},"definitions":{` + defs + `}}`
}

// TestDeriveOldDraftSiblingsRecursive: a reference with shape-only
// siblings inside a recursive definition's copy (its target holds a
// site of that definition) names a lenient form written as the
// definition's frame leaves it: where the frame is given up (a site of
// an enclosing recursion inside, more steps than maxRecursionSteps), the
// sites inside are strict again, and the form takes no JSON text there
// that no rule reads; where it closes, they name its lenient form, so
// the rewrite takes what the rules read at every depth. A type beside
// the reference that takes no value of its target's type gives the
// value no JSON text form (no value of it is taken where the siblings
// apply). Review of bc5222a and e5d98a2.
func TestDeriveOldDraftSiblingsRecursive(t *testing.T) {
	many := ""
	for i := range maxRecursionSteps + 1 {
		many += fmt.Sprintf(`,"l%d":{"$ref":"#/definitions/RL","type":"array","maxItems":2}`, i)
	}
	bothReadings(t, []unionCase{
		{"siblings-frame-given-up", oldDoc(`"x":{"$ref":"#/definitions/A"}`,
			`"A":{"type":"object","properties":{"b":{"$ref":"#/definitions/B"}}},`+
				`"B":{"type":"object","properties":{"m":{"type":"integer"},"l":{"$ref":"#/definitions/BL","type":"array","maxItems":2},"z":{"$ref":"#/definitions/A"}}},`+
				`"BL":{"type":"array","items":{"$ref":"#/definitions/B"}}`),
			[]string{`{"x":{"b":{"l":["{\"m\":1}"]}}}`, `{"x":{"b":{"m":"5","l":[{"m":"6"}]}}}`, `{"x":{"b":{"l":[{"m":1}]}}}`}},
		{"siblings-frame-bound", oldDoc(`"x":{"$ref":"#/definitions/R"}`,
			`"R":{"type":"object","properties":{"n":{"type":"integer"}`+many+`}},"RL":{"type":"array","items":{"$ref":"#/definitions/R"}}`),
			[]string{`{"x":{"l0":["{\"n\":1}"]}}`, `{"x":{"n":"5","l0":[{"n":"6"}]}}`, `{"x":{"l0":[{"n":1}]}}`}},
		{"siblings-frame-closed", oldDoc(`"x":{"$ref":"#/definitions/R"}`,
			`"R":{"type":"object","properties":{"n":{"type":"integer"},"list":{"$ref":"#/definitions/RL","type":"array","maxItems":2}}},"RL":{"type":"array","items":{"$ref":"#/definitions/R"}}`),
			[]string{`{"x":{"list":[{"n":"5","list":[{"n":"6"}]}]}}`, `{"x":{"list":["{\"n\":1}"]}}`, `{"x":{"list":[{},{},{}]}}`}},
		{"siblings-other-type", oldDoc(`"x":{"$ref":"#/definitions/O","type":"string"},"y":{"$ref":"#/definitions/O","type":"array"}`,
			`"O":{"type":"object","properties":{"n":{"type":"integer"}}}`),
			[]string{`{"x":"{\"n\":5}"}`, `{"y":"{\"n\":5}"}`, `{"x":{"n":"5"}}`}},
	})
}

// TestDeriveOldDraftSiblingsInBranch: a member of a union's branch that
// is a reference beside siblings its draft ignores stands for a value
// its target alone reads (any, for an empty target), not for the type
// beside it: another branch declaring the member as an integer gets no
// rule there, which would coerce the text the first branch takes as it
// is. (FuzzDeriveEquivalentShapes found it, under a recursive union: a
// type_coerce rule at a.a changed {"a": {"a": "27"}}.)
func TestDeriveOldDraftSiblingsInBranch(t *testing.T) {
	union := func(a string) string {
		return `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{` + a + `},"definitions":{` +
			`"D0":{"anyOf":[{"type":"object","properties":{"a":{"type":"integer","$ref":"#/definitions/D1"},"next":{"$ref":"#/definitions/D0"}}},{"type":"object","properties":{"a":{"type":"integer"}}}]},` +
			`"D1":{},"L":{"type":"array","items":{"type":"integer"}}}}`
	}
	calls := []string{`{"a":{"a":"27"}}`, `{"a":{"a":27}}`, `{"a":{"a":"x"}}`, `{"a":{"next":{"a":"27"}}}`}
	cases := []unionCase{
		{"beside-type", union(`"a":{"type":"object","$ref":"#/definitions/D0"}`), calls},
		{"ref", union(`"a":{"$ref":"#/definitions/D0"}`), calls},
		{"array-target", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"a":{"anyOf":[` +
			`{"type":"object","properties":{"a":{"$ref":"#/definitions/L","maxItems":2}}},{"type":"object","properties":{"a":{"type":"string"}}}]}},` +
			`"definitions":{"L":{"type":"array","items":{"type":"integer"}}}}`,
			[]string{`{"a":{"a":"[1]"}}`, `{"a":{"a":["1"]}}`, `{"a":{"a":"x"}}`}},
	}
	bothReadings(t, cases)
	for _, tc := range cases[:2] {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		if kinds := ruleKinds(d); slices.Contains(kinds, "type_coerce:a.a") {
			t.Errorf("%s: a rule coerces a.a, which a branch takes as its empty target does: %v", tc.name, kinds)
		}
	}
}
