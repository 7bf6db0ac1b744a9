package lenientimpl

import (
	"fmt"
	"testing"
)

// TestReviewCopiedTextIterator: ArrayIter is a value; a copy walked to its
// end (to look ahead, as Len's scanning path does with c := *it) must not
// end the JSON text for the original. At ca3a5f8 it marked the text's tape
// done, the first JSON text read inside gave that tape back, and the
// original read a released tape (its data nil: a panic) or one another
// Decoder had taken. Fixed in 6e09944 (text tapes stay until Err).
func TestReviewCopiedTextIterator(t *testing.T) {
	doc := []byte(`{"a":"[\"[1]\",\"[2]\",\"x\"]"}`)
	var d Decoder
	d.Begin(doc)
	var root ObjectIter
	d.Object(doc, "", 0, &root)
	d.Next(&root)
	var a ArrayIter
	if !d.Array(root.Value, "a", 0, &a) {
		t.Fatal(d.Err())
	}
	ahead := a
	n := 0
	for ahead.Next() {
		n++
	}
	var got []string
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("panic after %q: %v", got, r)
			}
		}()
		for a.Next() {
			var in ArrayIter
			if d.Array(a.Value, "", 0, &in) {
				for in.Next() {
					got = append(got, string(in.Value))
				}
			} else {
				got = append(got, d.String(a.Value, "", 0))
			}
		}
	}()
	if n != 3 || fmt.Sprint(got) != "[1 2 x]" {
		t.Errorf("looked ahead %d, then read %q", n, got)
	}
}
