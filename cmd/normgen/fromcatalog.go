package main

import (
	"flag"
	"log"
	"os"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/gen/cli"
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
	return output(d.Catalog.MarshalIndent(), nil)
}

// rulesFromCatalog runs `normgen rules -catalog FILE|-`: rules.json
// derived from each tool's own input schema (less those that a rule of
// -rules FILE replaces: print the derived rules to load beside that file).
func rulesFromCatalog(fs *flag.FlagSet, file, rulesFile string, quiet bool) int {
	d, code := deriveCatalog(fs, "rules", "catalog", file, rulesFile, quiet)
	if d == nil {
		return code
	}
	return output(cli.RulesJSON(d.Rules))
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
	data, name, err := readInput(file)
	if err != nil {
		return nil, fail(2, err) // as normgen check: a missing file is a usage error
	}
	d, err := cli.DeriveCatalog(name, data)
	if err != nil {
		return nil, fail(1, err)
	}
	if rulesFile != "" {
		rules, code := loadRules(rulesFile)
		if code != 0 {
			return nil, code
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

// output writes b on stdout and returns 0, or says err and returns 1.
func output(b []byte, err error) int {
	if err != nil {
		return fail(1, err)
	}
	os.Stdout.Write(b)
	return 0
}
