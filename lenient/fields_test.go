package lenient

import (
	"fmt"
	"testing"
)

// TestFieldsKnown: a Fields without Known (code generated since
// SupportPackageIsVersion11) reads unknown keys as one with Known set to
// KnownKeys(Keys) (version 10) does: the same fields, errors and fixes on
// the Decoder path, and Fast.UnknownIn gives up where UnknownOf does.
func TestFieldsKnown(t *testing.T) {
	keys := [][]string{{"query", "q"}, {"max_results", "maxResults", "max-results", "MaxResults"}, {"path"}}
	known := KnownKeys(keys)
	docs := []string{
		`{"query":"a","other":1}`,
		`{"Query":"a"}`,
		`{"MAX_RESULTS":2,"path":"p"}`,
		`{"q":"a","maxresults":3}`,
		`{"nmae":"x","path":"p","query":1}`,
		`{"\u212aey":1}`,
		`{}`,
	}
	for _, mode := range []Mode{0, RejectUnknown} {
		with := Fields{Keys: keys, Known: &known, Forms: make([]AbsentForms, len(keys)), Unknown: mode}
		without := Fields{Keys: keys, Forms: make([]AbsentForms, len(keys)), Unknown: mode}
		without.Forms[0] = Required
		with.Forms[0] = Required
		for _, doc := range docs {
			read := func(f *Fields) string {
				var d Decoder
				if !d.Start([]byte(doc), true) {
					return "not started"
				}
				var it ObjectIter
				if !d.Object([]byte(doc), "", Strict, &it) {
					return fmt.Sprint(d.Err())
				}
				seen := make([]bool, len(keys))
				var got []int
				for d.Next(&it) {
					got = append(got, d.Field(&it, seen, f))
				}
				d.Missed(seen, f)
				return fmt.Sprint(got, d.Err(), d.Fixes())
			}
			if a, b := read(&with), read(&without); a != b {
				t.Errorf("mode %d, %s: Known set %s, nil %s", mode, doc, a, b)
			}
			var f, g Fast
			if !f.Begin([]byte(doc)) || !f.Object(Strict) || !g.Begin([]byte(doc)) || !g.Object(Strict) {
				t.Fatal("begin")
			}
			for i := 0; ; i++ {
				k, ok := f.Key(i)
				gk, _ := g.Key(i)
				if !ok {
					break
				}
				if a, b := f.UnknownOf(k, known), g.UnknownIn(gk, &without); a != b {
					t.Errorf("%s, key %s: UnknownOf %v, UnknownIn %v", doc, k, a, b)
				}
				break // one member: the fast path gives up or skips it
			}
		}
	}
}
