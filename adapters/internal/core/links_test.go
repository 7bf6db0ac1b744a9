package core

import (
	"testing"

	"github.com/normgen/normgen/internal/linkdeps"
)

// TestLinksNoSchemaGenerator: the adapters module's packages (core, and
// proptest, which the adapters' tests use) link the deriver (derive), not
// the generator's schema package: none of invopop/jsonschema, YAML,
// ordered maps or what they bring (linkdeps.SchemaGenerator).
// adapters/gosdk and adapters/mcpgo hold their own packages to it.
func TestLinksNoSchemaGenerator(t *testing.T) {
	linkdeps.NoSchemaGenerator(t, "../..", "./...")
}
