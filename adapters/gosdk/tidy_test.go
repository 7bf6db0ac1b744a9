package gosdk

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// serverRequires are the requirements of the server module
// TestServerModuleTidies writes, as github-mcp-server had them when the
// adapter moved it off them (issue 39): its go line, its SDK and a direct
// dependency of its own that normgen's generator requires newer
// (x/sync v0.23 under x/tools v0.50).
var serverRequires = map[string]string{
	"github.com/modelcontextprotocol/go-sdk": "v1.7.0",
	"golang.org/x/sync":                      "v0.20.0",
}

const serverGo = "1.25.0"

// serverMain imports only the runtime (lenient, derive) and this adapter,
// as a server that serves a hand-written or generated catalog does, and
// x/sync of its own.
const serverMain = `package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/sync/errgroup"

	"github.com/normgen/normgen/adapters/gosdk"
	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/lenient"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)
	a, err := gosdk.New(gosdk.Options{})
	if err != nil {
		panic(err)
	}
	s.AddReceivingMiddleware(a.Middleware)
	var g errgroup.Group
	g.Go(func() error { _, err := derive.Catalog([]byte("[]")); return err })
	_ = g.Wait()
	_ = lenient.ProfilePortable
	_ = s.Run(context.Background(), &mcp.StdioTransport{})
}
`

// TestServerModuleTidies: a server module at go 1.25.0 that imports only
// the runtime and this adapter (no generator) tidies with its go line and
// its other requirements where they were (issue 39: the generator's
// requirements, x/tools asking for Go 1.26, are not in its module graph).
// It runs go mod tidy (the local toolchain, GOTOOLCHAIN=local, so that
// the go command cannot switch toolchains to satisfy a higher go line)
// in a fresh module whose replace directives point at this checkout.
func TestServerModuleTidies(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go mod tidy and go build in a fresh module")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var mod strings.Builder
	mod.WriteString("module example.com/server\n\ngo " + serverGo + "\n\nrequire (\n")
	for path, v := range serverRequires {
		mod.WriteString("\t" + path + " " + v + "\n")
	}
	replaces := map[string]string{
		"github.com/normgen/normgen":                root,
		"github.com/normgen/normgen/adapters":       filepath.Join(root, "adapters"),
		"github.com/normgen/normgen/adapters/gosdk": filepath.Join(root, "adapters", "gosdk"),
	}
	for path := range replaces {
		mod.WriteString("\t" + path + " v0.0.0\n")
	}
	mod.WriteString(")\n\n")
	for path, dir := range replaces {
		mod.WriteString("replace " + path + " => " + dir + "\n")
	}
	dir := t.TempDir()
	for name, data := range map[string]string{"go.mod": mod.String(), "main.go": serverMain} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goCmd := func(args ...string) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		// The checksum database is not reachable from every CI network
		// (TestQuickStart): the proxy's modules are taken as served.
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOWORK=off", "GOSUMDB=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	goCmd("mod", "tidy")
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	if m := regexp.MustCompile(`(?m)^go (\S+)$`).FindStringSubmatch(got); m == nil || m[1] != serverGo {
		t.Errorf("go line moved from %s:\n%s", serverGo, got)
	}
	if strings.Contains(got, "\ntoolchain ") {
		t.Errorf("go mod tidy added a toolchain line:\n%s", got)
	}
	for path, v := range serverRequires {
		if m := regexp.MustCompile(`(?m)^\s*(?:require )?` + regexp.QuoteMeta(path) + ` (\S+)`).FindStringSubmatch(got); m == nil || m[1] != v {
			t.Errorf("%s moved from %s:\n%s", path, v, got)
		}
	}
	for _, generator := range []string{"github.com/normgen/normgen/gen", "github.com/dave/jennifer", "github.com/invopop/jsonschema", "go.yaml.in/yaml"} {
		if strings.Contains(got, generator) {
			t.Errorf("go mod tidy required %s, which only the generator uses:\n%s", generator, got)
		}
	}
	goCmd("build", "./...")
}
