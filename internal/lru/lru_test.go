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

// TestCacheWeight: past its weight the cache drops the least recently
// used entries, as past its capacity; an entry heavier than the bound
// alone is held alone (the one just added is never dropped), and Weight
// follows what is held.
func TestCacheWeight(t *testing.T) {
	c := NewWeighted[string, string](10, 8, func(v string) int64 { return int64(len(v)) })
	c.Add("a", "xxx")
	c.Add("b", "xxx")
	if c.Weight() != 6 || c.Len() != 2 {
		t.Fatalf("weight %d, %d entries; want 6, 2", c.Weight(), c.Len())
	}
	c.Get("a")
	c.Add("c", "xxx") // 9 > 8: b, the least recently used, goes
	if _, ok := c.Get("b"); ok {
		t.Error("b kept past the weight")
	}
	if _, ok := c.Get("a"); !ok {
		t.Error("a dropped, though b was used less recently")
	}
	if c.Weight() != 6 {
		t.Errorf("weight %d after a drop, want 6", c.Weight())
	}
	c.Add("big", "xxxxxxxxxxxx") // 12 > 8 alone
	if v, ok := c.Get("big"); !ok || v != "xxxxxxxxxxxx" {
		t.Error("an entry heavier than the bound was dropped as it was added")
	}
	if c.Len() != 1 || c.Weight() != 12 {
		t.Errorf("%d entries of weight %d beside a heavy one, want it alone (1, 12)", c.Len(), c.Weight())
	}
	c.Add("d", "x")
	if c.Len() != 1 || c.Weight() != 1 {
		t.Errorf("%d entries of weight %d after a light one, want 1, 1", c.Len(), c.Weight())
	}
	if n := New[string, string](3); n.Weight() != 0 {
		t.Errorf("an unweighted cache weighs %d, want 0", n.Weight())
	}
}
