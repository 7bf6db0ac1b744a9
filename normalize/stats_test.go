package normalize

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/normgen/normgen/lenient"
)

func coerceNormalizer(t testing.TB, opts ...Option) *Normalizer {
	t.Helper()
	n, err := New([]lenient.Rule{
		{ID: "n", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: "int"},
		{ID: "b", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "b", CoerceTo: "bool"},
	}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestReturnedFixesAreCallers: a caller editing the fixes it got back,
// while statistics are flushed, changes neither the statistics nor the
// file (run with -race: the same memory was shared before).
func TestReturnedFixesAreCallers(t *testing.T) {
	dir := t.TempDir()
	n := coerceNormalizer(t, WithLogDir(dir), WithFlushInterval(time.Millisecond))
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				_, applied, _ := n.NormalizeJSON("t", []byte(`{"n":"5","b":"yes"}`))
				for k := range applied {
					applied[k].From = "edited"
					applied[k].Param = "edited"
				}
				_, mapplied := n.Normalize("t", map[string]any{"n": "6"})
				mapplied[0].To = "edited"
			}
		}()
	}
	wg.Wait()
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, StatsFile))
	if strings.Contains(string(data), "edited") {
		t.Errorf("the stats file holds the caller's edits")
	}
	for _, r := range n.Stats().Recent {
		for _, a := range r.Applied {
			if a.From == "edited" || a.To == "edited" || a.Param == "edited" {
				t.Fatalf("the statistics hold the caller's edits: %+v", a)
			}
		}
	}
}

// TestStaleTempFilesRemoved: temp files a killed process left are removed
// when a normalizer starts on the folder.
func TestStaleTempFilesRemoved(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{".normalizer_stats.json.123.tmp", ".normalizer_stats.json.456.tmp"} {
		os.WriteFile(filepath.Join(dir, name), []byte(`{"total`), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "other.tmp"), nil, 0o644)
	n := coerceNormalizer(t, WithLogDir(dir))
	defer n.Close()
	if stale, _ := filepath.Glob(filepath.Join(dir, ".normalizer_stats.json.*.tmp")); len(stale) != 0 {
		t.Errorf("stale temp files left: %v", stale)
	}
	if _, err := os.Stat(filepath.Join(dir, "other.tmp")); err != nil {
		t.Errorf("another file was removed: %v", err)
	}
}

// TestCorruptSetAsideNeverCollide: corrupt files set aside within one
// second keep distinct names; a file holding null (or another non-object)
// is corrupt too, with a warning.
func TestCorruptSetAsideNeverCollide(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, StatsFile)
	var warnings []string
	contents := []string{`{"total_processed":`, `null`, `[]`, `"x"`, `{"total_processed":`}
	for _, c := range contents {
		os.WriteFile(path, []byte(c), 0o644)
		n := coerceNormalizer(t, WithLogDir(dir), WithWarnings(func(err error) { warnings = append(warnings, err.Error()) }))
		if s := n.Stats(); s.TotalProcessed != 0 {
			t.Errorf("%s: loaded %+v", c, s)
		}
		// No Close: the file must not be rewritten between the starts.
		n.stats.once.Do(func() { close(n.stats.stop); <-n.stats.done })
	}
	aside, _ := filepath.Glob(path + ".corrupt-*")
	if len(aside) != len(contents) || len(warnings) != len(contents) {
		t.Fatalf("set aside %d files, %d warnings, want %d: %v %q", len(aside), len(warnings), len(contents), aside, warnings)
	}
	kept := map[string]bool{}
	for _, a := range aside {
		b, _ := os.ReadFile(a)
		kept[string(b)] = true
	}
	for _, c := range contents {
		if !kept[c] {
			t.Errorf("%s was overwritten by a later set-aside file", c)
		}
	}
	if !strings.Contains(warnings[1], "null, not a JSON object") {
		t.Errorf("null warning: %s", warnings[1])
	}
}

// TestInvalidCallsCounted: every call counts in total_processed, those
// whose arguments are not a JSON object as invalid.
func TestInvalidCallsCounted(t *testing.T) {
	n := coerceNormalizer(t, WithLogDir(t.TempDir()))
	defer n.Close()
	for _, in := range []string{`{`, `[1]`, `{"n":"5"}`, `{}`, ``} {
		n.NormalizeJSON("t", []byte(in))
	}
	s := n.Stats()
	if s.TotalProcessed != 5 || s.TotalInvalid != 3 || s.TotalNormalized != 1 || s.ByTool["t"].Processed != 5 || s.ByTool["t"].Invalid != 3 {
		t.Errorf("stats: processed %d invalid %d normalized %d, tool %+v", s.TotalProcessed, s.TotalInvalid, s.TotalNormalized, s.ByTool["t"])
	}
}

// TestStatsBounded: calls with 4 MB values and calls with thousands of
// fixes keep the statistics (and their file) small.
func TestStatsBounded(t *testing.T) {
	dir := t.TempDir()
	rules := []lenient.Rule{{ID: "n", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: "int"},
		{ID: "each", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, Path: "ids[]", CoerceTo: "int"}}
	n, err := New(rules, WithLogDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	big := []byte(`{"n":"` + strings.Repeat("0", 4<<20) + `5"}`)
	many := `{"ids":[` + strings.Repeat(`"1",`, 20000) + `"2"]}`
	for i := 0; i < 30; i++ {
		n.NormalizeJSON("t", big)
		n.NormalizeJSON("t", []byte(many))
	}
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, StatsFile))
	if len(data) > 1<<20 {
		t.Errorf("stats file is %d bytes", len(data))
	}
	var s Stats
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Recent) == 0 || len(s.Recent) > recentLimit || s.TotalProcessed != 60 || s.ByRule["each"].Hits != 30*20001 {
		t.Errorf("recent %d, processed %d, hits %d", len(s.Recent), s.TotalProcessed, s.ByRule["each"].Hits)
	}
	omitted := 0
	for _, r := range s.Recent {
		omitted += r.Omitted
		for _, a := range r.Applied {
			if len(a.From) > 250 {
				t.Fatalf("a recorded value of %d bytes", len(a.From))
			}
		}
	}
	if omitted == 0 {
		t.Errorf("no fix counted as omitted")
	}
}

// BenchmarkNormalizeDuringFlush measures a Normalize call while the
// statistics (a full recent list) are flushed in a loop; compare with
// BenchmarkNormalizeNoFlush: the flush serializes outside the lock.
func BenchmarkNormalizeDuringFlush(b *testing.B) { benchFlush(b, true) }

// BenchmarkNormalizeNoFlush is BenchmarkNormalizeDuringFlush's baseline.
func BenchmarkNormalizeNoFlush(b *testing.B) { benchFlush(b, false) }

func benchFlush(b *testing.B, flushing bool) {
	n := coerceNormalizer(b, WithLogDir(b.TempDir()), WithFlushInterval(time.Hour))
	defer n.Close()
	wide := []byte(`{"n":"` + strings.Repeat("0", 150) + `5","b":"yes"}`)
	for i := 0; i < 2*recentLimit; i++ {
		n.NormalizeJSON("t"+string(rune('a'+i%26)), wide)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	if flushing {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
					n.stats.flush(true)
					time.Sleep(time.Millisecond)
				}
			}
		}()
	}
	args := []byte(`{"n":"5","b":"yes"}`)
	lat := make([]time.Duration, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		n.NormalizeJSON("t", args)
		lat[i] = time.Since(t0)
	}
	b.StopTimer()
	close(stop)
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds()), "p50-ns")
	b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds()), "p99-ns")
	b.ReportMetric(float64(lat[len(lat)*999/1000].Nanoseconds()), "p99.9-ns")
}

// BenchmarkStats: a snapshot of full statistics copies, it does not
// serialize (issue 14 measured 0.57 ms a call when it did, under the lock).
func BenchmarkStats(b *testing.B) {
	n := coerceNormalizer(b, WithLogDir(b.TempDir()), WithFlushInterval(time.Hour))
	defer n.Close()
	wide := []byte(`{"n":"` + strings.Repeat("0", 150) + `5","b":"yes"}`)
	for i := 0; i < 2*recentLimit; i++ {
		n.NormalizeJSON("t"+string(rune('a'+i%26)), wide)
	}
	b.ReportAllocs()
	for b.Loop() {
		n.Stats()
	}
}

// TestStatsInMemory: without a log folder, calls are counted all the
// same (processed, normalized, by tool, by rule, recent), and Close
// writes nothing.
func TestStatsInMemory(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	n := coerceNormalizer(t)
	n.NormalizeJSON("t", []byte(`{"n":"5"}`))
	n.NormalizeJSON("t", []byte(`{"n":5}`))
	n.Normalize("u", map[string]any{"b": "yes"})
	n.Normalize("u", nil)
	n.NormalizeJSON("u", []byte(`[1]`))
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	s := n.Stats()
	if s.TotalProcessed != 5 || s.TotalNormalized != 2 || s.TotalInvalid != 1 {
		t.Errorf("totals: processed %d normalized %d invalid %d", s.TotalProcessed, s.TotalNormalized, s.TotalInvalid)
	}
	if *s.ByTool["t"] != (ToolStats{Processed: 2, Normalized: 1}) || *s.ByTool["u"] != (ToolStats{Processed: 3, Normalized: 1, Invalid: 1}) {
		t.Errorf("by tool: t %+v, u %+v", s.ByTool["t"], s.ByTool["u"])
	}
	if s.ByRule["n"].Hits != 1 || s.ByRule["b"].Hits != 1 || len(s.Recent) != 2 || s.LastUpdated.IsZero() {
		t.Errorf("by rule %+v %+v, recent %d, updated %v", s.ByRule["n"], s.ByRule["b"], len(s.Recent), s.LastUpdated)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("files written without a log folder: %v", files)
	}
}

// TestSetRulesKeepsStats: SetRules changes what is fixed, not the counts;
// bad rules are refused and the rules in use kept.
func TestSetRulesKeepsStats(t *testing.T) {
	n := coerceNormalizer(t)
	defer n.Close()
	n.NormalizeJSON("t", []byte(`{"n":"5"}`))
	if err := n.SetRules([]lenient.Rule{{ID: "x", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "count", To: "n"}}); err != nil {
		t.Fatal(err)
	}
	out, _, _ := n.NormalizeJSON("t", []byte(`{"count":"5"}`))
	if string(out) != `{"n":"5"}` {
		t.Errorf("new rules: %s", out)
	}
	if err := n.SetRules([]lenient.Rule{{ID: "y", Tools: []string{"t"}, Type: "nope"}}); err == nil {
		t.Error("bad rules accepted")
	}
	out, _, _ = n.NormalizeJSON("t", []byte(`{"count":"5"}`))
	if string(out) != `{"n":"5"}` {
		t.Errorf("rules in use after a refused SetRules: %s", out)
	}
	if s := n.Stats(); s.TotalProcessed != 3 || s.TotalNormalized != 3 || s.ByTool["t"].Processed != 3 {
		t.Errorf("stats across SetRules: %+v %+v", s, s.ByTool["t"])
	}
}

// TestStatsOtherTools: past maxTools tool names, further names are
// counted under OtherTools, with one warning.
func TestStatsOtherTools(t *testing.T) {
	var warnings []string
	n := coerceNormalizer(t, WithWarnings(func(err error) { warnings = append(warnings, err.Error()) }))
	defer n.Close()
	for i := range maxTools + 10 {
		n.NormalizeJSON("t"+strconv.Itoa(i), []byte(`{}`))
	}
	s := n.Stats()
	if len(s.ByTool) != maxTools+1 || s.ByTool[OtherTools].Processed != 10 || s.TotalProcessed != maxTools+10 {
		t.Errorf("%d tools, other %+v, total %d", len(s.ByTool), s.ByTool[OtherTools], s.TotalProcessed)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], OtherTools) {
		t.Errorf("warnings: %q", warnings)
	}
}

// TestWarningsToSlog: without WithWarnings, the normalizer's warnings (a
// corrupt statistics file, a call too long for the call log) go to
// log/slog's default logger.
func TestWarningsToSlog(t *testing.T) {
	var buf strings.Builder
	var mu sync.Mutex
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(lockedWriter{&mu, &buf}, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, StatsFile), []byte(`{"total`), 0o644)
	n := coerceNormalizer(t, WithLogDir(dir), WithCallLog(filepath.Join(dir, "calls.jsonl"), 64))
	n.NormalizeJSON("t", []byte(`{"n":"`+strings.Repeat("1", 100)+`"}`))
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	got := buf.String()
	mu.Unlock()
	for _, want := range []string{"level=WARN", "is corrupt", "longer than the log's cap"} {
		if !strings.Contains(got, want) {
			t.Errorf("slog output lacks %q:\n%s", want, got)
		}
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// TestStatsUnknownFields: a statistics file holding fields normgen does
// not write (another program's file, or a later version's) is not read
// as empty and then overwritten: the normalizer sets it aside with a
// warning naming the field, as it does a corrupt one, and ReadStatsFile
// refuses it naming the field.
func TestStatsUnknownFields(t *testing.T) {
	for _, c := range []string{`{"requests":12}`, `{"total_processed":3,"by_tool":{"t":{"processed":3,"errors":1}}}`} {
		dir := t.TempDir()
		path := filepath.Join(dir, StatsFile)
		os.WriteFile(path, []byte(c), 0o644)
		if _, err := ReadStatsFile(path); err == nil || !strings.Contains(err.Error(), "unknown field") {
			t.Errorf("%s: ReadStatsFile: %v, want an unknown field error", c, err)
		}
		var warnings []string
		n := coerceNormalizer(t, WithLogDir(dir), WithWarnings(func(err error) { warnings = append(warnings, err.Error()) }))
		n.Close()
		aside, _ := filepath.Glob(path + ".corrupt-*")
		if len(aside) != 1 || len(warnings) != 1 || !strings.Contains(warnings[0], "unknown field") {
			t.Fatalf("%s: set aside %v, warnings %q", c, aside, warnings)
		}
		if b, _ := os.ReadFile(aside[0]); string(b) != c {
			t.Errorf("%s: set aside as %s", c, b)
		}
	}
}

// TestStatsTwoWriters: two normalizers on one log folder replace each
// other's counts at each write; the second to write says so once, where
// the counts were lost silently (found by a review).
func TestStatsTwoWriters(t *testing.T) {
	dir := t.TempDir()
	var warnings []string
	warn := WithWarnings(func(err error) { warnings = append(warnings, err.Error()) })
	a := coerceNormalizer(t, WithLogDir(dir), warn)
	b := coerceNormalizer(t, WithLogDir(dir), warn)
	for range 10 {
		a.NormalizeJSON("t", []byte(`{"n":"5"}`))
	}
	b.NormalizeJSON("t", []byte(`{"n":"5"}`))
	if err := a.Close(); err != nil || len(warnings) != 0 {
		t.Fatalf("the first writer: %v %q", err, warnings)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "written by another process") {
		t.Errorf("warnings %q", warnings)
	}
	// One normalizer alone, restarted, says nothing.
	warnings = nil
	c := coerceNormalizer(t, WithLogDir(dir), warn)
	c.NormalizeJSON("t", []byte(`{"n":"5"}`))
	c.stats.flush(true)
	c.NormalizeJSON("t", []byte(`{"n":"5"}`))
	if err := c.Close(); err != nil || len(warnings) != 0 {
		t.Errorf("one writer: %v %q", err, warnings)
	}
}

// TestStatsCountsHold: a statistics file whose counts cannot be (negative,
// more normalized or invalid calls than processed) is set aside as a
// corrupt one, where it loaded and went on from -5.
func TestStatsCountsHold(t *testing.T) {
	for _, c := range []string{`{"total_processed":-5}`, `{"total_processed":1,"total_normalized":100}`, `{"total_processed":1,"by_tool":{"t":{"processed":1,"invalid":2}}}`, `{"by_rule":{"r":{"hits":-1}}}`} {
		dir := t.TempDir()
		path := filepath.Join(dir, StatsFile)
		os.WriteFile(path, []byte(c), 0o644)
		if _, err := ReadStatsFile(path); err == nil {
			t.Errorf("%s: ReadStatsFile took it", c)
		}
		var warnings []string
		n := coerceNormalizer(t, WithLogDir(dir), WithWarnings(func(err error) { warnings = append(warnings, err.Error()) }))
		if s := n.Stats(); s.TotalProcessed != 0 || s.TotalNormalized != 0 {
			t.Errorf("%s: loaded %+v", c, s)
		}
		n.Close()
		if aside, _ := filepath.Glob(path + ".corrupt-*"); len(aside) != 1 || len(warnings) != 1 {
			t.Errorf("%s: set aside %v, warnings %q", c, aside, warnings)
		}
	}
}

// TestStatsUnreadableKept checks that a statistics file this process
// cannot read is never written over, with a warning saying so, and that
// a rewrite keeps the file's mode: an unreadable file was replaced on
// Close by one holding this run's counts alone (800 calls became 8;
// found by a newcomer's trial), and each write made the file 0600.
func TestStatsUnreadableKept(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, StatsFile)
	const held = `{"total_processed": 800}`
	os.WriteFile(path, []byte(held), 0o644)
	readStats = func(string) ([]byte, error) { return nil, os.ErrPermission }
	defer func() { readStats = os.ReadFile }()
	var warnings []string
	n := coerceNormalizer(t, WithLogDir(dir), WithWarnings(func(err error) { warnings = append(warnings, err.Error()) }))
	n.NormalizeJSON("t", []byte(`{"n":"1"}`))
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != held {
		t.Errorf("the unreadable file was written over: %s", b)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "not written") {
		t.Errorf("warnings: %q", warnings)
	}
	readStats = os.ReadFile
	os.Chmod(path, 0o640)
	n = coerceNormalizer(t, WithLogDir(dir))
	n.NormalizeJSON("t", []byte(`{"n":"1"}`))
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("the file's mode after a write: %v %v; want 0640", fi.Mode(), err)
	}
	if s := n.Stats(); s.TotalProcessed != 801 {
		t.Errorf("total processed %d; want 801", s.TotalProcessed)
	}
}

// TestStatsLongToolNames checks that tool names longer than any tool's
// are counted under OtherTools, with one warning: 5,000 calls of made-up
// 100 KB names held 417 MB and wrote a statistics file of 781 MB (found
// by a newcomer's trial).
func TestStatsLongToolNames(t *testing.T) {
	dir := t.TempDir()
	var warnings []string
	n := coerceNormalizer(t, WithLogDir(dir), WithWarnings(func(err error) { warnings = append(warnings, err.Error()) }))
	for i := range 200 {
		n.NormalizeJSON(fmt.Sprintf("%d%s", i, strings.Repeat("x", 10<<10)), []byte(`{"n":"1"}`))
	}
	n.NormalizeJSON("t", []byte(`{"n":"1"}`))
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	s := n.Stats()
	if len(s.ByTool) != 2 || s.ByTool[OtherTools].Processed != 200 || s.ByTool["t"].Processed != 1 {
		t.Errorf("by tool: %d names, %+v", len(s.ByTool), s.ByTool[OtherTools])
	}
	if fi, err := os.Stat(filepath.Join(dir, StatsFile)); err != nil || fi.Size() > 64<<10 {
		t.Errorf("stats file: %v %v", fi.Size(), err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "longer than 256 bytes") {
		t.Errorf("warnings: %.300q", warnings)
	}
}

// TestCallAfterClose checks that a call after Close, where the
// normalizer writes its statistics and calls, is warned of once: it was
// counted in memory and written nowhere, silently (found by a newcomer's
// trial: 32,000 calls counted, 509 in the file).
func TestCallAfterClose(t *testing.T) {
	dir := t.TempDir()
	var warnings []string
	n := coerceNormalizer(t, WithLogDir(dir), WithCallLog(filepath.Join(dir, "calls.jsonl"), 0), WithWarnings(func(err error) { warnings = append(warnings, err.Error()) }))
	n.NormalizeJSON("t", []byte(`{"n":"1"}`))
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		out, _, err := n.NormalizeJSON("t", []byte(`{"n":"2"}`))
		if err != nil || string(out) != `{"n":2}` {
			t.Errorf("after Close: %s %v", out, err)
		}
		n.Normalize("t", map[string]any{"n": "3"})
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], `a call of "t" after Close`) {
		t.Errorf("warnings: %q", warnings)
	}
}
