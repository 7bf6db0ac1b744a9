package derive

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// Warning names a place the deriver left strict, and why.
type Warning struct {
	// Tool is the tool's name ("" when not known).
	Tool string
	// Path is the field's path: "limit", "window.from", "items[].id";
	// "" for the schema itself.
	Path string
	// Message says what was left strict and why.
	Message string
	// Keyword is the unknown keyword that left the field strict, one that
	// may constrain a value (see foreign); "" for every other warning.
	// A derivation's or a catalog's warnings name each such keyword once,
	// at the first field it leaves strict; Message names the others.
	Keyword string

	base   string // Message without the other fields
	others string // up to maxOthers other fields, "tool\x00path" a line
	more   int    // how many other fields
}

// maxOthers is how many other fields a warning about an unknown keyword
// names.
const maxOthers = 5

// OnePerKeyword merges the warnings about each unknown keyword (the
// Keyword of a Warning) into the first of them, whose message then names
// the other fields the keyword leaves strict (five of them, and how many
// more): one warning per keyword, however many fields and tools carry it.
// Other warnings are kept as they are, in order.
func OnePerKeyword(ws []Warning) []Warning {
	first := map[string]int{}
	var out []Warning
	for _, w := range ws {
		i, seen := first[w.Keyword]
		if w.Keyword == "" || !seen {
			if w.Keyword != "" {
				first[w.Keyword] = len(out)
			}
			out = append(out, w)
			continue
		}
		f := &out[i]
		if f.base == "" {
			f.base = f.Message
		}
		add := func(site string) {
			if f.more < maxOthers {
				if f.others != "" {
					f.others += "\n"
				}
				f.others += site
			}
			f.more++
		}
		add(w.Tool + "\x00" + w.Path)
		if w.others != "" {
			for _, site := range strings.Split(w.others, "\n") {
				add(site)
			}
		}
		f.more += w.more - strings.Count(w.others, "\n") - min(len(w.others), 1)
		var b strings.Builder
		b.WriteString(f.base)
		fmt.Fprintf(&b, " here and at %d more field", f.more)
		if f.more > 1 {
			b.WriteString("s")
		}
		b.WriteString(": ")
		listed := strings.Split(f.others, "\n")
		for j, site := range listed {
			tool, path, _ := strings.Cut(site, "\x00")
			if j > 0 {
				b.WriteString(", ")
			}
			if tool != f.Tool && tool != "" {
				b.WriteString(tool + ": ")
			}
			b.WriteString(path)
		}
		if f.more > len(listed) {
			fmt.Fprintf(&b, ", and %d more", f.more-len(listed))
		}
		f.Message = b.String()
	}
	return out
}

// String formats the warning as "tool: path: message".
func (w Warning) String() string {
	var b strings.Builder
	if w.Tool != "" {
		b.WriteString(w.Tool + ": ")
	}
	if w.Path != "" {
		b.WriteString(w.Path + ": ")
	}
	b.WriteString(w.Message)
	return b.String()
}

// Derivation is what the deriver makes of one tool's strict input schema.
type Derivation struct {
	// Rules are the tool's normalizer rules.
	Rules []lenient.Rule
	// Schema is the lenient rewrite of the strict schema in the portable
	// profile's form, every key the deriver does not handle kept in place.
	Schema *Node
	// Warnings name every field left strict; the fields an unknown
	// keyword leaves strict are named in one warning (Warning.Keyword).
	Warnings []Warning
	// Replaced are the derived rules WithRules left out for the rules it
	// was given.
	Replaced []Replacement
	// strict is the strict schema, which Explain reads.
	strict *Node
	// fields are the warnings, one a field, none merged.
	fields []Warning
	// anyOfAt are the paths of the anyOfs whose branches would be read
	// past absent guards (deriver.anyOfAt), spelled as warnings' are.
	anyOfAt []string
	// defs is the keyword of the definitions the rewrite writes
	// (defsContainer); "" where it keeps the input schema as it is.
	defs string
	// text is the length of the JSON text of the strict schema and the
	// rewrite, which a cached derivation is weighed by (newDerivations).
	text int64
}

// FieldWarnings returns a warning for each field left strict, none
// merged: where Warnings names the fields an unknown keyword leaves
// strict in one warning, here each has its own, with its Path.
func (d *Derivation) FieldWarnings() []Warning { return slices.Clone(d.fields) }

// Tool derives the rules and the lenient schema of tool from its
// strict input schema. It fails only when strict is not JSON; a schema it
// cannot read (not an object schema, a $ref cycle, an unknown keyword
// that may constrain a value) is kept strict where it cannot be read,
// with a warning.
func Tool(tool string, strict []byte) (*Derivation, error) {
	root, err := ParseNode(strict)
	if err != nil {
		return nil, fmt.Errorf("input schema of %q: %w", tool, err)
	}
	return FromNode(tool, root), nil
}

// Rules derives the normalizer rules of tool from its strict input
// schema (see Tool).
func Rules(tool string, strict []byte) ([]lenient.Rule, []Warning, error) {
	d, err := Tool(tool, strict)
	if err != nil {
		return nil, nil, err
	}
	return d.Rules, d.Warnings, nil
}

// RewriteLenient rewrites a strict input schema into the lenient schema
// that the rules of Rules make true (see Tool).
func RewriteLenient(strict []byte) (json.RawMessage, []Warning, error) {
	d, err := Tool("", strict)
	if err != nil {
		return nil, nil, err
	}
	return d.Schema.Marshal(), d.Warnings, nil
}

// FromNode is Tool on a parsed schema; root is not modified. The
// derivation is done once per process (see CacheSize): each call returns
// a copy of its own.
func FromNode(tool string, root *Node) *Derivation {
	return cached(tool, root, nil, func(root *Node) *Derivation { return deriveNode(tool, root, nil, nil, nil) })
}

// deriveNode is FromNode leaving the values at the paths of keep as the
// strict schema has them (no rule, no other form; only respelled),
// reading no key at a path of named (the paths other rules name) as a
// spelling-style variant, and reading the variants of the aliases other
// rules declare (declared: a property's path -> its alias keys) as their
// properties.
//
// Where the strict schema holds values with an identifier or definitions
// of their own, a first derivation rewrites each (idPolicy), and another
// keeps whole those a reference left in its rewrite reaches (reached),
// or all of them where that cannot be told.
//
// An anyOf of open objects that required members only one branch declares
// tell apart is read past absent guards (presenceGuards) where no host
// (lint.SchemaNodeFindings) refuses the rewrite that then gains a not (Gemini's
// function declarations and OpenAI's strict mode refuse it) but one that
// refuses the rewrite without it already (a oneOf, a union at the top
// level); elsewhere it is left as overlapping leaves it, with a warning
// naming those hosts.
//
// The rewrite chosen then writes what it repeats once (hoistRepeats),
// which changes no host's verdict.
func deriveNode(tool string, root *Node, keep, named map[string]bool, declared map[string][]string) *Derivation {
	d := chooseGuards(tool, root, keep, named, declared)
	hoistRepeats(d.Schema, d.defs)
	return d
}

// chooseGuards is deriveNode but for hoistRepeats: the derivation
// without anyOf guards, or with them where no host newly refuses it.
func chooseGuards(tool string, root *Node, keep, named map[string]bool, declared map[string][]string) *Derivation {
	d := deriveWith(tool, root, keep, named, declared, false)
	if len(d.anyOfAt) == 0 {
		return d
	}
	g := deriveWith(tool, root, keep, named, declared, true)
	before, after := refusingHosts(d.Schema), refusingHosts(g.Schema)
	var added []string
	for _, h := range after {
		if !slices.Contains(before, h) {
			added = append(added, h)
		}
	}
	if len(added) == 0 {
		return g
	}
	hosts := strings.Join(added, ", ")
	for _, p := range d.anyOfAt {
		w := Warning{Tool: tool, Path: p, Message: "its anyOf's object branches, which required members only one of them declares tell apart, could be read past absent guards, but hosts that take the schema as it is refuse the rewrite that reads them so (with a not): " + hosts + "; what the branches hold otherwise is left strict"}
		d.Warnings = append(d.Warnings, w)
	}
	return d
}

// refusingHosts returns the hosts (lint.Hosts, and OpenAI's strict
// mode) that refuse a tool whose input schema is schema.
func refusingHosts(schema *Node) []string {
	var out []string
	for _, f := range lint.SchemaNodeFindings(schema, append(lint.Hosts(), lint.HostOpenAIStrict)) {
		if !f.Note && !slices.Contains(out, f.Host) {
			out = append(out, f.Host)
		}
	}
	return out
}

// deriveWith is deriveNode, the anyOfs that would be read past guards
// (Derivation.anyOfAt) read so where anyOf is set (deriver.anyOfGuards).
func deriveWith(tool string, root *Node, keep, named map[string]bool, declared map[string][]string, anyOf bool) *Derivation {
	if ref, id := nestedBase(root); ref != "" {
		w := Warning{Tool: tool, Message: fmt.Sprintf("the $ref %q passes through an identifier that sets a base URI (%q), which the references in its target resolve against where the deriver resolves them against the document; kept as it is", ref, id)}
		return &Derivation{Schema: root.Clone(), Warnings: []Warning{w}, strict: root, fields: []Warning{w}}
	}
	ids, some := newIDPolicy(root)
	d, out := derivePass(tool, root, keep, named, declared, ids, anyOf)
	for some && !ids.all {
		paths, ok := reached(root, out)
		if ok && len(paths) == 0 {
			break
		}
		more := false
		for _, p := range paths {
			more = more || !ids.paths[p]
			ids.paths[p] = true
		}
		if !ok || !more {
			ids = idPolicy{all: true}
		}
		d, out = derivePass(tool, root, keep, named, declared, ids, anyOf)
	}
	// A reference left in the rewrite reaches the strict schema's value
	// (strictRefs), or the values it cannot stand in for are kept whole.
	for {
		failed := d.strictRefs(out)
		if len(failed) == 0 {
			break
		}
		paths, ok := reachedPaths(failed)
		more := false
		for _, p := range paths {
			more = more || !ids.reached[p]
		}
		if !ok || !more {
			return keptStrict(tool, root, failed)
		}
		if ids.reached == nil {
			ids.reached = map[string]bool{}
		}
		for _, p := range paths {
			ids.reached[p] = true
		}
		d, out = derivePass(tool, root, keep, named, declared, ids, anyOf)
	}
	// (the mappings first: pruneDefs keeps the definitions a mapping
	// still names, a validator that follows it reads them)
	d.repointMappings(out)
	pruneDefs(out)
	out = narrowTypes(out)
	d.rules = d.onePerID(d.rules)
	aliasesOuterFirst(d.rules)
	d.spellPaths()
	var anyOfAt []string
	for _, p := range d.anyOfAt {
		if p = rawNames(d.pats.spell(p)); !slices.Contains(anyOfAt, p) {
			anyOfAt = append(anyOfAt, p)
		}
	}
	return &Derivation{Rules: d.rules, Schema: out, Warnings: OnePerKeyword(d.warns), strict: root, fields: d.warns, anyOfAt: anyOfAt, defs: defsContainer(root, out)}
}

// derivePass is deriveNode's survey and derivation under the policy ids:
// the deriver, and the rewrite with its unused definitions pruned.
func derivePass(tool string, root *Node, keep, named map[string]bool, declared map[string][]string, ids idPolicy, anyOf bool) (*deriver, *Node) {
	// (a rules file's paths, as the deriver spells its own)
	pats := &patternSteps{}
	keep, named, declared = internalKeys(pats, keep), internalKeys(pats, named), internalKeys(pats, declared)
	fileGiven := len(keep) > 0 || len(named) > 0 || len(declared) > 0
	survey := &deriver{fileGiven: fileGiven, splitOf: map[string]string{}, others: map[string]bool{}, conds: map[string]condSet{}, condsElse: map[string]elseSets{}, thenAt: map[string][]string{}, wholeArrays: map[string]bool{}, texts: map[string]bool{}, textKinds: map[string]byte{}, rootGroups: map[string]bool{}, pats: pats, tool: tool, root: root, survey: true, kinds: map[string]map[string]bool{}, objs: map[string][]objSite{}, unique: map[string]bool{}, shadowed: map[string]string{}, textless: map[string]string{}, presence: map[string]bool{}, ids: ids, whole: map[string]bool{}, opaque: map[string]string{}, opaqueSchemas: map[string][]*Node{}, tested: map[string]bool{}, unions: map[string]int{}, keptSites: map[string][]keptSite{}, copies: map[sharedKey]bool{}, overlapMemo: map[string]overlapResult{}, mays: map[mayAsked]bool{}, anyOfGuards: anyOf, conjSkipped: map[string]bool{}}
	survey.rootSchema(survey.inline(root))
	d := &deriver{fileGiven: fileGiven, splitOf: survey.splitOf, others: survey.others, conds: survey.conds, condsElse: survey.condsElse, thenAt: map[string][]string{}, wholeArrays: survey.wholeArrays, texts: survey.texts, textKinds: survey.textKinds, rootGroups: map[string]bool{}, pats: survey.pats, tool: tool, root: root, kinds: survey.kinds, objs: survey.objs, unique: survey.unique, opaque: survey.opaque, opaqueSchemas: survey.opaqueSchemas, unions: survey.unions, keptSites: survey.keptSites, copies: survey.copies, sharedRefs: map[sharedKey]string{}, ownRefs: map[*Node]bool{}, keep: keep, named: named, declared: declared, shadowed: maps.Clone(survey.shadowed), textless: maps.Clone(survey.textless), presence: map[string]bool{}, ids: ids, whole: map[string]bool{}, tested: map[string]bool{}, overlapMemo: survey.overlapMemo, mays: survey.mays, anyOfGuards: anyOf, anyOfAt: survey.anyOfAt, conjSkipped: survey.conjSkipped}
	out := d.rootSchema(d.inline(root))
	d.pointShared()
	d.besideDefs()
	d.addDefs(out)
	pruneDefs(out)
	return d, out
}

// onePerID keeps the first of the rules that share an ID: the branches
// of a union (inlined copies of one definition, say) give one path the
// same rule. Where they give it rules that differ (two enums at one
// path), the first is kept and a warning names the path.
func (d *deriver) onePerID(rules []lenient.Rule) []lenient.Rule {
	first := map[string]int{}
	out := rules[:0]
	for _, r := range rules {
		i, seen := first[r.ID]
		if !seen {
			first[r.ID] = len(out)
			out = append(out, r)
			continue
		}
		a, _ := json.Marshal(out[i])
		if b, _ := json.Marshal(r); string(a) != string(b) {
			d.warn(rulespec.TargetPath(r), "the branches of a union give this path different %s rules; the first is kept", r.Type)
		}
	}
	return out
}

// aliasesOuterFirst orders the param_alias rules among themselves (in
// their own places) by the depth of their path, outer first: the
// normalizer applies a phase's rules in order, and an alias inside an
// object finds it only under its canonical key, which the object's own
// alias gives it ({"issue-fields":[{"FieldName":...}]}).
func aliasesOuterFirst(rules []lenient.Rule) {
	var at, depth []int // the aliases' places in rules, and the depths of their paths (read once: a sort compares each many times)
	for i, r := range rules {
		if r.Type == lenient.RuleParamAlias {
			p := rulespec.TargetPath(r)
			at = append(at, i)
			depth = append(depth, strings.Count(p, ".")+strings.Count(p, "[]")+strings.Count(p, "{}"))
		}
	}
	order := make([]int, len(at)) // (indexes into at, sorted by depth: a rule is large to move)
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return depth[a] - depth[b] })
	sorted := make([]lenient.Rule, len(at))
	for k, o := range order {
		sorted[k] = rules[at[o]]
	}
	for k, i := range at {
		rules[i] = sorted[k]
	}
}

// record notes, in the survey, that a site at path holds kind.
func (d *deriver) record(path, kind string) {
	if !d.survey || d.none > 0 {
		return
	}
	if d.kinds[path] == nil {
		d.kinds[path] = map[string]bool{}
	}
	d.kinds[path][kind] = true
}

// reach tells whether a rule can name the value at path alike everywhere
// it applies, and why not.
func (d *deriver) reach(path string, at place) (bool, string) {
	if ok, why := d.reachPlace(path, at); !ok {
		return false, why
	}
	if why := d.textless[path]; why != "" {
		return false, why
	}
	if len(d.kinds[path]) > 1 && !d.oneKindShared(path) {
		return false, "the branches of a union give this path different types"
	}
	return d.reachKey(path)
}

// reachPlace is reach but for what the sites at path hold (reachKey and
// their kinds): whether a rule path can name path, and no schema above
// it may hold its value otherwise.
func (d *deriver) reachPlace(path string, at place) (bool, string) {
	if d.none > 0 {
		return false, ""
	}
	if parent, key := splitLast(path); key != "" && at == atProp && slices.ContainsFunc(d.branchAt[parent], func(g rulespec.Step) bool { return g.Key == memberName(key) }) {
		// (a rule past the guard would read only the values it already
		// holds, while the rewrite would advertise more)
		return false, "the member whose strings tell the union's branches apart, read as it is (a guard)"
	}
	if at.isSite() {
		// the nearest shadowing at or above path (the longest u), looked
		// up by each path above it, the longest first: a schema may
		// shadow thousands
		best, reason := "", ""
		for i := len(path); i >= 0 && reason == ""; i-- {
			if u := path[:i]; i == len(path) || under(path, u) {
				if why, ok := d.shadowed[u]; ok {
					best, reason = u, why
				}
			}
		}
		// the nearest kept $ref above path (opaque), looked up by each
		// path above it: a schema may hold thousands
		for u := range above(path) {
			if len(u) <= len(best) {
				break
			}
			if why, ok := d.keptOpaque(u); ok && !d.refusesBelow(u, path) && !d.guardRefuses(u, path) {
				best, reason = u, "above it, a $ref kept as it is ("+why+") may hold this value otherwise: a rule here could change what it takes"
				break
			}
		}
		if reason != "" {
			return false, reason
		}
	}
	if at == atTop {
		if memberName(path) == "" {
			return false, `a property named "" cannot be named by a rule`
		}
		if _, ok := d.unnamed[path]; ok {
			// (a name holding the deriver's marks, which its token
			// would not tell from its own: nameToken)
			return false, fmt.Sprintf("a rule path cannot spell the member name at %q", path)
		}
		if d.objectSites("") == 1 {
			return true, ""
		}
		// the branches of the root's allOf declare arguments too: the
		// checks below hold them to one type alike
	} else {
		if !at.isSite() {
			return false, ""
		}
		if strings.HasPrefix(path, "[]") {
			return false, "the arguments are an object: no rule path names the elements of an array there"
		}
		if u, ok := d.unnamedAbove(path); ok {
			return false, fmt.Sprintf("a rule path cannot spell the member name at %q", rawNames(u))
		}
	}
	// a rule at x{} reads every member of every object at x: each must
	// hold its members to the one schema (no declared key of another
	// type beside additionalProperties, no branch taking any value)
	for i := strings.Index(path, "{}"); i >= 0; i = next(path, i) {
		if j := slices.IndexFunc(d.objs[path[:i]], func(o objSite) bool { return !o.mapOnly }); j >= 0 {
			if why := d.objs[path[:i]][j].mapWhy; why != "" {
				return false, why
			}
			return false, "a rule at {} would read every member of the object above it, and it declares members of its own (properties beside additionalProperties), or a branch of its union takes any member"
		}
	}
	return d.reachPatterns(path)
}

// refusesBelow reports whether each schema kept at the opaque path u
// above path (opaqueSchemas: a $ref's) refuses every value that holds
// path's first step below u: an object holding its member, an array for
// [], an object for {} or a pattern's step. No call the server takes
// through those schemas then holds a value at path, and a rule there
// changes none of them (JSONSchemaBench's type references: a union of a
// string and closed objects, a map of them in one, kept as a recursive
// $ref beside a map of closed properties objects). A value kept whole
// (keptWhole), a guard's step, may hold it.
func (d *deriver) refusesBelow(u, path string) bool {
	schemas := d.opaqueSchemas[u]
	rest := path[len(u):]
	if len(schemas) == 0 {
		return false
	}
	step := rest // (its first step: "[]", "{}", ".name" or a pattern's token)
	if i := strings.IndexAny(rest[1:], ".[{(<"); i >= 0 {
		step = rest[:i+1]
	}
	key := refusalKey{u, step, len(schemas)}
	if r, ok := d.refusals[key]; ok {
		return r // (each value below u asks of its first step again)
	}
	var may func(s *Node) bool
	switch _, _, pattern := d.pats.of(step[1:]); {
	case step == "[]":
		may = func(s *Node) bool { return d.mayBe(s, '[', 0) }
	case step == "{}", step[0] == '.' && pattern:
		may = func(s *Node) bool { return d.mayBe(s, '{', 0) }
	case step[0] == '.':
		name := memberName(step[1:])
		may = func(s *Node) bool { return d.mayHold(s, name) }
	default:
		return false
	}
	r := !slices.ContainsFunc(schemas, func(s *Node) bool { return s == nil || may(s) })
	if d.refusals == nil {
		d.refusals = map[refusalKey]bool{}
	}
	d.refusals[key] = r
	return r
}

// guardRefuses reports whether a guard of a union's branch being read at
// the opaque path u above path (branchAt: `<"type"="enum">`, the rules
// below go on past it alone) holds its member to strings that each
// schema kept at u (opaqueSchemas: a $ref's) refuses there: a CWL type's
// union, whose record branch, a recursive $ref kept, requires "type" to
// be "record", beside an enum branch read past <"type"="enum">. No value
// a rule past that guard reads is then one a kept schema takes. Not for
// an array's elements at u, which the rules read past no guard
// (guardRules).
func (d *deriver) guardRefuses(u, path string) bool {
	schemas := d.opaqueSchemas[u]
	if len(schemas) == 0 || strings.HasPrefix(path[len(u):], "[]") {
		return false
	}
	for _, g := range d.branchAt[u] {
		if g.Absent {
			continue
		}
		if !slices.ContainsFunc(schemas, func(s *Node) bool { return !d.refusesHeld(s, g.Key, g.Values, 0) }) {
			return true
		}
	}
	return false
}

// refusesHeld reports whether the schema s refuses every object whose
// member name holds one of the strings vals: it takes no object, or its
// properties hold that member to strings (an enum or const: heldValues)
// none of which is among vals; an allOf refuses where one of its
// branches does. A reference is followed (its siblings beside it, as
// its draft reads them: followed); one left after that, which a draft
// may read alone, proves nothing.
func (d *deriver) refusesHeld(s *Node, name string, vals []string, depth int) bool {
	t := d.followed(s)
	if t == nil || t.Kind != '{' || depth > 8 {
		return false
	}
	if ty := t.Get("type"); ty != nil && !typeAllows(ty, "object") {
		return true
	}
	for _, b := range t.Get("allOf").Items() {
		if d.refusesHeld(b, name, vals, depth+1) {
			return true
		}
	}
	if t.Get("$ref") != nil || t.Get("$dynamicRef") != nil {
		return false
	}
	held, named := heldValues(d.root, t.Get("properties").Get(name))
	return named && !slices.ContainsFunc(vals, func(v string) bool { return slices.Contains(held, v) })
}

// refusalKey is what refusesBelow judged: the opaque path, the first
// step below it, and how many schemas were kept there then (the survey
// may keep more after).
type refusalKey struct {
	u, step string
	kept    int
}

// keptOpaque returns why, where a reference the inliner kept (or a value
// kept whole) stands at path (opaque) and shares no copy's lenient form
// there (sharable): what stands there may hold the values below path
// otherwise than the schemas the deriver reads.
func (d *deriver) keptOpaque(path string) (why string, ok bool) {
	why, ok = d.opaque[path]
	return why, ok && !d.sharable(path)
}

// reachKey is reach's check of the objects that hold the key path ends
// with: none constrains it through additionalProperties or
// patternProperties where it does not declare it.
func (d *deriver) reachKey(path string) (bool, string) {
	parent, key := splitLast(path)
	if _, _, ok := d.pats.of(key); ok {
		return true, "" // (reachPlace judged the pattern)
	}
	if key != "" { // (a member's step: the name "" is a name token, nameToken)
		if o := d.openObjects(parent); o.open > o.declared[memberName(key)] {
			// (one of them does not declare it)
			return false, "a branch of a union constrains this key through additionalProperties or patternProperties"
		}
	}
	return true, ""
}

// openObjects are, of the objects at a path (deriver.objs), how many there
// are, how many constrain the members they do not declare through
// additionalProperties or patternProperties (open), and how many of
// those declare each name.
type openObjects struct {
	sites, open int
	declared    map[string]int
}

// openObjects returns the openObjects of the objects at path, counted once
// for as many as the survey has found (a key's check reads them all, for
// each key: a union of hundreds of objects declaring hundreds of keys).
func (d *deriver) openObjects(path string) openObjects {
	objs := d.objs[path]
	if o, ok := d.openAt[path]; ok && o.sites == len(objs) {
		return o
	}
	o := openObjects{sites: len(objs), declared: map[string]int{}}
	for _, x := range objs {
		if x.open {
			o.open++
			for name := range x.props {
				o.declared[name]++
			}
		}
	}
	if d.openAt == nil {
		d.openAt = map[string]openObjects{}
	}
	d.openAt[path] = o
	return o
}

// coerceScalar gives the integer, number or boolean (typ) at path its
// type_coerce rule, and where it may be null a null_text rule first
// ("null" as text is null), and returns the pattern its string form is
// advertised with (taking "null" then): a boolean's, of the values its
// schemas (the value's, or its union's branches) take (boolPattern).
func (d *deriver) coerceScalar(path string, at place, typ string, nullable bool, schemas ...*Node) (pattern string) {
	coerceTo, pattern := "int", lenientimpl.IntPattern
	switch typ {
	case "number":
		coerceTo, pattern = "float", lenientimpl.FloatPattern
	case "boolean":
		coerceTo, pattern = "bool", boolPattern(d.root, schemas, false)
	}
	if d.nullText(path, at, nullable, false) {
		pattern = lenientimpl.OrNullPattern(pattern)
	}
	d.addRule(path, at, lenient.RuleTypeCoerce, "coerce", coerceTo, "")
	return pattern
}

// nullText gives the value at path, whose string form the rule added
// next reads (a number's text, an array's or object's JSON text: json),
// a null_text rule where it may be null (nullable): "null" as text is
// null, as a model or client spells the null (claude-code#81911): a
// number's or boolean's (whose pattern then takes "null") but for the
// elements of an array held to uniqueItems (d.unique), two of which
// could read as one; an array's or object's anywhere, since the string
// branch of its JSON text takes any string. It reports whether it did.
func (d *deriver) nullText(path string, at place, nullable, json bool) bool {
	if !nullable || !json && !d.scalarNullText(path, at) {
		return false
	}
	d.add(path, at, lenient.Rule{ID: d.tool + "." + path + ".null_text", Tools: []string{d.tool}, Type: lenient.RuleNullText})
	return true
}

// scalarNullText reports whether nullText gives a number's or boolean's
// value at path, where it may be null, a null_text rule: at every site
// (a property, an array's element, a map's value) but the elements of an
// array with uniqueItems.
func (d *deriver) scalarNullText(path string, at place) bool {
	return at.isSite() && !d.uniqueElem(path, at)
}

// uniqueElem reports whether the value at path is an element of an array
// held to uniqueItems (beside its items, or by another schema at its
// place: children), two of which a rule could read as one value, which
// the array then refuses.
func (d *deriver) uniqueElem(path string, at place) bool {
	return at == atElem && d.unique[path]
}

// constDraftWhy says why a value beside a const its document's draft has
// not (noConst) is left as it is.
const constDraftWhy = "its const, which its draft ($schema, draft-05 or earlier) reads as no keyword and AJV and later drafts apply, holds it otherwise under each reading"

// uniqueDigitsWhy says why an integer enum's texts stay unread at the
// elements of an array with uniqueItems.
const uniqueDigitsWhy = "an element of an array with uniqueItems, two of which its digit text could make one"

// next returns the index of the next "{}" in path after the one at i,
// or -1.
func next(path string, i int) int {
	j := strings.Index(path[i+2:], "{}")
	if j < 0 {
		return -1
	}
	return i + 2 + j
}

// siteKind is what the survey records of a site whose schema base has
// the one type typ: the type, and where a rule reads the site's values by
// more than their type (an enum, a const, a keyword its string form is
// not held to), the schema's keywords: two sites at one path read alike
// only where those are the same. A rule reads a key in every branch of
// a union alike, so a branch's enum or const would otherwise take
// another's letter case or text, or refuse what the rule made of it.
func siteKind(base *Node, typ string) string {
	if base.Get("enum") == nil && base.Get("const") == nil && (typ == "string" || typ == "array" || typ == "object" || unfit(base, typ) == "") {
		return typ
	}
	kind := typ
	for i, k := range base.Keys {
		if !annotation(k) {
			kind += " " + k + ":" + base.Vals[i].MarshalText()
		}
	}
	return kind
}

// addUnnamed records u among d.unnamed.
func (d *deriver) addUnnamed(u string) {
	if d.unnamed == nil {
		d.unnamed = map[string]int{}
	}
	if _, ok := d.unnamed[u]; !ok {
		d.unnamed[u] = len(d.unnamed)
	}
}

// unnamedAbove returns the path of d.unnamed that path is under (under),
// the first met of several: each prefix of path that under accepts is
// looked up, not each of thousands of paths.
func (d *deriver) unnamedAbove(path string) (string, bool) {
	best, first := "", -1
	for i := 1; i <= len(path); i++ {
		if i < len(path) && !under(path, path[:i]) {
			continue
		}
		if k, ok := d.unnamed[path[:i]]; ok && (first < 0 || k < first) {
			best, first = path[:i], k
		}
	}
	return best, first >= 0
}

// under reports whether path is u or a path below it (u.x, u[], u{}),
// without building strings: reach asks it of every site.
func under(path, u string) bool {
	if !strings.HasPrefix(path, u) {
		return false
	}
	rest := path[len(u):]
	return rest == "" || rest[0] == '.' || strings.HasPrefix(rest, "[]") || strings.HasPrefix(rest, "{}") || rulespec.GuardStart(rest)
}

// splitLast splits "a.b[].c" into "a.b[]" and "c"; a path ending in []
// or {} has no key.
func splitLast(path string) (string, string) {
	if strings.HasSuffix(path, "[]") || strings.HasSuffix(path, "{}") {
		return path, ""
	}
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i], path[i+1:]
	}
	return "", path
}

// addRule adds the rule of a site: From for a top-level argument, Path
// deeper.
func (d *deriver) addRule(path string, at place, typ lenient.RuleType, what, coerceTo, to string) {
	d.add(path, at, lenient.Rule{ID: d.tool + "." + path + "." + what, Tools: []string{d.tool}, Type: typ, CoerceTo: coerceTo, To: to})
}

// add adds the rule r of a site, its From or Path set from path.
func (d *deriver) add(path string, at place, r lenient.Rule) {
	if at == atTop {
		r.From = path
	} else {
		r.Path = path
	}
	if !d.survey {
		d.rules = append(d.rules, r)
	}
}

// place is where a subschema sits, for rules and warnings.
type place int

const (
	atTop    place = iota // a top-level argument
	atProp                // a property of a nested object
	atElem                // an array element (items) or a map value (additionalProperties)
	atBranch              // a branch of anyOf/oneOf/allOf: the same value as its parent
	atNone                // somewhere no rule path names (not, if, tuples, ...)
	atDef                 // a definition ($defs)
)

// isSite reports whether a value at this place can get a rule.
func (at place) isSite() bool { return at == atTop || at == atProp || at == atElem }

type deriver struct {
	tool  string
	root  *Node
	rules []lenient.Rule
	warns []Warning
	// survey is set during the first pass, which only records what each
	// path holds; the second pass reads it.
	survey bool
	kinds  map[string]map[string]bool // path -> kinds of the sites seen there
	objs   map[string][]objSite       // path -> the object schemas seen there
	unique map[string]bool            // path -> the elements of an array with uniqueItems
	// presence are the top-level keys that the root's allOf, anyOf,
	// oneOf, not, if, then or else may require (presenceOnly): read as
	// required, they get no absent rule.
	presence map[string]bool
	// unnamed are paths under a member name no rule path can spell, in
	// the order they were met (unnamedAbove).
	unnamed map[string]int
	// none is above 0 while the deriver is below a place no rule path
	// names (atNone: not, if, then, else, a tuple's items, contains,
	// dependentSchemas…): what sits there, at any depth, gets no rule and no lenient
	// form, and the survey records nothing of it.
	none int
	// textless are the values no rule reads as they are (their string
	// form, their JSON text), with why, though rules read what they hold
	// (otherSchemas).
	textless map[string]string
	// shadowed are the properties that a pattern of their object's
	// patternProperties names too, with why: that pattern's schema
	// constrains their values as well, where their string forms would
	// not be allowed.
	shadowed map[string]string
	// keep are paths whose values get no rule and no other form: another
	// rule, given to WithRules, writes them.
	keep map[string]bool
	// named are paths the rules given to WithRules name: no spelling
	// variant is read there.
	named map[string]bool
	// kept are the $refs inline left in place, and why.
	kept map[string]string
	// declared are the alias keys the rules given to WithRules declare,
	// by the path of the property they are aliases of: their
	// spelling-style variants read as it too.
	declared map[string][]string
	// ids says which values with an identifier or definitions of their
	// own are kept whole.
	ids idPolicy
	// whole are the paths of the values kept whole (keptWhole): absent
	// gives them no null branch either.
	whole map[string]bool
	// in is the inliner that made the schema the deriver rewrites.
	in *inliner
	// tested are the top-level keys that an if of the root (or of a
	// branch of its allOf, anyOf or oneOf) tests (conditional): kept as
	// they are, and named (no spelling variant read as them).
	tested map[string]bool
	// opaque are the paths where a $ref the inliner kept stands (a
	// union's branch, a property of one branch of a union), with why it
	// was kept: the survey never walks its target, which another branch
	// may not hold alike below the path, so no rule is given there.
	opaque map[string]string
	// opaqueSchemas are, at each opaque path, the schemas kept there
	// (those of the $refs; nil for a value kept whole, keptWhole): what
	// refusesBelow reads of what they take.
	opaqueSchemas map[string][]*Node
	// refusals are what refusesBelow judged, once for each step.
	refusals map[refusalKey]bool
	// openAt holds, by path, what reachKey reads of the objects there
	// (openObjects), for as many of them as the survey had found then.
	openAt map[string]openObjects
	// frames are the recursive definitions' copies being derived, outer
	// first; defs are the lenient forms the rewrite gains (recursive.go).
	frames []*recFrame
	// sitesRead counts the recursion sites read so far (recSite.seq):
	// a union's branch holds those read since it began (branchMark)
	sitesRead int
	defs      []*lenientDef
	// besides are the references readBeside read, their lenient forms
	// written last (besideDefs)
	besides []beside
	// groupBytes is what the frames closed so far added to the rules:
	// each one's group of steps, in each of its rules (maxRecursionBytes)
	groupBytes int
	// closed holds the lenient form each copy closeRecursion read at
	// every depth is a reference to (a discriminator goes into it)
	closed map[*Node]*lenientDef
	// overlapWork is what overlapping may still compare (maxOverlapWork),
	// and overlapText whether the union it compares is a oneOf one call
	// may match two branches of (otherWhy).
	overlapWork int
	overlapText bool
	viewCache   map[*Node]cachedViews // (valueViews, for one union)
	// overlapMemo holds, for each union overlapping compared (its
	// keyword and holder's JSON), its guards or what it left strict below
	// it, shared by the survey and the derivation; overlapRec records it
	// for the union at overlapAt.
	overlapMemo map[string]overlapResult
	// mays holds the answers of mayBe and mayHold that followed a
	// reference
	mays map[mayAsked]bool
	// rootGuards are the guards of the branches of the root's union,
	// where it has them (rootUnion).
	rootGuards rootGuards
	// anyOfGuards: an anyOf's object branches may get absent guards
	// (presenceGuards), whose rewrite gains a not; anyOfAt are the paths
	// of the anyOfs that would get them (deriveNode judges the hosts).
	anyOfGuards bool
	anyOfAt     []string
	// guarded counts the guarded branches being derived (guardRules):
	// a copy there is read past a guard, so no reference kept elsewhere
	// shares its lenient form (copied).
	guarded int
	// guardedKeys are the top-level members read past a guard, while a
	// branch of the root's union is derived (rootGuards): copies below
	// them are read as a guarded branch's are.
	guardedKeys map[string]bool
	// altAt counts, by path, the anyOf and oneOf whose branches are
	// being read there, and conjAt holds the allOf holders whose
	// branches are (thenGuard).
	altAt  map[string]int
	conjAt map[string][]*Node
	// thenAt holds, by path, the guards of the thens read past a guard
	// being read there, and condsElse, by path, what the elses beside
	// such thens name (conditionNames), which holds for every schema at
	// path but a then read past that guard.
	thenAt map[string][]string
	// branchAt holds, by path, the guards (parsed: rulespec.ParseGuard) of the
	// anyOf and oneOf branches read past a guard being read there
	// (guardRefuses).
	branchAt   map[string][]rulespec.Step
	condsElse  map[string]elseSets
	overlapRec *[]overlapMarkAt
	overlapAt  string
	// overlapDry: overlapMark records what it would leave strict, and
	// leaves nothing (overlapping, before it judges valueGuards and
	// presenceGuards).
	overlapDry bool
	// fileGiven: a rules file was given (WithRules), whose rules
	// fileReads reads by path (in the derivation: the survey is given
	// none); in both, splitEveryName splits no pattern (a file's rule by
	// name, an alias into or out of the object, reads members the other
	// names' pattern would read too).
	fileGiven bool
	// splitOf holds, by each pattern splitEveryName writes, the pattern it
	// split, which warnings name (written).
	splitOf map[string]string
	// others holds the paths of the pattern steps otherNames wrote, for
	// the members an object's additionalProperties holds beside declared
	// ones (a pattern's text may be another's too).
	others map[string]bool

	plainCache map[*Node]string // (plain, for one union)
	// conjoined are the schemas conjoin made, by the two it conjoined,
	// for one union (its views share them, and their plain texts)
	conjoined map[[2]*Node]*Node
	// union is the union whose branch is being derived; unions counts,
	// in the survey, the unions at each path (recursive.go).
	union  unionCtx
	unions map[string]int
	// ownRefs are the references the derivation points where it means
	// them to (the arguments read at every depth, closeRoot; a lenient
	// form a kept reference shares, pointShared): strictRefs leaves them.
	ownRefs map[*Node]bool
	// keptSites and copies are, from the survey, the references kept at
	// each path and the copies read there; sharedRefs the lenient forms
	// of the copies references share, pending those references
	// (shared.go).
	keptSites map[string][]keptSite
	// sharableAt is what sharable answered for a path, in the
	// derivation (whose survey's sites no longer change)
	sharableAt map[string]bool
	copies     map[sharedKey]bool
	sharedRefs map[sharedKey]string
	pending    []pendingRef
	// pats names the patterns of patternProperties in paths, the same
	// in the survey and the derivation (patterns.go).
	pats *patternSteps
	// texts are the paths whose value may be a string the strict schema
	// takes as it is: the normalizer reads JSON text along a rule's path,
	// so a rule through one marks its step "!" (spellPaths), where a
	// string is left as it is.
	texts map[string]bool
	// textKinds are, by path, what its schemas may be (textAt): 1 a
	// string, 2 an object or array
	textKinds map[string]byte
	// conds are, by path, what the schemas there (a union's holder and
	// its branches, another declaration of the path) name in their not,
	// if, then, else, enum, const or dependentSchemas (holderConds).
	conds map[string]condSet
	// wholeArrays are the paths where a schema reads an array's
	// elements together (readsElements): no rule reads them.
	wholeArrays map[string]bool
	// rootGroups are the paths of the references to the arguments read
	// at every depth (closeRoot): the steps of the group after one are
	// the arguments' own.
	rootGroups map[string]bool
	// conjPath and conjHeld are, while the deriver walks an object
	// schema at conjPath holding an allOf (and what stands at that path
	// below it), the members a schema that holds every such value (the
	// object's own, its allOf's branches', at any depth, and those of
	// an object at that path above holding an allOf too: conjoined)
	// declares with a schema that is not neutral: in the survey, a
	// neutral schema of such a member there holds it to nothing more,
	// and is not walked; a union there whose branches declare one of
	// them gets no guards (heldBeside)
	conjPath string
	conjHeld map[string]bool
	// conjSkipped are the paths of the objects a neutral member of which
	// the survey did not walk (conjHeld): a reference kept there holds
	// its target alone, not the conjunction, and shares no copy
	// (sharable)
	conjSkipped map[string]bool
}

// objectSites counts the object schemas seen at path (the root's
// combinators that only require keys are not walked: presenceOnly).
func (d *deriver) objectSites(path string) int { return len(d.objs[path]) }

// objSite is what the survey records of an object schema: its declared
// properties, and whether other keys are constrained by a schema
// (additionalProperties as a schema, patternProperties).
type objSite struct {
	props map[string]bool
	open  bool
	// mapOnly: every member's value is held to the one schema a rule
	// names at {} (additionalProperties beside no properties or
	// patterns, or rulespec.PatternMap); mapWhy, where it would be but
	// for a condition or dependency of the object that names a member
	// (mapConditions), says so
	mapOnly bool
	mapWhy  string
	// patternWhy is, by pattern of its patternProperties (not a map's),
	// why no rule may read the values it matches (patternsWhy)
	patternWhy map[string]string
	// text is the JSON of the schema, where a rule path may step through
	// its patternProperties or otherNames' pattern: copies of one schema
	// at one place (a map's declared members beside its pattern, each
	// its copy) read the members a pattern matches alike (reachPatterns)
	text string
	// closed: its additionalProperties is false, so that a member it
	// neither declares (names) nor matches by one of its patterns is
	// refused; pats holds the patterns a rule path steps through (not a
	// map's, read at {}), each with its schema's JSON, annotations aside
	// (reachPatterns: patternApart)
	closed          bool
	names, patterns []string
	pats            map[string]string
}

// warnKeyword warns that the unknown keyword k, which may constrain a
// value, leaves the value at path strict.
func (d *deriver) warnKeyword(path, k string) {
	if d.survey {
		return
	}
	d.warns = append(d.warns, Warning{Tool: d.tool, Path: path, Message: fmt.Sprintf("unknown keyword %q; left strict", k), Keyword: k})
}

func (d *deriver) warn(path, format string, args ...any) {
	if d.survey {
		return
	}
	d.warns = append(d.warns, Warning{Tool: d.tool, Path: path, Message: fmt.Sprintf(format, args...)})
}

// Keyword families, by the JSON types they constrain.
var (
	annotationKeys = set("title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment", "format", "contentMediaType", "contentEncoding")
	numberKeys     = set("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
	stringKeys     = set("minLength", "maxLength", "pattern")
	arrayKeys      = set("items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains", "unevaluatedItems")
	objectKeys     = set("properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "dependencies", "unevaluatedProperties")
	// genericKeys constrain values of every type: copied into every
	// branch when a schema is split by type.
	genericKeys = set(slices.Concat([]string{"enum", "const", "$ref", "$dynamicRef"}, jsonnode.Combinators, jsonnode.Conditionals)...)
	// placeKeys name or hold schemas by location: a schema carrying one
	// is never split or merged.
	placeKeys = set("$defs", "definitions", "$id", "$anchor", "$dynamicAnchor", "$schema", "$vocabulary", "id")
)

func set(keys ...string) map[string]bool {
	m := map[string]bool{}
	for _, k := range keys {
		m[k] = true
	}
	return m
}

// keysOf returns the keyword family of a JSON type.
func keysOf(typ string) map[string]bool {
	switch typ {
	case "integer", "number":
		return numberKeys
	case "string":
		return stringKeys
	case "array":
		return arrayKeys
	case "object":
		return objectKeys
	}
	return nil
}

// known reports whether the deriver reads k: a keyword of JSON Schema
// 2020-12 (and draft-07, and OpenAPI's nullable) it handles.
func known(k string) bool {
	return k == "type" || k == "nullable" || annotationKeys[k] || numberKeys[k] || stringKeys[k] || arrayKeys[k] || objectKeys[k] || genericKeys[k] || placeKeys[k]
}

// foreignKeys are keywords the deriver does not read that may constrain
// a value where a host's validator knows them: keywords of other drafts
// (draft-03's divisibleBy, disallow, extends; 2019-09's $recursiveRef
// and $recursiveAnchor), OpenAPI's discriminator (AJV's discriminator
// option enforces it), the keywords of AJV's extensions (ajv-keywords,
// ajv-formats, $data references, ajv-merge-patch's $merge and $patch,
// which build the schema they stand in, and $async, which makes its
// validation asynchronous) and one proposed for the next draft
// (propertyDependencies). draft-2019's dependentRequired and
// dependentSchemas and draft-07's dependencies are known.
var foreignKeys = set(
	"divisibleBy", "disallow", "extends",
	"$recursiveRef", "$recursiveAnchor",
	"discriminator",
	"typeof", "instanceof", "range", "exclusiveRange", "regexp", "transform",
	"uniqueItemProperties", "allRequired", "anyRequired", "oneRequired",
	"patternRequired", "prohibited", "deepProperties", "deepRequired",
	"select", "selectCases", "selectDefault", "dynamicDefaults",
	"formatMinimum", "formatMaximum", "formatExclusiveMinimum", "formatExclusiveMaximum",
	"$data", "$merge", "$patch", "$async", "propertyDependencies",
)

// foreign reports whether k is a keyword the deriver does not read and
// that may constrain a value: one of foreignKeys. Any other keyword
// spelled with "$" is an annotation as any unknown keyword is (the
// ones the drafts define are known or foreign; "$xsd-type", "$deprecated"
// and "$note", which JSONSchemaBench's schemas carry, are read by no
// validator). A field whose schema carries a foreign keyword stays
// strict, with a warning.
func foreign(k string) bool {
	return foreignKeys[k] // (none is known: the deriver reads none of them)
}

// conjunction sets conjPath and conjHeld for the walk of the
// object schema s at path, which holds an allOf, and returns what puts
// them back: the members that s, its allOf's branches (their $refs
// followed, their allOfs' branches among them: members) or an object at
// path above holding an allOf too declare with a schema that is not
// neutral. Every value at path the walk meets is held to each of those
// schemas: they are conjoined, and a union below path only splits what
// they hold in more. Past the members' depth bound, fewer are named.
func (d *deriver) conjunction(path string, s *Node) (restore func()) {
	outerPath, outerHeld := d.conjPath, d.conjHeld
	held := map[string]bool{}
	if outerPath == path {
		for name := range outerHeld {
			held[name] = true
		}
	}
	conj, _ := d.members([]*Node{s}, 0)
	for _, m := range conj {
		props := m.Get("properties")
		if props == nil || props.Kind != '{' {
			continue
		}
		for j, name := range props.Keys {
			if !neutral(props.Vals[j]) {
				held[name] = true
			}
		}
	}
	d.conjPath, d.conjHeld = path, held
	return func() { d.conjPath, d.conjHeld = outerPath, outerHeld }
}

// neutral reports whether the schema s takes every value: true, or an
// object of annotations alone, beside a type naming every JSON type at
// most. In a branch of an allOf, a member it holds is held to what the
// other branches hold it to, and nothing else.
func neutral(s *Node) bool {
	if s.Kind != '{' {
		return s.Kind == 't' && s.Text() == "true"
	}
	for i, k := range s.Keys {
		if k == "type" && typeKinds(s.Vals[i]) == kindAny {
			continue
		}
		if !annotation(k) {
			return false
		}
	}
	return true
}

// annotation reports whether k never constrains a value: a keyword of
// the annotation vocabularies (title, description, default, examples,
// deprecated, readOnly, writeOnly, $comment, format, contentMediaType,
// contentEncoding), or a keyword the deriver does not read and that is
// not foreign. JSON Schema 2020-12 reads an unknown keyword as an
// annotation: vendor keywords (x-mcp-header, x-kubernetes-...), editors'
// and generators' hints (markdownDescription, example, faker, x-prompt),
// misspellings (readonly, _format) and a boolean optional beside
// required. An annotation is kept where it stands and never leaves a
// field strict.
func annotation(k string) bool {
	return annotationKeys[k] || !known(k) && !foreign(k)
}

// rootSchema rewrites the root: each property by field, the rest kept.
func (d *deriver) rootSchema(s *Node) *Node {
	if s.Kind != '{' {
		d.warn("", "the input schema is not a JSON object; kept as it is")
		return s
	}
	if !argumentsObject(s) {
		d.warn("", `the input schema is not {"type": "object", ...}; kept as it is`)
		return s
	}
	var cond func() bool // if, then and else judge one condition, once
	if s.Get("if") != nil {
		cond = sync.OnceValue(func() bool { return conditional(d.root, s, d.presence, d.tested) })
	}
	for i, k := range s.Keys {
		switch {
		case (k == "if" || k == "then" || k == "else") && !condition(d.root, k):
			continue // (annotations in a document of draft-06 or earlier)
		case k == "if" && cond():
			// (the keys "if" reads are kept as they are: below)
			continue
		case (k == "then" || k == "else") && (s.Get("if") == nil || cond()):
			continue // judged with their if (without one, never applied)
		case combinators[k]:
			if jsonnode.IsCombinator(k) && (k == jsonnode.AllOf && rootBranches(d.root, k, s.Vals[i], d.presence, d.tested) || k != jsonnode.AllOf && d.rootUnion(s, k)) {
				// ({"anyOf": [{"properties": ...}, {"required": [...]}]}:
				// each branch holds the arguments as the root does)
				continue
			}
			if k == "not" && notCondition(s.Vals[i], d.presence, d.tested) {
				// ({"not": {"properties": {"interface": {"enum":
				// [true]}}, "anyOf": [{"required": ["statics"]}, ...]}}:
				// the keys it tests stay as they are)
				continue
			}
			if presenceOnly(s.Vals[i], d.presence) {
				// ({"anyOf": [{"required": ["a"]}, {"required": ["b"]}]}:
				// which keys are given, never what they hold)
				continue
			}
			fallthrough
		case k == "dependentSchemas", k == "$ref", k == "$dynamicRef":
			// These may constrain a property again (as an integer, say),
			// where its string form would not be allowed.
			d.warn("", "the input schema constrains its properties outside \"properties\" (%s); kept as it is", k)
			return s
		}
	}
	if (s.Get("if") != nil && condition(d.root, "if") || s.Get("allOf") != nil) && !d.rootSplits(s) {
		d.warn("", "the input schema constrains its properties outside \"properties\" (allOf or if, in more alternatives than the deriver compares); kept as it is")
		return s
	}
	// (the members a branch's patternProperties, additionalProperties or
	// unevaluatedProperties reads where another schema declares them
	// hold no rule, as below the arguments: conditionNames)
	var mapRead condSet
	declared := declaredIn(s, map[string]bool{}, 0)
	mapRead.mapReads(s, declared, true)
	mapRead.merge(d.rootMapReads(s, declared, 0))
	// (an enum or const of the arguments compares them whole, as one
	// below them does: conditionNames)
	mapRead.merge(compared(s))
	if len(mapRead.names) > 0 || mapRead.all {
		c := d.conds[""]
		c.merge(mapRead)
		d.conds[""] = c
	}
	if len(d.tested) > 0 {
		// (the caller's maps stay as they were)
		d.keep, d.named = maps.Clone(d.keep), maps.Clone(d.named)
		if d.keep == nil {
			d.keep = map[string]bool{}
		}
		if d.named == nil {
			d.named = map[string]bool{}
		}
		for _, k := range slices.Sorted(maps.Keys(d.tested)) {
			at := join("", k)
			d.keep[at], d.named[at] = true, true
			if what := typedName(s.Get("properties").Get(k)); what != "" && !d.survey {
				d.warn(at, "%s left strict: an if or not of the input schema tests it, and a rule would change which branch applies or what it refuses", what)
			}
		}
	}
	// Tool arguments are an object (MCP's inputSchema is {"type":
	// "object", ...}; strict AJV refuses properties without it): a root
	// that reads them through properties says so in the one type hosts
	// take.
	if s.Get("type") == nil {
		// (first, as merged writes it; s's values are the rewrite's,
		// rewritten in place below as where s has a type)
		typed := obj("type", jstr("object"))
		typed.Keys, typed.Vals = append(typed.Keys, s.Keys...), append(typed.Vals, s.Vals...)
		s = typed
	} else {
		s.Set("type", jstr("object"))
	}
	for _, k := range jsonnode.Alternatives {
		// (a branch that takes no object matches no arguments: beside
		// that type, strict AJV refuses it, strictTypes)
		noObject := func(b *Node) bool { return takesNoObject(d.root, b) }
		if list := s.Get(k); list != nil && list.Kind == '[' && slices.ContainsFunc(list.Items(), noObject) {
			s.Set(k, jsonnode.Array(slices.DeleteFunc(slices.Clone(list.Items()), noObject)...))
		}
	}
	f := d.enterRoot(s)
	d.children("", s, true)
	if f != nil {
		d.closeRoot(f)
		d.leaveRecursion(f)
	}
	d.dedupe()
	return s
}

// argumentsObject reports whether the root schema s reads the arguments
// object through its properties: its type is "object", or a type array
// that holds "object" (["object", "null"]), or it has no type and
// declares properties, or its anyOf, oneOf or allOf has a branch that
// does (argumentsBranch; {"anyOf": [{"$ref": "#/definitions/A"}, ...],
// "definitions": ...} once its references are inlined). Tool arguments
// are always a JSON object, so a root's other types never apply to them.
func argumentsObject(s *Node) bool {
	switch t := s.Get("type"); {
	case t == nil:
		return s.Get("properties") != nil || slices.ContainsFunc(jsonnode.Combinators, func(k string) bool {
			v := s.Get(k)
			return v != nil && v.Kind == '[' && slices.ContainsFunc(v.Items(), func(b *Node) bool { return argumentsBranch(s, b, map[string]bool{}, map[string]bool{}) })
		})
	case t.Kind == '[':
		return slices.ContainsFunc(t.Items(), func(v *Node) bool { x, _ := v.AsString(); return x == "object" })
	default:
		x, _ := t.AsString()
		return x == "object"
	}
}

// combinators are the keywords whose subschemas apply to the value of
// the schema that holds them.
var combinators = set(slices.Concat(jsonnode.Combinators, jsonnode.Conditionals)...)

// presenceOnly reports whether the subschemas v (a schema, or a list of
// them, under allOf, anyOf, oneOf, not, if, then or else) constrain only
// which keys the arguments hold (required, nested alike, annotations),
// never a value, adding each key they name to names: a key that may be
// required is read as required (no absent rule removes it).
func presenceOnly(v *Node, names map[string]bool) bool {
	subs := []*Node{v}
	if v.Kind == '[' {
		subs = v.Items()
	}
	for _, b := range subs {
		if b.Kind != '{' {
			return false
		}
		for i, k := range b.Keys {
			switch {
			case k == "required":
				for _, n := range b.Vals[i].Items() {
					if name, ok := n.AsString(); ok {
						names[name] = true
					}
				}
			case jsonnode.IsCombinator(k) || k == "not":
				if !presenceOnly(b.Vals[i], names) {
					return false
				}
			case !annotationKeys[k]:
				return false
			}
		}
	}
	return true
}

// argumentsBranch reports whether the branch b of a root combinator
// reads the arguments object as the root does: an object schema (its
// type "object" or none) that declares properties or patternProperties
// (Pyrseas' db and schema, closed objects of "^schema " and "^table "
// members: reachPatterns judges what another branch holds of them), or
// whose combinators'
// branches do (rootBranches, which adds the keys they may require to
// names), or whose if/then/else is a condition on keys the rules leave
// alone (conditional, which adds those to tested), and that holds nothing
// else but annotations and what an object schema without a reference
// holds.
func argumentsBranch(root, b *Node, names, tested map[string]bool) bool {
	if b.Kind != '{' {
		return false
	}
	if t := b.Get("type"); t != nil {
		if x, _ := t.AsString(); x != "object" {
			return false
		}
	}
	declares := b.Get("properties") != nil || b.Get("patternProperties") != nil
	var cond func() bool // if, then and else judge one condition, once
	if b.Get("if") != nil {
		cond = sync.OnceValue(func() bool { return conditional(root, b, names, tested) })
	}
	for i, k := range b.Keys {
		switch {
		case k == "type" || annotation(k):
		case (k == "if" || k == "then" || k == "else") && !condition(root, k):
			// (annotations in a document of draft-06 or earlier)
		case jsonnode.IsCombinator(k):
			if !rootBranches(root, k, b.Vals[i], names, tested) {
				return false
			}
			declares = true
		case k == "if" || k == "then" || k == "else":
			if b.Get("if") != nil && !cond() {
				return false
			}
			declares = declares || k != "if"
		case k == "dependencies" || k == "dependentRequired":
			// which keys come with which (draft-07's dependencies of
			// arrays, JSON Schema Store's pageObject: {"root":
			// ["selector"]}), read as required ones; subschemas are not
			v := b.Vals[i]
			if v.Kind != '{' || slices.ContainsFunc(v.Vals, func(x *Node) bool { return x.Kind != '[' }) {
				return false
			}
			pairedIn(v, names)
		case k == "dependentSchemas" || k == "unevaluatedProperties":
			return false // subschemas, or what the other branches evaluate
		case k == "minProperties" || k == "maxProperties":
			return false // a count an absent rule's removal would change
		case !objectKeys[k]:
			return false
		}
	}
	return declares
}

// rootBranches reports whether every branch of the root's combinator k
// (v, its list) is an arguments branch or constrains only which keys the
// arguments hold (presenceOnly, whose keys it adds to names, as the
// arguments branches' required keys are). A rule then reads a key alike
// in every branch that declares it (reach holds each path to one type
// and one enum across them), and a branch that does not declare it takes
// any value there; so each branch takes a call after the rules where
// its rewrite takes it before, but for the documented classes, which a
// oneOf would count twice: its branches must be exclusive.
func rootBranches(root *Node, k string, v *Node, names, tested map[string]bool) bool {
	if v.Kind != '[' {
		return false
	}
	for _, b := range v.Items() {
		if argumentsBranch(root, b, names, tested) {
			for name := range requiredNames(b) {
				names[name] = true
			}
			continue
		}
		if !presenceOnly(b, names) && (k == jsonnode.AllOf || !takesNoObject(root, b)) {
			return false
		}
	}
	if !slices.ContainsFunc(v.Items(), func(b *Node) bool { return !takesNoObject(root, b) }) {
		return false // (no branch takes an object: nor do they all)
	}
	return k != jsonnode.OneOf || exclusive(root, v.Items())
}

// takesNoObject reports whether the schema b takes no object, by its
// type alone (false, or a type that names no "object"), and holds no
// name (an $id or anchor a reference may use): as a branch of
// the root's union it never holds the arguments, which are an object
// (Azure Pipelines' {"oneOf": [{"$ref": ...}, {"type": "string",
// "pattern": "^$"}]}), so the rules need not reckon with it. Not a $ref
// its document (root) reads alone (refIgnoresSiblings), whose type says
// nothing of its values.
func takesNoObject(root, b *Node) bool {
	if b.Kind == 't' {
		return b.Text() == "false"
	}
	if b.Kind != '{' || b.Get("type") == nil || holdsName(b) || refIgnoresSiblings(root, b) {
		return false // (a name a reference may use stays where it is)
	}
	return !typeAllows(b.Get("type"), "object")
}

// allOfKeys are the keywords of objects objectAllOf reads in an allOf's
// branches: those whose schemas the deriver reads, or that hold none
// (not patternProperties, dependentSchemas, propertyNames: a schema the
// deriver does not read there may constrain a member another branch's
// rule reads).
var allOfKeys = set("properties", "required", "additionalProperties", "minProperties", "maxProperties", "dependentRequired")

// objectAllOf reports whether the schema s (in portable form) is an
// allOf of object schemas: s and each branch (its $ref followed) hold
// only annotations, the keywords of objects allOfKeys names and an
// allOf of such branches (the Debug Adapter Protocol's AttachRequest,
// an allOf of a reference to Request, itself an allOf: as deep as
// maxAllOfDepth), with a type of "object" or none, and one of them has
// that type, so that s takes objects alone, and no string (whose JSON
// text a rule then reads).
func objectAllOf(root, s *Node) bool {
	if list := s.Get(jsonnode.AllOf); list == nil || list.Kind != '[' || len(list.Vals) == 0 {
		return false
	}
	typed := false
	var objectLike func(b *Node, depth int) bool
	objectLike = func(b *Node, depth int) bool {
		if b.Kind != '{' {
			return false
		}
		for i, k := range b.Keys {
			switch {
			case k == "type":
				t, ok := b.Vals[i].AsString()
				if !ok || t != "object" {
					return false
				}
				typed = true
			case k == jsonnode.AllOf:
				list := b.Vals[i]
				if depth >= maxAllOfDepth || list.Kind != '[' || len(list.Vals) == 0 {
					return false
				}
				for _, x := range list.Vals {
					if f, err := jsonnode.Follow(root, x); err != nil || !objectLike(f, depth+1) {
						return false
					}
				}
			case annotation(k), allOfKeys[k]:
			default:
				return false
			}
		}
		return true
	}
	return objectLike(s, 0) && typed
}

// maxAllOfDepth is how deep objectAllOf reads allOfs inside an allOf's
// branches (a reference cycle through them ends there).
const maxAllOfDepth = 8

// rootOneOfWhy is why a key that two branches of the root's oneOf, which
// one call may match two of, declare with other schemas stays as it is;
// rootAsIsWhy why one a branch of the root's anyOf or oneOf declares and
// another takes as it is does; rootSplitWhy why one an alternative
// inside the root (rootSplits) declares and another takes as it is does.
const (
	rootOneOfWhy = "the branches of the input schema's oneOf, which one call may match two of, declare this key with other schemas: a rule could make a call the server takes match two"
	rootAsIsWhy  = "a branch of the input schema's union declares this key and another takes it as it is (undeclared, the arguments open): a rule would change the value of a call the server takes through that branch"
	rootSplitWhy = "one alternative inside the input schema (the then or else of an if, a branch of a union in its allOf) declares this key and another takes it as it is (undeclared, the arguments open): a rule would change the value of a call the server takes through that other one"
)

// rootUnion reads the root's anyOf or oneOf k (of s, the root) as
// rootBranches reads an anyOf's, but for the keys its branches hold
// otherwise, which it leaves as they are (shadowed, rootAsIsWhy,
// rootOneOfWhy). The
// branches are compared by their views (branchViews: the root's own
// keywords merged in). A key one branch declares is left as it is where
// another may take it as it is: the rules would change a value of a call
// only that branch takes. In a oneOf one call may match two branches of,
// so is a key two branches declare with other schemas (annotations
// aside); elsewhere what two branches hold below such a key is compared
// as a nested union's branches are (overlapValues). A strict-valid call
// then holds at each key a rule reads a value every branch it matches
// holds to the declared schemas alike, which no rule changes.
//
// Where it would leave something strict, and required members that only
// one branch declares tell the object branches apart (presenceGuards),
// it leaves nothing strict for that: the rules of each branch's members
// that the branches hold otherwise start with its absent guards, on the
// arguments object (rootGuards). An anyOf gets them where anyOfGuards is
// set (deriveNode: its rewrite gains a not, which Gemini's function
// declarations refuse, as they refuse a union at the top level).
func (d *deriver) rootUnion(s *Node, k string) bool {
	v := s.Get(k)
	if !rootBranches(d.root, jsonnode.AnyOf, v, d.presence, d.tested) {
		return false
	}
	d.viewCache, d.plainCache, d.conjoined = nil, nil, nil // (see overlapping)
	views, _, whole := d.branchViews(s, v.Items())
	if !whole {
		return false
	}
	shadowed, textless := maps.Clone(d.shadowed), maps.Clone(d.textless)
	d.rootKeys(views, k == jsonnode.OneOf && !exclusive(d.root, views), rootAsIsWhy)
	if maps.Equal(shadowed, d.shadowed) && maps.Equal(textless, d.textless) {
		return true
	}
	// (the root's definitions, its $schema and identifier aside: the
	// arguments are an object)
	holder := shallowWithout(s, "definitions", "$defs", "$schema", "$id", "id")
	holder.Set("type", jstr("object"))
	if guards, clauses := d.presenceGuards("", holder, k); guards != nil {
		// (only the members the branches hold otherwise: one every
		// branch holds alike is read past no guard)
		keys := map[string]bool{}
		for _, m := range []struct{ now, was map[string]string }{{d.shadowed, shadowed}, {d.textless, textless}} {
			for p, why := range m.now {
				if was, ok := m.was[p]; !ok || was != why {
					keys[topMember(p)] = true
				}
			}
		}
		restore(d.shadowed, shadowed)
		restore(d.textless, textless)
		// (by the branches rootSchema keeps: not those that take no
		// object)
		var kept []int
		for j, b := range v.Items() {
			if !takesNoObject(d.root, b) {
				kept = append(kept, j)
			}
		}
		d.rootGuards = rootGuards{key: k, keys: keys}
		for _, j := range kept {
			d.rootGuards.guards = append(d.rootGuards.guards, guards[j])
			d.rootGuards.clauses = append(d.rootGuards.clauses, clauses[j])
		}
	}
	return true
}

// topMember returns the name of the first member of the deriver path p
// (a top-level member's, from the arguments), "" where p starts with []
// or {}.
func topMember(p string) string {
	for i := 0; i < len(p); i++ {
		if strings.IndexByte(".[{(", p[i]) >= 0 || rulespec.GuardStart(p[i:]) {
			return memberName(p[:i])
		}
	}
	return memberName(p)
}

// restore makes m what it was (was, a copy of it).
func restore(m, was map[string]string) {
	maps.DeleteFunc(m, func(k, _ string) bool { _, ok := was[k]; return !ok })
	maps.Copy(m, was)
}

// rootGuards are the absent guards of the branches of the root's union
// k (rootUnion), by branch (of those rootSchema keeps), the clauses each branch's rewrite holds its
// lenient forms to (presenceForm), and the top-level members whose
// values the branches hold otherwise (keys, by name), read past those
// guards alone; the others every branch holds alike, and their rules
// read every call, as they do without guards.
type rootGuards struct {
	key     string
	guards  []string
	clauses []*Node
	keys    map[string]bool
}

// rootSplits reads the alternatives inside the root's own keywords (of
// s, the root, its anyOf and oneOf aside: rootUnion) as rootUnion reads
// a union's branches: the then and else of its if, and of its allOf's
// branches' (conditional), and the branches of a union inside its allOf
// (rootBranches) each apply to some calls only, and branchViews splits
// the root into one view for each (the arguments' own keywords merged
// in). A key one view declares and another may take as it is
// (undeclared, the arguments open) is left as it is (rootSplitWhy):
// {"kind": "b", "x": "5"} is taken as it is where only the then of an if
// on kind "a" declares x an integer. It reports false where the views
// are not whole (maxViews, maxViewDepth).
func (d *deriver) rootSplits(s *Node) bool {
	d.viewCache, d.plainCache, d.conjoined = nil, nil, nil // (see overlapping)
	views, _, whole := d.branchViews(obj(), []*Node{shallowWithout(s, jsonnode.Alternatives...)})
	if !whole {
		return false
	}
	d.rootKeys(views, false, rootSplitWhy)
	return true
}

// rootKeys leaves as they are (shadowed) the keys the views of the
// root's alternatives hold otherwise: a key one declares and another
// may take as it is (asIs, the reason), where one is set (a oneOf one
// call may match two branches of) a key two declare with other schemas,
// else what two hold below it where it may differ (overlapValues).
func (d *deriver) rootKeys(views []*Node, one bool, asIs string) {
	var keys []string
	// (indexed: a root may declare thousands of keys, in each view)
	declared := make([]map[string]*Node, len(views))
	seen := map[string]bool{}
	for i, b := range views {
		declared[i] = map[string]*Node{}
		props := b.Get("properties")
		for j, name := range declaredNames(b) {
			if !seen[name] {
				seen[name] = true
				keys = append(keys, name)
			}
			declared[i][name] = props.Vals[j]
		}
	}
	for _, key := range keys {
		at := join("", key) // (its path)
		var held []*Node    // (each schema the branches hold key to, once)
		texts := map[string]bool{}
		d.overlapWork, d.overlapText = maxOverlapWork, false
		for i, b := range views {
			p := declared[i][key]
			if p == nil || p.Kind == 't' {
				if mayHoldAsIs(b, key) {
					d.shadowed[at] = asIs
				}
				continue
			}
			if text := d.alike(p); !texts[text] {
				texts[text] = true
				held = append(held, p)
			}
		}
		below := make([]bool, len(held)) // (holdsBelow, once each: a key may be held to 64 schemas)
		for i, x := range held {
			below[i] = holdsBelow(x)
		}
		for i, x := range held {
			for j, y := range held[i+1:] {
				if one {
					d.shadowed[at] = rootOneOfWhy
					break
				}
				if !below[i] && !below[i+1+j] {
					continue // (nothing below either: overlapValues compares nothing)
				}
				fx, _ := jsonnode.Follow(d.root, x)
				fy, _ := jsonnode.Follow(d.root, y)
				d.overlapValues(at, fx, fy, 1)
			}
		}
		if d.overlapWork < 0 {
			d.shadowed[at] = overlapBoundWhy
		}
	}
}

// alike returns the text by which rootKeys tells the schemas a key is
// held to apart: annotations aside, and a definition's copy the
// inliner made of its target alone and a reference kept to that target
// beside annotations alone (past the size bound, in another branch) are
// one schema, where no reference in either may be a site of a recursion
// (keptNoSites).
func (d *deriver) alike(p *Node) string {
	var target *Node
	if d.in != nil {
		if t, bare := d.in.entry(p); bare {
			target = t
		}
	}
	if ref, ok := p.Get("$ref").AsString(); ok && !slices.ContainsFunc(p.Keys, func(k string) bool { return k != "$ref" && !annotation(k) }) {
		target = pointer(d.root, ref)
	}
	if target != nil && d.keptNoSites(p) {
		// (a copy or reference with a recursion inside is read by the
		// references the inliner kept there, which differ by where the
		// copy was made: read by its text)
		return fmt.Sprintf("\x00%p", target)
	}
	return d.plain(p)
}

// declaredNames returns the names schema s declares in properties.
func declaredNames(s *Node) []string {
	if p := s.Get("properties"); p != nil && p.Kind == '{' {
		return p.Keys
	}
	return nil
}

// conditional reports whether the if/then/else of the object schema s
// reads the arguments as a condition the rules cannot change: its if
// tests keys of the arguments alone (conditionKeys), and its then and
// else are arguments branches or only require keys (presenceOnly),
// whose required keys it adds to names, as rootBranches does. The keys
// the if tests are added to tested: the deriver leaves them as they are
// (no rule, no other form, no spelling variant), so the if reads a call
// alike before the rules and after, and the branch it picks takes the
// call after the rules where its rewrite takes it before, as an allOf's
// branch does ({"if": {"properties": {"kind": {"const": "file"}}},
// "then": {"properties": {"size": {"type": "integer"}}}}, as JSON Schema
// Store's configurations write discriminated objects).
func conditional(root, s *Node, names, tested map[string]bool) bool {
	keys, ok := conditionKeys(s.Get("if"))
	if !ok {
		return false
	}
	for _, k := range []string{"then", "else"} {
		b := s.Get(k)
		switch {
		case b == nil:
		case argumentsBranch(root, b, names, tested):
			for name := range requiredNames(b) {
				names[name] = true
			}
		case !presenceOnly(b, names):
			return false
		}
	}
	for _, k := range keys {
		tested[k] = true
	}
	return true
}

// notCondition reports whether the arguments' not schema c reads them as
// a condition the rules cannot change ({"not": c} refuses what {"if": c,
// "then": false} refuses): it tests the values of keys of the arguments
// alone, with the scalar tests conditionKeys reads, which it adds to
// tested (the deriver leaves them as they are), and which keys are given
// (required, and combinators of what presenceOnly reads), which it adds
// to names (no rule adds, removes or renames those: presence). A value
// inside a key it only requires may get rules: its presence stays.
func notCondition(c *Node, names, tested map[string]bool) bool {
	if c == nil || c.Kind != '{' {
		return false
	}
	test, given := c.Clone(), map[string]bool{}
	for _, k := range c.Keys {
		if k == "required" || jsonnode.IsCombinator(k) || k == "not" {
			part := obj(k, c.Get(k))
			if !presenceOnly(part, given) {
				return false
			}
			test.Delete(k)
		}
	}
	keys, ok := conditionKeys(test)
	if !ok {
		return false
	}
	maps.Copy(names, given)
	for _, k := range keys {
		tested[k] = true
	}
	return true
}

// conditionKeys returns the keys of the arguments the if schema c tests,
// where it tests nothing else: an object schema of properties, each held
// to scalar tests only (a const or enum of scalars, a type, a pattern, a
// length, a bound, a format), and required keys; false for any other if.
func conditionKeys(c *Node) ([]string, bool) {
	if c == nil || c.Kind != '{' {
		return nil, false
	}
	var keys []string
	for i, k := range c.Keys {
		v := c.Vals[i]
		switch {
		case annotation(k) && !known(k) || useAnnotations[k]:
		case k == "type":
			if x, _ := v.AsString(); x != "object" {
				return nil, false
			}
		case k == "required":
			for _, n := range v.Items() {
				name, ok := n.AsString()
				if !ok {
					return nil, false
				}
				keys = append(keys, name)
			}
		case k == "properties" && v.Kind == '{':
			for j, name := range v.Keys {
				if !scalarTest(v.Vals[j]) {
					return nil, false
				}
				keys = append(keys, name)
			}
		default:
			return nil, false
		}
	}
	return keys, true
}

// scalarTest reports whether the schema t tests a value by keywords that
// hold no subschema and no object or array value (a const or enum of
// scalars, a type, a pattern, a length, a bound, a format).
func scalarTest(t *Node) bool {
	if t.Kind == 't' {
		return true
	}
	if t.Kind != '{' {
		return false
	}
	for i, k := range t.Keys {
		v := t.Vals[i]
		switch k {
		case "const":
			if v.Kind == '{' || v.Kind == '[' {
				return false
			}
		case "enum":
			if v.Kind != '[' || slices.ContainsFunc(v.Items(), func(x *Node) bool { return x.Kind == '{' || x.Kind == '[' }) {
				return false
			}
		case "type", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format":
		default:
			if !useAnnotations[k] {
				return false
			}
		}
	}
	return true
}

// exclusive reports whether no arguments object can match two of the
// branches of a oneOf, before the rules or after them: of each two, one
// requires a key the other closes out (closedAgainst), or both require a
// key they hold to values with none in common (discriminated). The
// rewrite keeps both as they are: no rule adds or removes a key where
// branches declare arguments (objectSites), and none changes a key
// whose branches give it different values.
func exclusive(root *Node, branches []*Node) bool {
	for i, a := range branches {
		for _, b := range branches[i+1:] {
			if !closedAgainst(a, b) && !closedAgainst(b, a) && !discriminated(root, a, b) {
				return false
			}
		}
	}
	return true
}

// discriminated reports whether the object schemas a and b both require
// a key whose values they hold to strings (an enum or a const) with none
// in common (in root, the document they are part of).
func discriminated(root, a, b *Node) bool {
	req := requiredNames(b)
	for name := range requiredNames(a) {
		va, okA := heldValues(root, a.Get("properties").Get(name))
		vb, okB := heldValues(root, b.Get("properties").Get(name))
		if req[name] && okA && okB && !slices.ContainsFunc(va, func(x string) bool { return slices.Contains(vb, x) }) {
			return true
		}
	}
	return false
}

// heldValues returns the strings schema s holds a value to, where its
// const or enum, or those of its allOf's branches, name them all (each
// bounds them: the values all name).
func heldValues(root, s *Node) (vals []string, ok bool) {
	vals, ok = stringValues(root, s)
	for _, b := range s.Get("allOf").Items() {
		if more, named := heldValues(root, b); named && ok {
			vals = slices.DeleteFunc(slices.Clone(vals), func(v string) bool { return !slices.Contains(more, v) })
		} else if named {
			vals, ok = more, true
		}
	}
	return vals, ok
}

// stringValues returns the values schema s takes where its const or enum
// names them all, as strings. A const in a document (root) of draft-05
// or earlier names none: its validators ignore it (noConst); nor does
// either beside a $ref its draft reads alone (refIgnoresSiblings).
func stringValues(root, s *Node) ([]string, bool) {
	if c := constOf(root, s); c != nil { // (constOf reads the $ref too)
		x, ok := c.AsString()
		return []string{x}, ok
	}
	if refIgnoresSiblings(root, s) {
		return nil, false
	}
	return stringEnum(s)
}

// holdsMembers reports whether the schema s, walked at a place, is an
// object schema of its own there: one that may take an object (its type
// allows one) and is not a union's holder alone (a schema whose anyOf,
// oneOf or allOf branches, walked at the same place, say what the
// object holds, and that declares nothing of an object itself).
func holdsMembers(s *Node) bool {
	if t := s.Get("type"); t != nil && !typeAllows(t, "object") {
		return false
	}
	if !slices.ContainsFunc(jsonnode.Combinators, func(k string) bool { return s.Get(k) != nil }) {
		return true
	}
	return slices.ContainsFunc(s.Keys, func(k string) bool { return objectKeys[k] })
}

// wholeArrayWhy is why no rule reads the elements of an array that a
// schema at its place reads together (readsElements).
const wholeArrayWhy = "a contains, enum, const, not or if at its array reads its elements together: a rule could change what it counts or compares"

// readsElements reports whether the schema s reads the elements of an
// array it may take together, beyond each alone as items does: contains
// (and minContains, maxContains), an enum or const holding an array, or
// a not, if, then or else (which may hold any of these). A rule on the
// elements would change what it counts or compares: the rewrite would
// refuse a call the rules make one it takes (["5"] beside contains:
// {type: integer}). uniqueItems reads them too, but only where two
// differ in form alone (["5", 5]), which the rules make equal and the
// strict schema then refuses: a documented exception (class (k) of
// docs/semantics.md), not worth every rule below an array of unique
// objects.
func readsElements(s *Node) bool {
	if s.Kind != '{' {
		return false
	}
	if t := s.Get("type"); t != nil && !typeAllows(t, "array") {
		return false
	}
	for i, k := range s.Keys {
		v := s.Vals[i]
		switch k {
		case "contains", "minContains", "maxContains", "not", "if", "then", "else":
			return true
		case "const":
			if v.Kind == '[' {
				return true
			}
		case "enum":
			if slices.ContainsFunc(v.Items(), func(x *Node) bool { return x.Kind == '[' }) {
				return true
			}
		}
	}
	return false
}

// conditionWhy is why no rule reads a property its object's not, if,
// then, else, enum or const names (conditionNames), or a branch's
// patternProperties, additionalProperties or unevaluatedProperties
// reads (mapReads).
const conditionWhy = "its object's not, if, then, else, enum or const (or its union's, or a map keyword of a branch) tests or constrains it too: a rule could change which applies, what it compares, or make what it refuses"

// conditionNames returns what the not, if, then and else of the object
// schema s (below the arguments: top tells the arguments' own, which the
// root's reading judges), and its enum or const (compared), read of its members
// (condSet): the members they name in properties, required or
// dependentRequired; of those, the ones whose values they read (named
// in properties), the others' presence alone; and all where they hold
// more (patternProperties, a bound on its members, an enum), which may
// read any member. A rule there would change the value such a schema
// tests (a condition then picks another branch, a not comes to match)
// or constrains (its string form not held to it), and an absent rule
// the keys it requires.
//
// Where s's then is read past a guard (guard: thenGuard), what it
// constrains its own rules read, and it is not named; what its else
// names goes to orElse, which holds where the guard does not: it stays
// as it is for every schema at s's place but a then read past that
// guard (elseSets).
func conditionNames(s *Node, top bool, guard string) (c, orElse condSet) {
	guardedThen := guard != ""
	if top {
		return condSet{}, condSet{}
	}
	c.merge(compared(s))
	for _, k := range []string{"not", "if", "then", "else"} {
		x := s.Get(k)
		switch {
		case x == nil || k == "then" && guardedThen:
		case k == "else" && guardedThen:
			orElse.all = orElse.condNames(x, 0) || orElse.all
		default:
			c.all = c.condNames(x, 0) || c.all
		}
	}
	return c, orElse
}

// compared is what the enum or const of the object schema s (in any
// draft: AJV applies a const in each) reads of its members: all of them,
// a value compared whole, which any rule below would change; and by name
// the members its object values hold, which a call the strict schema
// takes holds as they are ({"enum": [{"style_idx": "a"}]} beside a
// property style_id): named, no misnamed_key rule refuses them (nor a
// param_alias renames them: all reads none). Nothing where s has neither.
func compared(s *Node) (c condSet) {
	enum, cnst := s.Get("enum"), s.Get("const")
	if enum == nil && cnst == nil {
		return c
	}
	c.all = true
	vals := enum.Items()
	if cnst != nil {
		vals = append(slices.Clone(vals), cnst)
	}
	for _, v := range vals {
		if v.Kind == '{' {
			for _, k := range v.Keys {
				c.add(k, true)
			}
		}
	}
	return c
}

// condNames adds to c the members the condition schema x (a not, if,
// then or else of an object) names in its properties (values too, but
// for true or false), required or dependentRequired, and in the not,
// if, then, else, allOf, anyOf and oneOf inside it; it reports true
// (all) where x holds more (patternProperties, a bound on its members,
// an enum), which may read any member (true and false read every value
// alike).
func (c *condSet) condNames(x *Node, depth int) (all bool) {
	if x.Kind != '{' {
		return x.Kind != 't'
	}
	if depth > 16 {
		return true
	}
	for i, ck := range x.Keys {
		v := x.Vals[i]
		switch {
		case ck == "properties" && v.Kind == '{':
			for j, n := range v.Keys {
				// (false refuses the member whatever its value, true
				// takes it so: its presence alone is read)
				c.add(n, v.Vals[j].Kind != 't')
			}
		case ck == "required" || ck == "dependentRequired":
			// (required's names; dependentRequired's keys and the
			// names each of them requires)
			lists := []*Node{v}
			if ck == "dependentRequired" {
				lists = v.Vals
				for _, n := range v.Keys {
					c.add(n, false)
				}
			}
			for _, l := range lists {
				for _, n := range l.Items() {
					if name, ok := n.AsString(); ok {
						c.add(name, false)
					}
				}
			}
		case jsonnode.IsConditional(ck):
			all = c.condNames(v, depth+1) || all
		case jsonnode.IsCombinator(ck):
			for _, b := range v.Items() {
				all = c.condNames(b, depth+1) || all
			}
		case annotation(ck), ck == "type":
		default:
			all = true
		}
	}
	return all
}

// conditionNames is the package's conditionNames of the object schema s
// at path, with what the other schemas at path name (conds: holderConds;
// at the arguments, what their branches' map keywords read, rootSchema):
// a not, if, enum or const beside an anyOf, oneOf or allOf tests the
// object its branches declare.
func (d *deriver) conditionNames(s *Node, path string, top bool) condSet {
	c, orElse := conditionNames(s, top, d.thenGuard(path, s))
	c.merge(orElse)
	if h, ok := d.conds[path]; ok {
		c.merge(h) // (at the arguments, what rootSchema put there)
	}
	for guard, h := range d.condsElse[path] {
		if !slices.Contains(d.thenAt[path], guard) {
			c.merge(h) // (but in a then read past its guard, where its else does not hold)
		}
	}
	return c
}

// testedNames is conditionNames with, for the arguments object (top), the
// names the arguments' if tests (rootSchema puts them in tested, and
// keeps them as they are): a rule reading one of them, or a variant
// renamed to one, could change which branch applies.
func (d *deriver) testedNames(s *Node, path string, top bool) (map[string]bool, bool) {
	c := d.conditionNames(s, path, top)
	names, all := c.names, c.all
	if top && len(d.tested) > 0 {
		names = maps.Clone(names)
		if names == nil {
			names = map[string]bool{}
		}
		maps.Copy(names, d.tested)
	}
	return names, all
}

// holderConds records, at path, what the schema s names in its not, if,
// then, else, enum, const (conditionNames) and dependentSchemas
// (dependentNames), and what the branches of its combinators that may
// be objects name so (at any depth, their dependentSchemas too:
// unionConditions), for every object schema at path: a rule reads the
// members of each schema at its path alike, the holder's and its
// branches', and those of another declaration of the path ({"properties":
// {"c": ...}, "allOf": [{"properties": {"c": {"not": ...}}}]}).
func (d *deriver) holderConds(path string, s *Node) {
	if path == "" || !d.mayBe(s, '{', 0) {
		return // (a schema that takes no object reads no member)
	}
	elses := elseSets{}
	u := d.unionConditions(path, s, 0, elses)
	deps, all := dependentNames(s)
	u.all = u.all || all
	for n := range deps {
		u.add(n, true)
	}
	for guard, e := range elses {
		if d.condsElse[path] == nil {
			d.condsElse[path] = elseSets{}
		}
		d.condsElse[path].add(guard, e)
	}
	if len(u.names) == 0 && !u.all {
		return
	}
	c := d.conds[path]
	c.merge(u)
	d.conds[path] = c
}

// unionConditions is conditionNames of the union's holder s, with what
// each branch of its combinators that may be an object names in its own
// not, if, then, else, enum, const and dependentSchemas (dependentNames),
// and its branches' in turn: {"properties": {"a": ...}, "allOf": [{"not":
// {"properties": {"a": {"const": 5}}}}]} tests a, whose rule would make
// "5" the 5 the not refuses; and the members its own and its branches'
// map keywords read where another schema declares them (mapReads). Past
// 16 levels, all.
func (d *deriver) unionConditions(path string, s *Node, depth int, elses elseSets) condSet {
	declared := declaredIn(s, map[string]bool{}, 0)
	c := d.branchConditions(path, s, declared, depth, elses)
	guard := d.thenGuard(path, s)
	own, orElse := conditionNames(s, false, guard)
	c.merge(own)
	elses.add(guard, orElse)
	c.mapReads(s, declared, true) // (its own map keywords read what its branches declare)
	return c
}

// branchConditions is unionConditions of s below the holder, whose
// members declared (by it or its branches, at any depth) are declared:
// what each branch's conditions and dependencies name, and the members
// declared elsewhere that a branch's patternProperties, or its
// additionalProperties or unevaluatedProperties schema, reads
// (mapReads): {"properties": {"a": ...}, "allOf": [{"patternProperties":
// {"^a": {"not": ...}}}]} tests a's value too.
func (d *deriver) branchConditions(path string, s *Node, declared map[string]bool, depth int, elses elseSets) (c condSet) {
	if depth > 16 {
		c.all = true
		return c
	}
	for _, k := range jsonnode.Combinators {
		if s.Get(k) == nil {
			continue
		}
		pop := d.enterCombinator(path, s, k)
		for _, b := range s.Get(k).Items() {
			if b.Kind != '{' || !d.mayBe(b, '{', 0) || refIgnoresSiblings(d.root, b) {
				// (a branch that takes no object reads no member; what
				// one its draft reads as its target alone reads is its
				// target's, a $ref kept as it is: no rule reads below it,
				// nor renames beside it, opaque)
				continue
			}
			guard := d.thenGuard(path, b)
			own, orElse := conditionNames(b, false, guard)
			c.merge(own)
			elses.add(guard, orElse)
			c.mapReads(b, declared, false)
			c.merge(d.branchConditions(path, b, declared, depth+1, elses))
			deps, all := dependentNames(b)
			c.all = c.all || all
			for n := range deps {
				c.add(n, true)
			}
		}
		pop()
	}
	return c
}

// declaredIn adds to names the members s and the branches of its
// combinators declare (properties), down to 16 levels of branches
// (branchConditions reads every deeper one as reading all).
func declaredIn(s *Node, names map[string]bool, depth int) map[string]bool {
	if s.Kind != '{' || depth > 16 {
		return names
	}
	if p := s.Get("properties"); p != nil && p.Kind == '{' {
		for _, n := range p.Keys {
			names[n] = true
		}
	}
	for _, k := range jsonnode.Combinators {
		for _, b := range s.Get(k).Items() {
			declaredIn(b, names, depth+1)
		}
	}
	return names
}

// mapReads adds to c the members of declared that the branch b holds to
// a schema of its own that may refuse a value (mayRefuse: not true, {},
// annotations alone or false, which refuses the member, whose call the
// rewrite refuses alike): those a pattern of its patternProperties matches (declared by
// b too or not), and, where its additionalProperties or
// unevaluatedProperties is such a schema, those it does not declare. Of
// the holder of the branches (holder), the members it does not declare
// alone: its own, its reading of its properties judges (matchedBy).
func (c *condSet) mapReads(b *Node, declared map[string]bool, holder bool) {
	own := b.Get("properties")
	pats := b.Get("patternProperties")
	for n := range declared {
		if holder && own.Get(n) != nil {
			continue // (its own members: the holder's own reading judges them)
		}
		if _, ok := matchedBy(pats, n, mayRefuse); ok {
			c.add(n, true) // (a branch's pattern reads its own members too)
			continue
		}
		if own.Get(n) != nil {
			continue // (its own schema, which its own rules read)
		}
		for _, k := range []string{"additionalProperties", "unevaluatedProperties"} {
			if mayRefuse(b.Get(k)) {
				c.add(n, true)
			}
		}
	}
}

// constrains reports whether the schema v may refuse a value and take
// another: an object schema that holds more than annotations (not true,
// {} or false, which reads every value alike).
func constrains(v *Node) bool {
	return v != nil && v.Kind == '{' && slices.ContainsFunc(v.Keys, func(k string) bool { return !annotation(k) })
}

// mayRefuse reports whether the schema v may refuse a value: it
// constrains one, or holds format or a content keyword, which a
// validator of draft-07 or earlier may assert (oldDraftAsserts), and AJV
// with its formats does in any draft ({"format": "ipv4"} refuses "5"
// where it takes 5).
func mayRefuse(v *Node) bool {
	return constrains(v) || v != nil && v.Kind == '{' && slices.ContainsFunc(v.Keys, func(k string) bool { return oldDraftAsserts[k] })
}

// refusesOrFalse reports whether the schema v may refuse a value
// (mayRefuse), or is false, which takes none.
func refusesOrFalse(v *Node) bool { return mayRefuse(v) || isFalse(v) }

// rootMapReads is mapReads of the branches of the arguments' combinators
// and of their then and else, each a schema the arguments are held to
// where it applies (s, the input schema, down to 16 levels; all past them), for the
// members declared anywhere in it.
func (d *deriver) rootMapReads(s *Node, declared map[string]bool, depth int) condSet {
	var c condSet
	if depth > 16 {
		c.all = true // (deeper than the deriver compares: any member may be read)
		return c
	}
	var branches []*Node
	for _, k := range jsonnode.Combinators {
		branches = append(branches, s.Get(k).Items()...)
	}
	for _, k := range []string{"then", "else"} {
		// (a then or else holds the arguments where it applies: its map
		// keywords read the members the root declares, as a branch's
		// do; {"if": {"properties": {"kind": {"const": "a"}}}, "then":
		// {"additionalProperties": {...}}} holds a call without kind)
		if x := s.Get(k); x != nil && condition(d.root, k) {
			branches = append(branches, x)
		}
	}
	for _, b := range branches {
		if b.Kind == '{' && !refIgnoresSiblings(d.root, b) {
			c.mapReads(b, declared, false)
			c.merge(d.rootMapReads(b, declared, depth+1))
		}
	}
	return c
}

// dependencyNames adds to c what the schema dep of a dependency reads
// beyond a presence a rename may only meet or a declared name (its own
// required and properties, which pairedNames and dependentNames name):
// a property of its own whose schema may refuse a value (false, a const,
// a bound), and what its not, if, then, else and unions name (condNames).
// It reports true (all) where dep holds a keyword that may read any name
// (patternProperties, additionalProperties, propertyNames, ...). A count
// of members (minProperties, maxProperties) reads no name: a rename keeps
// it.
func (c *condSet) dependencyNames(dep *Node) (all bool) {
	if dep.Kind != '{' {
		return false // (a list of names, or true or false)
	}
	for i, k := range dep.Keys {
		switch {
		case k == "properties" && dep.Vals[i].Kind == '{':
			p := dep.Vals[i]
			for j, n := range p.Keys {
				if x := p.Vals[j]; x.Kind == 't' && x.Text() == "false" || constrains(x) {
					c.add(n, true)
				}
			}
		case k == "properties", k == "required", k == "type", k == "minProperties", k == "maxProperties", annotation(k):
		case jsonnode.IsConditional(k), jsonnode.IsCombinator(k):
			var sub condSet
			if x := dep.Vals[i]; x.Kind == '[' {
				for _, b := range x.Vals {
					all = sub.condNames(b, 1) || all
				}
			} else {
				all = sub.condNames(x, 1) || all
			}
			c.merge(sub)
		default:
			all = true
		}
	}
	return all
}

// condSet is what conditions name of an object's members (conditionNames;
// the unions' holders' at a path: holderConds).
type condSet struct {
	names  map[string]bool // the members they name
	values map[string]bool // of those, the ones whose values they read, not their presence alone
	all    bool            // they may read any member
}

// add records the member n, whose value the conditions read where value.
func (c *condSet) add(n string, value bool) {
	if c.names == nil {
		c.names, c.values = map[string]bool{}, map[string]bool{}
	}
	c.names[n] = true
	if value {
		c.values[n] = true
	}
}

// merge adds what o names to c.
func (c *condSet) merge(o condSet) {
	for n := range o.names {
		c.add(n, o.values[n])
	}
	c.all = c.all || o.all
}

// dependentWhy is why no rule reads a property a schema of its object's
// dependentSchemas (draft-07's dependencies) may constrain too.
const dependentWhy = "a schema of its object's dependentSchemas (or dependencies) constrains it too, where its string form would not be allowed"

// mapConditions says why a rule at {} may not read the members of the
// object schema s at path, a map, where one may: a schema of its
// dependentSchemas (or dependencies) or its condition (not, if, then,
// else, enum or const; the arguments' if, whose names rootSchema put in
// tested) names a member, whose value a rule could change where that
// schema reads it. "" where none does.
func (d *deriver) mapConditions(s *Node, path string, top bool) string {
	if names, all := dependentNames(s); all || len(names) > 0 {
		return dependentWhy
	}
	if names, all := d.testedNames(s, path, top); all || len(names) > 0 {
		return conditionWhy
	}
	return ""
}

// pairedNames returns the properties of the object schema s whose
// presence its other keywords read: the keys of dependentRequired,
// dependentSchemas and draft-07's dependencies (a key given requires
// others, or applies a schema) and the names their lists, or their
// schemas' required, require; all where minProperties or
// maxProperties counts its members, or propertyNames holds each name
// given to a schema (which may refuse a declared one). An absent rule there would change
// what those keywords read: {"kind": null} (a key that requires x) is
// taken without x once the rule removes kind, and {"kind": "a", "x":
// null} is refused then, so no such key reads null or "" as left out.
func pairedNames(s *Node) (names map[string]bool, all bool) {
	names = map[string]bool{}
	for _, k := range []string{"dependentRequired", "dependentSchemas", "dependencies"} {
		if v := s.Get(k); v != nil && v.Kind == '{' {
			pairedIn(v, names)
		}
	}
	return names, s.Get("minProperties") != nil || s.Get("maxProperties") != nil || s.Get("propertyNames") != nil
}

// pairedIn adds to names the keys of v, the object of a dependentRequired,
// dependentSchemas or dependencies, and the names each key's list, or
// its schema's required, requires.
func pairedIn(v *Node, names map[string]bool) {
	for i, name := range v.Keys {
		names[name] = true
		list := v.Vals[i]
		if list.Kind == '{' {
			list = list.Get("required") // (a schema's: the names it requires)
		}
		for _, x := range list.Items() {
			if n, ok := x.AsString(); ok {
				names[n] = true
			}
		}
	}
}

// dependentNames returns the properties the schemas of s's
// dependentSchemas (and draft-07's dependencies of schemas) declare,
// which those schemas hold to more than its own schema when their key is
// given; all where one of them holds more than properties and required
// (a combinator, a condition), which may constrain any of them.
func dependentNames(s *Node) (names map[string]bool, all bool) {
	names = map[string]bool{}
	for _, k := range []string{"dependentSchemas", "dependencies"} {
		v := s.Get(k)
		if v == nil || v.Kind != '{' {
			continue
		}
		for _, dep := range v.Vals {
			if dep.Kind != '{' {
				continue // (a list of required names, or true or false)
			}
			for i, dk := range dep.Keys {
				switch {
				case dk == "properties" && dep.Vals[i].Kind == '{':
					for _, n := range dep.Vals[i].Keys {
						names[n] = true
					}
				case dk == "required", annotation(dk):
				default:
					all = true
				}
			}
		}
	}
	return names, all
}

// matchedBy returns the first pattern of patternProperties (nil where
// there are none) that matches the property name and whose schema holds
// (mayRefuse, say: a pattern of true, {} or annotations alone leaves
// the member to its own schema, and one after it may not), and whether
// one does. A pattern Go's regexp cannot compile (a lookahead, a
// backreference) counts as matching: what it constrains cannot be told.
func matchedBy(patternProperties *Node, name string, holds func(*Node) bool) (string, bool) {
	if patternProperties == nil || patternProperties.Kind != '{' {
		return "", false
	}
	for i, p := range patternProperties.Keys {
		if !holds(patternProperties.Vals[i]) {
			continue
		}
		if rulespec.ClassesDiffer(p) != "" || strings.ContainsFunc(name, spaceApart) ||
			(strings.Contains(p, `\p`) || strings.Contains(p, `\P`)) && strings.ContainsFunc(name, func(r rune) bool { return r >= utf8.RuneSelf }) {
			// (a class, or a name, Go's regexp may read otherwise than
			// ECMAScript: a Unicode property, whose tables differ by
			// release, of a name outside ASCII)
			return p, true
		}
		if but, ok := allNamesBut(p); ok {
			if !slices.Contains(but, name) || strings.ContainsAny(name, "\r\n\u2028\u2029") {
				return p, true // (a line terminator: counted as matching, as any pattern not read)
			}
			continue
		}
		re, err := regexp.Compile(p)
		if err != nil || re.MatchString(name) {
			return p, true
		}
	}
	return "", false
}

// spaceApart reports whether r is a character that ECMAScript's \s (or
// its dot, or a line end) reads otherwise than Go's regexp: vertical tab,
// carriage return, and the Unicode spaces and line separators, which
// ECMAScript's \s matches and Go's does not.
func spaceApart(r rune) bool {
	return r == '\v' || r == '\r' || r == 0xa0 || r == 0x1680 || r >= 0x2000 && r <= 0x200a ||
		r == 0x2028 || r == 0x2029 || r == 0x202f || r == 0x205f || r == 0x3000 || r == 0xfeff
}

// allNamesBut reads the pattern p, where it is a negative lookahead of
// plain names before any characters ("^(?!pattern$).*$", "^(?!(a|b)$).*",
// as JSON Schema Store writes "every other member"), which Go's regexp
// cannot compile: it matches each name but those (matchedBy counts a
// name holding a line terminator as matched, as it counts a pattern it
// cannot read).
func allNamesBut(p string) ([]string, bool) {
	rest, ok := strings.CutPrefix(p, "^(?!")
	if !ok {
		return nil, false
	}
	list, tail, ok := strings.Cut(rest, "$)")
	if !ok || tail != ".*$" && tail != ".*" && tail != "" {
		return nil, false
	}
	if strings.HasPrefix(list, "(") && strings.HasSuffix(list, ")") {
		list = list[1 : len(list)-1]
	} else if strings.Contains(list, "|") {
		return nil, false // (a|b$ excludes every name starting with a)
	}
	names := strings.Split(list, "|")
	for _, n := range names {
		if n == "" || strings.ContainsFunc(n, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-')
		}) {
			return nil, false
		}
	}
	return names, true
}

// dedupe drops repeated warnings (one field seen in several branches).
func (d *deriver) dedupe() {
	seen := map[Warning]bool{}
	out := d.warns[:0]
	for _, w := range d.warns {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	d.warns = out
}

// overlapWhy is why no rule reads a member of a union's object branch
// that another branch may take as it is.
const overlapWhy = "another branch of its union takes this key as it is (undeclared, its object open): a rule would change the value of a call the server takes through that branch"

// overlapping shadows (overlapWhy) the members of the branches of the
// anyOf or oneOf k of holder, at path, that a rule would change in a
// call the server takes: each key that one branch declares and another,
// which may be an object, neither declares nor closes out (their views
// compared: branchViews), at any depth. A call only the other branch
// takes may hold any value there, which a rule for the declaring
// branch's schema would rewrite. Where a oneOf's branches may both match
// one call (neither disjoint nor exclusive), a key two declare with
// other schemas gets no form of its own either (otherWhy): its string
// form or JSON text, held to neither, would match both. The union's own
// value keeps its rules: its string form is refused by the server
// either way. Where a discriminator tells the object branches apart
// (unionGuards), nothing is left strict: it returns each branch's guard,
// which the rules below that branch take (guardRules). So it does,
// where it would leave something strict, in a oneOf whose branches a
// discriminator some of them leave optional tells apart (valueGuards: it
// returns clauses too, that the member is given for each branch that
// leaves it optional, whose rewrite takes it: presenceForm), or whose open
// object branches required members only one branch declares tell apart
// (presenceGuards; in an anyOf where anyOfGuards is set).
func (d *deriver) overlapping(path string, holder *Node, k string) (guards []string, clauses []*Node) {
	// (a union alike elsewhere, another copy of one definition, in the
	// survey too: its guards, or what it left strict, below path)
	text := holder.MarshalText()
	memo := k + "\x00" + text
	held := d.heldBeside(path, holder, k)
	if held != "" {
		memo += "\x00held\x00" + held
	}
	if d.fileGiven && !d.survey {
		// (what a rules file reads is by path, fileReads; the survey,
		// given none, keeps its own results)
		memo += "\x00file\x00" + path
	}
	if res, ok := d.overlapMemo[memo]; ok {
		for _, m := range res.marks {
			d.overlapMark(m.textless, path+m.suffix, m.why)
		}
		if res.anyOf {
			d.anyOfAt = append(d.anyOfAt, path)
		}
		return res.guards, res.clauses
	}
	d.viewCache, d.plainCache, d.conjoined = nil, nil, nil // (the schemas below may have been rewritten since)
	branches, from, whole := d.branchViews(holder, holder.Get(k).Items())
	if guards = unionGuards(d.root, branches, from, len(holder.Get(k).Items()), whole, holder); guards != nil {
		d.overlapMemo[memo] = overlapResult{guards: guards}
		return guards, nil
	}
	var marks []overlapMarkAt
	d.overlapRec, d.overlapAt, d.overlapDry = &marks, path, true
	d.overlapWork = maxOverlapWork
	d.overlapText = k == jsonnode.OneOf && !disjoint(d.root, branches) && !exclusive(d.root, branches)
	for i, a := range branches {
		for j, b := range branches[i+1:] {
			if from[i] != from[i+1+j] {
				d.overlapValues(path, a, b, 0)
			}
		}
	}
	if !whole || d.overlapWork < 0 {
		// (too many values to compare: none below the union is read)
		d.overlapMark(false, path, overlapBoundWhy)
	}
	d.overlapRec, d.overlapDry = nil, false
	anyOf := false
	if len(marks) > 0 && held == "" {
		// (what the branches would leave strict, their guards read
		// where a member some branches leave out tells them apart, or
		// their absent guards where required members do; an anyOf's
		// where the hosts that refuse the not its rewrite gains refuse
		// the schema already: anyOfGuards)
		var guards []string
		var needs []string
		if k == jsonnode.OneOf {
			guards, needs = valueGuards(d.root, branches, from, len(holder.Get(k).Items()), whole, holder, func(name string) bool { return !d.fileReads(path, name) })
		}
		if guards != nil {
			clauses = make([]*Node, len(guards))
			for j, name := range needs {
				if name != "" {
					clauses[j] = givenClause(name)
				}
			}
		} else {
			at := len(d.anyOfAt)
			guards, clauses = d.presenceGuards(path, holder, k)
			anyOf = len(d.anyOfAt) > at // (kept for the memo's copies)
		}
		if guards != nil {
			d.overlapMemo[memo] = overlapResult{guards: guards, clauses: clauses}
			return guards, clauses
		}
	}
	for _, m := range marks {
		d.overlapMark(m.textless, path+m.suffix, m.why)
	}
	d.overlapMemo[memo] = overlapResult{marks: marks, anyOf: anyOf}
	return nil, nil
}

// heldBeside names the members (sorted, joined by commas) that an
// object branch of the union k of holder declares and that a schema
// beside the union holds every value at path to as well (conjHeld: an
// allOf's other branch, {"allOf": [{"anyOf": [...]}, {"properties":
// {"a": ...}}]}), or that another branch of a union around it at path
// declares, read past no guard of its own (unionCtx.others: {"oneOf":
// [{"anyOf": [...]}, {"properties": {"a": ...}}]}): their rules read
// them past no guard of a branch, so no branch's guard may hold them to
// the strict schema where another branch's marker is given
// (presenceForm), and overlapping gives such a union no guards. "" where
// there are none.
func (d *deriver) heldBeside(path string, holder *Node, k string) string {
	conj := d.conjPath == path && len(d.conjHeld) > 0
	others := d.union.othersAt(path)
	if !conj && len(others) == 0 {
		return ""
	}
	var names []string
	for _, b := range holder.Get(k).Items() {
		for _, name := range branchNames(d.root, b) {
			if conj && d.conjHeld[name] || others[name] {
				names = append(names, name)
			}
		}
	}
	slices.Sort(names)
	return strings.Join(slices.Compact(names), ",")
}

// othersAt is u.others where u is a union at path (nil elsewhere).
func (u unionCtx) othersAt(path string) map[string]bool {
	if u.path != path {
		return nil
	}
	return u.others
}

// unguardedNames lists, for each branch of holder's union k, the
// members it declares where k is an anyOf or oneOf and the branch's
// rules read past no guard (guards, overlapping's: nil or "" for it);
// nil for an allOf, whose branches hold a value together (conjHeld).
func (d *deriver) unguardedNames(holder *Node, k string, guards []string) [][]string {
	if k != jsonnode.AnyOf && k != jsonnode.OneOf {
		return nil
	}
	items := holder.Get(k).Items()
	names := make([][]string, len(items))
	for i, b := range items {
		if guards == nil || guards[i] == "" {
			names[i] = branchNames(d.root, b)
		}
	}
	return names
}

// othersOf returns the others of branch j of a union (unionCtx.others):
// outer, those of the unions at its path around it, and the members its
// other branches declare (names, unguardedNames).
func othersOf(outer map[string]bool, names [][]string, j int) map[string]bool {
	out, copied := outer, false
	for i, ns := range names {
		if i == j {
			continue
		}
		for _, name := range ns {
			if out[name] {
				continue
			}
			if !copied {
				out, copied = maps.Clone(outer), true
				if out == nil {
					out = map[string]bool{}
				}
			}
			out[name] = true
		}
	}
	return out
}

// branchNames lists the members the union branch b declares in its
// properties (a lone $ref's target's: a reference the inliner kept).
func branchNames(root, b *Node) []string {
	if ref, ok := b.Get("$ref").AsString(); ok && len(b.Keys) == 1 {
		b = pointer(root, ref)
	}
	if b == nil {
		return nil
	}
	return declaredNames(b)
}

// overlapResult is what overlapping made of a union: the guards of its
// branches (unionGuards), or what it left strict below it.
type overlapResult struct {
	guards []string
	// clauses are what the rewrite of each branch whose guard may not
	// hold for every call it takes holds its lenient forms to
	// (presenceForm; nil for the others)
	clauses []*Node
	marks   []overlapMarkAt
	// anyOf: its branches would get absent guards, were anyOfGuards set
	anyOf bool
}

// overlapMarkAt is what overlapping left strict below a union: a key
// (shadowed) or a value's JSON text (textless), at path+suffix.
type overlapMarkAt struct {
	textless    bool
	suffix, why string
}

// overlapMark leaves the value at p strict (its JSON text alone where
// textless) for why, and records it for the union overlapping compares.
func (d *deriver) overlapMark(textless bool, p, why string) {
	if d.overlapDry {
		*d.overlapRec = append(*d.overlapRec, overlapMarkAt{textless, p[len(d.overlapAt):], why})
		return
	}
	if textless {
		d.textless[p] = why
	} else {
		d.shadowed[p] = why
	}
	if d.overlapRec != nil {
		*d.overlapRec = append(*d.overlapRec, overlapMarkAt{textless, p[len(d.overlapAt):], why})
	}
}

// overlapBoundWhy is why nothing below a union is read whose branches
// hold a key otherwise past what overlapping compares.
const overlapBoundWhy = "the branches of its union hold keys otherwise deeper or at more places than the deriver compares (16 levels, 4096 values, 64 branches of unions inside, 8 references or allOfs deep): a rule could change a call the server takes"

// maxOverlap bounds the depth overlapKeys compares branches to, and
// maxOverlapWork the values it compares for one union (two recursive
// keys held otherwise double them at each depth), past which nothing
// below the union is read.
const (
	maxOverlap     = 16
	maxOverlapWork = 4096
)

// overlapKeys compares the object schemas branches, held at path by
// branches of a union: a key one declares and another takes as it is is
// shadowed (overlapWhy); what two declare with other schemas hold below
// it is compared alike (overlapValues), at any depth, and in a oneOf one
// call may match two branches of (overlapText) the key gets no form of
// its own (otherWhy): a rule there could change what one branch takes as
// it is, or its form match both.
func (d *deriver) overlapKeys(path string, branches []*Node, depth int) {
	for i, a := range branches {
		props := a.Get("properties")
		if props == nil || props.Kind != '{' {
			continue
		}
		for _, key := range props.Keys {
			for j, b := range branches {
				if j == i {
					continue
				}
				if mayHoldAsIs(b, key) {
					d.overlapMark(false, join(path, key), overlapWhy)
					break
				}
				if x, y, other := d.otherSchemas(a, b, key); other {
					// (its value's own forms alone; what it holds is
					// compared below)
					if d.overlapText {
						d.overlapMark(true, join(path, key), otherWhy)
					}
					d.overlapValues(join(path, key), x, y, depth+1)
				}
			}
		}
	}
}

// overlapValues compares the values two branches of a union hold at
// path with other schemas x and y (overlapKeys): two objects by their
// keys, two arrays by their elements, of which one that may be anything
// (no items) is shadowed whole.
func (d *deriver) overlapValues(path string, x, y *Node, depth int) {
	if x == nil || y == nil || x == y {
		return // (held alike: a rule reads what both hold)
	}
	if !holdsBelow(x) && !holdsBelow(y) {
		return // (no member or element either holds: overlapPair has nothing to compare)
	}
	xs, wx := d.valueViews(x)
	ys, wy := d.valueViews(y)
	if !wx || !wy {
		// (views past their bounds, maybe none: nothing below the union
		// is read)
		d.overlapWork = -1
		return
	}
	for _, x := range xs {
		for _, y := range ys {
			if d.overlapWork--; d.overlapWork < 0 || depth > maxOverlap {
				d.overlapWork = -1 // (nothing below the union is read: overlapping)
				return
			}
			d.overlapPair(path, x, y, depth)
		}
	}
}

// belowKeys are the keywords through which a schema holds a value's
// members or elements, or may (a reference, a union, a condition).
var belowKeys = set("properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "propertyNames",
	"items", "prefixItems", "additionalItems", "unevaluatedItems", "contains",
	"$ref", "$dynamicRef", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies")

// holdsBelow reports whether the schema s may hold a member or element
// of its value to a schema: it holds one of belowKeys, or an allOf with
// a branch that does, or is no object schema.
func holdsBelow(s *Node) bool {
	if s.Kind != '{' {
		return s.Kind != 't' // (true and false hold nothing below)
	}
	for i, k := range s.Keys {
		switch {
		case belowKeys[k]:
			return true
		case k == "allOf":
			if s.Vals[i].Kind != '[' || slices.ContainsFunc(s.Vals[i].Items(), holdsBelow) {
				return true
			}
		}
	}
	return false
}

// overlapPair compares two views x and y (overlapValues).
func (d *deriver) overlapPair(path string, x, y *Node, depth int) {
	if x.Kind != '{' && y.Kind != '{' {
		return
	}
	if x.Get("properties") != nil || y.Get("properties") != nil {
		d.overlapKeys(path, []*Node{x, y}, depth)
	}
	// (two maps, read alike at {}: their values compared as members are)
	if xm, ym := mapValues(x), mapValues(y); xm != nil && ym != nil && xm.Kind == '{' && ym.Kind == '{' && d.plain(xm) != d.plain(ym) {
		if d.overlapText {
			d.overlapMark(true, path+"{}", otherWhy)
		}
		d.overlapValues(path+"{}", xm, ym, depth+1)
	}
	xi, yi := x.Get("items"), y.Get("items")
	tuple := x.Get("prefixItems") != nil || y.Get("prefixItems") != nil
	// (a view that holds items may be an array whatever type it names
	// first: its members may name string and array, none of whose
	// values it takes, while the array's items get their rules)
	if (mayBeArray(x) || xi != nil) && (mayBeArray(y) || yi != nil) && (xi != nil || yi != nil || tuple) {
		elems := path + "[]"
		switch {
		case xi == nil || yi == nil || xi.Kind != '{' || yi.Kind != '{' || tuple:
			d.overlapMark(false, elems, overlapWhy) // (one takes any element as it is; or a tuple)
		case d.plain(xi) != d.plain(yi):
			if d.overlapText {
				d.overlapMark(true, elems, otherWhy)
			}
			d.overlapValues(elems, xi, yi, depth+1)
		}
	}
}

// objectTarget reports whether the local $ref ref names an object
// schema (the inliner keeps one to true or false, with no reason,
// wherever it meets it: nothing below it to read).
func objectTarget(root *Node, ref string) bool {
	t := pointer(root, ref)
	return t != nil && t.Kind == '{'
}

// mapValues returns the schema the values of the map s are held to, as a
// rule at {} reads them: its pattern's (rulespec.PatternMap), or its
// additionalProperties (nil where it has none).
func mapValues(s *Node) *Node {
	if rulespec.PatternMap(s) {
		return s.Get("patternProperties").Vals[0]
	}
	return s.Get("additionalProperties")
}

// mayBeArray reports whether schema s may take an array: its type
// allows it, or it has none.
func mayBeArray(s *Node) bool {
	t := s.Get("type")
	return t == nil || typeAllows(t, "array")
}

// otherWhy is why no rule reads the value of a member that two branches
// of a oneOf declare with other schemas (its members are read).
const otherWhy = "another branch of its oneOf declares this key with another schema, which its string form or JSON text, held to neither, would match too: a rule would make a call that matches one branch, sent as text, match two"

// otherSchemas reports whether the object branches a and b both declare
// key, with other schemas (their $refs followed, annotations aside): its
// value may match one of them alone, where its string form or JSON text
// (a string beside the number, or beside the object: a pattern or any
// string, held to no bound, no member's schema) would match both in the
// rewrite, whose oneOf then refuses the call the rules make the server
// take. {"minimum": 0} beside {} is such a key; so is an object closed to
// other members beside one that is not. It returns the two schemas, their
// $refs followed, too.
func (d *deriver) otherSchemas(a, b *Node, key string) (x, y *Node, other bool) {
	x, _ = jsonnode.Follow(d.root, a.Get("properties").Get(key))
	y, _ = jsonnode.Follow(d.root, b.Get("properties").Get(key))
	if x == nil || y == nil {
		return x, y, false
	}
	return x, y, d.plain(x) != d.plain(y)
}

// mayHoldAsIs reports whether the branch b may take an object holding key
// with any value: b may be an object, does not declare key and does not
// close it out.
func mayHoldAsIs(b *Node, key string) bool {
	if b == nil || b.Kind != '{' {
		return b != nil && b.Kind == 't' && b.Text() == "true"
	}
	if t := b.Get("type"); t != nil && !typeAllows(t, "object") {
		return false
	}
	if p := b.Get("properties").Get(key); p != nil {
		return p.Kind == 't' && p.Text() == "true" // (true: any value, as undeclared)
	}
	return !closesUndeclared(b)
}

// closesUndeclared reports whether the object schema s refuses every
// member it does not declare: additionalProperties false, and no
// patternProperties.
func closesUndeclared(s *Node) bool {
	ap := s.Get("additionalProperties")
	return ap != nil && ap.Kind == 't' && ap.Text() == "false" && s.Get("patternProperties") == nil
}

// typeAllows reports whether a type keyword's value (a name or a list of
// names) allows the type name.
func typeAllows(t *Node, name string) bool {
	if n, ok := t.AsString(); ok {
		return n == name
	}
	return slices.ContainsFunc(t.Items(), func(x *Node) bool { n, _ := x.AsString(); return n == name })
}

// textAt notes what the schema s at path may be, a string or an object
// or array: where the schemas at path (one, or those the branches of
// unions above it hold there) may be both, a string there is taken as it
// is (texts), never read as JSON text on a rule's way below it: a call
// the server takes through a branch that holds a string there sends it
// as a string, and no rule of the other's may read it.
func (d *deriver) textAt(path string, s *Node) {
	var k byte
	if d.mayBe(s, '"', 0) {
		k |= 1
	}
	if d.mayBe(s, '{', 0) || d.mayBe(s, '[', 0) {
		k |= 2
	}
	d.textKinds[path] |= k
	if d.textKinds[path] == 3 {
		d.texts[path] = true
	}
}

// strictForm returns the strict schema s at path (a copy of a union's
// branch taken before its rewrite) spelled as the rewrite spells a value
// it leaves strict (noRule: type arrays split, nullable read, at every
// depth), with no rule or warning of its own: what a guarded branch's
// rewrite holds a call to where its guard does not hold (presenceForm),
// which hosts then read as they read the rest. Below a place no rule
// path names, no copy shares a lenient definition (shares), nor is an
// anyOf's guard asked for (anyOfAt).
func (d *deriver) strictForm(path string, s *Node) *Node {
	if d.survey {
		return s
	}
	warns, rules, anyOfAt := len(d.warns), len(d.rules), len(d.anyOfAt)
	out := d.aside(func() *Node { return d.noRule(path, s) })
	d.warns, d.rules, d.anyOfAt = d.warns[:warns], d.rules[:rules], d.anyOfAt[:anyOfAt]
	return out
}

// noRule is field for a subschema at a place no rule path names (atNone):
// kept as the server wrote it (in portable form), at any depth.
func (d *deriver) noRule(path string, s *Node) *Node {
	d.none++
	defer func() { d.none-- }()
	return d.field(path, s, atNone)
}

// children rewrites, in place, the subschemas of an object schema s at
// path: properties (top-level arguments when top), array elements and map
// values (sites rules reach), union branches (the same value), and the
// rest (respelled only).
func (d *deriver) children(path string, s *Node, top bool) {
	prop := atProp
	if top {
		prop = atTop
	}
	// (judged before the pattern's schema is rewritten in place)
	patternMap := rulespec.PatternMap(s)
	// (a map's additionalProperties holds the members its pattern does
	// not match: none where every name matches it, unless it holds them
	// to the pattern's schema too)
	sameOthers := patternMap && rulespec.Alike(s.Get("additionalProperties"), s.Get("patternProperties").Vals[0])
	others := d.otherNames(s)
	if !patternMap {
		d.splitEveryName(s)
	}
	if u := s.Get("uniqueItems"); d.survey && u != nil && u.Kind == 't' && u.Text() == "true" {
		// (beside items or not: an allOf's branch, a $ref's target or a
		// then may hold the array to it where another schema types its
		// elements)
		d.unique[path+"[]"] = true
	}
	if d.survey && d.none == 0 && holdsMembers(s) {
		o := objSite{props: map[string]bool{}}
		if props := s.Get("properties"); props != nil && !patternMap {
			// (a map's declared members are its values, at {}: none is
			// a member a rule may read apart)
			for _, k := range props.Keys {
				o.props[k] = true
			}
		}
		ap := s.Get("additionalProperties")
		o.open = ap != nil && ap.Kind == '{' || s.Get("patternProperties") != nil
		o.mapOnly = patternMap || ap != nil && ap.Kind == '{' && len(o.props) == 0 && s.Get("patternProperties") == nil
		if o.mapOnly {
			if o.mapWhy = d.mapConditions(s, path, top); o.mapWhy != "" {
				o.mapOnly = false
			}
		}
		o.closed = ap != nil && ap.Kind == 't' && ap.Text() == "false"
		if props := s.Get("properties"); props != nil && props.Kind == '{' {
			o.names = props.Keys
		}
		if pp := s.Get("patternProperties"); pp != nil && pp.Kind == '{' {
			o.patterns = pp.Keys
			if !patternMap {
				o.patternWhy = d.patternsWhy(s, pp, path, top)
				o.pats = map[string]string{}
				for i, p := range pp.Keys {
					o.pats[p] = rulespec.Unannotated(pp.Vals[i]).MarshalText()
				}
			}
		}
		if others != "" {
			o.patternWhy = d.patternsWhy(s, obj(others, ap), path, top)
		}
		if o.patternWhy != nil {
			o.text = s.MarshalText()
		}
		d.objs[path] = append(d.objs[path], o)
	}
	if d.survey && d.none == 0 && readsElements(s) {
		d.wholeArrays[path] = true
	}
	if !top && s.Get("allOf") != nil {
		defer d.conjunction(path, s)()
	}
	for i, k := range s.Keys {
		v := s.Vals[i]
		if top && combinators[k] && presenceOnly(v, map[string]bool{}) {
			continue // which keys are given, never a value: nothing to walk
		}
		switch k {
		case "properties":
			if v.Kind == '{' {
				required := requiredNames(s)
				if top {
					for name := range d.presence {
						required[name] = true
					}
				}
				paired, allPaired := pairedNames(s)
				for name := range paired {
					required[name] = true // (no absent rule: see pairedNames)
				}
				patterns := s.Get("patternProperties")
				if patternMap {
					// a map whose declared members only annotate its
					// values: read as its other values ({}), with no
					// absent rule (null is no value the map holds)
					for j := range v.Vals {
						v.Vals[j] = d.field(path+"{}", v.Vals[j], atElem)
					}
					break
				}
				dependent, all := dependentNames(s)
				conds := d.conditionNames(s, path, top)
				for name := range conds.names {
					if !conds.values[name] {
						// (a condition reads its presence alone: a rule
						// on its value changes nothing it reads, an absent
						// rule would)
						required[name] = true
					}
				}
				for j, name := range v.Keys {
					child := join(path, name)
					if p, ok := matchedBy(patterns, name, refusesOrFalse); ok {
						d.shadowed[child] = fmt.Sprintf("its name matches patternProperties %q, whose schema constrains it too", d.written(p))
					}
					if dependent[name] || all {
						d.shadowed[child] = dependentWhy
					}
					if (conds.values[name] || conds.all) && !dependent[name] && !all {
						d.shadowed[child] = conditionWhy
					}
					if strings.ContainsAny(name, tokenMark+nameMark) {
						d.addUnnamed(child) // (no token stands for it: nameToken)
					}
					var strict *Node
					if !d.survey && !required[name] && !allPaired {
						strict = v.Vals[j].Clone() // field rewrites it in place
					}
					if d.survey && d.conjPath == path && d.conjHeld[name] && neutral(v.Vals[j]) {
						// (another schema every value here is held to
						// declares it: this one holds it to nothing
						// more, its kinds none)
						d.conjSkipped[path] = true
						continue
					}
					mark := len(d.rules)
					v.Vals[j] = d.field(child, v.Vals[j], prop)
					if strict != nil {
						v.Vals[j] = d.absent(child, strict, v.Vals[j], prop, mark)
					}
				}
			}
		case "$defs", "definitions":
			// Respelled where defined; warnings come from where they are used.
			if v.Kind == '{' {
				n := len(d.warns)
				for j, name := range v.Keys {
					d.addUnnamed(k + "." + name) // no rule reaches into definitions
					v.Vals[j] = d.field(k+"."+name, v.Vals[j], atDef)
				}
				d.warns = d.warns[:n]
			}
		case "additionalProperties":
			switch {
			case patternMap && !sameOthers:
				// no member: every name matches the pattern, or it is false
				s.Vals[i] = d.noRule(path+"{}", v)
			case others != "":
				// the members s does not declare: a rule path names them
				// by the pattern of every other name (otherNames)
				tok, _ := d.pats.token(others)
				d.others[join(path, tok)] = true
				s.Vals[i] = d.field(join(path, tok), v, atElem)
			default:
				s.Vals[i] = d.field(path+"{}", v, atElem)
			}
		case "items":
			if v.Kind == '{' && s.Get("prefixItems") != nil {
				s.Vals[i] = d.noRule(path+"[]", v) // (past a tuple's items: no path names them apart)
			} else if v.Kind == '{' {
				if d.wholeArrays[path] && !d.survey {
					d.shadowed[path+"[]"] = wholeArrayWhy
				}
				s.Vals[i] = d.field(path+"[]", v, atElem)
			} else if v.Kind == '[' { // a draft-07 tuple
				for j, x := range v.Items() {
					v.Vals[j] = d.noRule(path+"[]", x)
				}
			}
		case "prefixItems":
			if v.Kind == '[' {
				for j, x := range v.Items() {
					v.Vals[j] = d.noRule(path+"[]", x)
				}
			}
		case "additionalItems", "unevaluatedItems", "contains":
			s.Vals[i] = d.noRule(path+"[]", v)
		case "patternProperties", "dependentSchemas":
			if k == "patternProperties" && patternMap {
				// a map: every member's value, as additionalProperties'
				v.Vals[0] = d.field(path+"{}", v.Vals[0], atElem)
				break
			}
			if v.Kind == '{' {
				for j := range v.Vals {
					if k != "patternProperties" {
						v.Vals[j] = d.noRule(join(path, "*"), v.Vals[j])
						continue
					}
					// the values whose names the pattern matches: a rule
					// path names them with its pattern step, where Go and
					// ECMAScript read the pattern alike (reachPatterns)
					tok, _ := d.pats.token(v.Keys[j])
					v.Vals[j] = d.field(join(path, tok), v.Vals[j], atElem)
				}
			}
		case "unevaluatedProperties", "propertyNames":
			s.Vals[i] = d.noRule(join(path, "*"), v)
		case "then", "else":
			if top && s.Get("if") != nil && condition(d.root, k) && argumentsBranch(d.root, v, map[string]bool{}, map[string]bool{}) {
				// a branch of a condition on keys the rules leave alone
				// (conditional): its properties are arguments, read as
				// the root's, as an allOf's branch's are
				d.children(path, v, true)
				s.Vals[i] = d.respell(v)
				break
			}
			guard := d.thenGuard(path, s) // ("" at the arguments)
			if k == "else" && guard != "" {
				// (it applies where the then's guard does not hold: what
				// it names stays as it is for the schemas at path but
				// the then (condsElse); walking it, it leaves the then's
				// paths alone)
				s.Vals[i] = d.aside(func() *Node { return d.noRule(path, v) })
				break
			}
			if k == "then" && guard != "" {
				// the then of an if that tells objects apart by one
				// member, as a discriminator tells a union's branches:
				// read as an allOf's branch, its rules past the guard
				outer := d.union
				d.union = unionCtx{holder: s, key: k, path: path, branch: v, others: outer.othersAt(path)}
				mark := d.branchMark()
				d.guarded++
				d.thenAt[path] = append(d.thenAt[path], guard)
				s.Vals[i] = d.field(path, v, atBranch)
				d.thenAt[path] = d.thenAt[path][:len(d.thenAt[path])-1]
				d.guarded--
				d.guardRules(mark, path, guard, nil)
				d.union = outer
				break
			}
			s.Vals[i] = d.noRule(path, v)
		case "not", "if":
			s.Vals[i] = d.noRule(path, v)
		default:
			if !jsonnode.IsCombinator(k) || v.Kind != '[' {
				break
			}
			var guards []string
			var clauses []*Node
			if (k == jsonnode.OneOf || k == jsonnode.AnyOf) && !top {
				guards, clauses = d.overlapping(path, s, k)
			}
			outer := d.union
			d.union = unionCtx{holder: s, key: k, path: path}
			if d.survey && d.none == 0 {
				d.unions[path]++
			}
			pop := d.enterCombinator(path, s, k)
			names := d.unguardedNames(s, k, guards)
			g := d.rootGuards
			if top && g.key == k {
				// (the root's union's guards, for its branches alone: a
				// union inside a branch is read without them)
				d.rootGuards = rootGuards{}
			} else {
				g = rootGuards{}
			}
			for j, x := range v.Items() {
				if top && argumentsBranch(d.root, x, map[string]bool{}, map[string]bool{}) {
					// a branch holds the arguments as the root does: its
					// properties are arguments, read as the root's (past
					// its guard, rootUnion)
					var guard string
					if g.guards != nil {
						guard = g.guards[j]
					}
					var strict *Node
					mark := d.branchMark()
					if guard != "" {
						d.guardedKeys = g.keys
						if !d.survey {
							strict = x.Clone()
						}
					}
					d.children(path, x, true)
					v.Vals[j] = d.respell(x)
					if guard != "" {
						d.guardedKeys = nil
						d.guardRules(mark, "", guard, g.keys)
						if !d.survey {
							v.Vals[j] = presenceForm(v.Vals[j], d.strictForm(path, strict), g.clauses[j].Clone(), func(name string) bool { return !g.keys[name] })
						}
					}
					continue
				}
				d.union.branch = x
				d.union.others = othersOf(outer.othersAt(path), names, j)
				mark := d.branchMark()
				guarded := guards != nil && guards[j] != ""
				var strict, given *Node // (a branch whose guard may not hold: presenceForm)
				if guarded {
					d.guarded++
					if d.branchAt == nil {
						d.branchAt = map[string][]rulespec.Step{}
					}
					// (parsed once, where the branch's reading begins)
					g, err := rulespec.ParseGuard(guards[j])
					if err != nil {
						g = rulespec.Step{Each: '=', Absent: true} // (one no check reads: guardRefuses skips it, and it names no member)
					}
					d.branchAt[path] = append(d.branchAt[path], g)
					if clauses != nil && clauses[j] != nil {
						// (a copy: the memo's clause serves every copy of
						// the union)
						given, strict = clauses[j].Clone(), x.Clone()
					}
				}
				v.Vals[j] = d.field(path, x, atBranch)
				if guarded {
					d.guarded--
					d.branchAt[path] = d.branchAt[path][:len(d.branchAt[path])-1]
					d.guardRules(mark, path, guards[j], nil)
				}
				if strict != nil && !d.survey {
					v.Vals[j] = presenceForm(v.Vals[j], d.strictForm(path, strict), given, nil)
				}
			}
			pop()
			d.union = outer
		}
	}
	d.variants(path, s, prop)
}

// variants gives the properties of an object schema s at path the
// spelling-style variants of their names that read as them
// (leniency.ImplicitAliases), as generated decoders read them: a
// param_alias rule each. The schema is left as it is (one name per
// parameter, class (f)): a variant is never declared, and a required field
// stays required, so a validating host refuses a variant as it did
// without the deriver, and a call it admits is taken. For the
// arguments object and every object a rule reaches (nested objects,
// array elements, map values) that is the only object schema at its path,
// where its other keys are not data of its own (no additionalProperties
// schema, no patternProperties) and no $ref is kept beside its
// properties or at its path (its target may declare, or refuse, the
// names a variant or a near spelling would be read as). The normalizer finds a nested alias
// under the object's canonical key, in JSON text too; aliasesOuterFirst
// puts the object's own aliases first.
func (d *deriver) variants(path string, s *Node, prop place) {
	props := s.Get("properties")
	if d.survey || d.none > 0 || props == nil || props.Kind != '{' || len(props.Keys) == 0 || s.Get("$ref") != nil {
		// (below a not, an if, ...: no rule, the arguments' path too)
		return
	}
	if path != "" {
		// A nested object's own place must be one a rule reaches (not
		// under not, if, a tuple, a definition, ...), and its only object
		// schema: a variant of one branch's key may be another's key.
		if reach, _ := d.reach(path, atProp); !reach && !d.reachElem(path) {
			return
		}
	}
	if d.objectSites(path) != 1 {
		return
	}
	if _, kept := d.keptOpaque(path); kept {
		return // (a $ref kept at its path, a branch's say: its target may name them)
	}
	ap := s.Get("additionalProperties")
	if ap != nil && ap.Kind == '{' && len(ap.Keys) > 0 || s.Get("patternProperties") != nil {
		return
	}
	// A closed object refuses every variant as it is: reading one as its
	// field changes no call the strict schema takes, whatever the other
	// keywords read. An open one takes it, where they may read it.
	closed := ap != nil && ap.Kind == 't' && ap.Text() == "false"
	if up := s.Get("unevaluatedProperties"); !closed && (up != nil && up.Kind == '{' && len(up.Keys) > 0 || s.Get("propertyNames") != nil) {
		return // (every other name's value, or every name, is read too)
	}
	tested, allTested := d.testedNames(s, path, path == "")
	var named, read map[string]bool
	if !closed {
		var all bool
		if named, read, all = d.namedBeside(s, path, tested); all {
			return // (a dependency's schema may name any key)
		}
	}
	declared := d.aliasesOf(path, props.Keys)
	// (each property's keys: its declared aliases and the variants read
	// as it, which the misnamed_key rule lists, so that a call giving it
	// under two of them is refused as given twice)
	aliases := make([][]string, len(props.Keys))
	for i := range props.Keys {
		if i < len(declared) {
			aliases[i] = slices.Clone(declared[i])
		}
	}
	var rules []lenient.Rule
	var places []string
	for i, implicit := range leniency.ImplicitAliases(props.Keys, declared, nil) {
		name := props.Keys[i]
		if tested[name] || allTested || read[name] {
			// (a key a condition tests, the arguments' if's or its
			// object's, or whose presence a dependency or the
			// arguments' union reads: a variant renamed to it could
			// change which branch applies, or what is required)
			continue
		}
		for _, v := range implicit {
			at := join(path, v)
			if d.keep[at] || d.named[at] || named[v] {
				// (a variant the object's other keywords name is a key
				// of its own there)
				continue
			}
			to := name
			if prop != atTop {
				to = quotedTo(name)
			}
			rules = append(rules, lenient.Rule{ID: d.tool + "." + join(path, name) + ".alias." + v, Tools: []string{d.tool}, Type: lenient.RuleParamAlias, To: to})
			places = append(places, at)
			aliases[i] = append(aliases[i], v)
		}
	}
	if ap == nil || ap.Kind == '{' || ap.Kind == 't' && ap.Text() == "true" {
		// (a name the object's other keywords name is no unknown key)
		keys := slices.Clone(props.Keys)
		for _, n := range slices.Sorted(maps.Keys(named)) {
			if props.Get(n) == nil {
				keys = append(keys, n)
			}
		}
		d.misnamed(path, prop, keys, aliases, requiredNames(s))
	}
	for i, r := range rules {
		d.add(places[i], prop, r)
	}
}

// namedBeside returns the names that the keywords of the object schema s
// at path other than its properties name (named): its required, its
// dependentRequired, dependentSchemas and dependencies (their keys, and
// what they require or declare), what its not, if, then and else test,
// declare or require (tested: testedNames), and at the arguments the
// keys the root's combinators may require (presence). read are those
// whose presence a keyword reads as more than a requirement met: a
// dependency's key, a condition's, the arguments' union's, and what a
// schema of a dependency declares, requires or tests at any depth
// (condNames: in its not, if, allOf, anyOf, ...); all says such a
// schema may name any key (it holds patternProperties, a bound on its
// members, ...).
func (d *deriver) namedBeside(s *Node, path string, tested map[string]bool) (named, read map[string]bool, all bool) {
	read = maps.Clone(tested)
	if read == nil {
		read = map[string]bool{}
	}
	for _, k := range []string{"dependentRequired", "dependentSchemas", "dependencies"} {
		if v := s.Get(k); v != nil && v.Kind == '{' {
			for _, name := range v.Keys {
				read[name] = true
			}
		}
	}
	if path == "" {
		maps.Copy(read, d.presence)
	}
	named = maps.Clone(read)
	paired, _ := pairedNames(s)
	declared, _ := dependentNames(s)
	var deep condSet
	for _, k := range []string{"dependentSchemas", "dependencies"} {
		if v := s.Get(k); v != nil && v.Kind == '{' {
			for _, dep := range v.Vals {
				all = deep.dependencyNames(dep) || all
			}
		}
	}
	maps.Copy(read, deep.names) // (a not or an anyOf there may read a presence)
	for _, m := range []map[string]bool{paired, declared, deep.names, requiredNames(s)} {
		maps.Copy(named, m)
	}
	if path == "" {
		// (below the arguments, conditionNames names what its then and
		// else declare; the arguments' are read as theirs)
		for _, k := range []string{"then", "else"} {
			if p := s.Get(k).Get("properties"); p != nil && p.Kind == '{' && condition(d.root, k) {
				for _, n := range p.Keys {
					named[n] = true
				}
			}
		}
	}
	return named, read, all
}

// misnamed gives the object at path, which takes unknown keys, a
// misnamed_key rule: the normalizer refuses a call holding a key that is
// a near spelling of one of its optional properties (keys, with the
// aliases declared for each) left out, as generated decoders refuse it
// (lenient.KindMisnamed), where the strict schema takes the key and the
// handler would see the field at its default, and a key that is one of
// them in another letter case (lenient.KindKeyCase, class (h)). A
// required property is marked so: the strict schema refuses a call that
// leaves it out, and Explain names the key.
func (d *deriver) misnamed(path string, at place, keys []string, aliases [][]string, required map[string]bool) {
	type field struct {
		Keys     []string `json:"keys"`
		Required bool     `json:"required"`
	}
	var fields []any
	for i, k := range keys {
		ks := []string{k}
		if i < len(aliases) {
			ks = append(ks, aliases[i]...)
		}
		switch {
		case k == "":
			// No key is near "" (nor is "" near a key).
		case required[k]:
			fields = append(fields, field{ks, true})
		case len(ks) > 1:
			fields = append(fields, ks)
		default:
			fields = append(fields, k)
		}
	}
	if len(fields) == 0 {
		return
	}
	value, _ := json.Marshal(fields)
	id := d.tool + ".misnamed_key"
	if path != "" {
		id = d.tool + "." + path + ".misnamed_key"
	}
	d.add(path, at, lenient.Rule{ID: id, Tools: []string{d.tool}, Type: lenient.RuleMisnamedKey, Value: value})
}

// aliasesOf is, for each of the keys of the object at path, the alias
// keys the rules given to WithRules declare for it (nil without rules).
func (d *deriver) aliasesOf(path string, keys []string) [][]string {
	if len(d.declared) == 0 {
		return nil
	}
	out := make([][]string, len(keys))
	for i, k := range keys {
		out[i] = d.declared[join(path, k)]
	}
	return out
}

// requiredNames returns the names an object schema lists in "required".
func requiredNames(s *Node) map[string]bool {
	out := map[string]bool{}
	if req := s.Get("required"); req != nil && req.Kind == '[' {
		for _, x := range req.Items() {
			if name, ok := x.AsString(); ok {
				out[name] = true
			}
		}
	}
	return out
}

// absent gives the optional property at path (strict, its schema as
// given; out, its rewrite) the values generated decoders read as the
// field left out (AbsentForms): null where its schema takes no null, and
// "" where the deriver gave it a string form (a coercion, an integer
// enum's texts or JSON text, from the rules added since mark) and its
// schema takes no string. An absent rule, placed before the field's own
// rules, removes the member; the rewrite advertises the forms (a null
// branch; "" in the string form's pattern, or its enum). Where "" is read, the text "null" is null too (a
// null_text rule before the absent rule; the pattern takes "null" with
// ""). Never where null or "" could be a value of the field,
// so no call the strict schema takes is changed; and only where the
// property's object is the one object schema at its path (in a union of
// objects another branch may take the key with any value).
func (d *deriver) absent(path string, strict, out *Node, at place, mark int) *Node {
	if at != atTop && at != atProp || d.keep[path] || d.whole[path] {
		return out
	}
	if reach, _ := d.reach(path, at); !reach {
		return out
	}
	if parent, _ := splitLast(path); d.objectSites(parent) != 1 {
		return out
	} else if _, kept := d.keptOpaque(parent); kept {
		// (a $ref kept at the object, which refuses it for holding the
		// member (refusesBelow), may take it without: a oneOf beside it
		// would match two, an allOf take what its rewrite refused)
		return out
	}
	var forms lenientimpl.AbsentForms
	if !d.mayBe(strict, 'n', 0) || refusesNull(d.root, strict) {
		forms |= lenientimpl.AbsentNull
	}
	stringForm := false
	for _, r := range d.rules[mark:] {
		// (the rule's own path, not rulespec.TargetPath, which parses
		// it: an object's rules are all after its mark)
		if (r.Type == lenient.RuleTypeCoerce || r.Type == lenient.RuleJSONAcceptBoth || r.Type == lenient.RuleEnumDigits) && (at == atTop && r.From == path && r.Path == "" || at != atTop && r.From == "" && r.Path == path) {
			stringForm = true
		}
	}
	if stringForm && !d.mayBe(strict, '"', 0) {
		forms |= lenientimpl.AbsentEmpty
	}
	caseValues := d.emptyEnum(path, at, mark)
	if caseValues != nil {
		forms |= lenientimpl.AbsentEmpty
	}
	if forms == 0 {
		return out
	}
	r := lenient.Rule{ID: d.tool + "." + path + ".absent", Tools: []string{d.tool}, Type: lenient.RuleAbsent, Value: lenientimpl.AbsentValues(forms)}
	if at == atTop {
		r.From = path
	} else {
		r.Path = path
	}
	// "null" as text is null (a null_text rule, before the absent rule)
	// where "" is read, or the value may be null (field wrote the rule
	// then: it moves before the absent rule); the string form's pattern
	// takes it.
	nullText := forms&lenientimpl.AbsentEmpty != 0
	if i := slices.IndexFunc(d.rules[mark:], func(x lenient.Rule) bool {
		return x.Type == lenient.RuleNullText && rulespec.TargetPath(x) == path
	}); i >= 0 {
		d.rules = slices.Delete(d.rules, mark+i, mark+i+1)
		nullText = true
	}
	d.rules = slices.Insert(d.rules, mark, r)
	if nullText {
		nt := lenient.Rule{ID: d.tool + "." + path + ".null_text", Tools: []string{d.tool}, Type: lenient.RuleNullText, From: r.From, Path: r.Path}
		d.rules = slices.Insert(d.rules, mark, nt)
	}
	if caseValues != nil {
		// the enum's letter-case branch (enumCase) takes "" and "null"
		casePattern := leniency.EnumCasePattern(caseValues)
		for _, b := range append([]*Node{out}, out.Get("anyOf").Items()...) {
			if p, ok := b.Get("pattern").AsString(); ok && p == casePattern {
				b.Set("pattern", jstr(lenientimpl.OrEmptyPattern(p)))
			}
		}
	} else if forms&lenientimpl.AbsentEmpty != 0 {
		if f := formsOf(d.root, out); f.str != nil {
			if p, ok := f.str.Get("pattern").AsString(); ok && strings.HasPrefix(p, "^") && strings.HasSuffix(p, "$") {
				f.str.Set("pattern", jstr(lenientimpl.OrEmptyPattern(p)))
			}
			if e := f.str.Get("enum"); e != nil && e.Kind == '[' {
				// an integer enum's texts (intEnum): "" and "null" too
				for _, x := range []string{"null", ""} {
					if !slices.ContainsFunc(e.Items(), func(v *Node) bool { s, _ := v.AsString(); return v.Kind == '"' && s == x }) {
						e.Append(jstr(x))
					}
				}
			}
		}
	}
	if forms&lenientimpl.AbsentNull != 0 {
		out = withNull(out)
	}
	return out
}

// emptyEnum returns the values of the enum_case rule the property at
// path got since mark (enumCase: a string enum read in any letter case,
// the one way it takes a string), where "" and "null" are no values of it
// in any letter case: "" for it is then the field left out, and "null"
// null, as generated decoders read an optional string enum that holds
// neither (schema.EnumEmpty: Cursor sends "" for a parameter left out).
// nil otherwise.
func (d *deriver) emptyEnum(path string, at place, mark int) []string {
	for _, r := range d.rules[mark:] {
		if r.Type != lenient.RuleEnumCase || !(at == atTop && r.From == path && r.Path == "" || at != atTop && r.From == "" && r.Path == path) {
			continue
		}
		var vals []string
		if json.Unmarshal(r.Value, &vals) != nil || slices.ContainsFunc(vals, func(v string) bool { return v == "" || jsonwire.FoldASCII(v) == "null" }) {
			return nil
		}
		return vals
	}
	return nil
}

// mayBe reports whether schema s may take a value of JSON kind kind ('n'
// for null, '"' for a string, '{' an object, '[' an array): false only where its type, enum, const or
// the branches of anyOf, oneOf and allOf (and a local $ref's target) rule
// every such value out. Keywords it does not read (not, if, ...) are
// taken to allow it, and so is a schema with a keyword it does not know.
func (d *deriver) mayBe(s *Node, kind byte, depth int) bool {
	return d.mayTakeOnce(mayAsked{s, taking{kind: kind}, depth})
}

// mayHold is mayHoldMember for the derivation.
func (d *deriver) mayHold(s *Node, name string) bool {
	return d.mayTakeOnce(mayAsked{s, taking{kind: '{', name: name, named: true}, 0})
}

// mayAsked is a question mayBe or mayHold asks.
type mayAsked struct {
	s     *Node
	want  taking
	depth int
}

// mayTakeOnce answers q by mayTakeIn: once for the derivation (d.mays,
// which its two passes share) where the answer followed a reference,
// which may have read much (mayTakeIn reads alike every time, within the
// same bounds).
func (d *deriver) mayTakeOnce(q mayAsked) bool {
	if ok, asked := d.mays[q]; asked {
		return ok
	}
	w := newMayWalk()
	ok := mayTakeIn(d.root, q.s, q.want, q.depth, w)
	if w.read != nil {
		d.mays[q] = ok
	}
	return ok
}

// mayTake is mayBe for a schema s inside root: a $ref its draft reads
// alone (refIgnoresSiblings) takes what its target takes. Each
// reference's target is read once for the question (references that
// fan out, an allOf of six references to the next level eight levels
// deep, would be 6^8 readings; a target met again while it is read, a
// cycle, may); past maxMayTakeWork subschemas and references read, or
// 32 levels, it may.
func mayTake(root, s *Node, kind byte, depth int) bool {
	return mayTakeIn(root, s, taking{kind: kind}, depth, newMayWalk())
}

// mayHoldMember is mayTake for an object that holds the member name:
// false also where s is closed to it (closedTo), or each branch of its
// anyOf or oneOf is, or a branch of its allOf (a local $ref's target
// among them). Keywords it does not read (not, if, patternProperties'
// patterns, unevaluatedProperties, ...) are taken to allow it.
func mayHoldMember(root, s *Node, name string) bool {
	return mayTakeIn(root, s, taking{kind: '{', name: name, named: true}, 0, newMayWalk())
}

// taking is what mayTakeIn asks a schema to take: a value of JSON kind
// kind, and where named, an object that holds the member name.
type taking struct {
	kind  byte
	name  string
	named bool
}

// closedTo reports whether the object schema s refuses every object that
// holds the member name, whatever its value: its properties give name
// the schema false, or it does not declare name, and additionalProperties
// false closes it, with no patternProperties.
func closedTo(s *Node, name string) bool {
	if p := s.Get("properties").Get(name); p != nil {
		return p.Kind == 't' && p.Text() == "false"
	}
	return closesUndeclared(s)
}

// maxMayTakeWork bounds the subschemas and references one mayTake reads.
const maxMayTakeWork = 4096

// mayWalk is one question's reading: the subschemas and references it
// may still read, and what it found of each $ref's target it read (a
// target reached again, by another reference or a cycle, is read once).
type mayWalk struct {
	work int
	read map[*Node]mayRead // (made at the first reference)
}

// mayRead is what a mayWalk found of a schema.
type mayRead uint8

const (
	mayReading mayRead = 1 + iota // being read: met again (a cycle), it may
	mayYes
	mayNo
)

func newMayWalk() *mayWalk { return &mayWalk{work: maxMayTakeWork} }

// mayTakeIn is mayTake within the walk w.
func mayTakeIn(root, s *Node, want taking, depth int, w *mayWalk) bool {
	if s.Kind == 't' {
		return s.Text() == "true"
	}
	if w.work--; s.Kind != '{' || depth > 32 || w.work < 0 {
		return true
	}
	return mayTakeRead(root, s, want, depth, w)
}

// mayTakeTarget is mayTakeIn for the target of a $ref, read once in the
// walk: met again while it is read (a cycle), it may take the value, and
// an answer that leaned on that is kept for the walk too (it may, as past
// the walk's bounds).
func mayTakeTarget(root, target *Node, want taking, depth int, w *mayWalk) bool {
	switch w.read[target] {
	case mayReading, mayYes:
		return true
	case mayNo:
		return false
	}
	if w.read == nil {
		w.read = map[*Node]mayRead{}
	}
	w.read[target] = mayReading
	ok := mayTakeIn(root, target, want, depth, w)
	w.read[target] = mayNo
	if ok {
		w.read[target] = mayYes
	}
	return ok
}

// jsonTypeName is the JSON Schema type of the JSON kind kind ('n' for
// null, '"' a string, '{' an object, '[' an array).
func jsonTypeName(kind byte) string {
	switch kind {
	case 'n':
		return "null"
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	}
	return ""
}

// mayTakeRead is mayTakeIn reading s.
func mayTakeRead(root, s *Node, want taking, depth int, w *mayWalk) bool {
	kind := want.kind
	if refIgnoresSiblings(root, s) {
		// (its draft reads its target alone, and AJV its siblings too,
		// which take no more)
		ref, _ := s.Get("$ref").AsString()
		target := pointer(root, ref)
		return target == nil || mayTakeTarget(root, target, want, depth+1, w)
	}
	if slices.ContainsFunc(s.Keys, foreign) && (s.Get("discriminator") == nil || !discriminatorBeside(root, s)) {
		// a keyword the deriver does not know might take it (a
		// discriminator beside a oneOf of objects, its type object or
		// its mapping there, takes no value the oneOf does not)
		return true
	}
	typeName := jsonTypeName(kind)
	if t := s.Get("type"); t != nil {
		types := []*Node{t}
		if t.Kind == '[' {
			types = t.Items()
		}
		ok := slices.ContainsFunc(types, func(x *Node) bool { name, isStr := x.AsString(); return !isStr || name == typeName })
		if kind == 'n' {
			if n := s.Get("nullable"); n.Text() == "true" {
				ok = true // OpenAPI's spelling, which the deriver reads as null
			}
		}
		if !ok {
			return false
		}
	}
	for _, key := range []string{"enum", "const"} {
		v := s.Get(key)
		if key == "const" {
			v = constOf(root, s)
		}
		if v == nil {
			continue
		}
		vals := []*Node{v}
		if key == "enum" {
			if v.Kind != '[' {
				continue
			}
			vals = v.Items()
		}
		if !slices.ContainsFunc(vals, func(x *Node) bool { return x.Kind == kind }) {
			return false
		}
	}
	if want.named && closedTo(s, want.name) {
		return false
	}
	for _, comb := range jsonnode.Alternatives {
		if list := s.Get(comb).Items(); len(list) > 0 &&
			!slices.ContainsFunc(list, func(b *Node) bool { return mayTakeIn(root, b, want, depth+1, w) }) {
			return false
		}
	}
	if slices.ContainsFunc(s.Get("allOf").Items(), func(b *Node) bool { return !mayTakeIn(root, b, want, depth+1, w) }) {
		return false
	}
	if ref, ok := s.Get("$ref").AsString(); ok {
		if target := pointer(root, ref); target != nil && !mayTakeTarget(root, target, want, depth+1, w) {
			return false
		}
	}
	return true
}

// reachElem reports whether path ends in an array element or map value
// ([] or {}) that rules reach.
func (d *deriver) reachElem(path string) bool {
	if !strings.HasSuffix(path, "[]") && !strings.HasSuffix(path, "{}") {
		return false
	}
	reach, _ := d.reach(path, atElem)
	return reach
}

// field rewrites the schema s of the value at path. A top-level field of
// type integer, number or boolean gains its string form and a type_coerce
// rule, one of type array or object its JSON-text form and a
// json_accept_both rule; nullable spellings become a last null branch;
// everything else is only respelled in the portable form.
func (d *deriver) field(path string, s *Node, at place) *Node {
	if s.Kind != '{' {
		if d.survey && at == atBranch && s.Kind == 't' && s.Text() == "true" {
			// (a branch true takes any value, as {} does: the survey
			// records it alike, an object site taking any member among
			// them; a property true is its union's to compare,
			// mayHoldAsIs)
			d.field(path, obj(), at)
		}
		return s
	}
	if inner, union, nullable := d.discriminated(s); inner != nil {
		// OpenAPI's discriminator (pydantic's tagged union, or its
		// Optional): read as its oneOf alone, then put back beside it
		mark := len(d.rules)
		out := d.field(path, inner, at)
		if def := d.closed[inner]; def != nil {
			// (a recursive union read at every depth: its lenient form,
			// which every depth names, holds the discriminator)
			if def.schema.Get("discriminator") == nil {
				def.schema = withDiscriminator(def.schema, union)
			}
		} else {
			out = withDiscriminator(out, union)
		}
		if !nullable {
			return out
		}
		// (null beside it, and "null" as text where its JSON text is read)
		if slices.ContainsFunc(d.rules[mark:], func(r lenient.Rule) bool {
			return r.Type == lenient.RuleJSONAcceptBoth && rulespec.TargetPath(r) == path
		}) {
			d.nullText(path, at, true, true)
		}
		out = withNull(out)
		for i, k := range s.Keys {
			if k != "anyOf" && out.Get(k) == nil {
				out.Set(k, s.Vals[i]) // (its annotations: default, title)
			}
		}
		return out
	}
	if why := d.ids.whole(path, s); why != "" {
		return d.keptWhole(path, s, at, why)
	}
	if d.in != nil && d.in.beside[s] != nil {
		return d.readBeside(path, s, d.in.beside[s], at)
	}
	if f := d.enterRecursion(path, s); f != nil {
		defer d.leaveRecursion(f)
	}
	d.holderConds(path, s)
	if path != "" && at.isSite() && !d.texts[path] {
		d.textAt(path, s)
	}
	warned, rules := len(d.warns), len(d.rules)
	base, nullable, refd, ok := d.split(path, s)
	if (!ok || refd && at == atTop) && d.rootFrame() && s.Get("$ref") != nil && pointer(d.root, refIn(s)) == d.root {
		// A reference to the arguments (an object: enterRoot), read as
		// them at every depth where it can be; else as any other: split
		// cannot read one whose root holds $schema or definitions, and a
		// top-level one it copies.
		if out := d.recursionSite(path, s, at, "object", false); out != nil {
			return out
		}
	}
	if !ok {
		if out := d.unionDefSite(path, s, at); out != nil {
			return out
		}
		splitWarned := len(d.warns) > warned
		out := d.portable(path, s)
		if ref, isRef := s.Get("$ref").AsString(); isRef && (d.kept[ref] != "" || objectTarget(d.root, ref)) {
			// (kept by the inliner, or never met by it: a reference inside
			// a definition read where it stands, whose target no rule
			// below here was made from)
			d.keptRef(path, s, at, d.keptWhy(s))
		}
		if !at.isSite() {
			return out
		}
		if ref, isRef := s.Get("$ref").AsString(); isRef && d.kept[ref] != "" && !splitWarned {
			// a reference inline kept, that split cannot read either
			// (and did not warn about)
			d.record(path, "ref")
			what := "value"
			if target, _ := jsonnode.Resolve(d.root, ref); target != nil {
				if t, ok := target.Get("type").AsString(); ok {
					what = t
				}
			}
			d.gapWhy(path, what, at, d.kept[ref])
			return out
		}
		if k := slices.IndexFunc(s.Keys, func(k string) bool { return placeKeys[k] }); k >= 0 && !splitWarned {
			// an identifier or definitions inside a value: references
			// resolve against it, so its schema is kept in one place
			if what := typedName(s); what != "" {
				d.gapWhy(path, what, at, fmt.Sprintf("its schema holds %q (references inside resolve against it, so it is kept as it is)", s.Keys[k]))
			}
		}
		if _, strs := objectUnionOf(d.root, s); strs && d.closes(path, s) {
			// a recursive union of objects beside every string (its
			// sites read no JSON text: recursionSite), read at every depth
			d.record(path, unionKind(out))
			return d.closeRecursion(path, s, markAnyString(out))
		}
		if objectAllOf(d.root, out) {
			// An allOf of objects: its value is one object, held to every
			// branch; its JSON text is read as an object's (the branches'
			// members were read above).
			d.record(path, "object")
			if reach, why := d.reach(path, at); !reach {
				d.gapWhy(path, "object", at, why)
				return out
			}
			if d.keep[path] || !at.isSite() {
				return out
			}
			d.addRule(path, at, lenient.RuleJSONAcceptBoth, "json", "", "native")
			return withString(out)
		}
		if !containers(d.root, out) {
			d.record(path, unionKind(out))
			res := out
			if folded := d.unionEnumCase(path, at, out); folded != nil {
				res = folded
			}
			if read := d.containersText(path, at, out, res); read != nil {
				return read
			}
			if typ, read, why := d.scalarStrings(path, at, out, res); read != nil {
				return markAnyString(read)
			} else if typ != "" {
				d.gapWhy(path, typ, at, why)
			} else if typ, nullable, boxes, bad := scalarBesideContainers(d.root, out); bad != "" {
				d.gapWhy(path, typ, at, fmt.Sprintf("a branch of its union holds it to %q, which its string form could not be held to alike", bad))
			} else if typ != "" {
				// one scalar type beside arrays and objects (no string): a
				// string is its string form or their JSON text, never
				// both; or scalars alone (int | float): their string form
				if reach, why := d.reach(path, at); !reach {
					d.gapWhy(path, typ, at, why)
					return out
				}
				if d.keep[path] {
					return out
				}
				if !boxes {
					pattern := d.coerceScalar(path, at, typ, nullable, out.Get("anyOf").Items()...)
					return obj("anyOf", jsonnode.Array(beforeNull(out.Get("anyOf").Items(), obj("type", jstr("string"), "pattern", jstr(pattern)))...))
				}
				// (its string branch takes any string: "null" anywhere)
				d.nullText(path, at, nullable, true)
				d.coerceScalar(path, at, typ, false)
				d.addRule(path, at, lenient.RuleJSONAcceptBoth, "json", "", "native")
				return withString(out)
			} else if read, why, ok := d.numberOrBoolean(path, at, out); read != nil {
				return read
			} else if ok {
				d.gapWhy(path, "union of "+scalarUnion(out), at, why)
			} else if types := scalarUnion(out); types != "" {
				d.gapWhy(path, "union of "+types, at, "a type_coerce rule reads one type, and a string could be either; declare one type to have its string form read")
			} else if what, why := d.unionGap(s, out); what != "" && !splitWarned && !d.warnedAt(path, warned) {
				d.gapWhy(path, what, at, why)
			}
			return markAnyString(res)
		}
		// A union of arrays and objects (null allowed): JSON text of any
		// of them is parsed as well.
		d.record(path, "containers")
		if d.closes(path, s) {
			out = d.closeRecursion(path, s, out) // (a union of objects, recursive)
		}
		if reach, why := d.reach(path, at); !reach {
			d.gapWhy(path, "union of arrays and objects", at, why)
			return out
		}
		if d.keep[path] {
			return out
		}
		d.nullText(path, at, slices.ContainsFunc(out.Vals[0].Items(), isNull), true)
		d.addRule(path, at, lenient.RuleJSONAcceptBoth, "json", "", "native")
		return withString(out)
	}
	typ, _ := base.Get("type").AsString()
	lenientType := typ == "integer" || typ == "number" || typ == "boolean" || typ == "array" || typ == "object"
	if refd && at != atTop {
		// The references inline kept (recursive ones, mostly) stay
		// (their targets are respelled where they are defined): no
		// copy, no recursion through cycles.
		d.record(path, keptKind(refIn(s)))
		if out := d.recursionSite(path, s, at, typ, nullable); out != nil {
			return out
		}
		d.keptAt(path, s)
		if d.sharedSite(path, s) {
			// (its target's copy here: its lenient form, shared, and
			// the copy's JSON text, as where the copy stands)
			return d.sharedText(path, at, s, typ, nullable)
		}
		if lenientType {
			d.keptRef(path, s, at, d.keptWhy(s))
		}
		if lenientType {
			d.gapWhy(path, typ, at, d.keptWhy(s))
		}
		return s
	}
	if at.isSite() {
		d.record(path, siteKind(base, typ))
	}
	switch typ {
	case "integer", "number", "boolean":
		if reach, why := d.reach(path, at); !reach {
			d.gapWhy(path, typ, at, why)
			break
		}
		// (its identifier and definitions stay on the branch that holds
		// base: the string form needs neither)
		bare := withoutIdent(base)
		if texts, ok := intEnumTexts(d.root, bare, typ); ok && at.isSite() {
			switch {
			case d.keep[path]:
			case d.uniqueElem(path, at):
				d.gapWhy(path, typ, at, uniqueDigitsWhy)
			default:
				return d.intEnum(path, at, base, texts, nullable)
			}
			break
		}
		if bad := unfit(bare, typ); bad != "" {
			d.warn(path, "%s field with %q: its string form could not be held to it alike; left strict", typ, bad)
			break
		}
		if d.keep[path] {
			break
		}
		return anyOf(base, obj("type", jstr("string"), "pattern", jstr(d.coerceScalar(path, at, typ, nullable, bare))), nullable)
	case "array", "object":
		d.children(path, base, false)
		if d.closes(path, s) {
			base = d.closeRecursion(path, s, d.respell(base))
		}
		d.copied(path, s)
		if d.shares(path, s) {
			base = d.share(path, s, base)
		}
		if reach, why := d.reach(path, at); !reach {
			d.gapWhy(path, typ, at, why)
			break
		}
		if d.keep[path] {
			break
		}
		d.nullText(path, at, nullable, true)
		d.addRule(path, at, lenient.RuleJSONAcceptBoth, "json", "", "native")
		native := d.respell(base)
		if nullable {
			native = withNull(native)
		}
		return withString(native)
	case "string":
		vals, isEnum := stringEnum(base)
		var texts []string
		if isEnum && (at == atTop || at == atProp || at == atElem && !d.unique[path]) {
			// (a boolean's or number's text: not for the elements of an
			// array with uniqueItems, two of which could read as one)
			texts = enumTexts(d.root, base, vals)
		}
		// (the letter case not of the elements of an array with
		// uniqueItems: two of its unique items could fold to one value,
		// which it then refuses)
		fitting := enumFitting(d.root, base, vals)
		folds := isEnum && leniency.EnumFolds(vals) && len(fitting) > 0 && !d.unique[path]
		if !isEnum || !at.isSite() || !folds && len(texts) == 0 {
			break
		}
		if reach, _ := d.reach(path, at); !reach || d.keep[path] {
			break
		}
		out := anyOf(d.respell(base), nil, false)
		if folds {
			// An enum value in another letter case is read as it, as
			// generated decoders read it: an enum_case rule, and the
			// values in any case advertised in a branch of their own
			// (those the keywords beside the enum take).
			out = anyOf(d.respell(base), d.enumCase(path, at, fitting), false)
		}
		if len(texts) > 0 {
			out = d.enumText(path, at, out, texts)
		}
		if nullable {
			return withNull(out)
		}
		return out
	default:
		d.children(path, base, false)
	}
	if refd && len(d.rules) == rules {
		// nothing loosened: keep the reference rather than a copy (where
		// its values got rules, the copy: the reference names the strict
		// schema, which refuses what they read)
		return s
	}
	out := d.respell(base)
	if nullable {
		return withNull(out)
	}
	return out
}

// unionEnumCase reads, in a union (out, a bare anyOf in portable form)
// whose one branch that takes strings is a string enum, that enum's
// values in another letter case as them, as at a value of its own: an
// enum_case rule at path, and the letter-case pattern branch after the
// enum's. nil where that does not hold (another branch may take a
// string as it is, the enum's values fold alike, a keyword beside the
// enum holds its strings to more, a branch takes arrays, whose strings
// an enum_case rule reads too) or no rule reaches path.
func (d *deriver) unionEnumCase(path string, at place, out *Node) *Node {
	list := out.Get("anyOf")
	if list == nil || len(out.Keys) != 1 || list.Kind != '[' {
		return nil
	}
	at1 := -1
	var vals []string
	for i, b := range list.Items() {
		t, _ := branchType(d.root, b)
		if t == "" {
			return nil // a branch of no one type may take a string
		}
		if t == "array" {
			return nil // (an enum_case rule reads each string of an array too)
		}
		if t != "string" {
			continue
		}
		e, isEnum := stringEnum(b)
		if at1 >= 0 || !isEnum || !leniency.EnumFolds(e) || slices.ContainsFunc(b.Keys, func(k string) bool { return k != "type" && k != "enum" && !annotation(k) }) {
			// (another keyword beside the enum, a length or a not,
			// would hold its letter-case forms too, and the pattern
			// branch does not)
			return nil
		}
		at1, vals = i, e
	}
	if at1 < 0 || d.keep[path] || d.uniqueElem(path, at) {
		// (not the elements of an array with uniqueItems: two of its
		// unique items could fold to one value, which it then refuses)
		return nil
	}
	if reach, _ := d.reach(path, at); !reach {
		return nil
	}
	branches := slices.Clone(list.Items())
	return obj("anyOf", jsonnode.Array(slices.Insert(branches, at1+1, d.enumCase(path, at, vals))...))
}

// enumCase gives the string enum vals at path an enum_case rule and
// returns the branch that advertises its values in any letter case.
func (d *deriver) enumCase(path string, at place, vals []string) *Node {
	value, _ := json.Marshal(vals)
	d.add(path, at, lenient.Rule{ID: d.tool + "." + path + ".enum_case", Tools: []string{d.tool}, Type: lenient.RuleEnumCase, Value: value})
	return obj("type", jstr("string"), "pattern", jstr(leniency.EnumCasePattern(vals)))
}

// intEnumTexts returns the JSON texts of the values of an integer
// schema's enum (or a number schema's whose values are all whole, written
// without a fraction: [0, 1]) that a string is read as
// (lenientimpl.EnumDigitsValue) and the schema takes, and whether its
// enum is one of integers (null aside) with no keyword beside it that
// fits cannot check (multipleOf, const, combinators, unknown keywords).
func intEnumTexts(root, base *Node, typ string) ([]string, bool) {
	e := base.Get("enum")
	if typ != "integer" && typ != "number" || e == nil || e.Kind != '[' {
		return nil, false
	}
	for _, k := range base.Keys {
		if k != "type" && k != "enum" && !annotation(k) && (!numberKeys[k] || k == "multipleOf") {
			return nil, false
		}
	}
	var texts []string
	bounds := without(base, "enum") // (fits would look each value up in it)
	for _, v := range e.Items() {
		switch {
		case v.Kind == 'n':
		case v.Kind != '0' || !lenientimpl.EnumDigitsValue(v.Text()):
			return nil, false
		case fits(root, bounds, v):
			texts = append(texts, v.Text())
		}
	}
	return texts, len(texts) > 0
}

// intEnum rewrites the integer enum base at path to read the texts of
// its values (texts) as them, as generated decoders read an integer
// enum: an enum_digits rule, and the texts as a string enum branch
// ("null" with them where the value may be null, with a null_text rule,
// as for any integer).
func (d *deriver) intEnum(path string, at place, base *Node, texts []string, nullable bool) *Node {
	return anyOf(base, d.enumDigits(path, at, texts, nullable), nullable)
}

// enumDigits gives the integer enum at path an enum_digits rule that
// reads its values' texts (texts) as them, and a null_text rule where
// nullText, and returns the string enum branch of those texts ("null"
// with them where nullText).
func (d *deriver) enumDigits(path string, at place, texts []string, nullText bool) *Node {
	strs := make([]*Node, 0, len(texts)+1)
	nums := make([]*Node, len(texts))
	for i, t := range texts {
		strs = append(strs, jstr(t))
		nums[i] = jsonnode.Scalar(t)
	}
	if nullText {
		d.add(path, at, lenient.Rule{ID: d.tool + "." + path + ".null_text", Tools: []string{d.tool}, Type: lenient.RuleNullText})
		strs = append(strs, jstr("null"))
	}
	value := jsonnode.Array(nums...).Marshal()
	d.add(path, at, lenient.Rule{ID: d.tool + "." + path + ".enum_digits", Tools: []string{d.tool}, Type: lenient.RuleEnumDigits, Value: value})
	return obj("type", jstr("string"), "enum", jsonnode.Array(strs...))
}

// enumTexts returns the values of a string enum (vals, of the schema
// base) that a JSON boolean or number is read as (lenientimpl.EnumTexts), in
// the enum's order: those the schema takes, where it has no keyword
// beside the enum that fits cannot check.
func enumTexts(root, base *Node, vals []string) []string {
	var taken []string
	for _, v := range enumFitting(root, base, vals) {
		if lenientimpl.EnumTextValue(v) {
			taken = append(taken, v)
		}
	}
	texts, _, _, _ := lenientimpl.EnumTexts(taken)
	return texts
}

// enumFitting returns the values of base's string enum (vals) that the
// keywords beside it surely take: its lengths and a const its draft
// reads (fits), and a pattern that Go and ECMAScript read alike
// (rulespec.CompilePattern). It returns none where a keyword it cannot
// judge so stands beside the enum: not, a combinator, a reference or a
// keyword of another vocabulary (genericKeys, foreign), a format
// (validators may assert it) or a pattern the two read otherwise.
// Annotations, identifiers and other types' keywords
// (additionalProperties) hold a string to nothing. Another form of an
// enum's value is read as that value only where every validator takes
// the value.
func enumFitting(root, base *Node, vals []string) []string {
	for _, k := range base.Keys {
		if k == "format" || k != "enum" && k != "const" && (genericKeys[k] || foreign(k)) {
			return nil
		}
	}
	rest := without(base, "enum") // (fits would look each value up in it)
	var re *regexp.Regexp
	if p := base.Get("pattern"); p != nil {
		s, ok := p.AsString()
		if !ok {
			return nil
		}
		var err error
		if re, err = rulespec.CompilePattern(s); err != nil {
			return nil
		}
		rest = without(rest, "pattern")
	}
	var taken []string
	for _, v := range vals {
		if (re == nil || re.MatchString(v)) && fits(root, rest, jstr(v)) {
			taken = append(taken, v)
		}
	}
	return taken
}

// enumText adds to out, the portable schema of the string enum at path,
// the booleans and integers whose text one of its values is (texts,
// lenientimpl.EnumTexts): an enum_text rule, a boolean branch, and an integer
// branch bounded to the run of integers.
func (d *deriver) enumText(path string, at place, out *Node, texts []string) *Node {
	_, ints, lo, hi := lenientimpl.EnumTexts(texts)
	value, _ := json.Marshal(texts)
	d.add(path, at, lenient.Rule{ID: d.tool + "." + path + ".enum_text", Tools: []string{d.tool}, Type: lenient.RuleEnumText, Value: value})
	var branches []*Node
	if list := out.Get("anyOf"); list != nil && len(out.Keys) == 1 {
		branches = list.Items()
	} else {
		branches = []*Node{out}
	}
	if slices.Contains(texts, "true") {
		branches = append(branches, obj("type", jstr("boolean")))
	}
	if ints {
		branches = append(branches, obj("type", jstr("integer"), "minimum", jsonnode.Scalar(strconv.FormatInt(lo, 10)), "maximum", jsonnode.Scalar(strconv.FormatInt(hi, 10))))
	}
	return obj("anyOf", jsonnode.Array(branches...))
}

// typedName is the first of integer, number, boolean, array and object
// that s's type names, or "".
func typedName(s *Node) string {
	t := s.Get("type")
	types := []*Node{t}
	if t != nil && t.Kind == '[' {
		types = t.Items()
	}
	for _, x := range types {
		switch name, _ := x.AsString(); name {
		case "integer", "number", "boolean", "array", "object":
			return name
		}
	}
	return ""
}

// keptWhy says why inline kept the $ref of s (or of the branch of its
// nullable union that holds one). A $ref inline never met sits in a
// definition read where it stands: one whose own reference was kept (a
// top-level argument's, past the size bound), or one of $defs.
func (d *deriver) keptWhy(s *Node) string {
	refs := []*Node{s.Get("$ref")}
	for _, comb := range jsonnode.Alternatives {
		for _, b := range s.Get(comb).Items() {
			refs = append(refs, b.Get("$ref"))
		}
	}
	for _, r := range refs {
		if ref, ok := r.AsString(); ok && d.kept[ref] != "" {
			return d.kept[ref]
		}
	}
	return "it is a $ref inside a definition read where it stands, not inlined (its own reference was kept)"
}

// keptRef notes that a $ref the inliner kept, for why, stands at path
// (s, its schema there): the survey records the path as opaque (no rule
// below it where s may take a value there, reach and refusesBelow: a
// union's other branches may declare values there that its target holds
// otherwise), and where it is a union's branch the derivation warns
// once, naming what the branch alone holds (no pass walks it; a site is
// warned about as a value left strict).
func (d *deriver) keptRef(path string, s *Node, at place, why string) {
	switch {
	case d.none > 0:
	case d.survey:
		d.opaque[path] = why
		d.opaqueSchemas[path] = append(d.opaqueSchemas[path], s)
	case at != atBranch:
	case !slices.ContainsFunc(d.warns, func(w Warning) bool { return w.Path == path && strings.HasPrefix(w.Message, "a branch of its union") }):
		d.warn(path, "a branch of its union is a $ref kept as it is (%s): what that branch alone holds gets no rule", why)
	}
}

// stringEnum returns the values of s's enum when every one is a string.
func stringEnum(s *Node) ([]string, bool) {
	e := s.Get("enum").Items()
	if len(e) == 0 {
		return nil, false
	}
	vals := make([]string, len(e))
	for i, v := range e {
		str, ok := v.AsString()
		if !ok {
			return nil, false
		}
		vals[i] = str
	}
	return vals, true
}

// gapWhy warns that the value at path, of kind what, stays strict. Union
// branches and places no path names are not warned about: their value is
// the parent's, or outside what rules reach by design.
func (d *deriver) gapWhy(path, what string, at place, why string) {
	if !at.isSite() || why == "" {
		return
	}
	d.warn(path, "%s left strict: %s", what, why)
}

// unionGap names, for a value's schema s that split cannot read as one
// type (maybe null) and that is no union of arrays and objects alone,
// the typed value it may be (integer, number, boolean, array or object,
// of s or of a branch of its combinators) and why no rule reads its
// string form or JSON text: the keyword that makes it more than one
// type. "" where it may be no typed value, where it is a number or
// boolean beside strings that take its string form already (takesForm:
// nothing to read), or an array or object beside strings that take
// every JSON text (takesTexts: taken as it is), a oneOf's strings too
// where no other branch of it may take a string (else one matching both
// is refused), or where no
// keyword makes it a union (a malformed type). A format on a string
// branch holds strings to it where a validator asserts it: such a branch
// may refuse a number's text or a JSON text.
func (d *deriver) unionGap(s, out *Node) (what, why string) {
	budget := 256
	what = d.typedIn(s, &budget)
	if what == "" {
		return "", ""
	}
	anyOf, oneOf := out.Get("anyOf").Items(), out.Get("oneOf").Items()
	stringy := 0 // (the oneOf's branches that may take a string)
	for _, o := range oneOf {
		if takenKinds(d.root, o)&kindString != 0 {
			stringy++
		}
	}
	for i, b := range slices.Concat(anyOf, oneOf) {
		if t, _ := b.Get("type").AsString(); t != "string" || b.Get("enum") != nil || b.Get("const") != nil {
			continue
		}
		if i >= len(anyOf) && stringy > 1 {
			continue // (another branch of the oneOf may take the string too: then it is refused)
		}
		if what != "array" && what != "object" && takesForm(b, what) || (what == "array" || what == "object") && takesTexts(b, 2, false) {
			// a string is taken already (a number's or boolean's text
			// among them; any JSON text as it is): nothing to read
			return "", ""
		}
	}
	shape := ""
	if t := s.Get("type"); t != nil && t.Kind == '[' {
		var types []string
		for _, x := range t.Items() {
			if name, ok := x.AsString(); ok && name != "null" {
				types = append(types, name)
			}
		}
		if len(types) > 1 {
			shape = fmt.Sprintf("type %q", strings.Join(types, ", "))
		}
	}
	if shape == "" {
		for _, k := range jsonnode.Combinators {
			if s.Get(k) != nil {
				shape = k
				break
			}
		}
	}
	if shape == "" {
		// (a type that takes null beside a not or a condition, which
		// read null too: split reads it where validators read null
		// alike there and AJV's strict types let it stand beside the
		// type alone)
		for _, k := range []string{"not", "if"} {
			if s.Get(k) != nil {
				return what, "the deriver does not rewrite its " + k + " beside a type that takes null: validators may read null otherwise there, or it names null, which AJV's strict types refuse beside the type alone"
			}
		}
		return "", ""
	}
	return what, "the deriver does not rewrite its " + shape + ": a type_coerce or json_accept_both rule reads a value of one type (maybe null), an anyOf of arrays and objects alone, or one beside strings that are never their JSON text"
}

// typedIn is the first typed value (typedName) s or the branches of its
// combinators and the targets of its references may be, at any depth,
// within budget schemas looked at.
func (d *deriver) typedIn(s *Node, budget *int) string {
	if s == nil || s.Kind != '{' || *budget <= 0 {
		return ""
	}
	*budget--
	if t := typedName(s); t != "" {
		return t
	}
	if ref, ok := s.Get("$ref").AsString(); ok {
		if target, _ := jsonnode.Resolve(d.root, ref); target != nil {
			if t := d.typedIn(target, budget); t != "" {
				return t
			}
		}
	}
	for _, b := range s.Branches() {
		if t := d.typedIn(b, budget); t != "" {
			return t
		}
	}
	return ""
}

// warnedAt reports whether a warning at path was given since the first
// from warnings.
func (d *deriver) warnedAt(path string, from int) bool {
	return slices.ContainsFunc(d.warns[from:], func(w Warning) bool { return w.Path == path })
}

// markAnyString marks a union that takes any string beside numbers or
// booleans (["string", "number"]) with normgen's strict $comment: there
// is no string form to derive, since every string is already a value,
// and `normgen check` must not ask for a number pattern on it.
func markAnyString(s *Node) *Node {
	list := s.Get("anyOf")
	if list == nil || len(s.Keys) != 1 || list.Kind != '[' || len(list.Items()) == 0 {
		return s
	}
	anyString, scalar := false, false
	for _, b := range list.Items() {
		switch t, _ := b.Get("type").AsString(); t {
		case "string":
			anyString = anyString || takesText(b)
		case "integer", "number", "boolean":
			scalar = true
		}
	}
	if anyString && scalar && list.Items()[0].Get("$comment") == nil {
		list.Items()[0].Set("$comment", jstr(leniency.StrictComment+": the schema takes any string here"))
	}
	return s
}

// scalarBesideContainers reads s (in portable form) as a union of scalar
// branches of one type as scalarOf reads them (integer, number or
// boolean; an integer beside a number reads as a number), each held to
// no keyword its string form could not be held to alike (unfit), beside
// arrays and objects (containers) or not, and maybe null, with no string
// branch: typ is the scalar's type, "" for any other schema (a branch of
// no one type as its validators read it: branchType), and for one
// scalar branch alone (split reads that). One beside null alone is read
// here where split did not read it: a union respelled from a type array
// beside it (JSCS's {"type": ["boolean", "null"], "oneOf": [...]}). bad is the first
// keyword of a scalar branch its string form could not be held to alike
// (an integer's enum beside a number): such a union stays strict.
// A string is then the scalar's string form or the JSON text of an array
// or object, never both: a type_coerce and a json_accept_both rule read
// it, each its own.
func scalarBesideContainers(root, s *Node) (typ string, nullable, containers bool, bad string) {
	list := s.Get("anyOf")
	if list == nil || list.Kind != '[' || len(s.Keys) != 1 {
		return "", false, false, ""
	}
	scalars := 0
	for _, b := range list.Items() {
		t := scalarBranchType(root, b)
		switch {
		case isNull(b):
			nullable = true
		case t == "array" || t == "object":
			containers = true
		case (t == "integer" || t == "number" || t == "boolean") && scalarOf(typ, t) != "":
			typ = scalarOf(typ, t)
			scalars++
			if k := unfit(b, t); bad == "" {
				bad = k
			}
		case t == "" && (takenKinds(root, b) &^ kindNull).containersOnly():
			// (typed by its allOf, a union inside or its references)
			containers, nullable = true, nullable || takenKinds(root, b)&kindNull != 0
		default:
			return "", false, false, ""
		}
	}
	if !containers && scalars < 2 && !(scalars == 1 && nullable) {
		return "", false, false, ""
	}
	return typ, nullable, containers, bad
}

// scalarUnion names the types of a union (in portable form) that has an
// integer, number or boolean branch and no string branch, such as
// "boolean and integer": a string form no rule reads, since a coercion
// reads one type. It is "" for any other schema.
func scalarUnion(s *Node) string {
	list := s.Get("anyOf")
	if list == nil || list.Kind != '[' {
		return ""
	}
	var types []string
	scalar := false
	for _, b := range list.Items() {
		t, ok := b.Get("type").AsString()
		switch {
		case !ok || t == "string":
			return ""
		case t == "null":
			continue
		case t == "integer" || t == "number" || t == "boolean":
			scalar = true
		}
		types = append(types, t)
	}
	if !scalar || len(types) < 2 {
		return ""
	}
	return strings.Join(types[:len(types)-1], ", ") + " and " + types[len(types)-1]
}

// withNull adds a last {"type": "null"} branch to a portable schema.
func withNull(s *Node) *Node {
	if list := s.Get("anyOf"); list != nil && len(s.Keys) == 1 && list.Kind == '[' {
		list.Append(obj("type", jstr("null")))
		return s
	}
	return anyOf(s, nil, true)
}

// containers reports whether s (in portable form) accepts arrays and
// objects only, and maybe null: a bare allOf whose branches share no
// other type, or a bare anyOf or oneOf of branches that
// take no other value (a oneOf of objects a discriminator tells apart: a
// string, its JSON text, is none of them, and what it holds matches the
// one branch its value would); each branch's types as its document's
// (root) validators read it, through its allOf, a union inside and its
// references (takenKinds).
func containers(root, s *Node) bool {
	if len(s.Keys) != 1 || s.Keys[0] != jsonnode.AnyOf && s.Keys[0] != jsonnode.OneOf && s.Keys[0] != jsonnode.AllOf {
		return false
	}
	return (takenKinds(root, s) &^ kindNull).containersOnly()
}

// withString adds the JSON-text branch {"type": "string"} to the
// portable schema s of an array or object value: after its native
// branches, before null.
func withString(s *Node) *Node {
	var branches []*Node
	if list := s.Get("anyOf"); list != nil && len(s.Keys) == 1 {
		branches = list.Items()
	} else {
		branches = []*Node{s}
	}
	var out, null []*Node
	for _, b := range branches {
		if isNull(b) {
			null = append(null, b)
		} else {
			out = append(out, b)
		}
	}
	out = append(append(out, obj("type", jstr("string"))), null...)
	return obj("anyOf", jsonnode.Array(out...))
}

// anyOf is the portable form of a value with several forms: the native
// branch (annotations in it), the string form, then null.
func anyOf(native, str *Node, nullable bool) *Node {
	native = typeFirst(native)
	list := jsonnode.Array(native)
	if str != nil {
		list.Append(str)
	}
	if nullable {
		list.Append(obj("type", jstr("null")))
	}
	if len(list.Items()) == 1 {
		return native
	}
	return obj("anyOf", list)
}

// unfit returns the first keyword of a number or boolean schema that its
// string form could not honour alike (enum, const, combinators, unknown
// keywords), or "". A keyword of strings, objects or arrays (minLength,
// pattern, required, properties, items) holds neither the value nor its
// string form (which the value's branch of the rewrite reads, the
// keyword kept there), and an enum of both booleans holds a boolean to
// nothing (beside the type boolean, whatever else it holds); but a
// required that is no list is draft-03's (the field itself required,
// which the deriver does not read).
func unfit(base *Node, typ string) string {
	for i, k := range base.Keys {
		switch {
		case k == "type" || annotation(k):
		case numberKeys[k] && typ != "boolean":
		case stringKeys[k]:
		case (objectKeys[k] || arrayKeys[k]) && (k != "required" || base.Vals[i].Kind == '['):
		case k == "enum" && typ == "boolean" && base.Vals[i].Kind == '[' && (booleansIn(base.Vals[i]) || typedBoolean(base) && slices.ContainsFunc(base.Vals[i].Items(), isBoolean)) && !boolsApart(base):
			// (one boolean's texts alone: boolPattern; beside its type
			// boolean, an enum's other values are refused, and are no
			// value of the schema: {"type": "boolean", "enum": [true,
			// "smart"]} takes true alone)
		case k == "const" && typ == "boolean" && base.Vals[i].Kind == 't' && !boolsApart(base):
			// (a const that is an array, [true], is no boolean: the type
			// refuses it, and nothing is taken)
		default:
			return k
		}
	}
	return ""
}

// boolsApart reports whether the boolean schema base holds an enum and
// a const that have no boolean in common (no value is taken: whatever a
// string form reads is refused, and is left strict).
func boolsApart(base *Node) bool {
	e, c := base.Get("enum"), base.Get("const")
	if e == nil || c == nil {
		return false
	}
	return !slices.ContainsFunc(e.Items(), func(v *Node) bool { return v.Kind == 't' && v.Text() == c.Text() })
}

// scalarBranchType is branchType's type of the union branch b in the
// document root, and "boolean" for a branch that names no type but holds
// its values to booleans alone (Travis CI's {"enum": [true]} beside an
// object): its enum or const (constOf) holds booleans and no other
// value (booleansIn).
func scalarBranchType(root, b *Node) string {
	t, values := branchType(root, b)
	if !values {
		return t
	}
	if c := constOf(root, b); c != nil {
		if c.Kind == 't' {
			return "boolean"
		}
		return ""
	}
	if e := b.Get("enum"); e != nil && booleansIn(e) && !slices.ContainsFunc(e.Items(), func(v *Node) bool { return v.Kind == 'n' }) {
		return "boolean"
	}
	return ""
}

// typedBoolean reports whether the schema s names the one type boolean.
func typedBoolean(s *Node) bool {
	t, ok := s.Get("type").AsString()
	return ok && t == "boolean"
}

// isBoolean reports whether v is true or false.
func isBoolean(v *Node) bool { return v.Kind == 't' }

// booleansIn reports whether v, an enum or a const, holds a boolean,
// and no other value but null (which the type refuses).
func booleansIn(v *Node) bool {
	vals := []*Node{v}
	if v.Kind == '[' {
		vals = v.Items()
	}
	some := false
	for _, x := range vals {
		switch x.Kind {
		case 't':
			some = true
		case 'n':
		default:
			return false
		}
	}
	return some
}

// boolPattern is the pattern of the texts a type_coerce rule to bool
// (strict: bool_strict, true and false alone) reads as the booleans the
// boolean schemas among schemas take: lenientimpl.BoolPattern where they
// take both (or none names any), only true's texts (true in any letter
// case, yes, 1) or only false's where an enum or const of theirs holds
// one value (pydantic's Literal[True]); a const its document's draft has
// none of holds nothing (constOf). The rule reads the other value's
// texts too, as the value the schema then refuses, which the pattern
// refuses alike.
func boolPattern(root *Node, schemas []*Node, strict bool) string {
	takes := map[string]bool{}
	for _, b := range schemas {
		if scalarBranchType(root, b) != "boolean" {
			continue
		}
		vals := map[string]bool{"true": true, "false": true}
		for _, v := range []*Node{b.Get("enum"), constOf(root, b)} {
			if v == nil {
				continue
			}
			items := []*Node{v}
			if v.Kind == '[' {
				items = v.Items()
			}
			held := map[string]bool{}
			for _, x := range items {
				if x.Kind == 't' {
					held[x.Text()] = vals[x.Text()]
				}
			}
			vals = held
		}
		for v, ok := range vals {
			takes[v] = takes[v] || ok
		}
	}
	switch {
	case takes["true"] && !takes["false"] && strict:
		return strictTruePattern
	case takes["false"] && !takes["true"] && strict:
		return strictFalsePattern
	case strict:
		return lenientimpl.StrictBoolPattern
	case takes["true"] && !takes["false"]:
		return truePattern
	case takes["false"] && !takes["true"]:
		return falsePattern
	}
	return lenientimpl.BoolPattern
}

// The texts of one boolean value that a type_coerce rule to bool reads
// (lenientimpl.BoolPattern's of that value), and to bool_strict.
const (
	truePattern        = `^([Tt][Rr][Uu][Ee]|[Yy][Ee][Ss]|1)$`
	falsePattern       = `^([Ff][Aa][Ll][Ss][Ee]|[Nn][Oo]|0)$`
	strictTruePattern  = `^true$`
	strictFalsePattern = `^false$`
)

// siblingsIgnored reports whether s, a $ref, has siblings that constrain
// in a document whose draft ignores them (oldDraft): no one rewrite reads
// it alike, and it is kept as it is, with a warning where it names a
// typed value.
func (d *deriver) siblingsIgnored(path string, s *Node) bool {
	ref, _ := s.Get("$ref").AsString()
	target := pointer(d.root, ref)
	if !oldDraft(d.root) || target == nil || !constrainingSiblings(s, target, d.root, false) {
		return false
	}
	if typ := typedName(s); typ != "" {
		d.warn(path, "%s left strict: %s", typ, whyOldDraft)
	}
	return true
}

// split reads s as "one JSON type, maybe nullable" in any spelling: a
// single type; a type array with null; nullable: true; anyOf/oneOf of one
// branch and {"type": "null"}; an anyOf, oneOf or allOf of one branch; a
// $ref to one of these. It is nullable
// only where what stands beside the type (or the union) takes null too:
// an enum or const, or a combinator, not or condition as every validator
// reads null there (nullBeside). It is not of that shape where they may
// read null otherwise, or where one of those, which then stands beside
// the type alone, names null (AJV's strict types refuse it there:
// typesAgainst); a not that takes no value of the type goes. base is a
// fresh schema with exactly one type and no null spelling; ok is false
// when s is not of that shape (then the caller respells it generally);
// refd tells that a $ref was followed.
func (d *deriver) split(path string, s *Node) (base *Node, nullable, refd, ok bool) {
	cur := s
	if s.Get("$ref") != nil {
		if d.siblingsIgnored(path, s) {
			return nil, false, false, false
		}
		target, ok := d.resolve(path, s)
		if !ok || holdsName(target) || adjacent(shallowDrop(s, "$ref"), target) {
			// (a copy of a target that names a schema would name it
			// twice: the inliner keeps such a reference, and says why;
			// siblings its target's keywords read, as additionalProperties
			// reads properties, mean other things merged into it)
			return nil, false, false, false
		}
		merged, ok := merge(shallowDrop(s, "$ref"), withoutAnnotations(target, s))
		if !ok {
			return nil, false, false, false
		}
		cur, refd = merged, true
	}
	for _, k := range cur.Keys {
		if foreign(k) && !(k == "discriminator" && discriminatorBeside(d.root, cur)) {
			d.warnKeyword(path, k)
			return nil, false, false, false
		}
		if k == "const" && noConst(d.root) {
			// (a branch the rewrite made of it, a string form, JSON text,
			// a null, an enum's other spellings, would hold the value to
			// the const under one reading and not under the other)
			d.textless[path] = constDraftWhy
			d.warn(path, constDraftWhy+"; left strict")
			return nil, false, false, false
		}
		if placeKeys[k] && (!identKeys[k] || refd) {
			// (an identifier or definitions of s's own are kept on base,
			// where ids lets s be rewritten; a target's would be copied)
			return nil, false, false, false
		}
	}
	if refd {
		base = cur // (merge's copy)
	} else {
		base = cur.Shallow() // (its values are rewritten in place, as portable rewrites s's)
	}
	openAPI := false // (null taken by OpenAPI's nullable, which JSON Schema validators ignore)
	if n := base.Get("nullable"); n != nil {
		if n.Text() == "true" {
			nullable, openAPI = true, true
		}
		base.Delete("nullable")
	}
	outer := base // (the keywords that hold null too: not a union's other branch's)
	switch t := base.Get("type"); {
	case t == nil:
		comb, combs := "", 0
		for _, k := range jsonnode.Combinators {
			if base.Get(k) != nil {
				comb, combs = k, combs+1
			}
		}
		list := base.Get(comb)
		if combs != 1 || list.Kind != '[' {
			return nil, false, false, false
		}
		// (one branch null, the other the value's: OpenAPI's nullable
		// beside two branches of values makes no null branch of either;
		// or one branch alone, which is what the union means, as a
		// reference of one branch is: {"oneOf": [{"type": "integer"}]})
		var other *Node
		nullBranch := false
		for _, b := range list.Items() {
			if isNull(b) {
				nullBranch = true
			} else {
				other = b
			}
		}
		switch n := len(list.Items()); {
		case n == 2 && comb != jsonnode.AllOf && nullBranch:
			nullable = true
		case n == 1 && !nullBranch:
		default:
			return nil, false, false, false
		}
		if other == nil || other.Kind != '{' {
			return nil, false, false, false
		}
		if other.Get("$ref") != nil {
			if d.siblingsIgnored(path, other) {
				return nil, false, false, false
			}
			target, ok := d.resolve(path, other)
			if !ok || holdsName(target) || adjacent(shallowDrop(other, "$ref"), target) {
				return nil, false, false, false
			}
			refd = true
			if other, ok = merge(shallowDrop(other, "$ref"), withoutAnnotations(target, other)); !ok {
				return nil, false, false, false
			}
		}
		outer = shallowDrop(base, comb) // (read, and copied by merge)
		// (an annotation of the union's own, a title or a description of
		// this use, replaces its branch's, as a reference's does)
		merged, ok := merge(outer, withoutAnnotations(other, outer))
		if !ok || merged.Get("nullable") != nil {
			return nil, false, false, false
		}
		base = merged
		if _, ok := base.Get("type").AsString(); !ok {
			return nil, false, false, false
		}
	case t.Kind == '[':
		var types []string
		for _, x := range t.Items() {
			name, ok := x.AsString()
			if !ok {
				return nil, false, false, false
			}
			if name == "null" {
				nullable = true
			} else {
				types = append(types, name)
			}
		}
		if len(types) != 1 {
			return nil, false, false, false
		}
		base.Set("type", jstr(types[0]))
	case t.Kind != '"':
		return nil, false, false, false
	}
	typ, _ := base.Get("type").AsString()
	if typ == "null" {
		return nil, false, false, false
	}
	if nullable {
		taken, judged := d.nullBeside(outer, openAPI)
		if !judged {
			return nil, false, false, false
		}
		for _, k := range slices.Clone(base.Keys) {
			if !jsonnode.IsCombinator(k) && !jsonnode.IsConditional(k) {
				continue
			}
			// (read beside null (nullBeside), they stand beside the type
			// alone: AJV's strict types refuse a subschema naming null
			// there, and a not that takes no value of the type holds
			// nothing)
			switch typesAgainst(typ, k, base.Get(k)) {
			case typesConflict:
				return nil, false, false, false
			case typesNever:
				base.Delete(k)
			}
		}
		nullable = taken
		if e := base.Get("enum"); nullable && e != nil && e.Kind == '[' && slices.ContainsFunc(e.Items(), isNullValue) {
			// (null is the null branch's: base's type takes none, and its
			// enum lists the values it does take, those of its type)
			if vals := typedValues(e, typ); len(vals.Items()) > 0 {
				base.Set("enum", vals)
			}
		}
	}
	return base, nullable, refd, true
}

// nullBeside reads what the keywords of outer, a schema whose type takes
// null, say of null beside that type: taken, where an enum or const
// beside it takes null too (fits), or where the combinators, not and
// conditions beside it, which read null too, take it as every validator
// reads them (takesNull); judged, where they are read so. Beside
// OpenAPI's nullable (openAPI), which JSON Schema validators ignore and
// AJV reads, no combinator or condition is judged.
func (d *deriver) nullBeside(outer *Node, openAPI bool) (taken, judged bool) {
	rest := shallowDrop(outer, "type") // (read only)
	if !slices.ContainsFunc(outer.Keys, func(k string) bool { return jsonnode.IsCombinator(k) || jsonnode.IsConditional(k) }) {
		return fits(d.root, rest, nullValue), true
	}
	if !openAPI {
		if taken, known := takesNull(d.root, rest); known {
			return taken, true
		}
	}
	return fits(d.root, rest, nullValue), false
}

// isNullValue reports whether v is the JSON value null.
func isNullValue(v *Node) bool { return v.Kind == 'n' }

// isNull reports whether b is {"type": "null"} (annotations allowed).
func isNull(b *Node) bool {
	if b.Kind != '{' {
		return false
	}
	t, _ := b.Get("type").AsString()
	if t != "null" {
		return false
	}
	for _, k := range b.Keys {
		if k != "type" && !annotation(k) {
			return false
		}
	}
	return true
}

// shallowDrop returns a shallow copy of object s without key: its
// values are s's, for a caller that reads it, or copies it (merge).
func shallowDrop(s *Node, key string) *Node {
	c := s.Shallow()
	c.Delete(key)
	return c
}

// without returns a copy of object s without key.
func without(s *Node, key string) *Node {
	c := s.Clone()
	c.Delete(key)
	return c
}

// merge joins two schemas that both apply (siblings first, then b's
// keys). A key in both with different values fails.
func merge(a, b *Node) (*Node, bool) {
	out := a.Clone()
	for i, k := range b.Keys {
		if have := out.Get(k); have != nil {
			if !jsonnode.SameJSON(have, b.Vals[i]) {
				return nil, false
			}
			continue
		}
		out.Set(k, b.Vals[i].Clone())
	}
	return out, true
}

// resolve follows a local $ref ("#/$defs/x", "#/definitions/x", any JSON
// pointer into the root) to a schema that is not itself a bare reference.
func (d *deriver) resolve(path string, s *Node) (*Node, bool) {
	for hop, err := range jsonnode.RefChain(d.root, s) {
		switch {
		case errors.Is(err, jsonnode.ErrRefNotString):
			d.warn(path, "$ref is not a string; left strict")
			return nil, false
		case errors.Is(err, jsonnode.ErrRefCycle):
			d.warn(path, "$ref cycle through %q; left strict", hop.Ref)
			return nil, false
		case err == nil && hop.Target.Kind == 't':
			// (a boolean schema: true takes any value, false none)
			d.warn(path, "$ref %q names the boolean schema %s; left strict", hop.Ref, hop.Target.Text())
			return nil, false
		case err != nil || hop.Target.Kind != '{':
			d.warn(path, "$ref %q does not point into this schema; left strict", hop.Ref)
			return nil, false
		case hop.Target.Get("$ref") == nil:
			return hop.Target, true
		case len(hop.Target.Keys) != 1:
			d.warn(path, "$ref %q leads to a reference with siblings; left strict", hop.Ref)
			return nil, false
		}
	}
	d.warn(path, "$ref is not a string; left strict") // s has no $ref
	return nil, false
}

// portable respells a schema that is not "one type, maybe nullable" in
// the portable form, without changing what it accepts: subschemas first;
// a type array becomes an anyOf of single-typed branches (each type's
// keywords on its branch, keywords that constrain every type copied into
// every branch, annotations in the first, null last); the siblings of an
// anyOf or oneOf move into its branches alike.
func (d *deriver) portable(path string, s *Node) *Node {
	if s.Kind != '{' {
		return s
	}
	d.children(path, s, false)
	return d.respell(s)
}

// respell is portable without the subschemas. A union it respells gets
// its branches written over their own nodes, s's list holding copies of
// what they were (see below).
func (d *deriver) respell(s *Node) *Node {
	for _, k := range s.Keys {
		if placeKeys[k] || foreign(k) {
			return s
		}
	}
	if t := s.Get("type"); t != nil && t.Kind == '[' && (s.Get("anyOf") == nil) != (s.Get("oneOf") == nil) && typesCover(d.root, t, s) &&
		!slices.ContainsFunc(s.Keys, func(k string) bool { return k != "type" && k != "anyOf" && k != "oneOf" && !annotation(k) }) {
		// ({"type": ["boolean", "null", "object"], "oneOf": [...]}: its
		// type holds no value its union does not; beside other keywords,
		// which AJV's strict types read in its context (OpenAPI's
		// nullable, a not of minimum), it stays)
		s = without(s, "type")
	}
	if t := s.Get("type"); t != nil && t.Kind == '[' && s.Get("anyOf") == nil && s.Get("oneOf") == nil {
		if out := splitTypes(d.root, s, t); out != nil {
			return out
		}
		return s
	}
	if t, ok := s.Get("type").AsString(); ok && s.Get("anyOf") == nil && s.Get("oneOf") == nil {
		if n := s.Get("nullable"); n != nil && n.Kind == 't' {
			out := without(s, "nullable")
			// (null a value only where an enum or const beside the type
			// takes it too, as split reads it; a combinator or condition
			// beside it reads null too: left as it is)
			if taken, judged := d.nullBeside(out, true); n.Text() == "true" && t != "null" && taken {
				if !judged {
					return s
				}
				return anyOf(out, nil, true)
			}
			return out
		}
		return s
	}
	for _, comb := range jsonnode.Alternatives {
		list := s.Get(comb).Items()
		if len(list) == 0 {
			continue
		}
		if t := s.Get("type"); t != nil && t.Kind != '"' || s.Get("nullable") != nil || (comb == "oneOf" && s.Get("anyOf") != nil) {
			return s
		}
		if refIgnoresSiblings(d.root, s) {
			return s // (its draft reads its target alone: its union is not)
		}
		// (the holder's keywords, moved beside a branch's $ref that its
		// draft reads alone, would hold nothing there)
		holds := slices.ContainsFunc(s.Keys, func(k string) bool { return k != comb && !annotation(k) })
		branches := make([]*Node, len(list))
		for i, b := range list {
			if b.Kind != '{' || readsAcross(s, b, comb) || holds && b.Get("$ref") != nil && oldDraft(d.root) {
				return s
			}
			nb := b.Shallow()
			for j, k := range s.Keys {
				if k == comb || annotation(k) && i > 0 {
					continue
				}
				if have := nb.Get(k); have != nil {
					if annotation(k) {
						continue // the branch's own annotation wins
					}
					if !jsonnode.SameJSON(have, s.Vals[j]) {
						return s // two different constraints under one key
					}
					continue
				}
				if t, ok := b.Get("type").AsString(); ok && inPlace[k] {
					// (AJV's strict types refuse a subschema whose type
					// its branch's context does not hold)
					switch typesAgainst(t, k, s.Vals[j]) {
					case typesNever:
						continue // a not that takes no value of the branch's type holds nothing there
					case typesConflict:
						return s
					}
				}
				nb.Set(k, s.Vals[j].Clone())
			}
			branches[i] = typeFirst(nb)
		}
		if comb == "oneOf" && disjoint(d.root, branches) {
			comb = "anyOf" // no value matches two branches: the same set
		}
		if len(s.Keys) == 1 && comb == s.Keys[0] {
			return s
		}
		// Each branch is written over its node, which s keeps a copy of:
		// a branch may be a site that a recursion or a shared copy points,
		// after the walk, at a lenient form, by the node's identity
		// (closeRecursion, pointShared).
		for i, b := range list {
			old := b.Shallow()
			*b = *branches[i]
			branches[i] = b
			list[i] = old
		}
		if comb == "anyOf" {
			branches = flatten(branches)
		}
		return obj(comb, jsonnode.Array(branches...))
	}
	return s
}

// typesCover reports whether the type array t beside s's union (its one
// anyOf or oneOf) names the type of every value the union takes: each
// branch's types as its document's (root) validators read them
// (branchTypes), an integer's where t names number. The union then
// holds every value to t already, and t can go.
func typesCover(root, t, s *Node) bool {
	list := s.Get("anyOf")
	if list == nil {
		list = s.Get("oneOf")
	}
	if list.Kind != '[' || len(list.Items()) == 0 {
		return false
	}
	return !slices.ContainsFunc(list.Items(), func(b *Node) bool { return !typeHolds(t, branchTypes(root, b)) })
}

// inPlace are the applicators whose subschemas read the value itself
// (a dependency's schema too, where its key is given), whose types
// AJV's strict types hold to the type of the schema beside them
// (typesAgainst).
var inPlace = set(slices.Concat(jsonnode.Conditionals, jsonnode.Combinators, []string{"dependentSchemas", "dependencies"})...)

// What typesAgainst makes of an in-place applicator moved beside a type.
const (
	typesFit      = iota // every type its subschemas name, the type holds
	typesNever           // a not whose schema takes no value of the type
	typesConflict        // a type its subschemas name that the type does not hold
)

// typesAgainst reads the in-place applicator k, of value v, moved into
// a union's branch of type t, as AJV's strict types do: each type its
// subschemas name (at any depth of in-place applicators; null too where
// OpenAPI's nullable is true: typeNames) must be t, or an integer where
// t is number, and each keyword of one type they hold (minimum,
// pattern, items, required, ...; format, a number's or a string's) of a
// type their own type, or else t, holds (a number's beside an integer);
// else AJV refuses the schema (typesConflict). A dependency's schemas
// (dependentSchemas, dependencies) are read so too. A not whose schema names only types that are
// not t (nor integer where t is number), and no $ref (whose siblings an
// older draft does not read), takes no value of the branch's and holds
// nothing there (typesNever). ({"anyOf": [{"type": "object"}, ...],
// "not": {"type": "integer"}}: moved beside the object branch, AJV would
// refuse the rewrite it compiled strict.)
func typesAgainst(t, k string, v *Node) int {
	var conflict func(s *Node, ctx []string, depth int) bool
	conflict = func(s *Node, ctx []string, depth int) bool {
		if s.Kind != '{' || depth > 16 {
			return false
		}
		if own := typeNames(s); own != nil {
			for _, x := range own {
				if !typeIn(ctx, x) {
					return true
				}
			}
			ctx = own
		}
		number := typeIn(ctx, "number") || slices.Contains(ctx, "integer")
		for _, key := range s.Keys {
			for _, kt := range []string{"number", "string", "array", "object"} {
				if keysOf(kt)[key] && !typeIn(ctx, kt) && !(kt == "number" && number) {
					return true
				}
			}
			if key == "format" && !number && !typeIn(ctx, "string") {
				return true // (AJV's format keyword: a number's or a string's)
			}
		}
		for _, c := range jsonnode.Combinators {
			if slices.ContainsFunc(s.Get(c).Items(), func(b *Node) bool { return conflict(b, ctx, depth+1) }) {
				return true
			}
		}
		for _, c := range jsonnode.Conditionals {
			if sub := s.Get(c); sub != nil && conflict(sub, ctx, depth+1) {
				return true
			}
		}
		return false
	}
	subs := v.Items()
	switch {
	case k == "dependentSchemas" || k == "dependencies":
		subs = v.Vals // (a dependency's list of names holds no type)
	case v.Kind == '{':
		subs = []*Node{v}
	}
	if !slices.ContainsFunc(subs, func(s *Node) bool { return conflict(s, []string{t}, 0) }) {
		return typesFit
	}
	if names := typeNames(v); k == "not" && names != nil && v.Get("$ref") == nil && v.Get("$dynamicRef") == nil &&
		!slices.ContainsFunc(names, func(x string) bool { return typeIn([]string{t}, x) || t == "integer" && x == "number" }) {
		return typesNever
	}
	return typesConflict
}

// typeIn reports whether the types a schema names (typeNames) hold a
// value of type t: they name it, or number where t is integer.
func typeIn(types []string, t string) bool {
	return slices.Contains(types, t) || t == "integer" && slices.Contains(types, "number")
}

// keptKind is the kind the survey records for a site that keeps the
// reference ref as it is (deriver.record): a kept reference that shares
// its target's copy stands for the copy's kind (oneKindShared).
func keptKind(ref string) string { return "ref " + ref }

// typeNames returns the types the schema s names, as AJV reads them: its
// type's (each of a type array's), with null where OpenAPI's nullable
// is true beside it; nil where it names none.
func typeNames(s *Node) []string {
	ty := s.Get("type")
	if ty == nil {
		return nil
	}
	var names []string
	for _, n := range append([]*Node{ty}, ty.Items()...) {
		if x, ok := n.AsString(); ok {
			names = append(names, x)
		}
	}
	return withNullable(s, names)
}

// readers are the keywords that read others of their adjacentGroup:
// additionalProperties reads the names properties and patternProperties
// declare beside it, additionalItems the items (draft-07's tuple),
// items the prefixItems, then and else the if, minContains and
// maxContains the contains. unevaluatedProperties and unevaluatedItems
// read what every applicator beside them evaluates (readsAcross).
var readers = set("additionalProperties", "additionalItems", "items", "then", "else", "minContains", "maxContains")

// readsAcross reports whether a keyword of the union's holder s (but
// its comb) and one of its branch b are of one adjacentGroup, one of
// them a reader, and not the same keyword with the same value, or
// either holds unevaluatedProperties or unevaluatedItems: moved
// into the branch, the holder's would read the branch's too
// ({"additionalProperties": false, "anyOf": [{"properties": {"a":
// true}}]} takes no member a, its branch alone with the holder's
// keyword in it would).
func readsAcross(s, b *Node, comb string) bool {
	for _, k := range []string{"unevaluatedProperties", "unevaluatedItems"} {
		if s.Get(k) != nil || b.Get(k) != nil {
			return true // (it reads what the union's branches evaluate, pooled)
		}
	}
	for _, g := range adjacentGroups {
		var inS, inB []string
		reads := false
		for _, k := range g {
			if k != comb && s.Get(k) != nil {
				inS = append(inS, k)
				reads = reads || readers[k]
			}
			if b.Get(k) != nil {
				inB = append(inB, k)
				reads = reads || readers[k]
			}
		}
		if !reads || len(inS) == 0 || len(inB) == 0 {
			continue
		}
		for _, k := range inB {
			if !slices.Contains(inS, k) || !jsonnode.SameJSON(s.Get(k), b.Get(k)) {
				return true
			}
		}
		for _, k := range inS {
			if !slices.Contains(inB, k) {
				return true
			}
		}
	}
	return false
}

// typeFirst moves an object's "type" key to the front (for readers), in
// a copy of its own keys: its values stay the ones a recursion's or a
// shared reference's sites point, after the walk, at a lenient form.
func typeFirst(s *Node) *Node {
	i := slices.Index(s.Keys, "type")
	if i <= 0 {
		return s
	}
	out := s.Shallow()
	k, v := out.Keys[i], out.Vals[i]
	copy(out.Keys[1:i+1], out.Keys[:i])
	copy(out.Vals[1:i+1], out.Vals[:i])
	out.Keys[0], out.Vals[0] = k, v
	return out
}

// disjoint reports whether no value can match two of the branches: their
// types differ (a branch that names no type but an enum or const holds
// its values' types; one that names none of its own those of its
// references, allOf and unions: takenKinds), or one object branch
// requires a key that the other, closed by additionalProperties: false,
// does not declare.
func disjoint(root *Node, branches []*Node) bool {
	types := make([][]string, len(branches)) // (each branch's, once)
	for i, b := range branches {
		if types[i] = branchTypes(root, b); types[i] == nil {
			types[i] = takenKinds(root, b).names()
		}
	}
	for i := range branches {
		for j := i + 1; j < len(branches); j++ {
			if !disjoint2(root, branches[i], branches[j], types[i], types[j]) {
				return false
			}
		}
	}
	return true
}

// disjoint2 is disjoint for two branches, a of types ta, b of tb.
func disjoint2(root, a, b *Node, ta, tb []string) bool {
	if ta == nil || tb == nil {
		return false
	}
	if len(ta) == 1 && len(tb) == 1 && ta[0] == "object" && tb[0] == "object" && a.Get("type") != nil && b.Get("type") != nil {
		if refIgnoresSiblings(root, a) || refIgnoresSiblings(root, b) {
			return false // (its draft reads its $ref alone: its required and additionalProperties say nothing)
		}
		return closedAgainst(a, b) || closedAgainst(b, a)
	}
	for _, x := range ta {
		for _, y := range tb {
			if x == y || x == "number" && y == "integer" || x == "integer" && y == "number" {
				return false
			}
		}
	}
	return true
}

// branchTypes returns the JSON types a union branch's values may have:
// its type (each of a type array's; each of its branches', for a bare
// anyOf: a union the deriver respelled), or, where it names none, its
// enum's or const's values' (valueKinds); nil where they are not known:
// beside a $ref (its target
// is not followed, and draft-07 and earlier ignore its siblings, which
// later drafts and AJV apply), and
// for a const in a document of draft-05 or earlier, which has none (its
// validators read {"const": "full"} as {}).
func branchTypes(root, b *Node) []string {
	if b.Get("$ref") != nil {
		return nil
	}
	if list := b.Get("anyOf"); list != nil && len(b.Keys) == 1 && list.Kind == '[' {
		var types []string
		for _, x := range list.Items() {
			t := branchTypes(root, x)
			if t == nil {
				return nil
			}
			types = append(types, t...)
		}
		return types
	}
	if t := b.Get("type"); t != nil && t.Kind == '[' {
		var types []string
		for _, x := range t.Items() {
			name, ok := x.AsString()
			if !ok {
				return nil
			}
			types = append(types, name)
		}
		return withNullable(b, types)
	}
	t, values := branchType(root, b)
	switch {
	case t != "":
		return withNullable(b, []string{t})
	case !values:
		return nil
	}
	if c := constOf(root, b); c != nil {
		return valueKinds("const", c)
	}
	return valueKinds("enum", b.Get("enum"))
}

// withNullable adds "null" to the types of the branch b where it holds
// OpenAPI's nullable: true, which AJV reads beside its type (typeNames).
func withNullable(b *Node, types []string) []string {
	if openAPINullable(b) && !slices.Contains(types, "null") {
		return append(types, "null")
	}
	return types
}

// openAPINullable reports whether s holds OpenAPI's nullable: true.
func openAPINullable(s *Node) bool {
	n := s.Get("nullable")
	return n != nil && n.Text() == "true"
}

// closedAgainst: a requires a key b cannot hold.
func closedAgainst(a, b *Node) bool {
	ap := b.Get("additionalProperties")
	if ap == nil || ap.Kind != 't' || ap.Text() != "false" || b.Get("patternProperties") != nil {
		return false
	}
	req := a.Get("required")
	if req == nil || req.Kind != '[' {
		return false
	}
	for _, k := range req.Items() {
		if name, ok := k.AsString(); ok && b.Get("properties").Get(name) == nil {
			return true
		}
	}
	return false
}

// flatten splices branches that are themselves a bare anyOf.
func flatten(branches []*Node) []*Node {
	var out []*Node
	for _, b := range branches {
		if inner := b.Get("anyOf"); inner != nil && len(b.Keys) == 1 && inner.Kind == '[' {
			out = append(out, inner.Items()...)
			continue
		}
		out = append(out, b)
	}
	return out
}

// splitTypes turns {"type": [A, B, ...], ...} into an anyOf of one branch
// per type, null last; nil when a type is not a string. Beside an enum
// (or a const), each branch holds the enum's values of its own type
// alone, which its type refuses the others of, and a type none of them
// is of takes nothing, and is no branch: {"type": ["array", "boolean",
// "string"], "enum": [true, "smart"]} is the anyOf of {"type":
// "boolean", "enum": [true]} and {"type": "string", "enum": ["smart"]},
// and one type left is its branch alone. Where no type is left (nothing
// is taken), every branch keeps the enum as it is.
func splitTypes(root, s, t *Node) *Node {
	var types []string
	null := false
	for _, x := range t.Items() {
		name, ok := x.AsString()
		if !ok {
			return nil
		}
		if name == "null" {
			null = true
			continue
		}
		types = append(types, name)
	}
	if n := s.Get("nullable"); n.Text() == "true" {
		null = true
	}
	if null {
		types = append(types, "null")
	}
	enum, cnst := s.Get("enum"), constOf(root, s)
	if enum != nil && (enum.Kind != '[' || refIgnoresSiblings(root, s)) {
		enum = nil // (no enum: a $ref beside it is read alone)
	}
	kept := slices.DeleteFunc(slices.Clone(types), func(typ string) bool {
		return enum != nil && !slices.ContainsFunc(enum.Items(), func(v *Node) bool { return ofType(v, typ) }) ||
			cnst != nil && !ofType(cnst, typ)
	})
	dropped := false // (a type gone: its keywords go with it, as a branch's)
	switch {
	case len(kept) == 0:
		enum, cnst = nil, nil
	case len(kept) < len(types):
		types, dropped = kept, true
	}
	if len(types) == 1 && !dropped {
		out := without(without(s, "nullable"), "type")
		return merged(obj("type", jstr(types[0])), out)
	}
	branches := make([]*Node, len(types))
	moved := map[string]bool{}
	for i, typ := range types {
		b := obj("type", jstr(typ))
		fam := keysOf(typ)
		if typ == "integer" {
			fam = numberKeys
		}
		for j, k := range s.Keys {
			switch {
			case k == "type" || k == "nullable":
			case typ == "null" && (k == "enum" && enum != nil || k == "const" && cnst != nil):
				// (the null branch is {"type": "null"}: its type takes
				// null alone, which the enum or const holds)
			case k == "enum" && enum != nil:
				b.Set(k, typedValues(enum, typ))
			case annotation(k) && k != "format":
				if i == 0 {
					b.Set(k, s.Vals[j].Clone())
				}
			case k == "format":
				// A format constrains strings (and, for AJV, numbers:
				// int32); without a string branch it goes to the first
				// number's, else it stays with the annotations.
				if typ == "string" || !hasString(types) && i == formatAt(types) {
					b.Set(k, s.Vals[j].Clone())
				}
			case fam[k] && !genericKeys[k] && !moved[k]:
				// the first branch whose type the keyword constrains
				// takes it as it is: a recursive definition's reference
				// below it (recursionSite) is pointed at its lenient
				// form where it stands (a dependency's schema, as AJV's
				// strict types let it stand beside the type)
				if inPlace[k] && typesAgainst(typ, k, s.Vals[j]) != typesFit {
					return nil
				}
				b.Set(k, s.Vals[j])
				moved[k] = true
			case inPlace[k] && (fam[k] || genericKeys[k]):
				// (as AJV's strict types let it stand beside the type)
				switch typesAgainst(typ, k, s.Vals[j]) {
				case typesConflict:
					return nil
				case typesFit:
					b.Set(k, s.Vals[j].Clone())
				}
			case fam[k] || genericKeys[k]:
				b.Set(k, s.Vals[j].Clone())
			}
		}
		branches[i] = b
	}
	if len(branches) == 1 {
		return branches[0]
	}
	return obj("anyOf", jsonnode.Array(branches...))
}

// typedValues is the list of the values of the enum that are of type typ
// (ofType), in its order.
func typedValues(enum *Node, typ string) *Node {
	var vals []*Node
	for _, v := range enum.Items() {
		if ofType(v, typ) {
			vals = append(vals, v.Clone())
		}
	}
	return jsonnode.Array(vals...)
}

// formatAt is the branch of a type array's types (no string among
// them) that takes its format: the first integer's or number's, which
// AJV reads a format of, else the first.
func formatAt(types []string) int {
	return max(0, slices.IndexFunc(types, func(t string) bool { return t == "integer" || t == "number" }))
}

func hasString(types []string) bool {
	for _, t := range types {
		if t == "string" {
			return true
		}
	}
	return false
}

// merged appends b's keys to a (a copy); a's keys win.
func merged(a, b *Node) *Node {
	out := a.Clone()
	for i, k := range b.Keys {
		if out.Get(k) == nil {
			out.Set(k, b.Vals[i].Clone())
		}
	}
	return out
}
