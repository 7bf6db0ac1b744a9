package lenient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// screenRules use every rule type at the top level and through paths,
// on keys chosen to meet in the screen's hash: long keys that share
// their length and first and last 8 bytes, keys of every short length,
// a key longer than the screen's length bits. The defaults of absent keys
// are the tools d's and e's alone: for other tools the screen has to
// read values.
const screenRules = `[
 {"id":"a","tools":["*"],"type":"param_alias","from":"old","to":"new"},
 {"id":"a2","tools":["*"],"type":"param_alias","from":"older","to":"new"},
 {"id":"ap","tools":["*"],"type":"param_alias","path":"s[].tries","to":"n"},
 {"id":"d","tools":["d"],"type":"param_default","from":"k","value":1},
 {"id":"de","tools":["e"],"type":"param_default","from":"ke","value":"x","when":"absent_or_empty"},
 {"id":"dp","tools":["*"],"type":"param_default","path":"m{}.k","value":7,"when":"absent_or_empty"},
 {"id":"w","tools":["*"],"type":"wrap","from":"labels"},
 {"id":"w2","tools":["*"],"type":"wrap","from":"tags"},
 {"id":"lk","tools":["*"],"type":"type_coerce","from":"a_key_of_seventy_bytes_that_is_longer_than_the_length_bits_of_a_screen","coerce_to":"bool"},
 {"id":"dl","tools":["d"],"type":"param_default","from":"default_for_the_long_key_value","value":true},
 {"id":"ci","tools":["*"],"type":"type_coerce","from":"count_for_the_items_total","coerce_to":"int"},
 {"id":"cl","tools":["*"],"type":"type_coerce","from":"count_for_the_other_total","coerce_to":"int_literal"},
 {"id":"cb","tools":["t"],"type":"type_coerce","from":"b","coerce_to":"bool"},
 {"id":"cs","tools":["*"],"type":"type_coerce","from":"bs","coerce_to":"bool_strict"},
 {"id":"cf","tools":["*"],"type":"type_coerce","path":"labels[]","coerce_to":"float"},
 {"id":"u","tools":["*"],"type":"unescape","from":"text"},
 {"id":"jn","tools":["*"],"type":"json_accept_both","from":"sj","to":"native"},
 {"id":"jt","tools":["*"],"type":"json_accept_both","from":"raw"},
 {"id":"v","tools":["*"],"type":"value_alias","from":"op","value":{"cp":"copy"}},
 {"id":"na","tools":["*"],"type":"nested_alias","in_payload":"p","array_path":"x.items[]","from":"o","to":"q"},
 {"id":"nd","tools":["u"],"type":"nested_default","in_payload":"p","array_path":"[]","from":"q","value":"z"}
]`

// screenKeys are the keys random arguments are made of: the rules' keys
// and targets, others of the same lengths, escaped spellings.
var screenKeys = []string{
	"old", "older", "new", "n", "s", "sj", "k", "ke", "m", "labels", "b", "bs", "text", "raw", "op", "p",
	"count_for_the_items_total", "count_for_the_other_total", "count_for_the_items_tota1", "count_for_the_XXXXX_total",
	"tags", "default_for_the_long_key_value", "default_XXX_the_long_key_value", "count_for_XXX_other_total",
	"a_key_of_seventy_bytes_that_is_longer_than_the_length_bits_of_a_screen",
	"a", "kk", "olx", "path", "limit", "pattern", "labelz", "textual", "é", `\u006fld`, `ra\u0077`, `k\u0065`,
	"force", "dry_run", "count_only", "whole_word", "recursive", "permanent", "edits_json", "old_str", "old_text",
	"pipeline_json", "include_content", "include_context",
}

var screenValues = []string{
	`""`, `"x"`, `"5"`, `"5.0"`, `"yes"`, `"true"`, `"cp"`, `"a\\nb"`, `"[1,\"2\"]"`, `"{\"k\":null}"`,
	`"{\"x\":{\"items\":[{\"o\":1}]}}"`, `"[{\"q\":\"\"},{}]"`, `"[{\"tries\":1}]"`,
	`5`, `5.0`, `1e3`, `-0`, `12345678901234567890`, `true`, `false`, `null`,
	`[]`, `[1,"2"]`, `["cp"]`, `[{"tries":2,"n":1}]`, `{}`, `{"a":{"k":null},"b":{"k":3}}`, `{"x":{"items":[{"o":1}]}}`,
}

// randomArgs makes an arguments object of up to maxKeys members from the
// screen's keys and values (no key twice), with random white space.
func randomArgs(r *rand.Rand, maxKeys int) []byte {
	var b bytes.Buffer
	ws := func() {
		if r.IntN(4) == 0 {
			b.WriteString(" \n\t"[:1+r.IntN(3)])
		}
	}
	ws()
	b.WriteByte('{')
	seen := map[string]bool{}
	for i, n := 0, r.IntN(maxKeys+1); i < n; i++ {
		k := screenKeys[r.IntN(len(screenKeys))]
		text := string(keyText([]byte(`"` + k + `"`)))
		if seen[text] {
			continue
		}
		seen[text] = true
		if len(seen) > 1 {
			b.WriteByte(',')
		}
		ws()
		fmt.Fprintf(&b, `"%s"`, k)
		ws()
		b.WriteByte(':')
		ws()
		b.WriteString(screenValues[r.IntN(len(screenValues))])
		ws()
	}
	b.WriteByte('}')
	ws()
	return b.Bytes()
}

// TestScreenExact: NormalizeJSON, which skips the rules when its screen
// says none can apply, returns exactly what applying every rule returns,
// for random arguments of few and of many members (more than the
// validation records), for tools with their own rules and without.
func TestScreenExact(t *testing.T) {
	rules, err := LoadRules(strings.NewReader(screenRules), nil)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := LoadRulesFile("testdata/rules/filesystem.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	sets := map[string]*Normalizer{}
	for name, rs := range map[string][]Rule{"screen": rules, "filesystem": fs} {
		if sets[name], err = NewNormalizer(rs); err != nil {
			t.Fatal(err)
		}
	}
	tools := []string{"t", "u", "d", "e", "other", "edit_file", "search_files", "batch_operations", "multi_edit"}
	r := rand.New(rand.NewPCG(1, 2))
	skipped, applied := map[string]int{}, map[string]int{}
	for i := 0; i < 20000; i++ {
		maxKeys := 8
		if i%10 == 0 {
			maxKeys = 40
		}
		in := randomArgs(r, maxKeys)
		if err := Valid(in); err != nil {
			t.Fatalf("test input %s: %v", in, err)
		}
		for name, n := range sets {
			tool := tools[r.IntN(len(tools))]
			out, got, err := n.NormalizeJSON(tool, in)
			if err != nil {
				t.Fatalf("%s %s %s: %v", name, tool, in, err)
			}
			wantOut, want := n.rulesFor(tool).applyJSON(in)
			if !bytes.Equal(out, wantOut) || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s %s %s:\n got  %s %+v\n want %s %+v", name, tool, in, out, got, wantOut, want)
			}
			var m rootMembers
			v := validator{rec: &m}
			m.ok = true
			v.valid(in)
			if n.rulesFor(tool).screen.applies(in, &m) {
				applied[name]++
			} else {
				skipped[name]++
			}
		}
	}
	for name := range sets {
		if skipped[name] < 2000 || applied[name] < 2000 {
			t.Errorf("%s: the screen skipped %d calls and passed %d: the test inputs do not exercise it", name, skipped[name], applied[name])
		}
	}
}

// TestScreenManyKeys: a rule set reading more keys than the screen
// indexes takes the rules' path for every call, with the same results.
func TestScreenManyKeys(t *testing.T) {
	var rules []Rule
	for i := range maxScreenKeys + 1 {
		rules = append(rules, Rule{ID: fmt.Sprint(i), Tools: []string{"*"}, Type: RuleTypeCoerce, From: fmt.Sprint("k", i), CoerceTo: "int"})
	}
	n, err := NewNormalizer(rules)
	if err != nil {
		t.Fatal(err)
	}
	if !n.wildcard.screen.all {
		t.Fatal("the screen indexes more keys than it may")
	}
	out, applied, err := n.NormalizeJSON("t", []byte(`{"k0":1,"k256":"2","x":"3"}`))
	if string(out) != `{"k0":1,"k256":2,"x":"3"}` || len(applied) != 1 || err != nil {
		t.Errorf("got %s %+v %v", out, applied, err)
	}
	in := []byte(`{"k0":1,"k256":2,"x":"3"}`)
	if out, applied, _ := n.NormalizeJSON("t", in); &out[0] != &in[0] || applied != nil {
		t.Errorf("nothing to do: got %s %+v", out, applied)
	}
}

// TestNormalizeJSONErrors: NormalizeJSON reports malformed arguments,
// keys given twice and non-objects as before its screen: Valid's error,
// or ErrNotObject.
func TestNormalizeJSONErrors(t *testing.T) {
	n := builtin(t)
	inputs := []string{``, ` `, `{`, `{"a":1,"a":2}`, `{"a":{"b":1,"b":2}}`, `{"a":1,"\u0061":2}`, `[1,{"x":1,"x":1}]`,
		`{"force":"yes",}`, `{"force":"yes"} x`, `{"a":tru}`, `{"a":"\x"}`, "{\"a\":\"\xff\"}", `[]`, `"x"`, `1`, `null`}
	files, _ := filepath.Glob("testdata/JSONTestSuite/test_parsing/*.json")
	if len(files) < 300 {
		t.Fatalf("%d JSONTestSuite files", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		_, applied, err := n.NormalizeJSON("search_files", []byte(in))
		want := Valid([]byte(in))
		if want == nil {
			if i := skipSpace([]byte(in), 0); in[i] != '{' {
				want = fmt.Errorf("%w, not %s", ErrNotObject, jsonKind([]byte(in)[i:]))
			}
		}
		if fmt.Sprint(err) != fmt.Sprint(want) || reflect.TypeOf(err) != reflect.TypeOf(want) || want != nil && applied != nil {
			t.Errorf("%.60q: got %v, want %v", in, err, want)
		}
	}
}

// TestNormalizeNoRuleAllocs: with the 15 built-in rules, a call no rule
// applies to allocates nothing, through both entry points.
func TestNormalizeNoRuleAllocs(t *testing.T) {
	n := builtin(t)
	raw := []byte(`{"path":"a","pattern":"b","limit":5,"offset":1,"count_only":true,"whole_word":false,"case_sensitive":true,"recursive":true,"include_content":false,"return_lines":true}`)
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"search_files", "edit_file", "unknown_tool"} {
		if a := testing.AllocsPerRun(100, func() { n.NormalizeJSON(tool, raw) }); a != 0 {
			t.Errorf("NormalizeJSON %s: %v allocs, want 0", tool, a)
		}
		if a := testing.AllocsPerRun(100, func() { n.Normalize(tool, m) }); a != 0 {
			t.Errorf("Normalize %s: %v allocs, want 0", tool, a)
		}
	}
}
