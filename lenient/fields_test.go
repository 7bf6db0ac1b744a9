package lenient

import (
	"fmt"
	"slices"
	"testing"
)

// TestFieldsKnown: Decoder.Field, which makes the list of known keys only
// for an unknown key, reads unknown keys as generated code calling Take
// and Unknown with KnownKeys(Keys) (SupportPackageIsVersion9) does: the
// same errors and fixes; and Fast.UnknownIn gives up where UnknownOf
// does.
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
		without := Fields{Keys: keys, Forms: make([]AbsentForms, len(keys)), Unknown: mode}
		without.Forms[0] = Required
		for _, doc := range docs {
			// field is Decoder.Field, or, with take, what version-9 code
			// does itself: Take on each field's keys, Unknown with the
			// list of every key.
			read := func(take bool) string {
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
					if !take {
						got = append(got, d.Field(&it, seen, &without))
						continue
					}
					i := slices.IndexFunc(keys, func(ks []string) bool { return slices.Contains(ks, string(it.Key)) })
					switch {
					case i < 0:
						d.Unknown(it.Key, mode, known)
					case !d.Take(&seen[i], &it, keys[i], without.Forms[i]):
						i = -1
					}
					got = append(got, i)
				}
				d.Missed(seen, &without)
				return fmt.Sprint(got, d.Err(), d.Fixes())
			}
			if a, b := read(true), read(false); a != b {
				t.Errorf("mode %d, %s: Take and Unknown %s, Decoder.Field %s", mode, doc, a, b)
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
