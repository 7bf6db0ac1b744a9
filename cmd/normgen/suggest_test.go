package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/tempmodule"
	"github.com/normgen/normgen/normalize"
)

// buildNormgen builds the command once for a test.
func buildNormgen(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "normgen")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runBin runs bin with args in dir and returns its exit code, stdout and
// stderr.
func runBin(t *testing.T, dir, bin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stdout.String(), stderr.String()
}

// fieldPos finds a struct field's name position in a Go file.
func fieldPos(t *testing.T, file, typeName, field string) token.Position {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var pos token.Position
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != typeName {
			return true
		}
		for _, fl := range ts.Type.(*ast.StructType).Fields.List {
			for _, id := range fl.Names {
				if id.Name == field {
					pos = fset.Position(id.Pos())
				}
			}
		}
		return false
	})
	if !pos.IsValid() {
		t.Fatalf("no field %s.%s in %s", typeName, field, file)
	}
	return pos
}

// loggedInvalidJSON is the call log line normalize.WithCallLog writes for a
// call of tool whose arguments are the text args, not valid JSON.
func loggedInvalidJSON(t *testing.T, tool, args string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "calls.jsonl")
	n, err := normalize.New(nil, normalize.WithCallLog(path, 0))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := n.NormalizeJSON(tool, []byte(args)); err == nil {
		t.Fatalf("%s is valid JSON", args)
	}
	n.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}

func writeCalls(t *testing.T, lines ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "calls.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSuggestFilesystem: a log where search_files keeps getting glob
// without pattern gives an alias edit at the Pattern field's position in
// examples/filesystem/tools.go, first; malformed lines are counted; the
// example's source is not touched.
func TestSuggestFilesystem(t *testing.T) {
	bin := buildNormgen(t)
	calls := writeCalls(t,
		`{"tool":"search_files","args":{"path":".","glob":"*.go"}}`,
		loggedInvalidJSON(t, "search_files", `{"path":"src","glob":`),
		`{"tool":"search_files","args":{"path":"src","glob":"*.ts","limit":5}}`,
		`not json`,
		`{"tool":"search_files","args":{"glob":"TODO","directory":"x"}}`,
		`{"tool":"search_files","args":"{}"}`,
		`{"tool":"search_files","args":{"path":".","pattern":"x"}}`,
		`{"tool":"batch_operations","args":{"pipeline_json":{"steps":[{"action":"duplicate"}]}}}`,
	)
	dir := filepath.Join("..", "..", "examples", "filesystem")
	before, err := os.ReadFile(filepath.Join(dir, "tools.go"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runBin(t, ".", bin, "suggest", "-calls", calls, dir)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	pos := fieldPos(t, filepath.Join(dir, "tools.go"), "SearchFilesInput", "Pattern")
	abs, _ := filepath.Abs(filepath.Join(dir, "tools.go")) // dir is above the working directory
	want := fmt.Sprintf("%s:%d:%d: search_files: Pattern: add norm:\"alias=glob\"\n\t3 call(s) missed \"pattern\" and sent \"glob\"\n\te.g. line 1: ",
		abs, pos.Line, pos.Column)
	if !strings.Contains(out, "7 call(s) replayed, 6 failed; 1 edit(s) suggested\n\n"+want) {
		t.Errorf("suggest output lacks the alias edit first\n%s\nwant:\n%s", out, want)
	}
	// Only the line that is no call at all is malformed: a call whose
	// arguments were not a JSON object (logged by normalize.WithCallLog as
	// text) is a failed call, listed with the others.
	if !strings.Contains(errOut, "skipped 1 malformed line(s) of the call log (first: line 4: ") {
		t.Errorf("stderr: %s", errOut)
	}
	for _, w := range []string{
		"\t1\tsearch_files\t-\tthe arguments are a string: text that is not valid JSON, as the call log writes it, or a string the client sent (a client bug no tag edit can fix)\n",
		"\t1\tsearch_files\t-\tthe arguments are a string holding JSON text, not a JSON object (a client bug no tag edit can fix)\n",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("other failures lack %q:\n%s", w, out)
		}
	}
	// One wrong value seen once is below -min 2: listed, no edit.
	if !strings.Contains(out, "\t1\tbatch_operations\tpipeline_json.steps[].action\t\"duplicate\" is not one of") {
		t.Errorf("the lone wrong value is not listed among other failures:\n%s", out)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "tools.go"))
	if !bytes.Equal(before, after) {
		t.Error("suggest without -w changed tools.go")
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".normgen-suggest-*"))
	if len(left) > 0 {
		t.Errorf("replay folder left behind: %v", left)
	}
}

const suggestSrc = `package tools

// SearchFilesInput is the input of search_files.
//
//normgen:tool search_files
type SearchFilesInput struct {
	Path    string ` + "`json:\"path\" norm:\"alias=dir\"`" + `
	Pattern string ` + "`json:\"pattern\" norm:\"alias=query\"`" + `
	Limit   int    ` + "`json:\"limit,omitempty\"`" + `
}

// CopyInput is the input of copy.
//
//normgen:tool copy
type CopyInput struct {
	Source string ` + "`json:\"source\"`" + `
	Target string ` + "`json:\"target\"`" + `
	Op     string ` + "`json:\"op,omitempty\" jsonschema:\"enum=copy,enum=move,enum=delete\"`" + `
}
`

// suggestModule writes suggestSrc in a temporary module that depends on
// this repository and generates its code.
func suggestModule(t *testing.T, bin string) string {
	t.Helper()
	mod := tempmodule.New(t, "example.com/s", map[string]string{"tools/tools.go": suggestSrc})
	dir := filepath.Join(mod, "tools")
	if code, out, errOut := runBin(t, dir, bin); code != 0 {
		t.Fatalf("generate: exit %d\n%s%s", code, out, errOut)
	}
	return dir
}

// TestSuggestWrite: on a copy in a temporary module, -w adds the alias and
// the value alias to the tags (gofmt-clean), skips a value alias with no
// clear meaning, gives a key seen with two missing fields to one of them
// only, and regenerates: the same log then passes where the edits apply.
func TestSuggestWrite(t *testing.T) {
	bin := buildNormgen(t)
	dir := suggestModule(t, bin)
	calls := writeCalls(t,
		`{"tool":"search_files","args":{"path":".","glob":"*.go"}}`,
		`{"tool":"search_files","args":{"path":".","glob":"*.md"}}`,
		`{"tool":"search_files","args":{"path":".","glob":"x","limit":2}}`,
		`{"tool":"copy","args":{"source":"a","target":"b","op":"cp"}}`,
		`{"tool":"copy","args":{"source":"a","target":"b","op":"cp"}}`,
		`{"tool":"copy","args":{"source":"a","target":"b","op":"zz"}}`,
		`{"tool":"copy","args":{"source":"a","target":"b","op":"zz"}}`,
		`{"tool":"copy","args":{"src":"a","target_path":"b"}}`,
		`{"tool":"copy","args":{"src":"a","target_path":"b"}}`,
		`{"tool":"copy","args":{"file":"a"}}`,
		`{"tool":"copy","args":{"file":"a"}}`,
		`{"tool":"copy","args":{"file":"a"}}`,
	)
	code, out, errOut := runBin(t, dir, bin, "suggest", "-w", "-calls", calls, ".")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	src, _ := os.ReadFile(filepath.Join(dir, "tools.go"))
	if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
		t.Errorf("tools.go is not gofmt-clean after -w (%v):\n%s", err, src)
	}
	for _, want := range []string{
		"`json:\"pattern\" norm:\"alias=query|glob\"`",
		"`json:\"op,omitempty\" jsonschema:\"enum=copy,enum=move,enum=delete\" norm:\"value_alias=cp:copy\"`",
		"`json:\"target\" norm:\"alias=target_path\"`",
		"`json:\"source\" norm:\"alias=src\"`",
	} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("tools.go lacks %s:\n%s", want, src)
		}
	}
	// file comes as often with source missing as with target missing:
	// ambiguous, no field gets it.
	if bytes.Contains(src, []byte("=file")) || bytes.Contains(src, []byte("|file")) {
		t.Errorf("the ambiguous key file became an alias:\n%s", src)
	}
	if !strings.Contains(out, `ambiguous: copy: "file" came in 3 call(s) missing`) {
		t.Errorf("the ambiguous key is not reported:\n%s", out)
	}
	if bytes.Contains(src, []byte("zz")) {
		t.Errorf("a value alias with no clear value was written:\n%s", src)
	}
	if !strings.Contains(out, `add norm:"value_alias=zz:VALUE", VALUE one of copy, move, delete`) {
		t.Errorf("no unresolved value alias listed:\n%s", out)
	}
	gen, _ := os.ReadFile(filepath.Join(dir, "tools_normgen.go"))
	if !bytes.Contains(gen, []byte(`"glob"`)) || !bytes.Contains(gen, []byte(`"cp"`)) {
		t.Errorf("generated code was not regenerated with the new aliases")
	}
	// Replay again: glob and cp calls now decode; only zz and the calls
	// missing a field the free key could not fill remain.
	code, out, errOut = runBin(t, dir, bin, "suggest", "-calls", calls, ".")
	if code != 0 {
		t.Fatalf("second run: exit %d\n%s", code, errOut)
	}
	if strings.Contains(out, "glob") || strings.Contains(out, `"cp"`) {
		t.Errorf("after -w, glob or cp still fail:\n%s", out)
	}
}

// TestSuggestOptional: a wrong key for an optional field is paired with
// it where, in every call that sent the key, that field was left out and
// was the one optional field the key's value fits (max_results for
// limit); a key several optional fields fit alike (ignore_case: four
// booleans) is ambiguous, and no edit is suggested.
func TestSuggestOptional(t *testing.T) {
	bin := buildNormgen(t)
	calls := writeCalls(t,
		`{"tool":"search_files","args":{"path":".","pattern":"x","max_results":5}}`,
		`{"tool":"search_files","args":{"path":"src","pattern":"y","max_results":"20"}}`,
		`{"tool":"search_files","args":{"path":".","pattern":"x","ignore_case":true}}`,
		`{"tool":"search_files","args":{"path":".","pattern":"x","ignore_case":false}}`,
	)
	dir := filepath.Join("..", "..", "examples", "filesystem")
	code, out, errOut := runBin(t, ".", bin, "suggest", "-calls", calls, dir)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	pos := fieldPos(t, filepath.Join(dir, "tools.go"), "SearchFilesInput", "Limit")
	want := fmt.Sprintf(":%d:%d: search_files: Limit: add norm:\"alias=max_results\"\n\t2 call(s) sent \"max_results\", not a key, with the optional \"limit\" left out (the one field its value fits)\n", pos.Line, pos.Column)
	if !strings.Contains(out, want) {
		t.Errorf("no alias edit for max_results:\n%s\nwant:\n%s", out, want)
	}
	if strings.Contains(out, "alias=ignore_case") || !strings.Contains(out, `"ignore_case" came in 2 call(s) with optional`) {
		t.Errorf("ignore_case is not ambiguous:\n%s", out)
	}
}
