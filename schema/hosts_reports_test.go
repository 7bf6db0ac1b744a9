package schema

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestHostReports replays the public bug reports the README's Hosts table
// cites. Each testdata/catalogs/hosts/*.txtar names its source and the
// error the host gave, and holds the reported schema (catalog.json), the
// findings CheckHosts must give on it (want: "host path kind" per line, an
// empty path for the root), and the same tool spelled as normgen's
// portable profile spells it (portable.json), which must break no host's
// rule and leave no leniency gap.
func TestHostReports(t *testing.T) {
	files, err := filepath.Glob("../testdata/catalogs/hosts/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("%d host reports, want at least 10", len(files))
	}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(ar.Comment, []byte("source: https://github.com/")) || !bytes.Contains(ar.Comment, []byte("\nerror: ")) {
			t.Errorf("%s: the comment must start with the report's source URL and quote its error", file)
		}
		parts := map[string][]byte{}
		for _, f := range ar.Files {
			parts[f.Name] = f.Data
		}
		got, err := CheckHosts(parts["catalog.json"], Hosts())
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		have := map[string]bool{}
		for _, f := range got {
			have[f.Host+" "+f.Path+" "+f.Kind] = true
		}
		wants := strings.Split(strings.TrimSpace(string(parts["want"])), "\n")
		if len(parts["want"]) == 0 {
			t.Errorf("%s: no want section", file)
		}
		for _, w := range wants {
			if len(strings.Split(w, " ")) != 3 {
				t.Errorf("%s: want line %q is not \"host path kind\"", file, w)
				continue
			}
			if !have[w] {
				t.Errorf("%s: no finding %q; got:\n%s", file, w, findingLines(got))
			}
		}
		fixed, err := CheckHosts(parts["portable.json"], Hosts())
		if err != nil {
			t.Errorf("%s: portable.json: %v", file, err)
			continue
		}
		lenient, err := CheckCatalog(parts["portable.json"])
		if err != nil {
			t.Errorf("%s: portable.json: %v", file, err)
			continue
		}
		if all := append(fixed, lenient...); len(all) > 0 {
			t.Errorf("%s: the portable spelling has findings:\n%s", file, findingLines(all))
		}
	}
}

func findingLines(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\t" + f.String() + "\n")
	}
	return b.String()
}
