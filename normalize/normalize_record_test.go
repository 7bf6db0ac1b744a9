package normalize

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// TestAcceptBothRecordsTexts: a json_accept_both record says, like every
// other changed value's record, the JSON text before and after (the
// README's "from and to are JSON texts"), not the kinds "string" and
// "array"; in both directions and through both entry points.
func TestAcceptBothRecordsTexts(t *testing.T) {
	n := mustRules(t, `[{"id":"n","tools":["*"],"type":"json_accept_both","from":"tags","to":"native"},
	 {"id":"t","tools":["*"],"type":"json_accept_both","from":"raw"},
	 {"id":"p","tools":["*"],"type":"json_accept_both","path":"w.ids","to":"native"}]`)
	want := []Applied{
		{RuleID: "n", Type: lenient.RuleJSONAcceptBoth, Param: "tags", From: `"[\"a\", 5]"`, To: `["a", 5]`},
		{RuleID: "t", Type: lenient.RuleJSONAcceptBoth, Param: "raw", From: `{"k":[1,2]}`, To: `"{\"k\":[1,2]}"`},
		{RuleID: "p", Type: lenient.RuleJSONAcceptBoth, Param: "w.ids", From: `"[1]"`, To: `[1]`},
	}
	args := `{"tags":"[\"a\", 5]","raw":{"k":[1,2]},"w":{"ids":"[1]"}}`
	_, applied, err := n.NormalizeJSON("x", []byte(args))
	if err != nil {
		t.Fatal(err)
	}
	check := func(entry string, applied []Applied) {
		t.Helper()
		if len(applied) != len(want) {
			t.Fatalf("%s: applied %+v, want %+v", entry, applied, want)
		}
		for i := range want {
			if applied[i] != want[i] {
				t.Errorf("%s: record %d:\n got %+v\nwant %+v", entry, i, applied[i], want[i])
			}
		}
	}
	check("NormalizeJSON", applied)
	var m map[string]any
	dec := json.NewDecoder(strings.NewReader(args))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	_, applied = n.Normalize("x", m)
	check("Normalize", applied)
}

// TestQuotedPathKeys: a member name holding ".", "[", "]", "{" or "}" is
// written quoted in a rule path (opts["x.y"], as decoder paths write it),
// and in an alias's to (["x.y"]); a quote left open, or such a name
// unquoted in to, is an error when the rules load.
func TestQuotedPathKeys(t *testing.T) {
	n := mustRules(t, `[{"id":"c","tools":["*"],"type":"type_coerce","path":"opts[\"x.y\"]","coerce_to":"int"},
	 {"id":"t","tools":["*"],"type":"type_coerce","path":"[\"a[0]\"].n","coerce_to":"bool"},
	 {"id":"a","tools":["*"],"type":"param_alias","path":"opts[\"x:y\"]","to":"[\"x.y\"]"},
	 {"id":"m","tools":["*"],"type":"json_accept_both","path":"[\"m{}\"]","to":"native"}]`)
	for _, tc := range []struct{ in, want string }{
		{`{"opts":{"x.y":"5"}}`, `{"opts":{"x.y":5}}`},
		{`{"opts":{"x:y":"7"}}`, `{"opts":{"x.y":7}}`},
		{`{"a[0]":{"n":"yes"}}`, `{"a[0]":{"n":true}}`},
		{`{"m{}":"{\"k\":1}","opts":{"x":"5"}}`, `{"m{}":{"k":1},"opts":{"x":"5"}}`},
	} {
		out, _, err := n.NormalizeJSON("t", []byte(tc.in))
		if err != nil || string(out) != tc.want {
			t.Errorf("%s: %s, %v; want %s", tc.in, out, err, tc.want)
		}
	}
	for _, tc := range []struct{ rules, want string }{
		{`[{"id":"c","tools":["*"],"type":"type_coerce","path":"opts[\"x.y","coerce_to":"int"}]`, `does not end in "]`},
		{`[{"id":"a","tools":["*"],"type":"param_alias","path":"opts.z","to":"x.y"}]`, `must be a member name`},
	} {
		if _, err := LoadRules(strings.NewReader(tc.rules), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want an error with %q", tc.rules, err, tc.want)
		}
	}
	if got := rulespec.PathKey("opts", "x.y") + " " + rulespec.PathKey("", "a[0]") + " " + rulespec.PathKey("retry", "attempts"); got != `opts["x.y"] ["a[0]"] retry.attempts` {
		t.Errorf("rulespec.PathKey: %s", got)
	}
}
