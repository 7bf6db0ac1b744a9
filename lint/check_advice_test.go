package lint

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCheckAdvicePortable: what plain `normgen check` advises for a field
// with no string form is the default (portable) spelling, which both
// `check` and `check -host` (every host) then accept, never a type array,
// which Gemini and Cursor refuse.
func TestCheckAdvicePortable(t *testing.T) {
	for _, field := range []string{
		`{"type":"integer","description":"d"}`,
		`{"type":"number"}`,
		`{"type":"boolean"}`,
		`{"type":["integer","null"]}`,
		`{"type":"array","items":{"type":"string"}}`,
		`{"type":"object","properties":{"a":{"type":"string"}}}`,
	} {
		findings, err := CheckCatalog(catalogOf(field))
		if err != nil {
			t.Fatal(err)
		}
		if len(findings) != 1 {
			t.Fatalf("%s: %d findings, want 1: %v", field, len(findings), findings)
		}
		msg := findings[0].Message
		if strings.Contains(msg, `"type": [`) || strings.Contains(msg, `"type":[`) {
			t.Errorf("%s: the advice spells a type array: %s", field, msg)
		}
		_, advice, ok := strings.Cut(msg, "; use ")
		if !ok {
			t.Errorf("%s: no advice in %q", field, msg)
			continue
		}
		advice, _, _ = strings.Cut(advice, " and parse")
		var f map[string]any
		json.Unmarshal([]byte(field), &f)
		if items, ok := f["items"]; ok {
			b, _ := json.Marshal(items)
			advice = strings.Replace(advice, "{...}", string(b), 1)
		}
		if props, ok := f["properties"]; ok {
			b, _ := json.Marshal(props)
			advice = strings.Replace(advice, "{...}", string(b), 1)
		}
		if !json.Valid([]byte(advice)) {
			t.Errorf("%s: the advice is not a schema: %s", field, advice)
			continue
		}
		cat := catalogOf(advice)
		if again, _ := CheckCatalog(cat); len(again) > 0 {
			t.Errorf("%s: check finds the advice %s lacking: %v", field, advice, again)
		}
		if hosts, _ := CheckHosts(cat, Hosts()); len(hosts) > 0 {
			t.Errorf("%s: check -host all refuses the advice %s: %v", field, advice, hosts)
		}
	}
}
