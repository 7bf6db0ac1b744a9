package lenient

import (
	"encoding/json"
	"strings"
	"testing"
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
		{RuleID: "n", Type: RuleJSONAcceptBoth, Param: "tags", From: `"[\"a\", 5]"`, To: `["a", 5]`},
		{RuleID: "t", Type: RuleJSONAcceptBoth, Param: "raw", From: `{"k":[1,2]}`, To: `"{\"k\":[1,2]}"`},
		{RuleID: "p", Type: RuleJSONAcceptBoth, Param: "w.ids", From: `"[1]"`, To: `[1]`},
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
