package derive

import (
	"maps"
	"slices"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// A union's branches are compared (overlapping, rootUnion) by what each
// holds an object to at its place, its view: the branch's own keywords
// merged with its $ref's target's, its allOf's branches' and its
// holder's (the schema whose anyOf or oneOf it is, whose keywords apply
// to every call the branch takes). A branch that holds a key to a schema
// in any of them (a reference's closed target, an allOf's closed
// branch, a holder's property) does not take that key as it is, where
// its bare keywords alone would say it does; and a key declared in any
// of them is compared with the other branches', where the bare keywords
// would miss it. A union among them splits the branch into one view for
// each of its branches.
//
// A view takes every object its schemas all take (it may take more):
// where two of them declare one key otherwise, the key's schema in the
// view is the allOf of both; a key is closed out where one of them
// declares additionalProperties false and no patternProperties; and the
// view's type is the first single type one of them names.

// maxViewDepth bounds the references and allOfs a view follows, and
// maxViews the views one union's branches split into. Past them the
// views are partial (a key a branch declares may be missing from them),
// and the caller reads nothing below the union.
const (
	maxViewDepth = 8
	maxViews     = 64
)

// branchViews returns the views of a union's branches list, each with
// its holder's keywords merged in (the holder's anyOf and oneOf aside:
// the union being compared, or another, compared on its own), the index
// in list of the branch each view is of, and whether they are whole (no
// bound reached).
func (d *deriver) branchViews(holder *Node, list []*Node) (views []*Node, from []int, whole bool) {
	own := shallowWithout(holder, jsonnode.Alternatives...)
	whole = true
	for i, b := range list {
		if f := d.followed(b); f == nil || f.Kind != '{' {
			views = append(views, f) // (true, false: judged as they are)
		} else {
			members, ok := d.members([]*Node{own, b}, 0)
			whole = whole && ok && d.splitView(members, &views, 0)
		}
		for len(from) < len(views) {
			from = append(from, i)
		}
	}
	return views, from, whole
}

// splitView appends to views the views of a branch whose schemas are
// members (members): one where none holds an anyOf, a oneOf or a then or
// else, else one for each of the first such one's alternatives
// (splits), merged with the other members, depth deep. It reports false
// where maxViews or maxViewDepth is reached (a recursive union splits
// without end).
func (d *deriver) splitView(members []*Node, views *[]*Node, depth int) bool {
	if depth > maxViewDepth {
		return false
	}
	for i, m := range members {
		drop, alts := splits(d.root, m)
		if drop == nil {
			continue
		}
		if !slices.ContainsFunc(alts, holdsKeys) {
			// (alternatives that only require keys: each view would hold
			// every key alike, and a view may take more than its
			// schemas all take)
			rest := slices.Clone(members)
			rest[i] = shallowWithout(m, drop...)
			return d.splitView(rest, views, depth)
		}
		whole := true
		for _, x := range alts {
			rest := slices.Clone(members)
			rest[i] = shallowWithout(m, drop...)
			more, ok := d.members([]*Node{x}, 0)
			whole = whole && ok && len(*views) < maxViews && d.splitView(append(rest, more...), views, depth+1)
		}
		return whole
	}
	if len(*views) >= maxViews {
		return false
	}
	*views = append(*views, d.view(members))
	return true
}

// holdsKeys reports whether the alternative x (nil: none) of a view
// may hold a key otherwise than its view's other members: it is more
// than required keys and annotations (presenceOnly).
func holdsKeys(x *Node) bool {
	return x != nil && !presenceOnly(x, map[string]bool{})
}

// splits returns the alternatives the schema m holds an object to one of,
// and the keywords that hold them: an anyOf's or oneOf's branches, or its
// then and else (one of them applies; nil where it has none; not in a
// document, root, that reads no conditions: noConditions); nil where it
// holds none.
func splits(root, m *Node) (drop []string, alts []*Node) {
	for _, k := range jsonnode.Alternatives {
		if inner := m.Get(k); inner != nil && inner.Kind == '[' {
			return []string{k}, inner.Items()
		}
	}
	if (m.Get("then") != nil || m.Get("else") != nil) && condition(root, "then") {
		return []string{"if", "then", "else"}, []*Node{m.Get("then"), m.Get("else")}
	}
	return nil, nil
}

// members returns the schemas list holds an object to, with their $refs
// followed and their allOfs' branches among them (each without its
// allOf), depth deep, and whether it reached none past maxViewDepth.
func (d *deriver) members(list []*Node, depth int) ([]*Node, bool) {
	var out []*Node
	whole := true
	for _, s := range list {
		s = d.followed(s)
		if s == nil || s.Kind != '{' {
			continue // (true, false: nothing of an object)
		}
		all := s.Get("allOf")
		if all == nil {
			out = append(out, s)
			continue
		}
		if depth >= maxViewDepth {
			return out, false
		}
		out = append(out, shallowWithout(s, "allOf"))
		more, ok := d.members(all.Items(), depth+1)
		out, whole = append(out, more...), whole && ok
	}
	return out, whole
}

// followed returns s with its $ref's target in its place: s's siblings
// beside the target, both in an allOf, where its draft applies them (a
// draft-07 validator ignores them: the target alone).
func (d *deriver) followed(s *Node) *Node {
	if s == nil || s.Kind != '{' || s.Get("$ref") == nil {
		return s
	}
	target, err := jsonnode.Follow(d.root, s)
	if err != nil || target == s {
		return s
	}
	sib := shallowWithout(s, "$ref")
	if len(sib.Keys) == 0 || oldDraft(d.root) {
		return target
	}
	return obj("allOf", jsonnode.Array(sib, target))
}

// shallowWithout returns the object s without keys, its values shared
// (a view reads them, never changes them).
func shallowWithout(s *Node, keys ...string) *Node {
	out := obj()
	for i, k := range s.Keys {
		if !slices.Contains(keys, k) {
			out.Keys = append(out.Keys, k)
			out.Vals = append(out.Vals, s.Vals[i])
		}
	}
	return out
}

// plain returns the JSON text of the schema s without its annotations,
// once for each s in a derivation: two schemas alike but for their
// annotations hold a value alike.
func (d *deriver) plain(s *Node) string {
	if text, ok := d.plainCache[s]; ok {
		return text
	}
	text := rulespec.Unannotated(s).MarshalText()
	if d.plainCache == nil {
		d.plainCache = map[*Node]string{}
	}
	d.plainCache[s] = text
	return text
}

// valueViews returns the views of the schema s of a value two branches
// hold otherwise (overlapValues), once for each s in a derivation.
func (d *deriver) valueViews(s *Node) ([]*Node, bool) {
	if v, ok := d.viewCache[s]; ok {
		return v.views, v.whole
	}
	views, _, whole := d.branchViews(obj(), []*Node{s})
	if d.viewCache == nil {
		d.viewCache = map[*Node]cachedViews{}
	}
	d.viewCache[s] = cachedViews{views, whole}
	return views, whole
}

// cachedViews are a schema's views (valueViews).
type cachedViews struct {
	views []*Node
	whole bool
}

// view merges the members of one view (see above).
func (d *deriver) view(members []*Node) *Node {
	out := obj()
	closed := false
	var props *Node               // out's properties, once one member declares some
	at := map[string]int{}        // their indexes in props, by name
	required := map[string]bool{} // the names out's required holds
	for _, s := range members {
		if closesUndeclared(s) {
			closed = true
		}
		for i, k := range s.Keys {
			x := s.Vals[i]
			switch k {
			case "type":
				if _, one := out.Get("type").AsString(); !one {
					if _, ok := x.AsString(); ok || out.Get("type") == nil {
						out.Set("type", x)
					}
				}
			case "enum", "const":
				// (the types of its values, where no member names one: a
				// branch {"enum": ["all"]} holds no object or array; not
				// a const its draft ignores, constOf)
				if out.Get("type") == nil && s.Get("type") == nil && (k == "enum" || constOf(d.root, s) != nil) {
					if t := valueTypes(k, x); t != nil {
						out.Set("type", t)
					}
				}
			case "required":
				req := out.Get("required")
				if req == nil {
					req = jsonnode.Array()
					out.Set("required", req)
				}
				for _, name := range x.Items() {
					if text := name.MarshalText(); !required[text] {
						required[text] = true
						req.Append(name)
					}
				}
			case "properties":
				if x.Kind != '{' {
					break
				}
				if props == nil {
					props = obj()
					out.Set("properties", props)
				}
				for j, name := range x.Keys {
					// (indexed: a root may declare thousands, in each view)
					if i, ok := at[name]; ok {
						props.Vals[i] = d.conjoin(props.Vals[i], x.Vals[j])
					} else {
						at[name] = len(props.Keys)
						props.Keys, props.Vals = append(props.Keys, name), append(props.Vals, x.Vals[j])
					}
				}
			case "items":
				out.Set("items", d.conjoin(out.Get("items"), x))
			case "prefixItems":
				out.Set("prefixItems", x) // (overlapPair: elements held apart)
			case "additionalProperties", "patternProperties":
				if out.Get(k) == nil {
					out.Set(k, x)
				}
			}
		}
	}
	if closed {
		out.Set("additionalProperties", falseNode)
		out.Delete("patternProperties")
	}
	return out
}

// valueTypes returns the JSON types (a type keyword's value: an array
// of names) of the values an enum or const (k, its value x) names; nil
// where it names none (an empty or malformed enum).
func valueTypes(k string, x *Node) *Node {
	names := valueKinds(k, x)
	if names == nil {
		return nil
	}
	types := jsonnode.Array()
	for _, n := range names {
		types.Append(jstr(n))
	}
	return types
}

// valueKinds returns the names of the JSON types of the values an enum or
// const (k, its value x) names, each once; nil where it names none.
func valueKinds(k string, x *Node) []string {
	vals := []*Node{x}
	if k == "enum" {
		if x.Kind != '[' || len(x.Vals) == 0 {
			return nil
		}
		vals = x.Vals
	}
	var names []string
	for _, v := range vals {
		if name := jsonKind(v.Marshal()); !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names
}

// falseNode is the JSON value false.
var falseNode, _ = jsonnode.Parse([]byte("false"))

// nullValue is the JSON value null.
var nullValue, _ = jsonnode.Parse([]byte("null"))

// conjoin returns the schema a value held to both a (nil: none) and b
// matches: b where a is nil, a where b says the same (annotations
// aside), else their allOf.
func (d *deriver) conjoin(a, b *Node) *Node {
	switch {
	case a == nil:
		return b
	case a == b || d.plain(a) == d.plain(b):
		return a
	}
	key := [2]*Node{a, b}
	if c := d.conjoined[key]; c != nil {
		return c // (one node for each pair: views share it, and its plain text)
	}
	if d.conjoined == nil {
		d.conjoined = map[[2]*Node]*Node{}
	}
	c := obj("allOf", jsonnode.Array(a, b))
	d.conjoined[key] = c
	if d.plainCache == nil {
		d.plainCache = map[*Node]string{}
	}
	d.plainCache[c] = `{"allOf":[` + d.plain(a) + `,` + d.plain(b) + `]}` // (plain, from its parts')
	return c
}

// unionGuards returns, for a union of n branches whose views are views
// (from: the branch of each; whole: no bound reached) held by holder, a
// guard for each branch (rulespec.GuardString; "" for a
// branch that takes no object) where one member tells its object branches
// apart: every view of each of them requires it and holds it to strings
// (an enum or const: heldValues) that no other branch's views hold it
// to, and the other branches take scalars alone, or one of them arrays
// (whose rules read elements, past no guard). The rules below a
// branch then go on past its guard only (guardRules): a call another
// branch takes holds another string there, and no rule of this branch
// reads it, so no key needs leaving strict (overlapping). It returns nil
// where no member tells the branches apart so, where there are fewer
// than two object branches, and where the union holds a reference that
// may be a site of a recursion (the inliner kept it: the steps a
// recursive definition's rules repeat, its references' paths, would go
// through a branch past no guard; a site of the arguments' own recursion
// too; refsNoSites). A union in a recursive
// definition's copy is read so too: the steps its rules repeat, holding
// no reference inside it, stand outside it, and each depth's guard is
// read at that depth.
func unionGuards(root *Node, views []*Node, from []int, n int, whole bool, holder *Node) []string {
	guards, _ := valueGuards(root, views, from, n, whole, holder, nil)
	return guards
}

// valueGuards is unionGuards, and where optional is set (a oneOf's
// guards: the other branches refuse any call that holds the member with
// one of a branch's strings) the member may be optional in some
// branches, which it returns (the branches whose rewrite takes its
// lenient forms only where the member is given: presenceForm), but for
// a member optional reports false for (one a rules file reads, whose
// presence may change before the guard reads it), and where a branch
// that leaves it optional is no plain object (plainObject). A branch
// that leaves the member out takes a call that holds none of it, which
// no rule past its guard reads.
func valueGuards(root *Node, views []*Node, from []int, n int, whole bool, holder *Node, optional func(name string) bool) (guards []string, needs []string) {
	if !whole || !refsNoSites(root, holder) {
		return nil, nil
	}
	var objects []int // the views that may be objects
	arrays := 0
	for i, v := range views {
		t := v.Get("type")
		if v.Kind != '{' {
			return nil, nil // (true, false)
		}
		if t == nil || typeAllows(t, "object") {
			objects = append(objects, i)
		}
		if t == nil || typeAllows(t, "array") {
			arrays++
		}
	}
	if len(objects) == 0 || arrays > 1 {
		return nil, nil // (two arrays' elements: compared, overlapping)
	}
	names := slices.Sorted(maps.Keys(requiredNames(views[objects[0]])))
	if optional != nil {
		names = slices.DeleteFunc(slices.Clone(declaredNames(views[objects[0]])), func(name string) bool { return !optional(name) })
	}
	for _, name := range names {
		held := make([][]string, n)
		optionalIn := make([]bool, n)
		ok := true
		for _, i := range objects {
			vals, named := heldValues(root, views[i].Get("properties").Get(name))
			if !named || len(vals) == 0 || optional == nil && !requiredNames(views[i])[name] {
				// (no value at all: a branch that takes no object, whose
				// rules would go on past no guard)
				ok = false
				break
			}
			optionalIn[from[i]] = optionalIn[from[i]] || !requiredNames(views[i])[name]
			held[from[i]] = append(held[from[i]], vals...)
		}
		branches := 0
		for j := range held {
			if held[j] == nil {
				continue
			}
			branches++
			for _, other := range held[j+1:] {
				ok = ok && !slices.ContainsFunc(held[j], func(v string) bool { return slices.Contains(other, v) })
			}
		}
		if !ok || branches < 2 {
			continue
		}
		plain := true
		for j, b := range holder.Get(jsonnode.OneOf).Items() {
			plain = plain && (j >= n || !optionalIn[j] || plainObject(b))
		}
		if !plain {
			continue // (a clause its rewrite may hold beside no type "object")
		}
		guards := make([]string, n)
		needs := make([]string, n)
		for j, vals := range held {
			if vals != nil {
				slices.Sort(vals)
				guards[j] = rulespec.GuardString(name, slices.Compact(vals))
			}
			if optionalIn[j] {
				needs[j] = name
			}
		}
		return guards, needs
	}
	return nil, nil
}

// plainObject reports whether the union branch b is of type "object"
// and holds no combinator, condition or reference: its rewrite keeps that
// type at its top, beside which a clause's required reads as strict AJV
// wants it (strictTypes).
func plainObject(b *Node) bool {
	t, _ := b.Get("type").AsString()
	return t == "object" && !slices.ContainsFunc(b.Keys, func(k string) bool {
		return combinators[k] || k == "$ref" || k == "$dynamicRef"
	})
}

// refsNoSites reports whether no reference in s (as the inliner left it:
// the references it kept) may be a site of a recursion whose rules repeat
// its steps (deriver.recursionSite): each names a definition other than
// the arguments, and either neither it nor the definition names a type
// that allows an object or an array (a site's definition is of one of
// those types, where type names it), or it is a branch of an anyOf or
// oneOf another branch of which may hold a string or an object (a site
// in a union is its one such branch: disjointBranch). A reference to a
// union of types, or one beside strings in a union (CWL's types: a
// record whose fields hold a type again, or a string), stays as the
// strict schema has it, with no rule below it.
func refsNoSites(root, s *Node) bool {
	return refsNoSitesIn(root, s, nil)
}

// refsNoSitesIn is refsNoSites for s, a branch of a union whose branches
// are union (nil for any other place).
func refsNoSitesIn(root, s *Node, union []*Node) bool {
	switch s.Kind {
	case '[':
		return !slices.ContainsFunc(s.Vals, func(v *Node) bool { return !refsNoSitesIn(root, v, nil) })
	case '{':
	default:
		return true
	}
	if s.Get("$dynamicRef") != nil {
		return false
	}
	if r := s.Get("$ref"); r != nil {
		ref, _ := r.AsString()
		target := pointer(root, ref)
		if target == nil || target == root {
			return false
		}
		containers := false
		for _, x := range []*Node{s, target} {
			if t := x.Get("type"); t != nil && (t.Kind != '"' && t.Kind != '[' || typeAllows(t, "object") || typeAllows(t, "array")) {
				containers = true
			}
		}
		if containers && !slices.ContainsFunc(union, func(b *Node) bool { return b != s && mayHoldStringOrObject(b) }) {
			return false
		}
	}
	for i, v := range s.Vals {
		var union []*Node // (a union's branches are judged beside each other)
		if k := s.Keys[i]; (k == jsonnode.AnyOf || k == jsonnode.OneOf) && v.Kind == '[' {
			union = v.Items()
		}
		if union == nil && !refsNoSitesIn(root, v, nil) ||
			slices.ContainsFunc(union, func(b *Node) bool { return !refsNoSitesIn(root, b, union) }) {
			return false
		}
	}
	return true
}

// mayHoldStringOrObject reports whether the union branch b may hold a
// string or an object: it names no type (or holds a reference), or its
// type allows either.
func mayHoldStringOrObject(b *Node) bool {
	t := b.Get("type")
	return b.Kind != '{' || t == nil || b.Get("$ref") != nil || typeAllows(t, "string") || typeAllows(t, "object")
}

// branchMark is where the reading of a union's branch began: the rules
// the deriver had then, and the recursion sites it had read (a site that
// adds no rule of its own, the last a branch reads, is told apart from
// the next branch's by its own count, not by the rules: guardRules).
type branchMark struct{ rules, sites int }

// branchMark returns the mark of a branch whose reading begins.
func (d *deriver) branchMark() branchMark { return branchMark{len(d.rules), d.sitesRead} }

// guardRules gives the rules added since mark below path (and the
// misnamed_key rule of the object at path), those of one branch of the
// union there, its guard: their paths go on past it alone
// (`x<"type"="a">.n`), their IDs name it. At the arguments (path ""),
// the guard starts the paths (`<!"layers">.encoding.x`: a top-level
// member's rule, From, gets a path), of the rules of the members keys
// names alone (nil: every member).
func (d *deriver) guardRules(mark branchMark, path, guard string, keys map[string]bool) {
	if d.survey {
		return
	}
	for i := mark.rules; i < len(d.rules); i++ {
		r := &d.rules[i]
		at := r.Path
		if path == "" && at == "" {
			at = r.From
		}
		rest := strings.TrimPrefix(at, path)
		if at == "" || path != "" && !under(at, path) || rest == "" && r.Type != lenient.RuleMisnamedKey || strings.HasPrefix(rest, "[]") || r.Type == lenient.RuleSecret ||
			keys != nil && !keys[topMember(rest)] {
			// (an array's elements: the one branch that may be an array
			// reads them, past no guard, which takes objects alone)
			continue
		}
		if path == "" && rest[0] != '{' {
			rest = "." + rest // (a member after the guard, as after any step)
		}
		p := path + guard + rest
		if id := strings.Replace(r.ID, d.tool+"."+at+".", d.tool+"."+p+".", 1); id != r.ID {
			r.ID = id
		} else {
			r.ID += guard // (unique: another branch's rule has another guard)
		}
		r.Path, r.From = p, ""
	}
	// (the recursion sites read in the branch: the group of their steps
	// goes on past the guard as their rules do)
	for _, f := range d.frames {
		for i := range f.sites {
			site := &f.sites[i]
			rest := strings.TrimPrefix(site.rule, path)
			if site.seq < mark.sites || path != "" && !under(site.rule, path) || rest == "" || strings.HasPrefix(rest, "[]") || keys != nil && !keys[topMember(rest)] {
				continue
			}
			if path == "" && rest[0] != '{' {
				rest = "." + rest
			}
			// (its rule's ID too, as the loop above wrote it: where the
			// frame is left unread, leaveRecursion takes the rule back
			// by it)
			if site.id != "" {
				site.id = strings.Replace(site.id, d.tool+"."+site.rule+".", d.tool+"."+path+guard+rest+".", 1)
			}
			site.rule = path + guard + rest
		}
	}
}
