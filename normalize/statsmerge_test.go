package normalize

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestMergeStats: the statistics files of three normalizers (three
// replicas, each with its own log folder) merge into one: totals and
// per-tool counts summed, each rule's hits summed and its tools joined,
// the newest recent normalizations across all three in time order, the
// latest update time.
func TestMergeStats(t *testing.T) {
	var files []Stats
	for i, calls := range []struct {
		tool       string
		fixed, ok  int
		invalidArg bool
	}{
		{"search", 30, 4, true},
		{"search", 30, 0, false},
		{"copy", 5, 2, false},
	} {
		dir := filepath.Join(t.TempDir(), fmt.Sprint("replica", i))
		n := coerceNormalizer(t, WithLogDir(dir))
		for k := 0; k < calls.fixed; k++ {
			n.NormalizeJSON(calls.tool, fmt.Appendf(nil, `{"n":"%d","k":%d}`, i, k))
		}
		for k := 0; k < calls.ok; k++ {
			n.NormalizeJSON(calls.tool, []byte(`{"n":1}`))
		}
		if calls.invalidArg {
			n.NormalizeJSON(calls.tool, []byte(`[1]`))
		}
		if err := n.Close(); err != nil {
			t.Fatal(err)
		}
		s, err := ReadStatsFile(filepath.Join(dir, StatsFile))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, s)
	}
	m := MergeStats(files...)
	if m.TotalProcessed != 35+30+7 || m.TotalNormalized != 65 || m.TotalInvalid != 1 {
		t.Errorf("totals: processed %d, normalized %d, invalid %d; want 72, 65, 1", m.TotalProcessed, m.TotalNormalized, m.TotalInvalid)
	}
	if s, c := m.ByTool["search"], m.ByTool["copy"]; len(m.ByTool) != 2 || s == nil || c == nil ||
		*s != (ToolStats{Processed: 65, Normalized: 60, Invalid: 1}) || *c != (ToolStats{Processed: 7, Normalized: 5}) {
		t.Errorf("by tool: search %+v, copy %+v (%d tools)", s, c, len(m.ByTool))
	}
	if r := m.ByRule["n"]; r == nil || r.Hits != 65 || r.Type != lenient.RuleTypeCoerce || r.RuleID != "n" || !slices.Equal(r.Tools, []string{"copy", "search"}) {
		t.Errorf("by rule: %+v", r)
	}
	if !m.LastUpdated.Equal(files[2].LastUpdated) {
		t.Errorf("last updated %v, want the newest file's %v", m.LastUpdated, files[2].LastUpdated)
	}
	// The newest 50 across the three: replica 2's five, all thirty of
	// replica 1's, the last fifteen of replica 0's, oldest first.
	want := append(append(slices.Clone(files[0].Recent[len(files[0].Recent)-15:]), files[1].Recent...), files[2].Recent...)
	if len(m.Recent) != 50 {
		t.Fatalf("%d recent normalizations, want 50", len(m.Recent))
	}
	for i := range want {
		if a, b := m.Recent[i], want[i]; !a.Time.Equal(b.Time) || a.Tool != b.Tool || a.Applied[0].From != b.Applied[0].From {
			t.Fatalf("recent[%d] = %+v, want %+v", i, a, b)
		}
	}
	// Merging changes none of its inputs.
	if files[0].ByTool["search"].Processed != 35 || len(files[0].ByRule["n"].Tools) != 1 {
		t.Errorf("MergeStats changed its input: %+v %+v", files[0].ByTool["search"], files[0].ByRule["n"])
	}
	if one := MergeStats(files[1]); one.TotalProcessed != 30 || len(one.Recent) != 30 {
		t.Errorf("one file merged: %+v", one)
	}
	if none := MergeStats(); none.TotalProcessed != 0 || none.ByTool == nil || none.ByRule == nil {
		t.Errorf("nothing merged: %+v", none)
	}
}
