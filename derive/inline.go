package derive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
)

// Inlining bounds: the schema nodes (objects and arrays) that inlining
// may add to one derivation, inlineFactor times the strict schema's own,
// and at least inlineMin; a smaller schema may add up to inlineSmall,
// within inlineSmallFactor times its own (Vega-Lite's specifications, of
// a few thousand nodes, copy their channel definitions at many places:
// most of their values were left strict at 4096). A reference past the
// bound is kept, with a warning. The rewrite writes a repeated copy once
// where it holds a $ref already (hoistRepeats), which pays for most of
// what a copy adds there.
const (
	inlineFactor      = 2
	inlineMin         = 4096
	inlineSmall       = 6144
	inlineSmallFactor = 8
)

// inlineBudget is the bound on the nodes inlining adds to a schema of n
// objects and arrays (see inlineFactor).
func inlineBudget(n int) int {
	return max(inlineMin, inlineFactor*n, min(inlineSmall, inlineSmallFactor*n))
}

// tightBudget, where above 0, is the inlining bound instead (tests: the
// references the bound keeps, and the lenient forms they share, on small
// schemas).
var tightBudget int

// whyRecursive is why a recursive $ref is kept: the value it names may
// sit at any depth, and a rule's path names one.
const whyRecursive = "it is a recursive $ref (a rule path names one depth, and the reference repeats without bound)"

// whyOldDraft is why a $ref with siblings that constrain is kept in a
// schema of draft-07 or earlier: those drafts ignore the siblings, later
// drafts and AJV apply them, so no one rewrite reads it alike.
const whyOldDraft = "its $ref has siblings, which its draft ($schema, draft-07 or earlier) ignores and AJV and later drafts apply"

// oldDraft reports whether root's $schema names draft-07 or an earlier
// draft, where the siblings of a $ref are ignored.
func oldDraft(root *Node) bool {
	return draftIn(root, "draft-03", "draft-04", "draft-05", "draft-06", "draft-07")
}

// draftIn reports whether root's $schema names one of drafts.
func draftIn(root *Node, drafts ...string) bool {
	s, _ := root.Get("$schema").AsString()
	return slices.ContainsFunc(drafts, func(d string) bool { return strings.Contains(s, d) })
}

// noConst reports whether root's $schema names draft-05 or an earlier
// draft, which has no const (draft-06 added it): its validators ignore
// the keyword, later drafts and AJV apply it.
func noConst(root *Node) bool {
	return draftIn(root, "draft-03", "draft-04", "draft-05")
}

// refIgnoresSiblings reports whether the schema b is a $ref beside
// other keywords in a document (root) of draft-07 or earlier, whose
// validators read b as its target alone (oldDraft): what its type, enum
// or pattern say of its values does not hold there.
func refIgnoresSiblings(root, b *Node) bool {
	return b.Get("$ref") != nil && len(b.Keys) > 1 && oldDraft(root)
}

// branchType returns the one JSON type the union branch b holds its
// values to, as every validator of its document (root) reads b: its
// type's name; "" where it names none or several, or where b is a $ref
// its draft reads alone (refIgnoresSiblings), whose type, enum and
// pattern say nothing of its values (its target's: any, for all it
// says). values reports that b, naming no type, holds them to an enum or
// const (typelessValues). The readers that give a union's branches'
// values rules by their types (jsonTextStarts, scalarBeside,
// scalarBesideContainers, containers, branchTypes, unionEnumCase) read
// them through it.
func branchType(root, b *Node) (typ string, values bool) {
	if refIgnoresSiblings(root, b) {
		return "", false
	}
	typ, _ = b.Get("type").AsString()
	return typ, typ == "" && typelessValues(root, b)
}

// noConditions reports whether root's $schema names draft-06 or an
// earlier draft, which has no if, then and else (draft-07 added them):
// its validators ignore those keywords, later drafts and AJV apply them.
// In such a document the deriver reads them as annotations: no key they
// alone declare gets a rule, and none they test is kept for them.
func noConditions(root *Node) bool {
	return draftIn(root, "draft-03", "draft-04", "draft-05", "draft-06")
}

// condition reports whether k is if, then or else in a document (root)
// that reads them (noConditions).
func condition(root *Node, k string) bool {
	return (k == "if" || k == "then" || k == "else") && !noConditions(root)
}

// constOf returns schema s's const: nil where it has none, or where its
// document, root, is of draft-05 or earlier (noConst), whose validators
// read {"const": "full"} as {} (later drafts and AJV apply it), or where
// it stands beside a $ref its draft reads alone (refIgnoresSiblings).
// What a const would rule out is then not ruled out: no rule may rely on
// it.
func constOf(root, s *Node) *Node {
	c := s.Get("const")
	if c == nil || noConst(root) || refIgnoresSiblings(root, s) {
		return nil
	}
	return c
}

// inliner replaces the local $refs of a schema by their targets, where
// that is sound and bounded (see deriver.inline).
type inliner struct {
	root     *Node
	oldDraft bool          // draft-07 or earlier: a $ref's siblings are ignored
	active   map[*Node]int // targets being inlined (how many copies deep), and the root
	// branch is the branch of an anyOf or oneOf being inlined, holder
	// the schema that holds that union: an object definition being
	// inlined already is copied once more in a branch of the copy of a
	// union of objects (unions; see unrolls)
	branch, holder *Node
	unions         map[*Node]bool
	// fresh is the copy expand walks next (selfRef: not a union met
	// again); byOff holds the document's object schemas by their offset,
	// and where they stand (original)
	fresh *Node
	byOff map[int64]placed
	// beside holds, for each reference whose siblings its draft ignores
	// and that hold its value's shape alone (shapeSiblings), a copy of its
	// target alone, inlined (deriver.readBeside)
	beside map[*Node]*Node
	size   map[*Node]int // nodes under a target, counted once
	budget int
	kept   map[string]string // the $refs kept in place, and why
	top    *Node             // the root's copy, whose $ref may sit beside its $schema and definitions
	copies map[*Node]bool    // targets a copy may stand in for (copyable), judged once
	byName bool              // a reference of the document may name a schema by identifier or anchor
	// intoPatterns: a reference of the document names a schema through
	// patternProperties (splitEveryName would move it)
	intoPatterns bool
	pending      map[*Node]*Node // root branches inlined first (branchesFirst), by their targets
	// entries are the targets of the copies expand made, each copy
	// tagged with its target's index (entryTag): the deriver reads a
	// target's copy, which it may copy again, and the references to the
	// target inside as one recursive value (recursive.go).
	entries []*Node
	// bare tells, for each of entries, that its reference had no
	// sibling but annotations: its copy is its target's.
	bare []bool
}

// entryTag marks a copy of a target (inliner.entries) in its Off, which
// a schema's nodes do not otherwise use and Clone keeps: the copy of
// entries[i] has Off entryTag-i.
const entryTag = -1 << 40

// entryOf returns the target s is a copy of (inliner.entries), nil where
// it is none.
func (in *inliner) entryOf(s *Node) *Node {
	t, _ := in.entry(s)
	return t
}

// entry is entryOf, and whether the copy is its target's alone (bare).
func (in *inliner) entry(s *Node) (target *Node, bare bool) {
	if i := entryTag - s.Off; s.Off <= entryTag && i < int64(len(in.entries)) {
		return in.entries[i], in.bare[i]
	}
	return nil, false
}

// inline returns a copy of the strict schema root in which every local
// $ref outside $defs and definitions is replaced by its target (its
// siblings merged in), so that the values it names get the rules and
// forms of any other value: a reference below the top level is a value
// like another, however often it is used. A reference stays, and its
// value strict with a warning (deriver.kept), where it is recursive (a
// target inside its own expansion: a rule path cannot name every depth),
// where inlining would pass the size bound, where it has siblings that
// constrain in a schema of draft-07 or earlier (which ignores them, where
// AJV applies them), where its target sets a base
// URI ($id), or where its siblings and its target both hold keywords
// that read each other (properties and additionalProperties, items and
// prefixItems, if and then, contains and minContains): merged, they
// would mean something else. $defs stay where they are; the rewrite
// keeps only the entries a reference left in it names (pruneDefs).
func (d *deriver) inline(root *Node) *Node {
	in := &inliner{root: root, oldDraft: oldDraft(root), active: map[*Node]int{root: 1}, size: map[*Node]int{}, kept: map[string]string{}, copies: map[*Node]bool{}, unions: map[*Node]bool{}, beside: map[*Node]*Node{}, pending: map[*Node]*Node{}}
	for _, r := range refsOf(root) {
		in.byName = in.byName || !plainRef(r)
		in.intoPatterns = in.intoPatterns || strings.Contains(r, "/patternProperties/")
	}
	in.budget = inlineBudget(in.nodes(root))
	if tightBudget > 0 {
		in.budget = tightBudget
	}
	in.top = root.Clone()
	out := in.schema(in.top)
	d.kept, d.in = in.kept, in
	return out
}

// schema returns s with its references inlined (s itself changed in
// place where it holds no $ref of its own). A schema whose identifier
// gives it a base URI of its own (setsBase) is left as it is: the
// references inside it resolve against that URI, not the document.
func (in *inliner) schema(s *Node) *Node {
	if s.Kind != '{' || s != in.top && setsBase(identifier(s)) {
		return s
	}
	if s != in.top {
		unwrap(in.root, s, in.oldDraft, false)
	} else if u := s.Shallow(); unwrap(in.root, u, in.oldDraft, true) {
		// (the root's wrapper goes where its target is inlined alone:
		// a root kept as it is stays as it was written; unwrap changes
		// a root's own keys, expand may change what it holds)
		u = u.Clone()
		ref, _ := u.Get("$ref").AsString()
		in.top = u
		if out, _ := in.expand(u, ref); out != nil {
			return out
		}
		in.top = s
	}
	if self := in.selfRef(s); self != nil {
		s = self
	}
	if ref, ok := s.Get("$ref").AsString(); ok {
		out, why := in.expand(s, ref)
		if out != nil {
			return out
		}
		if why == whyOldDraft && shapeSiblings(s) {
			// (its target copied apart: deriver.readBeside)
			if c, _ := in.expand(obj("$ref", jstr(ref)), ref); c != nil {
				in.beside[s] = c
				return s
			}
		}
		in.keep(ref, why)
	}
	if t := in.pending[s]; t != nil {
		in.active[t]++
		defer func() { in.active[t]-- }()
	}
	if s == in.top {
		in.branchesFirst(s)
	}
	// (judged before the walk: a map's declared members, and its
	// additionalProperties where it holds the pattern's schema, get the
	// pattern's as inlined: mapMembers)
	isMap := rulespec.PatternMap(s)
	declared := isMap && s.Get("properties") != nil && len(s.Get("properties").Keys) > 0
	others := isMap && rulespec.Alike(s.Get("additionalProperties"), s.Get("patternProperties").Vals[0])
	in.walk(s, declared, others)
	if declared || others {
		in.mapMembers(s, declared, others)
	}
	return s
}

// mapMembers gives the pattern's schema as inlined, with their own
// annotations, to the declared members of the map s (rulespec.PatternMap:
// their schema is the pattern's but for annotations) where declared, and
// to its additionalProperties (of the pattern's schema too) where
// others: inlined apart, they could differ from the pattern's where the
// size bound was reached between them, and the deriver reads them as one
// only where they are equal.
func (in *inliner) mapMembers(s *Node, declared, others bool) {
	pattern := s.Get("patternProperties").Vals[0]
	if pattern.Kind != '{' {
		return // true or false: equal already
	}
	as := func(v *Node) *Node {
		if v.Kind != '{' {
			return v
		}
		member := pattern.Clone()
		for _, k := range rulespec.Annotations {
			member.Delete(k)
		}
		for _, k := range rulespec.Annotations {
			if a := v.Get(k); a != nil {
				member.Set(k, a)
			}
		}
		return member
	}
	if props := s.Get("properties"); declared {
		for j, v := range props.Vals {
			props.Vals[j] = as(v)
		}
	}
	if others {
		s.Set("additionalProperties", as(s.Get("additionalProperties")))
	}
}

// unwrap replaces, in place, the one combinator of s whose one branch is
// a $ref alone ({"allOf": [{"$ref": "#/$defs/Color"}]}, as pydantic
// writes a field of an enum type with a description or default, and
// anyOf or oneOf of one branch alike) by that $ref, where every other
// keyword of s is an annotation: a reference beside annotations alone
// means what the wrapper means in every draft (draft-07 ignores the
// siblings, later drafts read them as annotations), and its target is
// then inlined and read as any other's. A wrapper beside a keyword that
// constrains stays (draft-07 would ignore that keyword beside a $ref),
// and in draft-07 or earlier (old) beside format or a content keyword,
// which a validator of those drafts may assert (oldDraftAsserts). At
// the root (top), the wrapper may sit beside the keywords a root's $ref
// may (rootPlaceKeys, rootIDKeys: {"$schema": ..., "oneOf": [{"$ref":
// "#/definitions/api"}], "definitions": ...}). A type beside the
// wrapper that names every type the reference's target takes (jscsrc's
// {"type": ["array", "boolean", "null"], "oneOf": [{"$ref":
// "#/definitions/keywords2"}]}) holds nothing the target does not, and
// goes with it; one that names fewer refuses what the target takes, and
// the wrapper stays. It reports whether it replaced one.
func unwrap(root, s *Node, old, top bool) bool {
	if s.Get("$ref") != nil {
		return false
	}
	wrapper, typed := "", false
	for _, k := range s.Keys {
		switch {
		case old && oldDraftAsserts[k]:
			return false
		case useAnnotations[k] || annotation(k), top && (rootPlaceKeys[k] || rootIDKeys[k]):
		case k == "type" && !top:
			typed = true
		case wrapper == "" && jsonnode.IsCombinator(k):
			wrapper = k
		default:
			return false
		}
	}
	if wrapper == "" {
		return false
	}
	v := s.Get(wrapper)
	if v.Kind != '[' || len(v.Vals) != 1 || v.Vals[0].Kind != '{' || len(v.Vals[0].Keys) != 1 {
		return false
	}
	ref := v.Vals[0].Get("$ref")
	name, ok := ref.AsString()
	if !ok {
		return false
	}
	if typed {
		target := pointer(root, name)
		if target == nil || target.Kind != '{' || !typeHolds(s.Get("type"), branchTypes(root, target)) {
			return false
		}
		s.Delete("type")
	}
	s.Delete(wrapper)
	s.Set("$ref", ref)
	return true
}

// typeHolds reports whether the type keyword t (a name or a list of
// them) names each of types (an integer within number), types not
// empty.
func typeHolds(t *Node, types []string) bool {
	names := t.Items()
	if t.Kind != '[' {
		names = []*Node{t}
	}
	var held []string
	for _, x := range names {
		name, ok := x.AsString()
		if !ok {
			return false
		}
		held = append(held, name)
	}
	return len(types) > 0 && !slices.ContainsFunc(types, func(typ string) bool { return !typeIn(held, typ) })
}

// keep records why the reference ref is kept ("" where the deriver's
// own resolve warns).
func (in *inliner) keep(ref, why string) {
	if have := in.kept[ref]; why != "" && !strings.Contains(have, why) {
		if have != "" {
			why = have + "; or " + why // kept at several places
		}
		in.kept[ref] = why
	}
}

// branchesFirst replaces each branch of the root's anyOf, oneOf and
// allOf that is a $ref by its target, and the then and else of the
// root's if (and of those branches' ifs), before anything below them is
// inlined: they declare the arguments ({"anyOf": [{"$ref":
// "#/definitions/A"}, ...]}, {"if": ..., "then": {"$ref": ...}}), and
// the size bound, spent depth first, would otherwise go to the first
// branch's deepest values and keep the next branches whole. Each is
// walked later, with its target active (pending).
func (in *inliner) branchesFirst(s *Node) {
	in.conditionFirst(s)
	for _, k := range jsonnode.Combinators {
		v := s.Get(k)
		if v == nil || v.Kind != '[' {
			continue
		}
		for i, b := range v.Vals {
			v.Vals[i] = in.first(b)
			in.conditionFirst(v.Vals[i])
		}
	}
}

// conditionFirst replaces the then and else of s that are a $ref by
// their targets (first).
func (in *inliner) conditionFirst(s *Node) {
	if s.Kind != '{' || s.Get("if") == nil {
		return
	}
	for i, k := range s.Keys {
		if k == "then" || k == "else" {
			s.Vals[i] = in.first(s.Vals[i])
		}
	}
}

// first returns the schema b, where it is a $ref, replaced by its target
// (prepare), spending the bound, the target pending; b itself where it is
// no reference, a reference to a reference, or one kept (why recorded).
func (in *inliner) first(b *Node) *Node {
	ref, ok := b.Get("$ref").AsString()
	if !ok || b.Kind != '{' {
		return b
	}
	merged, target, why := in.prepare(b, ref)
	if merged == nil {
		in.keep(ref, why)
		return b
	}
	if _, chained := merged.Get("$ref").AsString(); chained {
		return b // a reference to a reference: walked as any other
	}
	in.budget -= in.nodes(target)
	in.pending[merged] = target
	return merged
}

// expand returns the schema s, holding $ref ref, with its target in its
// place, or nil and why not ("" where the deriver's own resolve warns:
// a reference that names nothing).
func (in *inliner) expand(s *Node, ref string) (*Node, string) {
	merged, target, why := in.prepare(s, ref)
	if merged == nil {
		return nil, why
	}
	in.budget -= in.nodes(target)
	if s == in.top {
		in.top = merged // the root's target: its branches first
	}
	in.active[target]++
	if objectUnion(in.root, target) {
		in.unions[merged] = true
	}
	in.fresh = merged
	out := in.schema(merged)
	in.active[target]--
	if in.entryOf(out) == nil { // (a chain of references: the last)
		out.Off = entryTag - int64(len(in.entries))
		in.entries = append(in.entries, target)
		in.bare = append(in.bare, !slices.ContainsFunc(s.Keys, func(k string) bool {
			return k != "$ref" && !useAnnotations[k] && !annotation(k) && !restates(target, k, s.Get(k))
		}))
	}
	return out, ""
}

// unrolls reports whether the reference s to target, an object
// definition being inlined already, is copied once more: where s is a
// branch of the copy of a definition that is a union of objects alone
// (a filter that is a bool of filters, one of which is a bool). A
// recursion site there cannot be read alike at every depth
// (recursionSite); in the copy, the references to the union (the
// bool's arrays of filters) are elements or members a rule path names,
// and the union, read as one object, is read at every depth
// (unionDefSite). A reference to target in the copy is kept, as
// recursive.
func (in *inliner) unrolls(s, target *Node) bool {
	t, _ := target.Get("type").AsString()
	return s == in.branch && in.unions[in.holder] && target != in.root && t == "object"
}

// selfRef returns a reference to the union s where it stands in the
// document, where s, a union of references to objects, is a copy met
// inside a copy of one of its branches' targets: pydantic writes a
// recursive union out again at each field that holds it
// (And.children's items, a oneOf of And and Eq, as the filter's). Read
// as a reference, the union is a definition read at every depth
// (unionDefSite), which unrolls its branch's copy once more. It returns
// nil where s is no such union, or the document holds it nowhere a plain
// pointer names.
func (in *inliner) selfRef(s *Node) *Node {
	if s == in.fresh || s.Off <= 0 || !objectUnion(in.root, s) {
		return nil
	}
	recursive := false
	for _, k := range jsonnode.Alternatives {
		for _, b := range s.Get(k).Items() {
			ref, ok := b.Get("$ref").AsString()
			if !ok || len(b.Keys) != 1 {
				return nil
			}
			if t := pointer(in.root, ref); t != nil && in.active[t] > 0 {
				recursive = true
			}
		}
	}
	if !recursive {
		return nil
	}
	orig, ptr := in.original(s)
	if orig == nil || !jsonnode.SameJSON(orig, s) {
		return nil
	}
	return obj("$ref", jstr(ptr))
}

// placed is a schema of the document and the plain pointer that names it.
type placed struct {
	node *Node
	ptr  string
}

// plainPointer matches a pointer whose tokens a fragment holds as they
// are.
var plainPointer = regexp.MustCompile(`^#(/[A-Za-z0-9_.$-]+)+$`)

// original returns the schema of the document that s is a copy of (by
// its offset), and the pointer that names it; nil where there is none.
func (in *inliner) original(s *Node) (*Node, string) {
	if in.byOff == nil {
		in.byOff = map[int64]placed{}
		eachSchema(in.root, "#", func(ptr string, n *Node) {
			if n.Kind == '{' && n.Off > 0 && plainPointer.MatchString(ptr) {
				in.byOff[n.Off] = placed{n, ptr}
			}
		})
	}
	p, ok := in.byOff[s.Off]
	if !ok || pointer(in.root, p.ptr) != p.node {
		return nil, ""
	}
	return p.node, p.ptr
}

// objectUnion reports whether s is an anyOf or oneOf whose branches take
// objects alone, beside annotations and a discriminator at most; or
// objects and strings, one of its branches every string (anyStrings: a
// type reference that is a name or a structure, Tabris' typeReference),
// where a string, an object's JSON text among them, is taken as it is.
func objectUnion(root, s *Node) bool {
	ok, _ := objectUnionOf(root, s)
	return ok
}

// objectUnionOf is objectUnion, and whether s takes every string beside
// its objects (strs).
func objectUnionOf(root, s *Node) (ok, strs bool) {
	alt := ""
	for _, k := range s.Keys {
		switch {
		case (k == jsonnode.AnyOf || k == jsonnode.OneOf) && alt == "":
			alt = k
		case k == "discriminator", annotation(k):
		default:
			return false, false
		}
	}
	if alt == "" {
		return false, false
	}
	switch takenKinds(root, obj(alt, s.Get(alt))) {
	case kindObject:
		return true, false
	case kindObject | kindString:
		strs = alt == jsonnode.AnyOf && anyStrings(s)
		return strs, strs
	}
	return false, false
}

// anyStrings reports whether a branch of the union s is a string schema
// that takes every text of two characters or more (takesTexts): every
// object's JSON text, which it takes as it is.
func anyStrings(s *Node) bool {
	for _, k := range jsonnode.Alternatives {
		if slices.ContainsFunc(s.Get(k).Items(), func(b *Node) bool { return takesTexts(b, 2, false) }) {
			return true
		}
	}
	return false
}

// restates reports whether the reference's sibling k is a type its
// target declares alike ({"$ref": "#/$defs/Node", "type": "object"}
// beside a Node of type object): merged, the copy is the target's alone,
// and beside a reference to the target's lenient form the sibling still
// holds (that form keeps the target's type; the string and null forms
// stand beside it, at the reference's place). Other keywords may
// constrain what the lenient form reads (restated properties would hold
// its values strict again).
func restates(target *Node, k string, v *Node) bool {
	t := target.Get(k)
	return k == "type" && t != nil && jsonnode.SameJSON(t, v)
}

// prepare returns the schema s, holding $ref ref, merged with a copy of
// its target, and the target; or nil and why not (see expand). It
// changes nothing: the caller spends the bound.
func (in *inliner) prepare(s *Node, ref string) (merged, target *Node, why string) {
	target, _ = jsonnode.Resolve(in.root, ref)
	if target != nil && target.Kind == 't' && in.oldDraft && constrainingSiblings(s, target, in.root, s == in.top && !in.byName) {
		// ({"$ref": "#/definitions/any", "additionalProperties": false}
		// beside a target of true: a draft-07 validator reads it as true
		// alone, takes any value; AJV applies the siblings)
		return nil, nil, whyOldDraft
	}
	if target == nil || target.Kind != '{' {
		return nil, nil, ""
	}
	if n := in.active[target]; n > 1 || n == 1 && !in.unrolls(s, target) {
		return nil, nil, whyRecursive
	}
	if id, ok := target.Get("$id").AsString(); ok && id != "" {
		return nil, nil, "its $ref's target sets a base URI ($id)"
	}
	if !in.copyable(target) {
		return nil, nil, "its $ref's target holds an identifier or anchor, which a copy would repeat (a validator refuses a schema naming two schemas alike)"
	}
	sib := without(s, "$ref")
	if in.oldDraft && constrainingSiblings(s, target, in.root, s == in.top && !in.byName) {
		return nil, nil, whyOldDraft
	}
	source := target
	if s == in.top {
		// The root's copy leaves its target's definitions where they
		// are: every reference resolves against the document, whose
		// root's definitions hold the target and, through it, its own
		// ("#/definitions/Args/definitions/creds"); in the copy's place,
		// the root's, they would stand where none of them stood.
		source = withoutDefs(target)
	}
	if adjacent(sib, source) {
		return nil, nil, "its $ref has siblings that its target's keywords read (properties and additionalProperties, items, if, contains)"
	}
	// an annotation beside the reference (a description of this use)
	// is the one kept: annotations never constrain a value
	copied := withoutAnnotations(source, sib).Clone()
	in.unnamed(copied)
	merged, ok := merge(sib, copied)
	if !ok {
		return nil, nil, "its $ref has a sibling keyword its target gives another value"
	}
	if in.nodes(target) > in.budget {
		return nil, nil, "inlining its $ref would add more than the size bound allows (twice the strict schema's objects and arrays; 4096 to 6144 for a small one)"
	}
	return merged, target, ""
}

// withoutDefs returns target without its definitions ($defs,
// definitions): target itself where it holds none, else a copy.
func withoutDefs(target *Node) *Node {
	if target.Get("$defs") == nil && target.Get("definitions") == nil {
		return target
	}
	return without(without(target, "$defs"), "definitions")
}

// constrainingSiblings reports whether the schema s, holding a $ref to
// target, has a sibling that a draft-07 validator ignores and AJV and
// later drafts apply to a value: one that is no annotation (a keyword of
// the annotation vocabulary, or one no draft defines: markdownDescription,
// x-taplo), nor a $schema naming the document's own dialect, nor, at the
// root (top: where every reference is a plain pointer, which resolves in
// the document whatever its base URI), its $schema, identifier ($id, or
// draft-04's id, which draft-07 ignores there and AJV reads as the
// document's URI) and definitions, and that the target does not
// hold with the same value ({"$ref": "#/definitions/list", "type":
// "array"} beside a target of type array reads alike either way).
func constrainingSiblings(s, target, root *Node, top bool) bool {
	dialect, _ := root.Get("$schema").AsString()
	return slices.ContainsFunc(s.Keys, func(k string) bool {
		v := s.Get(k)
		switch {
		case oldDraftAsserts[k]:
			// (compared with the target's below)
		case k == "$ref", useAnnotations[k], annotation(k), top && rootPlaceKeys[k]:
			return false
		case top && rootIDKeys[k]:
			_, ok := v.AsString()
			return !ok
		case k == "$schema":
			uri, ok := v.AsString()
			return !ok || strings.TrimSuffix(uri, "#") != strings.TrimSuffix(dialect, "#")
		}
		t := target.Get(k)
		return t == nil || !jsonnode.SameJSON(t, v)
	})
}

// oldDraftAsserts are the keywords of the annotation vocabulary that a
// validator of draft-07 or earlier may assert (santhosh-tekuri's asserts
// format there, AJV with ajv-formats everywhere): beside a $ref, which
// those drafts read alone, one constrains like any other keyword.
var oldDraftAsserts = set("format", "contentMediaType", "contentEncoding", "contentSchema")

// shapeKeys are the keywords that hold a value's own shape alone: its
// type, a string's length, pattern and format, an array's length. No
// rule below the value changes what they read (a member's or an
// element's form is read in place; no element is added or taken out).
var shapeKeys = set("type", "minLength", "maxLength", "pattern", "format", "minItems", "maxItems")

// shapeSiblings reports whether the siblings of the reference s are
// annotations and shapeKeys alone ({"$ref": "#/definitions/links",
// "maxItems": 1}): read or ignored, they hold the value's shape and
// nothing below it.
func shapeSiblings(s *Node) bool {
	for _, k := range s.Keys {
		if k != "$ref" && !shapeKeys[k] && (oldDraftAsserts[k] || !useAnnotations[k] && !annotation(k)) {
			return false
		}
	}
	return true
}

// rootPlaceKeys are the keywords beside a root's $ref that constrain no
// value in any draft: the dialect and the definitions that references
// resolve to ({"$schema": ..., "$ref": "#/definitions/Args",
// "definitions": {...}}, a common way to write a schema).
var rootPlaceKeys = set("$schema", "definitions", "$defs")

// rootIDKeys are the identifiers a root's $ref may sit beside
// (constrainingSiblings).
var rootIDKeys = set("$id", "id")

// useAnnotations are the annotations of a use that replace its
// target's (not format, which a validator may assert).
var useAnnotations = set(rulespec.Annotations...)

// withoutAnnotations returns target without the annotations of
// useAnnotations, and the keywords no draft defines (x-intellij-html-
// description: annotations too), that sib gives too (target itself where
// there are none): a shallow copy, whose values are target's, for its
// callers to copy (merge, the inliner).
func withoutAnnotations(target, sib *Node) *Node {
	out := target
	for _, k := range sib.Keys {
		if (useAnnotations[k] || !known(k) && !foreign(k)) && target.Get(k) != nil {
			if out == target {
				out = target.Shallow() // (its values are target's: its callers copy what they keep)
			}
			out.Delete(k)
		}
	}
	return out
}

// adjacentGroups are keywords that read each other: one of a group
// beside a $ref and another in its target cannot be merged.
var adjacentGroups = [][]string{
	{"properties", "patternProperties", "additionalProperties", "unevaluatedProperties"},
	{"items", "prefixItems", "additionalItems", "unevaluatedItems"},
	{"if", "then", "else"},
	{"contains", "minContains", "maxContains"},
	{"$defs", "definitions"},
}

// adjacent reports whether a and b hold keywords of one adjacentGroup.
func adjacent(a, b *Node) bool {
	for _, g := range adjacentGroups {
		inA, inB := false, false
		for _, k := range g {
			inA = inA || a.Get(k) != nil
			inB = inB || b.Get(k) != nil
		}
		if inA && inB {
			return true
		}
	}
	return false
}

// walk inlines the references of the subschemas of s, in place; $defs
// and definitions stay as they are, and properties and
// additionalProperties where mapMembers gives them the pattern's schema
// (skipProps, skipOthers).
func (in *inliner) walk(s *Node, skipProps, skipOthers bool) {
	for c := range s.Subschemas() {
		if c.Keyword != "$defs" && c.Keyword != "definitions" && !(skipProps && c.Keyword == "properties") && !(skipOthers && c.Keyword == "additionalProperties") {
			if c.Keyword == jsonnode.AnyOf || c.Keyword == jsonnode.OneOf {
				in.branch, in.holder = c.Schema, s
			}
			s.Replace(c, in.schema(c.Schema))
		}
	}
}

// copyable reports whether a copy of target may stand in for it where
// the names it holds (nameKeys: identifiers, anchors) are left out of
// the copy (unnamed): it holds none, or no reference of the document
// names a schema by name (every one is a plain pointer, !in.byName),
// none inside it resolves against an identifier that sets a base URI,
// and no schema it names declares a dialect ($schema) other than the
// document's (left out, its schema would be read in the document's). A
// name nothing refers to by is read by no validator but to refuse a
// schema that holds it twice, so the copy drops it and the rewrite
// holds it once at most: where target is defined (pruneDefs removes a
// definition no reference is left to, with its names).
func (in *inliner) copyable(target *Node) bool {
	if ok, seen := in.copies[target]; seen {
		return ok
	}
	ok := true
	eachSchema(target, "", func(_ string, n *Node) {
		if !named(n) {
			return
		}
		dialect, _ := n.Get("$schema").AsString()
		ok = ok && !in.byName && !(setsBase(identifier(n)) && len(refsOf(n)) > 0) && (n.Get("$schema") == nil || in.dialect(dialect))
	})
	in.copies[target] = ok
	return ok
}

// dialect reports whether $schema value uri names the document's
// dialect (its root's $schema, an empty fragment aside).
func (in *inliner) dialect(uri string) bool {
	root, ok := in.root.Get("$schema").AsString()
	return ok && strings.TrimSuffix(uri, "#") == strings.TrimSuffix(root, "#")
}

// named reports whether schema n holds a name (nameKeys).
func named(n *Node) bool {
	for _, k := range nameKeys {
		if _, ok := n.Get(k).AsString(); ok {
			return true
		}
	}
	return false
}

// unnamed removes from schema s and the schemas below it, in place, the
// names (nameKeys) and the $schema that names the document's dialect:
// in a copy, where it is no resource's root, a $schema is read by no
// validator (the JSON Schema drafts have it at a resource's root only).
func (in *inliner) unnamed(s *Node) {
	eachSchema(s, "", func(_ string, n *Node) {
		for _, k := range nameKeys {
			if _, ok := n.Get(k).AsString(); ok {
				n.Delete(k)
			}
		}
		if uri, ok := n.Get("$schema").AsString(); ok && in.dialect(uri) {
			n.Delete("$schema")
		}
	})
}

// nodes counts the objects and arrays under v (v included).
func (in *inliner) nodes(v *Node) int {
	if n, ok := in.size[v]; ok {
		return n
	}
	n := 0
	if v.Kind == '{' || v.Kind == '[' {
		n = 1
		for _, x := range v.Vals {
			n += in.nodes(x)
		}
	}
	in.size[v] = n
	return n
}

// pruneDefs removes from the rewrite s the entries of its root $defs (and
// definitions) that no reference left in it names (nor a discriminator's
// mapping, which a validator may follow), directly or through another
// entry it keeps, and the keyword where none is left: inlined,
// they are never read, and every byte of an advertised schema is paid on
// every request. Where a reference is not of the plain "#/$defs/Name"
// form (an anchor, a dynamic or recursive reference, an escaped name), or
// an entry sets an identifier of its own, nothing is removed.
func pruneDefs(s *Node) {
	if s.Kind != '{' {
		return
	}
	var containers []string
	for _, k := range []string{"$defs", "definitions"} {
		if v := s.Get(k); v != nil && v.Kind == '{' {
			containers = append(containers, k)
		}
	}
	if len(containers) == 0 {
		return
	}
	used := map[string]bool{} // "$defs/Name"
	plain := true
	// entry returns the entry ("$defs/Name") the reference ref names, ""
	// where it is no plain reference to one
	entry := func(ref string) string {
		c, name, ok := strings.Cut(strings.TrimPrefix(ref, "#/"), "/")
		if !strings.HasPrefix(ref, "#/") || !ok || c != "$defs" && c != "definitions" || strings.ContainsAny(name, "~%") {
			return ""
		}
		name, _, _ = strings.Cut(name, "/")
		return c + "/" + name
	}
	var refs func(n *Node, skipDefs bool)
	refs = func(n *Node, skipDefs bool) {
		switch n.Kind {
		case '{':
			for i, k := range n.Keys {
				v := n.Vals[i]
				switch {
				case skipDefs && (k == "$defs" || k == "definitions"):
					continue
				case (k == "properties" || k == "patternProperties" || k == "dependentSchemas" || k == "$defs" || k == "definitions") && v.Kind == '{':
					for _, x := range v.Vals { // names, then schemas
						refs(x, false)
					}
					continue
				case k == "$dynamicRef" || k == "$recursiveRef" || k == "$id" || k == "id" && v.Kind == '"' || k == "$anchor" || k == "$dynamicAnchor":
					plain = false
				case k == "$ref":
					ref, _ := v.AsString()
					if e := entry(ref); e != "" {
						used[e] = true
					} else if ref != "#" {
						plain = false
					}
					continue
				case k == "discriminator" && v.Kind == '{':
					// (OpenAPI's: a validator that follows its mapping
					// reads the entries it names, kept where no branch
					// of the union stands for one; a name or another
					// pointer names none)
					if m := v.Get("mapping"); m != nil && m.Kind == '{' {
						for _, x := range m.Vals {
							ref, _ := x.AsString()
							if e := entry(ref); e != "" {
								used[e] = true
							}
						}
					}
					continue
				}
				refs(v, false)
			}
		case '[':
			for _, x := range n.Vals {
				refs(x, false)
			}
		}
	}
	refs(s, true)
	// the entries the kept ones name, until no new one is found
	for seen := map[string]bool{}; plain; {
		grew := false
		for key := range used {
			if seen[key] {
				continue
			}
			seen[key], grew = true, true
			c, name, _ := strings.Cut(key, "/")
			if e := s.Get(c).Get(name); e != nil {
				refs(e, false)
			}
		}
		if !grew {
			break
		}
	}
	if !plain {
		return
	}
	for _, c := range containers {
		defs := s.Get(c)
		for _, name := range slices.Clone(defs.Keys) {
			if !used[c+"/"+name] {
				defs.Delete(name)
			}
		}
		if len(defs.Keys) == 0 {
			s.Delete(c)
		}
	}
}
