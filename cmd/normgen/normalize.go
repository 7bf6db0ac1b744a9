package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"sort"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

func init() { subcommands["normalize"] = runNormalize }

// runNormalize implements `normgen normalize -rules FILE -tool NAME`:
// arguments JSON on stdin, {"args": ..., "applied": [...]} on stdout.
func runNormalize(args []string) int {
	fs := flag.NewFlagSet("normgen normalize", flag.ContinueOnError)
	rulesPath := fs.String("rules", "", "rules.json `FILE` (required)")
	tool := fs.String("tool", "", "tool `NAME` the arguments are for (required)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: normgen normalize -rules FILE -tool NAME < args.json")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	switch {
	case *rulesPath == "":
		return usageError(fs, "normalize", "-rules FILE is missing: the rules.json to apply")
	case *tool == "":
		return usageError(fs, "normalize", "-tool NAME is missing: the tool the arguments are for")
	case fs.NArg() > 0:
		return usageError(fs, "normalize", "unexpected argument %q: the arguments are read on stdin", fs.Arg(0))
	}
	if code := needFile(*rulesPath); code != 0 {
		return code
	}
	rules, err := normalize.LoadRulesFile(*rulesPath, nil)
	if err != nil {
		log.Print(err)
		return 1
	}
	if msg := toolCoverage(rules, *tool); msg != "" {
		log.Print(msg) // a note: the call still goes through
	}
	n, err := normalize.New(rules)
	if err != nil {
		log.Print(err)
		return 1
	}
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		log.Print(err)
		return 1
	}
	out, applied, err := n.NormalizeJSON(*tool, in)
	if err != nil {
		log.Printf("arguments on stdin: %v", err)
		return 1
	}
	if applied == nil {
		applied = []normalize.Applied{}
	}
	b, err := gen.MarshalJSON(struct {
		Args    rawJSON             `json:"args"`
		Applied []normalize.Applied `json:"applied"`
	}{rawJSON(out), applied})
	if err != nil {
		log.Print(err)
		return 1
	}
	os.Stdout.Write(b)
	return 0
}

// toolCoverage says when no rule names tool: "" when one does. Such a
// tool's arguments pass unchanged, or with only the "*" rules applied: a
// catalog's derived rules name only the tools with something to fix.
func toolCoverage(rules []lenient.Rule, tool string) string {
	var names []string
	seen := map[string]bool{}
	for _, r := range rules {
		for _, t := range r.Tools {
			if t == tool {
				return ""
			}
			if t != "*" && !seen[t] {
				seen[t] = true
				names = append(names, t)
			}
		}
	}
	sort.Strings(names)
	named := "the rules name: " + strings.Join(names, ", ")
	if len(names) == 0 {
		named = "the rules file has no rule"
		if len(rules) > 0 {
			named = `the rules are all "*" rules`
		}
	}
	msg := fmt.Sprintf("no rule names tool %q (%s)", tool, named)
	if hasWildcard(rules) {
		return msg + `; only the "*" rules apply`
	}
	return msg + "; its arguments pass unchanged"
}

// hasWildcard reports whether some rule is for every tool.
func hasWildcard(rules []lenient.Rule) bool {
	for _, r := range rules {
		for _, t := range r.Tools {
			if t == "*" {
				return true
			}
		}
	}
	return false
}

// rawJSON embeds JSON text as is.
type rawJSON []byte

// MarshalJSON returns the text itself.
func (r rawJSON) MarshalJSON() ([]byte, error) { return r, nil }
