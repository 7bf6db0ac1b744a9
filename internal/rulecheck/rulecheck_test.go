package rulecheck

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// TestCorpusSeeds: the generator draws on the shared corpus, and every
// call it makes is a JSON object.
func TestCorpusSeeds(t *testing.T) {
	if len(corpus()["int8"]) == 0 || len(corpus()["[]int_wrap"]) == 0 {
		t.Fatalf("shared corpus not read: %v", corpus())
	}
	type in struct {
		N    int8     `json:"n"`
		Tags []string `json:"tags" norm:"wrap"`
	}
	g := NewGen(reflect.TypeOf(in{}), rand.New(rand.NewSource(1)))
	seen := false
	for i := 0; i < 2000; i++ {
		args := g.Args()
		var m map[string]json.RawMessage
		if err := json.Unmarshal(args, &m); err != nil && !strings.Contains(err.Error(), "duplicate") {
			t.Fatalf("not an object: %s (%v)", args, err)
		}
		if string(m["n"]) == `"300"` { // int8's corpus value (class a)
			seen = true
		}
	}
	if !seen {
		t.Errorf("no corpus value for int8 in 2000 calls")
	}
}

// TestCheckFindsAGap: a tool whose rules miss a coercion fails the check
// with the call, the normalized call and what strict decoding says.
func TestCheckFindsAGap(t *testing.T) {
	type in struct {
		N int `json:"n"`
	}
	tool := lenient.Tool{Name: "t", Decode: func(b []byte) (any, []lenient.Fix, error) {
		var v in
		var d lenientimpl.Decoder
		if !d.Start(b, true) {
			return &v, nil, d.Err()
		}
		var it lenientimpl.ObjectIter
		it.Reset(b)
		for d.Next(&it) {
			if string(it.Key) == "n" {
				v.N = int(d.Int(it.Value, "n", 64, 0))
			}
		}
		return &v, d.Fixes(), d.Err()
	}}
	c, err := New([]lenient.Tool{tool})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Check(0, []byte(`{"n":5}`)); err != nil {
		t.Errorf("clean call: %v", err)
	}
	err = c.Check(0, []byte(`{"n":"5"}`))
	if err == nil || !strings.Contains(err.Error(), "verdicts differ") || !strings.Contains(err.Error(), "string_to_int") {
		t.Errorf("a missing coercion rule: %v", err)
	}
}

// TestNearKeys: the near generator's unknown keys include a sibling, a
// word more and fewer, another spelling style, a typo and another letter
// case, and never a field's own key.
func TestNearKeys(t *testing.T) {
	type in struct {
		IssueNumber int    `json:"issue_number"`
		Title       string `json:"title" norm:"alias=summary"`
	}
	keys := nearKeys(fieldsOf(reflect.TypeOf(in{})))
	for _, want := range []string{"issue_title", "title_text", "summary_id", "number", "issueNumber", "issue_numbe", "Title"} {
		if !slices.Contains(keys, want) {
			t.Errorf("no %s among %q", want, keys)
		}
	}
	for _, own := range []string{"issue_number", "title", "summary"} {
		if slices.Contains(keys, own) {
			t.Errorf("a field's own key %s among the near keys", own)
		}
	}
}

// TestReaches: a decoder path is under a rule path, through arrays, maps
// and a recursive group.
func TestReaches(t *testing.T) {
	for _, tc := range []struct {
		rule, path string
		want       bool
	}{
		{"", "x", true},
		{"", "a.x", false},
		{"items[]", "items[2].x", true},
		{"items[]", "items.x", false},
		{"labels{}", `labels["a.b"].x`, true},
		{"root(.children[])*", "root.x", true},
		{"root(.children[])*", "root.children[0].children[3].x", true},
		{"root(.children[])*", "root.children.x", false},
	} {
		if got := looksAt([]lenient.Rule{{Type: lenient.RuleMisnamedKey, Path: tc.rule}}, tc.path); got != tc.want {
			t.Errorf("a rule at %q looks at %s: %v, want %v", tc.rule, tc.path, got, tc.want)
		}
	}
}
