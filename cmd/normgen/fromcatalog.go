package main

import (
	"flag"
	"io"
	"log"
	"os"
	"strings"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// catalogFrom runs `normgen catalog -from FILE|-`: the catalog of any
// server, with every tool's input schema replaced by its lenient rewrite
// in the portable form; tool order, names, descriptions and every other
// key kept.
func catalogFrom(fs *flag.FlagSet, file, rulesFile string, quiet bool) int {
	d, code := deriveCatalog(fs, "catalog", "from", file, rulesFile, quiet)
	if d == nil {
		return code
	}
	os.Stdout.Write(d.Catalog.MarshalIndent())
	return 0
}

// rulesFromCatalog runs `normgen rules -catalog FILE|-`: rules.json
// derived from each tool's own input schema (less those that a rule of
// -rules FILE replaces: print the derived rules to load beside that file).
func rulesFromCatalog(fs *flag.FlagSet, file, rulesFile string, quiet bool) int {
	d, code := deriveCatalog(fs, "rules", "catalog", file, rulesFile, quiet)
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

// deriveCatalog reads the catalog file of a catalog-driven command (a
// file, or stdin for "-"), derives it and applies the -rules file. Fields
// left strict are warned about on stderr unless quiet; the exit code is
// for a nil result: 2 for usage errors and unreadable files, 1 for a
// malformed catalog or rules file.
func deriveCatalog(fs *flag.FlagSet, cmd, flagName, file, rulesFile string, quiet bool) (*derive.CatalogDerivation, int) {
	if fs.NArg() > 0 || file == "" {
		return nil, usageError(fs, cmd, "-%s takes one catalog file (or - for stdin) and no other argument", flagName)
	}
	var data []byte
	var err error
	name := file
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
	d, err := derive.Catalog(data)
	if err != nil {
		// "catalog: 3:7: ..." becomes "FILE:3:7: ..."
		log.Printf("%s:%s", name, strings.TrimPrefix(err.Error(), "catalog:"))
		return nil, 1
	}
	if rulesFile != "" {
		if code := needFile(rulesFile); code != 0 {
			return nil, code
		}
		rules, err := normalize.LoadRulesFile(rulesFile, nil)
		if err != nil {
			log.Print(err)
			return nil, 1
		}
		d.ApplyRules(rules)
	}
	if !quiet {
		for _, w := range d.Warnings {
			log.Printf("warning: %s", w)
		}
	}
	return d, 0
}
