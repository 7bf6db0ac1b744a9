package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/normgen/normgen/gen"
)

// Drift compares generated files with the files on disk (normgen -check):
// diff is the unified diff of each stale file (its path from the working
// directory, "(on disk)" against "(generated)"), and err says how many
// are stale, or that a file cannot be read (other than missing, which is
// stale); that ends the check, diff holding the files compared before it.
func Drift(files []gen.File) (diff string, err error) {
	var b strings.Builder
	stale := 0
	for _, f := range files {
		old, err := os.ReadFile(f.Path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return b.String(), err
		}
		if bytes.Equal(old, f.Content) {
			continue
		}
		stale++
		rel := relPath(f.Path)
		b.WriteString(UnifiedDiff(rel+" (on disk)", rel+" (generated)", old, f.Content))
	}
	if stale > 0 {
		return b.String(), fmt.Errorf("%d generated file(s) are stale: run normgen (go generate) and commit the result", stale)
	}
	return b.String(), nil
}

// relPath is p from the working directory when p is below it, else p.
func relPath(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return p
}

// Generate renders the package m as cfg asks (gen.Output) and, when
// schemasDir is not "", the review files of normgen -schemas
// (gen.ReviewFiles) in profile cfg.Profile.
func Generate(m *gen.Package, cfg gen.Config, schemasDir string) ([]gen.File, error) {
	out, err := gen.Output(m, cfg)
	if err != nil || schemasDir == "" {
		return []gen.File{out}, err
	}
	extra, err := gen.ReviewFiles(m, schemasDir, cfg.Profile)
	return append([]gen.File{out}, extra...), err
}

// WriteFiles writes each file with WriteFile, stopping at the first
// error.
func WriteFiles(files []gen.File) error {
	for _, f := range files {
		if err := WriteFile(f.Path, f.Content); err != nil {
			return err
		}
	}
	return nil
}

// WriteFile writes content through a temp file and a rename in the same
// directory (created when missing), and not at all when the file already
// holds these bytes.
func WriteFile(path string, content []byte) error {
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

// RunConfigs is the configuration of each package the directory
// arguments of generate or catalog name (PackageDirs; "." for none), base
// with its Dir, and which came from a pattern. -type names one package's
// types and -schemas writes one package's files (schemas, when not ""):
// with several packages either is a usage error.
func RunConfigs(args []string, base gen.Config, schemas string) ([]gen.Config, []bool, error) {
	if len(args) == 0 {
		args = []string{"."}
	}
	dirs, matched, err := PackageDirs(args)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case len(dirs) > 1 && len(base.Types) > 0:
		return nil, nil, errors.New("-type names types of one package: give it one directory")
	case len(dirs) > 1 && schemas != "":
		return nil, nil, errors.New("-schemas writes one package's schemas and rules.json: give it one directory")
	}
	cfgs := make([]gen.Config, len(dirs))
	for i, dir := range dirs {
		cfgs[i] = base
		cfgs[i].Dir = dir
	}
	return cfgs, matched, nil
}

// LoadRun loads the packages cfgs name in one run (gen.LoadRun: they
// share their registrations), giving each diagnostic and warning to say
// with the package's directory. It returns their models, nil for a
// package a pattern matched (matched[i]) that serves no tool; ok is false
// when a package could not be loaded or has errors, or none serves a tool.
func LoadRun(cfgs []gen.Config, matched []bool, say func(dir string, d gen.Diagnostic)) (models []*gen.Package, ok bool) {
	for i := range cfgs {
		dir := cfgs[i].Dir
		cfgs[i].OnWarning = func(d gen.Diagnostic) { say(dir, d) }
	}
	models, diags := gen.LoadRun(context.Background(), cfgs)
	failed, some := false, false
	for i, ds := range diags {
		switch {
		case matched[i] && gen.NoTools(ds):
			models[i] = nil
		case len(ds) > 0 || models[i] == nil:
			for _, d := range ds {
				say(cfgs[i].Dir, d)
			}
			failed = true
		default:
			some = true
		}
	}
	if !some && !failed {
		var dirs []string
		for _, c := range cfgs {
			dirs = append(dirs, c.Dir)
		}
		say("", gen.Diagnostic{Msg: strings.Join(dirs, " ") + ": no package serves a tool"})
	}
	return models, some && !failed
}

// GenerateRun is Generate of each loaded package of a run (nil ones
// passed over), their files together.
func GenerateRun(models []*gen.Package, cfgs []gen.Config, schemasDir string) ([]gen.File, error) {
	var all []gen.File
	for i, m := range models {
		if m == nil {
			continue
		}
		files, err := Generate(m, cfgs[i], schemasDir)
		if err != nil {
			return nil, err
		}
		all = append(all, files...)
	}
	return all, nil
}

// LoadRunArgs is RunConfigs then LoadRun, with the exit code of a
// command: 2 for a usage error (said with say), 1 where LoadRun fails.
func LoadRunArgs(args []string, base gen.Config, schemas string, say func(dir string, d gen.Diagnostic)) ([]gen.Config, []*gen.Package, int) {
	cfgs, matched, err := RunConfigs(args, base, schemas)
	if err != nil {
		say("", gen.Diagnostic{Msg: err.Error()})
		return nil, nil, 2
	}
	models, ok := LoadRun(cfgs, matched, say)
	if !ok {
		return nil, nil, 1
	}
	return cfgs, models, 0
}
