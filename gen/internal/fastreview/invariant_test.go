package fastreview

import (
	"testing"

	"github.com/normgen/normgen/internal/invariant"
	"github.com/normgen/normgen/internal/rulecheck"
)

// TestInvariantGenerated: on calls generated from each tool's type (every
// form internal/rulecheck's generator makes), the schema in each profile
// accepts what the decoder accepts, and what the decoder refuses that a
// validator takes is refused for a documented class.
func TestInvariantGenerated(t *testing.T) {
	calls, err := rulecheck.Calls(NormgenTools(), 100)
	if err != nil {
		t.Fatal(err)
	}
	invariant.CheckGenerated(t, NormgenTools(), calls)
}

// FuzzInvariant is TestInvariantGenerated over fuzzed calls, with the Go
// validator (invariant.Fuzz), from the seeds and generated calls.
func FuzzInvariant(f *testing.F) {
	calls, err := rulecheck.Calls(NormgenTools(), 10)
	if err != nil {
		f.Fatal(err)
	}
	for name, s := range ruleSeeds {
		calls[name] = append(calls[name], s...)
	}
	invariant.Fuzz(f, NormgenTools(), calls)
}
