package derive

import (
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/linkdeps"
)

// TestLinks: the deriver links the standard library, lenient (and its
// generated-code ABI, runtime/lenientimpl), lint (the hosts' rules) and
// internal packages only (the package doc's promise, which the
// adapters rely on): no schema generator, nothing third-party.
func TestLinks(t *testing.T) {
	g, err := linkdeps.List(".", ".")
	if err != nil {
		t.Fatal(err)
	}
	allowed := []string{"github.com/normgen/normgen/lenient", "github.com/normgen/normgen/runtime/lenientimpl", "github.com/normgen/normgen/lint", "github.com/normgen/normgen/internal/"}
	for _, c := range g.Find([]string{""}) { // every package linked
		p := c[len(c)-1]
		ok := !strings.Contains(strings.Split(p, "/")[0], ".") || p == "github.com/normgen/normgen/derive" // standard library
		for _, a := range allowed {
			ok = ok || p == a || strings.HasSuffix(a, "/") && strings.HasPrefix(p, a)
		}
		if !ok {
			t.Errorf("derive links %s", strings.Join(c, " -> "))
		}
	}
}
