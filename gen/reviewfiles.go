package gen

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/normgen/normgen/lenient"
)

// ReviewFiles renders the review files of normgen -schemas DIR: each
// tool's schema in profile p as DIR/<tool>.schema.json and the package's
// rule table as DIR/rules.json (paths absolute).
func ReviewFiles(m *Package, dir string, p lenient.Profile) ([]File, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var files []File
	for _, t := range m.Tools {
		js, err := ToolSchemaProfile(t, p)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: filepath.Join(abs, t.Name+".schema.json"), Content: js})
	}
	rules, err := RuleTable(m)
	if err != nil {
		return nil, err
	}
	return append(files, File{Path: filepath.Join(abs, "rules.json"), Content: rules}), nil
}

// In returns the diagnostic with its file names (its own and its Related
// ones) joined to dir when relative: a diagnostic's file names are
// relative to the package directory, and dir is that directory as a
// command was given it, so that the result names files from the working
// directory (`examples/x/bad.go:7:2: ...`, not `bad.go:7:2`). A
// diagnostic with no position is returned as it is.
func (d Diagnostic) In(dir string) Diagnostic {
	if d.Pos.Filename == "" {
		return d
	}
	if inPackage(d.Pos.Filename) {
		d.Pos.Filename = filepath.Join(dir, d.Pos.Filename)
	}
	d.Related = slices.Clone(d.Related)
	for i, r := range d.Related {
		if f := r.Pos.Filename; f != "" && inPackage(f) {
			d.Related[i].Pos.Filename = filepath.Join(dir, f)
		}
	}
	return d
}

// inPackage reports whether the file name f is relative to the package
// directory: not absolute, nor the standard library's as a toolchain
// built with -trimpath names it ($GOROOT/src/time/time.go).
func inPackage(f string) bool {
	return !filepath.IsAbs(f) && !strings.HasPrefix(f, "$GOROOT")
}
