package gen

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// TestFieldRules: the rules Rules derives come back from
// lenientimpl.ToolRules of the values' rows fieldRules makes (one row per
// value); rules the rows cannot give back exactly (an alias of a member
// whose name a path quotes, an unknown absent value, another tool) are
// written in full.
func TestFieldRules(t *testing.T) {
	tools := []string{"t"}
	rules := []lenient.Rule{
		{ID: "t.q.alias.query", Tools: tools, Type: lenient.RuleParamAlias, From: "query", To: "q"},
		{ID: "t.q.absent", Tools: tools, Type: lenient.RuleAbsent, From: "q", Value: json.RawMessage(`[null]`)},
		{ID: "t.n.null_text", Tools: tools, Type: lenient.RuleNullText, From: "n"},
		{ID: "t.n.absent", Tools: tools, Type: lenient.RuleAbsent, From: "n", Value: json.RawMessage(`[null,""]`)},
		{ID: "t.n.coerce", Tools: tools, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: "int"},
		{ID: "t.a.json", Tools: tools, Type: lenient.RuleJSONAcceptBoth, From: "a", To: "native"},
		{ID: "t.a[].json", Tools: tools, Type: lenient.RuleJSONAcceptBoth, Path: "a[]", To: "native"},
		{ID: "t.a[].b.alias.B", Tools: tools, Type: lenient.RuleParamAlias, Path: "a[].B", To: "b"},
		{ID: "t.a[].b.coerce", Tools: tools, Type: lenient.RuleTypeCoerce, Path: "a[].b", CoerceTo: "bool"},
	}
	values, ok := fieldRules("t", rules, nil)
	if !ok || len(values) != 5 {
		t.Fatalf("fieldRules: %v, %+v; want 5 rows", ok, values)
	}
	if !reflect.DeepEqual(lenientimpl.ToolRules("t", values), rules) {
		t.Errorf("ToolRules(fieldRules) differs")
	}
	for name, r := range map[string]lenient.Rule{
		"quoted member": {ID: `t.["x.y"].alias.x_y`, Tools: tools, Type: lenient.RuleParamAlias, From: "x_y", To: `["x.y"]`},
		"absent value":  {ID: "t.q.absent", Tools: tools, Type: lenient.RuleAbsent, From: "q", Value: json.RawMessage(`[0]`)},
		"another tool":  {ID: "t.q.absent", Tools: []string{"u"}, Type: lenient.RuleAbsent, From: "q", Value: json.RawMessage(`[null]`)},
		"nested alias":  {ID: "t.q.nested", Tools: tools, Type: lenient.RuleNestedAlias, From: "q", InPayload: "p", ArrayPath: "[]", To: "r"},
	} {
		if _, ok := fieldRules("t", append(rules[:2:2], r), nil); ok {
			t.Errorf("%s: fieldRules took %+v", name, r)
		}
		code := rulesCode("t", append(rules[:2:2], r), nil)
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

// TestFieldRulesVariants: a field whose aliases begin with every
// spelling-style variant of its name is written with Variants and its
// other aliases; one that takes only some of them (another field has a
// spelling) lists them all; either way ToolRules gives the rules back.
func TestFieldRulesVariants(t *testing.T) {
	tools := []string{"t"}
	alias := func(path, key string) lenient.Rule {
		r := lenient.Rule{ID: "t." + path + ".alias." + key, Tools: tools, Type: lenient.RuleParamAlias, To: path[strings.LastIndexByte(path, '.')+1:]}
		if i := strings.LastIndexByte(path, '.'); i >= 0 {
			r.Path = path[:i+1] + key
		} else {
			r.From = key
		}
		return r
	}
	rules := []lenient.Rule{
		alias("startTime", "start_time"), alias("startTime", "start-time"), alias("startTime", "StartTime"), alias("startTime", "begin"),
		alias("a[].maxItems", "max_items"), alias("a[].maxItems", "max-items"), alias("a[].maxItems", "MaxItems"),
		alias("endTime", "end_time"), alias("endTime", "EndTime"),
	}
	values, ok := fieldRules("t", rules, nil)
	if !ok || len(values) != 3 {
		t.Fatalf("fieldRules: %v, %+v; want 3 rows", ok, values)
	}
	want := []lenientimpl.FieldRules{
		{Path: "startTime", Variants: true, Aliases: []string{"begin"}},
		{Path: "a[].maxItems", Variants: true},
		{Path: "endTime", Aliases: []string{"end_time", "EndTime"}},
	}
	if !reflect.DeepEqual(values, want) {
		t.Errorf("fieldRules = %+v; want %+v", values, want)
	}
	if s := renderCode(rulesCode("t", rules, nil)); !strings.Contains(s, `{Path: "startTime", Variants: true, Aliases: []string{"begin"}}`) || !strings.Contains(s, `{Path: "a[].maxItems", Variants: true}`) {
		t.Errorf("rulesCode rendered %s; want Variants rows", s)
	}
}
