package main

import (
	"context"
	"encoding/json"
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
)

func init() {
	subcommands["catalog"] = runCatalog
	subcommands["rules"] = runRules
}

// catalogEntry is one tool of a tools/list catalog.
type catalogEntry struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// loadModel parses the DIR argument of catalog and rules and loads the model.
func loadModel(name string, args []string) (*gen.Package, int) {
	fs := flag.NewFlagSet("normgen "+name, flag.ContinueOnError)
	tags := fs.String("tags", "", "comma-separated build tags")
	if err := fs.Parse(args); err != nil {
		return nil, 2
	}
	if fs.NArg() > 1 {
		log.Printf("%s: at most one directory argument", name)
		return nil, 2
	}
	cfg := gen.Config{Dir: ".", Tags: *tags}
	if fs.NArg() == 1 {
		cfg.Dir = fs.Arg(0)
	}
	m, diags := gen.Load(context.Background(), cfg)
	if len(diags) > 0 || m == nil {
		printDiags(diags)
		return nil, 1
	}
	return m, 0
}

// Catalog returns the tools/list catalog of a package model, sorted by name.
func catalog(m *gen.Package) ([]catalogEntry, error) {
	var out []catalogEntry
	for _, t := range m.Tools {
		js, err := gen.ToolSchema(t)
		if err != nil {
			return nil, err
		}
		out = append(out, catalogEntry{Name: t.Name, Description: t.Description, InputSchema: js})
	}
	return out, nil
}

func runCatalog(args []string) int {
	m, code := loadModel("catalog", args)
	if m == nil {
		return code
	}
	cat, err := catalog(m)
	if err != nil {
		log.Print(err)
		return 1
	}
	return printJSON(cat)
}

func allRules(m *gen.Package) []lenient.Rule {
	rules := []lenient.Rule{}
	for _, t := range m.Tools {
		rules = append(rules, gen.Rules(t)...)
	}
	return rules
}

func runRules(args []string) int {
	m, code := loadModel("rules", args)
	if m == nil {
		return code
	}
	return printJSON(allRules(m))
}

func printJSON(v any) int {
	b, err := marshalIndent(v)
	if err != nil {
		log.Print(err)
		return 1
	}
	os.Stdout.Write(b)
	return 0
}

// marshalIndent encodes v as indented JSON without HTML escaping.
func marshalIndent(v any) ([]byte, error) {
	var buf = new(bytesBuffer)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// schemaFiles renders the review files of -schemas DIR: each tool's schema
// and the package's rule table.
func schemaFiles(cfg gen.Config, dir string) ([]gen.File, error) {
	m, diags := gen.Load(context.Background(), cfg)
	if len(diags) > 0 || m == nil {
		printDiags(diags)
		return nil, errStop
	}
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
	rules, err := marshalIndent(allRules(m))
	if err != nil {
		return nil, err
	}
	files = append(files, gen.File{Path: filepath.Join(abs, "rules.json"), Content: rules})
	return files, nil
}
