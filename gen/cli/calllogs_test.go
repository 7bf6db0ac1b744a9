package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadCallLogs: several logs read as one, each call placed in its
// file (stdin as "stdin"), malformed lines counted together; one log's
// calls placed by line; a missing file an error naming it.
func TestReadCallLogs(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	os.WriteFile(a, []byte(`{"tool":"t","args":{}}`+"\nnot json\n"), 0o644)
	os.WriteFile(b, []byte(`{"tool":"t","args":{}}`+"\n"), 0o644)
	calls, bad, err := ReadCallLogs([]string{a, b, "-"}, strings.NewReader(`{"tool":"u","args":{}}`+"\nnope\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 3 || calls[0].At != a+":1" || calls[1].At != b+":1" || calls[2].At != "stdin:1" || calls[2].Tool != "u" {
		t.Errorf("calls: %+v", calls)
	}
	if bad.Count != 2 || bad.FirstAt != a+":2" {
		t.Errorf("malformed: %+v", bad)
	}
	if calls, _, _ := ReadCallLogs([]string{a}, nil); len(calls) != 1 || calls[0].At != "line 1" {
		t.Errorf("one log: %+v", calls)
	}
	if _, _, err := ReadCallLogs([]string{filepath.Join(dir, "missing")}, nil); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing file: %v", err)
	}
}
