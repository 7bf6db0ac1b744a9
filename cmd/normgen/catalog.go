package main

import (
	"context"
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/normgen/normgen/gen"
)

func init() {
	subcommands["catalog"] = func(args []string) int { return printModel("catalog", args, gen.Catalog) }
	subcommands["rules"] = func(args []string) int { return printModel("rules", args, gen.RuleTable) }
}

// printModel loads the package named by the DIR argument and prints what
// render makes of its model.
func printModel(name string, args []string, render func(*gen.Package) ([]byte, error)) int {
	fs := flag.NewFlagSet("normgen "+name, flag.ContinueOnError)
	tags := fs.String("tags", "", "comma-separated build tags")
	typeNames := fs.String("type", "", "comma-separated tool type names")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		log.Printf("%s: at most one directory argument", name)
		return 2
	}
	cfg := gen.Config{Dir: ".", Tags: *tags, Types: splitList(*typeNames)}
	if fs.NArg() == 1 {
		cfg.Dir = fs.Arg(0)
	}
	m, diags := gen.Load(context.Background(), cfg)
	if len(diags) > 0 || m == nil {
		printDiags(diags)
		return 1
	}
	b, err := render(m)
	if err != nil {
		log.Print(err)
		return 1
	}
	os.Stdout.Write(b)
	return 0
}

// schemaFiles renders the review files of -schemas DIR: each tool's schema
// as <tool>.schema.json and the package's rule table as rules.json.
func schemaFiles(m *gen.Package, dir string) ([]gen.File, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var files []gen.File
	for _, t := range m.Tools {
		js, err := gen.ToolSchema(t)
		if err != nil {
			return nil, err
		}
		files = append(files, gen.File{Path: filepath.Join(abs, t.Name+".schema.json"), Content: js})
	}
	rules, err := gen.RuleTable(m)
	if err != nil {
		return nil, err
	}
	return append(files, gen.File{Path: filepath.Join(abs, "rules.json"), Content: rules}), nil
}
