package main

import (
	"github.com/normgen/normgen/normalize/statsview"

	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/normgen/normgen/lenient"

	"github.com/normgen/normgen/normalize"
)

func init() { subcommands["stats"] = runStats }

// runStats implements `normgen stats -logdir DIR... [-addr HOST:PORT]
// [-calls FILE... -pkg DIR]`: serves the stats view of the statistics
// files of one or more log folders (one per replica, merged), with the
// error patterns of call logs.
func runStats(args []string) int {
	fs := flag.NewFlagSet("normgen stats", flag.ContinueOnError)
	var logDirs, calls pathsFlag
	fs.Var(&logDirs, "logdir", "the normalizer's log `DIR` (holding "+normalize.StatsFile+"; required); repeat it, or give a quoted glob ('logs/*'), for several replicas: their statistics are merged")
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	fs.Var(&calls, "calls", "also show the error patterns of this call log `FILE` (needs -pkg); repeatable, a quoted glob, or - for stdin, as in suggest")
	pkg := fs.String("pkg", "", "the package `DIR` whose generated decoders replay -calls")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: normgen stats -logdir DIR|GLOB [-logdir ...] [-addr 127.0.0.1:8080] [-calls FILE|GLOB|- ... -pkg DIR]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	switch {
	case len(logDirs) == 0:
		return usageError(fs, "stats", "-logdir DIR is missing: the normalizer's log folder")
	case fs.NArg() > 0:
		return usageError(fs, "stats", "unexpected argument %q: give each log folder with -logdir (quote a glob: -logdir 'logs/*')", fs.Arg(0))
	case len(calls) > 0 && *pkg == "":
		return usageError(fs, "stats", "-calls needs -pkg DIR, the package whose generated decoders replay the calls")
	case *pkg != "" && len(calls) == 0:
		return usageError(fs, "stats", "-pkg needs -calls FILE, the call log to replay")
	}
	dirs, code := expandPaths("logdir", logDirs, true, false)
	if code != 0 {
		return code
	}
	var files []string
	if len(calls) > 0 {
		files, code = expandPaths("calls", calls, false, true)
		if code = max(code, needDir(*pkg)); code != 0 {
			return code
		}
	}
	h, err := statsHandler(dirs, files, *pkg)
	if err != nil {
		log.Print(err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Print(err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "serving the statistics of %s at http://%s/ (JSON: /stats.json, /patterns.json)\n", pathsNote(dirs, "log folders"), ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Print(err)
		return 1
	}
	return 0
}

// statsHandler is the stats view of the statistics files of logDirs,
// merged (normalize.MergeStats) and read again on each request; with call
// logs and a package, the error patterns of those logs (computed once)
// are shown too. A log folder with no statistics file yet (the normalizer
// writes it on its first flush) counts as no calls until the file
// appears, with a note; a file that cannot be read is an error naming it,
// at the start (here) and on the page.
func statsHandler(logDirs, calls []string, pkg string) (http.Handler, error) {
	paths := make([]string, len(logDirs))
	var errs []error
	for i, dir := range logDirs {
		paths[i] = filepath.Join(dir, normalize.StatsFile)
		_, err := normalize.ReadStatsFile(paths[i])
		switch {
		case errors.Is(err, fs.ErrNotExist):
			log.Printf("%s has no %s yet: the page counts no calls from it until the normalizer writes it (every 30 s, and on Close)", dir, normalize.StatsFile)
		case err != nil:
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("no statistics to show: %w", errors.Join(errs...))
	}
	read := func() (normalize.Stats, error) {
		all := make([]normalize.Stats, 0, len(paths))
		for _, p := range paths {
			s, err := normalize.ReadStatsFile(p)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return normalize.Stats{}, err
			}
			all = append(all, s)
		}
		return normalize.MergeStats(all...), nil
	}
	title := paths[0]
	if len(paths) > 1 {
		title = normalize.StatsFile + " of " + pathsNote(logDirs, "log folders")
		warnRuleTypes(paths)
	}
	v := &statsview.View{Stats: read, Title: title}
	if len(calls) > 0 {
		rep, _ := suggestFor(pkg, calls, 2)
		if rep == nil {
			return nil, fmt.Errorf("reading the error patterns of %s failed (see above)", strings.Join(calls, ", "))
		}
		if rep.Malformed.Count > 0 {
			log.Printf("%s: skipped %d malformed line(s) (first: %s: %s)", pathsNote(calls, "call logs"), rep.Malformed.Count, rep.Malformed.FirstAt, rep.Malformed.FirstWhy)
		}
		patterns := rep.errorPatterns()
		v.Patterns = func() []statsview.ErrorPattern { return patterns }
	}
	return v, nil
}

// warnRuleTypes warns when a rule id has different types in two
// statistics files (replicas running different rule tables): the merged
// page sums their hits under the first type.
func warnRuleTypes(paths []string) {
	type seen struct {
		typ  lenient.RuleType
		path string
	}
	first := map[string]seen{}
	for _, p := range paths {
		s, err := normalize.ReadStatsFile(p)
		if err != nil {
			continue // missing: no rules yet (a corrupt file was refused)
		}
		for id, r := range s.ByRule {
			if r == nil {
				continue
			}
			if f, ok := first[id]; !ok {
				first[id] = seen{r.Type, p}
			} else if f.typ != r.Type {
				log.Printf("warning: rule %q is a %s in %s and a %s in %s (replicas with different rule tables?); the page sums its hits as a %s", id, f.typ, f.path, r.Type, p, f.typ)
			}
		}
	}
}
