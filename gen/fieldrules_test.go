package gen

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/normgen/normgen/lenient"
)

// TestFieldRules: the rules Rules derives come back from
// lenient.ToolRules of the values' rows fieldRules makes (one row per
// value); rules the rows cannot give back exactly (an alias of a member
// whose name a path quotes, an unknown absent value, another tool) are
// written in full.
func TestFieldRules(t *testing.T) {
	tools := []string{"t"}
	rules := []lenient.Rule{
		{ID: "t.q.alias.query", Tools: tools, Type: lenient.RuleParamAlias, From: "query", To: "q"},
		{ID: "t.q.absent", Tools: tools, Type: lenient.RuleAbsent, From: "q", Value: json.RawMessage(`[null]`)},
		{ID: "t.n.absent", Tools: tools, Type: lenient.RuleAbsent, From: "n", Value: json.RawMessage(`[null,""]`)},
		{ID: "t.n.coerce", Tools: tools, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: "int"},
		{ID: "t.a.json", Tools: tools, Type: lenient.RuleJSONAcceptBoth, From: "a", To: "native"},
		{ID: "t.a[].json", Tools: tools, Type: lenient.RuleJSONAcceptBoth, Path: "a[]", To: "native"},
		{ID: "t.a[].b.alias.B", Tools: tools, Type: lenient.RuleParamAlias, Path: "a[].B", To: "b"},
		{ID: "t.a[].b.coerce", Tools: tools, Type: lenient.RuleTypeCoerce, Path: "a[].b", CoerceTo: "bool"},
	}
	values, ok := fieldRules("t", rules)
	if !ok || len(values) != 5 {
		t.Fatalf("fieldRules: %v, %+v; want 5 rows", ok, values)
	}
	if !reflect.DeepEqual(lenient.ToolRules("t", values), rules) {
		t.Errorf("ToolRules(fieldRules) differs")
	}
	for name, r := range map[string]lenient.Rule{
		"quoted member": {ID: `t.["x.y"].alias.x_y`, Tools: tools, Type: lenient.RuleParamAlias, From: "x_y", To: `["x.y"]`},
		"absent value":  {ID: "t.q.absent", Tools: tools, Type: lenient.RuleAbsent, From: "q", Value: json.RawMessage(`[0]`)},
		"another tool":  {ID: "t.q.absent", Tools: []string{"u"}, Type: lenient.RuleAbsent, From: "q", Value: json.RawMessage(`[null]`)},
		"nested alias":  {ID: "t.q.nested", Tools: tools, Type: lenient.RuleNestedAlias, From: "q", InPayload: "p", ArrayPath: "[]", To: "r"},
	} {
		if _, ok := fieldRules("t", append(rules[:2:2], r)); ok {
			t.Errorf("%s: fieldRules took %+v", name, r)
		}
		code := rulesCode("t", append(rules[:2:2], r))
		if s := renderCode(code); !strings.Contains(s, "[]lenient.Rule{") || strings.Contains(s, "ToolRules") {
			t.Errorf("%s: rendered %s, want the rules in full", name, s)
		}
	}
}

// renderCode renders c as Go source in a file that names lenient as such.
func renderCode(c jen.Code) string {
	f := jen.NewFilePathName("p", "p")
	f.ImportName(lenientPkg, "lenient")
	f.Var().Id("_").Op("=").Add(c)
	return f.GoString()
}
