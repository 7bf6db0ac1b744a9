package cli

import (
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

func TestDeriveCatalog(t *testing.T) {
	if _, err := DeriveCatalog("tools.json", []byte(`{"tools":[`)); err == nil || !strings.HasPrefix(err.Error(), "tools.json:") || strings.Contains(err.Error(), "catalog:") {
		t.Errorf("malformed: %v; want the file's name in place of \"catalog:\"", err)
	}
	d, err := DeriveCatalog("tools.json", []byte(`{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}]}`))
	if err != nil || len(d.Rules) == 0 {
		t.Errorf("%v, %v", d, err)
	}
}

func TestRulesJSON(t *testing.T) {
	if b, err := RulesJSON(nil); err != nil || string(b) != "[]\n" {
		t.Errorf("no rules: %q, %v", b, err)
	}
	if b, _ := RulesJSON([]lenient.Rule{{ID: "x", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: "int"}}); !strings.Contains(string(b), `"id": "x"`) {
		t.Errorf("%s", b)
	}
}
