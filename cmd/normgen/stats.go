package main

import (
	"errors"
	"flag"
	"fmt"
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
	if *logDir == "" || fs.NArg() > 0 || (*calls == "") != (*pkg == "") {
		fs.Usage()
		return 2
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
// that log (computed once) are shown too.
func statsHandler(logDir, calls, pkg string) (http.Handler, error) {
	path := filepath.Join(logDir, lenient.StatsFile)
	if _, err := lenient.ReadStatsFile(path); err != nil {
		return nil, fmt.Errorf("no statistics to show: %v", err)
	}
	v := lenient.StatsFileHandler(path).(*lenient.StatsView)
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
