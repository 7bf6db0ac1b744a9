package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/normgen/normgen/gen/cli"
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
	usageLine(fs, "Usage: normgen normalize -rules FILE -tool NAME < args.json\n       normgen normalize -catalog FILE [-rules FILE] -tool NAME < args.json")
	if err := cli.ParseFlags(fs, args); err != nil {
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
		var code int
		if rules, code = loadRules(*rulesPath); code != 0 {
			return code
		}
	}
	var check *cli.CatalogCheck
	if *catalogPath != "" {
		c, code := deriveCatalog(fs, "normalize", "catalog", *catalogPath, *rulesPath, true)
		if c == nil {
			return code
		}
		chk, derived, err := cli.ToolCheck(c, *catalogPath, *tool)
		if err != nil {
			return fail(1, err)
		}
		check, rules = chk, append(rules, derived...)
	} else if msg := cli.ToolCoverage(rules, *tool); msg != "" {
		log.Print(msg) // a note: the call still goes through
	}
	n, err := normalize.New(rules)
	if err != nil {
		return fail(1, err)
	}
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		return fail(1, err)
	}
	out, applied, err := n.NormalizeJSON(*tool, in)
	problems, who, err := cli.CallProblems(out, err, check)
	if err != nil {
		return fail(1, fmt.Errorf("arguments on stdin: %v", err))
	}
	if code := output(cli.NormalizeOutput(out, applied, problems)); code != 0 {
		return code
	}
	if len(problems) > 0 {
		log.Printf("%s of %s: %v", who, *tool, &lenient.Error{Problems: problems})
		return 1
	}
	return 0
}
