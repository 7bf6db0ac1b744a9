package gen

import (
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestRenderRefusesListOnlyProfile: the generated InputSchema is what SDKs
// validate calls against, so Render refuses a profile that is for
// tools/list only, and takes the others.
func TestRenderRefusesListOnlyProfile(t *testing.T) {
	m := &Package{Name: "tools", Path: "example.com/tools"}
	for _, p := range lenient.Profiles() {
		_, err := Render(m, p)
		if p.ForValidation() != (err == nil) {
			t.Errorf("Render(%s): %v", p, err)
		}
		if err != nil && !strings.Contains(err.Error(), "tools/list only") {
			t.Errorf("Render(%s): %v; want it to say where the profile belongs", p, err)
		}
		if p == lenient.ProfileOpenAIStrict && (err == nil || !strings.Contains(err.Error(), "every property in required")) {
			t.Errorf("Render(%s): %v; want the profile's own reason", p, err)
		}
	}
}
