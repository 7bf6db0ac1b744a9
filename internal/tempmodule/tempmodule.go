// Package tempmodule writes Go modules that depend on this repository
// (through a replace to its checkout) in temporary folders, for tests that
// generate code with normgen and then build, vet and test it as a user's
// module would: the golden cases, the generator fuzzer, the CLI tests.
package tempmodule

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/normgen/normgen/schema"
)

// Root is the repository's root folder (this checkout).
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}

// Modules are this repository's modules that a module written here may
// need (module path to folder): the runtime, the generator, whose
// package schemabuild golden cases import, and the normgen command.
func Modules() map[string]string {
	root := Root()
	return map[string]string{
		"github.com/normgen/normgen":             root,
		"github.com/normgen/normgen/gen":         filepath.Join(root, "gen"),
		"github.com/normgen/normgen/cmd/normgen": filepath.Join(root, "cmd", "normgen"),
	}
}

// GoMod is the go.mod of a module named path that requires this
// repository's runtime and generator, replaced by their checkout.
func GoMod(path string) string {
	root := Root()
	return "module " + path + "\n\ngo 1.26.0\n\nrequire (\n\tgithub.com/normgen/normgen v0.0.0\n\tgithub.com/normgen/normgen/gen v0.0.0\n)\n\nreplace (\n\tgithub.com/normgen/normgen => " + root + "\n\tgithub.com/normgen/normgen/gen => " + filepath.Join(root, "gen") + "\n)\n"
}

// Sums is the go.sum lines of this repository's modules (Modules), each
// once, in order: the checksums of their dependencies, as the repository
// verified them.
func Sums() ([]byte, error) {
	var lines []string
	seen := map[string]bool{}
	for _, dir := range Modules() {
		data, err := os.ReadFile(filepath.Join(dir, "go.sum"))
		if err != nil {
			return nil, err
		}
		for _, line := range strings.SplitAfter(string(data), "\n") {
			if line != "" && !seen[line] {
				seen[line] = true
				lines = append(lines, line)
			}
		}
	}
	sort.Strings(lines)
	return []byte(strings.Join(lines, "")), nil
}

// Env is what the go command needs in such a module: -mod=mod, since its
// go.mod lists only this repository and its go.sum is this repository's.
const Env = "GOFLAGS=-mod=mod"

// Write writes a module named path into dir: go.mod, go.sum (this
// repository's, Sums) and files (relative paths to contents), in name
// order.
func Write(dir, path string, files map[string]string) error {
	sum, err := Sums()
	if err != nil {
		return err
	}
	all := map[string]string{"go.mod": GoMod(path), "go.sum": string(sum)}
	for name, data := range files {
		all[name] = data
	}
	names := make([]string, 0, len(all))
	for name := range all {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(all[name]), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// New writes a module named path with files into a temporary folder of
// the test and returns the folder. It sets GOFLAGS=-mod=mod for the test,
// so that the generator's package loading (go list) and go commands the
// test runs read the module as the go command does for a user.
func New(tb testing.TB, path string, files map[string]string) string {
	tb.Helper()
	dir := tb.TempDir()
	if err := Write(dir, path, files); err != nil {
		tb.Fatal(err)
	}
	tb.Setenv("GOFLAGS", "-mod=mod")
	return dir
}

// Go runs the go command with args in dir (GOFLAGS=-mod=mod) and returns
// its combined output, with an error naming the command when it fails.
func Go(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), Env)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("go %s: %v", strings.Join(args, " "), err)
	}
	return out, nil
}

// RulesTest is a test file for a generated package: its rules equal its
// decoder (internal/rulecheck) on n generated calls a tool. generated is
// the generated file, whose package clause names the package.
func RulesTest(generated []byte, n int) []byte {
	return RulesTestRequired(generated, n, schema.RequiredJSON)
}

// RulesTestRequired is RulesTest for a package whose model of required
// fields is r, which the fallback decoder is told.
func RulesTestRequired(generated []byte, n int, r schema.Required) []byte {
	model := "schema.RequiredJSON"
	if r == schema.RequiredJSONSchema {
		model = "schema.RequiredJSONSchema"
	}
	return []byte("package " + PackageName(generated) + `

import (
	"testing"

	"github.com/normgen/normgen/internal/rulecheck"
	"github.com/normgen/normgen/schema"
)

func TestRulesEqualDecoder(t *testing.T) {
	rulecheck.Run(t, NormgenTools(), nil, ` + fmt.Sprint(n) + `, rulecheck.WithOptions(schema.Options{Required: ` + model + `}))
}
`)
}

// PackageName is the name in the package clause of Go source.
func PackageName(src []byte) string {
	i := bytes.Index(src, []byte("\npackage "))
	if bytes.HasPrefix(src, []byte("package ")) {
		i = -1
	} else if i < 0 {
		return ""
	}
	f := strings.Fields(string(src[i+1:]))
	if len(f) < 2 {
		return ""
	}
	return f[1]
}
