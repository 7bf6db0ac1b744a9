package filesystem

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect starts the server on a fresh sandbox and returns a client
// session over in-memory transports, and the sandbox root.
func connect(t *testing.T) (*mcp.ClientSession, string) {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"a.txt":        "hello world\nHello again\n",
		"b.go":         "package b\n// TODO: one\n",
		"sub/c.go":     "package c\n// TODO: two\n",
		"sub/deep.txt": "deep\n",
	}
	for name, body := range files {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sb, err := NewSandbox(root)
	if err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := NewServer(sb).Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, root
}

func call(t *testing.T, cs *mcp.ClientSession, tool, args string) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s %s: %v", tool, args, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		b.WriteString(c.(*mcp.TextContent).Text)
	}
	return b.String(), res.IsError
}

// TestCleanAndLenientAgree calls each tool with clean arguments and with
// the stringified and aliased forms LLM clients send, on fresh sandboxes,
// and expects the same result.
func TestCleanAndLenientAgree(t *testing.T) {
	for _, tc := range []struct {
		tool, clean string
		lenient     []string
	}{
		{"edit_file", `{"path":"a.txt","old_text":"world","new_text":"there"}`,
			[]string{`{"file_path":"a.txt","old_str":"world","new_str":"there","dry_run":"no"}`, `{"filename":"a.txt","old_string":"world","new_string":"there","force":"0"}`}},
		{"edit_file", `{"path":"a.txt","old_text":"hello","new_text":"bye","case_sensitive":false,"force":true}`,
			[]string{`{"path":"a.txt","old_str":"hello","new_str":"bye","case_sensitive":"false","force":"yes"}`}},
		{"multi_edit", `{"path":"a.txt","edits_json":[{"old_text":"world","new_text":"W"},{"old_text":"again","new_text":"A"}]}`,
			[]string{`{"file":"a.txt","edits_json":"[{\"old_str\":\"world\",\"new_str\":\"W\"},{\"old_text\":\"again\",\"new_text\":\"A\"}]"}`}},
		{"search_files", `{"path":".","pattern":"TODO","recursive":true,"return_lines":true,"include_content":true,"limit":10}`,
			[]string{`{"dir":".","query":"TODO","recursive":"true","return_lines":"1","include_content":"YES","limit":"10"}`, `{"path":".","regex":"TODO","recursive":"yes","return_lines":"true","include_content":"true","limit":1e1}`}},
		{"search_files", `{"path":".","pattern":"TODO","recursive":true,"count_only":true,"file_types":["go"]}`,
			[]string{`{"path":".","pattern":"TODO","recursive":"1","count_only":"true","ext":"go"}`, `{"path":".","pattern":"TODO","recursive":"1","count_only":"true","file_types":"[\"go\"]"}`}},
		{"list_directory", `{"path":".","recursive":true}`, []string{`{"dir":"","recursive":"True"}`}},
		{"delete_file", `{"path":"sub","force":true,"permanent":true,"dry_run":true}`,
			[]string{`{"file":"sub","force":"yes","permanent":"1","dry_run":"true"}`}},
		{"batch_operations", `{"pipeline_json":{"steps":[{"id":"step-0","action":"write","params":{"path":"n.txt","content":"x"}},{"id":"step-1","action":"copy","params":{"source":"n.txt","destination":"m.txt"}},{"id":"r","action":"read","params":{"path":"m.txt"}}]}}`,
			[]string{`{"pipeline_json":"{\"steps\":[{\"type\":\"write\",\"params\":{\"file\":\"n.txt\",\"text\":\"x\"}},{\"type\":\"copy\",\"params\":{\"src\":\"n.txt\",\"dest\":\"m.txt\"}},{\"id\":\"r\",\"action\":\"read\",\"params\":{\"path\":\"m.txt\"}}]}"}`,
				// value aliases: cp for copy, cat for read
				`{"pipeline":{"steps":[{"type":"write","params":{"path":"n.txt","content":"x"}},{"action":"cp","params":{"source":"n.txt","destination":"m.txt"}},{"id":"r","action":"cat","params":{"path":"m.txt"}}]}}`}},
	} {
		cs, _ := connect(t)
		want, isErr := call(t, cs, tc.tool, tc.clean)
		if isErr {
			t.Errorf("%s %s: tool error %s", tc.tool, tc.clean, want)
			continue
		}
		for _, args := range tc.lenient {
			cs, _ := connect(t)
			got, isErr := call(t, cs, tc.tool, args)
			if isErr || got != want {
				t.Errorf("%s %s: got %q (error=%v), want %q as for %s", tc.tool, args, got, isErr, want, tc.clean)
			}
		}
	}
}

func TestBadArgumentsNameEveryField(t *testing.T) {
	cs, _ := connect(t)
	got, isErr := call(t, cs, "search_files", `{"path":".","pattern":"x","limit":"abc","recursive":"maybe","file_types":5}`)
	if !isErr {
		t.Fatalf("no tool error: %s", got)
	}
	for _, want := range []string{`limit: "abc" is not an integer`, `recursive: "maybe" is not a boolean`, `file_types: 5 is not a string`} {
		if !strings.Contains(got, want) {
			t.Errorf("error %q lacks %q", got, want)
		}
	}
}

func TestSandboxRejectsEscapes(t *testing.T) {
	cs, root := connect(t)
	os.Symlink("/etc", filepath.Join(root, "link"))
	for _, p := range []string{"../x", "/etc/passwd", "link/passwd", "sub/../../x"} {
		got, isErr := call(t, cs, "list_directory", `{"path":"`+p+`"}`)
		if !isErr || !strings.Contains(got, "outside the sandbox") {
			t.Errorf("path %s: got %q (error=%v), want an outside-the-sandbox error", p, got, isErr)
		}
	}
}

// TestBuiltinRuleTriggers decodes the trigger input of each of the 15
// built-in rules of the filesystem server's normalizer and checks the
// value that rule leads to.
func TestBuiltinRuleTriggers(t *testing.T) {
	decode := func(v interface{ UnmarshalJSON([]byte) error }, args string) {
		t.Helper()
		if err := v.UnmarshalJSON([]byte(args)); err != nil {
			t.Fatalf("%s: %v", args, err)
		}
	}
	var e EditFileInput
	decode(&e, `{"path":"a","old_str":"x","new_str":"y","force":"yes","dry_run":"true","whole_word":"1","case_sensitive":"false"}`) // edit-old_str, edit-new_str, force, dry_run, whole_word, case_sensitive
	if e.OldText != "x" || e.NewText != "y" || !e.Force || !e.DryRun || !e.WholeWord || *e.CaseSensitive {
		t.Errorf("edit_file: %+v", e)
	}
	var m MultiEditInput
	decode(&m, `{"path":"a","edits_json":[{"old_text":"x","new_text":"y"}]}`) // multi_edit-edits-coerce (a raw array)
	if diff := cmp.Diff([]Edit{{OldText: "x", NewText: "y"}}, m.Edits); diff != "" {
		t.Errorf("multi_edit (-want +got):\n%s", diff)
	}
	var b BatchOperationsInput
	decode(&b, `{"pipeline_json":"{\"steps\":[{\"type\":\"read\",\"params\":{\"path\":\"a\"}}]}"}`) // pipeline-type-alias, pipeline-auto-id
	if len(b.Pipeline.Steps) != 1 || b.Pipeline.Steps[0].Action != "read" || b.Pipeline.Steps[0].ID != "step-0" {
		t.Errorf("batch_operations: %+v", b.Pipeline)
	}
	var s SearchFilesInput
	decode(&s, `{"path":".","pattern":"x","count_only":"yes","whole_word":"true","case_sensitive":"no","include_content":"1","include_context":"TRUE","recursive":"Yes","return_lines":"true"}`)
	if !s.CountOnly || !s.WholeWord || *s.CaseSensitive || !s.IncludeContent || !s.IncludeContext || !s.Recursive || !s.ReturnLines {
		t.Errorf("search_files: %+v", s)
	}
	var d DeleteFileInput
	decode(&d, `{"path":"a","permanent":"true","force":"1","dry_run":"yes"}`)
	if !d.Permanent || !d.Force || !d.DryRun {
		t.Errorf("delete_file: %+v", d)
	}
	var l ListDirectoryInput
	decode(&l, `{"path":".","recursive":"true"}`)
	if !l.Recursive {
		t.Errorf("list_directory: %+v", l)
	}
}
