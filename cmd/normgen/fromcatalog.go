package main

import (
	"flag"
	"io"
	"log"
	"os"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

// fromCatalog reports whether the arguments of `catalog` or `rules` ask
// for a catalog-driven run (`catalog -from FILE`, `rules -catalog FILE`)
// rather than a package-driven one.
func fromCatalog(args []string, name string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		a = strings.TrimLeft(a, "-")
		if a == name || strings.HasPrefix(a, name+"=") {
			return true
		}
	}
	return false
}

// catalogFrom runs `normgen catalog -from FILE|-`: the catalog of any
// server, with every tool's input schema replaced by its lenient rewrite
// in the portable form; tool order, names, descriptions and every other
// key kept.
func catalogFrom(args []string) int {
	d, code := deriveCatalog("catalog", "from", args)
	if d == nil {
		return code
	}
	os.Stdout.Write(d.Catalog.MarshalIndent())
	return 0
}

// rulesFromCatalog runs `normgen rules -catalog FILE|-`: rules.json
// derived from each tool's own input schema (less those that a rule of
// -rules FILE replaces: print the derived rules to load beside that file).
func rulesFromCatalog(args []string) int {
	d, code := deriveCatalog("rules", "catalog", args)
	if d == nil {
		return code
	}
	rules := d.Rules
	if rules == nil {
		rules = []lenient.Rule{} // [], not null: a rules file is an array
	}
	b, err := gen.MarshalJSON(rules)
	if err != nil {
		log.Print(err)
		return 1
	}
	os.Stdout.Write(b)
	return 0
}

// deriveCatalog parses the flags of a catalog-driven command, reads the
// catalog (a file, or stdin for "-") and derives it. Fields left strict
// are warned about on stderr; the exit code is for a nil result: 2 for
// usage errors and unreadable files, 1 for a malformed catalog.
func deriveCatalog(cmd, flagName string, args []string) (*schema.CatalogDerivation, int) {
	fs := flag.NewFlagSet("normgen "+cmd, flag.ContinueOnError)
	file := fs.String(flagName, "", "the tools/list catalog to read: a `FILE`, or - for stdin")
	quiet := fs.Bool("q", false, "do not print warnings about fields left strict")
	rulesFile := ""
	if cmd == "catalog" {
		fs.StringVar(&rulesFile, "rules", "", "a rules.json `FILE` the calls are also normalized with: the schemas admit what it makes the server take (fields its aliases and defaults fill are not required)")
	} else {
		fs.StringVar(&rulesFile, "rules", "", "a rules.json `FILE` the calls are also normalized with: derived rules that one of its rules overlaps are left out, replaced by it")
	}
	if err := fs.Parse(args); err != nil {
		return nil, flagExit(err)
	}
	if fs.NArg() > 0 || *file == "" {
		log.Printf("%s -%s takes one catalog file (or - for stdin) and no other argument", cmd, flagName)
		return nil, 2
	}
	var data []byte
	var err error
	name := *file
	if name == "-" {
		data, err = io.ReadAll(os.Stdin)
		name = "stdin"
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		log.Print(err)
		return nil, 2 // as normgen check: a missing file is a usage error
	}
	d, err := schema.DeriveCatalog(data)
	if err != nil {
		// "catalog: 3:7: ..." becomes "FILE:3:7: ..."
		log.Printf("%s:%s", name, strings.TrimPrefix(err.Error(), "catalog:"))
		return nil, 1
	}
	if rulesFile != "" {
		if code := needFile(rulesFile); code != 0 {
			return nil, code
		}
		rules, err := lenient.LoadRulesFile(rulesFile, nil)
		if err != nil {
			log.Print(err)
			return nil, 1
		}
		d.ApplyRules(rules)
	}
	if !*quiet {
		for _, w := range d.Warnings {
			log.Printf("warning: %s", w)
		}
	}
	return d, 0
}
