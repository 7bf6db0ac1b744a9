package derive

import (
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
	unionSound(t, []unionCase{tc})
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
}
