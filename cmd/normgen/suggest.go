package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/suggest"
	"github.com/normgen/normgen/normalize/statsview"
)

func init() { subcommands["suggest"] = runSuggest }

// runSuggest implements `normgen suggest -calls FILE... [-w] [DIR]`:
// replays call logs (one per replica, say) through the package's
// generated decoders and suggests tag edits for recurring failures.
func runSuggest(args []string) int {
	fs := flag.NewFlagSet("normgen suggest", flag.ContinueOnError)
	var callsPaths pathsFlag
	fs.Var(&callsPaths, "calls", "JSON-lines call log `FILE` ({\"tool\": NAME, \"args\": {...}} a line); repeat it for several logs (one per replica); a quoted glob ('logs/*/calls.jsonl*') reads every match; - for stdin")
	write := fs.Bool("w", false, "apply the edits to the source files and regenerate")
	minCount := fs.Int("min", 2, "suggest an edit only for a pattern seen in at least `N` calls (of all the logs together)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: normgen suggest -calls FILE|GLOB|- [-calls ...] [-w] [-min N] [DIR]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	switch {
	case len(callsPaths) == 0:
		return usageError(fs, "suggest", "-calls FILE is missing: the call log to replay (- for stdin)")
	case fs.NArg() > 1:
		return usageError(fs, "suggest", "at most one package directory, not %d arguments (quote a glob given to -calls: -calls 'logs/*.jsonl')", fs.NArg())
	}
	dir := "."
	if fs.NArg() == 1 {
		dir = fs.Arg(0)
	}
	files, code := expandPaths("calls", callsPaths, false, true)
	if code = max(code, needDir(dir)); code != 0 {
		return code
	}
	rep, code := suggestFor(dir, files, *minCount)
	if rep == nil {
		return code
	}
	rep.print(os.Stdout, os.Stderr)
	if !*write {
		return 0
	}
	n, err := suggest.Apply(rep.Edits)
	if err != nil {
		log.Print(err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "applied %d edit(s); regenerating %s\n", n, dir)
	if n == 0 {
		return 0
	}
	return runGenerate([]string{dir})
}

// suggestReport is what suggest found, with the call logs' malformed
// lines.
type suggestReport struct {
	*suggest.Report
	Malformed suggest.Malformed
}

// suggestFor loads the package in dir, reads the call logs (files; "-"
// is stdin) as one, replays them and analyses the failures; a nil report
// comes with the exit code. Every line is a call: identical lines from
// two logs (two replicas) are two calls.
func suggestFor(dir string, files []string, minCount int) (*suggestReport, int) {
	var calls []suggest.Call
	var bad suggest.Malformed
	for _, name := range files {
		label := ""
		if len(files) > 1 {
			label = name
			if name == "-" {
				label = "stdin"
			}
		}
		c, b, err := readCallLogFile(name, label)
		if err != nil {
			log.Print(err)
			return nil, 1
		}
		calls = append(calls, c...)
		bad.Add(b)
	}
	ctx := context.Background()
	pkg, diags := gen.Load(ctx, gen.Config{Dir: dir, OnWarning: warnings(dir)})
	if len(diags) > 0 {
		printDiags(dir, diags)
		return nil, 1
	}
	rep, err := suggest.Suggest(ctx, pkg, calls, suggest.Options{Min: minCount})
	if err != nil {
		log.Print(err)
		return nil, 1
	}
	return &suggestReport{Report: rep, Malformed: bad}, 0
}

// readCallLogFile reads the call log at path ("-": stdin) with
// suggest.ReadCallLog, placing calls under name; an error names the file.
func readCallLogFile(path, name string) ([]suggest.Call, suggest.Malformed, error) {
	if path == "-" {
		calls, bad, err := suggest.ReadCallLog(os.Stdin, name)
		if err != nil {
			err = fmt.Errorf("reading the call log on stdin: %v", err)
		}
		return calls, bad, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, suggest.Malformed{}, err
	}
	defer f.Close()
	calls, bad, err := suggest.ReadCallLog(f, name)
	if err != nil {
		err = fmt.Errorf("%s: %v", path, err)
	}
	return calls, bad, err
}

// errorPatterns are the report's failure groups as the stats page shows
// them.
func (r *suggestReport) errorPatterns() []statsview.ErrorPattern {
	ps := make([]statsview.ErrorPattern, len(r.Patterns))
	for i, p := range r.Patterns {
		ps[i] = statsview.ErrorPattern{Tool: p.Tool, Field: p.Field, Kind: p.Kind, Pattern: p.Pattern, Count: p.Count, Example: string(p.Example.Args)}
		if p.Edit != nil {
			ps[i].Edit = p.Edit.Position() + ": " + p.Edit.Option()
		}
	}
	return ps
}

// print writes the edits, most frequent first, then the other failure
// groups; notes about skipped lines go to errw.
func (r *suggestReport) print(w, errw io.Writer) {
	if r.Malformed.Count > 0 {
		fmt.Fprintf(errw, "skipped %d malformed line(s) of the call log (first: %s: %s)\n", r.Malformed.Count, r.Malformed.FirstAt, r.Malformed.FirstWhy)
	}
	fmt.Fprintf(w, "%d call(s) replayed, %d failed", r.Calls, r.Failed)
	if r.UnknownTool > 0 {
		fmt.Fprintf(w, ", %d for tools the package does not declare", r.UnknownTool)
	}
	fmt.Fprintf(w, "; %d edit(s) suggested\n", len(r.Edits))
	for _, e := range r.Edits {
		goName := strings.Join(e.Field.GoName, ".")
		ex, _ := json.Marshal(&e.Example)
		switch {
		case e.Kind == suggest.Alias:
			if e.Optional {
				fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"%s\"\n\t%d call(s) sent %q, not a key, with the optional %q left out (the one field its value fits)\n", e.Position(), e.Tool, goName, e.Option(), e.Count, e.Key, e.Path)
				break
			}
			fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"%s\"\n\t%d call(s) missed %q and sent %q", e.Position(), e.Tool, goName, e.Option(), e.Count, e.Path, e.Key)
			if e.Together > 0 {
				fmt.Fprintf(w, " (%d call(s) sent it with %q present)", e.Together, e.Path)
			}
			fmt.Fprintln(w)
		case e.To != "":
			fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"%s\"\n\t%d call(s) sent %q for %q\n", e.Position(), e.Tool, goName, e.Option(), e.Count, e.Key, e.Path)
		default:
			fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"value_alias=%s:VALUE\", VALUE one of %s (no value is clearly meant; -w skips this one)\n\t%d call(s) sent %q for %q\n",
				e.Position(), e.Tool, goName, e.Key, strings.Join(e.Choices, ", "), e.Count, e.Key, e.Path)
		}
		fmt.Fprintf(w, "\te.g. %s: %s\n", e.Example.At, ex)
	}
	for _, a := range r.Ambiguous {
		if a.Optional {
			fmt.Fprintf(w, "\nambiguous: %s: %q came in %d call(s) with optional %s left out, which its value fits alike: no alias suggested\n",
				a.Tool, a.Key, a.Count, strings.Join(a.Paths, ", "))
		} else {
			fmt.Fprintf(w, "\nambiguous: %s: %q came in %d call(s) missing %s, and as often with %s missing: no alias suggested\n",
				a.Tool, a.Key, a.Count, a.Paths[0], strings.Join(a.Paths[1:], ", "))
		}
	}
	var other []suggest.Pattern
	for _, p := range r.Patterns {
		if p.Edit == nil {
			other = append(other, p)
		}
	}
	if len(other) > 0 {
		fmt.Fprintf(w, "\nother failures (no tag edit suggested):\n")
		for _, p := range other {
			field := p.Field
			if field == "" {
				field = "-"
			}
			fmt.Fprintf(w, "\t%d\t%s\t%s\t%s\n", p.Count, p.Tool, field, p.Pattern)
		}
	}
}
