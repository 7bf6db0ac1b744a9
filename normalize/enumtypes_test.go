package normalize

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// enumTypeRules read across JSON types: a boolean or a number for a
// string enum holding its text (enum_text), and the text of an integer
// enum's value for it (enum_digits), at the top level and at depth.
const enumTypeRules = `[
  {"id": "mode.enum_text", "tools": ["t"], "type": "enum_text", "from": "mode", "value": ["true", "false"]},
  {"id": "level.enum_text", "tools": ["t"], "type": "enum_text", "path": "opts.level", "value": ["1", "-2"]},
  {"id": "size.enum_digits", "tools": ["t"], "type": "enum_digits", "from": "size", "value": [1, 2, 3]},
  {"id": "steps.n.enum_digits", "tools": ["t"], "type": "enum_digits", "path": "steps[].n", "value": [-1, 0, 10]}
]`

func TestEnumTypeRules(t *testing.T) {
	rules, err := LoadRules(strings.NewReader(enumTypeRules), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"mode":true}`, `{"mode":"true"}`},
		{`{"mode":false,"size":"2"}`, `{"mode":"false","size":2}`},
		{`{"mode":"auto","size":2}`, `{"mode":"auto","size":2}`},
		{`{"mode":1}`, `{"mode":1}`},       // 1 is no text the enum holds
		{`{"size":"02"}`, `{"size":"02"}`}, // not the value's text
		{`{"size":"4"}`, `{"size":"4"}`},   // not the enum's: the schema refuses it
		{`{"size":" 2"}`, `{"size":" 2"}`}, // not the value's text
		{`{"opts":{"level":1}}`, `{"opts":{"level":"1"}}`},
		{`{"opts":{"level":-2.0}}`, `{"opts":{"level":"-2"}}`},
		{`{"opts":{"level":1.5}}`, `{"opts":{"level":1.5}}`},
		{`{"opts":{"level":"1"}}`, `{"opts":{"level":"1"}}`},
		{`{"steps":[{"n":"-1"},{"n":"0"},{"n":"10"},{"n":"-0"},{"n":10}]}`, `{"steps":[{"n":-1},{"n":0},{"n":10},{"n":"-0"},{"n":10}]}`},
	} {
		out, _, err := n.NormalizeJSON("t", []byte(tc.in))
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if string(out) != tc.want {
			t.Errorf("NormalizeJSON(%s) = %s, want %s", tc.in, out, tc.want)
		}
		m, _ := n.Normalize("t", args(t, tc.in))
		got, _ := json.Marshal(m)
		var want any
		json.Unmarshal([]byte(tc.want), &want)
		wantJSON, _ := json.Marshal(want)
		if string(got) != string(wantJSON) {
			t.Errorf("Normalize(%s) = %s, want %s", tc.in, got, wantJSON)
		}
	}
	_, applied, _ := n.NormalizeJSON("t", []byte(`{"mode":true,"size":"3"}`))
	want := []Applied{
		{RuleID: "mode.enum_text", Type: lenient.RuleEnumText, Param: "mode", From: `true`, To: `"true"`},
		{RuleID: "size.enum_digits", Type: lenient.RuleEnumDigits, Param: "size", From: `"3"`, To: `3`},
	}
	if len(applied) != len(want) || applied[0] != want[0] || applied[1] != want[1] {
		t.Errorf("applied = %+v, want %+v", applied, want)
	}
	for _, bad := range []string{
		`[{"id": "x", "tools": ["t"], "type": "enum_text", "from": "a"}]`,
		`[{"id": "x", "tools": ["t"], "type": "enum_text", "from": "a", "value": ["auto"]}]`,
		`[{"id": "x", "tools": ["t"], "type": "enum_text", "from": "a", "value": ["02"]}]`,
		`[{"id": "x", "tools": ["t"], "type": "enum_text", "from": "a", "value": [true]}]`,
		`[{"id": "x", "tools": ["t"], "type": "enum_digits", "from": "a", "value": ["1"]}]`,
		`[{"id": "x", "tools": ["t"], "type": "enum_digits", "from": "a", "value": [1.5]}]`,
		`[{"id": "x", "tools": ["t"], "type": "enum_digits", "from": "a", "value": [1.0]}]`,
		`[{"id": "x", "tools": ["t"], "type": "enum_digits", "from": "a", "value": []}]`,
	} {
		if _, err := LoadRules(strings.NewReader(bad), nil); err == nil {
			t.Errorf("%s: loaded", bad)
		}
	}
}
