package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"

	"github.com/normgen/normgen/normalize"
)

// TestDeriveVariants: from any server's schema, a property's name in
// another spelling style gets a param_alias rule where exactly one
// property has that spelling, at the top level, in nested objects and in
// array elements; the schema shows each property once (no variant is
// declared, a required property stays required).
func TestDeriveVariants(t *testing.T) {
	strict := []byte(`{"type":"object","required":["thoughtNumber","thought"],"properties":{
		"thought":{"type":"string"},
		"thoughtNumber":{"type":"integer"},
		"user_id":{"type":"string"},"userId":{"type":"string"},
		"window":{"type":"object","additionalProperties":false,"required":["start_time"],"properties":{"start_time":{"type":"string"}}},
		"labels":{"type":"object","additionalProperties":{"type":"string"},"properties":{"main_label":{"type":"string"}}},
		"either":{"anyOf":[{"type":"object","properties":{"a_b":{"type":"string"}}},{"type":"object","properties":{"a_b":{"type":"integer"}}}]}}}`)
	d, err := Tool("t", strict)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		if r.Type == lenient.RuleParamAlias {
			got = append(got, rulespec.TargetPath(r)+"->"+r.To)
		}
	}
	// In window too (a nested object); not in labels, whose other keys
	// are data, nor in either, a union of two objects.
	want := []string{"thought_number->thoughtNumber", "thought-number->thoughtNumber", "ThoughtNumber->thoughtNumber",
		"window.startTime->start_time", "window.start-time->start_time", "window.StartTime->start_time"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("alias rules %q, want %q", got, want)
	}
	s := string(d.Schema.Marshal())
	for _, frag := range []string{`"required":["thoughtNumber","thought"]`, `"required":["start_time"],"properties":{"start_time":{"type":"string"}}`} {
		if !strings.Contains(s, frag) {
			t.Errorf("lenient schema lacks %s:\n%s", frag, s)
		}
	}
	for _, frag := range []string{`Required.`, `"startTime"`, `"thought_number"`} {
		if strings.Contains(s, frag) {
			t.Errorf("lenient schema has %s:\n%s", frag, s)
		}
	}
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"thought":"x","thought_number":"2","window":{"start_time":"s"}}`, `{"thought":"x","thoughtNumber":2,"window":{"start_time":"s"}}`},
		{`{"thought":"x","window":{"startTime":"s"}}`, `{"thought":"x","window":{"start_time":"s"}}`},
		{`{"thought":"x","window":"{\"StartTime\":\"s\"}"}`, `{"thought":"x","window":{"start_time":"s"}}`},
	} {
		out, _, err := n.NormalizeJSON("t", []byte(tc.in))
		if err != nil || string(out) != tc.want {
			t.Errorf("%s: normalized %s, %v; want %s", tc.in, out, err, tc.want)
		}
	}
	// An alias inside an object comes after the object's own (the
	// normalizer applies a phase's rules in order): under a variant of
	// its key, and in JSON text in an array, the nested variant is read.
	nested := []byte(`{"type":"object","properties":{"issue_fields":{"type":"array","items":{"type":"object","additionalProperties":false,"properties":{"field_name":{"type":"string"}}}}}}`)
	dn, err := Tool("t", nested)
	if err != nil {
		t.Fatal(err)
	}
	nn, err := normalize.New(dn.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{`{"issue-fields":[{"FieldName":"x"}]}`, `{"issueFields":["{\"fieldName\":\"x\"}"]}`, `{"IssueFields":"[{\"field-name\":\"x\"}]"}`} {
		if out, _, err := nn.NormalizeJSON("t", []byte(in)); err != nil || string(out) != `{"issue_fields":[{"field_name":"x"}]}` {
			t.Errorf("%s: normalized %s, %v", in, out, err)
		}
	}
	// A rules file that names a variant keeps it its own.
	dw := WithRules("t", mustParse(t, strict), []lenient.Rule{{ID: "x", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "thought_number", CoerceTo: "int"}})
	for _, r := range dw.Rules {
		if r.Type == lenient.RuleParamAlias && r.From == "thought_number" {
			t.Errorf("derived %s beside a rule that names thought_number", r.ID)
		}
	}
}

func mustParse(t *testing.T, b []byte) *Node {
	t.Helper()
	n, err := ParseNode(b)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
