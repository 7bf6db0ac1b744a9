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
	// Kind and Off (16), Keys (24), Vals (24, an object's values or an
	// array's elements), Str (16) and Raw (24): 104, which the allocator
	// rounds to its 112-byte class.
	const want = 104
	if got := unsafe.Sizeof(Node{}); got != want {
		t.Errorf("unsafe.Sizeof(Node{}) = %d, want %d: a Node is allocated per value of every call the normalizer rewrites; keep it in its size class or say why it grows", got, want)
	}
}
