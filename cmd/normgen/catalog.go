package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/cli"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

func init() {
	subcommands["catalog"] = runCatalog
	subcommands["rules"] = runRules
}

// runCatalog implements `normgen catalog`: the catalog of the package in
// DIR, or with -from, any server's catalog with lenient schemas
// (fromcatalog.go).
func runCatalog(args []string) int {
	fs := flag.NewFlagSet("normgen catalog", flag.ContinueOnError)
	pf := packageFlags(fs)
	profile := profileFlag(fs)
	from := fs.String("from", "", "print this tools/list catalog `FILE` (- for stdin), any server's, with lenient schemas instead of a package's")
	rulesFile := fs.String("rules", "", "with -from: a rules.json `FILE` the calls are also normalized with: the schemas admit what it makes the server take (fields its defaults fill are not required; its aliases are never declared, one name per parameter)")
	quiet := fs.Bool("q", false, "with -from: do not print warnings about fields left strict")
	verbose := fs.Bool("v", false, "also print on stderr, as notes, where each tool's name was taken from (where the package registers it, its //normgen:tool line, its type's name) and the model of required fields (the module's jsonschema.Reflector, the directive, -required, the fields' tags)")
	fs.Usage = cli.FormsUsage(fs,
		"normgen catalog [-profile P] [-tags TAGS] [-type T,U] [-required M] [-v] [DIR|DIR/...]...", "print the package's tools, [{name, description, inputSchema}] sorted by name; of several packages, loaded in one run as generate loads them (a package names the tools of another it registers), their tools together",
		"normgen catalog -from FILE|- [-rules FILE] [-q]", "any server's tools/list catalog, every input schema rewritten lenient (portable profile)")
	return runForms(fs, args, "catalog", "from", []string{"tags", "type", "required", "profile", "v"}, []string{"rules", "q"},
		func() int { return catalogFrom(fs, *from, *rulesFile, *quiet) },
		func() int {
			p, ok := parsed(lenient.ParseProfile(*profile))
			if !ok {
				return 2
			}
			return printRunCatalog(fs, pf, p, *verbose)
		})
}

// runRules implements `normgen rules`: the rule table of the package in
// DIR, or with -catalog, rules derived from any server's catalog.
func runRules(args []string) int {
	fs := flag.NewFlagSet("normgen rules", flag.ContinueOnError)
	pf := packageFlags(fs)
	from := fs.String("catalog", "", "derive the rules from this tools/list catalog `FILE` (- for stdin), any server's, instead of a package")
	rulesFile := fs.String("rules", "", "with -catalog: a rules.json `FILE` the calls are also normalized with: derived rules that one of its rules overlaps are left out, replaced by it")
	quiet := fs.Bool("q", false, "with -catalog: do not print warnings about fields left strict")
	fs.Usage = cli.FormsUsage(fs,
		"normgen rules [-tags TAGS] [-type T,U] [-required M] [DIR]", "print the package's rule table as rules.json",
		"normgen rules -catalog FILE|- [-rules FILE] [-q]", "rules.json derived from each tool's own input schema in any server's catalog")
	return runForms(fs, args, "rules", "catalog", []string{"tags", "type", "required"}, []string{"rules", "q"},
		func() int { return rulesFromCatalog(fs, *from, *rulesFile, *quiet) },
		func() int { return printModel(fs, "rules", pf, gen.RuleTable) })
}

// runForms parses the flags of a command with two forms, one for a
// package and one for a catalog file given with -from (the flag named
// from), and runs the form asked for (cli.Form); a flag of one form given
// to the other is a usage error naming it. -h anywhere asks for the help
// (cli.HelpAsked).
func runForms(fs *flag.FlagSet, args []string, cmd, from string, pkgOnly, fromOnly []string, fromForm, pkgForm func() int) int {
	if cli.HelpAsked(args) {
		fs.Usage()
		return 0
	}
	if err := cli.ParseFlags(fs, args); err != nil {
		return flagExit(err)
	}
	isFrom, err := cli.Form(fs, from, pkgOnly, fromOnly)
	switch {
	case err != nil:
		return usageError(fs, cmd, "%v", err)
	case isFrom:
		return fromForm()
	}
	return pkgForm()
}

// pkgFlags are the flags that select what to load of a package.
type pkgFlags struct {
	tags, types, required *string
}

// packageFlags declares -tags, -type and -required on fs.
func packageFlags(fs *flag.FlagSet) pkgFlags {
	return pkgFlags{
		tags:     fs.String("tags", "", "comma-separated build `TAGS`"),
		types:    fs.String("type", "", "comma-separated tool type names (`T,U`); default: types with a //normgen:tool line, else the input types of the tools the package registers"),
		required: requiredFlag(fs),
	}
}

// profileFlag declares the -profile flag of the commands that print
// schemas.
func profileFlag(fs *flag.FlagSet) *string {
	return fs.String("profile", string(lenient.ProfilePortable), "schema `profile`: "+cli.ProfileNames(nil))
}

// requiredFlag declares the -required flag of the commands that load a
// package.
func requiredFlag(fs *flag.FlagSet) *string {
	return fs.String("required", "", "model of required fields, `M`: json (a field without omitempty is required; invopop/jsonschema's default), jsonschema (only fields tagged jsonschema:\"required\" are; invopop's RequiredFromJSONSchemaTags); default: the package's //normgen:required= line, else the module's own (its invopop jsonschema.Reflector's RequiredFromJSONSchemaTags), else json unless the package tags fields required and the two disagree (an error)")
}

// printModel loads the package named by the DIR argument and prints what
// render makes of its model.
func printModel(fs *flag.FlagSet, name string, pf pkgFlags, render func(*gen.Package) ([]byte, error)) int {
	if fs.NArg() > 1 {
		return usageError(fs, name, "at most one package directory, not %d arguments", fs.NArg())
	}
	r, ok := parsed(schema.ParseRequired(*pf.required))
	if !ok {
		return 2
	}
	dir := pkgDir(fs)
	if code := needDir(dir); code != 0 {
		return code
	}
	m := load(&gen.Config{Dir: dir, Tags: *pf.tags, Types: splitList(*pf.types), Required: r})
	if m == nil {
		return 1
	}
	return output(render(m))
}

// printRunCatalog is catalog of the packages the arguments name (. for
// none), loaded in one run as generate loads them (gen.LoadRun): their
// tools together.
func printRunCatalog(fs *flag.FlagSet, pf pkgFlags, p lenient.Profile, verbose bool) int {
	r, ok := parsed(schema.ParseRequired(*pf.required))
	if !ok {
		return 2
	}
	cfgs, models, code := cli.LoadRunArgs(fs.Args(), gen.Config{Tags: *pf.tags, Types: splitList(*pf.types), Required: r}, "", printDiag)
	for i := range models {
		if verbose && models[i] != nil {
			printNotes(cfgs[i].Dir, gen.Notes(models[i]))
		}
	}
	if code != 0 {
		return code
	}
	return output(gen.CatalogRun(models, p))
}

// pkgDir is the package directory a package form's arguments name.
func pkgDir(fs *flag.FlagSet) string {
	if fs.NArg() == 1 {
		return fs.Arg(0)
	}
	return "."
}

// printNotes prints notes as diagnostics are printed, a file outside the
// package directory by its path from the working directory
// (cli.NoteFromWorkDir).
func printNotes(dir string, notes []gen.Diagnostic) {
	for _, n := range notes {
		if n, ok := cli.NoteFromWorkDir(n); ok {
			fmt.Fprintln(os.Stderr, n.String())
		} else {
			printDiag(dir, n)
		}
	}
}
