package normalize

import (
	"encoding/json"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// mapTree is a caller's arguments map (Normalize) read as the node tree
// NormalizeJSON's rules apply to, so that both entry points run one
// engine. The root holds the members whose keys the rules read (no rule
// reads or writes any other); the value of a member is a placeholder
// (Kind 0) until a rule reads it, and is then made into nodes, with the
// arrays and objects it holds.
//
// A node made from a Go value has Off -1-i, i the index of that value in
// vals (the nodes ParseValid and the rules make have Off 0 or more), so
// that writing back keeps the caller's own value wherever no rule
// replaced it: a float64 stays a float64, an int an int, and a nested
// map or array is the same one, changed in place.
type mapTree struct {
	root jsonnode.Node
	vals []goValue
	slab []jsonnode.Node // where nodes are made, a chunk at a time
	// holders are the placeholders: holders[i] has Off -1-i, and no rule
	// changes it (ready makes a member into nodes before a rule reads
	// it), so that a pooled tree's holders serve again as they are.
	holders []jsonnode.Node
	members int // the root's members are the first vals
	// building are the maps and slices node is making into nodes, one
	// inside the other, and inSet the same as a set once they are more
	// than onStack (enter)
	building []cycleKey
	inSet    map[cycleKey]bool
}

// goValue is a value of the caller's map, and how the rules may read it.
type goValue struct {
	v    any
	key  string // its key, when it is an object's member
	kind goKind
	kept bool // writeObject: a member still under its key
	// json is a value of another Go type's JSON, as its nodes were made
	json string
	// a map's members are vals[first:end]
	first, end int
}

// goKind is how the rules read a Go value (mapTree.keeps): as the JSON
// encoding/json writes for it, but for the values the rules leave as
// they are.
type goKind uint8

const (
	goJSON    goKind = iota // a value of the types a decoded object holds
	goFloat                 // a float64 (from a plain json.Unmarshal): no type_coerce
	goRounded               // a float64 integer of 2^53 or more, whose digits may be lost
	goOther                 // another Go type: read as its JSON, and written back as the JSON decoded where a rule changed it
	goBroken                // a value encoding/json cannot write (NaN, a json.Number not a number): no rule reads it
	goInexact               // an array or object holding a rounded or broken value: not made JSON text
)

// newMapTree returns the tree of the members of args that the rules
// screened by s read (no rule reads or writes any other), each a
// placeholder; its slices are a pooled tree's (release).
func newMapTree(args map[string]any, s *screen) *mapTree {
	t := mapTrees.Get().(*mapTree)
	if s.every {
		// (a rule reads each member: all of them, in one order)
		for _, k := range slices.Sorted(maps.Keys(args)) {
			t.hold(k, args[k])
		}
	} else if len(s.keys) <= len(args) {
		for _, k := range s.keys {
			if v, ok := args[k]; ok {
				t.hold(k, v)
			}
		}
	} else {
		for k, v := range args {
			if s.has(k) {
				t.hold(k, v)
			}
		}
	}
	t.members = len(t.vals)
	return t
}

// hold adds the member k of the caller's map to the root, a placeholder.
func (t *mapTree) hold(k string, v any) {
	i := len(t.vals)
	if i == len(t.holders) {
		t.holders = append(t.holders, jsonnode.Node{Off: -1 - int64(i)})
	}
	t.root.Keys = append(t.root.Keys, k)
	t.root.Vals = append(t.root.Vals, &t.holders[i])
	t.vals = append(t.vals, goValue{v: v, key: k})
}

// mapTrees keeps the slices of mapTrees from one call to the next, so
// that a call whose rules apply makes only the nodes of the values they
// read.
var mapTrees = sync.Pool{New: func() any { return &mapTree{root: jsonnode.Node{Kind: '{'}} }}

// maxPooledValues bounds the values a pooled tree keeps room for.
const maxPooledValues = 1 << 10

// release clears the tree, which holds the caller's values, and pools it.
func (t *mapTree) release() {
	if cap(t.vals) > maxPooledValues || cap(t.root.Vals) > maxPooledValues || cap(t.holders) > maxPooledValues {
		return
	}
	clear(t.vals)
	clear(t.root.Keys[:cap(t.root.Keys)]) // an absent rule leaves the last member past the end
	clear(t.root.Vals[:cap(t.root.Vals)])
	clear(t.slab)
	t.vals, t.slab = t.vals[:0], t.slab[:0]
	t.root.Keys, t.root.Vals = t.root.Keys[:0], t.root.Vals[:0]
	mapTrees.Put(t)
}

// alloc returns n in the tree's slab.
func (t *mapTree) alloc(n jsonnode.Node) *jsonnode.Node {
	if len(t.slab) == cap(t.slab) {
		t.slab = make([]jsonnode.Node, 0, max(16, len(t.vals)))
	}
	t.slab = append(t.slab, n)
	return &t.slab[len(t.slab)-1]
}

// may reports whether rule b may change the arguments, by the test the
// screen makes of its top-level member (testOf) and, for a top-level
// alias, default or absent, its keys: has says the member is given, v is
// its value when known, and taken says an alias's target is given. It is
// false only when the rule cannot apply.
func (b *boundRule) may(v any, has, known, taken bool) bool {
	switch {
	case b.tested:
		return has && (!known || b.test.mayAny(v))
	case !b.onKeys:
		return true
	case b.alias:
		return has // (beside its target too: the same value sent twice merges)
	case rulespec.Kind(b.r) == lenient.RuleParamDefault:
		return !has || !known || b.test.mayAny(v)
	}
	return has && (!known || b.test.mayAny(v)) // an absent
}

// ready reports whether rule b may change the tree (may, on the caller's
// value of a member no rule has made into nodes), and makes the member it
// reads into nodes (a top-level alias reads keys alone), and those the
// value guards that start its path read (an absent guard reads the
// member's presence alone, which the placeholder shows).
func (t *mapTree) ready(b *boundRule) bool {
	if !t.readyKey(b) {
		return false
	}
	for _, g := range b.guards {
		if at := t.root.Index(g.Key); at >= 0 && !g.Absent && t.root.Vals[at].Kind == 0 {
			t.root.Vals[at] = t.node(int(-1 - t.root.Vals[at].Off))
		}
	}
	return true
}

// readyKey is ready for the top-level member rule b reads.
func (t *mapTree) readyKey(b *boundRule) bool {
	if b.every {
		for at, n := range t.root.Vals {
			if n.Kind == 0 {
				t.root.Vals[at] = t.node(int(-1 - n.Off))
			}
		}
		return true
	}
	at := t.root.Index(b.keyed[0].Key)
	if b.alias {
		return b.may(nil, at >= 0, true, t.root.Index(rulespec.ToKey(b.r)) >= 0)
	}
	if at < 0 {
		return b.may(nil, false, true, false)
	}
	n := t.root.Vals[at]
	if n.Kind != 0 {
		return b.may(nil, true, false, false)
	}
	if !b.may(t.vals[-1-n.Off].v, true, true, false) {
		return false
	}
	t.root.Vals[at] = t.node(int(-1 - n.Off))
	return true
}

// node makes the node of vals[i] (and of what it holds).
func (t *mapTree) node(i int) *jsonnode.Node {
	var n jsonnode.Node
	kind := goJSON
	switch x := t.vals[i].v.(type) {
	case string:
		n = *jsonnode.String(x)
	case bool:
		n = *jsonnode.Scalar(strconv.FormatBool(x))
	case nil:
		n = *jsonnode.Scalar("null")
	case json.Number:
		if !jsonwire.IsNumber(x) {
			n, kind = other(x) // "" is written 0; other text is refused
			break
		}
		n = *jsonnode.Scalar(string(x))
	case float64:
		n, kind = floatNode(x)
	case []any:
		if x == nil {
			n = *jsonnode.Scalar("null") // (as encoding/json writes it)
			break
		}
		if !t.enter(cycleKey{unsafe.Pointer(unsafe.SliceData(x)), len(x)}) {
			n, kind = jsonnode.Node{Kind: '0'}, goBroken
			break
		}
		defer t.leave(cycleKey{unsafe.Pointer(unsafe.SliceData(x)), len(x)})
		n = jsonnode.Node{Kind: '[', Vals: make([]*jsonnode.Node, len(x))}
		for j, e := range x {
			n.Vals[j] = t.add(goValue{v: e}, &kind)
		}
	case map[string]any:
		if x == nil {
			n = *jsonnode.Scalar("null") // (as encoding/json writes it)
			break
		}
		if !t.enter(cycleKey{reflect.ValueOf(x).UnsafePointer(), -1}) {
			n, kind = jsonnode.Node{Kind: '0'}, goBroken
			break
		}
		defer t.leave(cycleKey{reflect.ValueOf(x).UnsafePointer(), -1})
		n = jsonnode.Node{Kind: '{', Keys: slices.Sorted(maps.Keys(x))} // as encoding/json writes it
		n.Vals = make([]*jsonnode.Node, len(n.Keys))
		first := len(t.vals)
		t.vals[i].first, t.vals[i].end = first, first+len(n.Keys)
		for _, k := range n.Keys {
			t.vals = append(t.vals, goValue{v: x[k], key: k})
		}
		for j := range n.Keys {
			n.Vals[j] = t.member(first+j, &kind)
		}
	default:
		n, kind = other(x)
	}
	n.Off = -1 - int64(i)
	t.vals[i].kind = kind
	if kind == goOther {
		t.vals[i].json = string(n.Marshal()) // (to tell whether a rule changed it)
	}
	return t.alloc(n)
}

// cycleKey names a map (n -1) or a slice (its first element and length)
// that node is making into nodes, as encoding/json names them to find a
// value that holds itself.
type cycleKey struct {
	p unsafe.Pointer
	n int
}

// onStack is how many maps and slices node compares one by one with a
// value it is about to make into nodes, before it keeps them in a set.
const onStack = 32

// enter reports whether node may make the map or slice k into nodes: not
// where one of the values it is making into nodes holds it (k holds
// itself, which encoding/json cannot write either), nor deeper than
// jsonwire.MaxDepth, as in a call's JSON: such a value is one no rule
// reads, as a NaN. Looking from the first level, a map that holds itself
// under two keys costs two nodes, not a tree of two to the thousandth
// before encoding/json's depth for looking. Each enter that returns true
// is followed by a leave.
func (t *mapTree) enter(k cycleKey) bool {
	if len(t.building) >= jsonwire.MaxDepth {
		return false // deeper than a call's JSON may be (NormalizeJSON refuses it)
	}
	switch {
	case t.inSet != nil:
		if t.inSet[k] {
			return false
		}
		t.inSet[k] = true
	case slices.Contains(t.building, k):
		return false
	case len(t.building) == onStack:
		t.inSet = make(map[cycleKey]bool, 2*onStack)
		for _, b := range t.building {
			t.inSet[b] = true
		}
		t.inSet[k] = true
	}
	t.building = append(t.building, k)
	return true
}

// leave ends what enter began.
func (t *mapTree) leave(k cycleKey) {
	t.building = t.building[:len(t.building)-1]
	if t.inSet != nil {
		delete(t.inSet, k)
		if len(t.building) < onStack {
			t.inSet = nil
		}
	}
}

// add makes the node of e, a value held by an array whose kind is *in.
func (t *mapTree) add(e goValue, in *goKind) *jsonnode.Node {
	t.vals = append(t.vals, e)
	return t.member(len(t.vals)-1, in)
}

// member makes the node of vals[i], a value held by an array or object
// whose kind is *in, which a rounded or broken value makes inexact.
func (t *mapTree) member(i int, in *goKind) *jsonnode.Node {
	n := t.node(i)
	if k := t.vals[i].kind; k == goRounded || k == goBroken || k == goInexact {
		*in = goInexact
	}
	return n
}

// floatNode is the node of a float64: a number written as encoding/json
// writes it.
func floatNode(f float64) (jsonnode.Node, goKind) {
	abs := math.Abs(f)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return jsonnode.Node{Kind: '0'}, goBroken
	}
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(nil, f, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b = append(b[:n-2], b[n-1]) // e-07 is written e-7
	}
	kind := goFloat
	if abs == math.Trunc(abs) && abs >= 1<<53 {
		kind = goRounded
	}
	return *jsonnode.Scalar(string(b)), kind
}

// other is the node of a value of another Go type: the nodes of the JSON
// encoding/json writes for it, which the rules read as they read a
// call's (a json.RawMessage's JSON, a []map[string]any's maps, a nil
// pointer's null), or broken when it writes none.
func other(v any) (n jsonnode.Node, kind goKind) {
	defer func() {
		// (a MarshalJSON or MarshalText that panics: a value no rule
		// reads, as one whose encoding fails, not a panic of the call's)
		if recover() != nil {
			n, kind = jsonnode.Node{Kind: '0'}, goBroken
		}
	}()
	b, err := marshalNoEscape(v)
	if err != nil {
		return jsonnode.Node{Kind: '0'}, goBroken
	}
	return *jsonnode.ParseValid(b), goOther
}

// keeps reports whether rule r leaves v as the caller's value is where
// its JSON would let the rule apply: a type_coerce leaves a float64 (but
// for a duration in a unit longer than ns: unitDuration), a
// json_accept_both an array or object holding a rounded or broken value
// (its text would not be the value's), and only a wrap reads a value of
// another Go type, where its JSON is a lone value as a call's would be
// (wrappable: an int, not a []string, a map, a struct, nil or ""). A nil
// tree (NormalizeJSON) keeps nothing.
func (t *mapTree) keeps(r *lenient.Rule, v *jsonnode.Node) bool {
	if t == nil || v.Off >= 0 {
		return false
	}
	switch t.vals[-1-v.Off].kind {
	case goFloat, goRounded:
		// (a duration in a unit reads the float as that many units, of
		// 2^53 or more too: kept, encoding/json would read nanoseconds;
		// an integer target reads -0 as 0, whose JSON -0 an unsigned
		// field refuses)
		if f, _ := t.vals[-1-v.Off].v.(float64); f == 0 && math.Signbit(f) && intTarget(r.CoerceTo) {
			return false
		}
		return r.Type == lenient.RuleTypeCoerce && !unitDuration(r.CoerceTo)
	case goInexact:
		return r.Type == lenient.RuleJSONAcceptBoth
	case goBroken:
		return true
	}
	return false
}

// unitDuration reports whether a type_coerce target reads a number as a
// duration in a unit longer than a nanosecond (duration_s: 90 is 90
// seconds), which a float64 must be read as too, of 2^53 or more as well
// (in range for duration_us): kept, encoding/json would read it as
// nanoseconds.
func unitDuration(coerceTo string) bool {
	unit, _ := rulespec.DurationTarget(coerceTo)
	return unit > time.Nanosecond
}

// recordOf returns what records a change of v: recordText, but record
// for a node made from the caller's Go value, whose texts are no part of
// a parsed copy of the arguments (nor the records' to be kept alive).
func (t *mapTree) recordOf(v *jsonnode.Node) func(r *lenient.Rule, param, from, to string) Applied {
	if t != nil && v.Off < 0 {
		return record
	}
	return recordText
}

// writeBack writes the tree's changes into args, and releases the tree.
func (t *mapTree) writeBack(args map[string]any) {
	t.writeObject(args, &t.root, t.vals[:t.members])
	t.release()
}

// writeObject writes the changes of n, the node of the Go map m whose
// members in the tree are the values in, into m: a member no longer under
// its key is deleted, and a member whose key or value changed is set. A
// node made from a Go value is written back as that value, an array or
// object it holds changed in place; any other node is decoded as
// encoding/json decodes its JSON with UseNumber.
func (t *mapTree) writeObject(m map[string]any, n *jsonnode.Node, in []goValue) {
	kept := 0
	for i, k := range n.Keys {
		if c := n.Vals[i]; c.Off < 0 && t.vals[-1-c.Off].key == k {
			t.vals[-1-c.Off].kept = true
			kept++
		}
	}
	if kept < len(in) {
		for _, e := range in {
			if !e.kept && n.Index(e.key) < 0 {
				delete(m, e.key)
			}
		}
	}
	for i, k := range n.Keys {
		c := n.Vals[i]
		if c.Off >= 0 {
			m[k] = t.value(c)
			continue
		}
		e := t.vals[-1-c.Off]
		if t.otherChanged(c) {
			m[k] = t.decoded(c)
			continue
		}
		t.update(c)
		if e.key != k {
			m[k] = e.v
		}
	}
}

// otherChanged reports whether c, the node of a value of another Go
// type, no longer writes the JSON it was made from: a rule changed what
// it holds, and the value is written back as its JSON decoded.
func (t *mapTree) otherChanged(c *jsonnode.Node) bool {
	e := &t.vals[-1-c.Off]
	return e.kind == goOther && c.Kind != 0 && string(c.Marshal()) != e.json
}

// decoded is n's JSON decoded as encoding/json decodes it with UseNumber,
// for a node made from a Go value that the rules changed.
func (t *mapTree) decoded(n *jsonnode.Node) any {
	c := *n
	c.Off = 0
	return t.value(&c)
}

// update writes the changes below c, a node made from a Go value, into
// that value when it is an array or object.
func (t *mapTree) update(c *jsonnode.Node) {
	if c.Kind == 0 {
		return // a placeholder: unchanged
	}
	switch x := t.vals[-1-c.Off].v.(type) {
	case []any:
		for j, e := range c.Vals {
			if e.Off >= 0 || t.otherChanged(e) {
				x[j] = t.value(e)
			} else {
				t.update(e)
			}
		}
	case map[string]any:
		e := t.vals[-1-c.Off]
		t.writeObject(x, c, t.vals[e.first:e.end])
	}
}

// value returns the Go value of n: the caller's own for a node made from
// it (updated), else n's JSON decoded as encoding/json decodes it with
// UseNumber.
func (t *mapTree) value(n *jsonnode.Node) any {
	if n.Off < 0 {
		if t.otherChanged(n) {
			return t.decoded(n)
		}
		t.update(n)
		return t.vals[-1-n.Off].v
	}
	switch n.Kind {
	case '{':
		m := make(map[string]any, len(n.Keys))
		for i, k := range n.Keys {
			m[k] = t.value(n.Vals[i])
		}
		return m
	case '[':
		a := make([]any, len(n.Vals))
		for i, e := range n.Vals {
			a[i] = t.value(e)
		}
		return a
	case '"':
		s, _ := n.AsString()
		return s
	case '0':
		return json.Number(n.Text())
	case 't':
		return n.Text() == "true"
	}
	return nil
}
