package main

import (
	"flag"
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
	var err error
	if *rulesPath != "" {
		if code := needFile(*rulesPath); code != 0 {
			return code
		}
		if rules, err = normalize.LoadRulesFile(*rulesPath, nil); err != nil {
			log.Print(err)
			return 1
		}
	}
	var check *cli.CatalogCheck
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
		if check, err = cli.NewCatalogCheck(*tool, strict, d); err != nil {
			log.Print(err)
			return 1
		}
		rules = append(rules, d.Rules...)
	} else if msg := cli.ToolCoverage(rules, *tool); msg != "" {
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
	var problems []lenient.Problem
	if check != nil {
		problems = check.Refusal(out)
	}
	b, err := cli.NormalizeOutput(out, applied, problems)
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
