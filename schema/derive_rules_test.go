package schema

import (
	"testing"

	"github.com/normgen/normgen/lenient"
)

func TestApplyRules(t *testing.T) {
	d, err := DeriveTool("t", []byte(`{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"},"mode":{"type":"string"}},"required":["query","mode"],"additionalProperties":false}`))
	if err != nil {
		t.Fatal(err)
	}
	ApplyRules("t", d.Schema, []lenient.Rule{
		{ID: "a", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "q", To: "query"},
		{ID: "b", Tools: []string{"*"}, Type: lenient.RuleParamDefault, From: "mode", Value: []byte(`"fast"`)},
		{ID: "c", Tools: []string{"other"}, Type: lenient.RuleParamAlias, From: "n", To: "limit"},
	})
	want := `{"type":"object","properties":{"query":{"type":"string"},"limit":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]},"mode":{"type":"string"},"q":{"type":"string"}},"additionalProperties":false}`
	if got := string(d.Schema.Marshal()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestApplyRulesPaths: aliases and defaults at a rule path adjust the
// objects there, through arrays and union branches.
func TestApplyRulesPaths(t *testing.T) {
	d, err := DeriveTool("t", []byte(`{"type":"object","properties":{"items":{"type":"array","items":{"oneOf":[
		{"type":"object","properties":{"item_id":{"type":"integer"}},"required":["item_id"],"additionalProperties":false},
		{"type":"object","properties":{"node_id":{"type":"string"},"kind":{"type":"string"}},"required":["node_id","kind"],"additionalProperties":false}]}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	ApplyRules("t", d.Schema, []lenient.Rule{
		{ID: "a", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: "items[].itemId", To: "item_id"},
		{ID: "b", Tools: []string{"t"}, Type: lenient.RuleParamDefault, Path: "items[].kind", Value: []byte(`"x"`)},
	})
	want := `{"type":"object","properties":{"items":{"anyOf":[{"type":"array","items":{"anyOf":[{"type":"object","properties":{"item_id":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]},"itemId":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}},"additionalProperties":false},{"type":"object","properties":{"node_id":{"type":"string"},"kind":{"type":"string"}},"required":["node_id"],"additionalProperties":false},{"type":"string"}]}},{"type":"string"}]}}}`
	if got := string(d.Schema.Marshal()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
