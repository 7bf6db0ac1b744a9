package derive

import (
	"bytes"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// A reference the inliner keeps (a recursive one, one past the size
// bound, ...) stays in the rewrite and resolves there: where it names a
// value the rewrite changed (a property given its string form, a value
// inside one), or passes through one (a pointer into an array's items,
// which the rewrite moves into an anyOf's branch), it would reach the
// lenient form, or nothing, at a depth no rule names. So each such
// reference is pointed at a strict copy of its target, kept once in the
// rewrite's definitions ($defs, or definitions where the document uses
// them or its draft has no $defs) under a name of the form
// "strict.properties.t" that no definition of the document holds: the
// target as the strict schema has it, respelled in the portable form
// (deriver.noRule), its names left out (inliner.unnamed), and its own
// references pointed the same way. A reference to a definition of the
// root, which the rewrite respells only, or to a value the rewrite left
// as it was, stays as it is.
//
// Where no copy can stand for the target (it holds a name a reference
// of the document may use, or declares another dialect; a dynamic
// reference names it), the value that holds it is kept whole instead,
// in another pass, with a warning (idPolicy.reached), and where no rule
// path names that value, the whole input schema is kept as it is.

// whyReached is why a value is kept whole that a reference left in the
// rewrite reaches and no strict copy can stand for.
const whyReached = "a reference left in the rewrite reaches it, and no strict copy of it can stand in (it holds a name a reference may use, or a dynamic reference names it), so it is kept as it is"

// refSite is a reference left in the rewrite: the schema that holds it,
// its keyword and its value.
type refSite struct {
	at       *Node
	key, ref string
}

// strictRefs points, in place, the references left in the rewrite out of
// the strict schema at strict copies of their targets where the rewrite
// changed those (see above). It returns the JSON Pointers (in the strict
// schema) of the targets no copy can stand for; out is then to be
// derived again.
func (d *deriver) strictRefs(out *Node) []string {
	var sites []refSite
	refSites(out, true, &sites)
	if len(sites) == 0 || out.Kind != '{' {
		return nil
	}
	f := &refFixer{d: d, out: out, copies: map[*Node]string{}, taken: map[string]bool{}, seen: map[string]bool{}}
	f.container = defsContainer(d.root, out)
	for len(sites) > 0 {
		s := sites[0]
		sites = sites[1:]
		if d.ownRefs[s.at] {
			continue // a lenient form's or the arguments' (closeRoot, pointShared)
		}
		sites = append(sites, f.fix(s)...)
	}
	// (out as the deriver left it was read until now: changed)
	for _, p := range f.repointed {
		p.at.Set("$ref", jstr(p.ref))
	}
	if len(f.made) > 0 {
		defs := out.Get(f.container)
		if defs == nil {
			defs = obj()
			out.Set(f.container, defs)
		}
		for _, m := range f.made {
			defs.Set(m.name, m.copy)
		}
	}
	return f.failed
}

// defsContainer returns the keyword of the definitions the deriver
// writes into the rewrite out of root: "$defs", or "definitions" where
// out uses them or root's draft has no $defs; "" where out's is no
// object.
func defsContainer(root, out *Node) string {
	container := "$defs"
	if out.Get("$defs") == nil && (out.Get("definitions") != nil || oldDraft(root)) {
		container = "definitions"
	}
	if c := out.Get(container); c != nil && c.Kind != '{' {
		return ""
	}
	return container
}

// refFixer is the state of strictRefs.
type refFixer struct {
	d         *deriver
	out       *Node            // the rewrite, as the deriver left it until strictRefs changes it (repointed, made)
	repointed []refSite        // the references to point at copies (ref: the copy's)
	made      []madeCopy       // the copies to add to out's definitions, in order
	container string           // "$defs" or "definitions" ("" where the rewrite's is no object)
	copies    map[*Node]string // strict target -> the $ref to its copy
	taken     map[string]bool  // the names given to copies
	seen      map[string]bool  // JSON Pointer -> changed
	failed    []string
}

// refSites appends to sites the references of schema s and of the
// schemas below it, but for those inside a schema whose identifier sets
// a base URI of its own (below the root): they resolve against it, and
// such a value is kept whole (idPolicy.whole).
func refSites(s *Node, root bool, sites *[]refSite) {
	if s.Kind != '{' || !root && setsBase(identifier(s)) {
		return
	}
	for _, k := range refKeys {
		if ref, ok := s.Get(k).AsString(); ok {
			*sites = append(*sites, refSite{at: s, key: k, ref: ref})
		}
	}
	for c := range s.Subschemas() {
		refSites(c.Schema, false, sites)
	}
}

// fix points the reference site at a strict copy of its target where the
// rewrite changed that, and returns the references of a copy it made.
func (f *refFixer) fix(site refSite) []refSite {
	ptr, ok := f.target(site)
	if !ok || !f.changed(ptr) {
		return nil
	}
	target, _ := f.d.root.Pointer(ptr)
	if site.key != "$ref" || f.container == "" {
		f.failed = append(f.failed, ptr)
		return nil
	}
	ref, made, ok := f.copyOf(target, ptr)
	if !ok {
		f.failed = append(f.failed, ptr)
		return nil
	}
	site.ref = ref
	f.repointed = append(f.repointed, site)
	if made == nil {
		return nil
	}
	var sites []refSite
	refSites(made, true, &sites)
	return sites
}

// target returns the JSON Pointer, into the strict schema, of the schema
// a reference names, and false where it names none of the document's
// that this can tell (another document's, an anchor no schema declares).
// A reference by the document's own identifier is local; an anchor names
// the schema that declares it.
func (f *refFixer) target(site refSite) (string, bool) {
	ref := site.ref
	if site.key == "$recursiveRef" {
		ref = "#"
	}
	uri, frag, ok := strings.Cut(ref, "#")
	if !ok {
		return "", false
	}
	if uri != "" {
		base, err := url.Parse(identifier(f.d.root))
		u, err2 := url.Parse(uri)
		if err != nil || err2 != nil || !base.IsAbs() {
			return "", false
		}
		base.Fragment = ""
		if base.ResolveReference(u).String() != base.String() {
			return "", false
		}
	}
	if frag == "" || frag[0] == '/' {
		ptr, err := url.PathUnescape(frag)
		if err != nil {
			return "", false
		}
		if _, err := f.d.root.Pointer(ptr); err != nil {
			return "", false
		}
		return ptr, true
	}
	at, found := "", false
	eachSchema(f.d.root, "", func(p string, n *Node) {
		for _, k := range nameKeys {
			v, ok := n.Get(k).AsString()
			if ok && !found && (v == frag && (k == "$anchor" || k == "$dynamicAnchor") || v == "#"+frag) {
				at, found = p, true
			}
		}
	})
	return at, found
}

// changed reports whether the rewrite changed the value at JSON Pointer
// ptr of the strict schema: it holds no value there, or another than the
// strict schema's, but for a definition of the root (respelled only)
// and a value kept whole.
func (f *refFixer) changed(ptr string) bool {
	if c, ok := f.seen[ptr]; ok {
		return c
	}
	c := f.differs(ptr)
	f.seen[ptr] = c
	return c
}

// differs is changed, not remembered.
func (f *refFixer) differs(ptr string) bool {
	was, err := f.d.root.Pointer(ptr)
	if err != nil {
		return false // names nothing: the deriver warns
	}
	now, err := f.out.Pointer(ptr)
	if err != nil {
		return true
	}
	if bytes.Equal(now.Marshal(), was.Marshal()) {
		return false
	}
	toks := strings.Split(ptr, "/")
	if len(toks) == 3 && (toks[1] == "$defs" || toks[1] == "definitions") {
		return false // a definition of the root: respelled only
	}
	for i := 2; i <= len(toks); i++ {
		if path, ok := rulePath(strings.Join(toks[:i], "/")); ok && path != "" && f.d.whole[path] {
			return false // kept whole (its references inlined: the same values)
		}
	}
	return true
}

// copyOf returns the $ref to the strict copy of target, the value at
// JSON Pointer ptr of the strict schema, adding the copy to the rewrite
// where it holds none yet (made, then), and false where no copy can
// stand for it (it holds a name a reference may use, or another
// dialect: inliner.copyable).
func (f *refFixer) copyOf(target *Node, ptr string) (ref string, made *Node, ok bool) {
	if ref, ok := f.copies[target]; ok {
		return ref, nil, true
	}
	c := target
	if target == f.d.root {
		// the root's identifier, dialect and definitions stay with it:
		// the copy's references resolve against the document alike
		c = target.Clone()
		for _, k := range []string{"$id", "id", "$schema", "$defs", "definitions"} {
			c.Delete(k)
		}
	}
	if target.Kind != '{' || !f.d.in.copyable(c) {
		return "", nil, false
	}
	name := f.name(ptr)
	ref = "#/" + f.container + "/" + name
	f.copies[target] = ref
	c = c.Clone()
	f.d.in.unnamed(c)
	rules, warns := len(f.d.rules), len(f.d.warns)
	c = f.d.noRule(f.container+"."+name, c)
	f.d.rules, f.d.warns = f.d.rules[:rules], f.d.warns[:warns]
	f.made = append(f.made, madeCopy{name, c})
	return ref, c, true
}

// madeCopy is a strict copy copyOf made, and its name among the
// rewrite's definitions.
type madeCopy struct {
	name string
	copy *Node
}

// name returns a name for the strict copy of the value at JSON Pointer
// ptr that no definition of the rewrite, nor another copy, holds:
// "strict" and the pointer's tokens, joined by dots, with the characters
// a URI fragment would escape as "_" (pruneDefs reads such a name).
func (f *refFixer) name(ptr string) string {
	base := pointerName("strict", ptr)
	name := base
	for i := 2; f.taken[name] || f.out.Get(f.container).Get(name) != nil || f.d.root.Get(f.container).Get(name) != nil; i++ {
		name = base + "." + strconv.Itoa(i)
	}
	f.taken[name] = true
	return name
}

// pointerName is prefix and the tokens of the JSON Pointer ptr, joined
// by dots, with the characters a URI fragment would escape as "_":
// "strict.properties.t" for /properties/t (pruneDefs reads such a name).
func pointerName(prefix, ptr string) string {
	var b strings.Builder
	b.WriteString(prefix)
	for _, tok := range strings.Split(ptr, "/")[1:] {
		b.WriteByte('.')
		for _, r := range pointerUnescaper.Replace(tok) {
			if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
				b.WriteRune(r)
			} else {
				b.WriteByte('_')
			}
		}
	}
	return b.String()
}

// reachedPaths returns the paths of the values to keep whole so that the
// targets at the JSON Pointers ptrs (of the strict schema), which no
// strict copy can stand for, stay as the strict schema has them: the
// outermost value a rule path names on the way to each. false where one
// has none (the root itself, a place no rule path names).
func reachedPaths(ptrs []string) ([]string, bool) {
	var out []string
	for _, ptr := range ptrs {
		toks := strings.Split(ptr, "/")
		found := false
		for i := 2; i <= len(toks) && !found; i++ {
			p := strings.Join(toks[:i], "/")
			if path, ok := rulePath(p); ok && path != "" {
				out, found = append(out, path), true
			}
		}
		if !found {
			return nil, false
		}
	}
	return out, true
}

// keptStrict is the derivation of a tool whose input schema is kept as
// it is: a reference left in its rewrite would reach a value the rewrite
// changed, and no strict copy, nor keeping a value whole, stands in.
func keptStrict(tool string, root *Node, ptrs []string) *Derivation {
	w := Warning{Tool: tool, Message: fmt.Sprintf("a reference left in the rewrite reaches %q, which the rewrite changes, and no strict copy of it can stand in; kept as it is", "#"+ptrs[0])}
	return &Derivation{Schema: root.Clone(), Warnings: []Warning{w}, strict: root, fields: []Warning{w}}
}
