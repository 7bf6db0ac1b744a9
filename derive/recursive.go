package derive

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// A recursive definition (a tree's node, a filter of filters) is read at
// every depth where that can be said alike at each: the inliner copies
// the definition where it is first used (the entry, at path Q) and keeps
// the references inside the copy that name it again (the sites, at
// paths Q+S). A site that is a value a rule path names on its own (a
// property or an array's or map's elements: no union, no sibling but
// annotations, one type) holds the same schema at each depth as the
// entry, and nothing else reaches below it. So, where one site or more
// is such a site:
//
//   - each rule the copy got below Q is given at every depth: its path
//     becomes Q, then those sites' steps as a group repeated any number
//     of times, then the rest ("tree(.kids[])*.value",
//     rulespec.ParsePath);
//   - each of them reads its value's JSON text (a rule at the site, in
//     the group too) and points at the copy's lenient form, written once
//     in the rewrite's definitions as "lenient.Name" beside the strict
//     "Name" (which pruneDefs removes where nothing names it any more),
//     and the entry points there too.
//
// Any other site (in a union, a sibling that constrains, a definition
// that may be null) stays as the strict schema has it, as any reference
// kept, with its warning (deriver.field): no rule path passes through it,
// and what it holds is the strict schema's at every depth. Where the
// frame itself cannot be read alike (a site of an enclosing recursion
// inside the copy of another recursive definition, too many rules at
// the arguments' sites), every site stays so, and the rules below Q name
// the entry's depth alone.

// recFrame is a recursive definition's copy being derived: where it
// stands, and the references to it inside (its sites).
type recFrame struct {
	target *Node // the definition
	node   *Node // its copy in the inlined schema
	path   string
	ref    string // the $ref its sites hold ("#/$defs/Node")
	sites  []recSite
	ok     bool   // its sites may be read alike (the frame was not given up)
	why    string // why not, where its warnings should say more
	done   bool   // its rules name every depth (closeRecursion)
	group  string // the group of its sites' steps its rules repeat (closes)
	rules  int    // len(d.rules) when it began
}

// recSite is a reference to a frame's definition inside its copy.
type recSite struct {
	path string
	// rule is path as a rule path: the guards of the unions between the
	// frame's copy and the site in it (guardRules), which the group of
	// the sites' steps repeats
	rule   string
	seq    int // the sites read before it (guardRules: a branch's sites)
	at     place
	node   *Node // the $ref in the rewrite, pointed at the lenient form
	out    *Node // what field returned for it (the JSON text branch beside node)
	strict *Node // the site's schema as field was given it
	id     string
	typ    string // its definition's type
}

// unionCtx is a union whose branches the deriver reads: its holder,
// keyword (anyOf, oneOf, allOf) and path, and the branch being read.
// others are the members that the other object branches of the anyOfs
// and oneOfs at path enclosing that branch (this one and those around
// it) declare, where their rules read past no guard (heldBeside).
type unionCtx struct {
	holder, branch *Node
	key, path      string
	others         map[string]bool
}

// lenientDef is a definition the rewrite gains: a recursive
// definition's lenient form.
type lenientDef struct {
	container, name string
	schema          *Node
	text            string // its JSON with its sites pointed at "" (dedupe)
}

// enterRecursion starts a frame where s, at path, is a recursive
// definition's copy (inliner.entries), in the derivation (not the
// survey); nil elsewhere.
func (d *deriver) enterRecursion(path string, s *Node) *recFrame {
	if d.survey || d.in == nil || d.none > 0 {
		return nil
	}
	target, bare := d.in.entry(s)
	if target == nil {
		return nil
	}
	// (a copy merged with siblings that constrain is not what the
	// references inside name: its lenient form cannot stand for them)
	f := &recFrame{target: target, node: s, path: path, ok: path != "" && bare, rules: len(d.rules)}
	for _, m := range []map[string]bool{d.keep, d.named} {
		for p := range m {
			f.ok = f.ok && !under(p, path)
		}
	}
	for p := range d.declared {
		f.ok = f.ok && !under(p, path)
	}
	d.frames = append(d.frames, f)
	return f
}

// leaveRecursion ends the frame f: where its rules were not given every
// depth (closeRecursion), its sites are put back as the strict schema has
// them, their rules removed, with the warnings the deriver gives a
// reference it keeps.
func (d *deriver) leaveRecursion(f *recFrame) {
	d.frames = d.frames[:len(d.frames)-1]
	if f.done || len(f.sites) == 0 {
		return
	}
	ids, texts := map[string]bool{}, map[string]bool{}
	for _, s := range f.sites {
		if s.id != "" {
			ids[s.id], texts[s.path] = true, true
		}
	}
	nulls := d.unreadText(texts)
	for _, s := range f.sites {
		*s.out = *s.strict.Clone()
		if s.id != "" && nulls[s.path] {
			*s.out = *withNull(s.strict.Clone()) // (absent still reads null there)
		}
	}
	d.rules = slices.DeleteFunc(d.rules, func(r lenient.Rule) bool { return ids[r.ID] })
	for _, s := range f.sites {
		why := d.keptWhy(s.strict)
		if f.why != "" {
			why = f.why
		}
		d.keptRef(s.path, s.strict, s.at, why) // (a union's branch: its warning)
		d.gapWhy(s.path, s.typ, s.at, why)
	}
}

// unreadText takes back, at each of paths (sites put back as the strict
// schema has them) where the JSON text of the value is no longer read,
// the forms the absent rule there read because of it (deriver.absent):
// "" read as left out, and "null" as null (a site's schema takes no
// null: its null_text rule is the string form's). It returns the paths
// whose absent rule stays, reading null: the rewrite then takes null
// there.
func (d *deriver) unreadText(paths map[string]bool) (nulls map[string]bool) {
	if len(paths) == 0 {
		return nil
	}
	nulls = map[string]bool{}
	d.rules = slices.DeleteFunc(d.rules, func(r lenient.Rule) bool {
		if r.Type != lenient.RuleNullText && r.Type != lenient.RuleAbsent {
			return false
		}
		path := rulespec.TargetPath(r)
		switch {
		case !paths[path]:
			return false
		case r.Type == lenient.RuleNullText:
			return true
		case string(r.Value) == string(lenientimpl.AbsentValues(lenientimpl.AbsentEmpty)):
			return true
		}
		nulls[path] = true
		return false
	})
	for i, r := range d.rules {
		if r.Type == lenient.RuleAbsent && nulls[rulespec.TargetPath(r)] {
			d.rules[i].Value = lenientimpl.AbsentValues(lenientimpl.AbsentNull)
		}
	}
	return nulls
}

// recursionSite reads the reference s at path, which the inliner kept
// because its target was being inlined, as a site of that target's
// frame (see above): the JSON text of its value read by a rule, and s
// pointed (by closeRecursion) at the lenient form. It returns nil where
// s is no such site or cannot be read alike at every depth (the frame
// then keeps its sites strict).
func (d *deriver) recursionSite(path string, s *Node, at place, typ string, nullable bool) *Node {
	if d.survey || d.in == nil || d.none > 0 {
		// (below a place no rule path names, a reference stays as the
		// strict schema has it: no rule reads what it holds at any
		// depth)
		return nil
	}
	target := pointer(d.root, refIn(s))
	i := slices.IndexFunc(d.frames, func(f *recFrame) bool { return f.target == target })
	if target == nil || i < 0 {
		return nil
	}
	f := d.frames[i]
	for _, inner := range d.frames[i+1:] {
		inner.ok = false // its copy holds a site of an enclosing recursion
	}
	site := s // (the reference: s, or the branch of s beside null)
	if nullable {
		if site = nullableRef(s); site == nil {
			return nil
		}
	}
	ref, _ := site.Get("$ref").AsString()
	// (another reference kept at path, which no frame reads, names the
	// strict schema there at the depths the rules read: kinds cannot
	// tell two references to one target apart)
	clean := (typ == "object" || typ == "array") && (f.ref == "" || f.ref == ref) && !d.keep[path] && len(d.keptSites[path]) <= 1
	for _, k := range site.Keys {
		clean = clean && (k == "$ref" || annotation(k) || restates(target, k, site.Get(k)))
	}
	switch {
	case !clean:
	case at == atProp || at == atElem || at == atTop && f.path == "" && f.target == d.root:
		clean, _ = d.reach(path, at)
	case at == atBranch:
		clean = typ == "object" && d.disjointBranch(path, s, ref)
	default:
		clean = false
	}
	if !clean || !f.ok {
		// (this reference stays as the strict schema has it, as any kept
		// one, and the rules repeat through the others' steps alone: no
		// rule path passes through it, nor does the rewrite point it at
		// the lenient form)
		return nil
	}
	if nullable && at == atBranch {
		return nil // (a union's branch that is a union of its own)
	}
	f.ref = ref
	seq := d.sitesRead
	d.sitesRead++
	node := s.Clone()
	if nullable {
		// (the union's own form: the reference, its JSON text, null;
		// its annotations beside)
		out := node
		node = nullableRef(node)
		for i, k := range out.Keys {
			if slices.Contains(jsonnode.Alternatives, k) {
				out.Keys[i], out.Vals[i] = "anyOf", withString(obj("anyOf", out.Vals[i])).Get("anyOf")
			}
		}
		id := d.tool + "." + path + ".json"
		d.addRule(path, at, lenient.RuleJSONAcceptBoth, "json", "", "native")
		f.sites = append(f.sites, recSite{path: path, rule: path, seq: seq, at: at, node: node, out: out, strict: s, id: id, typ: typ})
		return out
	}
	if _, strs := objectUnionOf(d.root, target); strs {
		// (a union that takes every string: an object's JSON text is
		// taken as it is, at every depth; no rule reads it)
		if nullable {
			return nil
		}
		f.sites = append(f.sites, recSite{path: path, rule: path, seq: seq, at: at, node: node, out: node, strict: s, typ: typ})
		return node
	}
	if at == atBranch {
		// (the union reads its value's JSON text, at every depth too)
		f.sites = append(f.sites, recSite{path: path, rule: path, seq: seq, at: at, node: node, out: node, strict: s, typ: typ})
		return node
	}
	id := d.tool + "." + path + ".json"
	d.addRule(path, at, lenient.RuleJSONAcceptBoth, "json", "", "native")
	out := withString(node)
	f.sites = append(f.sites, recSite{path: path, rule: path, seq: seq, at: at, node: node, out: out, strict: s, id: id, typ: typ})
	return out
}

// unionDefSite reads the reference s at path, kept by the inliner
// because its target, a definition that is a union of objects alone (a
// filter that is an and, an or or a comparison), was being inlined, as
// a site of that target's frame (recursionSite): the union's copy is
// read as one object, each branch's rules past its guard, at every
// depth. It returns nil where s is no such reference, or no such site.
func (d *deriver) unionDefSite(path string, s *Node, at place) *Node {
	ref, ok := s.Get("$ref").AsString()
	if !ok || d.kept[ref] != whyRecursive {
		return nil
	}
	target := pointer(d.root, ref)
	if target == nil || !objectUnion(d.root, target) {
		return nil
	}
	return d.recursionSite(path, s, at, "object", false)
}

// nullableRef returns the branch of the union s that is a reference,
// where its other branches are null alone and s holds nothing else but
// annotations ({"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}],
// "default": null}, as pydantic writes an optional recursive field);
// nil where s is no such union.
func nullableRef(s *Node) *Node {
	var ref *Node
	for i, k := range s.Keys {
		switch {
		case annotation(k):
		case slices.Contains(jsonnode.Alternatives, k) && ref == nil:
			for _, b := range s.Vals[i].Items() {
				switch {
				case isNull(b):
				case b.Get("$ref") != nil && ref == nil:
					ref = b
				default:
					return nil
				}
			}
			if ref == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return ref
}

// disjointBranch reports whether the reference s to a recursive object
// definition, a branch of the union at path (d.union), is the only
// branch that may hold an object or a string there, and the only value
// a rule path names at path: the definition's rules then read, at every
// depth, values that no other schema holds otherwise. The union is the
// anyOf or oneOf of its holder, which holds nothing else but
// annotations; every other branch is of one type other than object and
// string (a string could hold an object's JSON text, which a rule
// below would rewrite), or null; no other union, object or typed value
// stands at path; and no schema above path may hold its value otherwise.
func (d *deriver) disjointBranch(path string, s *Node, ref string) bool {
	u := d.union
	if u.branch != s || u.path != path || path == "" || !slices.Contains(jsonnode.Alternatives, u.key) || d.unions[path] != 1 || len(d.objs[path]) > 0 {
		return false
	}
	for _, k := range u.holder.Keys {
		if k != u.key && !annotation(k) {
			return false
		}
	}
	for _, b := range u.holder.Get(u.key).Items() {
		if b == s || isNull(b) {
			continue
		}
		t, ok := b.Get("type").AsString()
		if !ok || t == "object" || t == "string" || b.Get("$ref") != nil || slices.ContainsFunc(jsonnode.Combinators, func(k string) bool { return b.Get(k) != nil }) {
			return false
		}
	}
	for k := range d.kinds[path] {
		if k != "ref "+ref && !strings.HasPrefix(k, "other") {
			return false
		}
	}
	at := atProp
	if !strings.ContainsAny(path, ".[{") {
		at = atTop
	}
	if ok, _ := d.reachPlace(path, at); !ok {
		return false
	}
	ok, _ := d.reachKey(path)
	return ok
}

// defPlace returns where the lenient form of the target of ref is
// written: beside a root definition, its name prefixed ("lenient.Node"
// in $defs for "#/$defs/Node"); for any other pointer, a name of its
// tokens in the document's $defs (definitions where it uses them or its
// draft has no $defs).
func (d *deriver) defPlace(ref string) (container, name string) {
	if c, n, ok := strings.Cut(plainDef(ref), "/"); ok {
		return c, "lenient." + n
	}
	container = "$defs"
	if d.root.Get("$defs") == nil && (d.root.Get("definitions") != nil || oldDraft(d.root)) {
		container = "definitions"
	}
	ptr, _ := url.PathUnescape(strings.TrimPrefix(ref, "#"))
	return container, pointerName("lenient", ptr)
}

// plainDef returns the container and name a plain reference to a root
// definition names ("$defs/Node" for "#/$defs/Node"), "" for any other.
func plainDef(ref string) string {
	c, name, ok := strings.Cut(strings.TrimPrefix(ref, "#/"), "/")
	if !strings.HasPrefix(ref, "#/") || !ok || c != "$defs" && c != "definitions" || name == "" || strings.ContainsAny(name, "/~%") {
		return ""
	}
	return c + "/" + name
}

// closes reports whether s, at path, is the copy of the innermost
// frame, and every site of it reads alike at every depth.
func (d *deriver) closes(path string, s *Node) bool {
	if len(d.frames) == 0 {
		return false
	}
	f := d.frames[len(d.frames)-1]
	if f.node != s || f.path != path || !f.ok || len(f.sites) == 0 {
		return false
	}
	ref, _ := url.PathUnescape(strings.TrimPrefix(f.ref, "#"))
	if !strings.HasPrefix(f.ref, "#") || ref != "" && ref[0] != '/' {
		return false // (an anchor, another document: no pointer to name it by)
	}
	container, _ := d.defPlace(f.ref)
	if c := d.root.Get(container); c != nil && c.Kind != '{' {
		return false
	}
	// (each rule below path is given the group of the sites' steps: a
	// union's guards between the copy and its sites, and the copies of
	// other recursive unions between, multiply those steps; past a
	// bound, the rules would cost more to load and to match on every
	// call than the depths they read are worth)
	steps, rules := siteSteps(f, path), len(d.rules)-f.rules
	group := "(" + strings.Join(steps, "|") + ")*"
	if len(steps) > maxRecursionSteps || d.groupBytes+len(group)*rules > maxRecursionBytes {
		f.ok, f.why = false, "a recursive $ref whose rules at every depth would repeat a group of "+strconv.Itoa(len(steps))+" steps ("+strconv.Itoa(len(group))+" bytes) in each of "+strconv.Itoa(rules)+" rules: more than "+strconv.Itoa(maxRecursionSteps)+" steps, or "+strconv.Itoa(maxRecursionBytes>>10)+" KiB of such groups in the tool's rules"
		return false
	}
	d.groupBytes += len(group) * rules
	f.group = group
	return true
}

// maxRecursionSteps and maxRecursionBytes bound what recursive
// definitions' frames add to a tool's rules (closeRecursion): the steps
// of the group every rule below a frame repeats, and the bytes of those
// groups over all the rules of the tool.
const (
	maxRecursionSteps = 32
	maxRecursionBytes = 1 << 20
)

// siteSteps returns the steps from path, the copy of frame f, to each
// of its sites, each once: the group its rules repeat.
func siteSteps(f *recFrame, path string) []string {
	var steps []string
	for _, site := range f.sites {
		if step := site.rule[len(path):]; !slices.Contains(steps, step) {
			steps = append(steps, step)
		}
	}
	return steps
}

// refIn returns the $ref of s, or of a branch of its union, "" where
// none holds one: the survey tells two kept references at one path
// apart by it.
func refIn(s *Node) string {
	if ref, ok := s.Get("$ref").AsString(); ok {
		return ref
	}
	for _, comb := range jsonnode.Combinators {
		for _, b := range s.Get(comb).Items() {
			if ref, ok := b.Get("$ref").AsString(); ok {
				return ref
			}
		}
	}
	return ""
}

// closeRecursion gives the rules below the frame of s (a recursive
// definition's copy at path, native its lenient form) every depth, and
// returns the schema that stands at path instead of native: a reference
// to the lenient form, which closeRecursion adds to the rewrite's
// definitions. It returns native where s has no frame, or one whose
// sites cannot be read alike (leaveRecursion then puts them back).
func (d *deriver) closeRecursion(path string, s, native *Node) *Node {
	f := d.frames[len(d.frames)-1]
	if native.Kind != '{' {
		return native
	}
	container, name := d.defPlace(f.ref)
	group := f.group
	for i := f.rules; i < len(d.rules); i++ {
		r := &d.rules[i]
		// (a misnamed_key rule at path reads the copy's keys: at every
		// depth too; the rules of the value at path itself stay)
		if r.Path != path && under(r.Path, path) || r.Path == path && r.Type == lenient.RuleMisnamedKey {
			// (its ID too: another branch may give the one depth the
			// same rule, and of two rules with one ID the first is kept)
			r.ID = strings.Replace(r.ID, d.tool+"."+r.Path+".", d.tool+"."+path+group+r.Path[len(path):]+".", 1)
			r.Path = path + group + r.Path[len(path):]
		}
	}
	// (told apart from another copy's by its JSON with its sites
	// pointed at "": two copies alike share one lenient form)
	for _, site := range f.sites {
		site.node.Set("$ref", jstr(""))
	}
	def := d.defFor(container, name, withOwnAnnotations(native, f.target).MarshalText())
	ref := "#/" + container + "/" + def.name
	for _, site := range f.sites {
		site.node.Set("$ref", jstr(ref))
	}
	if def.schema == nil {
		def.schema = withOwnAnnotations(native, f.target)
	}
	f.done = true
	if d.closed == nil {
		d.closed = map[*Node]*lenientDef{}
	}
	d.closed[s] = def
	return useOf(ref, native, def.schema)
}

// defFor returns the lenient form whose JSON is text (its sites pointed
// at ""), adding one under a new name, its schema left for the caller to
// set, where none is.
func (d *deriver) defFor(container, name, text string) *lenientDef {
	for _, def := range d.defs {
		if def.container == container && def.text == text {
			return def
		}
	}
	def := d.newDef(container, name)
	def.text = text
	return def
}

// newDef adds a lenient form named name in container, or name.2, name.3
// where a definition or another form holds that name, its text and
// schema left for the caller to set (one no other shares: defFor).
func (d *deriver) newDef(container, name string) *lenientDef {
	taken := func(n string) bool {
		return d.root.Get(container).Get(n) != nil || slices.ContainsFunc(d.defs, func(def *lenientDef) bool { return def.container == container && def.name == n })
	}
	n := name
	for i := 2; taken(n); i++ {
		n = name + "." + strconv.Itoa(i)
	}
	def := &lenientDef{container: container, name: n}
	d.defs = append(d.defs, def)
	return def
}

// beside is a lenient form readBeside named whose schema is written
// last (besideDefs): the copy native of target, which holds a site of a
// recursive definition whose frame was open.
type beside struct {
	def            *lenientDef
	native, target *Node
}

// openSites counts the sites of the recursive definitions' frames still
// open: a copy derived meanwhile that adds to them holds one.
func (d *deriver) openSites() int {
	n := 0
	for _, f := range d.frames {
		n += len(f.sites)
	}
	return n
}

// besideDefs writes the lenient forms readBeside named before the frames
// of the sites inside them ended, from their copies as the derivation
// left them (each site pointing at its definition's lenient form, or put
// back strict).
func (d *deriver) besideDefs() {
	for _, b := range d.besides {
		b.def.schema = withOwnAnnotations(b.native, b.target)
	}
}

// addDefs writes the lenient forms into the rewrite out.
func (d *deriver) addDefs(out *Node) {
	for _, def := range d.defs {
		c := out.Get(def.container)
		if c == nil {
			c = obj()
			out.Set(def.container, c)
		}
		c.Set(def.name, def.schema)
	}
}

// maxRootRules bounds the rules a recursive arguments object adds: each
// of its rules once for each of its references to itself.
const maxRootRules = 4096

// enterRoot starts the frame of the arguments object s, in the
// derivation, where references to it ("#") may be read as it at every
// depth: its type is object (the rewrite's root takes objects alone), and
// no key of it is kept as it is (an if's, a rule's given to WithRules).
func (d *deriver) enterRoot(s *Node) *recFrame {
	if d.survey || d.in == nil {
		return nil
	}
	t, _ := d.root.Get("type").AsString()
	f := &recFrame{target: d.root, node: s, ok: t == "object" && len(d.keep) == 0 && len(d.named) == 0 && len(d.declared) == 0, rules: len(d.rules)}
	d.frames = append(d.frames, f)
	return f
}

// rootFrame reports whether the arguments object's frame (enterRoot) is
// open and may still read its references alike.
func (d *deriver) rootFrame() bool {
	return len(d.frames) > 0 && d.frames[0].target == d.root && d.frames[0].ok
}

// closeRoot gives the rules of the arguments object (frame f) every depth
// below its references to itself: the rewrite's root is its lenient form,
// which those references name, so they stay; each rule is given again
// at each of them, its path the reference's, then the references' steps
// as a group, then its own ("children[](.children[])*.node.id"; a group
// cannot start a path), as the generator writes a recursive tool input's.
func (d *deriver) closeRoot(f *recFrame) {
	if !f.ok || len(f.sites) == 0 {
		return
	}
	// Each site's path as a rule path: a top-level key's name, quoted
	// where the grammar needs it (["a.b"]); a deeper site's path is one
	// already (reach refused names it would have to quote).
	prefixes := make([]string, len(f.sites))
	var steps []string
	for i, site := range f.sites {
		prefixes[i] = site.path
		if site.at == atTop {
			prefixes[i] = rulespec.PathKey("", site.path)
		}
		step := prefixes[i]
		if !strings.HasPrefix(step, "[") && !strings.HasPrefix(step, "{") {
			step = "." + step // (but after the arguments' own {})
		}
		if !slices.Contains(steps, step) {
			steps = append(steps, step)
		}
	}
	rules := d.rules[f.rules:]
	if len(steps)*len(rules) > maxRootRules {
		f.ok, f.why = false, "a recursive $ref to the arguments, at "+strconv.Itoa(len(steps))+" places: its "+strconv.Itoa(len(rules))+" rules at each would be more than "+strconv.Itoa(maxRootRules)
		return
	}
	group := "(" + strings.Join(steps, "|") + ")*"
	var more []lenient.Rule
	seen := map[string]bool{}
	for _, site := range f.sites {
		d.rootGroups[site.path] = true
	}
	for _, prefix := range prefixes {
		if seen[prefix] {
			continue // (two branches of a union at one place)
		}
		seen[prefix] = true
		for _, r := range rules {
			at := r.Path
			if r.From != "" {
				at = rulespec.PathKey("", r.From)
			}
			switch {
			case at == "":
			case strings.HasPrefix(at, "["), strings.HasPrefix(at, "{"):
			default:
				at = "." + at
			}
			r.Path, r.From = prefix+group+at, ""
			r.ID = d.tool + "." + prefix + group + "." + strings.TrimPrefix(r.ID, d.tool+".")
			more = append(more, r)
		}
	}
	d.rules = append(d.rules, more...)
	f.done = true
	for _, site := range f.sites {
		d.ownRefs[site.node] = true
	}
}

// readBeside reads c, the inlined copy of the target of s, at path: s is
// a reference whose siblings its draft (draft-07 or earlier) ignores and
// AJV and later drafts apply, and they hold its value's shape alone
// (shapeSiblings: {"$ref": "#/definitions/links", "maxItems": 1}). The
// members and elements of c get their rules, which read alike whether
// the siblings apply or not; the value itself gets no form of its own (a
// union's branch is read so: atBranch), for its target alone, where the
// siblings are ignored, may take its JSON text as a string. s then
// stands with its siblings beside a reference to c's lenient form,
// written once in the rewrite's definitions ("lenient.links"); where no
// rule was given below it, s stands as it is.
func (d *deriver) readBeside(path string, s, c *Node, at place) *Node {
	ref, _ := s.Get("$ref").AsString()
	target := pointer(d.root, ref)
	typ, _ := target.Get("type").AsString()
	// (where its target alone takes no string, as an array or an object
	// of one type, a string is its JSON text whether the siblings apply
	// or not: read as such a value's is; not where a type beside the
	// reference takes no such value, nor through a target that is a
	// reference of its own, whose type its draft ignores too)
	text := at.isSite() && (typ == "array" || typ == "object") && takenKinds(d.root, target)&kindString == 0 &&
		target.Get("$ref") == nil && (s.Get("type") == nil || typeAllows(s.Get("type"), typ))
	if text {
		d.record(path, typ)
	} else if at.isSite() {
		// (its own value read as neither alone: no other branch's rule
		// at path reads it, as it would a kept reference's; a kind of
		// its own, which no kept reference sharing its target's copy
		// stands for: oneKindShared)
		d.record(path, "beside "+ref)
	}
	mark, sites := len(d.rules), d.openSites()
	native := d.field(path, c, atBranch)
	if d.survey || native.Kind != '{' {
		return s
	}
	use := s
	if len(d.rules) > mark {
		container, name := d.defPlace(ref)
		var def *lenientDef
		if d.openSites() == sites {
			schema := withOwnAnnotations(native, target)
			if def = d.defFor(container, name, schema.MarshalText()); def.schema == nil {
				def.schema = schema
			}
		} else {
			// (a site of a recursive definition whose frame is still
			// open stands inside: it points at that definition's lenient
			// form, or is put back strict, when the frame ends, so the
			// form is written from native when the derivation does
			// (besideDefs), under a name of its own; a copy of its
			// enclosing definition's lenient form holds use, already
			// pointing at that name)
			def = d.newDef(container, name)
			d.besides = append(d.besides, beside{def: def, native: native, target: target})
		}
		use = s.Clone()
		use.Set("$ref", jstr("#/"+container+"/"+def.name))
	}
	what := typedName(s)
	if what == "" {
		what = typedName(target)
	}
	reach, why := d.reach(path, at)
	switch {
	case !text && what != "":
		// (the value's own form: with the siblings ignored, its target
		// alone may take its string form or JSON text as a string, or
		// reads it otherwise than the siblings do)
		d.gapWhy(path, what, at, whyOldDraft+": the values below it are read, and its own string form or JSON text only where its target alone is an array or an object that takes no string")
		return use
	case !text:
		return use
	case !reach:
		d.gapWhy(path, what, at, why)
		return use
	case d.keep[path]:
		return use
	}
	d.nullText(path, at, false, true)
	d.addRule(path, at, lenient.RuleJSONAcceptBoth, "json", "", "native")
	return withString(use)
}
