package normalize

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// valueAliasRules are a batch tool's value_alias rules: a top-level
// operation, and the action of each step of a payload array.
const valueAliasRules = `[
  {"id": "op", "tools": ["batch"], "type": "value_alias", "from": "op", "value": {"cp": "copy", "rm": "delete", "remove": "delete"}},
  {"id": "step-action", "tools": ["batch"], "type": "value_alias", "in_payload": "steps", "array_path": "[]", "from": "action", "value": {"cp": "copy", "mv": "move"}},
  {"id": "labels", "tools": ["batch"], "type": "value_alias", "from": "labels", "value": {"bug": "defect"}}
]`

func TestValueAliasRules(t *testing.T) {
	rules, err := LoadRules(strings.NewReader(valueAliasRules), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"op":"cp"}`, `{"op":"copy"}`},
		{`{"op":"mv"}`, `{"op":"mv"}`}, // not an alias of op: left for the decoder to reject
		{`{"op":"rm","labels":["bug","x"]}`, `{"op":"delete","labels":["defect","x"]}`},
		{`{"steps":[{"action":"mv","path":"a"},{"action":"copy"}],"op":"remove"}`, `{"steps":[{"action":"move","path":"a"},{"action":"copy"}],"op":"delete"}`},
		{`{"steps":"[{\"action\":\"cp\",\"path\":\"<a>\"}]"}`, `{"steps":"[{\"action\":\"copy\",\"path\":\"<a>\"}]"}`},
		{`{"op":5,"steps":{"action":"cp"}}`, `{"op":5,"steps":{"action":"cp"}}`},
	} {
		out, _, err := n.NormalizeJSON("batch", []byte(tc.in))
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if string(out) != tc.want {
			t.Errorf("NormalizeJSON(%s) = %s, want %s", tc.in, out, tc.want)
		}
		m, _ := n.Normalize("batch", args(t, tc.in))
		got, _ := json.Marshal(m)
		var want any
		json.Unmarshal([]byte(tc.want), &want)
		wantJSON, _ := json.Marshal(want)
		if string(got) != string(wantJSON) {
			t.Errorf("Normalize(%s) = %s, want %s", tc.in, got, wantJSON)
		}
	}
	_, applied, _ := n.NormalizeJSON("batch", []byte(`{"op":"cp","steps":[{"action":"mv"}]}`))
	want := []Applied{
		{RuleID: "op", Type: lenient.RuleValueAlias, Param: "op", From: `"cp"`, To: `"copy"`},
		{RuleID: "step-action", Type: lenient.RuleValueAlias, Param: "steps[0].action", From: `"mv"`, To: `"move"`},
	}
	if len(applied) != len(want) || applied[0] != want[0] || applied[1] != want[1] {
		t.Errorf("applied = %+v, want %+v", applied, want)
	}
}

func TestValueAliasRuleErrors(t *testing.T) {
	for _, tc := range []struct{ rule, want string }{
		{`{"id":"a","tools":["*"],"type":"value_alias","from":"op"}`, "value is missing for type value_alias"},
		{`{"id":"a","tools":["*"],"type":"value_alias","from":"op","value":["cp"]}`, "value must be a non-empty JSON object of strings"},
		{`{"id":"a","tools":["*"],"type":"value_alias","from":"op","value":{}}`, "value must be a non-empty JSON object of strings"},
		{`{"id":"a","tools":["*"],"type":"value_alias","from":"op","value":{"cp":1}}`, "value must be a non-empty JSON object of strings"},
		{`{"id":"a","tools":["*"],"type":"value_alias","from":"op","value":{"cp":"copy","copy":"x"}}`, `"copy" is both an alias and a canonical value`},
		{`{"id":"a","tools":["*"],"type":"value_alias","from":"op","value":{"cp":"cp"}}`, `"cp" is an alias of itself`},
		{`{"id":"a","tools":["*"],"type":"value_alias","from":"op","in_payload":"steps","value":{"cp":"copy"}}`, "array_path is missing for type value_alias"},
		{`{"id":"a","tools":["*"],"type":"value_alias","from":"op","coerce_to":"int","value":{"cp":"copy"}}`, "coerce_to is not used by type value_alias"},
	} {
		_, err := LoadRules(strings.NewReader("["+tc.rule+"]"), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "rule 0 (a)") {
			t.Errorf("%s: got %v, want an error with the rule's index and id containing %q", tc.rule, err, tc.want)
		}
	}
}
