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
// passed to lenient.ProfileSchemas in its parameters' order, Profiles'.
func TestProfileConsts(t *testing.T) {
	ps := lenient.Profiles()
	if len(ps) != len(profileConsts) {
		t.Fatalf("lenient.Profiles() has %d profiles, profileConsts %d", len(ps), len(profileConsts))
	}
	for i, pc := range profileConsts {
		if pc.profile != ps[i] {
			t.Errorf("profileConsts[%d] is %s; lenient.Profiles()[%d] is %s", i, pc.profile, i, ps[i])
		}
	}
}
