// Tests of the README itself: the code it shows is code that tests run.
package normgen_test

import (
	"fmt"
	"github.com/normgen/normgen/internal/docs"
	"github.com/normgen/normgen/lenient"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// regionMarker, the line before a fenced block in README.md, says which
// region of which file the block shows.
var regionMarker = regexp.MustCompile("<!-- region: (\\S+) (\\S+) -->\n```[a-z]*\n((?s:.*?))```")

// region returns the lines of a Go file from its "// README: name" line
// to its "// README: end" line or the end of the function, dedented.
func region(t *testing.T, path, name string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.FromSlash(path))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	in := false
	for _, line := range strings.Split(string(src), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case !in:
			in = trimmed == "// README: "+name
		case trimmed == "// README: end" || line == "}":
			return dedent(lines)
		default:
			lines = append(lines, line)
		}
	}
	t.Fatalf("%s: no region %q (a \"// README: %s\" line, then \"// README: end\" or the function's end)", path, name, name)
	return ""
}

func dedent(lines []string) string {
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, "\t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	var b strings.Builder
	for _, l := range lines {
		if len(l) >= indent {
			l = l[max(indent, 0):]
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}

// TestReadmeRegions: each README block marked with a region comment is
// that region of its file, byte for byte, so that code the README shows
// (the SDK wiring, the error and fix report examples with their output) is
// code a test compiles and runs. A block that shows example output
// ("// Output:") must be such a region or the Quick start's example test,
// which TestQuickStart (cmd/normgen) runs.
func TestReadmeRegions(t *testing.T) {
	readme, err := docs.Read(".")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	found := 0
	for _, m := range regionMarker.FindAllStringSubmatch(text, -1) {
		found++
		if want := region(t, m[1], m[2]); m[3] != want {
			t.Errorf("README block of %s region %s differs from the file; the README shows:\n%s\nthe file has:\n%s", m[1], m[2], m[3], want)
		}
	}
	if found < 5 {
		t.Errorf("%d region blocks in README.md; want the 3 SDK wirings and the 2 Errors examples", found)
	}
	quickStart := text[strings.Index(text, "\n## Quick start\n"):]
	quickStart = quickStart[:strings.Index(quickStart[1:], "\n## ")+1]
	unmarked := regionMarker.ReplaceAllString(text, "")
	unmarked = strings.Replace(unmarked, quickStart, "", 1)
	if strings.Contains(unmarked, "// Output:") {
		t.Errorf("README.md shows example output outside a region block and the Quick start: mark the block with <!-- region: FILE NAME -->")
	}
}

// linesOfMarker, the line before a fenced block in README.md, names the
// file (a golden file) whose lines the block shows.
var linesOfMarker = regexp.MustCompile("<!-- lines-of: (\\S+) -->\n```[a-z]*\n((?s:.*?))```")

// TestReadmeGoldenLines: each line of a README block marked lines-of is a
// line of that file, indentation aside (a line ending in "..." one that
// starts so), so that the generator errors the README shows are what the
// golden test expects, and the declarations it shows are the tested ones.
func TestReadmeGoldenLines(t *testing.T) {
	readme, err := docs.Read(".")
	if err != nil {
		t.Fatal(err)
	}
	marks := linesOfMarker.FindAllStringSubmatch(string(readme), -1)
	if len(marks) == 0 {
		t.Fatal("no lines-of block in README.md")
	}
	for _, m := range marks {
		data, err := os.ReadFile(filepath.FromSlash(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for _, want := range strings.Split(strings.TrimSuffix(m[2], "\n"), "\n") {
			prefix, elided := strings.CutSuffix(want, "...")
			found := false
			for _, l := range lines {
				// Indentation aside: a block may show one field line of
				// a struct.
				l = strings.TrimLeft(l, "\t ")
				if l == strings.TrimLeft(want, "\t ") || elided && strings.HasPrefix(l, strings.TrimLeft(prefix, "\t ")) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("README shows a line that %s does not have:\n%s", m[1], want)
			}
		}
	}
}

// TestOtherModules runs `go test ./...` in the repository's other modules
// (examples/, adapters/, adapters/gosdk, adapters/mcpgo) when
// NORMGEN_EXAMPLES=1. They are modules of their own (so that this one
// depends on no MCP SDK), which `go test ./...` here does not enter; CI
// tests them in steps of their own (the adapters at two SDK releases).
func TestOtherModules(t *testing.T) {
	if os.Getenv("NORMGEN_EXAMPLES") != "1" {
		t.Skip("examples/, adapters/... and otel/ are modules of their own: run go test ./... in each, or NORMGEN_EXAMPLES=1 go test .")
	}
	for _, dir := range []string{"examples", "adapters", "adapters/gosdk", "adapters/mcpgo", "otel"} {
		t.Run(dir, func(t *testing.T) {
			cmd := exec.Command("go", "test", "./...")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("cd %s && go test ./...: %v\n%s", dir, err, out)
			}
			t.Logf("cd %s && go test ./...\n%s", dir, out)
		})
	}
}

// TestReadmeGoVersions: the Go release the README's Quick start names as
// the oldest supported is the one the generator's and the command's
// go.mod files require (what `go get -tool` raises a user's module to),
// and the examples' and the benchmarks'; the one it names for the runtime
// is the one the runtime's and the adapters' go.mod files require; and the
// Go 1.27 command docs/development.md shows is the one .ci/run's second
// pass runs.
func TestReadmeGoVersions(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	development, err := os.ReadFile(filepath.Join("docs", "development.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		says *regexp.Regexp
		dirs []string
	}{
		{regexp.MustCompile(`server module \(Go (1\.\d+) or later`), []string{"gen", "cmd/normgen", "examples", "bench", "otel"}},
		{regexp.MustCompile("the\\s+runtime,\\s+`github.com/normgen/normgen`\\s+\\(Go\\s+(1\\.\\d+)\\s+or\\s+later"), []string{".", "adapters", "adapters/gosdk", "adapters/mcpgo"}},
	} {
		m := c.says.FindSubmatch(readme)
		if m == nil {
			t.Fatalf("README.md: no %q", c.says)
		}
		want := "go " + string(m[1]) + ".0"
		for _, dir := range c.dirs {
			gomod, err := os.ReadFile(filepath.Join(filepath.FromSlash(dir), "go.mod"))
			if err != nil {
				t.Fatal(err)
			}
			line := regexp.MustCompile(`(?m)^go \S+$`).Find(gomod)
			if string(line) != want {
				t.Errorf("%s/go.mod says %q; README.md says Go %s or later (%q)", dir, line, m[1], want)
			}
		}
	}
	ci, err := os.ReadFile(filepath.Join(".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	newer := regexp.MustCompile("(?m)^GOTOOLCHAIN=(go\\S+) go test work$").FindSubmatch(development)
	if newer == nil || !strings.Contains(string(ci), "go127="+string(newer[1])+"\n") {
		t.Errorf("docs/development.md shows no GOTOOLCHAIN=goX go test work with the goX .ci/run sets as go127 (%q)", newer)
	}
}

// TestDocsLinks: every relative link in README.md and docs/*.md names a
// file of the repository, and every #anchor a heading of the page it
// names, so that moving a section between pages leaves no dead link.
// codeSpan is a Markdown code span on one line, which holds no link (a
// pattern such as `[gG][eE][tT](_...)?` reads like one).
var codeSpan = regexp.MustCompile("`[^`\n]+`")

func TestDocsLinks(t *testing.T) {
	files, err := docs.Files(".")
	if err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	heading := regexp.MustCompile(`(?m)^#+ (.*)$`)
	anchors := map[string]map[string]bool{}
	anchorsOf := func(path string) map[string]bool {
		if a, ok := anchors[path]; ok {
			return a
		}
		a := map[string]bool{}
		data, _ := os.ReadFile(path)
		for _, m := range heading.FindAllStringSubmatch(stripFences(string(data)), -1) {
			a[slug(m[1])] = true
		}
		anchors[path] = a
		return a
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(codeSpan.ReplaceAllString(stripFences(string(data)), "``"), -1) {
			target := m[1]
			if regexp.MustCompile(`^[a-z]+:`).MatchString(target) {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			if path == "" {
				path = f
			} else {
				path = filepath.Join(filepath.Dir(f), filepath.FromSlash(path))
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: link %s: no such file", f, target)
				continue
			}
			if anchor != "" && strings.HasSuffix(path, ".md") && !anchorsOf(path)[anchor] {
				t.Errorf("%s: link %s: %s has no heading for #%s", f, target, path, anchor)
			}
		}
	}
}

// stripFences blanks fenced code blocks, whose lines are neither headings
// nor links.
func stripFences(s string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.SplitAfter(s, "\n") {
		if strings.HasPrefix(line, "```") {
			in = !in
			continue
		}
		if !in {
			b.WriteString(line)
		}
	}
	return b.String()
}

// slug is GitHub's anchor for a heading: lower case, punctuation other
// than - and _ dropped, spaces as -.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocsProblemKinds checks that the Errors section of docs/semantics.md
// names every lenient.ProblemKind, and no kind that does not exist.
func TestDocsProblemKinds(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("docs", "semantics.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(data), "\n## Errors\n")
	section, _, _ = strings.Cut(section, "\n## ")
	_, para, ok := strings.Cut(section, "Each `Problem` has a `Kind`")
	para, _, _ = strings.Cut(para, "\n\n")
	if !ok {
		t.Fatal("docs/semantics.md's Errors section does not list the problem kinds")
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(para, -1) {
		named[m[1]] = true
	}
	for _, k := range lenient.Kinds {
		if !named[string(k)] {
			t.Errorf("docs/semantics.md's Errors section does not name the kind %q", k)
		}
		delete(named, string(k))
	}
	for w := range named {
		if w != "kind" && w != "suggest" {
			t.Errorf("docs/semantics.md's Errors section names %q, which is no lenient.ProblemKind", w)
		}
	}
}

// TestDocsBlocksChecked: every fenced block of README.md and docs/*.md
// that shows code, data or output is produced or checked by a test: the
// line before it is a marker naming how, and the marker's test exists.
// Only sh blocks (commands for the reader to run) stand unmarked.
//
//   - <!-- region: FILE NAME --> is that region of FILE (TestReadmeRegions);
//   - <!-- lines-of: FILE --> shows lines of FILE (TestReadmeGoldenLines);
//   - <!-- output: COMMAND --> is COMMAND's output, which a test in
//     cmd/normgen produces and compares;
//   - <!-- checked-by: DIR TestName --> is read and checked by TestName
//     (or an Example) in DIR's tests;
//   - <!-- profiles-example --> is checked by schema's TestReadmeProfiles.
func TestDocsBlocksChecked(t *testing.T) {
	files, err := docs.Files(".")
	if err != nil {
		t.Fatal(err)
	}
	marker := regexp.MustCompile(`^<!-- ([a-z-]+)(?::? (.*?))? -->$`)
	testsOf := map[string]string{} // test sources by directory
	testSource := func(dir string) string {
		if s, ok := testsOf[dir]; ok {
			return s
		}
		names, _ := filepath.Glob(filepath.Join(filepath.FromSlash(dir), "*_test.go"))
		var b strings.Builder
		for _, n := range names {
			data, _ := os.ReadFile(n)
			b.Write(data)
		}
		testsOf[dir] = b.String()
		return testsOf[dir]
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		in := false
		for i, line := range lines {
			if !strings.HasPrefix(line, "```") {
				continue
			}
			if in = !in; !in {
				continue
			}
			lang := strings.TrimPrefix(line, "```")
			prev := ""
			if i > 0 {
				prev = lines[i-1]
			}
			m := marker.FindStringSubmatch(prev)
			where := fmt.Sprintf("%s:%d", f, i+1)
			switch {
			case m == nil && lang == "sh":
				continue
			case m == nil:
				t.Errorf("%s: a ```%s block no test produces or checks: mark it (<!-- region: FILE NAME -->, <!-- lines-of: FILE -->, <!-- checked-by: DIR TestName -->) and write the test", where, lang)
				continue
			}
			checked++
			switch kind, arg := m[1], m[2]; kind {
			case "region", "lines-of":
				file, _, _ := strings.Cut(arg, " ")
				if _, err := os.Stat(filepath.FromSlash(file)); err != nil {
					t.Errorf("%s: %s names %s: %v", where, kind, file, err)
				}
			case "output":
				cmd, _, _ := strings.Cut(arg, " -")
				if !strings.Contains(testSource("cmd/normgen"), "<!-- output: "+cmd) {
					t.Errorf("%s: no test in cmd/normgen produces the output of %q", where, arg)
				}
			case "checked-by":
				dir, name, _ := strings.Cut(arg, " ")
				if !regexp.MustCompile(`func ` + regexp.QuoteMeta(name) + `\(`).MatchString(testSource(dir)) {
					t.Errorf("%s: checked-by %s: %s's tests have no func %s", where, arg, dir, name)
				} else if !strings.Contains(testSource(dir), "checked-by: "+arg) {
					t.Errorf("%s: %s's %s does not look for its marker (checked-by: %s)", where, dir, name, arg)
				}
			case "profiles-example":
				if !strings.Contains(testSource("gen/schemabuild"), "<!-- profiles-example -->") {
					t.Errorf("%s: no gen/schemabuild test reads the profiles example", where)
				}
			default:
				t.Errorf("%s: unknown marker %q", where, prev)
			}
		}
	}
	if checked < 25 {
		t.Errorf("%d marked blocks in the docs; the docs had 29 when this test was written", checked)
	}
}
