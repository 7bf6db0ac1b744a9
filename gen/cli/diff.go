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

// UnifiedDiff is a line diff of a and b in unified format (LCS-based, with
// three lines of context), headed by the names aName and bName.
func UnifiedDiff(aName, bName string, a, b []byte) string {
	al, bl := splitLines(a), splitLines(b)
	// LCS table (inputs are generated files: small enough).
	n, m := len(al), len(bl)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if al[i] == bl[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type op struct {
		kind byte // ' ', '-', '+'
		text string
		ai   int
		bi   int
	}
	var ops []op
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && al[i] == bl[j]:
			ops = append(ops, op{' ', al[i], i, j})
			i++
			j++
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{'-', al[i], i, j})
			i++
		default:
			ops = append(ops, op{'+', bl[j], i, j})
			j++
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", aName, bName)
	const ctx = 3
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		start := max(k-ctx, 0)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run-end > 2*ctx || run == len(ops) {
				end = min(end+ctx, len(ops))
				break
			}
			end = run
		}
		aStart, bStart, aCount, bCount := ops[start].ai, ops[start].bi, 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				aCount++
			}
			if o.kind != '-' {
				bCount++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", hunkStart(aStart, aCount), aCount, hunkStart(bStart, bCount), bCount)
		for _, o := range ops[start:end] {
			out.WriteByte(o.kind)
			out.WriteString(o.text)
			out.WriteByte('\n')
		}
		k = end
	}
	return out.String()
}

// splitLines splits text into its lines, without the last newline.
func splitLines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// hunkStart is a hunk's 1-based first line, or the line before an empty
// range, as unified diffs write it.
func hunkStart(start, count int) int {
	if count == 0 {
		return start
	}
	return start + 1
}
