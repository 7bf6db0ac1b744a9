package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/cli"
)

// flagExit is a subcommand's exit code after its flag set failed to parse
// args: 0 when the user asked for -h or -help (the usage has been printed
// to stderr), 2 for any other usage error.
func flagExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// usageError says in one line (prefixed "normgen: CMD: ") what is missing
// or wrong in a command's arguments, prints the command's usage and
// returns 2, the exit code of a usage error.
func usageError(fs *flag.FlagSet, cmd, format string, args ...any) int {
	log.Printf(cmd+": "+format, args...)
	fs.Usage()
	return 2
}

// usageLine sets a command's usage: line, then the flags.
func usageLine(fs *flag.FlagSet, line string) {
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), line)
		fs.PrintDefaults()
	}
}

// helpAsked reports whether args ask for the usage (-h, -help, --h or
// --help) anywhere before a "--": also where a flag that takes a value
// would read it as that value (catalog -from -h is the help, not a file
// named -h).
func helpAsked(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--h", "--help":
			return true
		}
	}
	return false
}

// needDir checks a package directory argument before loading it
// (cli.CheckDir): a missing directory, or a path that is not one, is a
// usage error, said in one line; it returns the exit code, 2, or 0 when
// dir is a directory.
func needDir(dir string) int { return usageCode(cli.CheckDir(dir)) }

// needFile checks an input file argument (a rules file, a catalog; "-"
// is stdin) before reading it, as needDir does (cli.CheckFile).
func needFile(path string) int { return usageCode(cli.CheckFile(path)) }

// usageCode says err, a usage error, and returns 2; 0 for nil.
func usageCode(err error) int {
	if err != nil {
		log.Print(err)
		return 2
	}
	return 0
}

// load loads the package cfg names, printing its diagnostics (nil then)
// on stderr, and sets cfg's OnWarning to print warnings there too (as
// gen.Output's, after it).
func load(cfg *gen.Config) *gen.Package {
	dir := cfg.Dir
	cfg.OnWarning = func(d gen.Diagnostic) { printDiag(dir, d) }
	m, diags := gen.Load(context.Background(), *cfg)
	if len(diags) > 0 || m == nil {
		for _, d := range diags {
			printDiag(cfg.Dir, d)
		}
		return nil
	}
	return m
}

// printDiag prints a diagnostic (or warning) on stderr, its file names
// from the working directory (Diagnostic.In the package directory dir,
// as given on the command line). One with no position (the package could
// not be loaded, -type names no type) is normgen's own message, prefixed
// "normgen: " as every other such line is.
func printDiag(dir string, d gen.Diagnostic) {
	if d.Pos.Filename == "" {
		log.Print(d.String())
		return
	}
	fmt.Fprintln(os.Stderr, d.In(dir).String())
}

// splitList splits a comma-separated flag value; "" gives nil.
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
