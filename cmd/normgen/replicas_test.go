package main

import (
	"github.com/normgen/normgen/normalize/statsview"

	"bufio"
	"encoding/json"
	"fmt"
	"github.com/normgen/normgen/internal/docs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/lenient"

	"github.com/normgen/normgen/normalize"
)

// replicaCallLogs writes the call logs of three replicas of the
// filesystem example server under dir/logs, through normalize.WithCallLog
// as a server writes them. Each replica sent search_files one call with
// glob and no pattern: a and b the same line, c a call that rotation
// moved to calls.jsonl.1 (its cap holds one line). Alone, no log has
// more than one such call.
func replicaCallLogs(t *testing.T, dir string) {
	t.Helper()
	glob := `{"path":".","glob":"*.go"}`
	for _, r := range []struct {
		name  string
		max   int64
		calls []string
	}{
		{"a", 0, []string{glob, `{"path":".","pattern":"x"}`}},
		{"b", 0, []string{glob}},
		{"c", 80, []string{`{"path":"src","glob":"*.ts"}`, `{"path":"src","pattern":"y"}`}},
	} {
		logDir := filepath.Join(dir, "logs", "replica-"+r.name)
		if err := os.MkdirAll(logDir, 0o755); err != nil {
			t.Fatal(err)
		}
		n, err := normalize.New(nil, normalize.WithCallLog(filepath.Join(logDir, "calls.jsonl"), r.max))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.calls {
			n.NormalizeJSON("search_files", []byte(c))
		}
		if err := n.Close(); err != nil {
			t.Fatal(err)
		}
	}
	rotated, err := os.ReadFile(filepath.Join(dir, "logs", "replica-c", "calls.jsonl.1"))
	if err != nil || !strings.Contains(string(rotated), `"glob"`) {
		t.Fatalf("replica c's glob call is not in its rotated log: %q, %v", rotated, err)
	}
}

// TestSuggestReplicas: three replicas' call logs, none of which alone
// reaches -min 3, together give the alias edit through the real command:
// read by a quoted glob (rotated files too), or by repeated -calls with
// one on stdin. The two replicas' identical lines are two calls. A glob
// that matches nothing is a usage error naming it. The README shows the
// glob run's output.
func TestSuggestReplicas(t *testing.T) {
	dir := t.TempDir()
	replicaCallLogs(t, dir)
	root, err := filepath.Abs(repoRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(root, "examples", "filesystem")

	code, out, errOut := normgen(t, dir, "", "suggest", "-min", "3", "-calls", "logs/replica-a/calls.jsonl", pkg)
	if code != 0 || !strings.HasPrefix(out, "2 call(s) replayed, 1 failed; 0 edit(s) suggested\n") {
		t.Errorf("one replica alone: exit %d, stdout:\n%s\nstderr: %s", code, out, errOut)
	}

	code, out, errOut = normgen(t, dir, "", "suggest", "-min", "3", "-calls", "logs/*/calls.jsonl*", pkg)
	want := "3 call(s) missed \"pattern\" and sent \"glob\"\n\te.g. logs/replica-a/calls.jsonl:1: "
	if code != 0 || !strings.HasPrefix(out, "5 call(s) replayed, 3 failed; 1 edit(s) suggested\n") || !strings.Contains(out, `add norm:"alias=glob"`) || !strings.Contains(out, want) {
		t.Fatalf("three replicas by a glob: exit %d, stdout:\n%s\nstderr: %s\nwant the alias edit with %q", code, out, errOut, want)
	}
	readme, err := docs.Read(root)
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("<!-- output: normgen suggest -min 3 -calls 'logs/\\*/calls.jsonl\\*' examples/filesystem -->\n```\n((?s:.*?))```").FindSubmatch(readme)
	// The README runs it from the repository's root, where the logs
	// would be: paths in the output are relative to it.
	if shown := strings.ReplaceAll(out, root+string(filepath.Separator), ""); block == nil || string(block[1]) != shown {
		t.Errorf("README.md's block marked <!-- output: normgen suggest -min 3 -calls 'logs/*/calls.jsonl*' examples/filesystem --> is not the output:\n%s", shown)
	}

	var stdin strings.Builder
	for _, f := range []string{"calls.jsonl.1", "calls.jsonl"} {
		b, _ := os.ReadFile(filepath.Join(dir, "logs", "replica-c", f))
		stdin.Write(b)
	}
	code, out2, errOut := normgen(t, dir, stdin.String(), "suggest", "-min", "3",
		"-calls", "logs/replica-a/calls.jsonl", "-calls", "logs/replica-[b]/calls.jsonl", "-calls", "-", pkg)
	if code != 0 || out2 != out {
		t.Errorf("repeated -calls with stdin: exit %d, stdout:\n%s\nstderr: %s\nwant the glob run's:\n%s", code, out2, errOut, out)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-calls", "logs/*/nope.jsonl"}, "normgen: -calls logs/*/nope.jsonl: no file matches this glob"},
		{[]string{"-calls", "logs/replica-a/calls.jsonl", "-calls", "logs/x[/calls.jsonl"}, "normgen: -calls logs/x[/calls.jsonl: not a valid glob"},
		{[]string{"-calls", "logs/replica-a/calls.jsonl", "logs/replica-b/calls.jsonl", pkg}, "normgen: suggest: at most one package directory, not 2 arguments (quote a glob"},
		{[]string{"-calls", "-", "-calls", "-"}, "normgen: -calls -: stdin given twice"},
		{[]string{"-calls", "logs/*"}, "normgen: logs/replica-a: is a directory, not a file"},
	} {
		code, out, errOut := normgen(t, dir, "", append([]string{"suggest"}, tc.args...)...)
		if first, _, _ := strings.Cut(errOut, "\n"); code != 2 || out != "" || !strings.HasPrefix(first, tc.want) {
			t.Errorf("suggest %s: exit %d, stdout %q, stderr:\n%s\nwant exit 2 and %q", strings.Join(tc.args, " "), code, out, errOut, tc.want)
		}
	}
}

// serveStats runs `normgen stats args...` in dir until the test ends and
// returns the URL it serves at.
func serveStats(t *testing.T, dir string, args ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, append([]string{"stats", "-addr", "127.0.0.1:0"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NORMGEN_RUN_MAIN=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url := make(chan string, 1)
	var said strings.Builder
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			said.WriteString(sc.Text() + "\n")
			if _, u, ok := strings.Cut(sc.Text(), " at http://"); ok {
				url <- "http://" + strings.Fields(u)[0]
			}
		}
		close(url)
	}()
	select {
	case u, ok := <-url:
		if !ok {
			t.Fatalf("normgen stats %s ended without serving", strings.Join(args, " "))
		}
		return strings.TrimSuffix(u, "/")
	case <-time.After(60 * time.Second):
		t.Fatalf("normgen stats %s: not serving after 60 s", strings.Join(args, " "))
	}
	return ""
}

// TestStatsReplicas: normgen stats with a glob of three replicas' log
// folders (real files, written by three normalizers) serves one page and
// one stats.json: counts summed per tool and rule, the newest recent
// normalizations across the three, newest first on the page. A corrupt
// file among them is an error naming it; a glob that matches nothing, a
// usage error naming it.
func TestStatsReplicas(t *testing.T) {
	dir := t.TempDir()
	rules := []lenient.Rule{{ID: "limit-int", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "limit", CoerceTo: "int"}}
	for i, calls := range [][]string{
		{`{"limit":"1"}`, `{"limit":2}`},
		{`{"limit":"3"}`, `{"limit":"4"}`, `[]`},
		{`{"limit":"5"}`},
	} {
		n, err := normalize.New(rules, normalize.WithLogDir(filepath.Join(dir, "logs", fmt.Sprint("replica-", i))))
		if err != nil {
			t.Fatal(err)
		}
		tool := "search_files"
		if i == 2 {
			tool = "list_directory"
		}
		for _, c := range calls {
			n.NormalizeJSON(tool, []byte(c))
			time.Sleep(time.Millisecond) // distinct times, in this order
		}
		if err := n.Close(); err != nil {
			t.Fatal(err)
		}
	}
	url := serveStats(t, dir, "-logdir", "logs/*")
	var s normalize.Stats
	if err := json.Unmarshal([]byte(httpGet(t, url+"/stats.json")), &s); err != nil {
		t.Fatal(err)
	}
	if s.TotalProcessed != 6 || s.TotalNormalized != 4 || s.TotalInvalid != 1 ||
		*s.ByTool["search_files"] != (normalize.ToolStats{Processed: 5, Normalized: 3, Invalid: 1}) ||
		*s.ByTool["list_directory"] != (normalize.ToolStats{Processed: 1, Normalized: 1}) {
		t.Errorf("stats.json totals: %+v; by tool: %v %v", s, s.ByTool["search_files"], s.ByTool["list_directory"])
	}
	if r := s.ByRule["limit-int"]; r == nil || r.Hits != 4 || strings.Join(r.Tools, ",") != "list_directory,search_files" {
		t.Errorf("stats.json by rule: %+v", r)
	}
	var froms []string
	for _, r := range s.Recent {
		froms = append(froms, r.Applied[0].From)
	}
	if strings.Join(froms, " ") != `"1" "3" "4" "5"` {
		t.Errorf("recent normalizations across the replicas, oldest first: %v", froms)
	}
	page := httpGet(t, url+"/")
	for _, w := range []string{
		`data-stat="total_processed">6<`, `data-stat="total_normalized">4<`, `data-stat="total_invalid">1<`,
		`<tr data-tool="search_files"><td><code>search_files</code></td><td class="num" data-k="processed">5</td><td class="num" data-k="normalized">3</td><td class="num" data-k="invalid">1</td>`,
		`<tr data-rule="limit-int"><td><code>limit-int</code></td><td>type_coerce</td><td class="num" data-k="hits">4</td><td><code>list_directory</code>, <code>search_files</code></td>`,
		"<h1>normalizer_stats.json of 3 log folders (logs/replica-0, logs/replica-1, logs/replica-2)</h1>",
	} {
		if !strings.Contains(page, w) {
			t.Errorf("the page lacks %s", w)
		}
	}
	if i5, i1 := strings.Index(page, "<code>&#34;5&#34;</code>"), strings.Index(page, "<code>&#34;1&#34;</code>"); i5 < 0 || i1 < 0 || i5 > i1 {
		t.Errorf("the page's recent normalizations are not newest first (\"5\" at %d, \"1\" at %d)", i5, i1)
	}

	// Repeated -logdir: the same page data; with the call logs of three
	// replicas, their error patterns counted together.
	calls := t.TempDir()
	replicaCallLogs(t, calls)
	pkg := filepath.Join(repoRoot(t), "examples", "filesystem")
	url2 := serveStats(t, dir, "-logdir", "logs/replica-0", "-logdir", "logs/replica-[12]/",
		"-calls", filepath.Join(calls, "logs", "*", "calls.jsonl*"), "-pkg", pkg)
	if again := httpGet(t, url2+"/stats.json"); again != httpGet(t, url+"/stats.json") {
		t.Errorf("repeated -logdir serves other statistics:\n%s", again)
	}
	var patterns []statsview.ErrorPattern
	json.Unmarshal([]byte(httpGet(t, url2+"/patterns.json")), &patterns)
	if len(patterns) != 1 || patterns[0].Count != 3 || !strings.HasSuffix(patterns[0].Edit, ": alias=glob") {
		t.Errorf("the error patterns of three replicas' call logs: %+v", patterns)
	}

	bad := filepath.Join(dir, "logs", "replica-1", normalize.StatsFile)
	os.WriteFile(bad, []byte(`{"total_processed": `), 0o644)
	code, out, errOut := normgen(t, dir, "", "stats", "-logdir", "logs/*", "-addr", "127.0.0.1:0")
	if code != 1 || out != "" || !strings.Contains(errOut, filepath.Join("logs", "replica-1", normalize.StatsFile)) {
		t.Errorf("a corrupt file among the replicas: exit %d, stderr:\n%s\nwant exit 1 and its path", code, errOut)
	}
	code, _, errOut = normgen(t, dir, "", "stats", "-logdir", "replicas/*")
	if first, _, _ := strings.Cut(errOut, "\n"); code != 2 || first != "normgen: -logdir replicas/*: no folder matches this glob" {
		t.Errorf("a glob that matches nothing: exit %d, stderr:\n%s", code, errOut)
	}
}

// TestExpandPaths: how -calls and -logdir values become paths: globs in
// order, a trailing separator keeping folders only (as in a shell), an
// existing path taken as it is even with a glob's characters, a path named
// twice read once with a note, stdin only where allowed.
func TestExpandPaths(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, d := range []string{"logs/b", "logs/a"} {
		os.MkdirAll(d, 0o755)
	}
	for _, f := range []string{"logs/x.jsonl", "logs/a/calls.jsonl", "logs/a/calls.jsonl.1", "logs/b/calls.jsonl", "w[1].jsonl"} {
		os.WriteFile(f, nil, 0o644)
	}
	var said strings.Builder
	log.SetOutput(&said)
	defer log.SetOutput(os.Stderr)
	for _, tc := range []struct {
		values []string
		dirs   bool
		want   string // the paths, space-separated
		code   int
		note   string // in what is said
	}{
		{[]string{"logs/*/"}, true, "logs/a logs/b", 0, ""},
		{[]string{"logs/*"}, true, "", 2, "logs/x.jsonl: not a directory"},
		{[]string{"logs/*/calls.jsonl*"}, false, "logs/a/calls.jsonl logs/a/calls.jsonl.1 logs/b/calls.jsonl", 0, ""},
		{[]string{"logs/b/calls.jsonl", "logs/*/calls.jsonl"}, false, "logs/b/calls.jsonl logs/a/calls.jsonl", 0,
			"-calls: logs/b/calls.jsonl is named by logs/b/calls.jsonl and by logs/*/calls.jsonl: read once"},
		{[]string{"logs/x.jsonl", "./logs/x.jsonl"}, false, "logs/x.jsonl", 0, "is named by logs/x.jsonl and by ./logs/x.jsonl: read once"},
		{[]string{"w[1].jsonl"}, false, "w[1].jsonl", 0, ""},
		{[]string{"-", "logs/x.jsonl"}, false, "- logs/x.jsonl", 0, ""},
		{[]string{"-"}, true, "", 2, "-logdir -: stdin is not taken here"},
		{[]string{"nope/*/"}, true, "", 2, "-logdir nope/*/: no folder matches this glob"},
	} {
		said.Reset()
		flagName := map[bool]string{true: "logdir", false: "calls"}[tc.dirs]
		got, code := expandPaths(flagName, tc.values, tc.dirs, !tc.dirs)
		if strings.Join(got, " ") != tc.want || code != tc.code || !strings.Contains(said.String(), tc.note) {
			t.Errorf("%v: %q, exit %d, said %q; want %q, exit %d, saying %q", tc.values, got, code, said.String(), tc.want, tc.code, tc.note)
		}
	}
}
