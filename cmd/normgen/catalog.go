package main

import (
	"context"
	"flag"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

func init() {
	subcommands["catalog"] = func(args []string) int {
		if fromCatalog(args, "from") { // fromcatalog.go
			return catalogFrom(args)
		}
		return printModel("catalog", args, gen.Catalog)
	}
	subcommands["rules"] = func(args []string) int {
		if fromCatalog(args, "catalog") {
			return rulesFromCatalog(args)
		}
		return printModel("rules", args, func(m *gen.Package, _ lenient.Profile) ([]byte, error) { return gen.RuleTable(m) })
	}
}

// profileFlag declares the -profile flag of the commands that print
// schemas.
func profileFlag(fs *flag.FlagSet) *string {
	return fs.String("profile", string(lenient.ProfilePortable), "schema `profile`: "+profileList())
}

func profileList() string {
	var names []string
	for _, p := range lenient.Profiles() {
		names = append(names, string(p))
	}
	return strings.Join(names, ", ")
}

// parseProfile reads a -profile value; an unknown name is a usage error
// that lists the known ones (the caller exits 2).
func parseProfile(name string) (lenient.Profile, bool) {
	p, err := lenient.ParseProfile(name)
	if err != nil {
		log.Print(err)
		return "", false
	}
	return p, true
}

// requiredFlag declares the -required flag of the commands that load a
// package.
func requiredFlag(fs *flag.FlagSet) *string {
	return fs.String("required", "", "model of required fields: json (a field without omitempty is required; invopop/jsonschema's default), jsonschema (only fields tagged jsonschema:\"required\" are; invopop's RequiredFromJSONSchemaTags); default: json, unless the package's //normgen:required= line says otherwise or the package tags fields required and the two disagree (an error)")
}

// parseRequired reads a -required value; an unknown name is a usage
// error (the caller exits 2).
func parseRequired(name string) (schema.Required, bool) {
	r, err := schema.ParseRequired(name)
	if err != nil {
		log.Print(err)
		return 0, false
	}
	return r, true
}

// printModel loads the package named by the DIR argument and prints what
// render makes of its model, with schemas in the -profile profile.
func printModel(name string, args []string, render func(*gen.Package, lenient.Profile) ([]byte, error)) int {
	fs := flag.NewFlagSet("normgen "+name, flag.ContinueOnError)
	tags := fs.String("tags", "", "comma-separated build tags")
	typeNames := fs.String("type", "", "comma-separated tool type names")
	var profile *string
	if name == "catalog" {
		profile = profileFlag(fs)
	} else {
		profile = new(string)
		*profile = string(lenient.ProfilePortable)
	}
	required := requiredFlag(fs)
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	p, ok := parseProfile(*profile)
	if !ok {
		return 2
	}
	r, ok := parseRequired(*required)
	if !ok {
		return 2
	}
	if fs.NArg() > 1 {
		log.Printf("%s: at most one directory argument", name)
		return 2
	}
	cfg := gen.Config{Dir: ".", Tags: *tags, Types: splitList(*typeNames), Required: r}
	if fs.NArg() == 1 {
		cfg.Dir = fs.Arg(0)
	}
	if code := needDir(cfg.Dir); code != 0 {
		return code
	}
	cfg.OnWarning = warnings(cfg.Dir)
	m, diags := gen.Load(context.Background(), cfg)
	if len(diags) > 0 || m == nil {
		printDiags(cfg.Dir, diags)
		return 1
	}
	b, err := render(m, p)
	if err != nil {
		log.Print(err)
		return 1
	}
	os.Stdout.Write(b)
	return 0
}

// schemaFiles renders the review files of -schemas DIR: each tool's schema
// in profile p as <tool>.schema.json and the package's rule table as
// rules.json.
func schemaFiles(m *gen.Package, dir string, p lenient.Profile) ([]gen.File, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var files []gen.File
	for _, t := range m.Tools {
		js, err := gen.ToolSchemaProfile(t, p)
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
