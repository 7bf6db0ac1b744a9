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

// Types of TestMirrorEmbeddingDepth: X is promoted from M1 (depth 1) over
// L1.L2 (depth 2), as Go's rule reads it; Y is hidden at depth 1 (two
// there), so the deeper N1.N2.Y does not take its place. (Untagged: vet
// reports a json tag repeated through embedding.)
type (
	depthL2    struct{ X int }
	depthL1    struct{ depthL2 }
	depthM1    struct{ X string }
	depthY1    struct{ Y int }
	depthY2    struct{ Y int }
	depthN2    struct{ Y string }
	depthN1    struct{ depthN2 }
	depthInput struct {
		depthL1
		depthM1
		depthY1
		depthY2
		depthN1
	}
)

// TestMirrorEmbeddingDepth: the mirror encoding/json decodes into reads
// an embedded struct's fields as encoding/json reads the type itself:
// by Go's depth rule, where it set both X aside (a false "values differ").
func TestMirrorEmbeddingDepth(t *testing.T) {
	m := &mirrorer{done: map[mirrorKey]reflect.Type{}, names: map[string]bool{}, pkg: reflect.TypeFor[depthInput]().PkgPath()}
	mt, err := m.mirror(reflect.TypeFor[depthInput]())
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{`{"X":"s","Y":1}`, `{"Y":"t"}`} {
		var want depthInput
		errWant := json.Unmarshal([]byte(in), &want)
		got := reflect.New(mt)
		errGot := json.Unmarshal([]byte(in), got.Interface())
		wantJSON, _ := json.Marshal(want)
		gotJSON, _ := json.Marshal(got.Interface())
		if string(wantJSON) != string(gotJSON) || (errWant == nil) != (errGot == nil) {
			t.Errorf("%s: mirror %s %v, encoding/json %s %v", in, gotJSON, errGot, wantJSON, errWant)
		}
	}
}
