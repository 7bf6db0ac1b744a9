package mistakes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/normgen/normgen/runtime/lenientimpl"
)

// TestSuggestProposesAliases: wrong keys that are no spelling-style
// variant of the declared one (which generated decoders read already)
// stay the learning loop's job (issue 29). For every key-synonym and
// key-spelling case of the corpus, a call log holding its call three times
// gets from normgen suggest, the real command on the generated tools, an
// alias edit for each key it sent in place of a declared one: for a
// required field (old_string for old_text) and for an optional one.
func TestSuggestProposesAliases(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs normgen")
	}
	var log bytes.Buffer
	var want []string // "ID: alias=KEY"
	variants := 0
	for _, c := range loadCases(t) {
		if !hasClass(c.Class, "key-synonym") && !hasClass(c.Class, "key-spelling") {
			continue
		}
		var args, intended map[string]json.RawMessage
		if json.Unmarshal(c.Args, &args) != nil || json.Unmarshal(c.Intended, &intended) != nil {
			t.Fatalf("%s: args or intended is not an object", c.ID)
		}
		for k := range args {
			if _, ok := intended[k]; ok {
				continue
			}
			variant := false
			for m := range intended {
				variant = variant || slices.Contains(lenientimpl.KeyVariants(m), k)
			}
			if variant {
				variants++ // read as the field: TestMistakes checks it
				continue
			}
			want = append(want, c.ID+": alias="+k)
		}
		for range 3 {
			fmt.Fprintf(&log, "{\"tool\":%q,\"args\":%s}\n", c.ID, c.Args)
		}
	}
	sort.Strings(want)
	if len(want) == 0 || variants == 0 {
		t.Fatalf("the corpus has %d wrong keys that are spelling variants and %d that are not", variants, len(want))
	}
	calls := filepath.Join(t.TempDir(), "calls.jsonl")
	if err := os.WriteFile(calls, log.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "github.com/normgen/normgen/cmd/normgen", "suggest", "-calls", calls, "./tools")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("normgen suggest: %v\n%s", err, out)
	}
	for _, w := range want {
		id, key, _ := strings.Cut(w, ": alias=")
		found := false
		for _, line := range strings.Split(string(out), "\n") {
			if strings.Contains(line, " "+id+": ") && strings.Contains(line, `alias=`+key+`"`) {
				found = true
			}
		}
		if !found {
			t.Errorf("suggest proposes no alias=%s for %s", key, id)
		}
	}
	if t.Failed() {
		t.Logf("normgen suggest:\n%s", out)
	}
}

func hasClass(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
