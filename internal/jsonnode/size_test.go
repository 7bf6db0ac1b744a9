package jsonnode

import (
	"testing"
	"unsafe"
)

// TestNodeSize pins the size of a Node, so that growth is seen: the
// normalizer parses each call's arguments into one Node per value
// (ParseValid), and the bytes it allocates per call follow. The Node of
// 128 bytes that replaced the normalizer's own tree of 80 cost
// BenchmarkNormalizeNoFlush 19% and 22-56% more bytes per call (issue 26).
func TestNodeSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes pinned for 64-bit platforms")
	}
	// Kind, quoted and Off (16), Keys (24), Vals (24: an object's values
	// or an array's elements) and text (16: a string's value or JSON
	// text, a number's text): 80, an allocator size class, the size of
	// the normalizer's own tree before.
	const want = 80
	if got := unsafe.Sizeof(Node{}); got != want {
		t.Errorf("unsafe.Sizeof(Node{}) = %d, want %d: a Node is allocated per value of every call the normalizer rewrites; keep it in its size class or say why it grows", got, want)
	}
}
