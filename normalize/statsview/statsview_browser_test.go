package statsview

import (
	"github.com/normgen/normgen/normalize"

	"bytes"
	"context"
	"html"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// chromium finds a headless-capable Chromium: missing, the browser test
// skips, or fails under CI=true (.ci/run installs Debian's chromium).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium not found; CI needs it for the stats view test (apt-get install -y chromium)")
	}
	t.Skip("chromium not found (apt-get install -y chromium); CI=true makes this a failure")
	return ""
}

// runChromium runs a headless Chromium with a fresh profile on args.
func runChromium(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

var (
	domStat = regexp.MustCompile(`data-stat="([a-z_]+)">([0-9]+)<`)
	domTool = regexp.MustCompile(`(?s)<tr data-tool="([^"]*)">(.*?)</tr>`)
	domRule = regexp.MustCompile(`(?s)<tr data-rule="([^"]*)">(.*?)</tr>`)
	domCell = regexp.MustCompile(`data-k="([a-z]+)">([0-9]+)<`)
)

// cells reads a row's numbered cells.
func cells(row string) map[string]int64 {
	out := map[string]int64{}
	for _, m := range domCell.FindAllStringSubmatch(row, -1) {
		n, _ := strconv.ParseInt(m[2], 10, 64)
		out[m[1]] = n
	}
	return out
}

// TestStatsViewBrowser loads the page in headless Chromium and checks
// that the numbers of the rendered DOM are those of the statistics file,
// that a hostile tool name is shown as text (its script never runs), and
// takes a screenshot (kept at $STATSVIEW_SCREENSHOT when set).
func TestStatsViewBrowser(t *testing.T) {
	bin := chromium(t)
	path := writeViewStats(t)
	want, err := normalize.ReadStatsFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v := FileHandler(path).(*View)
	v.Patterns = func() []ErrorPattern {
		return []ErrorPattern{{Tool: "search_files", Field: "pattern", Pattern: `unknown key "glob" while pattern is missing`, Count: 2,
			Example: `{"glob":"a"}`, Edit: `tools.go:59:2: Pattern: norm:"alias=query|regex|glob"`}}
	}
	srv := httptest.NewServer(v) // listens on 127.0.0.1
	defer srv.Close()

	dom := string(runChromium(t, bin, "--dump-dom", srv.URL+"/"))
	stats := map[string]int64{}
	for _, m := range domStat.FindAllStringSubmatch(dom, -1) {
		stats[m[1]], _ = strconv.ParseInt(m[2], 10, 64)
	}
	for name, n := range map[string]int64{"total_processed": want.TotalProcessed, "total_normalized": want.TotalNormalized, "total_invalid": want.TotalInvalid} {
		if got, ok := stats[name]; !ok || got != n {
			t.Errorf("DOM %s = %d (found %v), file has %d", name, got, ok, n)
		}
	}
	tools := domTool.FindAllStringSubmatch(dom, -1)
	if len(tools) != len(want.ByTool) {
		t.Errorf("DOM has %d tool rows, file %d tools", len(tools), len(want.ByTool))
	}
	for _, m := range tools {
		name := html.UnescapeString(m[1])
		ts := want.ByTool[name]
		if ts == nil {
			t.Errorf("DOM shows tool %q the file lacks", name)
			continue
		}
		c := cells(m[2])
		if c["processed"] != ts.Processed || c["normalized"] != ts.Normalized || c["invalid"] != ts.Invalid {
			t.Errorf("tool %q: DOM %v, file %+v", name, c, *ts)
		}
	}
	rules := domRule.FindAllStringSubmatch(dom, -1)
	if len(rules) != len(want.ByRule) {
		t.Errorf("DOM has %d rule rows, file %d rules", len(rules), len(want.ByRule))
	}
	for _, m := range rules {
		id := html.UnescapeString(m[1])
		rs := want.ByRule[id]
		if rs == nil || cells(m[2])["hits"] != rs.Hits {
			t.Errorf("rule %q: DOM %v, file %+v", id, cells(m[2]), rs)
		}
	}
	if got := strings.Count(dom, `<tr class="recent">`); got != len(want.Recent) {
		t.Errorf("DOM has %d recent rows, file %d", got, len(want.Recent))
	}
	if !strings.Contains(dom, `<tr class="pattern"><td class="num" data-k="count">2</td>`) {
		t.Error("DOM lacks the error pattern row")
	}
	// The hostile name is text: no script element, the title untouched,
	// and the name readable in the page.
	if strings.Contains(dom, "<script") || strings.Contains(dom, "pwned</title>") {
		t.Errorf("hostile tool name became markup:\n%s", dom)
	}
	if !strings.Contains(dom, strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(hostileTool)) {
		t.Errorf("DOM does not show the hostile tool name as text")
	}

	shot := os.Getenv("STATSVIEW_SCREENSHOT")
	if shot == "" {
		shot = filepath.Join(t.TempDir(), "statsview.png")
	} else if shot, err = filepath.Abs(shot); err != nil {
		t.Fatal(err)
	}
	runChromium(t, bin, "--screenshot="+shot, "--window-size=1280,1100", "--hide-scrollbars", srv.URL+"/")
	png, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	if len(png) < 24 || string(png[1:4]) != "PNG" {
		t.Fatalf("screenshot %s is not a PNG", shot)
	}
	w, h := be32(png[16:20]), be32(png[20:24])
	if w != 1280 || h != 1100 {
		t.Errorf("screenshot is %dx%d, want 1280x1100", w, h)
	}
	t.Logf("screenshot: %s (%d bytes)", shot, len(png))
}

func be32(b []byte) int { return int(b[0])<<24 | int(b[1])<<16 | int(b[2])<<8 | int(b[3]) }
