package lenientimpl

import "github.com/normgen/normgen/internal/jsonwire"

// joinPath appends an object key to a path.
func joinPath(path, key string) string { return string(jsonwire.AppendKey([]byte(path), key)) }

// ObjectIter walks the members of a validated JSON object without
// allocating: Key is the unescaped key (valid until the next call), Value
// the raw JSON of the member's value.
type ObjectIter struct {
	data  []byte
	pos   int
	Key   []byte // the member's key, unescaped
	Value []byte // the member's raw JSON value
	// t, when set, outlines the object: members are read from entries
	// k (a key, then its value) up to stop instead of being scanned.
	t       *tape
	k, stop int32
}

// fromTape makes it walk the members of the object at entry k of t.
func (it *ObjectIter) fromTape(t *tape, k int32) {
	it.t, it.k, it.stop = t, k+1, t.E[k].Next
}

// Reset starts iteration over the validated object obj (which begins with
// '{', possibly after white space).
func (it *ObjectIter) Reset(obj []byte) {
	*it = ObjectIter{data: obj, pos: jsonwire.SkipSpace(obj, 0) + 1}
}

// Next advances to the next member and reports whether there is one.
func (it *ObjectIter) Next() bool {
	if t := it.t; t != nil {
		if it.k >= it.stop {
			return false
		}
		key := &t.E[it.k]
		if key.Aux&jsonwire.TapePlain != 0 {
			it.Key = t.Data[key.Start+1 : key.End-1]
		} else {
			it.Key = jsonwire.KeyText(t.Data[key.Start:key.End])
		}
		vk := it.k + 1
		val := &t.E[vk]
		it.Value = t.Data[val.Start:val.End]
		t.Cur, it.k = vk, val.Next
		return true
	}
	d := it.data
	i := jsonwire.SkipSpace(d, it.pos)
	if i < len(d) && d[i] == ',' {
		i = jsonwire.SkipSpace(d, i+1)
	}
	if i >= len(d) || d[i] != '"' {
		return false
	}
	kend, plain, _ := jsonwire.StringScan(d, i)
	if plain {
		it.Key = d[i+1 : kend-1]
	} else {
		it.Key = jsonwire.KeyText(d[i:kend])
	}
	i = jsonwire.SkipSpace(d, kend)
	i = jsonwire.SkipSpace(d, i+1) // ':'
	end := jsonwire.SkipValue(d, i)
	it.Value = d[i:end]
	it.pos = end
	return true
}

// ArrayIter walks the elements of a validated JSON array.
type ArrayIter struct {
	data  []byte
	pos   int
	n     int
	Value []byte // the current element's raw JSON
	one   bool   // iterating a single wrapped value
	// t, when set, outlines the array: elements are read from entries k
	// up to stop instead of being scanned, and there are count of them.
	t              *tape
	k, stop, count int32
}

// fromTape makes it walk the elements of the array at entry k of t.
func (it *ArrayIter) fromTape(t *tape, k int32) {
	e := &t.E[k]
	it.t, it.k, it.stop, it.count = t, k+1, e.Next, e.Aux
}

// reset starts iteration over the validated array arr.
func (it *ArrayIter) reset(arr []byte) {
	*it = ArrayIter{data: arr, pos: jsonwire.SkipSpace(arr, 0) + 1}
}

// resetOne iterates over the single value v as if it were [v].
func (it *ArrayIter) resetOne(v []byte) {
	*it = ArrayIter{data: v, one: true}
}

// Next advances to the next element and reports whether there is one.
func (it *ArrayIter) Next() bool {
	if it.one {
		if it.pos > 0 {
			return false
		}
		it.Value, it.pos, it.n = it.data, 1, 1
		return true
	}
	if t := it.t; t != nil {
		if it.k >= it.stop {
			return false
		}
		e := &t.E[it.k]
		it.Value = t.Data[e.Start:e.End]
		t.Cur, it.k = it.k, e.Next
		it.n++
		return true
	}
	d := it.data
	i := jsonwire.SkipSpace(d, it.pos)
	if i < len(d) && d[i] == ',' {
		i = jsonwire.SkipSpace(d, i+1)
	}
	if i >= len(d) || d[i] == ']' {
		return false
	}
	end := jsonwire.SkipValue(d, i)
	it.Value = d[i:end]
	it.pos = end
	it.n++
	return true
}

// Index is the position of the current element.
func (it *ArrayIter) Index() int { return it.n - 1 }

// Len counts the elements without moving the iterator.
func (it *ArrayIter) Len() int {
	if it.one {
		return 1
	}
	if it.t != nil {
		return int(it.count)
	}
	c := *it
	c.pos = jsonwire.SkipSpace(it.data, 0) + 1
	n := 0
	for c.Next() {
		n++
	}
	return n
}
