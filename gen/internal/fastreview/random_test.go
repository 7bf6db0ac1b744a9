package fastreview

import (
	"errors"
	"flag"
	"math/rand"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

var nDocs = flag.Int("fastreview.n", 200, "documents per type and mess level in TestRandomDifferential")

// cleanMember reports whether a one-member document decodes into k
// without a problem other than an absent required field.
func cleanMember(k kind) func(string) bool {
	return func(doc string) bool {
		lenientimpl.DisableFast(true)
		defer lenientimpl.DisableFast(false)
		fixes, err := k.newZero().UnmarshalJSONReport([]byte(doc))
		for _, f := range fixes {
			switch f.Kind {
			case lenient.FixStringToInt, lenient.FixStringToFloat, lenient.FixStringToBool, lenient.FixJSONText, lenient.FixDefault:
			default:
				return false
			}
		}
		if err == nil {
			return true
		}
		var e *lenient.Error
		if !errors.As(err, &e) {
			return false
		}
		for _, p := range e.Problems {
			if p.Kind != lenient.KindMissing {
				return false
			}
		}
		return true
	}
}

// TestRandomDifferential decodes generated documents of every type with
// the fast path on and off and compares the results.
func TestRandomDifferential(t *testing.T) {
	for _, k := range kinds {
		for _, mess := range []int{400, 40, 8, 3} {
			g := &docGen{rng: rand.New(rand.NewSource(int64(mess)*7919 + int64(len(k.name)))), mess: mess, ok: cleanMember(k)}
			took, failures := 0, 0
			for i := 0; i < *nDocs; i++ {
				doc := g.doc(k.typ)
				if fastTakes(k, doc, false) {
					took++
				}
				d := differ(k, doc)
				if d == "" {
					continue
				}
				if failures++; failures <= 3 {
					t.Errorf("%s", d)
				}
			}
			t.Logf("%s mess=%d: %d docs, fast path took %d, %d differences", k.name, mess, *nDocs, took, failures)
		}
	}
}
