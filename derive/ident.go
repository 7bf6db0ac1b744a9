package derive

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
)

// A value whose schema holds an identifier ("$id", draft-04's "id") or
// definitions of its own ("$defs", "definitions") is rewritten like any
// other value where no reference can tell: the rewrite puts its schema
// one level down, in the first branch of an anyOf, so a reference that
// names it or a value inside it by JSON Pointer would name another
// schema, or none. Such a value is kept whole, as the strict schema has
// it (nothing inside rewritten, no null branch), with a warning, where
//
//   - a reference of the document is not a plain JSON Pointer ("#/..."):
//     one by URI ("http://example.com/pid#/items"), relative to an
//     enclosing identifier, to an anchor, or dynamic ($dynamicRef,
//     $recursiveRef) may name it by its identifier (idPolicy.all);
//   - a reference left in the rewrite passes into or through it
//     (reached, after a first derivation; idPolicy.paths);
//   - its identifier gives it a base URI of its own and a reference
//     sits inside it: that reference resolves against the identifier,
//     not the document (the inliner leaves it as it is).
//
// The identifier stays on the branch that holds the value's own schema,
// the one copy of it in the rewrite: AJV refuses a schema that holds one
// identifier twice ("resolves to more than one schema"), and nothing
// refers to it by position (the conditions above), so where it sits in
// the value is all that matters. For the same reason a copy the inliner
// makes of a definition leaves out the identifiers and anchors it holds
// (inliner.unnamed; the definition keeps them, or goes whole where no
// reference is left to it: pruneDefs), where nothing refers to a schema
// by name, and the inliner makes no copy where something may
// (inliner.copyable).

// identKeys are the keywords of placeKeys that do not keep a value strict
// by themselves: its identifier and its definitions.
var identKeys = set("$id", "id", "$defs", "definitions")

// nameKeys are the keywords whose string value names a schema within a
// document: a validator refuses a document in which two schemas share
// one.
var nameKeys = []string{"$id", "id", "$anchor", "$dynamicAnchor"}

// refKeys are the keywords that refer to another schema.
var refKeys = []string{"$ref", "$dynamicRef", "$recursiveRef"}

// identifier returns schema s's identifier: its "$id", or draft-04's
// "id", where that is a string ("" where it has none).
func identifier(s *Node) string {
	for _, k := range nameKeys[:2] {
		if id, ok := s.Get(k).AsString(); ok && id != "" {
			return id
		}
	}
	return ""
}

// setsBase reports whether the identifier id gives its schema a base URI
// of its own, against which the references inside it resolve: any
// identifier but a fragment alone ("#name", "#/a"), which names the
// schema and leaves the base as it was.
func setsBase(id string) bool { return id != "" && id[0] != '#' }

// nestedBase returns a reference of root whose JSON Pointer passes
// through, or names, a schema below the root whose identifier sets a
// base URI (setsBase), and whose target holds references, and that
// identifier; "" where there is none. A validator resolves the
// references inside the target against the identifier, where
// jsonnode.Resolve, which the inliner and every reading of a reference
// use, resolves them against the document: a copy of the target, or
// its reading, would name other schemas. (A reference inside such a
// schema, read where it stands, is kept with it: idPolicy.)
func nestedBase(root *Node) (ref, id string) {
	for _, r := range refsOf(root) {
		_, r, _ = strings.Cut(r, "\x00")
		trail := jsonnode.Trail(root, r)
		for _, n := range trail {
			// (the target's references read last: most documents set no
			// base below the root, and a target may be big)
			if x := identifier(n); setsBase(x) && len(refsOf(trail[len(trail)-1])) > 0 {
				return r, x
			}
		}
	}
	return "", ""
}

// holdsIdent reports whether schema s holds an identifier or
// definitions (identKeys).
func holdsIdent(s *Node) bool {
	for _, k := range s.Keys {
		if identKeys[k] {
			return true
		}
	}
	return false
}

// eachSchema calls f on schema s, at JSON Pointer ptr, and on every
// schema below it (Subschemas, at any depth) with its pointer.
func eachSchema(s *Node, ptr string, f func(ptr string, s *Node)) {
	f(ptr, s)
	for c := range s.Subschemas() {
		tok := c.Keyword
		switch {
		case c.Index >= 0:
			tok += "/" + strconv.Itoa(c.Index)
		case holdsMap(c.Keyword):
			tok += "/" + pointerEscaper.Replace(c.Key)
		}
		eachSchema(c.Schema, ptr+"/"+tok, f)
	}
}

// pointerEscaper and pointerUnescaper write a member name as a JSON
// Pointer token and read it back (RFC 6901), built once: a Replacer
// builds its table on first use, which eachSchema would pay per member.
var (
	pointerEscaper   = strings.NewReplacer("~", "~0", "/", "~1")
	pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

// holdsMap reports whether keyword k holds a map of schemas by name.
func holdsMap(k string) bool {
	h, _ := jsonnode.SubschemaKeyword(k)
	return h == jsonnode.HoldsMap
}

// refsOf returns the references of schema s and of the schemas below it.
func refsOf(s *Node) []string {
	var out []string
	eachSchema(s, "", func(_ string, n *Node) {
		for _, k := range refKeys {
			if v := n.Get(k); v != nil {
				ref, _ := v.AsString()
				out = append(out, k+"\x00"+ref)
			}
		}
	})
	return out
}

// plainRef reports whether an entry of refsOf is a $ref by JSON Pointer
// into the document ("#" or "#/...").
func plainRef(entry string) bool {
	k, ref, _ := strings.Cut(entry, "\x00")
	return k == "$ref" && (ref == "#" || strings.HasPrefix(ref, "#/"))
}

// idPolicy says which of the values whose schema holds an identifier or
// definitions are kept whole.
type idPolicy struct {
	// all keeps every one: a reference of the document may name any.
	all bool
	// paths are the paths of those a reference passes into or through.
	paths map[string]bool
	// reached are the paths of values of any schema that a reference
	// left in the rewrite reaches where no strict copy of its target can
	// stand in (strictRefs): kept whole too.
	reached map[string]bool
}

// newIDPolicy returns the policy of the strict schema root before any
// derivation, and whether it holds a value with an identifier or
// definitions of its own at all (else no policy applies).
func newIDPolicy(root *Node) (idPolicy, bool) {
	some := false
	eachSchema(root, "", func(ptr string, n *Node) {
		some = some || ptr != "" && holdsIdent(n)
	})
	if !some {
		return idPolicy{}, false
	}
	for _, r := range refsOf(root) {
		if !plainRef(r) {
			return idPolicy{all: true}, true
		}
	}
	return idPolicy{paths: map[string]bool{}}, true
}

// whole returns why the value at path, whose schema is s, is kept whole
// under the policy: it holds a keyword of identKeys, or a reference
// reaches it (reached); "" where it is rewritten like any other.
func (p idPolicy) whole(path string, s *Node) string {
	if p.reached[path] {
		return whyReached
	}
	k := ""
	for _, key := range s.Keys {
		if identKeys[key] {
			k = key
			break
		}
	}
	if k == "" {
		return ""
	}
	if p.all || p.paths[path] || setsBase(identifier(s)) && len(refsOf(s)) > 0 {
		return fmt.Sprintf("its schema holds %q (references inside resolve against it, so it is kept as it is)", k)
	}
	return ""
}

// reached returns the paths of the values with an identifier or
// definitions that the rewrite out of strict moved (into an anyOf's
// branch) and that a reference left in out passes into or through, and
// false where a hazard has no such path (a reference that is not a
// plain pointer, an identifier out holds more often than strict, a
// moved value at a place no rule path names). nil and true: none.
func reached(strict, out *Node) ([]string, bool) {
	moved := map[*Node]string{} // the value's node in out -> its pointer
	eachSchema(out, "", func(ptr string, n *Node) {
		if ptr == "" || !holdsIdent(n) {
			return
		}
		if was, err := strict.Pointer(ptr); err == nil && was.Kind == '{' && identifier(was) == identifier(n) && holdsIdent(was) {
			return // where the strict schema has it
		}
		at := ptr
		for {
			i := strings.LastIndexByte(at, '/')
			j := strings.LastIndexByte(at[:max(i, 0)], '/')
			if i < 0 || j < 0 || at[j+1:i] != jsonnode.AnyOf {
				break
			}
			at = at[:j]
		}
		if v, err := out.Pointer(at); err == nil {
			moved[v] = at
		}
	})
	if names(out) > names(strict) {
		return nil, false
	}
	var paths []string
	for _, r := range refsOf(out) {
		if !plainRef(r) {
			if len(moved) > 0 {
				return nil, false
			}
			continue
		}
		_, ref, _ := strings.Cut(r, "\x00")
		for _, v := range jsonnode.Trail(out, ref) {
			if at, ok := moved[v]; ok {
				path, ok := rulePath(at)
				if !ok {
					return nil, false
				}
				paths = append(paths, path)
			}
		}
	}
	return paths, true
}

// holdsName reports whether schema s, or a schema below it, holds a
// name (nameKeys).
func holdsName(s *Node) bool {
	return names(s) > 0
}

// names counts the names (nameKeys) a schema and the schemas below it
// give, counting a name given twice twice.
func names(s *Node) int {
	n := 0
	eachSchema(s, "", func(_ string, x *Node) {
		for _, k := range nameKeys {
			if _, ok := x.Get(k).AsString(); ok {
				n++
			}
		}
	})
	return n
}

// rulePath returns the path the deriver gives the value at JSON Pointer
// ptr of a rewrite, as children names the subschemas it walks
// ("/properties/a/items/properties/b" is "a[].b", a definition is
// "$defs.Name" wherever it sits, the schemas of patternProperties are
// "a.*", a combinator's branches and conditionals the value's own
// path), and whether the pointer goes through such places only.
func rulePath(ptr string) (string, bool) {
	toks := strings.Split(ptr, "/")[1:]
	path := ""
	for i := 0; i < len(toks); i++ {
		k := toks[i]
		h, _ := jsonnode.SubschemaKeyword(k)
		keyed := i+1 < len(toks) && (h == jsonnode.HoldsMap || h == jsonnode.HoldsList || k == "items")
		switch {
		case (k == "properties" || k == "$defs" || k == "definitions") && keyed:
			i++
			name := pointerUnescaper.Replace(toks[i])
			if k == "properties" {
				path = join(path, name)
			} else {
				path = k + "." + name
			}
		case k == "additionalProperties":
			path += "{}"
		case k == "items" || k == "prefixItems" || k == "additionalItems" || k == "unevaluatedItems" || k == "contains":
			if k == "prefixItems" || k == "items" && keyed && toks[i+1] != "" && toks[i+1][0] >= '0' && toks[i+1][0] <= '9' {
				i++ // a tuple's element
			}
			path += "[]"
		case (k == "patternProperties" || k == "dependentSchemas") && keyed:
			i++
			path = join(path, "*")
		case k == "unevaluatedProperties" || k == "propertyNames":
			path = join(path, "*")
		case jsonnode.IsCombinator(k) && keyed:
			i++
		case jsonnode.IsConditional(k):
		default:
			return "", false
		}
	}
	return path, true
}

// keptWhole keeps the value at path, whose schema is s, as the strict
// schema has it (idPolicy.whole, saying why): nothing inside it
// rewritten, with a warning where it is typed.
func (d *deriver) keptWhole(path string, s *Node, at place, why string) *Node {
	d.whole[path] = true
	if d.survey && d.none == 0 && path != "" {
		// (what it holds below path, never walked, may be held
		// otherwise than another schema there is read: reach refuses a
		// rule below it, as below a kept $ref)
		d.opaque[path] = why
		d.opaqueSchemas[path] = append(d.opaqueSchemas[path], nil)
	}
	if !at.isSite() {
		return s
	}
	d.record(path, "other")
	if what := typedName(s); what != "" {
		d.gapWhy(path, what, at, why)
	}
	return s
}

// withoutIdent returns base without its identifier and definitions
// (identKeys); base itself where it holds none.
func withoutIdent(base *Node) *Node {
	if !holdsIdent(base) {
		return base
	}
	out := base.Clone()
	for k := range identKeys {
		out.Delete(k)
	}
	return out
}
