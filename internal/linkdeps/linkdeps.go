// Package linkdeps reads which packages a build links (go list -deps),
// for tests that hold a package to what it may link and name the chain of
// imports that brings in a package it must not.
package linkdeps

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// SchemaGenerator are the path prefixes of the third-party packages that
// package schemabuild (the generator's Go type to schema path, in module
// github.com/normgen/normgen/gen) links:
// invopop/jsonschema and what it brings, in the spellings its releases
// have used (YAML, ordered maps, the list and the parser under them). The
// deriver (derive), and so the adapters, must link none of them.
var SchemaGenerator = []string{
	"github.com/invopop/jsonschema",
	"github.com/invopop/yaml",
	"gopkg.in/yaml.",
	"go.yaml.in/yaml/",
	"github.com/wk8/go-ordered-map",
	"github.com/pb33f/ordered-map",
	"github.com/bahlo/generic-list-go",
	"github.com/buger/jsonparser",
}

// Graph is the import graph of the packages go list -deps named and
// everything they link.
type Graph struct {
	roots   []string            // the packages named
	imports map[string][]string // package -> its imports
	order   []string            // every package, as go list printed it
}

// List runs go list -deps in dir with args (flags such as -modfile or
// -tags, then package patterns) and returns the import graph. It runs
// outside any go.work (GOWORK=off): the graph is that of dir's module, as
// a user's build of it has it, and -modfile needs it.
func List(dir string, args ...string) (*Graph, error) {
	cmd := exec.Command("go", append([]string{"list", "-deps", "-f", `{{.ImportPath}} {{.DepOnly}} {{join .Imports " "}}`}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			err = fmt.Errorf("%v\n%s", err, ee.Stderr)
		}
		return nil, fmt.Errorf("go list -deps %s in %s: %w", strings.Join(args, " "), dir, err)
	}
	g := &Graph{imports: map[string][]string{}}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		g.imports[f[0]] = f[2:]
		g.order = append(g.order, f[0])
		if f[1] == "false" {
			g.roots = append(g.roots, f[0])
		}
	}
	return g, nil
}

// Roots are the packages List named (its patterns expanded).
func (g *Graph) Roots() []string { return g.roots }

// Imports are the packages p imports (not its tests).
func (g *Graph) Imports(p string) []string { return g.imports[p] }

// Chain returns the shortest chain of imports from one of the roots to
// pkg, or nil when the roots do not link pkg.
func (g *Graph) Chain(pkg string) []string {
	from := map[string]string{}
	var queue []string
	for _, r := range g.roots {
		from[r] = ""
		queue = append(queue, r)
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == pkg {
			var chain []string
			for ; p != ""; p = from[p] {
				chain = append(chain, p)
			}
			slices.Reverse(chain)
			return chain
		}
		for _, q := range g.imports[p] {
			if _, seen := from[q]; !seen {
				from[q] = p
				queue = append(queue, q)
			}
		}
	}
	return nil
}

// Find returns the chain of imports (Chain) to every linked package whose
// path starts with one of prefixes, in go list's order.
func (g *Graph) Find(prefixes []string) [][]string {
	var chains [][]string
	for _, p := range g.order {
		if slices.ContainsFunc(prefixes, func(pre string) bool { return strings.HasPrefix(p, pre) }) {
			if c := g.Chain(p); c != nil {
				chains = append(chains, c)
			}
		}
	}
	return chains
}

// NoSchemaGenerator fails t for every package of the generator's module
// (github.com/normgen/normgen/gen, package schemabuild among them) or
// SchemaGenerator names that the packages of go list -deps args (run in
// dir, as List) link, naming the chain of imports that brings it in.
func NoSchemaGenerator(t testing.TB, dir string, args ...string) {
	t.Helper()
	g, err := List(dir, args...)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Roots()) == 0 {
		t.Fatalf("go list -deps %s in %s named no package", strings.Join(args, " "), dir)
	}
	for _, c := range g.Find(append([]string{"github.com/normgen/normgen/gen"}, SchemaGenerator...)) {
		t.Errorf("%s links %s", c[0], strings.Join(c, " -> "))
	}
}
