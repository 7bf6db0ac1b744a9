package filesystem

import (
	"testing"

	"github.com/normgen/normgen/internal/rulecheck"
)

// TestRulesEqualDecoder: normalizing with the generated rules and then
// decoding strictly gives what the generated lenient decoder gives.
func TestRulesEqualDecoder(t *testing.T) {
	rulecheck.Run(t, NormgenTools(), nil, 2000)
}

// FuzzRulesEqualDecoder is TestRulesEqualDecoder over fuzzed calls.
func FuzzRulesEqualDecoder(f *testing.F) {
	rulecheck.Fuzz(f, NormgenTools(), nil)
}
