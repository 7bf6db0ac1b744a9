package lint

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var portablePatterns = []string{
	`^[a-z]+$`, `^-?[0-9]+$`, `^[A-Z]{2,3}-[0-9]{1,}$`, `^(foo|bar)?\.go$`, `^(?:a|b)+c*?$`,
	`^(?<year>[0-9]{4})$`, `^\d\D\w\W\b$`, `^[\-+\]\[]$`, `^\x41\t$`, `^\p{L}+\p{Nd}*$`, `^[^\n]*$`,
	`^a[^\n]b$`, `^[.]$`, `^[\d-]$`, `^[a-z\d-]+$`, `^(?<a1>x)(?<b_2>y)$`, `^\{\}\(\)\|\/$`, `^[a-z0-9_.-]+@[a-z]+$`, `^[^^]$`,
	`^[-\w]+$`, `^[^-\d]+$`, `^[a-z-\d]+$`, `^[a-z0-9-\w]$`,
}

var nonPortable = map[string]string{
	`(?i)^x$`:          "inline flags",
	`^(?s).$`:          "inline flags",
	`^(?P<n>a)$`:       "(?P<name>...) is Go only",
	`^\Aabc\z$`:        `\A is Go only`,
	`^abc\Z`:           "does not compile in Go",
	`^\Qa.b\E$`:        `\Q is Go only`,
	`^[[:alpha:]]+$`:   "POSIX classes",
	`^\pL+$`:           `only \p{...} with a general category`,
	`^\p{Greek}$`:      `only \p{...} with a general category`,
	`^\x{41}$`:         `\x{...} is Go only`,
	`^\s+$`:            `\s and \S differ`,
	`^a\-b$`:           `\- outside a class`,
	`^a{$`:             "not a quantifier",
	`^a}$`:             "a lone }",
	`^a]$`:             "a lone ]",
	`^[]a]$`:           "a ] first in a class",
	`^(a)\1$`:          "does not compile in Go",
	`^(?=a)`:           "does not compile in Go",
	`^\e$`:             "does not compile in Go",
	`^\_$`:             "not an escape both engines read",
	`^a.b$`:            `write [^\n]`,
	`^\0$`:             "backreferences and octal escapes",
	`^\@$`:             "not an escape both engines read",
	`^[\d-z]$`:         "a class escape",
	`^[a-\d]$`:         "does not compile in Go",
	`^[\p{L}-z]$`:      "a class escape",
	`^*a`:              "a quantifier on an anchor",
	`^a\b+$`:           "a quantifier on an anchor",
	`^(?<1a>x)$`:       `group name "1a"`,
	`^(?<n>a)(?<n>b)$`: `group name "n" is used twice`,
}

func TestPortablePattern(t *testing.T) {
	for _, p := range portablePatterns {
		if err := PortablePattern(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	for p, want := range nonPortable {
		err := PortablePattern(p)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error containing %q", p, err, want)
		}
	}
}

// TestPortablePatternsReadAlike compiles every accepted pattern with
// ECMAScript's RegExp and the u flag (node) and compares its verdict with
// Go's on sample strings; it fails, not skips, under CI=true without node.
func TestPortablePatternsReadAlike(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is needed")
		}
		t.Skip("node is not installed")
	}
	samples := []string{"", "a", "abc", "x.go", "foo.go", "bar", "AB-12", "2024", "é", "Ω9", "a.b", "a\nb", "a\rb", "-", "+", "[", "]", "^", "{}()|/", "a_b.c-d@ex", "A\t", "1"}
	type result struct {
		Error string `json:"error"`
		Match []bool `json:"match"`
	}
	in, _ := json.Marshal(map[string]any{"patterns": portablePatterns, "samples": samples})
	script := filepath.Join(t.TempDir(), "re.mjs")
	os.WriteFile(script, []byte(`
let s = ""; process.stdin.on("data", d => s += d); process.stdin.on("end", () => {
  const { patterns, samples } = JSON.parse(s);
  console.log(JSON.stringify(patterns.map(p => {
    try { const re = new RegExp(p, "u"); return { match: samples.map(x => re.test(x)) }; }
    catch (e) { return { error: String(e) }; }
  })));
});`), 0o644)
	cmd := exec.Command(node, script)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var res []result
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	for i, p := range portablePatterns {
		if res[i].Error != "" {
			t.Errorf("%s: ECMAScript (u) does not compile it: %s", p, res[i].Error)
			continue
		}
		re := regexp.MustCompile(p)
		for j, s := range samples {
			if re.MatchString(s) != res[i].Match[j] {
				t.Errorf("%s on %q: Go says %v, ECMAScript says %v", p, s, re.MatchString(s), res[i].Match[j])
			}
		}
	}
}
