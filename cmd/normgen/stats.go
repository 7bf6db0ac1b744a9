package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/normgen/normgen/lenient"
)

func init() { subcommands["stats"] = runStats }

// runStats implements `normgen stats -logdir DIR [-addr HOST:PORT]
// [-calls FILE -pkg DIR]`: serves the stats view of a normalizer's
// statistics file, with the error patterns of a call log.
func runStats(args []string) int {
	fs := flag.NewFlagSet("normgen stats", flag.ContinueOnError)
	logDir := fs.String("logdir", "", "the normalizer's log `DIR` (holding "+lenient.StatsFile+"; required)")
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	calls := fs.String("calls", "", "also show the error patterns of this call log `FILE` (needs -pkg)")
	pkg := fs.String("pkg", "", "the package `DIR` whose generated decoders replay -calls")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: normgen stats -logdir DIR [-addr 127.0.0.1:8080] [-calls FILE -pkg DIR]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	switch {
	case *logDir == "":
		return usageError(fs, "stats", "-logdir DIR is missing: the normalizer's log folder")
	case fs.NArg() > 0:
		return usageError(fs, "stats", "unexpected argument %q: give the log folder with -logdir", fs.Arg(0))
	case *calls != "" && *pkg == "":
		return usageError(fs, "stats", "-calls needs -pkg DIR, the package whose generated decoders replay the calls")
	case *pkg != "" && *calls == "":
		return usageError(fs, "stats", "-pkg needs -calls FILE, the call log to replay")
	}
	if code := needDir(*logDir); code != 0 {
		return code
	}
	if *calls != "" {
		if code := max(needFile(*calls), needDir(*pkg)); code != 0 {
			return code
		}
	}
	h, err := statsHandler(*logDir, *calls, *pkg)
	if err != nil {
		log.Print(err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Print(err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "serving the statistics of %s at http://%s/ (JSON: /stats.json, /patterns.json)\n", *logDir, ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Print(err)
		return 1
	}
	return 0
}

// statsHandler is the stats view of logDir's statistics file, read again
// on each request; with a call log and a package, the error patterns of
// that log (computed once) are shown too. A log folder with no statistics
// file yet (the normalizer writes it on its first flush) shows an empty
// page until the file appears; a file that cannot be read is an error.
func statsHandler(logDir, calls, pkg string) (http.Handler, error) {
	path := filepath.Join(logDir, lenient.StatsFile)
	_, err := lenient.ReadStatsFile(path)
	fresh := errors.Is(err, fs.ErrNotExist)
	if err != nil && !fresh {
		return nil, fmt.Errorf("no statistics to show: %v", err)
	}
	if fresh {
		log.Printf("%s has no %s yet: the page shows no calls until the normalizer writes it (every 30 s, and on Close)", logDir, lenient.StatsFile)
	}
	v := lenient.StatsFileHandler(path).(*lenient.StatsView)
	read := v.Stats
	v.Stats = func() (lenient.Stats, error) {
		s, err := read()
		if errors.Is(err, fs.ErrNotExist) {
			return lenient.Stats{}, nil
		}
		return s, err
	}
	if calls != "" {
		rep, _ := suggestFor(pkg, calls, 2)
		if rep == nil {
			return nil, fmt.Errorf("reading the error patterns of %s failed (see above)", calls)
		}
		if rep.Malformed.Count > 0 {
			log.Printf("%s: skipped %d malformed line(s) (first: line %d: %s)", calls, rep.Malformed.Count, rep.Malformed.FirstLine, rep.Malformed.FirstWhy)
		}
		patterns := rep.Patterns
		v.Patterns = func() []lenient.ErrorPattern { return patterns }
	}
	return v, nil
}
