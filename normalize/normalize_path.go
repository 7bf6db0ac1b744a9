package normalize

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// onMember reports whether rules of kind k work on a member of an object
// (its key: an alias, a default, an absent value) rather than on a value.
func onMember(k lenient.RuleType) bool {
	return k == lenient.RuleParamAlias || k == lenient.RuleParamDefault || k == lenient.RuleAbsent
}

// ruleWhen is when a default rule applies.
func ruleWhen(r *lenient.Rule) string {
	switch {
	case r.When != "":
		return r.When
	case r.Type == lenient.RuleNestedDefault:
		return lenient.WhenAbsentOrEmpty
	}
	return lenient.WhenAbsent
}

// where is a concrete location while walking: the JSON path as decoder
// reports write it (steps[0].id) and the innermost array index; asIs
// tells that the step to it is marked "!" (rulespec.Step.AsIs): a string
// there is a value the schema takes as it is, never read as JSON text.
type where struct {
	path  []byte
	index int
	asIs  bool
}

// through returns w as reached by the step s.
func (w where) through(s rulespec.Step) where {
	w.asIs = s.AsIs
	return w
}

func (w where) key(k string) where {
	return where{path: jsonwire.AppendKey(append([]byte(nil), w.path...), k), index: w.index}
}

// child is the path of member k, as a string (without allocating for a
// plain top-level key).
func (w where) child(k string) string {
	if len(w.path) == 0 && jsonwire.IsPlainKey(k) {
		return k
	}
	return string(w.key(k).path)
}

func (w where) elem(i int) where {
	return where{path: jsonwire.AppendIndex(append([]byte(nil), w.path...), i), index: i}
}

// leaves reports whether rule b leaves v as it is for the rules of its
// set: a wrap leaves a string where a split rule reads the value (the
// split has read it as its items, or refused it: an empty item between
// separators is the decoder's to refuse, never one item).
func (b *boundRule) leaves(v *jsonnode.Node) bool {
	return b.split && v.Kind == '"'
}

// pathRule applies a rule with a target path to an ordered arguments node,
// appending one record per changed value to out. others are the keys of the other aliases
// of an alias rule's target, or of a default's key. t is the tree of a caller's map the node
// is (nil for NormalizeJSON's), whose values it keeps (mapTree.keeps); c
// is the call's, for all its rules (textCache).
func pathRule(out []Applied, b *boundRule, root *jsonnode.Node, t *mapTree, c *textCache) []Applied {
	r, segs, others := b.r, b.segs, b.others
	last := segs[len(segs)-1]
	if len(segs) == 1 && last.Each == 0 && r.Type != lenient.RuleValueAlias && r.Type != lenient.RuleEnumCase {
		// A top-level member: no walk.
		c.freshMember(root, last.Key) // (its text, where rules below it changed it)
		if onMember(rulespec.Kind(r)) {
			if a, ok := memberRule(r, root, last.Key, others, where{index: -1}, t); ok {
				out = append(out, a)
			}
			return out
		}
		at := root.Index(last.Key)
		if at < 0 || t.keeps(r, root.Vals[at]) || b.leaves(root.Vals[at]) {
			return out
		}
		v := root.Vals[at]
		nv, from, to, ok := valueRule(r, v)
		if !ok {
			return out
		}
		rec := t.recordOf(v)
		*v = nv
		return append(out, rec(r, where{index: -1}.child(last.Key), from, to))
	}
	return walkRule(out, b, root, t, c)
}

// walkRule is pathRule below the top level (apart, so that out escapes
// to the heap, for nodeWalk's function, on this path alone).
func walkRule(out []Applied, b *boundRule, root *jsonnode.Node, t *mapTree, c *textCache) []Applied {
	walkSegs, fn := nodeWalk(b, &out, t, c)
	c.walkFrom(root, walkSegs, where{index: -1}, fn)
	return out
}

// nodeWalk returns what pathRule walks for r below the top level: the
// segments to walk from the arguments object, and the function to apply
// at their end, which appends a record per changed value to out.
func nodeWalk(b *boundRule, out *[]Applied, t *mapTree, c *textCache) ([]rulespec.Step, func(*jsonnode.Node, where) bool) {
	r, segs, others := b.r, b.segs, b.others
	last := segs[len(segs)-1]
	if onMember(rulespec.Kind(r)) {
		return segs[:len(segs)-1], func(obj *jsonnode.Node, w where) bool {
			target := obj
			if obj.Kind == '"' && !w.asIs { // the object as JSON text
				if target = c.value(obj); target == nil {
					return false
				}
			}
			if target.Kind != '{' {
				return false
			}
			c.freshMember(target, last.Key)
			a, ok := memberRule(r, target, last.Key, others, w, t)
			if !ok {
				return false
			}
			if rulespec.Kind(r) == lenient.RuleParamDefault {
				c.wrote(target.Get(last.Key)) // (an alias moves what the call sent: its path may go on into it)
			}
			*out = append(*out, a)
			if target != obj {
				c.changed(obj)
			}
			return true
		}
	}
	var one func(v *jsonnode.Node, w where) bool
	one = func(v *jsonnode.Node, w where) bool {
		if (r.Type == lenient.RuleValueAlias || r.Type == lenient.RuleEnumCase) && v.Kind == '[' {
			// A value alias reads each string of an array too.
			changed := false
			for i, e := range v.Items() {
				changed = one(e, w.elem(i)) || changed
			}
			return changed
		}
		c.fresh(v) // (a string's text, or an array's or object's marshalled)
		if t.keeps(r, v) || b.leaves(v) {
			return false
		}
		nv, from, to, ok := valueRule(r, v)
		if !ok {
			return false
		}
		rec := t.recordOf(v)
		*v = nv
		if r.Type != lenient.RuleJSONAcceptBoth || r.To != "native" {
			// (JSON text read as its value holds what the call sent,
			// shorter each level: its path goes on into it, as the
			// decoders read text at every level of a recursive type)
			c.wrote(v)
		}
		*out = append(*out, rec(r, string(w.path), from, to))
		return true
	}
	return segs, one
}

// walk calls fn on each value at segs below n; fn reports a change (and
// changes nothing when it reports none). A string holding JSON text met
// where the path goes on is read as its value (c.value), and written
// back as (compact) text when something below it changed, once, before
// anything reads its text (c.changed).
func (c *textCache) walk(n *jsonnode.Node, segs []rulespec.Step, w where, fn func(*jsonnode.Node, where) bool) bool {
	if len(segs) == 0 {
		return fn(n, w)
	}
	if c.written[n] {
		return false // (what this rule wrote: its path goes no further in)
	}
	if segs[0].Each == '*' {
		// A group: what follows it here, then each alternative and the
		// group again. An alternative takes a step down, so the walk ends.
		if !c.firstAt(n, &segs[0], w) {
			return false // (walked from here before, by another route)
		}
		changed := c.walk(n, segs[1:], w, fn)
		for _, alt := range segs[0].Alts {
			if c.walk(n, repeat(alt, segs), w, fn) {
				changed = true
			}
		}
		return changed
	}
	if n.Kind == '"' {
		if w.asIs {
			return false // (a string the schema takes as it is)
		}
		inner := c.value(n)
		if inner == nil || !c.walk(inner, segs, w, fn) {
			return false
		}
		c.changed(n)
		return true
	}
	s := segs[0]
	changed := false
	switch {
	case s.Each == '=':
		// A guard: the path goes on where the object's member holds one
		// of its strings (as its text is now: rules before may have
		// changed the JSON text it holds), or, for an absent guard,
		// where the object holds no such member.
		c.freshMember(n, s.Key)
		if s.Absent {
			// (an absent guard: the object holds no such member)
			if n.Kind != '{' || n.Get(s.Key) != nil {
				return false
			}
			return c.walk(n, segs[1:], w, fn)
		}
		v, ok := n.Get(s.Key).AsString()
		if n.Kind != '{' || !ok || !slices.Contains(s.Values, v) {
			return false
		}
		return c.walk(n, segs[1:], w, fn)
	case s.Each == '[' && n.Kind == '[':
		for i, e := range n.Items() {
			if c.walk(e, segs[1:], w.elem(i).through(s), fn) {
				changed = true
			}
		}
	case (s.Each == '{' || s.Each == '~') && n.Kind == '{':
		for i, e := range n.Vals {
			if s.Each == '~' && !s.Pattern.MatchString(n.Keys[i]) {
				continue
			}
			if c.walk(e, segs[1:], w.key(n.Keys[i]).through(s), fn) {
				changed = true
			}
		}
	case s.Each == 0 && n.Kind == '{':
		if at := n.Index(s.Key); at >= 0 {
			changed = c.walk(n.Vals[at], segs[1:], w.key(s.Key).through(s), fn)
		}
	}
	return changed
}

// objects calls fn on each object at segs below root (walkFrom), an
// object sent as JSON text in a string read as the object, but where its
// step reads strings as they are.
func (c *textCache) objects(root *jsonnode.Node, segs []rulespec.Step, fn func(*jsonnode.Node, where)) {
	c.walkFrom(root, segs, where{}, func(n *jsonnode.Node, w where) bool {
		if n.Kind == '"' && !w.asIs {
			if v := c.value(n); v != nil {
				n = v // the object as JSON text
			}
		}
		if n.Kind == '{' {
			fn(n, w)
		}
		return false
	})
}

// walkFrom is walk from the arguments object root, for one rule: each
// group is walked from each value once (firstAt).
func (c *textCache) walkFrom(root *jsonnode.Node, segs []rulespec.Step, w where, fn func(*jsonnode.Node, where) bool) bool {
	clear(c.groups)
	clear(c.written)
	return c.walk(root, segs, w, fn)
}

// wrote notes a value a rule's walk wrote (nil: none), of its own (a
// default, a value rule's result; not what an alias moves, nor the value
// JSON text read to native holds, which are what the call sent), which
// the walk goes no further into: a group in its path would reach it, and
// what it holds, again (a default of {} at a(.x)*.x, a value alias to
// JSON text holding the path, an object written as JSON text at
// a(.c)*.c), each time a new value, without end or in time exponential
// in the depth.
func (c *textCache) wrote(v *jsonnode.Node) {
	if v == nil {
		return
	}
	if c.written == nil {
		c.written = map[*jsonnode.Node]bool{}
	}
	c.written[v] = true
}

// groupVisit is a group of a rule's path met at a value: the group (its
// alternatives, which every copy of its step shares) fixes what follows
// it in the path, and asIs how the value was reached.
type groupVisit struct {
	n    *jsonnode.Node
	alts *[]rulespec.Step
	asIs bool
}

// firstAt reports whether the walk meets the group g at n for the first
// time in this rule's walk (walkFrom). Where a group's alternatives may
// reach one value by two routes (a(.b|{})*.c, a(.b|.b)*.c), a walk that
// followed each route would take time exponential in the depth; from
// the second on, the value has been walked from there already, and fn
// has changed what it changes.
func (c *textCache) firstAt(n *jsonnode.Node, g *rulespec.Step, w where) bool {
	k := groupVisit{n, &g.Alts[0], w.asIs}
	if c.groups[k] {
		return false
	}
	if c.groups == nil {
		c.groups = map[groupVisit]bool{}
	}
	c.groups[k] = true
	return true
}

// textCache holds, for one call, the value of each string holding JSON
// text that a rule's path went through, parsed once: each rule after the
// first through that string walks the same nodes, changed by the rules
// before it, instead of parsing its text again, which made a call with
// an array sent as text cost its size times the rules below it. A
// string whose value rules changed is written back as text once, when
// something reads its text (fresh: a rule at the string itself or above
// it, the call's result), not once per rule. A string is known by its
// node and checked by the text it holds (jsonnode.Node.Held): a rule
// that replaced the string itself (a coercion of the array it held, an
// alias moving another value in) left other text there, read anew. Its
// zero value is an empty cache; it allocates at the first string it
// keeps.
type textCache struct {
	m map[*jsonnode.Node]parsedText
	// pending are the strings whose values changed since their text was
	// written, each after the strings inside its value (changed)
	pending []*jsonnode.Node
	// groups are the groups met at each value in a rule's walk (firstAt)
	groups map[groupVisit]bool
	// written are the values a rule's walk wrote (wrote)
	written map[*jsonnode.Node]bool
}

// parsedText is a string's entry in a textCache.
type parsedText struct {
	held    string         // the string's text, as its node held it
	quoted  bool           // (jsonnode.Node.Held)
	value   *jsonnode.Node // the text's value; nil: no JSON text
	pending bool           // value changed since held was written
}

// value returns the value of the array or object n holds as JSON text,
// nil when n holds none.
func (c *textCache) value(n *jsonnode.Node) *jsonnode.Node {
	held, quoted := n.Held()
	if p, ok := c.m[n]; ok && p.held == held && p.quoted == quoted {
		return p.value
	}
	var v *jsonnode.Node
	if s, _ := n.AsString(); jsonText(s) {
		v = jsonnode.ParseValid([]byte(s))
	}
	c.keep(n, v)
	return v
}

// changed notes that rules changed the value of n's JSON text: its text
// is written at the next fresh. n goes after every string pending
// before, those inside its value among them (a walk notes the strings
// inside first), so that each is written before the text that holds it.
func (c *textCache) changed(n *jsonnode.Node) {
	p := c.m[n]
	if p.pending {
		c.pending = slices.DeleteFunc(c.pending, func(x *jsonnode.Node) bool { return x == n })
	}
	p.pending = true
	c.m[n] = p
	c.pending = append(c.pending, n)
}

// fresh writes every pending text where a rule about to read n (nil:
// none) may read one: n itself is pending, or n is an array or object,
// which may hold one.
func (c *textCache) fresh(n *jsonnode.Node) {
	if len(c.pending) == 0 || n == nil || n.Kind != '{' && n.Kind != '[' && !c.m[n].pending {
		return
	}
	c.flush()
}

// freshMember is fresh for obj's member key (fresh's cost, where no text
// is pending, and not a look up of the key).
func (c *textCache) freshMember(obj *jsonnode.Node, key string) {
	if len(c.pending) > 0 {
		c.fresh(obj.Get(key))
	}
}

// flush writes every pending text, each as compact JSON text, inner ones
// first: at the call's end, and where a rule may read one (fresh).
func (c *textCache) flush() {
	for _, n := range c.pending {
		p := c.m[n]
		*n = *jsonnode.Scalar(quoteJSON(string(p.value.Marshal())))
		c.keep(n, p.value)
	}
	c.pending = c.pending[:0]
}

func (c *textCache) keep(n, v *jsonnode.Node) {
	if c.m == nil {
		c.m = map[*jsonnode.Node]parsedText{}
	}
	held, quoted := n.Held()
	c.m[n] = parsedText{held: held, quoted: quoted, value: v}
}

// repeat is a group's alternative alt followed by the group and what
// follows it (segs, which starts with the group).
func repeat(alt, segs []rulespec.Step) []rulespec.Step {
	return append(alt[:len(alt):len(alt)], segs...)
}

// memberRule applies an alias or a default to the member key of obj, and
// returns its record. An alias does not apply when its target, or
// another alias of it (others: the keys of every alias of that target,
// key among them), is given too with another value: the call names the
// field twice, for the decoder (or a misnamed_key rule) to say so; given
// with the same scalar JSON text, one value sent twice, the alias key is
// the target's where the target is not given, else removed. A value t keeps
// is neither absent nor empty.
func memberRule(r *lenient.Rule, obj *jsonnode.Node, key string, others []string, w where, t *mapTree) (Applied, bool) {
	at := obj.Index(key)
	switch rulespec.Kind(r) {
	case lenient.RuleParamAlias:
		if at < 0 {
			return Applied{}, false
		}
		to := rulespec.ToKey(r)
		// (a scalar's JSON text; "" for an object or array, which is
		// never the same value here, as the decoders read it)
		text := func(i int) string {
			if n := obj.Vals[i]; n.Kind == 0 && t != nil {
				obj.Vals[i] = t.node(int(-1 - n.Off)) // (a caller's value, not yet read)
			}
			return obj.Vals[i].Text()
		}
		differs := func(o string) bool {
			i := obj.Index(o)
			return o != key && i >= 0 && (text(i) != text(at) || text(at) == "")
		}
		if differs(to) || slices.ContainsFunc(others, differs) {
			// (others is the bound rule's, shared by every call: read,
			// never appended to)
			return Applied{}, false
		}
		if obj.Index(to) >= 0 {
			// (the same value under the target: the alias goes)
			obj.Keys = append(obj.Keys[:at], obj.Keys[at+1:]...)
			obj.Vals = append(obj.Vals[:at], obj.Vals[at+1:]...)
		} else {
			obj.Keys[at] = to
		}
		return record(r, w.child(to), key, to), true
	case lenient.RuleAbsent:
		if at < 0 || t.keeps(r, obj.Vals[at]) || !absentValue(r.Value, obj.Vals[at].Text()) {
			return Applied{}, false
		}
		from := obj.Vals[at].Text()
		obj.Keys = append(obj.Keys[:at], obj.Keys[at+1:]...)
		obj.Vals = append(obj.Vals[:at], obj.Vals[at+1:]...)
		return recordText(r, w.child(key), from, ""), true
	case lenient.RuleParamDefault:
		if at >= 0 && (t.keeps(r, obj.Vals[at]) || !defaultsOver(ruleWhen(r), obj.Vals[at].Text())) {
			return Applied{}, false
		}
		for _, o := range others {
			if obj.Index(o) >= 0 {
				// (an alias of the key is still there after the aliases:
				// the call gives the field twice, and no default is its
				// value)
				return Applied{}, false
			}
		}
		val := nestedValue(r.Value, w.index)
		if at >= 0 && obj.Vals[at].Text() == string(val) {
			return Applied{}, false // "" given, "" the default: nothing changes
		}
		if at >= 0 {
			obj.Vals[at] = jsonnode.ParseValid(val)
		} else {
			obj.Keys = append(obj.Keys, key)
			obj.Vals = append(obj.Vals, jsonnode.ParseValid(val))
		}
		return record(r, w.child(key), "", string(val)), true
	}
	return Applied{}, false
}

// valueRule computes what a coercion, accept-both, wrap, unescape or value
// alias rule makes of one value: the new node and the JSON texts (or kind
// names, for accept-both) before and after.
func valueRule(r *lenient.Rule, v *jsonnode.Node) (jsonnode.Node, string, string, bool) {
	switch r.Type {
	case lenient.RuleTypeCoerce:
		if v.Kind == '{' || v.Kind == '[' {
			return jsonnode.Node{}, "", "", false
		}
		raw := v.Text()
		var text string
		var ok bool
		switch {
		case v.Kind == '"':
			s, _ := v.AsString()
			text, ok = coerce(s, r.CoerceTo)
		case r.CoerceTo == "int_literal" && raw[0] == '"':
		case intTarget(r.CoerceTo) && jsonwire.IsNumber(raw) && !plainInteger(raw):
			text, ok = integerLiteral(raw)
		case jsonwire.IsNumber(raw):
			text, ok = coerceDurationNumber(raw, r.CoerceTo)
		}
		if !ok || text == raw {
			return jsonnode.Node{}, "", "", false
		}
		return *jsonnode.Scalar(text), raw, text, true
	case lenient.RuleJSONAcceptBoth:
		if r.To == "native" {
			s, ok := v.AsString()
			if !ok || !jsonText(s) {
				return jsonnode.Node{}, "", "", false
			}
			// Recorded as every changed value is: the JSON text sent
			// (the string) and the JSON text it held.
			return *jsonnode.ParseValid([]byte(s)), v.Text(), s, true
		}
		if v.Kind != '{' && v.Kind != '[' {
			return jsonnode.Node{}, "", "", false
		}
		text := string(v.Marshal())
		q := quoteJSON(text)
		return *jsonnode.Scalar(q), text, q, true
	case lenient.RuleWrap:
		if !wrappable(v) {
			return jsonnode.Node{}, "", "", false
		}
		one := *v
		return *jsonnode.Array(&one), v.Text(), "[" + v.Text() + "]", true
	case lenient.RuleSplit:
		s, ok := v.AsString()
		if !ok {
			return jsonnode.Node{}, "", "", false
		}
		items, ok := splitRule(r, s)
		if !ok {
			return jsonnode.Node{}, "", "", false
		}
		arr := jsonnode.Array()
		for _, it := range items {
			arr.Append(jsonnode.Scalar(quoteJSON(it)))
		}
		return *arr, v.Text(), string(arr.Marshal()), true
	case lenient.RuleNullText:
		if s, ok := v.AsString(); !ok || s != "null" {
			return jsonnode.Node{}, "", "", false
		}
		return *jsonnode.Scalar("null"), v.Text(), "null", true
	case lenient.RuleEnumCase:
		s, ok := v.AsString()
		if !ok {
			return jsonnode.Node{}, "", "", false
		}
		to, ok := enumCaseRule(r, s)
		if !ok {
			return jsonnode.Node{}, "", "", false
		}
		q := quoteJSON(to)
		return *jsonnode.Scalar(q), v.Text(), q, true
	case lenient.RuleEnumText:
		if v.Kind == '"' || v.Kind == '{' || v.Kind == '[' || v.Kind == 'n' {
			return jsonnode.Node{}, "", "", false
		}
		to, ok := enumTextRule(r, v.Text())
		if !ok {
			return jsonnode.Node{}, "", "", false
		}
		q := quoteJSON(to)
		return *jsonnode.Scalar(q), v.Text(), q, true
	case lenient.RuleEnumDigits:
		s, ok := v.AsString()
		if !ok || !enumDigitsRule(r, s) {
			return jsonnode.Node{}, "", "", false
		}
		return *jsonnode.Scalar(s), v.Text(), s, true
	case lenient.RuleUnescape:
		s, ok := v.AsString()
		if !ok {
			return jsonnode.Node{}, "", "", false
		}
		s, ok = jsonwire.UnescapeNewlines(s)
		if !ok {
			return jsonnode.Node{}, "", "", false
		}
		q := quoteJSON(s)
		return *jsonnode.Scalar(q), v.Text(), q, true
	case lenient.RuleValueAlias:
		table, err := rulespec.ValueAliasTable(r.Value)
		if err != nil || v.Kind != '"' {
			return jsonnode.Node{}, "", "", false
		}
		s, _ := v.AsString()
		to, ok := table[s]
		if !ok {
			return jsonnode.Node{}, "", "", false
		}
		q := quoteJSON(to)
		return *jsonnode.Scalar(q), v.Text(), q, true
	}
	return jsonnode.Node{}, "", "", false
}

// wrappable reports whether the decoders' wrap reads v as a one-element
// array: a scalar other than null, and not a string holding array text
// (which is read as that array, or refused).
func wrappable(v *jsonnode.Node) bool {
	if v.Kind == '{' || v.Kind == '[' || v.Kind == 'n' {
		return false
	}
	if t, ok := v.AsString(); ok {
		if t == "" {
			return false // the decoders refuse "" for a wrapped field
		}
		if i := jsonwire.SkipSpace([]byte(t), 0); i < len(t) && t[i] == '[' {
			return false
		}
	}
	return true
}

// record builds one fix record; values are shortened (see shortText).
func record(r *lenient.Rule, param, from, to string) Applied {
	return Applied{RuleID: r.ID, Type: r.Type, Param: param, From: shortText(from), To: shortText(to)}
}

// recordText is record for values read from ParseValid's nodes: it
// copies them, since each is part of ParseValid's copy of the whole
// arguments, which a kept record would keep alive (by the caller, or in
// the statistics' recent calls, whose bound counts the record's bytes
// only: TestRecordsKeepNoArguments).
func recordText(r *lenient.Rule, param, from, to string) Applied {
	a := record(r, param, from, to)
	a.From, a.To = strings.Clone(a.From), strings.Clone(a.To)
	return a
}

// maxRecorded is how many bytes of a value a record keeps.
const maxRecorded = 200

// shortText shortens a recorded value to maxRecorded bytes (at a UTF-8
// boundary), noting the full length: `"1111…" (4000000 bytes)`.
func shortText(s string) string {
	if len(s) <= maxRecorded {
		return s
	}
	cut := maxRecorded
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

func quoteJSON(s string) string { return string(jsonwire.AppendQuote(nil, s)) }

// marshalNoEscape encodes v compactly without HTML escaping.
func marshalNoEscape(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
