package main

import (
	"github.com/normgen/normgen/normalize/statsview"

	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"

	"github.com/normgen/normgen/normalize"
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
	n, err := normalize.New([]lenient.Rule{{ID: "x", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "limit", CoerceTo: "int"}},
		normalize.WithLogDir(logDir), normalize.WithCallLog(calls, 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{`{"path":".","glob":"*.go","limit":"3"}`, `{"path":".","glob":"*.md"}`, `{"path":".","pattern":"x"}`} {
		n.NormalizeJSON("search_files", []byte(a))
	}
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	h, err := statsHandler([]string{logDir}, []string{calls}, filepath.Join("..", "..", "examples", "filesystem"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	file, _ := os.ReadFile(filepath.Join(logDir, normalize.StatsFile))
	var want, got normalize.Stats
	json.Unmarshal(file, &want)
	json.Unmarshal([]byte(httpGet(t, srv.URL+"/stats.json")), &got)
	if got.TotalProcessed != 3 || got.TotalNormalized != 1 || want.TotalProcessed != got.TotalProcessed {
		t.Errorf("stats.json: %+v, file %+v", got, want)
	}
	var patterns []statsview.ErrorPattern
	json.Unmarshal([]byte(httpGet(t, srv.URL+"/patterns.json")), &patterns)
	if len(patterns) == 0 || patterns[0].Tool != "search_files" || patterns[0].Kind != lenient.KindMissing || patterns[0].Count != 2 || !strings.Contains(patterns[0].Edit, `tools.go:`) || !strings.HasSuffix(patterns[0].Edit, ": alias=glob") {
		t.Errorf("patterns: %+v", patterns)
	}
	page := httpGet(t, srv.URL+"/")
	if !strings.Contains(page, `data-stat="total_processed">3<`) || !strings.Contains(page, "alias=glob") {
		t.Errorf("page lacks the totals or the pattern:\n%s", page)
	}

	// A fresh log folder (the normalizer has not flushed yet) shows an
	// empty page, and the totals once the file appears.
	fresh := t.TempDir()
	h, err = statsHandler([]string{fresh}, nil, "")
	if err != nil {
		t.Fatalf("fresh log folder: %v", err)
	}
	empty := httptest.NewServer(h)
	defer empty.Close()
	if page := httpGet(t, empty.URL+"/"); !strings.Contains(page, `data-stat="total_processed">0<`) {
		t.Errorf("fresh log folder: the page lacks a zero total:\n%s", page)
	}
	os.WriteFile(filepath.Join(fresh, normalize.StatsFile), file, 0o644)
	if page := httpGet(t, empty.URL+"/"); !strings.Contains(page, `data-stat="total_processed">3<`) {
		t.Errorf("once the file is written, the page lacks its totals:\n%s", page)
	}
	// A statistics file that cannot be read is still an error.
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, normalize.StatsFile), []byte("[]"), 0o644)
	if _, err := statsHandler([]string{bad}, nil, ""); err == nil || !strings.Contains(err.Error(), "not a JSON object") {
		t.Errorf("unreadable statistics file: %v", err)
	}
	if code := runStats([]string{"-logdir", logDir, "-calls", calls}); code != 2 {
		t.Errorf("-calls without -pkg: exit %d, want 2", code)
	}
	if code := runStats([]string{"-logdir", logDir, "-addr", "127.0.0.1:-1"}); code != 1 {
		t.Errorf("bad -addr: exit %d, want 1", code)
	}
}
