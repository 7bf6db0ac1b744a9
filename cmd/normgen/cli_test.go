package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets a test run this test binary as the normgen command: with
// NORMGEN_RUN_MAIN=1 it is main, which exits.
func TestMain(m *testing.M) {
	if os.Getenv("NORMGEN_RUN_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// normgen runs the command as a user does (a process of its own, in dir)
// and returns its exit code, stdout and stderr.
func normgen(t *testing.T, dir, stdin string, args ...string) (int, string, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NORMGEN_RUN_MAIN=1")
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.String(), stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stdout.String(), stderr.String()
	}
	t.Fatalf("normgen %v: %v", args, err)
	return 0, "", ""
}

// TestUsageLines: an unknown command and every missing file or directory
// argument, in every command, is one line prefixed "normgen:" that names
// the path, and exit code 2 (a usage error), never a raw loader message.
func TestUsageLines(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "rules.json")
	os.WriteFile(rules, []byte(`[]`), 0o644)
	for _, tc := range []struct {
		args []string
		want string // in the one line on stderr
	}{
		{[]string{"frobnicate"}, `normgen: unknown command "frobnicate"; commands: catalog, check, normalize, rules`},
		{[]string{"./nodir"}, "normgen: ./nodir: no such directory"},
		{[]string{"-check", "nodir/sub"}, "normgen: nodir/sub: no such directory"},
		{[]string{"catalog", "nodir"}, "normgen: nodir: no such directory"},
		{[]string{"rules", "nodir"}, "normgen: nodir: no such directory"},
		{[]string{"rules.json"}, "normgen: rules.json: not a directory"},
		{[]string{"check", "missing.json"}, "normgen: open missing.json: no such file or directory"},
		{[]string{"normalize", "-rules", "missing.json", "-tool", "t"}, "normgen: missing.json: no such file"},
		{[]string{"catalog", "-from", "missing.json"}, "normgen: open missing.json: no such file or directory"},
		{[]string{"catalog", "-from", "-", "-rules", "missing.json"}, "normgen: missing.json: no such file"},
		{[]string{"rules", "-catalog", "missing.json"}, "normgen: open missing.json: no such file or directory"},
		{[]string{"suggest", "-calls", "missing.jsonl"}, "normgen: missing.jsonl: no such file"},
		{[]string{"suggest", "-calls", "-", "nodir"}, "normgen: nodir: no such directory"},
		{[]string{"stats", "-logdir", "nodir"}, "normgen: nodir: no such directory"},
		// InputSchema is what SDKs validate calls against: never a
		// profile for tools/list only (catalog -profile prints those).
		{[]string{"-profile", "gemini", "."}, "normgen: profile gemini cannot be the generated InputSchema, which SDKs validate calls against"},
		{[]string{"-profile", "typearray", "."}, "normgen: profile typearray cannot be the generated InputSchema, which SDKs validate calls against"},
		{[]string{"-profile", "openai-strict", "."}, "normgen: profile openai-strict cannot be the generated InputSchema, which SDKs validate calls against"},
	} {
		code, stdout, stderr := normgen(t, dir, "[]", tc.args...)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if code != 2 || stdout != "" || len(lines) != 1 || !strings.HasPrefix(lines[0], tc.want) {
			t.Errorf("normgen %s: exit %d, stdout %q, stderr:\n%s\nwant exit 2 and one line starting %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.want)
		}
	}
}

// TestUnknownFlags: a flag a command does not have is a usage error
// said as every other, in one line prefixed "normgen:" (and the
// command's name), then the command's usage, and exit code 2.
func TestUnknownFlags(t *testing.T) {
	dir := t.TempDir()
	for _, cmd := range []string{"", "catalog", "rules", "check", "normalize", "suggest", "stats"} {
		args := []string{"-bogus"}
		want := "normgen: flag provided but not defined: -bogus"
		if cmd != "" {
			args = []string{cmd, "-bogus"}
			want = "normgen: " + cmd + ": flag provided but not defined: -bogus"
		}
		code, stdout, stderr := normgen(t, dir, "", args...)
		first, rest, _ := strings.Cut(stderr, "\n")
		if code != 2 || stdout != "" || first != want || !strings.Contains(rest, "-h") && !strings.Contains(rest, "Usage") && !strings.Contains(rest, "normgen") {
			t.Errorf("normgen %s: exit %d, stdout %q, stderr:\n%s\nwant exit 2, the line %q, then the usage", strings.Join(args, " "), code, stdout, stderr, want)
		}
	}
}

// TestHelp: -h and -help print the usage on stderr and exit 0, for the
// default command and every subcommand.
func TestHelp(t *testing.T) {
	runs := [][]string{{"-h"}, {"-help"}, {"help"}, {"help", "catalog"}}
	for _, name := range commandNames() {
		runs = append(runs, []string{name, "-h"})
	}
	for _, args := range runs {
		code, stdout, stderr := normgen(t, t.TempDir(), "", args...)
		if code != 0 || stdout != "" || !strings.Contains(stderr, "Usage") {
			t.Errorf("normgen %s: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and the usage on stderr", strings.Join(args, " "), code, stdout, stderr)
		}
	}
	_, _, stderr := normgen(t, t.TempDir(), "", "-h")
	for _, name := range commandNames() {
		if !strings.Contains(stderr, name) {
			t.Errorf("normgen -h does not name the command %s:\n%s", name, stderr)
		}
	}
}

// TestNormalizeCLI: a tool no rule names is said on stderr and its
// arguments pass unchanged (exit 0); a non-object on stdin is said for what
// it is, on stderr, with exit 1.
func TestNormalizeCLI(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "rules.json"), []byte(`[{"id":"a","tools":["edit_file"],"type":"param_alias","from":"old_str","to":"old_text"}]`), 0o644)
	code, stdout, stderr := normgen(t, dir, `{"old_str":"x"}`, "normalize", "-rules", "rules.json", "-tool", "nosuchtool")
	if code != 0 || !strings.Contains(stdout, `"old_str": "x"`) || !strings.Contains(stderr, "nosuchtool") {
		t.Errorf("unknown tool: exit %d, stdout %q, stderr %q; want exit 0, the arguments unchanged and the tool named on stderr", code, stdout, stderr)
	}
	code, stdout, stderr = normgen(t, dir, `[1]`, "normalize", "-rules", "rules.json", "-tool", "edit_file")
	if code != 1 || stdout != "" || !strings.Contains(stderr, "must be a JSON object") || strings.Contains(stderr, "invalid JSON") {
		t.Errorf("[1] on stdin: exit %d, stdout %q, stderr %q; want exit 1 and \"must be a JSON object\"", code, stdout, stderr)
	}
}

// TestDiagnosticPaths: run from another folder, generator diagnostics name
// the file by its path from the current directory, and an unknown
// jsonschema key's message does not call refused keys supported.
func TestDiagnosticPaths(t *testing.T) {
	pkg := tempPackage(t)
	bad := strings.Replace(toolSrc, `jsonschema:"default=1"`, `jsonschema:"default=1,colour=red"`, 1)
	if bad == toolSrc {
		t.Fatal("toolSrc changed: update the test")
	}
	if err := os.WriteFile(filepath.Join(pkg, "tools.go"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	mod := filepath.Dir(pkg)
	for _, cmd := range [][]string{{}, {"catalog"}, {"rules"}} {
		args := append(cmd, filepath.Join(filepath.Base(mod), "tools"))
		code, _, stderr := normgen(t, filepath.Dir(mod), "", args...)
		want := filepath.Join(filepath.Base(mod), "tools", "tools.go") + ":10:2: field EchoInput.Times: unknown jsonschema key \"colour\""
		if code != 1 || !strings.HasPrefix(stderr, want) {
			t.Errorf("normgen %s: exit %d, stderr:\n%s\nwant exit 1 and a line starting %q", strings.Join(args, " "), code, stderr, want)
		}
		supported, _, _ := strings.Cut(stderr, "(")
		for _, refused := range []string{"multipleOf", "format", "uniqueItems"} {
			if strings.Contains(supported, refused) {
				t.Errorf("the unknown-key message lists %s as supported: %s", refused, stderr)
			}
		}
	}
}

// TestNotInModule: a package directory outside any Go module is said to be
// that, in one line, not "expected one package, found 0".
func TestNotInModule(t *testing.T) {
	dir := t.TempDir()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			t.Skipf("the temporary directory %s is inside a module (%s)", dir, d)
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	os.MkdirAll(filepath.Join(dir, "x"), 0o755)
	os.WriteFile(filepath.Join(dir, "x", "x.go"), []byte("package x\n"), 0o644)
	code, _, stderr := normgen(t, dir, "", "x")
	if want := "normgen: x: not inside a Go module (no go.mod in it or above)"; code != 1 || !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want exit 1 and one line starting %q", code, stderr, want)
	}
}
