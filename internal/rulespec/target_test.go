package rulespec

import (
	"testing"

	"github.com/normgen/normgen/lenient"
)

// parsedTargetPath is TargetPath as it reads every path: parsed, then
// written back.
func parsedTargetPath(r lenient.Rule) string {
	segs, err := Target(&r)
	if err != nil {
		return ""
	}
	return PathString(segs)
}

// TestTargetPathPlain: TargetPath spells every path as parsing it and
// writing it back does, the plain ones it reads without parsing among
// them: each string of up to 5 characters over a rule path's own
// characters, as a path and as a top-level key.
func TestTargetPathPlain(t *testing.T) {
	const alphabet = `a.[]{}"-!<(|)*`
	var gen func(prefix string, n int)
	checked := 0
	gen = func(prefix string, n int) {
		for _, r := range []lenient.Rule{{Type: lenient.RuleTypeCoerce, Path: prefix}, {Type: lenient.RuleTypeCoerce, From: prefix}} {
			if got, want := TargetPath(r), parsedTargetPath(r); got != want {
				t.Fatalf("TargetPath(path %q, from %q) = %q, want %q", r.Path, r.From, got, want)
			}
			checked++
		}
		if n == 0 {
			return
		}
		for i := range len(alphabet) {
			gen(prefix+alphabet[i:i+1], n-1)
		}
	}
	gen("", 5)
	for _, p := range []string{"steps[].id", "a.b{}.c[]", "x-y_z.Q9[]{}", "a.b.", "a..b", "a[]b", ".a", "[]a", "a[b]", `a["b.c"]`} {
		r := lenient.Rule{Type: lenient.RuleTypeCoerce, Path: p}
		if got, want := TargetPath(r), parsedTargetPath(r); got != want {
			t.Errorf("TargetPath(%q) = %q, want %q", p, got, want)
		}
	}
	t.Logf("%d rules", checked)
}
