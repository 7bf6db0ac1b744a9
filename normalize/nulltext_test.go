package normalize

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// nullTextRules read "null" as text as null for an optional integer (then
// left out, as null is), a pointer (null, its own value) and a nested
// number.
const nullTextRules = `[
  {"id": "limit.null_text", "tools": ["t"], "type": "null_text", "from": "limit"},
  {"id": "limit.absent", "tools": ["t"], "type": "absent", "from": "limit", "value": [null, ""]},
  {"id": "page.null_text", "tools": ["t"], "type": "null_text", "from": "page"},
  {"id": "opts.min.null_text", "tools": ["t"], "type": "null_text", "path": "opts[].min"}
]`

func TestNullTextRules(t *testing.T) {
	rules, err := LoadRules(strings.NewReader(nullTextRules), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"limit":"null"}`, `{}`},
		{`{"page":"null"}`, `{"page":null}`},
		{`{"page":"nul\u006c"}`, `{"page":null}`},
		{`{"page":"NULL","limit":"nulls"}`, `{"page":"NULL","limit":"nulls"}`},
		{`{"opts":[{"min":"null"},{"min":"1"}]}`, `{"opts":[{"min":null},{"min":"1"}]}`},
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
	_, applied, _ := n.NormalizeJSON("t", []byte(`{"page":"null"}`))
	want := Applied{RuleID: "page.null_text", Type: lenient.RuleNullText, Param: "page", From: `"null"`, To: `null`}
	if len(applied) != 1 || applied[0] != want {
		t.Errorf("applied = %+v, want %+v", applied, want)
	}
	for _, bad := range []string{
		`[{"id": "x", "tools": ["t"], "type": "null_text"}]`,
		`[{"id": "x", "tools": ["t"], "type": "null_text", "from": "a", "value": ["null"]}]`,
	} {
		if _, err := LoadRules(strings.NewReader(bad), nil); err == nil {
			t.Errorf("%s: loaded", bad)
		}
	}
}
