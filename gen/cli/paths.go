package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// CheckDir checks a package directory argument before it is loaded: nil
// when dir is a directory, else an error saying it does not exist or is
// not a directory (a usage error for the command).
func CheckDir(dir string) error {
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: no such directory", dir)
	case err != nil:
		return err
	case !info.IsDir():
		return fmt.Errorf("%s: not a directory (give the package's directory)", dir)
	}
	return nil
}

// CheckFile checks an input file argument (a rules file, a catalog)
// before it is read: nil when path is a file or "-" (stdin), else an
// error saying it does not exist or is a directory.
func CheckFile(path string) error {
	if path == "-" {
		return nil
	}
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: no such file", path)
	case err != nil:
		return err
	case info.IsDir():
		return fmt.Errorf("%s: is a directory, not a file", path)
	}
	return nil
}

// ExpandPaths expands the values of a repeatable path flag (named
// flagName) into the paths they name, in order: a value that names an
// existing path is that path, even when it holds a glob's special
// characters; any other value with a glob's characters (filepath.Match
// syntax) is a glob, its matches sorted, and one ending in a separator
// matches directories only, as in a shell. "-" (stdin) is taken once,
// when stdin is set. A path named twice (by two globs, or a glob and a
// path) is kept once, with a note saying so. Each path must be a
// directory when dirs is set (CheckDir), a file otherwise (CheckFile).
// A glob that matches nothing, a bad pattern, a missing path or one of
// the wrong kind is an error naming it; notes holds the notes said
// before it.
func ExpandPaths(flagName string, values []string, dirs, stdin bool) (paths, notes []string, err error) {
	seen := map[string]string{} // cleaned path -> the value that named it first
	for _, v := range values {
		if v == "-" {
			if !stdin {
				return nil, notes, fmt.Errorf("-%s -: stdin is not taken here; give a path", flagName)
			}
			if _, dup := seen["-"]; dup {
				return nil, notes, fmt.Errorf("-%s -: stdin given twice", flagName)
			}
			seen["-"] = v
			paths = append(paths, v)
			continue
		}
		matches := []string{v}
		if _, err := os.Stat(v); err != nil && strings.ContainsAny(v, "*?[") {
			m, gerr := globDirs(v)
			switch {
			case gerr != nil:
				return nil, notes, fmt.Errorf("-%s %s: not a valid glob: %v", flagName, v, gerr)
			case len(m) == 0:
				return nil, notes, fmt.Errorf("-%s %s: no %s matches this glob", flagName, v, map[bool]string{true: "folder", false: "file"}[dirs])
			}
			matches = m
		}
		for _, p := range matches {
			if first, dup := seen[filepath.Clean(p)]; dup {
				if first == v {
					notes = append(notes, fmt.Sprintf("-%s: %s is given twice: read once", flagName, v))
				} else {
					notes = append(notes, fmt.Sprintf("-%s: %s is named by %s and by %s: read once", flagName, p, first, v))
				}
				continue
			}
			seen[filepath.Clean(p)] = v
			check := CheckFile
			if dirs {
				check = CheckDir
			}
			if err := check(p); err != nil {
				return nil, notes, err
			}
			paths = append(paths, p)
		}
	}
	return paths, notes, nil
}

// globDirs is filepath.Glob, but for a pattern ending in a separator
// (logs/*/), as in a shell: the directories its trimmed pattern matches
// (filepath.Glob itself matches nothing then).
func globDirs(pattern string) ([]string, error) {
	trimmed := strings.TrimRight(pattern, `/`+string(filepath.Separator))
	if trimmed == pattern || trimmed == "" {
		return filepath.Glob(pattern)
	}
	m, err := filepath.Glob(trimmed)
	var dirs []string
	for _, p := range m {
		if info, serr := os.Stat(p); serr == nil && info.IsDir() {
			dirs = append(dirs, p)
		}
	}
	return dirs, err
}

// PathsNote names paths in one short phrase: the path when there is one,
// else "N <what> (a, b, c, and 2 more)" with the first few.
func PathsNote(paths []string, what string) string {
	if len(paths) == 1 {
		return paths[0]
	}
	shown := paths
	if len(shown) > 4 {
		shown = shown[:3]
	}
	s := fmt.Sprintf("%d %s (%s", len(paths), what, strings.Join(shown, ", "))
	if len(shown) < len(paths) {
		s += fmt.Sprintf(", and %d more", len(paths)-len(shown))
	}
	return s + ")"
}

// PackageDirs expands the directory arguments of generate: a directory
// as it is, and DIR/... every directory below DIR (DIR too) that holds a
// non-test Go file, but for testdata, vendor, directories starting with
// . or _, and nested modules, as the go command matches packages. Each
// directory comes once, in the order given (a pattern's sorted);
// matched[i] says the directory came from a pattern, where a package
// with no tool is passed over.
func PackageDirs(args []string) (dirs []string, matched []bool, err error) {
	seen := map[string]bool{}
	add := func(dir string, fromPattern bool) {
		key := filepath.Clean(dir)
		if abs, err := filepath.Abs(dir); err == nil {
			key = abs
		}
		if !seen[key] {
			seen[key] = true
			dirs, matched = append(dirs, dir), append(matched, fromPattern)
		}
	}
	for _, arg := range args {
		root, ok := strings.CutSuffix(filepath.ToSlash(arg), "/...")
		if !ok && arg != "..." {
			if err := CheckDir(arg); err != nil {
				return nil, nil, err
			}
			add(arg, false)
			continue
		}
		if arg == "..." {
			root = "."
		}
		if err := CheckDir(root); err != nil {
			return nil, nil, err
		}
		var found []string
		err := filepath.WalkDir(filepath.FromSlash(root), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				name := d.Name()
				if p != filepath.FromSlash(root) {
					if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
						return filepath.SkipDir
					}
					if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
						return filepath.SkipDir
					}
				}
				return nil
			}
			if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				if dir := filepath.Dir(p); !slices.Contains(found, dir) {
					found = append(found, dir)
				}
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
		if len(found) == 0 {
			return nil, nil, fmt.Errorf("%s: matches no Go package", arg)
		}
		slices.Sort(found)
		for _, dir := range found {
			if !strings.HasPrefix(dir, ".") && !filepath.IsAbs(dir) {
				dir = "." + string(filepath.Separator) + dir
			}
			add(dir, true)
		}
	}
	return dirs, matched, nil
}
