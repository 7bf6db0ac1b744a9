package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNormalizeIssueShapes: `normgen rules` output, loaded by `normgen
// normalize`, fixes each shape the generated decoder reads leniently and
// the rules once missed: a lone label (wrap), a literal \n (unescape), an
// integer in a nested struct, a nested struct's defaults, a slice of
// structs sent as JSON text, and an empty step id, which stays "" as the
// decoder keeps it.
func TestNormalizeIssueShapes(t *testing.T) {
	rulesJSON, err := exec.Command("go", "run", ".", "rules", filepath.Join("..", "..", "gen", "internal", "ticketing")).Output()
	if err != nil {
		t.Fatalf("normgen rules: %v", err)
	}
	rules := filepath.Join(t.TempDir(), "rules.json")
	if err := os.WriteFile(rules, rulesJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ tool, in, want string }{
		{"create_ticket", `{"title":"t","labels":"bug"}`, `{"title":"t","labels":["bug"],"severity":"low"}`},
		{"create_ticket", `{"title":"t","body":"l1\\nl2"}`, `{"title":"t","body":"l1\nl2","severity":"low"}`},
		{"run_pipeline", `{"project":"p","steps":[{"id":"a","run":"x","kind":"sh"}],"retry":{"tries":"3"}}`,
			`{"project":"p","steps":[{"id":"a","run":"x","kind":"shell"}],"retry":{"attempts":3,"backoff_ms":500,"factor":2},"ref":"main"}`},
		{"run_pipeline", `{"project":"p","steps":"[{\"run\":\"x\"},{\"id\":\"\",\"cmd\":\"y\"}]"}`,
			`{"project":"p","steps":[{"run":"x","id":"step-0","kind":"shell"},{"id":"","run":"y","kind":"shell"}],"ref":"main"}`},
	} {
		out := runWithStdin(t, tc.in, "-rules", rules, "-tool", tc.tool)
		var got struct {
			Args    json.RawMessage `json:"args"`
			Applied []struct {
				Param, From, To string
			} `json:"applied"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v\n%s", tc.in, err, out)
		}
		var g, w any
		json.Unmarshal(got.Args, &g)
		json.Unmarshal([]byte(tc.want), &w)
		if diff := cmp.Diff(w, g); diff != "" {
			t.Errorf("%s %s (-want +got):\n%s", tc.tool, tc.in, diff)
		}
		for _, a := range got.Applied {
			if a.From == a.To {
				t.Errorf("%s: a record without a change: %+v", tc.in, a)
			}
		}
	}
}

// TestNormalizeUnknownToolAndNonObject: a tool no rule names gets a note
// on stderr (its arguments pass unchanged, or only the "*" rules apply:
// TestRulesCatalogNothingToFix checks the output); valid JSON that
// is not an object is called what it is; every rule problem is listed.
func TestNormalizeUnknownToolAndNonObject(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	named := write("named.json", `[{"id":"a","tools":["edit_file"],"type":"param_alias","from":"old_str","to":"old_text"}]`)
	wild := write("wild.json", `[{"id":"a","tools":["edit_file"],"type":"param_alias","from":"old_str","to":"old_text"},
		{"id":"f","tools":["*"],"type":"type_coerce","from":"force","coerce_to":"bool"}]`)
	bad := write("bad.json", `[{"id":"a","tools":["t"],"type":"param_alias","from":"a","to":"b","zzz":1},{"id":"b","tools":["t"],"type":"nope"},{"id":"c","tools":["t"],"type":"wrap"}]`)
	for _, tc := range []struct {
		rules, tool, stdin string
		code               int
		stderr             string
	}{
		{named, "edit_fil", `{"old_str":"x"}`, 0, `no rule names tool "edit_fil" (the rules name: edit_file); its arguments pass unchanged`},
		{wild, "other", `{"force":"yes"}`, 0, `no rule names tool "other" (the rules name: edit_file); only the "*" rules apply`},
		{named, "edit_file", `[1]`, 1, "arguments on stdin: arguments must be a JSON object, not an array"},
		{named, "edit_file", `{`, 1, "arguments on stdin: invalid JSON"},
		{bad, "t", `{}`, 1, `rule 0 (a) at 1:2: unknown field "zzz"; rule 1 (b) at 1:76: unknown type "nope"`},
		{bad, "t", `{}`, 1, "rule 2 (c) at 1:115: from (or path) is missing for type wrap"},
	} {
		code, stderr := runNormalizeCapture(t, tc.stdin, "-rules", tc.rules, "-tool", tc.tool)
		if code != tc.code || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s -tool %s <%s: exit %d, stderr %q; want exit %d and %q", filepath.Base(tc.rules), tc.tool, tc.stdin, code, stderr, tc.code, tc.stderr)
		}
	}
}

// runNormalizeCapture runs normgen normalize with stdin and returns its
// exit code and what it logged.
func runNormalizeCapture(t *testing.T, stdin string, args ...string) (int, string) {
	t.Helper()
	var logged strings.Builder
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	inR, inW, _ := os.Pipe()
	outR, outW, _ := os.Pipe()
	oldIn, oldOut := os.Stdin, os.Stdout
	os.Stdin, os.Stdout = inR, outW
	defer func() { os.Stdin, os.Stdout = oldIn, oldOut }()
	go func() { inW.WriteString(stdin); inW.Close() }()
	done := make(chan struct{})
	go func() { io.Copy(io.Discard, outR); close(done) }()
	code := runNormalize(args)
	outW.Close()
	<-done
	return code, logged.String()
}

// TestNormalizeCatalog: with -catalog, the rules are derived from the
// tool's own schema (besides -rules), and arguments its strict schema
// still refuses once normalized exit 1 with "problems": each at its path,
// in the decoders' words, with what to send (the validator's message
// where no problem can be named).
func TestNormalizeCatalog(t *testing.T) {
	dir := t.TempDir()
	cat := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(cat, []byte(`{"tools":[{"name":"create_issue","inputSchema":{"type":"object","required":["title"],
		"properties":{"title":{"type":"string"},"labels":{"type":"array","items":{"type":"string"}},"limit":{"type":"integer"},"step":{"type":"integer","multipleOf":2}}}},
		{"name":"ping","inputSchema":{"type":"object","properties":{"msg":{"type":"string"},"count":{"type":"integer"}}}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	hand := filepath.Join(dir, "rules.json")
	if err := os.WriteFile(hand, []byte(`[{"id":"n","tools":["create_issue"],"type":"param_alias","from":"name","to":"title"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		stdin, args, problems string
		code                  int
		stderr                string
	}{
		{`{"title":"t","limit":null,"labels":"[\"a\"]"}`, `{"title":"t","labels":["a"]}`, ``, 0, ``},
		{`{"name":"t","limit":""}`, `{"title":"t"}`, ``, 0, ``},
		{`{"title":"t","labels":"urgent"}`, `{"title":"t","labels":"urgent"}`,
			`[{"path":"labels","value":"\"urgent\"","message":"is not an array (send a JSON array, or a string holding JSON array text)","kind":"type"}]`, 1,
			`the schema refuses the arguments of create_issue: labels: "urgent" is not an array (send a JSON array, or a string holding JSON array text)`},
		{`{"titel":"t"}`, `{"titel":"t"}`,
			`[{"path":"title","message":"is required; \"titel\" is not a key: send it as \"title\"","kind":"missing"}]`, 1, `title: is required`},
		{`{"title":"t","step":3}`, `{"title":"t","step":3}`, `"kind":"refused"`, 1, `multipleOf`},
	} {
		code, stdout, stderr := runNormalizeOutput(t, tc.stdin, "-catalog", cat, "-rules", hand, "-tool", "create_issue")
		var got struct {
			Args     json.RawMessage `json:"args"`
			Problems json.RawMessage `json:"problems"`
		}
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("%s: %v\n%s", tc.stdin, err, stdout)
		}
		got.Args, got.Problems = compactJSON(got.Args), compactJSON(got.Problems)
		if code != tc.code || string(got.Args) != tc.args || !strings.Contains(string(got.Problems), tc.problems) || tc.problems == "" && got.Problems != nil || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: exit %d, args %s, problems %s, stderr %q\nwant exit %d, args %s, problems %s, stderr %q", tc.stdin, code, got.Args, got.Problems, stderr, tc.code, tc.args, tc.problems, tc.stderr)
		}
	}
	// A call a misnamed_key rule refuses is printed with its problem too.
	code, stdout, stderr := runNormalizeOutput(t, `{"mgs":"hi"}`, "-catalog", cat, "-tool", "ping")
	if code != 1 || !strings.Contains(stdout, `"problems"`) || !strings.Contains(stdout, "did you mean msg?") || !strings.Contains(stderr, "the rules refuse the arguments of ping: mgs: is not a known key; did you mean msg?") {
		t.Errorf("misnamed key: exit %d, stdout %s, stderr %q", code, stdout, stderr)
	}
	if code, _, stderr := runNormalizeOutput(t, `{}`, "-catalog", cat, "-tool", "nope"); code != 1 || !strings.Contains(stderr, `no tool "nope"`) {
		t.Errorf("unknown tool: exit %d, %q", code, stderr)
	}
}

// runNormalizeOutput runs normgen normalize with stdin and returns its
// exit code, its output and what it logged.
func runNormalizeOutput(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var logged strings.Builder
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	inR, inW, _ := os.Pipe()
	outR, outW, _ := os.Pipe()
	oldIn, oldOut := os.Stdin, os.Stdout
	os.Stdin, os.Stdout = inR, outW
	defer func() { os.Stdin, os.Stdout = oldIn, oldOut }()
	go func() { inW.WriteString(stdin); inW.Close() }()
	var out strings.Builder
	done := make(chan struct{})
	go func() { io.Copy(&out, outR); close(done) }()
	code := runNormalize(args)
	outW.Close()
	<-done
	return code, out.String(), logged.String()
}

func compactJSON(b json.RawMessage) json.RawMessage {
	if b == nil {
		return nil
	}
	var out bytes.Buffer
	if json.Compact(&out, b) != nil {
		return b
	}
	return out.Bytes()
}
