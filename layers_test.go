package normgen_test

import (
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/linkdeps"
)

// module is the runtime module's path.
const module = "github.com/normgen/normgen"

// layers is the runtime module's packages from the bottom up (paths below
// the module's; a trailing "/..." takes a tree). A package imports only
// packages of layers below its own: not one of its own layer, not one
// above (test files may import anything). A new package goes in a layer
// before it builds here.
var layers = [][]string{
	// The JSON wire format and helpers that import nothing of normgen;
	// types of another package for the tests of the describers; the Go
	// validator for tests.
	{"internal/jsonwire", "internal/lru", "internal/ajvcheck", "internal/corpus", "internal/docs", "internal/linkdeps", "internal/foreignfixture", "internal/schemacheck"},
	// The JSON node; what a secret value shows as; what a server author
	// uses of the runtime (tools, profiles, problems, fixes, rules).
	{"internal/jsonnode", "internal/redact", "lenient"},
	// Schema comparison for tests (on the JSON node).
	{"internal/schemacmp"},
	// The schema profiles (which keywords a host reads).
	{"internal/schemaprofile"},
	// The runtime generated code imports: the generated-code ABI.
	{"runtime/lenientimpl"},
	// The leniency notes a lenient schema carries.
	{"internal/leniency"},
	// Rules as data (the rule-path grammar and a rule set's checks).
	{"internal/rulespec"},
	// The type model; the catalog linter (the hosts' rules, and the name
	// patterns a rule path cannot read).
	{"schema", "lint"},
	// What reads rules and schemas, side by side: the normalizer, the
	// deriver (which asks the linter which hosts refuse a rewrite), the
	// reflection decoder.
	{"normalize", "derive", "fallback"},
	// Views, harnesses and tools over them.
	{"normalize/statsview", "internal/invariant", "internal/rulecheck", "internal/benchcov", "internal/schemagen", "internal/tempmodule", "internal/runtimesize/search"},
	// Commands, and the module's root (tests only).
	{"internal/runtimesize", "internal/runtimesize/cmd/...", ""},
}

// layerOf returns the layer of the module's package p, or -1.
func layerOf(p string) int {
	rel, ok := strings.CutPrefix(p, module)
	if !ok || rel != "" && rel[0] != '/' {
		return -1
	}
	rel = strings.TrimPrefix(rel, "/")
	for i, l := range layers {
		for _, q := range l {
			tree, isTree := strings.CutSuffix(q, "/...")
			if rel == q || isTree && (rel == tree || strings.HasPrefix(rel, tree+"/")) {
				return i
			}
		}
	}
	return -1
}

// TestLayers: no package of the runtime module imports one of its own
// layer or above (go list -deps, outside the workspace, as a user's build
// has it), and every package has a layer.
func TestLayers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	g, err := linkdeps.List(".", "./...")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, p := range g.Roots() {
		lp := layerOf(p)
		if lp < 0 {
			t.Errorf("%s is in no layer: add it to layers", p)
			continue
		}
		seen++
		for _, q := range g.Imports(p) {
			if lq := layerOf(q); lq >= lp {
				t.Errorf("%s (layer %d) imports %s (layer %d): a package imports only layers below its own", p, lp, q, lq)
			}
		}
	}
	if seen < 20 {
		t.Fatalf("go list named %d packages of the module: fewer than expected", seen)
	}
}

// TestNoNormalizer: the generator (package gen, in its own module) and
// the deriver spell and check rule paths with internal/rulespec and link
// no normalizer.
func TestNoNormalizer(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, c := range []struct{ dir, pkg string }{{"gen", "."}, {".", "./derive"}} {
		g, err := linkdeps.List(c.dir, c.pkg)
		if err != nil {
			t.Fatal(err)
		}
		if ch := g.Chain(module + "/normalize"); ch != nil {
			t.Errorf("%s links the normalizer: %s", ch[0], strings.Join(ch, " -> "))
		}
		if len(g.Roots()) != 1 {
			t.Errorf("go list -deps %s in %s named %v, want one package", c.pkg, c.dir, g.Roots())
		}
	}
}
