package lint

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestHostReports replays the public bug reports the README's Hosts table
// cites. Each testdata/catalogs/hosts/*.txtar names its source and the
// error the host gave, and holds:
//
//   - catalog.json, the reported schema (or, where the report names the
//     constructs but not the tool, one that has them);
//   - want, the findings CheckHosts must give on it ("host path kind" per
//     line, an empty path for the root; a host may name a release,
//     codex@0.111);
//   - absent (optional), findings it must not give;
//   - portable.json, the same tool as normgen's portable profile spells
//     it, which must break no rule of any host "all" names, nor of the
//     report's hosts, and leave no leniency gap;
//   - typearray.json (optional), the tool in normgen's typearray profile,
//     for a report whose host takes that profile (an older Codex CLI): it,
//     not portable.json, must then pass the report's hosts;
//   - strict.json (optional), for OpenAI strict mode, which normgen has no
//     profile for yet: the tool as OpenAI's strict subset wants it, which
//     must pass the report's hosts.
func TestHostReports(t *testing.T) {
	files, err := filepath.Glob("../testdata/catalogs/hosts/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 25 {
		t.Fatalf("%d host reports, want at least 25", len(files))
	}
	for _, file := range files {
		ar, err := parseTxtarFile(file)
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
		wants := lines(parts["want"])
		if len(wants) == 0 {
			t.Errorf("%s: no want section", file)
		}
		var reported []Host // the hosts the report is about
		for _, w := range append(wants, lines(parts["absent"])...) {
			fields := strings.Split(w, " ")
			if len(fields) != 3 {
				t.Errorf("%s: line %q is not \"host path kind\"", file, w)
				continue
			}
			if h := Host(fields[0]); !slices.Contains(reported, h) {
				reported = append(reported, h)
			}
		}
		got, err := CheckHosts(parts["catalog.json"], union(Hosts(), reported))
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		have := map[string]bool{}
		for _, f := range got {
			have[f.Host+" "+f.Path+" "+f.Kind] = true
		}
		for _, w := range wants {
			if !have[w] {
				t.Errorf("%s: no finding %q; got:\n%s", file, w, findingLines(got))
			}
		}
		for _, w := range lines(parts["absent"]) {
			if have[w] {
				t.Errorf("%s: finding %q, which the host does not give; got:\n%s", file, w, findingLines(got))
			}
		}
		spellings := map[string][]Host{"portable.json": union(Hosts(), reported)}
		for _, name := range []string{"typearray.json", "strict.json"} {
			if parts[name] != nil {
				spellings["portable.json"] = Hosts()
				spellings[name] = reported
			}
		}
		if parts["portable.json"] == nil {
			t.Errorf("%s: no portable.json", file)
		}
		for name, hosts := range spellings {
			fixed, err := CheckHosts(parts[name], hosts)
			if err != nil {
				t.Errorf("%s: %s: %v", file, name, err)
				continue
			}
			lenient, err := CheckCatalog(parts[name])
			if err != nil {
				t.Errorf("%s: %s: %v", file, name, err)
				continue
			}
			if name == "strict.json" {
				lenient = nil // strict mode has no room for string forms
			}
			if all := append(fixed, lenient...); len(all) > 0 {
				t.Errorf("%s: %s has findings:\n%s", file, name, findingLines(all))
			}
		}
	}
}

// lines returns the non-empty lines of a txtar section.
func lines(b []byte) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// union returns a's hosts and then those of b not in a.
func union(a, b []Host) []Host {
	out := slices.Clone(a)
	for _, h := range b {
		if !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

func findingLines(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\t" + f.String() + "\n")
	}
	return b.String()
}
