package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestUsageSaysWhatIsMissing: a command run without what it needs, or
// with an unknown command name after help, says in one line prefixed
// "normgen:" what is missing or wrong (the usage may follow), and exits 2.
func TestUsageSaysWhatIsMissing(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "rules.json"), []byte(`[]`), 0o644)
	os.WriteFile(filepath.Join(dir, "calls.jsonl"), nil, 0o644)
	for _, tc := range []struct {
		args []string
		want string // the start of the first line on stderr
	}{
		{[]string{"normalize", "-rules", "rules.json"}, "normgen: normalize: -tool NAME is missing: the tool the arguments are for"},
		{[]string{"normalize", "-tool", "t"}, "normgen: normalize: -rules FILE is missing: the rules.json to apply"},
		{[]string{"normalize", "-rules", "rules.json", "-tool", "t", "extra"}, `normgen: normalize: unexpected argument "extra": the arguments are read on stdin`},
		{[]string{"stats", "-logdir", ".", "-calls", "calls.jsonl"}, "normgen: stats: -calls needs -pkg DIR, the package whose generated decoders replay the calls"},
		{[]string{"stats", "-logdir", ".", "-pkg", "."}, "normgen: stats: -pkg needs -calls FILE, the call log to replay"},
		{[]string{"stats"}, "normgen: stats: -logdir DIR is missing: the normalizer's log folder"},
		{[]string{"suggest"}, "normgen: suggest: -calls FILE is missing: the call log to replay (- for stdin)"},
		{[]string{"help", "frob"}, `normgen: unknown command "frob"; commands: catalog, check, normalize, rules, stats, suggest`},
		{[]string{"catalog", "-from", "-", "-tags", "x"}, "normgen: catalog: -tags applies to a package; with -from only -rules and -q apply"},
		{[]string{"catalog", "-q", "."}, "normgen: catalog: -q applies to -from"},
		{[]string{"rules", "-catalog", "-", "-type", "T"}, "normgen: rules: -type applies to a package; with -catalog only -rules and -q apply"},
	} {
		code, stdout, stderr := normgen(t, dir, "[]", tc.args...)
		first, _, _ := strings.Cut(stderr, "\n")
		if code != 2 || stdout != "" || !strings.HasPrefix(first, tc.want) {
			t.Errorf("normgen %s: exit %d, stdout %q, stderr:\n%s\nwant exit 2 and a first line starting %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.want)
		}
	}
}

// TestCatalogRulesHelp: catalog -h and rules -h list every flag of both
// forms of the command (a package, or a catalog file), and -h after a flag
// that takes a file is the help, not a file named -h.
func TestCatalogRulesHelp(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"catalog", "-h"}, []string{"normgen catalog [-profile P] [-tags TAGS] [-type T,U] [-required M] [-v] [DIR|DIR/...]...", "normgen catalog -from FILE|- [-rules FILE] [-q]", "-from", "-rules", "-q", "-profile", "-tags", "-type", "-required", "-v"}},
		{[]string{"rules", "-h"}, []string{"normgen rules [-tags TAGS] [-type T,U] [-required M] [DIR]", "normgen rules -catalog FILE|- [-rules FILE] [-q]", "-catalog", "-rules", "-q", "-tags", "-type", "-required"}},
		{[]string{"catalog", "-from", "-h"}, []string{"-from", "-rules"}},
		{[]string{"catalog", "-from", "x.json", "-rules", "-help"}, []string{"-from", "-rules"}},
		{[]string{"rules", "-catalog", "-h"}, []string{"-catalog", "-q"}},
	} {
		code, stdout, stderr := normgen(t, t.TempDir(), "", tc.args...)
		if code != 0 || stdout != "" {
			t.Errorf("normgen %s: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and the usage on stderr", strings.Join(tc.args, " "), code, stdout, stderr)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("normgen %s: the usage lacks %q:\n%s", strings.Join(tc.args, " "), w, stderr)
			}
		}
	}
}

// TestGenerateProfileHelp: the profiles normgen -h lists for generate's
// -profile are exactly the ones generate takes (issue 39: it listed four
// and refused three).
func TestGenerateProfileHelp(t *testing.T) {
	dir := t.TempDir()
	_, _, help := normgen(t, dir, "", "-h")
	var listed []string
	for _, line := range strings.Split(help, "\n") {
		if _, rest, ok := strings.Cut(line, "profile of the generated InputSchema: "); ok {
			names, _, _ := strings.Cut(rest, " (")
			listed = strings.Split(names, ", ")
		}
	}
	if listed == nil {
		t.Fatalf("normgen -h has no line naming generate's profiles:\n%s", help)
	}
	var taken []string
	for _, p := range lenient.Profiles() {
		if code, _, _ := normgen(t, dir, "", "-profile", string(p), "-version"); code == 0 {
			taken = append(taken, string(p))
		}
	}
	if strings.Join(listed, ",") != strings.Join(taken, ",") {
		t.Errorf("normgen -h lists -profile %v; generate takes %v", listed, taken)
	}
}
