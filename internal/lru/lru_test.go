package lru

import (
	"sync"
	"testing"
)

// TestCache: the least recently used entry goes first; the first value
// added for a key is the one kept; concurrent use is safe (go test -race).
func TestCache(t *testing.T) {
	c := New[string, int](2)
	c.Add("a", 1)
	c.Add("b", 2)
	if v, ok := c.Get("a"); !ok || v != 1 {
		t.Fatalf("a: %d %v", v, ok)
	}
	c.Add("c", 3) // b is the least recently used
	if _, ok := c.Get("b"); ok {
		t.Error("b kept past the capacity")
	}
	if got := c.Add("a", 9); got != 1 {
		t.Errorf("a added again: got %d, want the first value 1", got)
	}
	if c.Len() != 2 {
		t.Errorf("%d entries, want 2", c.Len())
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 1000 {
				c.Add(string(rune('a'+(i+j)%5)), j)
				c.Get(string(rune('a' + j%5)))
			}
		}()
	}
	wg.Wait()
	if c.Len() != 2 {
		t.Errorf("%d entries after concurrent use, want 2", c.Len())
	}
}
