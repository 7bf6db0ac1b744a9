// Package lru is a bounded map safe for concurrent use: the least
// recently used entry is dropped when a new one would make it hold more
// than its capacity, or (NewWeighted) weigh more than its bound. The
// deriver and the SDK adapters keep what they derive from a catalog in
// one, for the process.
package lru

import (
	"container/list"
	"sync"
)

// Cache maps keys to values, holding at most its capacity of them and,
// when weighted, at most its bound of their weight.
type Cache[K comparable, V any] struct {
	mu        sync.Mutex
	max       int
	maxWeight int64
	weigh     func(V) int64 // nil: unweighted
	weight    int64         // of the values held
	order     *list.List    // of *item[K, V], most recently used first
	items     map[K]*list.Element
}

type item[K comparable, V any] struct {
	key    K
	val    V
	weight int64
}

// New returns a cache holding at most capacity entries (at least one).
func New[K comparable, V any](capacity int) *Cache[K, V] {
	return &Cache[K, V]{max: max(capacity, 1), order: list.New(), items: map[K]*list.Element{}}
}

// NewWeighted returns a cache holding at most capacity entries whose
// weights (weigh, called once a value as it is added) add up to at most
// maxWeight, but for the entry added last: one heavier than maxWeight
// alone is held alone, so that what was just added is always found.
func NewWeighted[K comparable, V any](capacity int, maxWeight int64, weigh func(V) int64) *Cache[K, V] {
	c := New[K, V](capacity)
	c.maxWeight, c.weigh = maxWeight, weigh
	return c
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
	it := &item[K, V]{key: key, val: val}
	if c.weigh != nil {
		it.weight = c.weigh(val)
		c.weight += it.weight
	}
	c.items[key] = c.order.PushFront(it)
	for c.order.Len() > c.max || (c.weigh != nil && c.weight > c.maxWeight && c.order.Len() > 1) {
		last := c.order.Remove(c.order.Back()).(*item[K, V])
		delete(c.items, last.key)
		c.weight -= last.weight
	}
	return val
}

// Len returns the number of entries held.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// Weight returns the weight of the entries held (0 when unweighted).
func (c *Cache[K, V]) Weight() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.weight
}
