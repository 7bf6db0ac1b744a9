package normalize

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// readLog reads a call log's lines as {tool, args} objects.
func readLog(t *testing.T, path string) []map[string]json.RawMessage {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]json.RawMessage
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%s: line %q: %v", path, sc.Text(), err)
		}
		out = append(out, m)
	}
	return out
}

// TestCallLog: both entry points log the arguments as received (before
// any rule, big integers and key order kept, no HTML escaping), one line
// each; invalid JSON is logged as a string; after Close nothing is written.
func TestCallLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls.jsonl")
	n, err := New([]lenient.Rule{{ID: "a", Tools: []string{"*"}, Type: lenient.RuleParamAlias, From: "glob", To: "pattern"}}, WithCallLog(path, 0))
	if err != nil {
		t.Fatal(err)
	}
	n.NormalizeJSON("search_files", []byte("{\n  \"glob\": \"<*.go>\",\n  \"id\": 12345678901234567890}"))
	n.NormalizeJSON("t", []byte(`{"a":`))
	n.Normalize(`to"ol`, map[string]any{"glob": "x", "n": json.Number("1e400")})
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	n.NormalizeJSON("late", []byte(`{}`))
	got := readLog(t, path)
	want := []string{
		`{"tool":"search_files","args":{"glob":"<*.go>","id":12345678901234567890}}`,
		`{"tool":"t","args":"{\"a\":"}`,
		`{"tool":"to\"ol","args":{"glob":"x","n":1e400}}`,
	}
	data, _ := os.ReadFile(path)
	if strings.TrimSpace(string(data)) != strings.Join(want, "\n") {
		t.Errorf("call log:\n%s\nwant:\n%s", data, strings.Join(want, "\n"))
	}
	if len(got) != 3 {
		t.Errorf("%d lines", len(got))
	}
}

// TestCallLogRotation: the file never passes the cap, one .1 file is kept,
// a line longer than the cap is dropped with a warning, and concurrent
// calls each write one whole line.
func TestCallLogRotation(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "calls.jsonl")
	var mu sync.Mutex
	var warnings []string
	n, err := New(nil, WithCallLog(path, 1000), WithWarnings(func(err error) {
		mu.Lock()
		warnings = append(warnings, err.Error())
		mu.Unlock()
	}))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				n.NormalizeJSON("tool", fmt.Appendf(nil, `{"g":%d,"i":%d}`, g, i))
			}
		}()
	}
	wg.Wait()
	n.NormalizeJSON("tool", []byte(`{"big":"`+strings.Repeat("x", 2000)+`"}`))
	n.Close()
	for _, p := range []string{path, path + ".1"} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() > 1000 {
			t.Errorf("%s is %d bytes, past the 1000-byte cap", p, st.Size())
		}
		for _, l := range readLog(t, p) {
			if string(l["tool"]) != `"tool"` || !strings.HasPrefix(string(l["args"]), `{"g":`) {
				t.Errorf("%s: odd line %v", p, l)
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 2 {
		t.Errorf("files: %v", files)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "longer than the log's cap") {
		t.Errorf("warnings: %q", warnings)
	}
}

// TestCallLogOpenError: a call log that cannot be opened (its folder is
// a file) is an error of New naming the call log; a missing folder is
// created, as WithLogDir's is (docs/normalizer.md's stats view example
// gives both the same new folder).
func TestCallLogOpenError(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "file"), nil, 0o644)
	_, err := New(nil, WithCallLog(filepath.Join(dir, "file", "calls.jsonl"), 0))
	if err == nil || !strings.Contains(err.Error(), "call log") {
		t.Errorf("err = %v", err)
	}
	n, err := New(nil, WithCallLog(filepath.Join(dir, "no", "such", "dir", "calls.jsonl"), 0))
	if err != nil {
		t.Fatalf("a call log in folders not yet made: %v", err)
	}
	n.Close()
	if _, err := os.Stat(filepath.Join(dir, "no", "such", "dir", "calls.jsonl")); err != nil {
		t.Error(err)
	}
}

// TestCallLogMarshalPanics: a call whose value's MarshalJSON panics is not
// logged, with a warning naming the tool and the panic, and the call is
// normalized as any other; the panic was passed on to Normalize's caller
// (found by review).
func TestCallLogMarshalPanics(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls.jsonl")
	var warned []string
	n, err := New([]lenient.Rule{{ID: "c", Tools: []string{"x"}, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: "int"}},
		WithCallLog(path, 0), WithWarnings(func(err error) { warned = append(warned, err.Error()) }))
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	out, applied := n.Normalize("x", map[string]any{"p": panicky{}, "n": "3"})
	if _, ok := out["p"].(panicky); !ok || fmt.Sprint(out["n"]) != "3" || len(applied) != 1 {
		t.Errorf("got %#v %+v", out, applied)
	}
	n.Normalize("x", map[string]any{"n": "4"})
	if len(warned) != 1 || !strings.Contains(warned[0], "a call of x not logged") || !strings.Contains(warned[0], "no") {
		t.Errorf("warnings %q", warned)
	}
	if got := readLog(t, path); len(got) != 1 || string(got[0]["args"]) != `{"n":"4"}` {
		t.Errorf("log %v", got)
	}
}
