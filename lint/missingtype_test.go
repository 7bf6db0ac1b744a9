package lint

import (
	"strings"
	"testing"
)

// TestMissingTypeAdvice: a schema without a type, for Gemini, is told to
// give the type of the values the server takes, not an object whatever
// the server reads (issue 39: a string type with its own UnmarshalJSON
// was advised the object spelling, which it refuses).
func TestMissingTypeAdvice(t *testing.T) {
	findings, err := CheckHosts([]byte(`[{"name":"paint","inputSchema":{"type":"object","properties":{"color":{}}}}]`), []Host{HostGemini})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		if f.Kind == KindMissingType {
			if !strings.Contains(f.Message, "give the type of the values the server takes") {
				t.Errorf("advice: %s", f.Message)
			}
			return
		}
	}
	t.Errorf("no missing-type finding: %+v", findings)
}
