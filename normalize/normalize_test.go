package normalize

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/normgen/normgen/lenient"
)

func builtin(t testing.TB, opts ...Option) *Normalizer {
	t.Helper()
	rules, err := LoadRulesFile("testdata/rules/filesystem.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rules) != 15 {
		t.Fatalf("%d built-in rules, want 15", len(rules))
	}
	n, err := New(rules, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// decodeAny decodes validated JSON with numbers as json.Number.
func decodeAny(b []byte) any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	dec.Decode(&v)
	return v
}

func args(t testing.TB, s string) map[string]any {
	t.Helper()
	m, ok := decodeAny([]byte(s)).(map[string]any)
	if !ok {
		t.Fatalf("not an object: %s", s)
	}
	return m
}

// TestBuiltinRules shows each of the 15 built-in rules' effect through both
// entry points.
func TestBuiltinRules(t *testing.T) {
	n := builtin(t)
	for _, tc := range []struct {
		tool, in, want string
		rules          []string
	}{
		{"edit_file", `{"path":"a","old_str":"x","new_str":"y"}`, `{"path":"a","old_text":"x","new_text":"y"}`, []string{"edit-old_str", "edit-new_str"}},
		{"multi_edit", `{"path":"a","edits_json":[{"old_text":"<a>","new_text":"b"}]}`, `{"path":"a","edits_json":"[{\"old_text\":\"<a>\",\"new_text\":\"b\"}]"}`, []string{"multi_edit-edits-coerce"}},
		{"batch_operations", `{"pipeline_json":"{\"name\":\"p\",\"steps\":[{\"type\":\"read\"},{\"id\":\"s\",\"action\":\"x\"},{\"id\":\"\",\"type\":\"y\"}]}"}`,
			`{"pipeline_json":"{\"name\":\"p\",\"steps\":[{\"action\":\"read\",\"id\":\"step-0\"},{\"id\":\"s\",\"action\":\"x\"},{\"id\":\"step-2\",\"action\":\"y\"}]}"}`, []string{"pipeline-type-alias", "pipeline-type-alias", "pipeline-auto-id", "pipeline-auto-id"}},
		{"any_tool", `{"force":"yes","dry_run":"FALSE"}`, `{"force":true,"dry_run":false}`, []string{"force-bool-coerce", "dry_run-bool-coerce"}},
		{"search_files", `{"count_only":"1","whole_word":"true","case_sensitive":"no","include_content":"Yes","include_context":"0","recursive":"true","return_lines":"TRUE"}`,
			`{"count_only":true,"whole_word":true,"case_sensitive":false,"include_content":true,"include_context":false,"recursive":true,"return_lines":true}`,
			[]string{"count_only-bool-coerce", "whole_word-bool-coerce", "case_sensitive-bool-coerce", "include_content-bool-coerce", "include_context-bool-coerce", "recursive-bool-coerce", "return_lines-bool-coerce"}},
		{"delete_file", `{"permanent":"true"}`, `{"permanent":true}`, []string{"permanent-bool-coerce"}},
		{"list_directory", `{"recursive":"no"}`, `{"recursive":false}`, []string{"recursive-bool-coerce"}},
		{"edit_file", `{"whole_word":"yes","case_sensitive":"0"}`, `{"whole_word":true,"case_sensitive":false}`, []string{"whole_word-bool-coerce", "case_sensitive-bool-coerce"}},
	} {
		out, applied, err := n.NormalizeJSON(tc.tool, []byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != tc.want {
			t.Errorf("%s %s:\n got %s\nwant %s", tc.tool, tc.in, out, tc.want)
		}
		var ids []string
		for _, a := range applied {
			ids = append(ids, a.RuleID)
		}
		if diff := cmp.Diff(tc.rules, ids); diff != "" {
			t.Errorf("%s %s: applied rules (-want +got):\n%s", tc.tool, tc.in, diff)
		}
		m, _ := n.Normalize(tc.tool, args(t, tc.in))
		// multi_edit's native array is a Go map in Normalize: its text
		// has encoding/json's key order.
		if diff := cmp.Diff(decodeAny([]byte(tc.want)), any(m)); diff != "" && tc.tool != "multi_edit" {
			t.Errorf("Normalize %s %s (-want +got):\n%s", tc.tool, tc.in, diff)
		}
	}
}

// TestPhaseOrder: a wildcard alias feeds a tool's coercion, whatever the
// file order (an existing normalizer applied them the other way round).
func TestPhaseOrder(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "coerce", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "limit", CoerceTo: "int"},
		{ID: "alias", Tools: []string{"*"}, Type: lenient.RuleParamAlias, From: "max", To: "limit"},
		{ID: "default", Tools: []string{"*"}, Type: lenient.RuleParamDefault, From: "limit", Value: json.RawMessage(`"7"`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	out, applied, _ := n.NormalizeJSON("t", []byte(`{"max":"010"}`))
	if string(out) != `{"limit":10}` || len(applied) != 2 || applied[0].RuleID != "alias" || applied[1].RuleID != "coerce" {
		t.Errorf("got %s %+v", out, applied)
	}
	out, _, _ = n.NormalizeJSON("t", []byte(`{}`))
	if string(out) != `{"limit":7}` {
		t.Errorf("default then coercion: got %s", out)
	}
}

// TestNoDataLoss: exact big numbers, untouched payloads byte for byte, key
// order and "<" kept, no Inf.
func TestNoDataLoss(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "f", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "ratio", CoerceTo: "float"},
		{ID: "i", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "big", CoerceTo: "int"},
		{ID: "b", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "flag", CoerceTo: "bool"},
	})
	if err != nil {
		t.Fatal(err)
	}
	untouched := []byte(`{ "z": 12345678901234567890, "a": "<b>&", "flag": true }`)
	out, applied, _ := n.NormalizeJSON("t", untouched)
	if &out[0] != &untouched[0] || len(applied) != 0 {
		t.Errorf("untouched payload was rewritten: %s", out)
	}
	out, _, _ = n.NormalizeJSON("t", []byte(`{"z":12345678901234567890,"a":"<b>&","big":"18446744073709551615","flag":"yes"}`))
	if want := `{"z":12345678901234567890,"a":"<b>&","big":18446744073709551615,"flag":true}`; string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
	out, applied, _ = n.NormalizeJSON("t", []byte(`{"ratio":"1e400","big":"1.5","flag":"maybe"}`))
	if len(applied) != 0 || string(out) != `{"ratio":"1e400","big":"1.5","flag":"maybe"}` {
		t.Errorf("unfixable values changed: %s %+v", out, applied)
	}
	m, _ := n.Normalize("t", map[string]any{"big": "9007199254740993", "ratio": "0.1"})
	if m["big"] != json.Number("9007199254740993") || m["ratio"] != json.Number("0.1") {
		t.Errorf("Normalize: %#v", m)
	}
}

func TestBadRulesFiles(t *testing.T) {
	existing := []lenient.Rule{{ID: "taken", Tools: []string{"*"}, Type: lenient.RuleParamAlias, From: "a", To: "b"}}
	for _, tc := range []struct{ in, want string }{
		{`{}`, "must be a JSON array"},
		{`[{"id":"x","tools":["t"],"type":"rename","from":"a"}]`, `rule 0 (x): unknown type "rename"`},
		{`[{"id":"x","tools":["t"],"type":"param_alias","from":"a","to":"b"},{"id":"x","tools":["t"],"type":"param_alias","from":"c","to":"d"}]`, "rule 1 (x): duplicate id: also used by rule 0"},
		{`[{"id":"taken","tools":["t"],"type":"param_alias","from":"a","to":"b"}]`, "rule 0 (taken): duplicate id: also used by an existing rule"},
		{`[{"id":"x","tools":["t"],"type":"param_alias","from":"a"}]`, "rule 0 (x): to is missing for type param_alias"},
		{`[{"id":"x","tools":["t"],"type":"nested_alias","from":"a","to":"b","in_payload":"p","array_path":"steps"}]`, `array_path "steps"`},
		{`[{"id":"x","tools":["t"],"type":"type_coerce","from":"a","coerce_to":"number"}]`, `coerce_to "number" is not bool, bool_strict, int, uint, int_literal, float, date_time, duration, duration_ns, duration_us, duration_ms, duration_s, duration_m, duration_h`},
		{`[{"tools":["t"],"type":"param_alias","from":"a","to":"b"}]`, "rule 0: id is missing"},
		{`[{"id":"x","type":"param_alias","from":"a","to":"b"}]`, "tools is missing"},
		{`[{"id":"x","tools":["t"],"type":"param_alias","from":"a","to":"b","colour":1}]`, `unknown field "colour"`},
		// Keys are read as written: encoding/json's case folding took
		// "From" for from, and the last of two spellings won, silently.
		{`[{"id":"x","tools":["t"],"type":"param_alias","from":"p","From":"q","to":"r"}]`, `rule 0 (x): unknown field "From" (keys are case-sensitive: write "from")`},
		{`[{"id":"x","tools":["t"],"type":"param_default","from":"p","value":1,"VALUE":2}]`, `rule 0 (x): unknown field "VALUE" (keys are case-sensitive: write "value")`},
		{`[{"id":"x","tools":["t"],"type":"param_alias","FROM":"p","to":"r"}]`, `rule 0 (x): unknown field "FROM" (keys are case-sensitive: write "from")`},
		{`[{"id":"x","tools":["t"],"type":"param_alias","from":"p","to":"r","a":1,"b":2}]`, `rule 0 (x): unknown field "a"; rule 0 (x): unknown field "b"`},
		{`[{"id":"x","tools":"t","type":"param_alias","from":"p","to":"r"}]`, `rule 0 (x): tools: a string, where a JSON array of strings is wanted`},
		{`[{"id":"x","tools":["t"],"type":"param_alias","from":5,"to":"r"}]`, `rule 0 (x): from: a number, where a string is wanted`},
		{`[1]`, `rule 0: a number, where a JSON object (a rule) is wanted`},
		{"[\n {\"id\":\"x\",}]", `rules file is not valid JSON: 2:12:`},
		// A key given twice is positioned as a syntax error is (found by a
		// newcomer's trial: it had no line:col).
		{"[{\"id\":\"a\"},\n {\"id\":\"x\",\n  \"from\":\"y\",\n  \"from\":\"z\"}]", `rules file is not valid JSON: 4:3: [1].from: key "from" is given twice`},
		{`[{"id":"x","tools":["t "],"type":"param_alias","from":"a","to":"b"}]`, `rule 0 (x): tools has "t ", with spaces around it, which no tool's name has: write "t"`},
		{`[{"id":"ok","tools":["t"],"type":"param_alias","from":"a","to":"b"},{"id":"bad","tools":["t"],"type":"param_default","from":"a"}]`, "rule 1 (bad): value is missing"},
	} {
		rules, err := LoadRules(strings.NewReader(tc.in), existing)
		if err == nil || !strings.Contains(err.Error(), tc.want) || rules != nil {
			t.Errorf("%s: got %v (%d rules), want an error containing %q and no rules", tc.in, err, len(rules), tc.want)
		}
	}
	// Every problem at once.
	_, err := LoadRules(strings.NewReader(`[{"id":"a","tools":["t"],"type":"x"},{"id":"b","tools":["t"],"type":"y"}]`), nil)
	var re *RulesError
	if !errors.As(err, &re) || len(re.Errors) != 2 {
		t.Errorf("want both problems, got %v", err)
	}
}

func TestStatsPersisted(t *testing.T) {
	dir := t.TempDir()
	n := builtin(t, WithLogDir(dir), WithFlushInterval(time.Hour))
	n.NormalizeJSON("edit_file", []byte(`{"old_str":"a"}`))
	n.Normalize("edit_file", map[string]any{"path": "x"})
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	var s Stats
	data, err := os.ReadFile(filepath.Join(dir, StatsFile))
	if err != nil || json.Unmarshal(data, &s) != nil {
		t.Fatalf("stats file: %v\n%s", err, data)
	}
	if s.TotalProcessed != 2 || s.TotalNormalized != 1 || s.ByRule["edit-old_str"].Hits != 1 || len(s.Recent) != 1 || s.ByTool["edit_file"].Processed != 2 {
		t.Errorf("stats: %s", data)
	}
	// Reloaded on start.
	n2 := builtin(t, WithLogDir(dir))
	n2.Normalize("edit_file", map[string]any{"old_str": "a"})
	if got := n2.Stats(); got.TotalProcessed != 3 || got.ByRule["edit-old_str"].Hits != 2 {
		t.Errorf("reloaded stats: %+v", got)
	}
	// (the hits of a tool reloaded are its own: no tool named "")
	if got := n2.Stats().ByRule["edit-old_str"].Tools; !slices.Equal(got, []string{"edit_file"}) {
		t.Errorf("reloaded stats: the rule's tools are %q, want edit_file alone", got)
	}
	n2.Close()
	// A corrupt file is set aside, never a crash.
	os.WriteFile(filepath.Join(dir, StatsFile), []byte(`{"total_processed":`), 0o644)
	var warned error
	n3 := builtin(t, WithLogDir(dir), WithWarnings(func(err error) { warned = err }))
	defer n3.Close()
	if warned == nil || !strings.Contains(warned.Error(), "corrupt") || n3.Stats().TotalProcessed != 0 {
		t.Errorf("corrupt stats: warning %v, stats %+v", warned, n3.Stats())
	}
	aside, _ := filepath.Glob(filepath.Join(dir, StatsFile+".corrupt-*"))
	if len(aside) != 1 {
		t.Errorf("corrupt file not set aside: %v", aside)
	}
}

// TestConcurrentFlush runs Normalize from several goroutines while stats
// are flushed every millisecond and a reader checks that the file is
// always complete JSON (the old or the new one). Run with -race.
func TestConcurrentFlush(t *testing.T) {
	dir := t.TempDir()
	n := builtin(t, WithLogDir(dir), WithFlushInterval(time.Millisecond))
	stop := make(chan struct{})
	var readers sync.WaitGroup
	readers.Add(1)
	go func() {
		defer readers.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			data, err := os.ReadFile(filepath.Join(dir, StatsFile))
			if err == nil && !json.Valid(data) {
				t.Errorf("torn stats file: %q", data)
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				n.Normalize("search_files", map[string]any{"recursive": "yes"})
				n.NormalizeJSON("edit_file", []byte(`{"old_str":"x","force":"1"}`))
			}
		}()
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	if s := n.Stats(); s.TotalProcessed != 2400 || s.TotalNormalized != 2400 || len(s.Recent) != recentLimit {
		t.Errorf("stats after concurrent calls: processed %d normalized %d recent %d", s.TotalProcessed, s.TotalNormalized, len(s.Recent))
	}
}

// BenchmarkNormalize: the 15 built-in rules on a 10-key arguments map where
// no rule applies (the common case), and where rules apply, and the raw
// JSON path against plain encoding/json decoding of the same bytes.
func BenchmarkNormalize(b *testing.B) {
	n := builtin(b)
	clean := map[string]any{"path": "a", "pattern": "b", "limit": 5.0, "offset": 1.0, "count_only": true,
		"whole_word": false, "case_sensitive": true, "recursive": true, "include_content": false, "return_lines": true}
	b.Run("map/no_rule_applies", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			n.Normalize("search_files", clean)
		}
	})
	b.Run("map/rules_apply", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m := map[string]any{"path": "a", "old_str": "x", "new_str": "y", "force": "yes", "dry_run": "no", "whole_word": "1"}
			n.Normalize("edit_file", m)
		}
	})
	raw := []byte(`{"path":"a","pattern":"b","limit":5,"offset":1,"count_only":true,"whole_word":false,"case_sensitive":true,"recursive":true,"include_content":false,"return_lines":true}`)
	b.Run("json/no_rule_applies", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			n.NormalizeJSON("search_files", raw)
		}
	})
	fix := []byte(`{"path":"a","pattern":"b","limit":5,"offset":1,"count_only":"true","whole_word":"no","case_sensitive":true,"recursive":"1","include_content":false,"return_lines":true}`)
	b.Run("json/rules_apply", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			n.NormalizeJSON("search_files", fix)
		}
	})
	b.Run("encoding_json_decode", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			var m map[string]any
			json.Unmarshal(raw, &m)
		}
	})
}

func TestNestedPaths(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "root", Tools: []string{"t"}, Type: lenient.RuleNestedAlias, InPayload: "edits", ArrayPath: "[]", From: "old_str", To: "old_text"},
		{ID: "deep", Tools: []string{"t"}, Type: lenient.RuleNestedDefault, InPayload: "job", ArrayPath: "data.items[]", From: "n", Value: json.RawMessage(`1`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"edits":[{"old_str":"a"},{"old_text":"b"}]}`, `{"edits":[{"old_text":"a"},{"old_text":"b"}]}`},
		{`{"edits":"[{\"old_str\":\"<a>\"}]"}`, `{"edits":"[{\"old_text\":\"<a>\"}]"}`},
		{`{"job":{"data":{"items":[{},{"n":5},{"n":null}]}}}`, `{"job":{"data":{"items":[{"n":1},{"n":5},{"n":1}]}}}`},
		{`{"job":{"data":{"items":"nope"}}}`, `{"job":{"data":{"items":"nope"}}}`},
		{`{"job":"not json"}`, `{"job":"not json"}`},
	} {
		bothEntryPoints(t, n, "t", tc.in, tc.want)
	}
}

// TestPatternPaths: a rule whose path holds a pattern step reads the
// values of the members whose names the pattern matches, and leaves the
// others, in JSON text too;
// a secret at a pattern step hides those alone.
func TestPatternPaths(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "port", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `env{"^[A-Z_]+$"}.port`, CoerceTo: "int"},
		{ID: "on", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `flags{"^[a-z]+$"}`, CoerceTo: "bool"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"env":{"HOME":{"port":"80"},"home":{"port":"80"}}}`, `{"env":{"HOME":{"port":80},"home":{"port":"80"}}}`},
		{`{"env":"{\"A\":{\"port\":\"1\"}}"}`, `{"env":"{\"A\":{\"port\":1}}"}`},
		{`{"flags":{"x":"true","X":"true","":"false"}}`, `{"flags":{"x":true,"X":"true","":"false"}}`},
	} {
		bothEntryPoints(t, n, "t", tc.in, tc.want)
	}
	s := secretsOf(t, `keys{"^k-"}`, `keys{"^x"}.n`)
	in := `{"keys":{"k-1":"a","x-1":"b","x":{"n":"c","m":"d"}}}`
	if got, want := string(s.redactJSON([]byte(in))), `{"keys":{"k-1":"[secret, 3 bytes]","x-1":"b","x":{"n":"[secret, 3 bytes]","m":"d"}}}`; got != want {
		t.Errorf("redacted %s:\n got %s\nwant %s", in, got, want)
	}
}

// TestAsIsSteps: after a step marked "!", a string is a value the schema
// takes as it is: no rule reads its JSON text, where the path goes on
// below it, nor an alias or a misnamed_key rule reading it as the
// object; an object there is read as any other.
func TestAsIsSteps(t *testing.T) {
	rules := []lenient.Rule{
		{ID: "port", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `["u"]!.port`, CoerceTo: "int"},
		{ID: "deep", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `l[]!.n`, CoerceTo: "int"},
		{ID: "alias", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: `["o"]!.prt`, To: "port"},
		{ID: "text", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `x.port`, CoerceTo: "int"},
		{ID: "names", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Path: `["o"]!`, Value: json.RawMessage(`["port"]`)},
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"u":{"port":"1"}}`, `{"u":{"port":1}}`},
		{`{"u":"{\"port\":\"1\"}"}`, `{"u":"{\"port\":\"1\"}"}`},
		{`{"l":[{"n":"2"},"{\"n\":\"2\"}"]}`, `{"l":[{"n":2},"{\"n\":\"2\"}"]}`},
		{`{"l":"[{\"n\":\"2\"}]"}`, `{"l":"[{\"n\":2}]"}`},
		{`{"o":{"prt":1}}`, `{"o":{"port":1}}`},
		{`{"o":"{\"prt\":1}"}`, `{"o":"{\"prt\":1}"}`},
		{`{"x":"{\"port\":\"1\"}"}`, `{"x":"{\"port\":1}"}`},
	} {
		bothEntryPoints(t, n, "t", tc.in, tc.want)
	}
	if _, _, err := n.NormalizeJSON("t", []byte(`{"o":"{\"prot\":1}"}`)); err != nil {
		t.Errorf("a string the schema takes as it is refused as an object: %v", err)
	}
	if _, _, err := n.NormalizeJSON("t", []byte(`{"o":{"prot":1}}`)); err == nil {
		t.Errorf("an object's misnamed key taken")
	}
}

// TestGuardSteps: past a guard, a path goes on only where the object's
// member holds one of its strings (the branch of a union its
// discriminator names), in JSON text too; a member rule and a misnamed
// key's refusal read the object only there; a secret path takes no
// guard.
func TestGuardSteps(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "n", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `x<"kind"="a"|"c">.n`, CoerceTo: "int"},
		{ID: "deep", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `l[]<"type"="rec">.f[]`, CoerceTo: "int"},
		{ID: "alias", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: `x<"kind"="a"|"c">.num`, To: "n"},
		{ID: "names", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Path: `x<"kind"="a"|"c">`, Value: json.RawMessage(`["n","style_id"]`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"x":{"kind":"a","n":"5"}}`, `{"x":{"kind":"a","n":5}}`},
		{`{"x":{"kind":"c","num":1}}`, `{"x":{"kind":"c","n":1}}`},
		{`{"x":{"kind":"b","n":"5","num":1}}`, `{"x":{"kind":"b","n":"5","num":1}}`},
		{`{"x":{"n":"5"}}`, `{"x":{"n":"5"}}`},
		{`{"x":{"kind":1,"n":"5"}}`, `{"x":{"kind":1,"n":"5"}}`},
		{`{"x":"{\"kind\":\"a\",\"n\":\"5\"}"}`, `{"x":"{\"kind\":\"a\",\"n\":5}"}`},
		{`{"l":[{"type":"rec","f":["1"]},{"type":"enum","f":["1"]}]}`, `{"l":[{"type":"rec","f":[1]},{"type":"enum","f":["1"]}]}`},
	} {
		bothEntryPoints(t, n, "t", tc.in, tc.want)
	}
	if _, _, err := n.NormalizeJSON("t", []byte(`{"x":{"kind":"b","style_index":1}}`)); err != nil {
		t.Errorf("another branch's key refused as misnamed: %v", err)
	}
	if _, _, err := n.NormalizeJSON("t", []byte(`{"x":{"kind":"a","style_index":1}}`)); err == nil {
		t.Errorf("a misnamed key past the guard taken")
	}
	if _, err := New([]lenient.Rule{{ID: "s", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: `x<"kind"="a">.token`}}); err == nil {
		t.Errorf("a secret path with a guard loaded")
	}
	if _, err := New([]lenient.Rule{{ID: "s", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: `x<!"mark">.token`}}); err == nil {
		t.Errorf("a secret path with a guard loaded")
	}
}

// TestAbsentGuardSteps: past an absent guard, a path goes on only where
// the object does not hold the member (null is held), in JSON text too;
// two guards must both hold.
func TestAbsentGuardSteps(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "n", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `x<!"mark">.n`, CoerceTo: "int"},
		{ID: "deep", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `x<!"mark"><!"facet">.l[]`, CoerceTo: "int"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"x":{"n":"5"}}`, `{"x":{"n":5}}`},
		{`{"x":{"mark":"bar","n":"5"}}`, `{"x":{"mark":"bar","n":"5"}}`},
		{`{"x":{"mark":null,"n":"5"}}`, `{"x":{"mark":null,"n":"5"}}`},
		{`{"x":{"n":"5","l":"[\"1\"]"}}`, `{"x":{"n":5,"l":"[1]"}}`},
		{`{"x":{"facet":{},"n":"5","l":"[\"1\"]"}}`, `{"x":{"facet":{},"n":5,"l":"[\"1\"]"}}`},
		{`{"x":"{\"n\":\"5\"}"}`, `{"x":"{\"n\":5}"}`},
		{`{"x":["5"]}`, `{"x":["5"]}`},
		{`{"x":"5"}`, `{"x":"5"}`},
	} {
		bothEntryPoints(t, n, "t", tc.in, tc.want)
	}
}

// TestLeadingGuardSteps: guards that start a path read the arguments
// object itself (the branches of the input schema's union), for every
// kind of rule on a top-level member, where the first key after them is
// the one a call's screen and its map's nodes go by.
func TestLeadingGuardSteps(t *testing.T) {
	rules := []lenient.Rule{
		{ID: "n", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `<!"mark">.n`, CoerceTo: "int"},
		{ID: "l", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `<!"mark"><!"facet">.l[]`, CoerceTo: "int"},
		{ID: "size", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `<"kind"="a">.size`, CoerceTo: "int"},
		{ID: "old", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: `<!"mark">.old`, To: "new"},
		{ID: "opt", Tools: []string{"t"}, Type: lenient.RuleAbsent, Path: `<!"mark">.opt`, Value: json.RawMessage(`[null]`)},
	}
	// (with and without a rule that reads each member, whose map tree
	// holds every member; without it, a map's tree holds those the
	// guards read too)
	keyed, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(append(rules, lenient.Rule{ID: "v", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `<!"mark">{}.v`, CoerceTo: "int"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"n":"5"}`, `{"n":5}`},
		{`{"n":5.0}`, `{"n":5}`},
		{`{"mark":"bar","n":"5"}`, `{"mark":"bar","n":"5"}`},
		{`{"mark":null,"n":5.0}`, `{"mark":null,"n":5.0}`},
		{`{"l":"[\"1\"]"}`, `{"l":"[1]"}`},
		{`{"facet":{},"n":"5","l":["1"]}`, `{"facet":{},"n":5,"l":["1"]}`},
		{`{"kind":"a","size":"3"}`, `{"kind":"a","size":3}`},
		{`{"kind":"b","size":"3"}`, `{"kind":"b","size":"3"}`},
		{`{"size":"3","kind":"a"}`, `{"size":3,"kind":"a"}`},
		{`{"old":1}`, `{"new":1}`},
		{`{"old":1,"mark":"x"}`, `{"old":1,"mark":"x"}`},
		{`{"opt":null,"x":1}`, `{"x":1}`},
		{`{"opt":null,"mark":"x"}`, `{"opt":null,"mark":"x"}`},
		{`{"w":{"v":"2"}}`, `{"w":{"v":2}}`},
		{`{"w":{"v":"2"},"mark":1}`, `{"w":{"v":"2"},"mark":1}`},
		{`{"other":"5"}`, `{"other":"5"}`},
	} {
		bothEntryPoints(t, n, "t", tc.in, tc.want)
		if !strings.Contains(tc.in, `"w"`) {
			bothEntryPoints(t, keyed, "t", tc.in, tc.want)
		}
	}
}

// bothEntryPoints checks that NormalizeJSON makes want of in, and
// Normalize its decoded value.
func bothEntryPoints(t *testing.T, n *Normalizer, tool, in, want string) {
	t.Helper()
	out, _, err := n.NormalizeJSON(tool, []byte(in))
	if err != nil || string(out) != want {
		t.Errorf("NormalizeJSON %s:\n got %s, %v\nwant %s", in, out, err, want)
	}
	m, _ := n.Normalize(tool, args(t, in))
	if diff := cmp.Diff(decodeAny([]byte(want)), any(m)); diff != "" {
		t.Errorf("Normalize %s (-want +got):\n%s", in, diff)
	}
}

// TestNormalizeDeepPayload: a payload nested as deep as the validator
// allows, beside a member a rule changes, is re-encoded byte for byte
// (the node tree is built, recursively, down to the bottom).
func TestNormalizeDeepPayload(t *testing.T) {
	n, err := New([]lenient.Rule{{ID: "c", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: "int"}})
	if err != nil {
		t.Fatal(err)
	}
	depth := 10000 - 2 // the validator's nesting bound, encoding/json's
	deep := strings.Repeat(`[{"k":`, depth/2) + `"x"` + strings.Repeat(`}]`, depth/2)
	out, applied, err := n.NormalizeJSON("t", []byte(`{"n":"5","deep":`+deep+`}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"n":5,"deep":` + deep + `}`; string(out) != want || len(applied) != 1 {
		t.Fatalf("applied %v; output differs from the input but for n (%d bytes, want %d)", applied, len(out), len(want))
	}
}

// BenchmarkNormalizeDeep: NormalizeJSON on a payload nested 1,000 and
// 8,000 levels deep beside a member a rule changes. The node tree is
// built in one pass over the bytes; when each level was iterated with
// skipValue, which reads the bytes below it again, the 8,000-level
// payload (8x the bytes) took 60x the time of the 1,000-level one (162
// ms); in one pass it takes 16-21x (about 5 ms), the rest being the deep
// recursions' stack growth.
func BenchmarkNormalizeDeep(b *testing.B) {
	n, err := New([]lenient.Rule{{ID: "c", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: "int"}})
	if err != nil {
		b.Fatal(err)
	}
	for _, depth := range []int{1000, 8000} {
		deep := strings.Repeat(`[{"k":`, depth/2) + `"x"` + strings.Repeat(`}]`, depth/2)
		in := []byte(`{"n":"5","deep":` + deep + `}`)
		b.Run(strconv.Itoa(depth), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				n.NormalizeJSON("t", in)
			}
		})
	}
}

// TestMapKeepsTextKeyOrder: the map entry point changes JSON text the way
// NormalizeJSON does: its keys in their order, unchanged values verbatim
// (1.50 stays 1.50), no HTML escaping, through aliases, defaults and
// coercions at any depth.
func TestMapKeepsTextKeyOrder(t *testing.T) {
	rules := []lenient.Rule{
		{ID: "alias", Tools: []string{"t"}, Type: lenient.RuleNestedAlias, InPayload: "p", ArrayPath: "steps[]", From: "type", To: "action"},
		{ID: "id", Tools: []string{"t"}, Type: lenient.RuleNestedDefault, InPayload: "p", ArrayPath: "steps[]", From: "id", Value: json.RawMessage(`"step-{{index}}"`)},
		{ID: "n", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: "job.opts.n", CoerceTo: "int"},
		{ID: "tries", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: "job.opts.tries", To: "attempts"},
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"p":"{\"steps\":[{\"type\":\"<a>\",\"w\":1.50}],\"name\":\"z\"}"}`,
			`{"p":"{\"steps\":[{\"action\":\"<a>\",\"w\":1.50,\"id\":\"step-0\"}],\"name\":\"z\"}"}`},
		{`{"job":"{\"z\":1,\"opts\":{\"n\":\"5\",\"b\":2,\"tries\":3}}"}`,
			`{"job":"{\"z\":1,\"opts\":{\"n\":5,\"b\":2,\"attempts\":3}}"}`},
		{`{"job":{"z":1,"opts":"{\"tries\":3,\"a\":\"&\"}"}}`,
			`{"job":{"z":1,"opts":"{\"attempts\":3,\"a\":\"&\"}"}}`},
	} {
		bothEntryPoints(t, n, "t", tc.in, tc.want)
	}
}

// BenchmarkNormalizeJSONText: an array of objects sent as JSON text, with
// a rule for each of its items' fields (as the deriver writes for a big
// schema): each rule's walk goes through the one string, which is parsed
// once per call (textCache), not once per rule. clean: no value to fix;
// fixes: one value per field to fix, in the last item.
func BenchmarkNormalizeJSONText(b *testing.B) {
	const fields, items = 20, 50
	var rules []lenient.Rule
	var clean, fix strings.Builder
	for f := range fields {
		rules = append(rules, lenient.Rule{ID: "c" + strconv.Itoa(f), Tools: []string{"t"}, Type: lenient.RuleTypeCoerce,
			Path: "items[].f" + strconv.Itoa(f), CoerceTo: "int"})
	}
	n, err := New(rules)
	if err != nil {
		b.Fatal(err)
	}
	item := func(w *strings.Builder, quote bool) {
		w.WriteString("{")
		for f := range fields {
			if f > 0 {
				w.WriteString(",")
			}
			v := strconv.Itoa(f)
			if quote {
				v = `"` + v + `"`
			}
			fmt.Fprintf(w, `"f%d":%s`, f, v)
		}
		w.WriteString("}")
	}
	for i, w := range []*strings.Builder{&clean, &fix} {
		w.WriteString("[")
		for j := range items {
			if j > 0 {
				w.WriteString(",")
			}
			item(w, i == 1 && j == items-1)
		}
		w.WriteString("]")
	}
	for _, c := range []struct{ name, text string }{{"clean", clean.String()}, {"fixes", fix.String()}} {
		in := []byte(`{"items":` + quoteJSON(c.text) + `}`)
		b.Run("json/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				n.NormalizeJSON("t", in)
			}
		})
		b.Run("map/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				n.Normalize("t", map[string]any{"items": c.text})
			}
		})
	}
}

// TestRulesFilePositions: a rules file's problems say where each rule
// starts (line:col), as a catalog's do.
func TestRulesFilePositions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rules.json")
	os.WriteFile(path, []byte("[\n  {\"id\":\"a\",\"tools\":[\"t\"],\"type\":\"param_alias\",\"from\":\"x\",\"to\":\"y\"},\n  {\"id\":\"b\",\"tools\":[\"t\"],\"type\":\"nope\"}\n]\n"), 0o644)
	_, err := LoadRulesFile(path, nil)
	if want := path + `: rule 1 (b) at 3:3: unknown type "nope"`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v\nwant %s…", err, want)
	}
}
