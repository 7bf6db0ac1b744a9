package jsonwire

import "hash/maphash"

// keySet finds a key given twice in one JSON object with more keys than
// the validator compares pairwise (smallKeys). It is an open-addressing
// hash table in one slice: one allocation per such object (two or three
// for hundreds of keys), where a map[string]struct{} allocates a string
// for every key. The keys it holds alias the caller's bytes.
type keySet struct {
	slots []keySlot
	n     int
}

type keySlot struct {
	hash uint64 // 0: empty (a real hash of 0 is stored as 1)
	key  []byte
}

// keySeed is the hash seed of every keySet; the hash only spreads keys
// over slots, equality is always checked on the bytes.
var keySeed = maphash.MakeSeed()

// Len is the number of keys added.
func (s *keySet) Len() int { return s.n }

// Add adds key and reports whether it was there already.
func (s *keySet) Add(key []byte) bool {
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	h := maphash.Bytes(keySeed, key)
	if h == 0 {
		h = 1
	}
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.hash == 0 {
			sl.hash, sl.key = h, key
			s.n++
			return false
		}
		if sl.hash == h && string(sl.key) == string(key) {
			return true
		}
	}
}

// grow doubles the table (64 slots at first) and re-inserts the keys.
func (s *keySet) grow() {
	old := s.slots
	size := 64
	if len(old) > 0 {
		size = 2 * len(old)
	}
	s.slots = make([]keySlot, size)
	mask := uint64(size - 1)
	for _, sl := range old {
		if sl.hash == 0 {
			continue
		}
		i := sl.hash & mask
		for s.slots[i].hash != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
	}
}
