package main

import (
	"flag"
	"fmt"
	"log"

	"github.com/normgen/normgen/gen/cli"
	"github.com/normgen/normgen/lint"
)

func init() { subcommands["check"] = runCheck }

// runCheck implements `normgen check [-json] [-host NAME[@VERSION],...|all]
// [FILE|-]`: lint a tools/list catalog for leniency gaps, or with -host
// for the named hosts' schema rules. It exits 1 on findings; notes alone
// (limits a host does not document) are printed and exit 0.
func runCheck(args []string) int {
	fs := flag.NewFlagSet("normgen check", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the findings as a JSON array")
	hostList := fs.String("host", "", "check the schema rules of these `hosts` (comma-separated: claude, openai, gemini, cursor, copilot, windsurf, zed, codex, or all of these; openai-strict; codex@VERSION for an older release) instead of the leniency gaps")
	usageLine(fs, "Usage: normgen check [-json] [-host NAME[@VERSION],...|all] [FILE|-]   (stdin when FILE is - or absent)")
	if err := cli.ParseFlags(fs, args); err != nil {
		return flagExit(err)
	}
	var hosts []lint.Host
	if *hostList != "" {
		var err error
		if hosts, err = lint.ParseHosts(*hostList); err != nil {
			return fail(2, err)
		}
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return 2
	}
	data, _, err := readInput(fs.Arg(0))
	if err != nil {
		return fail(2, err)
	}
	findings, err := cli.Findings(data, hosts)
	if err != nil {
		return fail(1, err) // a catalog that cannot be read: a failure, as in catalog -from
	}
	summary, failed := cli.FindingsSummary(findings)
	if *asJSON {
		if code := output(cli.FindingsJSON(findings)); code != 0 {
			return code
		}
	} else {
		for _, f := range findings {
			fmt.Println(f)
		}
		if summary != "" {
			log.Print(summary)
		}
	}
	if failed {
		return 1
	}
	return 0
}
