package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/normgen/normgen/gen/cli"
	"github.com/normgen/normgen/normalize"
	"github.com/normgen/normgen/normalize/statsview"
)

func init() { subcommands["stats"] = runStats }

// runStats implements `normgen stats -logdir DIR... [-addr HOST:PORT]
// [-calls FILE... -pkg DIR]`: serves the stats view of the statistics
// files of one or more log folders (one per replica, merged), with the
// error patterns of call logs.
func runStats(args []string) int {
	fs := flag.NewFlagSet("normgen stats", flag.ContinueOnError)
	var logDirs, calls cli.PathsFlag
	fs.Var(&logDirs, "logdir", "the normalizer's log `DIR` (holding "+normalize.StatsFile+"; required); repeat it, or give a quoted glob ('logs/*'), for several replicas: their statistics are merged")
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	fs.Var(&calls, "calls", "also show the error patterns of this call log `FILE` (needs -pkg); repeatable, a quoted glob, or - for stdin, as in suggest")
	pkg := fs.String("pkg", "", "the package `DIR` whose generated decoders replay -calls")
	usageLine(fs, "Usage: normgen stats -logdir DIR|GLOB [-logdir ...] [-addr 127.0.0.1:8080] [-calls FILE|GLOB|- ... -pkg DIR]")
	if err := cli.ParseFlags(fs, args); err != nil {
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
		return fail(1, err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(1, err)
	}
	fmt.Fprintf(os.Stderr, "serving the statistics of %s at http://%s/ (JSON: /stats.json, /patterns.json)\n", cli.PathsNote(dirs, "log folders"), ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fail(1, err)
	}
	return 0
}

// statsHandler is the stats view of the statistics files of logDirs
// (cli.StatsView, its notes said on stderr); with call logs and a
// package, the error patterns of those logs (computed once) are shown
// too.
func statsHandler(logDirs, calls []string, pkg string) (http.Handler, error) {
	v, notes, err := cli.StatsView(logDirs)
	for _, n := range notes {
		log.Print(n)
	}
	if err != nil {
		return nil, err
	}
	if len(calls) > 0 {
		rep, bad, _ := suggestFor(pkg, calls, 2)
		if rep == nil {
			return nil, fmt.Errorf("reading the error patterns of %s failed (see above)", strings.Join(calls, ", "))
		}
		if bad.Count > 0 {
			log.Printf("%s: skipped %d malformed line(s) (first: %s: %s)", cli.PathsNote(calls, "call logs"), bad.Count, bad.FirstAt, bad.FirstWhy)
		}
		patterns := cli.ErrorPatterns(rep)
		v.Patterns = func() []statsview.ErrorPattern { return patterns }
	}
	return v, nil
}
