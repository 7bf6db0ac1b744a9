package mcpgo

import (
	"testing"

	"github.com/normgen/normgen/internal/linkdeps"
)

// TestLinksNoSchemaGenerator: the adapter links the deriver, not the
// generator's schema package (linkdeps.SchemaGenerator), at the oldest
// mcp-go release it supports (go.mod) and the newest (go.newest.mod, with
// mcp-go's validation on).
func TestLinksNoSchemaGenerator(t *testing.T) {
	linkdeps.NoSchemaGenerator(t, ".", ".")
	linkdeps.NoSchemaGenerator(t, ".", "-modfile=go.newest.mod", "-tags=mcpgo_validation", ".")
}
