package fallback

import (
	"testing"

	"github.com/normgen/normgen/internal/linkdeps"
)

// TestLinksNoGenerator: the fallback decoder, a runtime package, links no
// package of the generator's module and none of what invopop/jsonschema
// brings (linkdeps.SchemaGenerator): it reads package schema's type
// description, which builds no JSON Schema.
func TestLinksNoGenerator(t *testing.T) {
	linkdeps.NoSchemaGenerator(t, ".", ".")
}
