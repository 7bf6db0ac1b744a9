package derive

import (
	"maps"
	"slices"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
)

// presenceGuards returns, for the union k of holder, whose object branches
// are open and which a discriminator does not tell apart (unionGuards),
// a guard for each branch (rulespec.AbsentGuardString, one after the
// other; "" for a branch that takes no object) where each object branch
// requires a member that no other branch, nor holder, declares (its
// marker: the first such member by name; Vega-Lite's unit spec requires
// "mark", its layer spec "layers"; none a rules file reads: fileReads).
// A branch's guard holds where the
// object holds none of the other branches' markers: there no other
// object branch takes the call, before the rules or after them (no rule
// adds, removes or renames a marker: no other branch declares it, and
// its own branch requires it), and the rules below the branch, past its
// guard alone (guardRules), read only calls that branch alone may take.
// The rewrite of each branch takes its lenient forms only there
// (presenceForm, with the clause it returns for the branch: those
// markers held absent): where a marker of another branch is given, a
// call is held to the strict schema, as no rule reads it.
//
// A branch that is a reference the inliner kept is read as its target.
// It returns nil where holder holds anything but its union, its type
// and annotations; where a branch names no type (nor does holder), or
// holds more than
// type, properties, required, additionalProperties true or false and
// annotations (its rewrite is then compared property by property); where
// fewer than two branches are objects, or two are arrays; where the
// union holds a reference that may be a site of a recursion (neither
// refsNoSites nor keptNoSites); and where an object branch has no
// marker.
//
// An anyOf gets its guards only where anyOfGuards is set; elsewhere it
// gets none, and its path joins anyOfAt: its rewrite would gain a not,
// which Gemini's function declarations and OpenAI's strict mode refuse
// where they may take the anyOf (a oneOf they refuse already), and
// deriveNode sets anyOfGuards where no host refuses the rewrite with
// the guards that takes the one without.
func (d *deriver) presenceGuards(path string, holder *Node, k string) (guards []string, clauses []*Node) {
	if !refsNoSites(d.root, holder) && !d.keptNoSites(holder) {
		return nil, nil
	}
	for _, key := range holder.Keys {
		if key != k && key != "type" && !annotation(key) && !useAnnotations[key] {
			return nil, nil
		}
	}
	branches := slices.Clone(holder.Get(k).Items())
	var objects []int
	arrays := 0
	for i, b := range branches {
		if ref, ok := b.Get("$ref").AsString(); ok && len(b.Keys) == 1 {
			// (a reference the inliner kept, for its size: its
			// target is read, and no rule reads below it)
			if b = pointer(d.root, ref); b == nil {
				return nil, nil
			}
			branches[i] = b
		}
		t, ok := b.Get("type").AsString()
		if !ok && b.Kind == '{' && b.Get("type") == nil {
			// (the holder's type holds each branch's value)
			t, ok = holder.Get("type").AsString()
		}
		if b.Kind != '{' || !ok {
			return nil, nil // (true, false, no type or a type array)
		}
		switch t {
		case "array":
			arrays++
			continue
		case "object":
		default:
			continue // (a scalar branch: no rule past a guard reads it)
		}
		for j, key := range b.Keys {
			v := b.Vals[j]
			switch {
			case key == "type", key == "required", annotation(key), useAnnotations[key]:
			case key == "properties" && v.Kind == '{':
			case key == "additionalProperties" && v.Kind == 't':
			default:
				return nil, nil
			}
		}
		objects = append(objects, i)
	}
	if len(objects) < 2 || arrays > 1 {
		return nil, nil
	}
	markers := map[int]string{}
	for _, i := range objects {
		for _, name := range slices.Sorted(maps.Keys(requiredNames(branches[i]))) {
			if !d.fileReads(path, name) && !slices.ContainsFunc(objects, func(j int) bool { return j != i && branches[j].Get("properties").Get(name) != nil }) {
				markers[i] = name
				break
			}
		}
		if markers[i] == "" {
			return nil, nil
		}
	}
	if k == jsonnode.AnyOf && !d.anyOfGuards {
		// (deriveNode judges the hosts, and derives again with them)
		d.anyOfAt = append(d.anyOfAt, path)
		return nil, nil
	}
	guards, clauses = make([]string, len(branches)), make([]*Node, len(branches))
	for _, i := range objects {
		var g strings.Builder
		var given []*Node
		for _, j := range objects {
			if j != i {
				g.WriteString(rulespec.AbsentGuardString(markers[j]))
				given = append(given, obj("type", jstr("object"), "properties", obj(markers[j], obj()), "required", jsonnode.Array(jstr(markers[j]))))
			}
		}
		guards[i], clauses[i] = g.String(), absentClause(given)
	}
	return guards, clauses
}

// absentClause is the schema that holds where a branch's absent guards
// do: an object that holds none of the members given requires, one
// each, as not of them (or of their anyOf). Each is typed, as is the
// clause (Codex shows a model a schema without a type as a string), and
// declares its member (strict AJV refuses a required name no properties
// beside it declare).
func absentClause(given []*Node) *Node {
	held := given[0]
	if len(given) > 1 {
		held = obj("anyOf", jsonnode.Array(given...))
	}
	return obj("type", jstr("object"), "not", held)
}

// fileReads reports whether a rule of the rules file given to WithRules
// reads the member name of the object at path as a key (an absent rule
// may remove it, a default add it, an alias rename another key to it):
// its presence may change before a guard on it reads the call, where the
// rewrite reads the call as sent. No such member is a guard's.
func (d *deriver) fileReads(path, name string) bool {
	at := join(path, name)
	return d.named[at] || d.keep[at] || len(d.declared[at]) > 0
}

// keptNoSites reports whether every reference in s, as the inliner left
// it, was kept for another reason than a recursion (its size, its
// siblings: d.kept), to a definition other than the arguments: no
// recursive definition's rules repeat steps through s, which would go
// past no guard (refsNoSites judges a reference by its types alone, for
// unionGuards).
func (d *deriver) keptNoSites(s *Node) bool {
	for _, r := range refsOf(s) {
		key, ref, _ := strings.Cut(r, "\x00")
		why := d.kept[ref]
		if key != "$ref" || why == "" || strings.Contains(why, whyRecursive) || pointer(d.root, ref) == d.root {
			return false
		}
	}
	return true
}

// givenClause is the schema that holds where a oneOf branch's guard
// (valueGuards) on its optional member name may: the member is given, a
// string (its branch holds it to its strings). It is typed, its member
// too (Codex shows a model a schema without a type as a string), and
// declares the member (strict AJV refuses a required name no properties
// beside it declare).
func givenClause(name string) *Node {
	return obj("type", jstr("object"), "properties", obj(name, obj("type", jstr("string"))), "required", jsonnode.Array(jstr(name)))
}

// presenceForm returns out, the rewrite of the union's branch strict whose
// rules read past a guard that holds where given does (presenceGuards,
// valueGuards), taking its lenient forms only there: beside what out
// holds, an anyOf of given and strict's schemas of the properties whose
// rewrite differs (or strict whole, where out differs from it elsewhere
// too). Where the guard does not hold, no rule reads the call and the
// strict schema holds it. The properties free names (nil for none) are
// read by rules past no guard: their lenient forms hold everywhere.
func presenceForm(out, strict, given *Node, free func(name string) bool) *Node {
	if jsonnode.SameJSON(out, strict) {
		return out
	}
	if free == nil {
		free = func(string) bool { return false }
	}
	held := strict
	if props, ok := changedProperties(out, strict); ok {
		for _, name := range slices.Clone(props.Keys) {
			if free(name) {
				props.Delete(name)
			}
		}
		if len(props.Keys) == 0 {
			return out
		}
		held = obj("type", jstr("object"), "properties", props)
	} else if sp, op := strict.Get("properties"), out.Get("properties"); sp != nil && op != nil {
		held = strict.Clone()
		for i, name := range sp.Keys {
			if o := op.Get(name); o != nil && free(name) {
				held.Get("properties").Vals[i] = o
			}
		}
	}
	clause := jsonnode.Array(given, held)
	switch {
	case out.Kind != '{':
		return obj("allOf", jsonnode.Array(out, obj("anyOf", clause)))
	case out.Get("anyOf") == nil:
		out.Set("anyOf", clause)
	case out.Get("allOf") == nil:
		out.Set("allOf", jsonnode.Array(obj("anyOf", clause)))
	default:
		out.Set("allOf", jsonnode.Array(append(slices.Clone(out.Get("allOf").Items()), obj("anyOf", clause))...))
	}
	return out
}

// changedProperties returns strict's schemas of the properties whose
// rewrite in out differs, where out and strict differ in those alone.
func changedProperties(out, strict *Node) (*Node, bool) {
	if out.Kind != '{' || len(out.Keys) != len(strict.Keys) {
		return nil, false
	}
	for i, k := range strict.Keys {
		if o := out.Get(k); k != "properties" && (o == nil || !jsonnode.SameJSON(o, strict.Vals[i])) {
			return nil, false
		}
	}
	sp, op := strict.Get("properties"), out.Get("properties")
	if sp == nil || op == nil || !slices.Equal(sp.Keys, op.Keys) {
		return nil, false
	}
	props := obj()
	for i, k := range sp.Keys {
		if !jsonnode.SameJSON(op.Vals[i], sp.Vals[i]) {
			props.Set(k, skeleton(sp.Vals[i], op.Vals[i], 0))
		}
	}
	return props, true
}

// maxSkeleton bounds the depth skeleton reads to.
const maxSkeleton = 32

// skeleton returns a schema that, beside l, the rewrite of the strict
// schema s, takes what s takes and none of the forms l gains: where l
// keeps s but for the rewrites of its properties or items (maybe as the
// branch of its type in an anyOf beside strings or null, native), s's
// type and the skeletons of those that changed; where s is of a type
// whose gained forms may be of the same type (a string: another letter
// case of an enum value), or l differs from s otherwise, s itself. A
// skeleton is the part of s the rewrite changed, not a copy of s: the
// rest l holds as s does.
func skeleton(s, l *Node, depth int) *Node {
	t, ok := s.Get("type").AsString()
	n := native(l, t)
	if !ok || n == nil || depth > maxSkeleton || t == "string" {
		return s
	}
	out := obj("type", jstr(t))
	for i, k := range s.Keys {
		sv, nv := s.Vals[i], n.Get(k)
		if nv != nil && jsonnode.SameJSON(sv, nv) {
			continue // (held alike by l)
		}
		switch {
		case k == "properties" && t == "object" && sv.Kind == '{' && nv != nil && nv.Kind == '{' && slices.Equal(sv.Keys, nv.Keys):
			props := obj()
			for j, name := range sv.Keys {
				if !jsonnode.SameJSON(sv.Vals[j], nv.Vals[j]) {
					props.Set(name, skeleton(sv.Vals[j], nv.Vals[j], depth+1))
				}
			}
			out.Set("properties", props)
		case k == "items" && t == "array" && sv.Kind == '{' && nv != nil && s.Get("prefixItems") == nil:
			// (beside prefixItems, items reads the elements past them
			// alone, which a skeleton without them would not)
			out.Set("items", skeleton(sv, nv, depth+1))
		default:
			return s
		}
	}
	if len(n.Keys) != len(s.Keys) {
		return s // (l's type branch holds a keyword s does not)
	}
	if items := s.Get("items"); t == "array" && out.Get("items") == nil && items != nil {
		// (held alike by l, but hosts refuse an array without items:
		// OpenAI, Copilot)
		out.Set("items", items)
	}
	return out
}

// native returns the schema in l of type t: l itself where its type is
// t, or the one branch of its anyOf of that type where each names one
// type (the rewrite's form of a value beside its string and null forms);
// nil where there is none.
func native(l *Node, t string) *Node {
	if x, _ := l.Get("type").AsString(); x == t {
		return l
	}
	var found *Node
	for _, b := range l.Get("anyOf").Items() {
		x, ok := b.Get("type").AsString()
		if !ok {
			return nil // (a branch of no one type may take values of type t too)
		}
		if x == t {
			if found != nil {
				return nil
			}
			found = b
		}
	}
	return found
}
