package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/docs"
)

// synopsisFlag is a flag a synopsis line names: -type in "[-type T,U]".
var synopsisFlag = regexp.MustCompile(`(?:^|[\s\[|])(-[a-z]+)\b`)

// helpFlag is a flag the flag package lists in a usage: "  -type string".
var helpFlag = regexp.MustCompile(`(?m)^  (-[a-z]+)\b`)

// TestReadmeCLI: the README's CLI block (marked checked-by this test) has
// a line for every command, and it and the package doc's usage name only
// flags that command has (its -h); every flag of every command is in that block or in docs/cli.md, so
// that the reference and the binary cannot drift apart.
func TestReadmeCLI(t *testing.T) {
	root := repoRoot(t)
	text, err := docs.Read(root)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("<!-- checked-by: cmd/normgen TestReadmeCLI -->\n```\n((?s:.*?))```").FindSubmatch(text)
	if m == nil {
		t.Fatal("no block marked <!-- checked-by: cmd/normgen TestReadmeCLI --> in the docs")
	}
	block := string(m[1])
	cliMD, err := os.ReadFile(filepath.Join(root, "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	cliPage := append([]byte(block+"\n"), cliMD...)
	help := map[string]string{} // by command; "" is generate
	helpOf := func(cmd string) string {
		if h, ok := help[cmd]; ok {
			return h
		}
		args := []string{"-h"}
		if cmd != "" {
			args = []string{cmd, "-h"}
		}
		code, _, stderr := normgen(t, t.TempDir(), "", args...)
		if code != 0 {
			t.Fatalf("normgen %s: exit %d:\n%s", strings.Join(args, " "), code, stderr)
		}
		help[cmd] = stderr
		return stderr
	}
	// The package doc's usage (go doc) is the README's block, line for
	// line.
	mainGo, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	var docBlock strings.Builder
	for _, l := range strings.Split(string(mainGo), "\n") {
		if d, ok := strings.CutPrefix(l, "//\t"); ok {
			docBlock.WriteString(d + "\n")
		}
	}
	if docBlock.String() != block {
		t.Errorf("main.go's package doc shows a usage other than the README's CLI block; copy the block there, each line after //<tab>:\n%s", docBlock.String())
	}
	lines := map[string]int{}
	for _, line := range strings.Split(block, "\n") {
		if !strings.HasPrefix(line, "normgen ") {
			continue
		}
		cmd := ""
		if f := strings.Fields(line); len(f) > 1 {
			if _, ok := subcommands[f[1]]; ok {
				cmd = f[1]
			}
		}
		lines[cmd]++
		h := helpOf(cmd)
		for _, fm := range synopsisFlag.FindAllStringSubmatch(line, -1) {
			if !regexp.MustCompile(`(?m)^  ` + fm[1] + `\b`).MatchString(h) {
				t.Errorf("the README's CLI line %q names %s, which normgen %s -h does not list:\n%s", line, fm[1], cmd, h)
			}
		}
	}
	for _, cmd := range append([]string{""}, commandNames()...) {
		if lines[cmd] == 0 {
			t.Errorf("the README's CLI block has no line for normgen %s", cmd)
		}
		for _, fm := range helpFlag.FindAllStringSubmatch(helpOf(cmd), -1) {
			if !regexp.MustCompile(`[\s\[` + "`" + `]` + fm[1] + `\b`).Match(cliPage) {
				t.Errorf("normgen %s has %s, which neither the README's CLI block nor docs/cli.md names", cmd, fm[1])
			}
		}
	}
}
