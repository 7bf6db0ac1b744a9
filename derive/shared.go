package derive

import (
	"slices"

	"github.com/normgen/normgen/lenient"

	"github.com/normgen/normgen/internal/jsonnode"

	"github.com/normgen/normgen/internal/rulespec"
)

// A definition the inliner copied at one place and kept as a reference
// at that same place elsewhere (another branch of a union, past the size
// bound; a reference inside a definition the deriver reads where it
// stands, which the inliner never met) is read alike at both: where the
// copy is its target's alone (no sibling of its reference but
// annotations), and so is each kept reference, the references point at
// the copy's lenient form, written once in the rewrite's definitions
// ("lenient.Config"), and the copy names it too. The rules the copy's
// values get at that place then read what every schema there holds
// alike, where a kept reference otherwise keeps every value below it
// strict (reach: it may hold them otherwise).

// sharedKey is the key of a definition's copy at a path.
type sharedKey struct {
	path   string
	target *Node
}

// keptSite is a reference kept at a path: its schema there, its target
// and $ref, the target nil where it may not share its target's copy.
type keptSite struct {
	node   *Node
	target *Node
	ref    string
}

// keptAt records, in the survey, a reference kept at path (not read at
// every depth: recursionSite), and whether it may share its target's
// copy there: its siblings are annotations.
func (d *deriver) keptAt(path string, s *Node) {
	if !d.survey || d.none > 0 {
		return
	}
	ref := refIn(s)
	target := pointer(d.root, ref)
	bare := s.Get("$ref") != nil
	for _, k := range s.Keys {
		bare = bare && (k == "$ref" || annotation(k))
	}
	if !bare || target == nil || target.Kind != '{' {
		target = nil
	}
	d.keptSites[path] = append(d.keptSites[path], keptSite{s, target, ref})
}

// copied records, in the survey, that the copy s at path (inliner.entry)
// was read as an object or array: a reference kept at path to its
// target may share its lenient form; not in a guarded branch, whose
// copies' rules read the calls its guard passes alone (nor below a
// top-level member read past a guard: guardedKeys).
func (d *deriver) copied(path string, s *Node) {
	if !d.survey || d.none > 0 || d.in == nil || d.guarded > 0 || d.guardedKeys[topMember(path)] {
		return
	}
	if target, bare := d.in.entry(s); target != nil && bare {
		d.copies[sharedKey{path, target}] = true
	}
}

// sharable reports whether every reference kept at path may share the
// lenient form of its target's copy there (keptAt, copied), and nothing
// else kept there holds what is below it otherwise: every schema the
// survey kept at path as it is (keptRef, keptWhole: a reference with
// siblings, past the size bound, say) is one of those references.
//
// The derivation reads the survey's sites, which no longer change: it
// asks once per path (reach asks at every site below a kept reference).
func (d *deriver) sharable(path string) bool {
	if d.survey {
		return d.sharableNow(path)
	}
	v, ok := d.sharableAt[path]
	if !ok {
		v = d.sharableNow(path)
		if d.sharableAt == nil {
			d.sharableAt = map[string]bool{}
		}
		d.sharableAt[path] = v
	}
	return v
}

// sharableNow is sharable as the sites seen so far tell it.
func (d *deriver) sharableNow(path string) bool {
	kept := d.keptSites[path]
	if len(kept) == 0 || d.conjSkipped[path] {
		return false // (a kept reference holds its target alone: no conjunction)
	}
	nodes := make(map[*Node]bool, len(kept))
	for _, k := range kept {
		if k.target == nil || !d.copies[sharedKey{path, k.target}] {
			return false
		}
		nodes[k.node] = true
	}
	for _, s := range d.opaqueSchemas[path] {
		if s == nil || !nodes[s] {
			return false
		}
	}
	return true
}

// shares reports whether the copy s at path is one a reference kept at
// path shares (sharable), in the derivation.
func (d *deriver) shares(path string, s *Node) bool {
	if d.survey || d.none > 0 || d.in == nil || !d.sharable(path) {
		// (below a place no rule path names, a copy has no lenient
		// form to share: strictForm's walk, a not's)
		return false
	}
	target, bare := d.in.entry(s)
	return target != nil && bare && slices.ContainsFunc(d.keptSites[path], func(k keptSite) bool { return k.target == target })
}

// share returns the schema standing at path for the copy s there, base
// its schema, its values' rules given (shares): a reference to its
// lenient form, written once in the rewrite's definitions, which the
// references kept at path name too (pointShared).
func (d *deriver) share(path string, s, base *Node) *Node {
	target, _ := d.in.entry(s)
	key := sharedKey{path, target}
	if ref, ok := base.Get("$ref").AsString(); ok { // (closeRecursion's form)
		d.sharedRefs[key] = ref
		return base
	}
	native := d.respell(base)
	if native.Kind != '{' {
		return base
	}
	i := slices.IndexFunc(d.keptSites[path], func(k keptSite) bool { return k.target == target })
	container, name := d.defPlace(d.keptSites[path][i].ref)
	schema := withOwnAnnotations(native, target)
	def := d.defFor(container, name, schema.MarshalText())
	if def.schema == nil {
		def.schema = schema
	}
	ref := "#/" + container + "/" + def.name
	d.sharedRefs[key] = ref
	return useOf(ref, native, def.schema)
}

// withOwnAnnotations returns a copy of the lenient form native of
// target's copy with target's own annotations, not its use's.
func withOwnAnnotations(native, target *Node) *Node {
	schema := native.Clone()
	for _, k := range rulespec.Annotations {
		if a := target.Get(k); a != nil {
			schema.Set(k, a.Clone())
		} else {
			schema.Delete(k)
		}
	}
	return schema
}

// useOf is the schema that stands where native stood: a reference to
// ref (its definition schema), with the annotations of native that
// schema does not hold alike (its use's description).
func useOf(ref string, native, schema *Node) *Node {
	use := obj("$ref", jstr(ref))
	for _, k := range rulespec.Annotations {
		if a := native.Get(k); a != nil && (schema.Get(k) == nil || !jsonnode.SameJSON(a, schema.Get(k))) {
			use.Set(k, a)
		}
	}
	return use
}

// sharedSite notes, in the derivation, the reference s kept at path,
// where it may share its target's lenient form (sharable): it is pointed
// there once the rewrite is made (pointShared).
func (d *deriver) sharedSite(path string, s *Node) bool {
	if d.survey || !d.sharable(path) {
		return false
	}
	d.pending = append(d.pending, pendingRef{path, s, pointer(d.root, refIn(s))})
	return true
}

// sharedText returns the schema for the reference s kept at path that
// shares its target's copy there (sharedSite), typ its target's type,
// nullable where the target takes null too (OpenAPI's nullable beside
// its type, which the copy's lenient form is made without: split): s,
// null beside it where nullable, as the copy's site has it; and where
// the copy's JSON text is read (an array's or an object's, which reach
// allows at path: oneKindShared), that text too, with the copy's
// json_accept_both rule ("null" too, with its null_text rule, where
// nullable).
func (d *deriver) sharedText(path string, at place, s *Node, typ string, nullable bool) *Node {
	out := s
	if nullable {
		out = withNull(out)
	}
	if typ != "array" && typ != "object" || !at.isSite() || d.keep[path] {
		return out
	}
	if reach, _ := d.reach(path, at); !reach {
		return out // (the copy's site says why)
	}
	d.nullText(path, at, nullable, true)
	d.addRule(path, at, lenient.RuleJSONAcceptBoth, "json", "", "native")
	return withString(out)
}

// oneKindShared reports whether the sites at path, which the survey saw
// hold more than one kind, hold one but for the references kept there,
// each of which shares its target's copy at path (sharable): the copy's
// kind is theirs, and they read what it reads.
func (d *deriver) oneKindShared(path string) bool {
	if d.survey || !d.sharable(path) {
		return false
	}
	refs := map[string]bool{}
	for _, k := range d.keptSites[path] {
		refs[keptKind(k.ref)] = true
	}
	n := 0
	for k := range d.kinds[path] {
		if !refs[k] {
			n++
		}
	}
	return n == 1
}

// pendingRef is a kept reference to point at its target's lenient form.
type pendingRef struct {
	path   string
	node   *Node
	target *Node
}

// pointShared points the kept references sharedSite noted at their
// targets' lenient forms, and keeps strictRefs from pointing them at
// strict copies (ownRefs).
func (d *deriver) pointShared() {
	for _, p := range d.pending {
		ref, ok := d.sharedRefs[sharedKey{p.path, p.target}]
		if !ok {
			// (the survey saw the copy read, the derivation did not: the
			// two walk one schema alike, so this is a bug to report)
			d.warn(p.path, "internal error: no lenient form of its $ref's target was made at this path; its values' rules may not read it alike")
			continue
		}
		p.node.Set("$ref", jstr(ref))
		d.ownRefs[p.node] = true
	}
}
