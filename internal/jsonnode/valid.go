package jsonnode

import (
	"sync"

	"github.com/normgen/normgen/internal/jsonwire"
)

// ParseValid returns the Node of data, one JSON value that a validator
// has already checked: ParseValid does not check it again, and misreads
// (or panics on) anything else. It is Parse for a hot path: each byte is
// read once, however deep the value, a container's children are made in
// one slice, and data is copied once, into one string that each
// scalar's text and each key without escapes is part of. A scalar keeps
// its JSON text verbatim (a string unescaped only when read, a number
// never rounded), so that Marshal writes back what was read byte for
// byte wherever the tree was not edited. The normalizer parses the
// arguments it rewrites with it.
func ParseValid(data []byte) *Node {
	p := validParsers.Get().(*validParser)
	p.data, p.doc = data, string(data)
	n := new(Node)
	*n, _ = p.value(jsonwire.SkipSpace(data, 0))
	p.data, p.doc = nil, ""
	if cap(p.kids) <= maxPooledKids {
		validParsers.Put(p)
	}
	return n
}

// validParsers keeps ParseValid's stacks from one call to the next, so
// that a document's containers cost their own slices only.
var validParsers = sync.Pool{New: func() any { return new(validParser) }}

// maxPooledKids bounds the member stack a pooled parser keeps.
const maxPooledKids = 1 << 10

// Scalar returns the Node of one JSON scalar's text: a string with its
// quotes (and escapes), a number, true, false or null.
func Scalar(text string) *Node {
	return &Node{Kind: scalarKind(text[0]), quoted: text[0] == '"', text: text}
}

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

// validParser is ParseValid's state: the document (as read and as one
// string) and the stacks of the members of the containers being read,
// which a container's members are gathered on and copied from, into its
// own slices, when it ends.
type validParser struct {
	data []byte
	doc  string
	kids []Node   // the members' values
	keys []string // the object members' keys
}

// value reads the valid JSON value at data[i] and returns its Node and
// the index after it.
func (p *validParser) value(i int) (Node, int) {
	data := p.data
	c := data[i]
	if c != '{' && c != '[' {
		end := jsonwire.SkipValue(data, i)
		return Node{Kind: scalarKind(c), quoted: c == '"', text: p.doc[i:end], Off: int64(i)}, end
	}
	n := Node{Kind: c, Off: int64(i)}
	kids, keys := len(p.kids), len(p.keys)
	i = jsonwire.SkipSpace(data, i+1)
	for data[i] != '}' && data[i] != ']' {
		if c == '{' {
			end, plain, _ := jsonwire.StringScan(data, i)
			key := p.doc[i+1 : end-1]
			if !plain {
				key = string(jsonwire.KeyText(data[i:end]))
			}
			p.keys = append(p.keys, key)
			i = jsonwire.SkipSpace(data, end)
			i = jsonwire.SkipSpace(data, i+1) // ':'
		}
		kid, next := p.value(i)
		p.kids = append(p.kids, kid)
		i = jsonwire.SkipSpace(data, next)
		if data[i] == ',' {
			i = jsonwire.SkipSpace(data, i+1)
		}
	}
	if c == '{' {
		n.Keys = make([]string, len(p.keys)-keys)
		copy(n.Keys, p.keys[keys:])
		clear(p.keys[keys:]) // no document kept alive by the pool
		p.keys = p.keys[:keys]
	}
	if len(p.kids) > kids {
		own := make([]Node, len(p.kids)-kids)
		copy(own, p.kids[kids:])
		clear(p.kids[kids:]) // no stale pointers kept alive
		p.kids = p.kids[:kids]
		ptrs := make([]*Node, len(own))
		for k := range own {
			ptrs[k] = &own[k]
		}
		n.Vals = ptrs
	}
	return n, i + 1
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
