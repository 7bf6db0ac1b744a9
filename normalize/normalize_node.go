package normalize

import "github.com/normgen/normgen/internal/jsonwire"

// jnode is a JSON value that keeps its key order and the exact text of its
// scalars, so that a payload the normalizer changes is re-encoded without
// reordering keys, rounding numbers or escaping HTML.
type jnode struct {
	kind byte     // '{', '[' or 0 for a scalar
	raw  []byte   // a scalar's JSON text, verbatim
	keys []string // object keys, in order
	vals []*jnode // object values or array elements
}

// parseNode builds a node from validated JSON.
func parseNode(v []byte) *jnode {
	n := new(jnode)
	parseAt(n, v, jsonwire.SkipSpace(v, 0))
	return n
}

// parseAt builds in n the node of the validated JSON value at data[i]
// and returns the index after it. Each byte is read once, however deep
// the value (iterating each level with skipValue would read a level's
// bytes again for every level above it). A container's children are
// made in one slice of nodes, and an object's keys share one string: a
// few allocations per container, not a few per member.
func parseAt(n *jnode, data []byte, i int) int {
	c := data[i]
	if c != '{' && c != '[' {
		end := jsonwire.SkipValue(data, i)
		*n = jnode{raw: data[i:end]}
		return end
	}
	*n = jnode{kind: c}
	// Most containers are small: their members are gathered on the
	// stack first.
	var kidBuf [16]jnode
	kids := kidBuf[:0]
	var keyBuf [256]byte
	keys := keyBuf[:0] // the object's keys' text, one after the other
	var endBuf [16]int
	keyEnds := endBuf[:0]
	i = jsonwire.SkipSpace(data, i+1)
	for data[i] != '}' && data[i] != ']' {
		if c == '{' {
			end, plain, _ := jsonwire.StringScan(data, i)
			if plain {
				keys = append(keys, data[i+1:end-1]...)
			} else {
				keys = append(keys, jsonwire.KeyText(data[i:end])...)
			}
			keyEnds = append(keyEnds, len(keys))
			i = jsonwire.SkipSpace(data, end)
			i = jsonwire.SkipSpace(data, i+1) // ':'
		}
		kids = append(kids, jnode{})
		i = jsonwire.SkipSpace(data, parseAt(&kids[len(kids)-1], data, i))
		if data[i] == ',' {
			i = jsonwire.SkipSpace(data, i+1)
		}
	}
	if c == '{' {
		all := string(keys)
		n.keys = make([]string, len(keyEnds))
		start := 0
		for k, end := range keyEnds {
			n.keys[k] = all[start:end]
			start = end
		}
	}
	if len(kids) > 0 {
		own := make([]jnode, len(kids))
		copy(own, kids)
		n.vals = make([]*jnode, len(own))
		for k := range own {
			n.vals[k] = &own[k]
		}
	}
	return i + 1
}

// index returns the position of key in an object node, or -1.
func (n *jnode) index(key string) int {
	for i, k := range n.keys {
		if k == key {
			return i
		}
	}
	return -1
}

func (n *jnode) isString() bool { return n.kind == 0 && len(n.raw) > 0 && n.raw[0] == '"' }

// empty reports whether a value counts as absent for nested defaults:
// null or "".
func (n *jnode) empty() bool {
	return n.kind == 0 && (string(n.raw) == "null" || string(n.raw) == `""`)
}

// encode appends the node's compact JSON.
func (n *jnode) encode(b []byte) []byte {
	switch n.kind {
	case '{':
		b = append(b, '{')
		for i, k := range n.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonwire.AppendQuote(b, k)
			b = append(b, ':')
			b = n.vals[i].encode(b)
		}
		return append(b, '}')
	case '[':
		b = append(b, '[')
		for i, v := range n.vals {
			if i > 0 {
				b = append(b, ',')
			}
			b = v.encode(b)
		}
		return append(b, ']')
	}
	return append(b, n.raw...)
}
