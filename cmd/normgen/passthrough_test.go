package main

import (
	"bytes"
	"encoding/json"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulesCatalogNothingToFix: for a catalog where no field needs a rule
// (only strings, in a closed object, where no misnamed_key rule has an
// unknown key to refuse), `rules -catalog` prints an empty rule table, [] (it
// printed null, which normalize then refused), and `normalize` with that
// table, or with any table no rule of which names the tool, passes the
// arguments through unchanged (exit 0) with a note on stderr, instead of
// refusing the call.
func TestRulesCatalogNothingToFix(t *testing.T) {
	dir := t.TempDir()
	cat := filepath.Join(dir, "tools.json")
	writeTestFile(t, cat, `{"tools":[{"name":"echo","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}}]}`)
	code, out := capture(t, func() int { return subcommands["rules"]([]string{"-catalog", cat}) })
	if code != 0 || string(out) != "[]\n" {
		t.Fatalf("rules -catalog: exit %d, output %q; want 0 and %q", code, out, "[]\n")
	}
	empty := filepath.Join(dir, "rules.json")
	writeTestFile(t, empty, string(out))
	named := filepath.Join(dir, "named.json")
	writeTestFile(t, named, `[{"id":"a","tools":["edit_file"],"type":"param_alias","from":"old_str","to":"old_text"}]`)

	for _, tc := range []struct{ rules, tool, note string }{
		{empty, "echo", `no rule names tool "echo" (the rules file has no rule); its arguments pass unchanged`},
		{named, "edit_fil", `no rule names tool "edit_fil" (the rules name: edit_file); its arguments pass unchanged`},
	} {
		// a string that looks like a number stays a string; key order kept
		args := `{"text": "00713",  "b":1}`
		code, stdout, logged := runNormalizeAll(t, args, "-rules", tc.rules, "-tool", tc.tool)
		var got struct {
			Args    json.RawMessage
			Applied []any
		}
		var in, out bytes.Buffer
		json.Compact(&in, []byte(args))
		if err := json.Unmarshal([]byte(stdout), &got); err == nil {
			json.Compact(&out, got.Args)
		}
		if code != 0 || out.String() != in.String() || got.Applied == nil || len(got.Applied) > 0 {
			t.Errorf("%s -tool %s: exit %d, stdout %q; want 0, the arguments unchanged and no fix", filepath.Base(tc.rules), tc.tool, code, stdout)
		}
		if !strings.Contains(logged, tc.note) {
			t.Errorf("%s -tool %s: stderr %q, want the note %q", filepath.Base(tc.rules), tc.tool, logged, tc.note)
		}
	}
}

func writeTestFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runNormalizeAll runs normgen normalize with stdin and returns its exit
// code, stdout and what it logged.
func runNormalizeAll(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var logged strings.Builder
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	inR, inW, _ := os.Pipe()
	oldIn := os.Stdin
	os.Stdin = inR
	defer func() { os.Stdin = oldIn }()
	go func() { inW.WriteString(stdin); inW.Close() }()
	code, out := capture(t, func() int { return runNormalize(args) })
	return code, string(out), logged.String()
}
