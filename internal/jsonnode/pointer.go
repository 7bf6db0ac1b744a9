package jsonnode

import (
	"errors"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
)

// ErrNotLocal is the error of Resolve for a $ref that does not start with
// "#": a reference to another document, or a relative URI, which a
// schema's own tree cannot answer.
var ErrNotLocal = errors.New("not a reference into this document")

// Resolve returns the value a local $ref names in root: "#" is root
// itself, "#/a/0/b~1c" the value at a JSON Pointer (RFC 6901) written as
// a URI fragment, percent-encoded (RFC 6901 §6), as AJV and the Go
// validator read $refs. A $ref that names no value, or is not a JSON
// Pointer fragment ("#name", an anchor; "other.json#/a"), is an error.
func Resolve(root *Node, ref string) (*Node, error) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, fmt.Errorf("$ref %q: %w", ref, ErrNotLocal)
	}
	ptr, err := percentDecode(frag)
	if err != nil {
		return nil, fmt.Errorf("$ref %q: %v", ref, err)
	}
	v, err := root.Pointer(ptr)
	if err != nil {
		return nil, fmt.Errorf("$ref %q: %v", ref, err)
	}
	return v, nil
}

// percentDecode decodes a URI fragment's %XX escapes, as url.PathUnescape
// does (this package does not import net/url, whose net/netip a program
// linking package lenient, which imports this one, does not need).
func percentDecode(s string) (string, error) {
	if !strings.Contains(s, "%") {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) || !jsonwire.IsHex(s[i+1]) || !jsonwire.IsHex(s[i+2]) {
			end := min(i+3, len(s))
			return "", fmt.Errorf("invalid URL escape %q", s[i:end])
		}
		n, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
		b.WriteByte(byte(n))
		i += 2
	}
	return b.String(), nil
}

// Pointer returns the value at JSON Pointer ptr (RFC 6901) below v: "" is
// v itself, "/a/0" member "a"'s first element. In a token ~1 stands for
// / and ~0 for ~; an array index is 0 or digits without a leading zero
// ("-", the element after the last, names no value). A pointer that is
// not of that form, or names no value, is an error.
func (v *Node) Pointer(ptr string) (*Node, error) {
	cur := v
	for next, err := range v.walkPointer(ptr) {
		if err != nil {
			return nil, err
		}
		cur = next
	}
	return cur, nil
}

// Trail returns the values a local $ref passes on its way from root to
// the value it names (Resolve): the value each leading part of its JSON
// Pointer names, root left out, that value last. Where the pointer names
// no value, it returns the values up to where it stops; a $ref that is
// not a JSON Pointer fragment passes none.
func Trail(root *Node, ref string) []*Node {
	out, _ := TrailTo(root, ref)
	return out
}

// TrailTo is Trail, and whether the pointer names a value (the trail
// reaches its end).
func TrailTo(root *Node, ref string) (trail []*Node, named bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, false
	}
	ptr, err := percentDecode(frag)
	if err != nil {
		return nil, false
	}
	for next, err := range root.walkPointer(ptr) {
		if err != nil {
			return trail, false
		}
		trail = append(trail, next)
	}
	return trail, true
}

// walkPointer yields the value each reference token of JSON Pointer ptr
// leads to from v, in turn, or the error that stops it (see Pointer).
func (v *Node) walkPointer(ptr string) iter.Seq2[*Node, error] {
	return func(yield func(*Node, error) bool) {
		if ptr == "" {
			return
		}
		if ptr[0] != '/' {
			yield(nil, fmt.Errorf("JSON pointer %q does not start with /", ptr))
			return
		}
		cur := v
		for tok := range strings.SplitSeq(ptr[1:], "/") {
			name, err := unescapeToken(tok)
			if err != nil {
				yield(nil, fmt.Errorf("JSON pointer %q: %v", ptr, err))
				return
			}
			switch cur.Kind {
			case '{':
				cur = cur.Get(name)
				if cur == nil {
					yield(nil, fmt.Errorf("JSON pointer %q: no member %q", ptr, name))
					return
				}
			case '[':
				i, ok := arrayIndex(name)
				if !ok || i >= len(cur.Vals) {
					yield(nil, fmt.Errorf("JSON pointer %q: no element %q in an array of %d", ptr, name, len(cur.Vals)))
					return
				}
				cur = cur.Vals[i]
			default:
				yield(nil, fmt.Errorf("JSON pointer %q: %q is below a value that is not an object or array", ptr, name))
				return
			}
			if !yield(cur, nil) {
				return
			}
		}
	}
}

// unescapeToken reads one reference token: ~1 is /, ~0 is ~ (in that
// order, so ~01 is ~1), and a ~ before anything else is an error.
func unescapeToken(tok string) (string, error) {
	if !strings.Contains(tok, "~") {
		return tok, nil
	}
	var b strings.Builder
	for i := 0; i < len(tok); i++ {
		if tok[i] != '~' {
			b.WriteByte(tok[i])
			continue
		}
		if i+1 < len(tok) && (tok[i+1] == '0' || tok[i+1] == '1') {
			b.WriteByte("~/"[tok[i+1]-'0'])
			i++
			continue
		}
		return "", fmt.Errorf("%q has a ~ that is not ~0 or ~1", tok)
	}
	return b.String(), nil
}

// arrayIndex reads an array-index token: "0", or a digit from 1 to 9
// followed by digits.
func arrayIndex(tok string) (int, bool) {
	if tok == "" || tok[0] < '0' || tok[0] > '9' || tok[0] == '0' && len(tok) > 1 {
		return 0, false
	}
	for i := 1; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return 0, false
		}
	}
	i, err := strconv.Atoi(tok)
	return i, err == nil
}
