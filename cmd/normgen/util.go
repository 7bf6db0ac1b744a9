package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/normgen/normgen/gen"
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

// needDir checks a package directory argument before loading it. A missing
// directory, or a path that is not a directory, is a usage error: one line
// on stderr and exit code 2, as for a missing input file. It returns 0 when
// dir is a directory.
func needDir(dir string) int {
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		log.Printf("%s: no such directory", dir)
		return 2
	case err != nil:
		log.Print(err)
		return 2
	case !info.IsDir():
		log.Printf("%s: not a directory (give the package's directory)", dir)
		return 2
	}
	return 0
}

// needFile checks an input file argument (a rules file, a catalog) before
// reading it: a missing or unreadable file is a usage error (one line on
// stderr, exit code 2). It returns 0 when path is a readable file; "-"
// (stdin) always is.
func needFile(path string) int {
	if path == "-" {
		return 0
	}
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		log.Printf("%s: no such file", path)
		return 2
	case err != nil:
		log.Print(err)
		return 2
	case info.IsDir():
		log.Printf("%s: is a directory, not a file", path)
		return 2
	}
	return 0
}

// printDiags prints generator diagnostics to stderr, one a line, with file
// names relative to the current directory: a diagnostic's file name is
// relative to the package directory dir (as given on the command line),
// so it is joined to dir (`examples/x/bad.go:7:2: ...`, not `bad.go:7:2`
// when normgen runs from elsewhere).
//
// A diagnostic with no position (the package could not be loaded, -type
// names no type) is normgen's own message, prefixed "normgen: " as every
// other such line is.
func printDiags(dir string, diags []gen.Diagnostic) {
	for _, d := range diags {
		printDiag(dir, d)
	}
}

// printDiag prints one diagnostic (or warning) on stderr, its file
// relative to the working directory as dir is.
func printDiag(dir string, d gen.Diagnostic) {
	if d.Pos.Filename == "" {
		log.Print(d.String())
		return
	}
	if f := d.Pos.Filename; !filepath.IsAbs(f) {
		d.Pos.Filename = filepath.Join(dir, f)
	}
	d.Related = slices.Clone(d.Related)
	for i, r := range d.Related {
		if f := r.Pos.Filename; f != "" && !filepath.IsAbs(f) {
			d.Related[i].Pos.Filename = filepath.Join(dir, f)
		}
	}
	fmt.Fprintln(os.Stderr, d.String())
}

// warnings is the Config.OnWarning of the commands: generator warnings
// on stderr, as diagnostics are printed.
func warnings(dir string) func(gen.Diagnostic) {
	return func(d gen.Diagnostic) { printDiag(dir, d) }
}

// unifiedDiff is a line diff of a and b in unified format (LCS-based, with
// three lines of context).
func unifiedDiff(aName, bName string, a, b []byte) string {
	al, bl := splitLines(a), splitLines(b)
	// LCS table (inputs are generated files: small enough).
	n, m := len(al), len(bl)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if al[i] == bl[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type op struct {
		kind byte // ' ', '-', '+'
		text string
		ai   int
		bi   int
	}
	var ops []op
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && al[i] == bl[j]:
			ops = append(ops, op{' ', al[i], i, j})
			i++
			j++
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{'-', al[i], i, j})
			i++
		default:
			ops = append(ops, op{'+', bl[j], i, j})
			j++
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", aName, bName)
	const ctx = 3
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		start := max(k-ctx, 0)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run-end > 2*ctx || run == len(ops) {
				end = min(end+ctx, len(ops))
				break
			}
			end = run
		}
		aStart, bStart, aCount, bCount := ops[start].ai, ops[start].bi, 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				aCount++
			}
			if o.kind != '-' {
				bCount++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", hunkStart(aStart, aCount), aCount, hunkStart(bStart, bCount), bCount)
		for _, o := range ops[start:end] {
			out.WriteByte(o.kind)
			out.WriteString(o.text)
			out.WriteByte('\n')
		}
		k = end
	}
	return out.String()
}

func splitLines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// splitList splits a comma-separated flag value; "" gives nil.
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// hunkStart is a hunk's 1-based first line, or the line before an empty
// range, as unified diffs write it.
func hunkStart(start, count int) int {
	if count == 0 {
		return start
	}
	return start + 1
}
