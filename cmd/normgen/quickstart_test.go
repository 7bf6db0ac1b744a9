package main

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/tempmodule"
)

// repoRoot returns the root of this repository (the module normgen).
func repoRoot(t testing.TB) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// quickStartStep is one step of the README's Quick start: a shell command
// to run in the module, or a file to write there.
type quickStartStep struct {
	command string // a line of a ```sh block, comment removed
	file    string // the path the text before a ```go block names
	content string
}

var (
	fencedBlock = regexp.MustCompile("(?s)```(sh|go)\n(.*?)```")
	goFileName  = regexp.MustCompile("`([A-Za-z0-9_./-]+\\.go)`")
)

// quickStartSteps reads the steps of the README's "## Quick start"
// section in order: each line of a sh block is a command, and each go
// block is the file that the prose before it names in backquotes.
func quickStartSteps(readme string) ([]quickStartStep, error) {
	start := strings.Index(readme, "\n## Quick start\n")
	if start < 0 {
		return nil, fmt.Errorf("README has no \"## Quick start\" section")
	}
	section := readme[start+1:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	var steps []quickStartStep
	prev := 0
	for _, m := range fencedBlock.FindAllStringSubmatchIndex(section, -1) {
		prose := section[prev:m[0]]
		prev = m[1]
		body := section[m[4]:m[5]]
		switch section[m[2]:m[3]] {
		case "sh":
			for _, line := range strings.Split(body, "\n") {
				if i := strings.Index(line, " #"); i >= 0 {
					line = line[:i]
				}
				if line = strings.TrimSpace(line); line != "" {
					steps = append(steps, quickStartStep{command: line})
				}
			}
		case "go":
			names := goFileName.FindAllStringSubmatch(prose, -1)
			if len(names) == 0 {
				return nil, fmt.Errorf("Quick start: no `file.go` named before the go block %.40q", body)
			}
			// The marker that tells the docs' check (the root module's
			// TestDocsBlocksChecked) that this test runs the block.
			if !strings.HasSuffix(prose, "\n<!-- checked-by: cmd/normgen TestQuickStart -->\n") {
				return nil, fmt.Errorf("Quick start: the go block %.40q is not marked <!-- checked-by: cmd/normgen TestQuickStart -->", body)
			}
			steps = append(steps, quickStartStep{file: names[len(names)-1][1], content: body})
		}
	}
	return steps, nil
}

// TestQuickStart runs the README's Quick start, exactly as written, in a
// fresh module: `go get -tool`, the files, `go generate ./...` (through
// the `//go:generate go tool normgen` line) and `go test ./...` (whose
// example checks its // Output). The module is not published, so the
// fresh module gets a replace directive to this checkout and GOPROXY=off
// keeps the go command from asking the network about it. Then it checks
// what the README says around the commands: `go mod tidy` keeps normgen,
// and `go tool normgen` runs the other commands.
func TestQuickStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds normgen and a fresh module with the go command")
	}
	root, err := filepath.Abs(repoRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	steps, err := quickStartSteps(string(readme))
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	// GOPROXY=off keeps go get from asking the network about normgen
	// itself; go mod tidy, run with the proxy, also wants the modules that
	// normgen's dependencies' tests import, which a fresh module cache
	// lacks. The checksum database is not reachable from every CI network:
	// normgen's own dependencies are checked against its go.sum (below),
	// the rest come from the proxy only.
	proxy, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOSUMDB", "off")
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-buildvcs=false")
	run := func(line string) string {
		t.Helper()
		cmd := exec.Command("sh", "-c", line)
		cmd.Dir = mod
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out)
		}
		t.Logf("$ %s\n%s", line, out)
		return string(out)
	}
	run("go mod init example.com/server")
	// normgen is three modules (the runtime, the generator, the command):
	// each gets a replace to its folder in this checkout.
	modules := tempmodule.Modules()
	for _, path := range slices.Sorted(maps.Keys(modules)) {
		run("go mod edit -replace " + path + "=" + modules[path])
	}
	// The checksums of normgen's own dependencies, as the repository
	// verified them.
	sums, err := tempmodule.Sums()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.sum"), sums, 0o644); err != nil {
		t.Fatal(err)
	}
	var commands []string
	for _, s := range steps {
		if s.file != "" {
			p := filepath.Join(mod, filepath.FromSlash(s.file))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(s.content), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		commands = append(commands, s.command)
		run(s.command)
	}
	want := []string{"go get -tool github.com/normgen/normgen/cmd/normgen", "go generate ./...", "go test ./..."}
	if strings.Join(commands, "\n") != strings.Join(want, "\n") {
		t.Errorf("Quick start commands:\n%s\nwant:\n%s", strings.Join(commands, "\n"), strings.Join(want, "\n"))
	}
	src, err := os.ReadFile(filepath.Join(mod, "tools", "tools_normgen.go"))
	if err != nil || !strings.HasPrefix(string(src), "// Code generated by normgen. DO NOT EDIT.\n") {
		t.Fatalf("generated file: %v\n%.200s", err, src)
	}

	// go mod tidy keeps the tool and its requirement.
	run("GOPROXY='" + strings.TrimSpace(string(proxy)) + "' go mod tidy")
	gomod, _ := os.ReadFile(filepath.Join(mod, "go.mod"))
	for _, line := range []string{"tool github.com/normgen/normgen/cmd/normgen", "github.com/normgen/normgen v", "github.com/normgen/normgen/cmd/normgen v"} {
		if !strings.Contains(string(gomod), line) {
			t.Errorf("go.mod after go mod tidy lacks %q:\n%s", line, gomod)
		}
	}
	run("go generate ./...")
	if out := run("go tool normgen catalog ./tools"); !strings.Contains(out, `"name": "search_files"`) {
		t.Errorf("go tool normgen catalog ./tools:\n%s", out)
	}
	run("go tool normgen -check ./tools")
}

func TestQuickStartSteps(t *testing.T) {
	readme := "# x\n\n## Quick start\n\n```sh\ngo get -tool x   # add it\n```\n\nIn `a/b.go`:\n\n<!-- checked-by: cmd/normgen TestQuickStart -->\n```go\npackage b\n```\n\n```sh\ngo test ./...\n```\n\n## Next\n\n```sh\nnot run\n```\n"
	steps, err := quickStartSteps(readme)
	if err != nil {
		t.Fatal(err)
	}
	want := []quickStartStep{{command: "go get -tool x"}, {file: "a/b.go", content: "package b\n"}, {command: "go test ./..."}}
	if fmt.Sprint(steps) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", steps, want)
	}
	if _, err := quickStartSteps("## Quick start\n\n```go\npackage b\n```\n"); err == nil {
		t.Error("a go block without a file name: no error")
	}
	if _, err := quickStartSteps("## Quick start\n\nIn `a/b.go`:\n\n```go\npackage b\n```\n"); err == nil {
		t.Error("a go block without its checked-by marker: no error")
	}
}
