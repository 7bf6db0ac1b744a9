package jsonnode

import (
	"sync"

	"github.com/normgen/normgen/internal/jsonwire"
)

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
	p := validParsers.Get().(*validParser)
	p.data = data
	n := new(Node)
	*n, _ = p.value(jsonwire.SkipSpace(data, 0))
	p.data = nil
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

// validParser is ParseValid's state: the document and the stacks of the
// members of the containers being read, which a container's members are
// gathered on and copied from, into its own slices, when it ends.
type validParser struct {
	data []byte
	kids []Node // the members' values
	keys []byte // the object members' keys' text, one after the other
	ends []int  // where each key ends in keys
}

// value reads the valid JSON value at data[i] and returns its Node and
// the index after it.
func (p *validParser) value(i int) (Node, int) {
	data := p.data
	c := data[i]
	if c != '{' && c != '[' {
		end := jsonwire.SkipValue(data, i)
		return Node{Kind: scalarKind(c), Raw: data[i:end], Off: int64(i)}, end
	}
	n := Node{Kind: c, Off: int64(i)}
	kids, keys, ends := len(p.kids), len(p.keys), len(p.ends)
	i = jsonwire.SkipSpace(data, i+1)
	for data[i] != '}' && data[i] != ']' {
		if c == '{' {
			end, plain, _ := jsonwire.StringScan(data, i)
			if plain {
				p.keys = append(p.keys, data[i+1:end-1]...)
			} else {
				p.keys = append(p.keys, jsonwire.KeyText(data[i:end])...)
			}
			p.ends = append(p.ends, len(p.keys))
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
		all := string(p.keys[keys:])
		n.Keys = make([]string, len(p.ends)-ends)
		start := keys
		for k, end := range p.ends[ends:] {
			n.Keys[k] = all[start-keys : end-keys]
			start = end
		}
		p.keys, p.ends = p.keys[:keys], p.ends[:ends]
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
