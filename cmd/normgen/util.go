package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/cli"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
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

// needDir checks a package directory argument before loading it
// (cli.CheckDir): a missing directory, or a path that is not one, is a
// usage error, said in one line; it returns the exit code, 2, or 0 when
// dir is a directory.
func needDir(dir string) int { return usageCode(cli.CheckDir(dir)) }

// fail says err in one line and returns code, the exit code: 1 for a
// failure, 2 for a usage error.
func fail(code int, err error) int {
	log.Print(err)
	return code
}

// parsed says err, a flag value's usage error (the caller exits 2), and
// reports false; v is the value read.
func parsed[T any](v T, err error) (T, bool) {
	if err != nil {
		log.Print(err)
		return v, false
	}
	return v, true
}

// loadRules reads a -rules file: exit code 2 when it is missing or not a
// file (cli.CheckFile), 1 when it is malformed.
func loadRules(path string) ([]lenient.Rule, int) {
	if code := usageCode(cli.CheckFile(path)); code != 0 {
		return nil, code
	}
	rules, err := normalize.LoadRulesFile(path, nil)
	if err != nil {
		return nil, fail(1, err)
	}
	return rules, 0
}

// usageCode says err, a usage error, and returns 2; 0 for nil.
func usageCode(err error) int {
	if err != nil {
		return fail(2, err)
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

// expandPaths expands the values of a cli.PathsFlag (named flagName) with
// cli.ExpandPaths, saying its notes on stderr; a value it refuses is a
// usage error (one line naming it; exit code 2).
func expandPaths(flagName string, values []string, dirs, stdin bool) ([]string, int) {
	paths, notes, err := cli.ExpandPaths(flagName, values, dirs, stdin)
	for _, n := range notes {
		log.Print(n)
	}
	return paths, usageCode(err)
}

// readInput reads the input file name, or stdin for "-" or ""; label
// names it in messages ("stdin" for stdin).
func readInput(name string) (data []byte, label string, err error) {
	if name == "" || name == "-" {
		data, err = io.ReadAll(os.Stdin)
		return data, "stdin", err
	}
	data, err = os.ReadFile(name)
	return data, name, err
}
