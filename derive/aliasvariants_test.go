package derive

import (
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// TestAliasVariants: with a rules.json that declares an alias of a
// property (max_results for limit), the alias's spelling-style variants
// (maxResults, max-results, MaxResults) read as the property, as the
// generated decoders read them (issue 39); a variant another key has
// (a property's own, another rule's) is read as neither.
func TestAliasVariants(t *testing.T) {
	root, err := ParseNode([]byte(`{"type":"object","properties":{"limit":{"type":"integer"},"nested":{"type":"object","properties":{"page_size":{"type":"integer"}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	rules := []lenient.Rule{
		{ID: "a", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "max_results", To: "limit"},
		{ID: "b", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: "nested.per_page", To: "page_size"},
	}
	d := WithRules("t", root, rules)
	n, err := normalize.New(append(append([]lenient.Rule(nil), rules...), d.Rules...))
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		`{"maxResults":5}`:          `{"limit":5}`,
		`{"max-results":5}`:         `{"limit":5}`,
		`{"MaxResults":5}`:          `{"limit":5}`,
		`{"nested":{"perPage":5}}`:  `{"nested":{"page_size":5}}`,
		`{"nested":{"pageSize":5}}`: `{"nested":{"page_size":5}}`,
		`{"max_results":5}`:         `{"limit":5}`,
	} {
		out, _, err := n.NormalizeJSON("t", []byte(in))
		if err != nil || string(out) != want {
			t.Errorf("%s: got %s %v, want %s", in, out, err, want)
		}
	}
}
