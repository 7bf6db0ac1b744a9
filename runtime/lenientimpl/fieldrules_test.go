package lenientimpl

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestToolRules: each field of FieldRules gives its rule, in the order the
// generator derives them, with the tool and the ID "<tool>.<path>.<what>";
// a single member name is From, anything else Path, and an alias sits
// beside the member its value's path ends with.
func TestToolRules(t *testing.T) {
	got := ToolRules("t", []FieldRules{
		{Path: "limit", Aliases: []string{"max", "Limit"}, Absent: AbsentNull | AbsentEmpty, Default: json.RawMessage(`10`), Coerce: "int"},
		{Path: "steps", Absent: AbsentNull, Wrap: true, JSON: true},
		{Path: "steps[]", JSON: true},
		{Path: "steps[].kind", Aliases: []string{"type"}, Absent: AbsentEmpty, EnumCase: json.RawMessage(`["a","b"]`), ValueAlias: json.RawMessage(`{"x":"a"}`)},
		{Path: "steps[].note", Secret: true, Unescape: true, Split: json.RawMessage(`","`)},
	})
	tools := []string{"t"}
	want := []lenient.Rule{
		{ID: "t.limit.alias.max", Tools: tools, Type: lenient.RuleParamAlias, From: "max", To: "limit"},
		{ID: "t.limit.alias.Limit", Tools: tools, Type: lenient.RuleParamAlias, From: "Limit", To: "limit"},
		{ID: "t.limit.null_text", Tools: tools, Type: lenient.RuleNullText, From: "limit"},
		{ID: "t.limit.absent", Tools: tools, Type: lenient.RuleAbsent, From: "limit", Value: json.RawMessage(`[null,""]`)},
		{ID: "t.limit.default", Tools: tools, Type: lenient.RuleParamDefault, From: "limit", Value: json.RawMessage(`10`)},
		{ID: "t.limit.coerce", Tools: tools, Type: lenient.RuleTypeCoerce, From: "limit", CoerceTo: "int"},
		{ID: "t.steps.absent", Tools: tools, Type: lenient.RuleAbsent, From: "steps", Value: json.RawMessage(`[null]`)},
		{ID: "t.steps.wrap", Tools: tools, Type: lenient.RuleWrap, From: "steps"},
		{ID: "t.steps.json", Tools: tools, Type: lenient.RuleJSONAcceptBoth, From: "steps", To: "native"},
		{ID: "t.steps[].json", Tools: tools, Type: lenient.RuleJSONAcceptBoth, Path: "steps[]", To: "native"},
		{ID: "t.steps[].kind.alias.type", Tools: tools, Type: lenient.RuleParamAlias, Path: "steps[].type", To: "kind"},
		{ID: "t.steps[].kind.null_text", Tools: tools, Type: lenient.RuleNullText, Path: "steps[].kind"},
		{ID: "t.steps[].kind.absent", Tools: tools, Type: lenient.RuleAbsent, Path: "steps[].kind", Value: json.RawMessage(`[""]`)},
		{ID: "t.steps[].kind.enum_case", Tools: tools, Type: lenient.RuleEnumCase, Path: "steps[].kind", Value: json.RawMessage(`["a","b"]`)},
		{ID: "t.steps[].kind.value_alias", Tools: tools, Type: lenient.RuleValueAlias, Path: "steps[].kind", Value: json.RawMessage(`{"x":"a"}`)},
		{ID: "t.steps[].note.secret", Tools: tools, Type: lenient.RuleSecret, Path: "steps[].note"},
		{ID: "t.steps[].note.unescape", Tools: tools, Type: lenient.RuleUnescape, Path: "steps[].note"},
		{ID: "t.steps[].note.split", Tools: tools, Type: lenient.RuleSplit, Path: "steps[].note", Value: json.RawMessage(`","`)},
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Errorf("ToolRules:\n%s\nwant:\n%s", g, w)
	}
}

// TestToolRulesMisnamed: an object's Misnamed gives its misnamed_key
// rule, last of its value's rules, at a path even for a single member name
// (the rule takes no from); the arguments object's ID is
// "<tool>.misnamed_key"; Fields whose fields are all required give one
// too, for a key in another letter case.
func TestToolRulesMisnamed(t *testing.T) {
	args := Fields{Keys: [][]string{{"url"}, {"style"}}, Forms: []AbsentForms{AbsentNull, AbsentEmpty}}
	style := Fields{Keys: [][]string{{"style_id", "styleId"}, {"color"}}, Forms: []AbsentForms{0, Required}}
	required := Fields{Keys: [][]string{{"id"}}, Forms: []AbsentForms{NullMissing}}
	got := ToolRules("t", []FieldRules{
		{Path: "", Misnamed: &args},
		{Path: "style", Absent: AbsentEmpty, JSON: true, Misnamed: &style},
		{Path: "items[]", Misnamed: &required},
	})
	tools := []string{"t"}
	want := []lenient.Rule{
		{ID: "t.misnamed_key", Tools: tools, Type: lenient.RuleMisnamedKey, Value: json.RawMessage(`["url","style"]`)},
		{ID: "t.style.null_text", Tools: tools, Type: lenient.RuleNullText, From: "style"},
		{ID: "t.style.absent", Tools: tools, Type: lenient.RuleAbsent, From: "style", Value: json.RawMessage(`[""]`)},
		{ID: "t.style.json", Tools: tools, Type: lenient.RuleJSONAcceptBoth, From: "style", To: "native"},
		{ID: "t.style.misnamed_key", Tools: tools, Type: lenient.RuleMisnamedKey, Path: "style", Value: json.RawMessage(`[["style_id","styleId"],{"keys":["color"],"required":true}]`)},
		{ID: "t.items[].misnamed_key", Tools: tools, Type: lenient.RuleMisnamedKey, Path: "items[]", Value: json.RawMessage(`[{"keys":["id"],"required":true}]`)}, // (a key in another letter case)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ToolRules:\n got %+v\nwant %+v", got, want)
	}
}

// TestToolRulesVariants: Variants gives an alias rule for each spelling
// of the member's name KeyVariants lists, before its other Aliases.
func TestToolRulesVariants(t *testing.T) {
	got := ToolRules("t", []FieldRules{{Path: "steps[].maxItems", Variants: true, Aliases: []string{"limit"}}})
	var keys []string
	for _, r := range got {
		if r.Type != lenient.RuleParamAlias || r.To != "maxItems" || r.ID != "t.steps[].maxItems.alias."+r.Path[len("steps[]."):] {
			t.Errorf("rule %+v; want an alias of steps[].maxItems", r)
		}
		keys = append(keys, r.Path)
	}
	want := []string{"steps[].max_items", "steps[].max-items", "steps[].MaxItems", "steps[].limit"}
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("alias paths %q; want %q", keys, want)
	}
}
