package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

func httpGet(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	return string(body)
}

// TestStatsCommand: normgen stats serves the log folder's statistics file
// and, with -calls and -pkg, the error patterns of the call log with the
// edit suggest prints.
func TestStatsCommand(t *testing.T) {
	logDir := t.TempDir()
	calls := filepath.Join(logDir, "calls.jsonl")
	n, err := lenient.NewNormalizer([]lenient.Rule{{ID: "x", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "limit", CoerceTo: "int"}},
		lenient.WithLogDir(logDir), lenient.WithCallLog(calls, 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{`{"path":".","glob":"*.go","limit":"3"}`, `{"path":".","glob":"*.md"}`, `{"path":".","pattern":"x"}`} {
		n.NormalizeJSON("search_files", []byte(a))
	}
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	h, err := statsHandler(logDir, calls, filepath.Join("..", "..", "examples", "filesystem"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	file, _ := os.ReadFile(filepath.Join(logDir, lenient.StatsFile))
	var want, got lenient.Stats
	json.Unmarshal(file, &want)
	json.Unmarshal([]byte(httpGet(t, srv.URL+"/stats.json")), &got)
	if got.TotalProcessed != 3 || got.TotalNormalized != 1 || want.TotalProcessed != got.TotalProcessed {
		t.Errorf("stats.json: %+v, file %+v", got, want)
	}
	var patterns []lenient.ErrorPattern
	json.Unmarshal([]byte(httpGet(t, srv.URL+"/patterns.json")), &patterns)
	if len(patterns) == 0 || patterns[0].Tool != "search_files" || patterns[0].Count != 2 || !strings.Contains(patterns[0].Edit, `tools.go:`) || !strings.HasSuffix(patterns[0].Edit, ": alias=glob") {
		t.Errorf("patterns: %+v", patterns)
	}
	page := httpGet(t, srv.URL+"/")
	if !strings.Contains(page, `data-stat="total_processed">3<`) || !strings.Contains(page, "alias=glob") {
		t.Errorf("page lacks the totals or the pattern:\n%s", page)
	}

	if _, err := statsHandler(t.TempDir(), "", ""); err == nil || !strings.Contains(err.Error(), "no statistics to show") {
		t.Errorf("empty log folder: %v", err)
	}
	if code := runStats([]string{"-logdir", logDir, "-calls", calls}); code != 2 {
		t.Errorf("-calls without -pkg: exit %d, want 2", code)
	}
	if code := runStats([]string{"-logdir", logDir, "-addr", "127.0.0.1:-1"}); code != 1 {
		t.Errorf("bad -addr: exit %d, want 1", code)
	}
}
