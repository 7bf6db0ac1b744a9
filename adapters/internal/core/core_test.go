package core

import (
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

func TestCore(t *testing.T) {
	var warnings []string
	// The user's rule takes a derived rule's id: the user's rule wins.
	user := lenient.Rule{ID: "t.n.coerce", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "count", To: "n"}
	c, err := New(Options{Rules: []lenient.Rule{user}, OnWarning: func(m string) { warnings = append(warnings, m) }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	strict := []byte(`{"type":"object","properties":{"n":{"type":"integer"},"e":{"type":"integer","enum":[1,2]},"b":{"type":"boolean"}},"required":["n"]}`)
	got := string(c.LenientSchema("t", strict))
	if !strings.Contains(got, `"b":{"anyOf":[{"type":"boolean"}`) || strings.Contains(got, `"required"`) {
		t.Errorf("lenient schema: %s", got)
	}
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], `t: e: integer field with "enum"`) {
		t.Errorf("warnings: %q", warnings)
	}
	out, applied := c.Normalize("t", []byte(`{"count":"3","b":"yes"}`))
	if string(out) != `{"n":"3","b":true}` || len(applied) != 2 {
		t.Errorf("normalized %s %+v", out, applied)
	}
	// The same schema again: nothing rebuilt, nothing warned twice.
	c.Learn([]Tool{{"t", strict}})
	if len(warnings) != 1 {
		t.Errorf("warned again: %q", warnings)
	}
	if out, _ := c.Normalize("t", []byte(`not json`)); string(out) != "not json" {
		t.Errorf("bad arguments changed: %s", out)
	}
}
