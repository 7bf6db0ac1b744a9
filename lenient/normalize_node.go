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
	n := new(jnode)
	parseInto(n, v)
	return n
}

// parseInto builds in n the node of validated JSON v. A container's
// children are made in one slice of nodes, and an object's keys share
// one string: a few allocations per container, not a few per member.
func parseInto(n *jnode, v []byte) {
	v = v[skipSpace(v, 0):]
	switch v[0] {
	case '{', '[':
	default:
		*n = jnode{raw: v[:skipValue(v, 0)]}
		return
	}
	*n = jnode{kind: v[0]}
	// Most containers are small: their members are gathered on the
	// stack first.
	var rawBuf [16][]byte
	raws := rawBuf[:0]
	var keyBuf [256]byte
	keyText := keyBuf[:0]
	var endBuf [16]int
	keyEnds := endBuf[:0]
	if n.kind == '{' {
		var it ObjectIter
		it.Reset(v)
		for it.Next() {
			keyText = append(keyText, it.Key...)
			keyEnds = append(keyEnds, len(keyText))
			raws = append(raws, it.Value)
		}
		all := string(keyText)
		n.keys = make([]string, len(keyEnds))
		start := 0
		for i, end := range keyEnds {
			n.keys[i] = all[start:end]
			start = end
		}
	} else {
		var it ArrayIter
		it.Reset(v)
		for it.Next() {
			raws = append(raws, it.Value)
		}
	}
	if len(raws) == 0 {
		return
	}
	kids := make([]jnode, len(raws))
	n.vals = make([]*jnode, len(raws))
	for i, raw := range raws {
		parseInto(&kids[i], raw)
		n.vals[i] = &kids[i]
	}
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
