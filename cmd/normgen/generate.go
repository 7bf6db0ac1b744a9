package main

import (
	"flag"
	"fmt"
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
	if err := cli.ParseFlags(fs, args); err != nil {
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
	cfgs, models, code := cli.LoadRunArgs(fs.Args(), gen.Config{Output: *output, Tags: *tags, Types: splitList(*typeNames), Profile: p, Required: r}, *schemas, printDiag)
	if code != 0 {
		return code
	}
	all, err := cli.GenerateRun(models, cfgs, *schemas)
	if err != nil {
		return fail(1, err)
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
