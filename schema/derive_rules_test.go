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
