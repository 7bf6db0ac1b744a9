package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/tempmodule"
)

const toolSrc = `package tools

//go:generate go tool normgen

// EchoInput is the input of echo.
//
//normgen:tool echo
type EchoInput struct {
	Text  string ` + "`json:\"text\" norm:\"alias=message\"`" + `
	Times int    ` + "`json:\"times,omitempty\" jsonschema:\"default=1\"`" + `
}
`

// tempPackage writes a package with one tool in a temporary module that
// depends on this repository.
func tempPackage(t *testing.T) string {
	t.Helper()
	mod := tempmodule.New(t, "example.com/m", map[string]string{"tools/tools.go": toolSrc})
	return filepath.Join(mod, "tools")
}

func TestDriftCheck(t *testing.T) {
	dir := tempPackage(t)
	if code := runGenerate([]string{"-check", dir}); code != 1 {
		t.Errorf("-check before generating: exit %d, want 1", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "tools_normgen.go")); err == nil {
		t.Fatal("-check wrote the generated file")
	}
	if code := runGenerate([]string{dir}); code != 0 {
		t.Fatalf("generate: exit %d", code)
	}
	out := filepath.Join(dir, "tools_normgen.go")
	info, _ := os.Stat(out)
	if code := runGenerate([]string{"-check", dir}); code != 0 {
		t.Errorf("-check after generating: exit %d, want 0", code)
	}
	// Unchanged output is not rewritten.
	if code := runGenerate([]string{dir}); code != 0 {
		t.Fatalf("generate again: exit %d", code)
	}
	if again, _ := os.Stat(out); !again.ModTime().Equal(info.ModTime()) {
		t.Error("unchanged output was rewritten")
	}
	src, _ := os.ReadFile(out)
	edited := strings.Replace(string(src), "decodes a EchoInput", "decodes an EchoInput", 1)
	if edited == string(src) {
		edited = string(src) + "\n// hand edit\n"
	}
	os.WriteFile(out, []byte(edited), 0o644)
	if code := runGenerate([]string{"-check", dir}); code != 1 {
		t.Errorf("-check after a hand edit: exit %d, want 1", code)
	}
	if code := runGenerate([]string{dir}); code != 0 {
		t.Fatalf("regenerate: exit %d", code)
	}
	if code := runGenerate([]string{"-check", dir}); code != 0 {
		t.Errorf("-check after regenerating: exit %d, want 0", code)
	}
}

func TestSchemasDir(t *testing.T) {
	dir := tempPackage(t)
	review := filepath.Join(t.TempDir(), "schemas")
	if code := runGenerate([]string{"-schemas", review, dir}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	schema, err := os.ReadFile(filepath.Join(review, "echo.schema.json"))
	if err != nil || !strings.Contains(string(schema), `"default": 1`) {
		t.Errorf("echo.schema.json: %v\n%s", err, schema)
	}
	rules, err := os.ReadFile(filepath.Join(review, "rules.json"))
	if err != nil || !strings.Contains(string(rules), `"echo.text.alias.message"`) {
		t.Errorf("rules.json: %v\n%s", err, rules)
	}
}

func TestUsageErrors(t *testing.T) {
	if code := runGenerate([]string{"-nosuchflag"}); code != 2 {
		t.Errorf("unknown flag: exit %d, want 2", code)
	}
	if code := runGenerate([]string{"a", "b"}); code != 2 {
		t.Errorf("two directories: exit %d, want 2", code)
	}
}

func TestNormalizeCommand(t *testing.T) {
	rules := filepath.Join(t.TempDir(), "rules.json")
	os.WriteFile(rules, []byte(`[{"id":"a","tools":["edit_file"],"type":"param_alias","from":"old_str","to":"old_text"},
		{"id":"f","tools":["*"],"type":"type_coerce","from":"force","coerce_to":"bool"}]`), 0o644)
	out := runWithStdin(t, `{"old_str":"<x>","force":"yes","n":12345678901234567890}`, "-rules", rules, "-tool", "edit_file")
	want := `{
  "args": {
    "old_text": "<x>",
    "force": true,
    "n": 12345678901234567890
  },
  "applied": [
    {
      "rule_id": "a",
      "type": "param_alias",
      "param": "old_text",
      "from": "old_str",
      "to": "old_text"
    },
    {
      "rule_id": "f",
      "type": "type_coerce",
      "param": "force",
      "from": "\"yes\"",
      "to": "true"
    }
  ]
}
`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`[{"id":"a","tools":["t"],"type":"nope"}]`), 0o644)
	if code := runNormalize([]string{"-rules", bad, "-tool", "t"}); code != 1 {
		t.Errorf("bad rules file: exit %d, want 1", code)
	}
	if code := runNormalize([]string{"-tool", "t"}); code != 2 {
		t.Errorf("missing -rules: exit %d, want 2", code)
	}
}

// runWithStdin runs normgen normalize with stdin and returns its stdout.
func runWithStdin(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	inR, inW, _ := os.Pipe()
	outR, outW, _ := os.Pipe()
	oldIn, oldOut := os.Stdin, os.Stdout
	os.Stdin, os.Stdout = inR, outW
	defer func() { os.Stdin, os.Stdout = oldIn, oldOut }()
	go func() { inW.WriteString(stdin); inW.Close() }()
	code := runNormalize(args)
	outW.Close()
	b, _ := io.ReadAll(outR)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, b)
	}
	return string(b)
}

func TestCheckCommand(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	sdk := filepath.Join(filepath.Dir(file), "..", "..", "testdata", "catalogs", "go-sdk-inferred.json")
	if code := runCheck([]string{sdk}); code != 1 {
		t.Errorf("SDK-inferred catalog: exit %d, want 1", code)
	}
	clean := filepath.Join(t.TempDir(), "clean.json")
	os.WriteFile(clean, []byte(`[{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":["integer","string"],"pattern":"^-?[0-9]+$"}}}}]`), 0o644)
	if code := runCheck([]string{"-json", clean}); code != 0 {
		t.Errorf("clean catalog: exit %d, want 0", code)
	}
	if code := runCheck([]string{filepath.Join(t.TempDir(), "missing.json")}); code != 2 {
		t.Errorf("missing file: exit %d, want 2", code)
	}
}
