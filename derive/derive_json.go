package derive

import (
	"iter"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
)

// Node is a JSON value that keeps the order of object keys and the text
// of numbers (see jsonnode.Node): the deriver reads and rewrites schemas
// and catalogs as Nodes. An object's members are its Keys and Vals (Get
// reads one); an array's elements are read with Items, a string's value
// with AsString, and any scalar's JSON text (a number as written, true,
// false, null) with Text.
type Node = jsonnode.Node

// PositionError is a JSON error at a line and column (both from 1).
type PositionError = jsonnode.PositionError

// ParseNode parses one JSON document. A syntax error, a duplicate key or
// trailing content is an error with its line and column.
func ParseNode(data []byte) (*Node, error) { return jsonnode.Parse(data) }

// Positioned returns err at the line and column of byte offset off of data.
func Positioned(data []byte, off int64, err error) error { return jsonnode.Positioned(data, off, err) }

func positioned(data []byte, off int64, err error) error {
	return jsonnode.Positioned(data, off, err)
}

// obj builds an object Node from key/value pairs.
func obj(kv ...any) *Node {
	v := &Node{Kind: '{'}
	for i := 0; i < len(kv); i += 2 {
		v.Keys = append(v.Keys, kv[i].(string))
		v.Vals = append(v.Vals, kv[i+1].(*Node))
	}
	return v
}

// jstr is a string Node.
func jstr(s string) *Node { return jsonnode.String(s) }

// join appends a member name to a field path ("a" + "b" is "a.b"); a
// name a rule path writes only in quoted brackets stands there as its
// token (nameToken): "" too, which the arguments' own path is not.
func join(path, name string) string {
	name = nameToken(name)
	if path == "" {
		return name
	}
	return path + "." + name
}

// above yields the paths above path, nearest first ("a.b[]" and "a" for
// "a.b[].c"): those its steps ".", "[]" and "{}" begin after.
func above(path string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := len(path) - 1; i > 0; i-- {
			if (path[i] == '.' || strings.HasPrefix(path[i:], "[]") || strings.HasPrefix(path[i:], "{}")) && !yield(path[:i]) {
				return
			}
		}
	}
}

// pointer is the node a local $ref names (jsonnode.Resolve), or nil
// where it names none.
func pointer(root *Node, ref string) *Node {
	n, err := jsonnode.Resolve(root, ref)
	if err != nil {
		return nil
	}
	return n
}
