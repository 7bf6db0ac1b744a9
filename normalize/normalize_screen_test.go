package normalize

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
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
 {"id":"nd","tools":["u"],"type":"nested_default","in_payload":"p","array_path":"[]","from":"q","value":"z"},
 {"id":"ab","tools":["*"],"type":"absent","from":"kk","value":[null,""]},
 {"id":"an","tools":["e"],"type":"absent","from":"a","value":[null]},
 {"id":"dn","tools":["d"],"type":"param_default","from":"limit","value":5,"when":"absent_or_null"},
 {"id":"sp","tools":["*"],"type":"split","from":"tags","value":","},
 {"id":"ec","tools":["*"],"type":"enum_case","from":"op","value":["copy","Move"]},
 {"id":"gr","tools":["*"],"type":"type_coerce","path":"s[](.kids[])*.n","coerce_to":"int"}
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
	"pipeline_json", "include_content", "include_context", "kids",
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
		text := string(jsonwire.KeyText([]byte(`"` + k + `"`)))
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
	values, ints := valueRules(rules)
	for name, rs := range map[string][]lenient.Rule{"screen": rules, "filesystem": fs, "values": values, "ints": ints} {
		if sets[name], err = New(rs); err != nil {
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
		if err := jsonwire.Valid(in); err != nil {
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
			if screenAnswer(t, &n.rulesFor(tool).screen, in) {
				applied[name]++
			} else {
				skipped[name]++
			}
		}
	}
	for name := range sets {
		least := 2000
		if name == "ints" {
			least = 100 // one key, and a number that is not a plain integer
		}
		if skipped[name] < least || applied[name] < least {
			t.Errorf("%s: the screen skipped %d calls and passed %d: the test inputs do not exercise it", name, skipped[name], applied[name])
		}
	}
}

// valueRules are rules without the defaults and aliases (a screen with
// no key whose presence counts), and intRules those of them that read
// numbers alone (a screen for which a number's kind does not suffice).
func valueRules(rules []lenient.Rule) (values, ints []lenient.Rule) {
	for _, r := range rules {
		if k := rulespec.Kind(&r); k != lenient.RuleParamAlias && k != lenient.RuleParamDefault {
			values = append(values, r)
			if r.CoerceTo == "int_literal" {
				ints = append(ints, r)
			}
		}
	}
	return values, ints
}

// screenAnswer returns the screen's answer for the validated arguments
// in, after checking that it is the answer of the screen's general path,
// which looks every member's key up (no member passed over by its key's
// length or its value's kind).
func screenAnswer(t testing.TB, s *screen, in []byte) bool {
	t.Helper()
	m, err := jsonwire.Validate(in)
	if err != nil {
		t.Fatalf("%s: %v", in, err)
	}
	general := *s
	general.lens, general.counted, general.kinds = ^uint64(0), ^uint64(0), ^uint8(0)
	got, want := s.applies(in, &m), general.applies(in, &m)
	if got != want {
		t.Fatalf("%s: the screen says %v, its general path %v", in, got, want)
	}
	return got
}

// untested is n with its rules' tests of their top-level members off:
// Normalize's general path, which calls every rule.
func untested(n *Normalizer) *Normalizer {
	off := func(rs *ruleSet) *ruleSet {
		c := &ruleSet{rules: slices.Clone(rs.rules), screen: rs.screen}
		for i := range c.rules {
			c.rules[i].tested = false
		}
		return c
	}
	idx := n.rules.Load()
	g := &ruleIndex{byTool: map[string]*ruleSet{}, wildcard: off(idx.wildcard)}
	for tool, rs := range idx.byTool {
		g.byTool[tool] = off(rs)
	}
	stats, _ := newStatsRecorder(config{}) // in memory: no error
	out := &Normalizer{stats: stats}
	out.rules.Store(g)
	return out
}

// mapAnswer checks that Normalize on the arguments in (decoded with
// json.Number, and with float64 and values of other Go types) makes the
// value and the records its general path (general) makes.
func mapAnswer(t testing.TB, n, general *Normalizer, tool string, in []byte) {
	t.Helper()
	var plain map[string]any
	if err := json.Unmarshal(in, &plain); err != nil {
		// Valid JSON that encoding/json does not decode into a map: a
		// number past float64's range (1e700). No map to normalize.
		return
	}
	odd := map[string]any{}
	for k, v := range plain {
		switch x := v.(type) {
		case float64:
			odd[k] = int(x)
		case []any:
			odd[k] = []string{fmt.Sprint(x)}
		case map[string]any:
			odd[k] = map[string]string{"k": fmt.Sprint(x)}
		default:
			odd[k] = v
		}
	}
	for _, decode := range []func() map[string]any{
		func() map[string]any { return decodeAny(in).(map[string]any) },
		func() map[string]any { var m map[string]any; json.Unmarshal(in, &m); return m },
		func() map[string]any { return maps.Clone(odd) },
	} {
		got, gotApplied := n.Normalize(tool, decode())
		want, wantApplied := general.Normalize(tool, decode())
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(byRule(gotApplied), byRule(wantApplied)) {
			t.Fatalf("Normalize %s %s:\n got  %#v %+v\n want %#v %+v", tool, in, got, gotApplied, want, wantApplied)
		}
	}
}

// byRule sorts records within each rule's run (Normalize walks a map's
// members in no fixed order).
func byRule(as []Applied) []string {
	var out []string
	start := 0
	for i := range as {
		out = append(out, fmt.Sprintf("%+v", as[i]))
		if i+1 == len(as) || as[i+1].RuleID != as[i].RuleID {
			sort.Strings(out[start:])
			start = i + 1
		}
	}
	return out
}

// FuzzScreen: on any arguments object the screen of each rule set of the
// test rules, the fuzz rules and the built-in rules answers as its general
// path does, NormalizeJSON returns what applying every rule returns, and
// Normalize, which tests a rule's top-level member before its call, does
// what calling every rule does.
func FuzzScreen(f *testing.F) {
	var sets []*Normalizer
	for _, text := range []string{screenRules, fuzzRules} {
		rules, err := LoadRules(strings.NewReader(text), nil)
		if err != nil {
			f.Fatal(err)
		}
		values, ints := valueRules(rules)
		for _, rs := range [][]lenient.Rule{rules, values, ints} {
			if len(rs) == 0 {
				continue
			}
			n, err := New(rs)
			if err != nil {
				f.Fatal(err)
			}
			sets = append(sets, n)
		}
	}
	sets = append(sets, builtin(f))
	tools := []string{"t", "u", "d", "e", "other", "edit_file", "search_files", "batch_operations", "multi_edit", "delete_file", "list_directory"}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 40; i++ {
		f.Add(randomArgs(r, 8+i%2*32))
	}
	for _, s := range []string{
		`{"path":"a","pattern":"b","limit":5,"offset":1,"count_only":true,"whole_word":false,"case_sensitive":true,"recursive":true,"include_content":false,"return_lines":true}`,
		`{"path":"a","pattern":"b","limit":5,"offset":1,"count_only":"true","whole_word":"no","case_sensitive":true,"recursive":"1","include_content":false,"return_lines":true}`,
		`{"old":"1","b":"yes","labels":"2.5","s":"[{\"tries\":\"3\",\"op\":\"cp\"},\"{}\"]"}`,
		`{"m":{"a":{"t":"x\\ny"},"b":"{\"k\":null}"},"raw":[1,{"<":">"}],"p":"{\"x\":{\"items\":[{\"o\":1},{}]}}"}`,
		`{"s":[{"id":"","n":5.0},{"n":"1e3"},{"n":" 7"}],"labels":["1","x",null]}`,
		`{"new":1,"old":2,"labels":null,"b":1}`,
		`{"ke":null,"count_for_the_items_total":1.5,"\u006fld":"x","k\u0065":""}`,
	} {
		f.Add([]byte(s))
	}
	var generals []*Normalizer
	for _, n := range sets {
		generals = append(generals, untested(n))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if jsonwire.Valid(in) != nil || in[jsonwire.SkipSpace(in, 0)] != '{' {
			return
		}
		for i, n := range sets {
			for _, tool := range tools {
				mapAnswer(t, n, generals[i], tool, in)
				screenAnswer(t, &n.rulesFor(tool).screen, in)
				out, got, err := n.NormalizeJSON(tool, in)
				wantOut, want := n.rulesFor(tool).applyJSON(in)
				if err != nil || !bytes.Equal(out, wantOut) || !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %s:\n got  %s %+v %v\n want %s %+v", tool, in, out, got, err, wantOut, want)
				}
			}
		}
	})
}

// TestScreenManyKeys: a rule set reading more keys than the screen
// indexes takes the rules' path for every call, with the same results.
func TestScreenManyKeys(t *testing.T) {
	var rules []lenient.Rule
	for i := range maxScreenKeys + 1 {
		rules = append(rules, lenient.Rule{ID: fmt.Sprint(i), Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: fmt.Sprint("k", i), CoerceTo: "int"})
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	if !n.rules.Load().wildcard.screen.all {
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
// or ErrNotObject; null arguments are {} (TestNullArguments).
func TestNormalizeJSONErrors(t *testing.T) {
	n := builtin(t)
	inputs := []string{``, ` `, `{`, `{"a":1,"a":2}`, `{"a":{"b":1,"b":2}}`, `{"a":1,"\u0061":2}`, `[1,{"x":1,"x":1}]`,
		`{"force":"yes",}`, `{"force":"yes"} x`, `{"a":tru}`, `{"a":"\x"}`, "{\"a\":\"\xff\"}", `[]`, `"x"`, `1`, `null`}
	files, _ := filepath.Glob("../runtime/lenientimpl/testdata/JSONTestSuite/test_parsing/*.json")
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
		if strings.Trim(in, " \t\r\n") == "null" {
			if err != nil {
				t.Errorf("%q: %v, want the arguments read as {}", in, err)
			}
			continue
		}
		want := jsonwire.Valid([]byte(in))
		if want == nil {
			if i := jsonwire.SkipSpace([]byte(in), 0); in[i] != '{' {
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
