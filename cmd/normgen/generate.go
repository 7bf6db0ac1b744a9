package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
)

// runGenerate runs the default command: generate code for a package.
func runGenerate(args []string) int {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gen.GCPercent)
	}
	fs := flag.NewFlagSet("normgen", flag.ContinueOnError)
	typeNames := fs.String("type", "", "comma-separated tool type names; default: types with a //normgen:tool line")
	output := fs.String("output", "", "output file name; default <package>_normgen.go")
	tags := fs.String("tags", "", "comma-separated build tags")
	check := fs.Bool("check", false, "regenerate in memory and exit 1 with a diff when the file on disk differs; write nothing")
	schemas := fs.String("schemas", "", "also write each tool's schema to `DIR`/<tool>.schema.json and the rule table to DIR/rules.json")
	version := fs.Bool("version", false, "print the version and exit")
	profile := generateProfileFlag(fs)
	required := requiredFlag(fs)
	fs.Usage = usage(fs)
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	p, ok := parseProfile(*profile)
	if !ok {
		return 2
	}
	if !p.ForValidation() {
		log.Print(gen.ProfileForValidationError(p))
		return 2
	}
	r, ok := parseRequired(*required)
	if !ok {
		return 2
	}
	if *version {
		fmt.Println("normgen", buildVersion())
		return 0
	}
	if fs.NArg() > 1 {
		log.Print("at most one directory argument")
		fs.Usage()
		return 2
	}
	cfg := gen.Config{Dir: ".", Output: *output, Tags: *tags, Profile: p, Required: r}
	if fs.NArg() == 1 {
		cfg.Dir = fs.Arg(0)
	}
	if code := needDir(cfg.Dir); code != 0 {
		return code
	}
	cfg.Types = splitList(*typeNames)
	cfg.OnWarning = warnings(cfg.Dir)
	m, diags := gen.Load(context.Background(), cfg)
	if len(diags) > 0 || m == nil {
		printDiags(cfg.Dir, diags)
		return 1
	}
	out, err := gen.Output(m, cfg)
	if err != nil {
		log.Print(err)
		return 1
	}
	all := []gen.File{out}
	if *schemas != "" {
		extra, err := schemaFiles(m, *schemas, p)
		if err != nil {
			log.Print(err)
			return 1
		}
		all = append(all, extra...)
	}
	if *check {
		return driftCheck(all)
	}
	for _, f := range all {
		if err := writeFile(f.Path, f.Content); err != nil {
			log.Print(err)
			return 1
		}
	}
	return 0
}

// generateProfileFlag declares generate's -profile flag, whose help names
// the profiles generate takes (those for validation) and says where the
// others are served from.
func generateProfileFlag(fs *flag.FlagSet) *string {
	var taken, served []string
	for _, p := range lenient.Profiles() {
		if p.ForValidation() {
			taken = append(taken, string(p))
		} else {
			served = append(served, string(p))
		}
	}
	return fs.String("profile", string(lenient.ProfilePortable), "schema `profile` of the generated InputSchema: "+strings.Join(taken, ", ")+
		" (SDKs validate calls against it); generated code serves "+strings.Join(served, ", ")+
		" in tools/list (lenient.Tool.SchemaFor), and normgen catalog -profile prints them")
}

func usage(fs *flag.FlagSet) func() {
	return func() {
		fmt.Fprintf(fs.Output(), `Usage:
	normgen [-type T,U] [-output FILE] [-tags TAGS] [-profile P] [-required M] [-check] [-schemas DIR] [DIR]
	normgen COMMAND [flags] [args]

Commands: %s (normgen COMMAND -h for each one's flags and arguments)

Generate flags:
`, strings.Join(commandNames(), ", "))
		fs.PrintDefaults()
	}
}

func buildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// writeFile writes content through a temp file and a rename in the same
// directory, and not at all when the file already holds these bytes.
func writeFile(path string, content []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, content) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".normgen-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(content); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// driftCheck compares generated files with the files on disk.
func driftCheck(files []gen.File) int {
	stale := 0
	for _, f := range files {
		old, err := os.ReadFile(f.Path)
		if err != nil && !os.IsNotExist(err) {
			log.Print(err)
			return 1
		}
		if bytes.Equal(old, f.Content) {
			continue
		}
		stale++
		rel := relPath(f.Path)
		fmt.Print(unifiedDiff(rel+" (on disk)", rel+" (generated)", old, f.Content))
	}
	if stale > 0 {
		log.Printf("%d generated file(s) are stale: run normgen (go generate) and commit the result", stale)
		return 1
	}
	return 0
}

func relPath(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return p
}
