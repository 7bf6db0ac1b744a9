package normalize_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"testing"

	"github.com/normgen/normgen/internal/docs"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
	"github.com/normgen/normgen/normalize/statsview"
)

// Example_api runs the calls docs/normalizer.md shows, from a rules file.
func Example_api() {
	dir, _ := os.MkdirTemp("", "normalize-example")
	defer os.RemoveAll(dir)
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	os.WriteFile("rules.json", []byte(`[{"id": "edit-old_str", "tools": ["edit_file"], "type": "param_alias", "from": "old_str", "to": "old_text"}]`), 0o644)
	argsMap := map[string]any{"old_str": "x"}
	rawArgs := []byte(`{"old_str":"y"}`)
	more := []lenient.Rule{{ID: "edit-new_str", Tools: []string{"edit_file"}, Type: "param_alias", From: "new_str", To: "new_text"}}

	// README: api
	rules, err := normalize.LoadRulesFile("rules.json", nil)     // validated whole: every problem, with index and id
	n, err := normalize.New(rules, normalize.WithLogDir("logs")) // WithLogDir: optional
	defer n.Close()
	args, applied := n.Normalize("edit_file", argsMap)         // map entry point
	out, applied, err := n.NormalizeJSON("edit_file", rawArgs) // bytes in, bytes out
	stats := n.Stats()                                         // counted in memory, log folder or not
	err = n.SetRules(more)                                     // new rules; counts and call log kept
	// README: end

	fmt.Println(args, string(out), len(applied), stats.TotalProcessed, err)
	// Output: map[old_text:x] {"old_text":"y"} 1 2 <nil>
}

// Example_statsView serves the stats view as docs/normalizer.md shows.
func Example_statsView() {
	dir, _ := os.MkdirTemp("", "normalize-example")
	defer os.RemoveAll(dir)
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	var rules []lenient.Rule

	// README: statsview
	n, err := normalize.New(rules,
		normalize.WithLogDir("logs"),                      // statistics
		normalize.WithCallLog("logs/calls.jsonl", 16<<20)) // calls as received, for normgen suggest
	http.Handle("/normgen/", http.StripPrefix("/normgen", statsview.Handler(n)))
	// README: end

	if err != nil {
		fmt.Println(err)
		return
	}
	defer n.Close()
	fmt.Println(err)
	// Output: <nil>
}

// jsonBlock is a fenced json block of the documentation, with the marker
// line before it.
var jsonBlock = regexp.MustCompile("(?m)^(<!-- [^\n]* -->\n)?```json\n((?s:.*?))```")

// TestDocsRules: every rules file docs/ shows (a ```json block marked
// checked-by this test) loads with LoadRules, every problem reported, so
// that a reader copying one gets a file the normalizer takes.
func TestDocsRules(t *testing.T) {
	text, err := docs.Read("..")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, m := range jsonBlock.FindAllSubmatch(text, -1) {
		if !bytes.Contains(m[1], []byte("checked-by: normalize TestDocsRules")) {
			continue
		}
		found++
		if !json.Valid(m[2]) {
			t.Errorf("a rules block is not JSON:\n%s", m[2])
			continue
		}
		if _, err := normalize.LoadRules(bytes.NewReader(m[2]), nil); err != nil {
			t.Errorf("a rules block does not load: %v\n%s", err, m[2])
		}
	}
	if found < 2 {
		t.Errorf("%d rules blocks marked checked-by: normalize TestDocsRules in the docs; want the format's and the secrets' (docs/normalizer.md)", found)
	}
}
