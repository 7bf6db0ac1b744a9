package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/cli"
	"github.com/normgen/normgen/gen/suggest"
)

func init() { subcommands["suggest"] = runSuggest }

// runSuggest implements `normgen suggest -calls FILE... [-w] [DIR]`:
// replays call logs (one per replica, say) through the package's
// generated decoders and suggests tag edits for recurring failures.
func runSuggest(args []string) int {
	fs := flag.NewFlagSet("normgen suggest", flag.ContinueOnError)
	var callsPaths cli.PathsFlag
	fs.Var(&callsPaths, "calls", "JSON-lines call log `FILE` ({\"tool\": NAME, \"args\": {...}} a line); repeat it for several logs (one per replica); a quoted glob ('logs/*/calls.jsonl*') reads every match; - for stdin")
	write := fs.Bool("w", false, "apply the edits to the source files and regenerate")
	minCount := fs.Int("min", 2, "suggest an edit only for a pattern seen in at least `N` calls (of all the logs together)")
	usageLine(fs, "Usage: normgen suggest -calls FILE|GLOB|- [-calls ...] [-w] [-min N] [DIR]")
	if err := cli.ParseFlags(fs, args); err != nil {
		return flagExit(err)
	}
	switch {
	case len(callsPaths) == 0:
		return usageError(fs, "suggest", "-calls FILE is missing: the call log to replay (- for stdin)")
	case fs.NArg() > 1:
		return usageError(fs, "suggest", "at most one package directory, not %d arguments (quote a glob given to -calls: -calls 'logs/*.jsonl')", fs.NArg())
	}
	dir := pkgDir(fs)
	files, code := expandPaths("calls", callsPaths, false, true)
	if code = max(code, needDir(dir)); code != 0 {
		return code
	}
	rep, bad, code := suggestFor(dir, files, *minCount)
	if rep == nil {
		return code
	}
	if bad.Count > 0 {
		fmt.Fprintf(os.Stderr, "skipped %d malformed line(s) of the call log (first: %s: %s)\n", bad.Count, bad.FirstAt, bad.FirstWhy)
	}
	rep.WriteText(os.Stdout)
	if !*write {
		return 0
	}
	n, err := suggest.Apply(rep.Edits)
	if err != nil {
		return fail(1, err)
	}
	fmt.Fprintf(os.Stderr, "applied %d edit(s); regenerating %s\n", n, dir)
	if n == 0 {
		return 0
	}
	return runGenerate([]string{dir})
}

// suggestFor loads the package in dir, reads the call logs (files; "-"
// is stdin) as one (cli.ReadCallLogs), replays them and analyses the
// failures; bad counts the logs' malformed lines, and a nil report comes
// with the exit code.
func suggestFor(dir string, files []string, minCount int) (rep *suggest.Report, bad suggest.Malformed, code int) {
	calls, bad, err := cli.ReadCallLogs(files, os.Stdin)
	if err != nil {
		return nil, bad, fail(1, err)
	}
	pkg := load(&gen.Config{Dir: dir})
	if pkg == nil {
		return nil, bad, 1
	}
	if rep, err = suggest.Suggest(context.Background(), pkg, calls, suggest.Options{Min: minCount}); err != nil {
		return nil, bad, fail(1, err)
	}
	return rep, bad, 0
}
