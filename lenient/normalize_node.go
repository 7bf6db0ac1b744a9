package lenient

import "unicode/utf8"

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
	v = v[skipSpace(v, 0):]
	switch v[0] {
	case '{':
		n := &jnode{kind: '{'}
		var it ObjectIter
		it.Reset(v)
		for it.Next() {
			n.keys = append(n.keys, string(it.Key))
			n.vals = append(n.vals, parseNode(it.Value))
		}
		return n
	case '[':
		n := &jnode{kind: '['}
		var it ArrayIter
		it.Reset(v)
		for it.Next() {
			n.vals = append(n.vals, parseNode(it.Value))
		}
		return n
	}
	return &jnode{raw: v[:skipValue(v, 0)]}
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
			b = appendQuoted(b, k)
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

// appendQuoted appends s as a JSON string, escaping only what JSON
// requires: no HTML escaping.
func appendQuoted(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		case c < utf8.RuneSelf:
			b = append(b, c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		i++
	}
	return append(b, '"')
}
