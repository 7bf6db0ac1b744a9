package normalize

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// Review of 64a3982 (the normalizer's no-rule paths: the screen's kinds
// and counted lengths, Normalize's per-rule test) and 479af24
// (Decoder.String shares the bytes of a string of the Decoder's own text
// that is neither plain nor unquoted by the validator).
//
// testdata/review_norule/golden.jsonl holds random rule sets, arguments
// and documents with what the code at bc9cedf, before both commits, gave
// for them: NormalizeJSON's bytes, records and error; Normalize's result
// and records on the arguments decoded with json.Unmarshal, with
// UseNumber, and with some values of Go types a decoded object does not
// hold; the statistics counters; the typed methods' walk of each
// document. It was written by copying this file into a worktree at
// bc9cedf and running there
//
//	REVIEW_NORULE_WRITE=1 go test -run TestReviewNoRuleGolden ./lenient
//
// Four lines hold what the code gives where it departs from bc9cedf on
// purpose: a wrap leaves a value of a Go type that is a string holding
// JSON array text ("[1]" as a json.RawMessage, the "G" results) as it
// is, as it leaves the same string in a call's JSON (and the statistics
// line of their set counts the normalized calls so); and nine more where
// an alias and its target are given with the same value, one value sent
// twice, which the alias rule now merges (the statistics line of their
// set counts its hits so). The inputs are
// stored, so the test does not depend on the generator's random
// sequence. The cases kept are small ones: half of each random
// set's where a rule applied, half where none did (the no-rule paths),
// and fixed ones aimed at the screen's kinds and counted lengths (alias
// and default keys, plain and escaped, given values of kinds no rule
// reads) and at strings of bytes outside ASCII without an escape, valid
// UTF-8 or not, in a document and in JSON text sent in a string.
//
// Generators like these (a few keys fewer, values nested one level
// deeper, no length bound), run on the code at bc9cedf and at 1ab7c0a
// (which has both commits) side by side on 1,000,000 arguments objects
// and 500,000 documents, found no difference in any output.

const reviewNoRuleGolden = "testdata/review_norule/golden.jsonl"

var nrKeys = []string{"a", "b", "n", "s", "m", "p", "x", "old", "new", "older", "labels", "tags", "text", "raw", "op", "k", "id", "q", "o",
	"force", "count", "limit", "sj", "é", "ab", "abc", "items", "steps", "t",
	"count_for_the_items_total", "count_for_the_items_tota1", "a_key_of_seventy_bytes_that_is_longer_than_the_length_bits_of_a_screen",
	"a_key_of_seventy_bytes_that_is_longer_than_the_length_bits_of_a_scree", "k63_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "", "日本", "ol", "olx", "ne",
	"dry_run", "recursive", "old_str", "new_text", "edits_json", "pipeline_json", "whole_word"}

// nrEscaped spells some keys with escapes (non-plain keys in the screen).
var nrEscaped = map[string]string{"old": `\u006fld`, "a": `\u0061`, "labels": `label\u0073`, "n": `\u006e`, "k": `\u006b`, "s": `\u0073`, "é": `\u00e9`, "raw": `ra\u0077`}

var nrPaths = []string{"s[].n", "s[].id", "m{}.k", "labels[]", "s[]", "p.x", "m{}.t", "s[].op", "x.items[].o", "a.b", "m{}", "s[].tries", "p.items[].q", "tags[]"}

func nrKey(r *rand.Rand) string { return nrKeys[r.IntN(len(nrKeys))] }

// nrRule returns a random rule of any type, top-level or on a path.
func nrRule(r *rand.Rand, i int) lenient.Rule {
	ru := lenient.Rule{ID: "r" + strconv.Itoa(i)}
	ru.Tools = [][]string{{"*"}, {"*"}, {"*"}, {"t"}, {"u"}, {"t", "u"}}[r.IntN(6)]
	usePath := r.IntN(3) == 0
	from := func() {
		if usePath {
			ru.Path = nrPaths[r.IntN(len(nrPaths))]
		} else {
			ru.From = nrKey(r)
		}
	}
	vals := []string{`1`, `"x"`, `true`, `null`, `""`, `"s-{{index}}"`, `[1]`, `{"a":1}`, `5.0`}
	switch r.IntN(10) {
	case 0:
		ru.Type = lenient.RuleParamAlias
		if usePath {
			ru.Path = []string{"s[].tries", "m{}.k", "p.x", "s[].o", "a.b"}[r.IntN(5)]
		} else {
			ru.From = nrKey(r)
		}
		ru.To = nrKey(r)
	case 1:
		ru.Type = lenient.RuleParamDefault
		if usePath {
			ru.Path = []string{"s[].id", "m{}.k", "p.x", "a.b", "s[].n"}[r.IntN(5)]
		} else {
			ru.From = nrKey(r)
		}
		ru.Value = json.RawMessage(vals[r.IntN(len(vals))])
		ru.When = []string{"", lenient.WhenAbsent, lenient.WhenAbsentOrEmpty}[r.IntN(3)]
	case 2, 3:
		ru.Type = lenient.RuleTypeCoerce
		from()
		ru.CoerceTo = []string{"", "bool", "bool_strict", "int", "int_literal", "float"}[r.IntN(6)]
	case 4:
		ru.Type = lenient.RuleJSONAcceptBoth
		from()
		if r.IntN(2) == 0 {
			ru.To = "native"
		}
	case 5:
		ru.Type = lenient.RuleWrap
		from()
	case 6:
		ru.Type = lenient.RuleUnescape
		from()
	case 7:
		ru.Type = lenient.RuleValueAlias
		ru.Value = json.RawMessage(`{"cp":"copy","rm":"remove","1":"one"}`)
		if r.IntN(4) == 0 {
			ru.InPayload = nrKey(r)
			ru.ArrayPath = []string{"[]", "items[]", "x.items[]"}[r.IntN(3)]
			ru.From = nrKey(r)
		} else {
			from()
		}
	case 8:
		ru.Type = lenient.RuleNestedAlias
		ru.InPayload = nrKey(r)
		ru.ArrayPath = []string{"[]", "items[]", "x.items[]", "steps[]"}[r.IntN(4)]
		ru.From, ru.To = nrKey(r), nrKey(r)
	default:
		ru.Type = lenient.RuleNestedDefault
		ru.InPayload = nrKey(r)
		ru.ArrayPath = []string{"[]", "items[]", "x.items[]", "steps[]"}[r.IntN(4)]
		ru.From = nrKey(r)
		ru.Value = json.RawMessage(vals[r.IntN(len(vals))])
		ru.When = []string{"", lenient.WhenAbsent, lenient.WhenAbsentOrEmpty}[r.IntN(3)]
	}
	return ru
}

// nrRules returns a valid random rule set; sparse ones mostly leave out
// top-level aliases and defaults, whose keys' presence makes the screen
// read every member.
func nrRules(r *rand.Rand, sparse bool) []lenient.Rule {
	var rules []lenient.Rule
	n := 1 + r.IntN(8)
	for i := 0; len(rules) < n && i < 60; i++ {
		ru := nrRule(r, i)
		if sparse && (ru.Type == lenient.RuleParamAlias || ru.Type == lenient.RuleParamDefault) && ru.Path == "" && r.IntN(8) != 0 {
			continue
		}
		try := append(append([]lenient.Rule(nil), rules...), ru)
		if ValidateRules(try, nil) == nil {
			rules = try
		}
	}
	return rules
}

func nrQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

var nrScalars = []string{`""`, `"x"`, `"5"`, `"5.0"`, `" 5 "`, `"-3"`, `"yes"`, `"no"`, `"true"`, `"false"`, `"1"`, `"0"`, `"cp"`, `"rm"`, `"a\\nb"`, `"a\\tb"`, `"a\nb\\n"`, `"\u00e9"`, `"é"`, `"\ud800"`,
	`5`, `5.0`, `-5`, `1e3`, `1E3`, `1.5`, `-0`, `0`, `12345678901234567890`, `1e400`, `2.50`, `true`, `false`, `null`, `"null"`, `"[]"`, `"{}"`, `" [1] "`, `"[1"`, `"{\"a\":"`}

// nrValue returns a random JSON value: every kind, JSON text in strings.
func nrValue(r *rand.Rand, depth int) string {
	k := r.IntN(10)
	if depth > 2 {
		k = 9
	}
	switch k {
	case 0, 1:
		var parts []string
		for range r.IntN(4) {
			parts = append(parts, nrValue(r, depth+1))
		}
		return "[" + strings.Join(parts, ",") + "]"
	case 2, 3:
		return nrObject(r, depth+1, 4)
	case 4:
		return nrQuote(nrValue(r, depth+1))
	default:
		return nrScalars[r.IntN(len(nrScalars))]
	}
}

// nrObject returns a random object of up to maxKeys members, keys
// sometimes escaped, rarely given twice.
func nrObject(r *rand.Rand, depth, maxKeys int) string {
	var b strings.Builder
	b.WriteByte('{')
	seen := map[string]bool{}
	for i, n := 0, r.IntN(maxKeys+1); i < n; i++ {
		k := nrKey(r)
		if seen[k] && r.IntN(40) != 0 {
			continue
		}
		seen[k] = true
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		if r.IntN(8) == 0 {
			b.WriteString(" \n")
		}
		if e, ok := nrEscaped[k]; ok && r.IntN(3) == 0 {
			b.WriteString(`"` + e + `"`)
		} else {
			b.WriteString(nrQuote(k))
		}
		b.WriteByte(':')
		b.WriteString(nrValue(r, depth))
	}
	b.WriteByte('}')
	return b.String()
}

// nrArgs returns random arguments: mostly objects, some of more members
// than the validation records, some cut short or not objects.
func nrArgs(r *rand.Rand) string {
	switch r.IntN(30) {
	case 0:
		return nrValue(r, 2)
	case 1:
		in := nrObject(r, 0, 6)
		return in[:r.IntN(len(in)+1)]
	}
	in := nrObject(r, 0, []int{7, 7, 7, 30}[r.IntN(4)])
	if r.IntN(6) == 0 {
		in = " " + in + "\n"
	}
	return in
}

func nrApplied(as []Applied, sorted bool) string {
	var s []string
	for _, a := range as {
		b, _ := json.Marshal(a)
		s = append(s, string(b))
	}
	if sorted {
		sort.Strings(s) // a decoded object's members come in any order
	}
	return strings.Join(s, " ")
}

// nrNormalize is what both entry points give for the arguments in.
func nrNormalize(n *Normalizer, tool, in string) []string {
	out, ap, err := n.NormalizeJSON(tool, []byte(in))
	o := string(out)
	if o == in {
		o = "=" // unchanged
	}
	lines := []string{fmt.Sprintf("J %s %s %v", o, nrApplied(ap, false), err)}
	m := func(name string, args map[string]any) {
		got, ap := n.Normalize(tool, args)
		b, err := json.Marshal(got)
		lines = append(lines, fmt.Sprintf("%s %s %s %v", name, b, nrApplied(ap, true), err))
	}
	for _, num := range []bool{false, true} {
		dec := json.NewDecoder(strings.NewReader(in))
		if num {
			dec.UseNumber()
		}
		var args map[string]any
		if dec.Decode(&args) == nil && args != nil {
			m("M"+strconv.FormatBool(num), args)
		}
	}
	// Values of Go types a decoded object does not hold.
	var args map[string]any
	if json.Unmarshal([]byte(in), &args) == nil && args != nil {
		for k, v := range args {
			switch x := v.(type) {
			case float64:
				if x == float64(int(x)) {
					args[k] = int(x)
				}
			case []any:
				var ss []string
				for _, e := range x {
					if s, ok := e.(string); ok {
						ss = append(ss, s)
					}
				}
				if len(ss) == len(x) {
					args[k] = ss
				}
			case string:
				if len(x) > 2 {
					args[k] = json.RawMessage(nrQuote(x))
				}
			}
		}
		m("G", args)
	}
	return lines
}

// nrStats is the normalizer's counters (not its times).
func nrStats(n *Normalizer) string {
	st := n.Stats()
	b, _ := json.Marshal(struct {
		P, N, I int64
		T       map[string]*ToolStats
		R       map[string]*RuleStats
	}{st.TotalProcessed, st.TotalNormalized, st.TotalInvalid, st.ByTool, st.ByRule})
	return string(b)
}

// nrLine is one line of the golden file: a rule set starts (Rules), an
// arguments object (Tool, In) or a document (Doc) with what it gave
// (Want), or the set's counters (Stats).
type nrLine struct {
	Rules []lenient.Rule `json:"rules,omitempty"`
	Tool  string         `json:"tool,omitempty"`
	In    string         `json:"in,omitempty"` // Go-quoted
	Want  []string       `json:"want,omitempty"`
	Stats string         `json:"stats,omitempty"`
}

// nrFixedRules and nrFixedArgs aim at the screen's new tests: members of
// kinds no rule reads whose keys are an alias's or a default's (plain,
// escaped, or of the same length), and values each rule type may take.
const nrFixedRules = `[
 {"id":"a","tools":["*"],"type":"param_alias","from":"old","to":"new"},
 {"id":"d","tools":["t"],"type":"param_default","from":"k","value":1},
 {"id":"de","tools":["u"],"type":"param_default","from":"ke","value":"x","when":"absent_or_empty"},
 {"id":"w","tools":["*"],"type":"wrap","from":"labels"},
 {"id":"ci","tools":["*"],"type":"type_coerce","from":"count","coerce_to":"int"},
 {"id":"cl","tools":["*"],"type":"type_coerce","from":"limit","coerce_to":"int_literal"},
 {"id":"jt","tools":["*"],"type":"json_accept_both","from":"raw"},
 {"id":"dp","tools":["*"],"type":"param_default","path":"m{}.k","value":7}
]`

var nrFixedArgs = []string{
	`{}`, `{"old":true}`, `{"\u006fld":true}`, `{"olx":true}`, `{"old":true,"new":1}`, `{"\u006fld":null,"ne\u0077":null}`,
	`{"k":false}`, `{"\u006b":false}`, `{"kk":false,"k":[]}`, `{"ke":null}`, `{"ke":""}`, `{"k\u0065":""}`, `{"ke":0}`,
	`{"labels":5}`, `{"labels":null}`, `{"labels":"[1]"}`, `{"label\u0073":true}`, `{"count":5.0}`, `{"count":"5"}`, `{"count":5}`,
	`{"limit":1e3}`, `{"limit":"7"}`, `{"limit":7}`, `{"raw":[1]}`, `{"raw":true}`, `{"raw":"[1]"}`, `{"m":{"a":{}}}`, `{"m":"{\"a\":{}}"}`,
	`{"m":[]}`, `{"m":5,"k":1,"new":2}`, `{"xyz":{"k":1},"abc":[1],"é":true,"日本":null}`,
	`{"\u006fld":null}`, `{"\u006fld":null,"k":1}`, `{"ol\u0064":null,"new":null}`, `{"old":null,"ne\u0077":null}`, `{"\u006b":null}`, `{"k\u0065":null}`,
	`{"olx":null,"k":null}`, `{"ke":null,"k":null}`,
}

// nrGenerate writes the golden file from the code under test.
func nrGenerate(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 11))
	var lines []nrLine
	builtinRules, err := LoadRulesFile("testdata/rules/filesystem.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	fixed, err := LoadRules(strings.NewReader(nrFixedRules), nil)
	if err != nil {
		t.Fatal(err)
	}
	for set := range 40 {
		var rules []lenient.Rule
		switch set {
		case 0:
			rules = builtinRules
		case 1:
			rules = fixed
		default:
			rules = nrRules(r, set%3 != 2)
		}
		// pick chooses the cases; n, fresh, gives what they give.
		pick, err := New(rules)
		if err != nil {
			t.Fatal(err)
		}
		n, err := New(rules, WithLogDir(t.TempDir()))
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, nrLine{Rules: rules})
		var candidates [][2]string
		if set == 1 {
			for _, in := range nrFixedArgs {
				for _, tool := range []string{"t", "u", "v"} {
					candidates = append(candidates, [2]string{tool, in})
				}
			}
		}
		applied, none, large := 0, 0, 0
		for range 60 {
			tools := []string{"t", "u", "v"}
			if set == 0 {
				tools = []string{"edit_file", "search_files", "batch_operations"}
			}
			candidates = append(candidates, [2]string{tools[r.IntN(3)], nrArgs(r)})
		}
		for i, c := range candidates {
			some := strings.Contains(strings.Join(nrNormalize(pick, c[0], c[1]), ""), "rule_id")
			switch {
			case set == 1 && i < 3*len(nrFixedArgs):
			case len(c[1]) > 160 && large > 0:
				continue // the golden file stays small
			case len(c[1]) > 160:
				large++
				fallthrough
			case some && applied < 6:
				applied++
			case !some && none < 5:
				none++
			default:
				continue
			}
			lines = append(lines, nrLine{Tool: c[0], In: strconv.Quote(c[1]), Want: nrNormalize(n, c[0], c[1])})
		}
		lines = append(lines, nrLine{Stats: nrStats(n)})
		n.Close()
		pick.Close()
	}
	var b bytes.Buffer
	for _, l := range lines {
		j, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(reviewNoRuleGolden, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReviewNoRuleGolden: on the golden file's rule sets, arguments and
// documents, NormalizeJSON, Normalize, the statistics counters and the
// typed methods give what they gave at bc9cedf, byte for byte, and every
// string String returned is unchanged after the later documents reused
// the pooled tapes.
func TestReviewNoRuleGolden(t *testing.T) {
	if os.Getenv("REVIEW_NORULE_WRITE") != "" {
		nrGenerate(t)
	}
	f, err := os.Open(reviewNoRuleGolden)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var n *Normalizer
	cases, refused := 0, 0
	// REVIEW_NORULE_UPDATE=1 rewrites the results of the stored inputs
	// where the code departs from them on purpose (review every line of
	// the diff; the inputs stay).
	update := os.Getenv("REVIEW_NORULE_UPDATE") != ""
	var lines [][]byte
	for line := 1; sc.Scan(); line++ {
		var l nrLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		if update {
			lines = append(lines, slices.Clone(sc.Bytes()))
		}
		rewrite := func() {
			if b, err := json.Marshal(l); err == nil && update {
				lines[len(lines)-1] = b
			}
		}
		switch {
		case l.Rules != nil:
			if n, err = New(l.Rules, WithLogDir(t.TempDir())); err != nil {
				if !strings.Contains(err.Error(), "(aliases come first)") {
					t.Fatalf("line %d: %v", line, err)
				}
				// a random set with a rule on a key an alias renames,
				// which loads no more (rulespec's TestRuleOnAliasedKey):
				// its lines are passed over
				n = nil
				refused++
			}
		case n == nil:
		case l.Stats != "":
			if got := nrStats(n); got != l.Stats {
				t.Errorf("line %d: stats\n got %s\nwant %s", line, got, l.Stats)
				l.Stats = got
				rewrite()
			}
			n.Close()
		default:
			in, err := strconv.Unquote(l.In)
			if err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			cases++
			got := nrNormalize(n, l.Tool, in)
			if strings.Join(got, "\n") != strings.Join(l.Want, "\n") {
				t.Errorf("line %d: tool %s %s\n got %q\nwant %q", line, l.Tool, in, got, l.Want)
				l.Want = got
				rewrite()
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if update {
		if err := os.WriteFile(reviewNoRuleGolden, append(bytes.Join(lines, []byte("\n")), '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if cases < 300 || refused > 3 {
		t.Fatalf("%d arguments in %s, want at least 300; %d rule sets refused, want at most 3", cases, reviewNoRuleGolden, refused)
	}
}
