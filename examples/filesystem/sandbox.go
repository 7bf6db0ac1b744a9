package filesystem

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Sandbox does the file work of the tools inside one root folder: a path
// that leaves the root, by ".." or through a symbolic link, is rejected.
type Sandbox struct {
	root string // absolute, symlinks resolved
}

// NewSandbox returns a sandbox over the existing directory root.
func NewSandbox(root string) (*Sandbox, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(real); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("sandbox root %s is not a directory", root)
	}
	return &Sandbox{root: real}, nil
}

// errOutside is returned for paths that leave the sandbox.
var errOutside = errors.New("path is outside the sandbox root")

// resolve maps a tool path to a real path inside the root.
func (s *Sandbox) resolve(p string) (string, error) {
	if p == "" {
		p = "."
	}
	full := filepath.Join(s.root, filepath.FromSlash(strings.TrimPrefix(p, "/")))
	if filepath.IsAbs(p) {
		full = filepath.Clean(p)
	}
	if !within(s.root, full) {
		return "", fmt.Errorf("%s: %w", p, errOutside)
	}
	// Resolve symlinks of the longest existing prefix.
	existing := full
	var rest []string
	for {
		if _, err := os.Lstat(existing); err == nil {
			break
		}
		parent := filepath.Dir(existing)
		if parent == existing {
			break
		}
		rest = append([]string{filepath.Base(existing)}, rest...)
		existing = parent
	}
	real, err := filepath.EvalSymlinks(existing)
	if err != nil {
		return "", err
	}
	real = filepath.Join(append([]string{real}, rest...)...)
	if !within(s.root, real) {
		return "", fmt.Errorf("%s: %w", p, errOutside)
	}
	return real, nil
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func (s *Sandbox) rel(p string) string {
	r, err := filepath.Rel(s.root, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// EditFile replaces OldText with NewText.
func (s *Sandbox) EditFile(in *EditFileInput) (string, error) {
	return s.edit(in.Path, []Edit{{OldText: in.OldText, NewText: in.NewText}}, in.WholeWord, in.CaseSensitive == nil || *in.CaseSensitive, in.Force, in.DryRun)
}

// MultiEdit applies several replacements to one file, all or none.
func (s *Sandbox) MultiEdit(in *MultiEditInput) (string, error) {
	return s.edit(in.Path, in.Edits, false, true, in.Force, in.DryRun)
}

func (s *Sandbox) edit(path string, edits []Edit, wholeWord, caseSensitive, force, dryRun bool) (string, error) {
	p, err := s.resolve(path)
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	text := string(data)
	total := 0
	for i, e := range edits {
		if e.OldText == "" {
			return "", fmt.Errorf("edit %d: old_text is empty", i)
		}
		re := literal(e.OldText, wholeWord, caseSensitive)
		n := len(re.FindAllStringIndex(text, -1))
		switch {
		case n == 0:
			return "", fmt.Errorf("edit %d: old_text not found in %s", i, path)
		case n > 1 && !force:
			return "", fmt.Errorf("edit %d: old_text occurs %d times in %s; make it unique or set force", i, n, path)
		}
		text = re.ReplaceAllLiteralString(text, e.NewText)
		total += n
	}
	if dryRun {
		return fmt.Sprintf("would replace %d occurrence(s) in %s", total, path), nil
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		return "", err
	}
	return fmt.Sprintf("replaced %d occurrence(s) in %s", total, path), nil
}

func literal(s string, wholeWord, caseSensitive bool) *regexp.Regexp {
	expr := regexp.QuoteMeta(s)
	if wholeWord {
		expr = `\b` + expr + `\b`
	}
	if !caseSensitive {
		expr = `(?i)` + expr
	}
	return regexp.MustCompile(expr)
}

// SearchFiles finds lines matching a pattern.
func (s *Sandbox) SearchFiles(in *SearchFilesInput) (string, error) {
	root, err := s.resolve(in.Path)
	if err != nil {
		return "", err
	}
	expr := in.Pattern
	if in.WholeWord {
		expr = `\b(?:` + expr + `)\b`
	}
	if in.CaseSensitive != nil && !*in.CaseSensitive {
		expr = `(?i)` + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return "", fmt.Errorf("pattern: %v", err)
	}
	limit := 100
	if in.Limit != nil {
		limit = *in.Limit
	}
	var out []string
	count := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (!in.Recursive || d.Name() == ".trash") {
				return filepath.SkipDir
			}
			return nil
		}
		if len(in.FileTypes) > 0 && !hasExt(p, in.FileTypes) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		lines := strings.Split(string(data), "\n")
		for i, line := range lines {
			if !re.MatchString(line) || count >= limit {
				continue
			}
			count++
			if in.CountOnly {
				continue
			}
			hit := s.rel(p)
			if in.ReturnLines {
				hit += fmt.Sprintf(":%d", i+1)
			}
			if in.IncludeContent {
				hit += ": " + line
			}
			if in.IncludeContext {
				lo, hi := max(i-1, 0), min(i+2, len(lines))
				hit += "\n  | " + strings.Join(lines[lo:hi], "\n  | ")
			}
			out = append(out, hit)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if in.CountOnly {
		return fmt.Sprintf("%d match(es)", count), nil
	}
	if len(out) == 0 {
		return "no matches", nil
	}
	return strings.Join(out, "\n"), nil
}

func hasExt(p string, exts []string) bool {
	ext := strings.TrimPrefix(filepath.Ext(p), ".")
	for _, e := range exts {
		if strings.TrimPrefix(e, ".") == ext {
			return true
		}
	}
	return false
}

// ListDirectory lists a directory, sorted, directories with a trailing /.
func (s *Sandbox) ListDirectory(in *ListDirectoryInput) (string, error) {
	root, err := s.resolve(in.Path)
	if err != nil {
		return "", err
	}
	var out []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		name := filepath.ToSlash(rel)
		if d.IsDir() {
			out = append(out, name+"/")
			if !in.Recursive || d.Name() == ".trash" {
				return filepath.SkipDir
			}
			return nil
		}
		out = append(out, name)
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(out)
	return strings.Join(out, "\n"), nil
}

// DeleteFile deletes a file or directory, or moves it to .trash.
func (s *Sandbox) DeleteFile(in *DeleteFileInput) (string, error) {
	p, err := s.resolve(in.Path)
	if err != nil {
		return "", err
	}
	if p == s.root {
		return "", errors.New("refusing to delete the sandbox root")
	}
	fi, err := os.Stat(p)
	if err != nil {
		return "", err
	}
	if fi.IsDir() && !in.Force {
		if entries, _ := os.ReadDir(p); len(entries) > 0 {
			return "", fmt.Errorf("%s is a non-empty directory; set force to delete it", in.Path)
		}
	}
	verb := "moved to .trash"
	if in.Permanent {
		verb = "deleted"
	}
	if in.DryRun {
		return "would have " + verb + ": " + in.Path, nil
	}
	if in.Permanent {
		err = os.RemoveAll(p)
	} else {
		trash := filepath.Join(s.root, ".trash")
		if err = os.MkdirAll(trash, 0o755); err == nil {
			err = os.Rename(p, filepath.Join(trash, filepath.Base(p)))
		}
	}
	if err != nil {
		return "", err
	}
	return verb + ": " + in.Path, nil
}

// BatchOperations runs a pipeline's steps in order, stopping at the first
// failure.
func (s *Sandbox) BatchOperations(in *BatchOperationsInput) (string, error) {
	dry := in.DryRun || in.Pipeline.DryRun
	var out []string
	for _, st := range in.Pipeline.Steps {
		res, err := s.step(st, in.Force, dry)
		if err != nil {
			return strings.Join(append(out, st.ID+": error: "+err.Error()), "\n"), fmt.Errorf("step %s: %v", st.ID, err)
		}
		out = append(out, st.ID+": "+res)
	}
	return strings.Join(out, "\n"), nil
}

func (s *Sandbox) step(st Step, force, dry bool) (string, error) {
	p := st.Params
	switch st.Action {
	case "read":
		path, err := s.resolve(p.Path)
		if err != nil {
			return "", err
		}
		data, err := os.ReadFile(path)
		return string(data), err
	case "write":
		path, err := s.resolve(p.Path)
		if err != nil {
			return "", err
		}
		if _, err := os.Stat(path); err == nil && !force {
			return "", fmt.Errorf("%s exists; set force to overwrite", p.Path)
		}
		if dry {
			return "would write " + p.Path, nil
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", err
		}
		return "wrote " + p.Path, os.WriteFile(path, []byte(p.Content), 0o644)
	case "copy", "move":
		src, err := s.resolve(p.Source)
		if err != nil {
			return "", err
		}
		dst, err := s.resolve(p.Destination)
		if err != nil {
			return "", err
		}
		if _, err := os.Stat(dst); err == nil && !force {
			return "", fmt.Errorf("%s exists; set force to overwrite", p.Destination)
		}
		if dry {
			return "would " + st.Action + " " + p.Source + " to " + p.Destination, nil
		}
		if st.Action == "move" {
			return "moved " + p.Source + " to " + p.Destination, os.Rename(src, dst)
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return "", err
		}
		return "copied " + p.Source + " to " + p.Destination, os.WriteFile(dst, data, 0o644)
	case "delete":
		return s.DeleteFile(&DeleteFileInput{Path: p.Path, Force: force, DryRun: dry, Permanent: true})
	}
	return "", fmt.Errorf("unknown action %q", st.Action)
}
