package jsonnode

import "github.com/normgen/normgen/internal/jsonwire"

// ParseValid returns the Node of data, one JSON value that a validator
// has already checked: ParseValid does not check it again, and misreads
// (or panics on) anything else. It is Parse for a hot path: each byte is
// read once, however deep the value, a container's children are made in
// one slice and an object's keys share one string, and each scalar keeps
// its text verbatim in Raw (a string unescaped only when read, a number
// never rounded), so that Marshal writes back what was read byte for byte
// wherever the tree was not edited. The normalizer parses the arguments
// it rewrites with it.
func ParseValid(data []byte) *Node {
	n := new(Node)
	parseValid(n, data, jsonwire.SkipSpace(data, 0))
	return n
}

// Scalar returns the Node of one JSON scalar's text: a string with its
// quotes, a number, true, false or null. raw is kept as the Node's Raw.
func Scalar(raw []byte) *Node { return &Node{Kind: scalarKind(raw[0]), Raw: raw} }

// scalarKind is the Kind of the scalar whose text starts with c.
func scalarKind(c byte) byte {
	switch c {
	case '"', 'n':
		return c
	case 't', 'f':
		return 't'
	}
	return '0'
}

// parseValid builds in n the Node of the valid JSON value at data[i] and
// returns the index after it.
func parseValid(n *Node, data []byte, i int) int {
	c := data[i]
	if c != '{' && c != '[' {
		end := jsonwire.SkipValue(data, i)
		*n = Node{Kind: scalarKind(c), Raw: data[i:end], Off: int64(i)}
		return end
	}
	*n = Node{Kind: c, Off: int64(i)}
	// Most containers are small: their members are gathered on the
	// stack first.
	var kidBuf [16]Node
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
		kids = append(kids, Node{})
		i = jsonwire.SkipSpace(data, parseValid(&kids[len(kids)-1], data, i))
		if data[i] == ',' {
			i = jsonwire.SkipSpace(data, i+1)
		}
	}
	if c == '{' {
		all := string(keys)
		n.Keys = make([]string, len(keyEnds))
		start := 0
		for k, end := range keyEnds {
			n.Keys[k] = all[start:end]
			start = end
		}
	}
	if len(kids) > 0 {
		own := make([]Node, len(kids))
		copy(own, kids)
		ptrs := make([]*Node, len(own))
		for k := range own {
			ptrs[k] = &own[k]
		}
		if c == '{' {
			n.Vals = ptrs
		} else {
			n.Items = ptrs
		}
	}
	return i + 1
}

// Index returns the position of key in an object's Keys, or -1.
func (v *Node) Index(key string) int {
	for i, k := range v.Keys {
		if k == key {
			return i
		}
	}
	return -1
}
