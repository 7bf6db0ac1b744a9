// Package lru is a bounded map safe for concurrent use: the least
// recently used entry is dropped when a new one would make it hold more
// than its capacity. The deriver and the SDK adapters keep what they
// derive from a catalog in one, for the process.
package lru

import (
	"container/list"
	"sync"
)

// Cache maps keys to values, holding at most its capacity of them.
type Cache[K comparable, V any] struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *item[K, V], most recently used first
	items map[K]*list.Element
}

type item[K comparable, V any] struct {
	key K
	val V
}

// New returns a cache holding at most capacity entries (at least one).
func New[K comparable, V any](capacity int) *Cache[K, V] {
	return &Cache[K, V]{max: max(capacity, 1), order: list.New(), items: map[K]*list.Element{}}
}

// Get returns the value of key, and whether the cache holds it.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*item[K, V]).val, true
}

// Add sets the value of key, dropping the least recently used entry when
// the cache is full. It returns the value the cache holds for key: val,
// or the one another goroutine added first (so that every caller shares
// one value per key).
func (c *Cache[K, V]) Add(key K, val V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*item[K, V]).val
	}
	c.items[key] = c.order.PushFront(&item[K, V]{key, val})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*item[K, V]).key)
	}
	return val
}

// Len returns the number of entries held.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
