package statsview

import (
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"

	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileTool is a tool name that would run script if the page did not
// escape it.
const hostileTool = `<script>document.title="pwned"</script>`

// writeViewStats runs calls through a normalizer with a log folder and
// returns the statistics file it wrote.
func writeViewStats(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	rules := []lenient.Rule{
		{ID: "search-glob", Tools: []string{"search_files"}, Type: lenient.RuleParamAlias, From: "glob", To: "pattern"},
		{ID: "limit-int", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "limit", CoerceTo: "int"},
		{ID: "evil-alias", Tools: []string{hostileTool}, Type: lenient.RuleParamAlias, From: "<b>x</b>", To: "y"},
	}
	n, err := normalize.New(rules, normalize.WithLogDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	calls := []struct{ tool, args string }{
		{"search_files", `{"glob":"*.go","limit":"5"}`},
		{"search_files", `{"pattern":"x"}`},
		{"search_files", `{"glob":"a"}`},
		{"read_file", `{"limit":"7"}`},
		{"read_file", `[1]`},
		{hostileTool, `{"<b>x</b>":"<img src=x onerror=alert(1)>"}`},
	}
	for _, c := range calls {
		n.NormalizeJSON(c.tool, []byte(c.args))
	}
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, normalize.StatsFile)
}

func get(t *testing.T, url string) (string, http.Header) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s: %s", url, resp.Status, body)
	}
	return string(body), resp.Header
}

func TestStatsViewJSON(t *testing.T) {
	path := writeViewStats(t)
	srv := httptest.NewServer(FileHandler(path))
	defer srv.Close()
	body, h := get(t, srv.URL+"/stats.json")
	if ct := h.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
	var got, want normalize.Stats
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	want, err := normalize.ReadStatsFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Errorf("stats.json\n got %s\nwant %s", g, w)
	}
	if got.TotalProcessed != 6 || got.TotalNormalized != 4 || got.TotalInvalid != 1 {
		t.Errorf("totals %d/%d/%d, want 6/4/1", got.TotalProcessed, got.TotalNormalized, got.TotalInvalid)
	}
	if body, _ := get(t, srv.URL+"/patterns.json"); strings.TrimSpace(body) != "[]" {
		t.Errorf("patterns.json without patterns: %s", body)
	}
}

func TestStatsViewHTMLEscapes(t *testing.T) {
	path := writeViewStats(t)
	v := FileHandler(path).(*View)
	v.Patterns = func() []ErrorPattern {
		return []ErrorPattern{{Tool: hostileTool, Field: "y", Pattern: `unknown key "<i>k</i>"`, Count: 3, Example: `{"<b>x</b>":1}`, Edit: `tools.go:3:2: norm:"alias=<i>k</i>"`}}
	}
	srv := httptest.NewServer(v)
	defer srv.Close()
	body, h := get(t, srv.URL+"/")
	if !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Errorf("Content-Type %q", h.Get("Content-Type"))
	}
	for _, raw := range []string{"<script>", "<img", "<b>x", "<i>k"} {
		if strings.Contains(body, raw) {
			t.Errorf("page holds unescaped %q", raw)
		}
	}
	for _, esc := range []string{"&lt;script&gt;", "&lt;b&gt;x&lt;/b&gt;", "&lt;i&gt;k&lt;/i&gt;"} {
		if !strings.Contains(body, esc) {
			t.Errorf("page lacks escaped %q", esc)
		}
	}
	for _, external := range []string{"http://", "https://", "src=\"/", "<link"} {
		if strings.Contains(body, external) {
			t.Errorf("page refers to an asset (%q)", external)
		}
	}
}

func TestStatsViewErrors(t *testing.T) {
	dir := t.TempDir()
	srv := httptest.NewServer(FileHandler(filepath.Join(dir, normalize.StatsFile)))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusInternalServerError {
		t.Errorf("missing file: %s", resp.Status)
	}
	os.WriteFile(filepath.Join(dir, normalize.StatsFile), []byte("null"), 0o644)
	if _, err := normalize.ReadStatsFile(filepath.Join(dir, normalize.StatsFile)); err == nil || !strings.Contains(err.Error(), "not a JSON object") {
		t.Errorf("null file: %v", err)
	}
	for path, code := range map[string]int{"/nope": 404, "/stats.json/x": 404} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != code {
			t.Errorf("GET %s: %s, want %d", path, resp.Status, code)
		}
	}
	resp, err = http.Post(srv.URL+"/", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %s", resp.Status)
	}
}

func TestNormalizerStatsHandler(t *testing.T) {
	n, err := normalize.New([]lenient.Rule{{ID: "a", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "x", To: "y"}}, normalize.WithLogDir(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	n.NormalizeJSON("t", []byte(`{"x":1}`))
	srv := httptest.NewServer(Handler(n))
	defer srv.Close()
	body, _ := get(t, srv.URL+"/")
	if !strings.Contains(body, `data-stat="total_normalized">1<`) {
		t.Errorf("live page does not show 1 normalized call:\n%s", body)
	}
}

// TestErrorPatternKind: a pattern's problem kind is served in
// patterns.json and shown on the page beside its text; patterns.json of
// before kinds were recorded (no "kind") still reads, with an empty Kind,
// and a pattern without a kind shows none.
func TestErrorPatternKind(t *testing.T) {
	path := writeViewStats(t)
	v := FileHandler(path).(*View)
	v.Patterns = func() []ErrorPattern {
		return []ErrorPattern{
			{Tool: "search_files", Field: "pattern", Kind: lenient.KindMissing, Pattern: `missing, with unknown key(s) glob`, Count: 2, Example: `{"glob":"a"}`},
			{Tool: "nope", Pattern: "tool not declared", Count: 1, Example: `{}`},
		}
	}
	srv := httptest.NewServer(v)
	defer srv.Close()
	body, _ := get(t, srv.URL+"/patterns.json")
	var got []ErrorPattern
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Kind != lenient.KindMissing || got[1].Kind != "" {
		t.Errorf("patterns.json kinds: %+v", got)
	}
	if !strings.Contains(body, `"kind": "missing"`) || strings.Count(body, `"kind"`) != 1 {
		t.Errorf("patterns.json: want one \"kind\", the first pattern's: %s", body)
	}
	page, _ := get(t, srv.URL+"/")
	if !strings.Contains(page, `data-k="kind">(missing)<`) || strings.Count(page, `data-k="kind"`) != 1 {
		t.Errorf("page: want the first pattern's kind, and only it:\n%s", page)
	}

	var old []ErrorPattern
	if err := json.Unmarshal([]byte(`[{"tool":"t","field":"f","pattern":"p","count":1,"example":"{}"}]`), &old); err != nil || len(old) != 1 || old[0].Kind != "" || old[0].Pattern != "p" {
		t.Errorf("patterns.json without kinds: %+v, %v", old, err)
	}
}
