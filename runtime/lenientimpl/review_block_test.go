package lenientimpl

import (
	"math/rand"
	"strings"
	"testing"
)

// TestReviewBlockBound: doc.go says short strings share blocks of at most
// 4 KB, and that a kept string keeps its block. A short string whose text
// is longer than its JSON form (invalid UTF-8: 1 byte becomes U+FFFD's 3)
// was unquoted with append into the room String reserved for its JSON
// form plus 8; past the block's capacity append moved the whole block to
// a larger array and d.block kept it. Repeated, the block grew without
// bound (98 KB on an array of 3,000 random short strings), and one kept
// string kept all of it. Fixed in ca3a5f8 (nonPlainRoom).
func TestReviewBlockBound(t *testing.T) {
	largest := func(doc []byte) int {
		var d Decoder
		if !d.Begin(doc) {
			t.Fatal(d.Err())
		}
		var a ArrayIter
		if !d.Array(doc, "", 0, &a) {
			t.Fatal("not an array")
		}
		n := 0
		for a.Next() {
			d.String(a.Value, "", 0)
			n = max(n, cap(d.block))
		}
		d.Err()
		return n
	}
	rng := rand.New(rand.NewSource(1))
	best := 0
	for trial := 0; trial < 40; trial++ {
		var sb strings.Builder
		sb.WriteByte('[')
		for i := 0; i < 3000; i++ {
			if i > 0 {
				sb.WriteByte(',')
			}
			c := "\xff"
			if rng.Intn(3) == 0 {
				c = "a"
			}
			sb.WriteString(`"` + strings.Repeat(c, 1+rng.Intn(64)) + `"`)
		}
		sb.WriteByte(']')
		best = max(best, largest([]byte(sb.String())))
	}
	if best > blockSize {
		t.Errorf("random short strings, valid and not: a block of %d bytes (at most %d)", best, blockSize)
	}
}
