package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/suggest"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// writeStats writes a statistics file in a new log folder of dir.
func writeStats(t *testing.T, dir, name string, s normalize.Stats) string {
	t.Helper()
	folder := filepath.Join(dir, name)
	os.MkdirAll(folder, 0o755)
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(folder, normalize.StatsFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return folder
}

// TestStatsView: the statistics of several log folders merged, a folder
// with no file yet noted (and counted once its file appears), a rule id
// of two types noted, an unreadable file an error naming it.
func TestStatsView(t *testing.T) {
	dir := t.TempDir()
	rule := func(typ lenient.RuleType, hits int64) map[string]*normalize.RuleStats {
		return map[string]*normalize.RuleStats{"x": {RuleID: "x", Type: typ, Hits: hits}}
	}
	a := writeStats(t, dir, "a", normalize.Stats{TotalProcessed: 3, ByRule: rule(lenient.RuleTypeCoerce, 2)})
	b := writeStats(t, dir, "b", normalize.Stats{TotalProcessed: 4, ByRule: rule(lenient.RuleParamAlias, 1)})
	fresh := filepath.Join(dir, "fresh")
	os.Mkdir(fresh, 0o755)

	v, notes, err := StatsView([]string{a, b, fresh})
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 2 || !strings.Contains(notes[0], fresh+" has no "+normalize.StatsFile+" yet") ||
		!strings.HasPrefix(notes[1], `warning: rule "x" is a type_coerce in `) || !strings.Contains(notes[1], "the page sums its hits as a type_coerce") {
		t.Errorf("notes: %q", notes)
	}
	if want := normalize.StatsFile + " of 3 log folders (" + a + ", " + b + ", " + fresh + ")"; v.Title != want {
		t.Errorf("title %q, want %q", v.Title, want)
	}
	total := func() int64 {
		s, err := v.Stats()
		if err != nil {
			t.Fatal(err)
		}
		return s.TotalProcessed
	}
	if got := total(); got != 7 {
		t.Errorf("merged total %d, want 7", got)
	}
	writeStats(t, dir, "fresh", normalize.Stats{TotalProcessed: 5})
	if got := total(); got != 12 {
		t.Errorf("once the fresh folder's file is written: %d, want 12", got)
	}

	if v, notes, err := StatsView([]string{a}); err != nil || len(notes) != 0 || v.Title != filepath.Join(a, normalize.StatsFile) {
		t.Errorf("one folder: %v, %q, %v", v, notes, err)
	}
	bad := filepath.Join(dir, "bad")
	os.Mkdir(bad, 0o755)
	os.WriteFile(filepath.Join(bad, normalize.StatsFile), []byte("[]"), 0o644)
	if _, _, err := StatsView([]string{a, bad}); err == nil || !strings.HasPrefix(err.Error(), "no statistics to show: ") || !strings.Contains(err.Error(), "not a JSON object") {
		t.Errorf("unreadable file: %v", err)
	}
}

func TestErrorPatterns(t *testing.T) {
	field := &gen.Field{GoName: []string{"Glob"}}
	field.Pos.Filename, field.Pos.Line, field.Pos.Column = "/x/tools.go", 7, 2
	edit := &suggest.Edit{Field: field, Kind: suggest.Alias, Key: "pattern"}
	ps := ErrorPatterns(&suggest.Report{Patterns: []suggest.Pattern{
		{Tool: "search", Field: "glob", Kind: lenient.KindMissing, Pattern: "missing", Count: 2, Example: suggest.Call{Args: []byte(`{"pattern":"x"}`)}, Edit: edit},
		{Tool: "nosuch", Pattern: "unknown tool", Count: 1},
	}})
	if len(ps) != 2 || ps[0].Edit != "/x/tools.go:7:2: alias=pattern" || ps[0].Example != `{"pattern":"x"}` || ps[0].Count != 2 || ps[0].Kind != lenient.KindMissing || ps[1].Edit != "" || ps[1].Tool != "nosuch" {
		t.Errorf("%+v", ps)
	}
}
