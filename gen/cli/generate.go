package cli

import (
	"bytes"
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
