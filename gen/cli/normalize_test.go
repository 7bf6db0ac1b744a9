package cli

import (
	"errors"
	"strings"
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

func TestToolCoverage(t *testing.T) {
	rule := func(tools ...string) lenient.Rule { return lenient.Rule{Tools: tools} }
	for _, tc := range []struct {
		rules []lenient.Rule
		want  string
	}{
		{[]lenient.Rule{rule("a"), rule("t")}, ""},
		{[]lenient.Rule{rule("*", "t")}, ""},
		{nil, `no rule names tool "t" (the rules file has no rule); its arguments pass unchanged`},
		{[]lenient.Rule{rule("*")}, `no rule names tool "t" (the rules are all "*" rules); only the "*" rules apply`},
		{[]lenient.Rule{rule("b", "a"), rule("a"), rule("*")}, `no rule names tool "t" (the rules name: a, b); only the "*" rules apply`},
		{[]lenient.Rule{rule("b")}, `no rule names tool "t" (the rules name: b); its arguments pass unchanged`},
	} {
		if got := ToolCoverage(tc.rules, "t"); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.rules, got, tc.want)
		}
	}
}

func TestNormalizeOutput(t *testing.T) {
	b, err := NormalizeOutput([]byte(`{"a":1}`), nil, nil)
	if want := "{\n  \"args\": {\n    \"a\": 1\n  },\n  \"applied\": []\n}\n"; err != nil || string(b) != want {
		t.Errorf("got %q, %v; want %q", b, err, want)
	}
	b, _ = NormalizeOutput([]byte(`{}`), []normalize.Applied{}, []lenient.Problem{{Path: "x", Msg: "m", Kind: lenient.KindRefused}})
	if !strings.Contains(string(b), `"problems"`) || !strings.Contains(string(b), `"kind": "refused"`) {
		t.Errorf("problems: %s", b)
	}
}

// TestToolCheck: a catalog tool's strict schema checks normalized
// arguments: nil for arguments it takes, the decoders' problems for
// those it refuses, the validator's message where no problem is named;
// an unknown tool is an error naming the file.
func TestToolCheck(t *testing.T) {
	c, err := derive.Catalog([]byte(`{"tools":[{"name":"create_issue","inputSchema":{"type":"object","required":["title"],
		"properties":{"title":{"type":"string"},"limit":{"type":"integer"},"step":{"type":"integer","multipleOf":2}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	check, rules, err := ToolCheck(c, "tools.json", "create_issue")
	if err != nil || len(rules) == 0 {
		t.Fatalf("%v, %d rules", err, len(rules))
	}
	if p := check.Refusal([]byte(`{"title":"t","limit":3}`)); p != nil {
		t.Errorf("taken arguments: %v", p)
	}
	if p := check.Refusal([]byte(`{"limit":3}`)); len(p) != 1 || p[0].Path != "title" || p[0].Kind != lenient.KindMissing {
		t.Errorf("missing title: %+v", p)
	}
	if p := check.Refusal([]byte(`{"title":"t","step":3}`)); len(p) != 1 || p[0].Kind != lenient.KindRefused || !strings.Contains(p[0].Msg, "multipleOf") {
		t.Errorf("multipleOf: %+v", p)
	}
	if _, _, err := ToolCheck(c, "tools.json", "nope"); errString(err) != `tools.json: no tool "nope" with an input schema` {
		t.Errorf("unknown tool: %v", err)
	}
}

// TestCallProblems: a rule's refusal is the call's problems, said to be
// the rules'; another error is returned as it is; without a refusal and
// without a check there is none.
func TestCallProblems(t *testing.T) {
	refusal := &lenient.Error{Problems: []lenient.Problem{{Path: "mgs", Msg: "is not a known key; did you mean msg?"}}}
	if ps, who, err := CallProblems([]byte(`{"mgs":1}`), refusal, nil); err != nil || len(ps) != 1 || ps[0].Path != "mgs" || who != "the rules refuse the arguments" {
		t.Errorf("refusal: %v, %q, %v", ps, who, err)
	}
	other := errors.New("invalid JSON at offset 1")
	if ps, _, err := CallProblems(nil, other, nil); err != other || ps != nil {
		t.Errorf("other error: %v, %v", ps, err)
	}
	if ps, who, err := CallProblems([]byte(`{}`), nil, nil); err != nil || ps != nil || who != "" {
		t.Errorf("no check: %v, %q, %v", ps, who, err)
	}
}
