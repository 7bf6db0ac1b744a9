// Package jsonnode is normgen's one model of a JSON document that is read
// and rewritten rather than decoded: a tree of Nodes that keeps the order
// of object keys and the text of numbers, so that every key a reader does
// not know survives in place. The deriver (rules and lenient schemas from
// any schema) and the linter (normgen check) both read schemas as Nodes
// and follow their $refs with Resolve, one JSON Pointer reading for both;
// the rule normalizer reads the call arguments it rewrites with
// ParseValid, which keeps each scalar's text as sent.
//
// It imports the standard library and internal/jsonwire only, so that any
// package of normgen (the deriver, which adapters import, included) can
// use it.
package jsonnode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/jsonwire"
)

// Node is a JSON value that keeps what encoding/json's maps lose: the
// order of object keys and the text of numbers. The deriver reads and
// rewrites schemas and catalogs as Nodes, so that every key it does not
// know survives, in place, byte for byte in meaning.
//
// A scalar's value is read with AsString (a string's) and Text (its JSON
// text: a number as written, true, false, null, a string quoted), and
// made with String and Scalar.
type Node struct {
	// Kind is '{' (object), '[' (array), '"' (string), '0' (number),
	// 't' (true or false) or 'n' (null).
	Kind byte
	// quoted says that a string's text is its JSON text, quotes and
	// escapes included (as ParseValid read it or Scalar was given it),
	// not its value (as Parse and String give it).
	quoted bool
	// Off is the byte offset of the value in the parsed document.
	Off int64
	// Keys are an object's member names, in document order (nil for an
	// array).
	Keys []string
	// Vals are an object's member values (Keys[i]'s is Vals[i]) or an
	// array's elements (Items), in document order: one slice for both
	// keeps a Node small (a call's arguments are parsed into one per
	// value, see TestNodeSize).
	Vals []*Node
	// text is a scalar's: a string's value (or JSON text, when quoted),
	// a number as written, "true", "false" or "null". One field for the
	// two forms, not two, keeps a Node in the allocator's 80-byte class
	// (TestNodeSize).
	text string
}

// Parse parses one JSON document: checked by jsonwire's validator (the
// one validating scan of normgen's runtime) and read by ParseValid, its
// strings then holding their values. A syntax error (in encoding/json's
// words), a duplicate key or trailing content is an error with its line
// and column (a *PositionError).
func Parse(data []byte) (*Node, error) { return parse(data, false) }

// ParseLastKeyWins parses one JSON document as Parse does, but reads a
// key an object gives twice as encoding/json reads it into a map: its
// last value, in the place of its first.
func ParseLastKeyWins(data []byte) (*Node, error) { return parse(data, true) }

// ErrTrailing is the error, positioned, of Parse for content after the
// document's value.
var ErrTrailing = errors.New("unexpected content after the JSON value")

func parse(data []byte, lastWins bool) (*Node, error) {
	v := jsonwire.Validator{Collect: true}
	err := v.Valid(data)
	if v.NDups > 0 && !lastWins {
		// The first duplicate key, unless a syntax error comes first.
		var se *jsonwire.SyntaxError
		if off := v.Dups[0]; !errors.As(err, &se) || off < se.Offset {
			key := jsonwire.DupAt(data, off).Key
			return nil, positioned(data, int64(off), fmt.Errorf("duplicate key %q", key))
		}
	}
	if err != nil {
		return nil, parseError(data, err)
	}
	n := ParseValid(data)
	unquote(n, v.NDups > 0)
	return n, nil
}

// unquote makes the strings of a tree ParseValid read hold their values
// (Marshal quotes them as encoding/json does, as Parse's callers print
// them) and, when merge is set, reads a key an object gives twice as its
// last value in the place of its first.
func unquote(n *Node, merge bool) {
	switch n.Kind {
	case '"':
		if n.quoted {
			n.text, n.quoted = string(jsonwire.Unquote([]byte(n.text), nil)), false
		}
	case '{', '[':
		for _, kid := range n.Vals {
			unquote(kid, merge)
		}
		if merge && n.Kind == '{' {
			mergeDuplicates(n)
		}
	}
}

// mergeDuplicates keeps one member per key of object n: the last value,
// in the place of the first.
func mergeDuplicates(n *Node) {
	keys, vals := n.Keys[:0], n.Vals[:0]
	at := make(map[string]int, len(n.Keys))
	for i, k := range n.Keys {
		if j, ok := at[k]; ok {
			vals[j] = n.Vals[i]
			continue
		}
		at[k] = len(keys)
		keys, vals = append(keys, k), append(vals, n.Vals[i])
	}
	n.Keys, n.Vals = keys, vals
}

// parseError positions a syntax error of the validator, in the words
// encoding/json uses for the same document.
func parseError(data []byte, err error) error {
	e, ok := err.(*jsonwire.SyntaxError)
	if !ok {
		return err
	}
	if strings.HasSuffix(e.Msg, jsonwire.AfterValue) {
		return positioned(data, int64(e.Offset), ErrTrailing)
	}
	var se *json.SyntaxError
	if !errors.As(json.Unmarshal(data, new(any)), &se) {
		return positioned(data, int64(e.Offset), errors.New(e.Msg))
	}
	if se.Error() == "unexpected end of JSON input" {
		return positioned(data, int64(len(data)), se)
	}
	return positioned(data, se.Offset-1, se) // the offending byte
}

// PositionError is a JSON error at a line and column (both from 1).
type PositionError struct {
	Line, Col int
	Err       error
}

// Error formats the error as "line:col: message".
func (e *PositionError) Error() string { return fmt.Sprintf("%d:%d: %v", e.Line, e.Col, e.Err) }

// Unwrap returns the underlying error.
func (e *PositionError) Unwrap() error { return e.Err }

// Positioned returns err at the line and column of byte offset off of
// data (a *PositionError).
func Positioned(data []byte, off int64, err error) error { return positioned(data, off, err) }

func positioned(data []byte, off int64, err error) error {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	for off < int64(len(data)) && strings.IndexByte(" \t\r\n", data[off]) >= 0 {
		off++
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return &PositionError{Line: line, Col: col, Err: err}
}

// Get returns the value of an object's key, or nil.
func (v *Node) Get(key string) *Node {
	if v == nil || v.Kind != '{' {
		return nil
	}
	if i := v.Index(key); i >= 0 {
		return v.Vals[i]
	}
	return nil
}

// Set sets an object's key, in place when present, else at the end.
func (v *Node) Set(key string, val *Node) {
	for i, k := range v.Keys {
		if k == key {
			v.Vals[i] = val
			return
		}
	}
	v.Keys = append(v.Keys, key)
	v.Vals = append(v.Vals, val)
}

// Delete removes an object's key.
func (v *Node) Delete(key string) {
	for i, k := range v.Keys {
		if k == key {
			v.Keys = append(v.Keys[:i:i], v.Keys[i+1:]...)
			v.Vals = append(v.Vals[:i:i], v.Vals[i+1:]...)
			return
		}
	}
}

// Array returns an array Node of items.
func Array(items ...*Node) *Node { return &Node{Kind: '[', Vals: items} }

// Items returns an array's elements, or nil for a nil Node or any other
// kind.
func (v *Node) Items() []*Node {
	if v == nil || v.Kind != '[' {
		return nil
	}
	return v.Vals
}

// Append appends items to an array's elements.
func (v *Node) Append(items ...*Node) { v.Vals = append(v.Vals, items...) }

// Shallow returns a copy of v's own keys and values (its members or
// elements), whose values are v's: setting or deleting one of the copy's
// keys leaves v as it is, changing a value in place changes both.
func (v *Node) Shallow() *Node {
	if v == nil {
		return nil
	}
	c := *v
	c.Keys, c.Vals = slices.Clone(v.Keys), slices.Clone(v.Vals)
	return &c
}

// Clone returns a deep copy. Its Nodes, keys and values are allocated in
// three slabs, not three allocations a Node: the deriver copies whole
// subtrees of large schemas. Each Node's Keys and Vals are capped at their
// length, so that appending to one never writes into another's.
func (v *Node) Clone() *Node {
	if v == nil {
		return nil
	}
	var n, keys, vals int
	v.count(&n, &keys, &vals)
	c := cloner{nodes: make([]Node, n), keys: make([]string, keys), vals: make([]*Node, vals)}
	return c.clone(v)
}

// count adds v's Nodes, keys and values, v's own and its descendants', to
// n, keys and vals.
func (v *Node) count(n, keys, vals *int) {
	*n++
	*keys += len(v.Keys)
	*vals += len(v.Vals)
	for _, x := range v.Vals {
		if x != nil {
			x.count(n, keys, vals)
		}
	}
}

// cloner hands out the slabs Clone allocated, in order.
type cloner struct {
	nodes []Node
	keys  []string
	vals  []*Node
}

// clone copies v, and what it holds, into the slabs.
func (c *cloner) clone(v *Node) *Node {
	out := &c.nodes[0]
	c.nodes = c.nodes[1:]
	*out = Node{Kind: v.Kind, quoted: v.quoted, text: v.text, Off: v.Off}
	if v.Keys != nil {
		k := len(v.Keys)
		out.Keys = c.keys[:k:k]
		c.keys = c.keys[k:]
		copy(out.Keys, v.Keys)
	}
	if v.Vals != nil {
		k := len(v.Vals)
		out.Vals = c.vals[:k:k]
		c.vals = c.vals[k:]
		for i, x := range v.Vals {
			if x != nil {
				out.Vals[i] = c.clone(x)
			}
		}
	}
	return out
}

// String returns a string Node of value s.
func String(s string) *Node { return &Node{Kind: '"', text: s} }

// AsString returns a string's value and true, or "" and false for a nil
// Node or any other kind. A string read as JSON text is unquoted as
// encoding/json reads it (invalid UTF-8 and lone surrogates become
// U+FFFD); without escapes, its value is part of its text, not a copy.
func (v *Node) AsString() (string, bool) {
	if v == nil || v.Kind != '"' {
		return "", false
	}
	if !v.quoted {
		return v.text, true
	}
	if inner := v.text[1 : len(v.text)-1]; strings.IndexByte(inner, '\\') < 0 && utf8.ValidString(inner) {
		return inner, true
	}
	return string(jsonwire.Unquote([]byte(v.text), nil)), true
}

// Held returns a string's text as the Node holds it, without copying:
// its JSON text, quotes and escapes included, when quoted is true (as
// ParseValid reads a string and Scalar is given one), else its value (as
// String is given it). Two strings that hold the same text the same way
// have the same value: a cache keyed by a Node checks with Held, in time
// that does not grow with the text when the Node was not written since
// (one string, compared by its pointer first), that the value it cached
// is still the Node's.
func (v *Node) Held() (text string, quoted bool) { return v.text, v.quoted }

// Text returns a scalar's JSON text: a number as written, true, false,
// null, or a string with its quotes (as read, escapes included, when
// ParseValid read it or Scalar was given it; else as Marshal writes
// it). It is "" for a nil Node, an object or an array.
func (v *Node) Text() string {
	switch {
	case v == nil:
		return ""
	case v.Kind == 'n':
		return "null"
	case v.Kind == '"' && !v.quoted:
		return string(appendString(nil, v.text))
	}
	return v.text
}

// Marshal encodes v compactly, keys in order, numbers as written, without
// HTML escaping.
func (v *Node) Marshal() []byte { return v.append(nil) }

// MarshalText returns Marshal's bytes as a string, written into a
// reused buffer: its one allocation is the string's (a cache key, a text
// to compare), where Marshal grows a buffer of its own for each value.
func (v *Node) MarshalText() string {
	bp := buffers.Get().(*[]byte)
	b := v.append((*bp)[:0])
	text := string(b)
	*bp = b[:0]
	buffers.Put(bp)
	return text
}

// SameJSON reports whether a and b marshal alike (Marshal), writing
// both into reused buffers.
func SameJSON(a, b *Node) bool {
	ap, bp := buffers.Get().(*[]byte), buffers.Get().(*[]byte)
	x, y := a.append((*ap)[:0]), b.append((*bp)[:0])
	same := bytes.Equal(x, y)
	*ap, *bp = x[:0], y[:0]
	buffers.Put(ap)
	buffers.Put(bp)
	return same
}

// buffers are MarshalText's and SameJSON's.
var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// MarshalJSON implements json.Marshaler.
func (v *Node) MarshalJSON() ([]byte, error) { return v.Marshal(), nil }

// MarshalIndent encodes v with two-space indentation and a final newline.
func (v *Node) MarshalIndent() []byte {
	var b bytes.Buffer
	if err := json.Indent(&b, v.Marshal(), "", "  "); err != nil {
		panic(err) // Marshal always produces valid JSON
	}
	b.WriteByte('\n')
	return b.Bytes()
}

// MarshalCanonical encodes v as Marshal does, but each string (keys are
// already) as encoding/json quotes its value, whatever escapes its text
// was read with: two Nodes of the same value give the same bytes. It is
// for a value written into a string, where the escapes a text was read
// with would become part of the string's value.
func (v *Node) MarshalCanonical() []byte { return v.write(nil, true) }

func (v *Node) append(b []byte) []byte { return v.write(b, false) }

// write appends v's JSON text to b: strings as read (Marshal), or, with
// canonical, as encoding/json quotes their values (MarshalCanonical).
func (v *Node) write(b []byte, canonical bool) []byte {
	switch v.Kind {
	case '{':
		b = append(b, '{')
		for i, k := range v.Keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			b = v.Vals[i].write(b, canonical)
		}
		return append(b, '}')
	case '[':
		b = append(b, '[')
		for i, x := range v.Vals {
			if i > 0 {
				b = append(b, ',')
			}
			b = x.write(b, canonical)
		}
		return append(b, ']')
	case '"':
		switch {
		case canonical:
			s, _ := v.AsString()
			return appendString(b, s)
		case v.quoted:
			return append(b, v.text...)
		}
		return appendString(b, v.text)
	case 'n':
		return append(b, "null"...)
	default: // a number, true or false
		return append(b, v.text...)
	}
}

// appendString appends s quoted as encoding/json (of Go 1.26) quotes it
// without HTML escaping (jsonwire.AppendQuoteEncodingJSON).
func appendString(b []byte, s string) []byte { return jsonwire.AppendQuoteEncodingJSON(b, s) }
