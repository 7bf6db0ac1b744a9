package linkdeps

import (
	"slices"
	"strings"
	"testing"
)

// TestSchemaGenerator: every third-party package that package schemabuild
// (module github.com/normgen/normgen/gen) links matches SchemaGenerator, and Find names the chain to each, so the
// tests that hold the deriver and the adapters to the list can fail, and
// fail again if invopop/jsonschema comes to bring another module.
func TestSchemaGenerator(t *testing.T) {
	g, err := List("../../gen", "./schemabuild")
	if err != nil {
		t.Fatal(err)
	}
	const schema = "github.com/normgen/normgen/gen/schemabuild"
	if !slices.Equal(g.Roots(), []string{schema}) {
		t.Fatalf("roots %q, want [%s]", g.Roots(), schema)
	}
	found := map[string]bool{}
	for _, c := range g.Find(SchemaGenerator) {
		if c[0] != schema {
			t.Errorf("chain %q does not start at %s", c, schema)
		}
		found[c[len(c)-1]] = true
	}
	if !found["github.com/invopop/jsonschema"] {
		t.Errorf("found %v, want github.com/invopop/jsonschema among them", found)
	}
	for _, p := range g.order {
		thirdParty := strings.Contains(strings.Split(p, "/")[0], ".") && !strings.HasPrefix(p, "github.com/normgen/normgen/")
		if thirdParty && !found[p] {
			t.Errorf("schemabuild links %s, which SchemaGenerator does not list", p)
		}
	}
}
