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

// TestProfileConsts checks that the generated schema constants are
// passed to lenientimpl.DerivedSchemas in its parameters' order: the portable
// schema, the openai-strict one, the gemini one (each profile once, and
// every profile that is not derived).
func TestProfileConsts(t *testing.T) {
	want := []lenient.Profile{lenient.ProfilePortable, lenient.ProfileOpenAIStrict, lenient.ProfileGemini}
	if len(want) != len(profileConsts) {
		t.Fatalf("profileConsts has %d profiles, lenientimpl.DerivedSchemas takes %d", len(profileConsts), len(want))
	}
	for i, pc := range profileConsts {
		if pc.profile != want[i] {
			t.Errorf("profileConsts[%d] is %s; lenientimpl.DerivedSchemas' parameter %d is %s", i, pc.profile, i, want[i])
		}
	}
}
