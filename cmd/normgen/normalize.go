package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/url"
	"os"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

func init() { subcommands["normalize"] = runNormalize }

// runNormalize implements `normgen normalize -rules FILE -tool NAME` and
// `normgen normalize -catalog FILE [-rules FILE] -tool NAME`: arguments
// JSON on stdin, {"args": ..., "applied": [...]} on stdout; with a
// catalog, the normalized arguments are checked against the tool's strict
// schema, and a refusal adds "problems" (each with its path, what to
// send) and exits 1.
func runNormalize(args []string) int {
	fs := flag.NewFlagSet("normgen normalize", flag.ContinueOnError)
	rulesPath := fs.String("rules", "", "rules.json `FILE` (required without -catalog)")
	catalogPath := fs.String("catalog", "", "a tools/list catalog `FILE` (any server's): the tool's rules are derived from its input schema (besides -rules), and the normalized arguments are checked against it, each refusal explained")
	tool := fs.String("tool", "", "tool `NAME` the arguments are for (required)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: normgen normalize -rules FILE -tool NAME < args.json\n       normgen normalize -catalog FILE [-rules FILE] -tool NAME < args.json")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	switch {
	case *rulesPath == "" && *catalogPath == "":
		return usageError(fs, "normalize", "-rules FILE is missing: the rules.json to apply (or -catalog FILE, the tools/list catalog to derive them from)")
	case *tool == "":
		return usageError(fs, "normalize", "-tool NAME is missing: the tool the arguments are for")
	case fs.NArg() > 0:
		return usageError(fs, "normalize", "unexpected argument %q: the arguments are read on stdin", fs.Arg(0))
	}
	var rules []lenient.Rule
	if *rulesPath != "" {
		if code := needFile(*rulesPath); code != 0 {
			return code
		}
		var err error
		if rules, err = normalize.LoadRulesFile(*rulesPath, nil); err != nil {
			log.Print(err)
			return 1
		}
	}
	var check *catalogCheck
	if *catalogPath != "" {
		c, code := deriveCatalog(fs, "normalize", "catalog", *catalogPath, *rulesPath, true)
		if c == nil {
			return code
		}
		strict, d, ok := c.Tool(*tool)
		if !ok {
			log.Printf("%s: no tool %q with an input schema", *catalogPath, *tool)
			return 1
		}
		if check, code = newCatalogCheck(*tool, strict, d); check == nil {
			return code
		}
		rules = append(rules, d.Rules...)
	} else if msg := toolCoverage(rules, *tool); msg != "" {
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
	var problems []lenient.Problem
	if check != nil {
		problems = check.refusal(out)
	}
	b, err := gen.MarshalJSON(struct {
		Args     rawJSON             `json:"args"`
		Applied  []normalize.Applied `json:"applied"`
		Problems []lenient.Problem   `json:"problems,omitempty"`
	}{rawJSON(out), applied, problems})
	if err != nil {
		log.Print(err)
		return 1
	}
	os.Stdout.Write(b)
	if len(problems) > 0 {
		log.Printf("the schema of %s refuses the arguments: %v", *tool, &lenient.Error{Problems: problems})
		return 1
	}
	return 0
}

// catalogCheck checks normalized arguments against a tool's strict
// schema, as a server validates them.
type catalogCheck struct {
	schema *jsonschema.Schema
	d      *derive.Derivation
}

// newCatalogCheck compiles the strict schema of tool (exit code 1 when it
// does not compile).
func newCatalogCheck(tool string, strict *derive.Node, d *derive.Derivation) (*catalogCheck, int) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(strict.Marshal()))
	if err == nil {
		c := jsonschema.NewCompiler()
		loc := "mem://normgen/" + url.PathEscape(tool) + ".json"
		if err = c.AddResource(loc, doc); err == nil {
			var s *jsonschema.Schema
			if s, err = c.Compile(loc); err == nil {
				return &catalogCheck{schema: s, d: d}, 0
			}
		}
	}
	log.Printf("the input schema of %s does not compile: %v", tool, err)
	return nil, 1
}

// refusal returns the problems of arguments the strict schema refuses
// (nil when it takes them): Derivation.Explain's, in the decoders' words,
// or else the validator's message as one problem.
func (c *catalogCheck) refusal(args []byte) []lenient.Problem {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err == nil {
		err = c.schema.Validate(inst)
	}
	if err == nil {
		return nil
	}
	var le *lenient.Error
	if errors.As(c.d.Explain(args), &le) {
		return le.Problems
	}
	return []lenient.Problem{{Msg: err.Error(), Kind: lenient.KindRefused}}
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
