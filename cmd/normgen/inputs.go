package main

import (
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// pathsFlag is a flag that may be repeated: each value is a path, or a
// shell-style glob (filepath.Match syntax: *, ?, [a-z]) that normgen
// expands itself, so that a glob quoted in a shell reaches it whole and
// works the same in every shell. The values keep their order.
type pathsFlag []string

func (p *pathsFlag) String() string { return strings.Join(*p, " ") }

// Set adds one value.
func (p *pathsFlag) Set(v string) error {
	if v == "" {
		return errors.New("empty path")
	}
	*p = append(*p, v)
	return nil
}

// expandPaths expands the values of a pathsFlag (named flagName) into the
// paths they name, in order: a value that names an existing path is that
// path, even when it holds a glob's special characters; any other value
// with a glob's characters is a glob, its matches sorted. "-" (stdin) is
// taken once, when stdin is allowed. A path named twice (by two globs, or
// a glob and a path) is read once, with a note on stderr. Each path must
// be a directory when dirs is set, a file otherwise. A glob that matches
// nothing, a bad pattern, a missing path or one of the wrong kind is a
// usage error (one line naming it; exit code 2).
func expandPaths(flagName string, values []string, dirs, stdin bool) ([]string, int) {
	var out []string
	seen := map[string]string{} // cleaned path -> the value that named it first
	for _, v := range values {
		if v == "-" {
			if !stdin {
				log.Printf("-%s -: stdin is not taken here; give a path", flagName)
				return nil, 2
			}
			if _, dup := seen["-"]; dup {
				log.Printf("-%s -: stdin given twice", flagName)
				return nil, 2
			}
			seen["-"] = v
			out = append(out, v)
			continue
		}
		matches := []string{v}
		if _, err := os.Stat(v); err != nil && strings.ContainsAny(v, "*?[") {
			m, gerr := globDirs(v)
			switch {
			case gerr != nil:
				log.Printf("-%s %s: not a valid glob: %v", flagName, v, gerr)
				return nil, 2
			case len(m) == 0:
				log.Printf("-%s %s: no %s matches this glob", flagName, v, map[bool]string{true: "folder", false: "file"}[dirs])
				return nil, 2
			}
			matches = m
		}
		for _, p := range matches {
			if first, dup := seen[filepath.Clean(p)]; dup {
				if first == v {
					log.Printf("-%s: %s is given twice: read once", flagName, v)
				} else {
					log.Printf("-%s: %s is named by %s and by %s: read once", flagName, p, first, v)
				}
				continue
			}
			seen[filepath.Clean(p)] = v
			code := 0
			if dirs {
				code = needDir(p)
			} else {
				code = needFile(p)
			}
			if code != 0 {
				return nil, code
			}
			out = append(out, p)
		}
	}
	return out, 0
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

// pathsNote names the paths in one short phrase: the path when there is
// one, else "N files" with the first few.
func pathsNote(paths []string, what string) string {
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
