package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"runtime/debug"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/cli"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

// runGenerate runs the default command: generate code for a package.
func runGenerate(args []string) int {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gen.GCPercent)
	}
	fs := flag.NewFlagSet("normgen", flag.ContinueOnError)
	typeNames := fs.String("type", "", "comma-separated tool type names; default: types with a //normgen:tool line, else the input types of the tools the package registers")
	output := fs.String("output", "", "output file name; default <package>_normgen.go")
	tags := fs.String("tags", "", "comma-separated build tags")
	check := fs.Bool("check", false, "regenerate in memory and exit 1 with a diff when the file on disk differs; write nothing")
	schemas := fs.String("schemas", "", "also write each tool's schema to `DIR`/<tool>.schema.json and the rule table to DIR/rules.json")
	version := fs.Bool("version", false, "print the version and exit")
	profile := generateProfileFlag(fs)
	required := requiredFlag(fs)
	fs.Usage = usage(fs)
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	p, ok := parsed(lenient.ParseProfile(*profile))
	if !ok {
		return 2
	}
	if !p.ForValidation() {
		return fail(2, gen.ProfileForValidationError(p))
	}
	r, ok := parsed(schema.ParseRequired(*required))
	if !ok {
		return 2
	}
	if *version {
		fmt.Println("normgen", cli.Version())
		return 0
	}
	dirArgs := fs.Args()
	if len(dirArgs) == 0 {
		dirArgs = []string{"."}
	}
	dirs, matched, err := cli.PackageDirs(dirArgs)
	if err != nil {
		return fail(2, err)
	}
	if len(dirs) > 1 && *typeNames != "" {
		log.Print("-type names types of one package: give it one directory")
		fs.Usage()
		return 2
	}
	if len(dirs) > 1 && *schemas != "" {
		log.Print("-schemas writes one package's schemas and rules.json: give it one directory")
		fs.Usage()
		return 2
	}
	cfgs := make([]gen.Config, len(dirs))
	for i, dir := range dirs {
		cfgs[i] = gen.Config{Dir: dir, Output: *output, Tags: *tags, Types: splitList(*typeNames), Profile: p, Required: r}
	}
	models := loadRun(cfgs, matched)
	if models == nil {
		return 1
	}
	var all []gen.File
	for i, m := range models {
		if m == nil {
			continue // a package a pattern matched that serves no tool
		}
		files, err := cli.Generate(m, cfgs[i], *schemas)
		if err != nil {
			return fail(1, err)
		}
		all = append(all, files...)
	}
	if *check {
		diff, err := cli.Drift(all)
		fmt.Print(diff)
		if err != nil {
			return fail(1, err)
		}
		return 0
	}
	if err := cli.WriteFiles(all); err != nil {
		return fail(1, err)
	}
	return 0
}

// generateProfileFlag declares generate's -profile flag, whose help names
// the profiles generate takes (those for validation) and says where the
// others are served from.
func generateProfileFlag(fs *flag.FlagSet) *string {
	taken := cli.ProfileNames(lenient.Profile.ForValidation)
	served := cli.ProfileNames(func(p lenient.Profile) bool { return !p.ForValidation() })
	return fs.String("profile", string(lenient.ProfilePortable), "schema `profile` of the generated InputSchema: "+taken+
		" (SDKs validate calls against it); generated code serves "+served+
		" in tools/list (lenient.Tool.SchemaFor), and normgen catalog -profile prints them")
}

func usage(fs *flag.FlagSet) func() {
	return func() {
		fmt.Fprintf(fs.Output(), `Usage:
	normgen [-type T,U] [-output FILE] [-tags TAGS] [-profile P] [-required M] [-check] [-schemas DIR] [DIR|DIR/...]...
	normgen COMMAND [flags] [args]

Commands: %s (normgen COMMAND -h for each one's flags and arguments)

Generate flags:
`, strings.Join(commandNames(), ", "))
		fs.PrintDefaults()
	}
}
