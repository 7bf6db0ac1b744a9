package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/normgen/normgen/gen"
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
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: normgen check [-json] [-host NAME[@VERSION],...|all] [FILE|-]   (stdin when FILE is - or absent)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	var hosts []lint.Host
	if *hostList != "" {
		var err error
		if hosts, err = lint.ParseHosts(*hostList); err != nil {
			log.Print(err)
			return 2
		}
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return 2
	}
	var data []byte
	var err error
	if name := fs.Arg(0); name == "" || name == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		log.Print(err)
		return 2
	}
	var findings []lint.Finding
	if hosts != nil {
		findings, err = lint.CheckHosts(data, hosts)
	} else {
		findings, err = lint.CheckCatalog(data)
	}
	if err != nil {
		log.Print(err) // a catalog that cannot be read: a failure, as in catalog -from
		return 1
	}
	if *asJSON {
		if findings == nil {
			findings = []lint.Finding{}
		}
		b, err := gen.MarshalJSON(findings)
		if err != nil {
			log.Print(err)
			return 1
		}
		os.Stdout.Write(b)
	} else {
		for _, f := range findings {
			fmt.Println(f)
		}
	}
	notes := 0
	for _, f := range findings {
		if f.Note {
			notes++
		}
	}
	if !*asJSON && len(findings) > 0 {
		if notes > 0 {
			log.Printf("%d finding(s), %d note(s)", len(findings)-notes, notes)
		} else {
			log.Printf("%d finding(s)", len(findings))
		}
	}
	if len(findings) > notes {
		return 1 // notes warn of undocumented limits: they do not fail a build
	}
	return 0
}
