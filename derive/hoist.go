package derive

import (
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/lint"
)

// Every byte of an input schema is paid on each request that lists the
// tool. Inlining copies a definition to each place it is used, so that a
// rule path names each; a lenient form may repeat the strict one beside
// it. Where a rewrite repeats a schema as a member's, an element's or a
// definition's value (valueKeywords), hoistRepeats writes it once in the
// rewrite's definitions, named for the member it first stands at
// ("shared.config": placeName), and points each place at it: a $ref
// alone, which every draft reads as its target, and a rule path still
// names each place (rules read the arguments, never the schema).
//
// It does so only where each host that refuses a $ref (lint.RefHosts:
// Gemini's function declarations, Zed's providers) refuses one in the
// rewrite already (refusedAlready): one more changes nothing for them,
// and a rewrite they take stays as it is. And only where the move
// changes nothing a validator reads: no schema below the root sets a
// base URI, an anchor or a dialect, or follows a dynamic reference, and
// every $ref is a fragment (hoistable); no JSON Pointer of the document
// ($ref, a discriminator's mapping) runs into or through a place made a
// $ref (pointed); the schema moved reads a value of its own, not its
// parent's (AJV's strict mode reads a type, or the properties a required
// names, in a schema or its parent, and compiles a $ref's target apart);
// and it is no smaller than hoistMin bytes.

// hoistMin is the size, in bytes of JSON, below which a repeated schema
// stays where it is: a $ref to it would save little and cost a reader
// (a model among them) a look elsewhere. 192, not 256: a server's shared
// definition of 192 to 255 bytes that the rewrite leaves as it is was
// inlined at each use and never written once again (WashingtonPost's
// 245-byte shared.version at 5 places each: 2.3 KB more than the
// server's own schema); on JSONSchemaBench, 292 rewrites change, 821 KB
// less in all (0.9% of what is served), 3 of them larger.
const hoistMin = 192

// hoistRounds bounds the passes of hoistRepeats: each moves the
// outermost repeats it meets, in document order, and the next those
// that repeat inside them.
const hoistRounds = 8

// plainDefName reports whether a $ref may spell the definition name as
// it is: no pointer escape, no percent-encoding (plainRune).
func plainDefName(name string) bool {
	return name != "" && !strings.ContainsFunc(name, func(r rune) bool { return !plainRune(r) })
}

// plainRune reports whether r is a character a $ref spells as it is in
// a definition's name: an ASCII letter or digit, ".", "_" or "-".
func plainRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-'
}

// hoistRepeats writes each schema out repeats once in its definitions
// (container: "$defs" or "definitions", defsContainer) and points its
// places at it (see above). It changes out in place.
func hoistRepeats(out *Node, container string) {
	h := newHoister(out, container)
	if h == nil {
		return
	}
	for i := range hoistRounds {
		if i > 0 {
			h.survey()
		}
		if !h.round() {
			break
		}
	}
}

// newHoister returns the hoister of out, surveyed for its first round,
// or nil where hoisting moves nothing: no repeat, or a host that refuses
// a $ref takes out as it is (see above).
func newHoister(out *Node, container string) *hoister {
	if container == "" || out.Kind != '{' || !holdsRef(out) || !hoistable(out) {
		return nil
	}
	defs := out.Get(container)
	if defs == nil {
		defs = obj() // (set in out where a definition is written)
	}
	h := &hoister{out: out, container: container, defs: defs, refs: map[uint64]string{}}
	h.survey()
	if !h.repeats() || !refusedAlready(out) {
		// (the linter's walk last: it costs the most)
		return nil
	}
	return h
}

// refusedAlready reports whether each host that refuses a $ref
// (lint.RefHosts) refuses one in schema already, where it reads it: a
// $ref more changes nothing for them. (A $ref inside a map's pattern,
// say, is one Gemini and Zed do not read.)
func refusedAlready(schema *Node) bool {
	for _, h := range lint.RefHosts() {
		if !lint.RefusesRef(schema, h) {
			return false
		}
	}
	return true
}

// valueKeywords are the keywords whose schemas read a value of their own
// (a member's, an element's, a definition's), not their schema's value
// as an allOf, a then or dependentSchemas do: only theirs are moved. A
// schema read with its parent's value may lean on it as a validator
// compiles it (AJV's strict mode reads a type, or the properties a
// required names, in a schema or its parent), and a $ref compiles its
// target apart.
var valueKeywords = map[string]bool{
	"properties": true, "patternProperties": true, "additionalProperties": true,
	"items": true, "prefixItems": true, "additionalItems": true, "contains": true,
	"propertyNames": true, "unevaluatedProperties": true, "unevaluatedItems": true,
	"$defs": true, "definitions": true,
}

// hoister is the state of hoistRepeats.
type hoister struct {
	out       *Node
	container string
	defs      *Node             // out's definitions
	refs      map[uint64]string // a repeated schema's hash -> the $ref standing for it
	targets   map[string]*Node  // a $ref of refs -> its target, in the round

	// of the round
	sums     map[*Node]measured // of out's objects (kept from round to round but where it changed)
	parents  map[*Node][]*Node  // of out's objects and arrays, as measure met them
	count    map[uint64]int     // schemas at places valueKeywords name, by hash
	movable  []*Node            // those schemas (none pinned)
	pinned   map[*Node]bool
	pointers map[string]bool // the fragments out holds
	// the fragments that name no value of out (pointed), and those a
	// round wrote: the next survey follows them again (repin)
	unnamed, written []string
}

// survey hashes out, counts its schemas by hash and finds what its
// pointers pin, for the round to come. An object the last round left as
// it was keeps its hash and size (round drops those it changed, and
// those holding them: changed).
func (h *hoister) survey() {
	if h.sums == nil {
		h.sums, h.parents = map[*Node]measured{}, map[*Node][]*Node{}
	}
	h.count, h.targets, h.movable = map[uint64]int{}, map[string]*Node{}, h.movable[:0]
	if h.pinned == nil {
		h.pinned, h.pointers, h.unnamed = pointed(h.out)
	} else {
		h.repin()
	}
	h.measure(h.out)
	h.countSchemas(h.out)
}

// changed drops the hashes of v and of every object holding it, at each
// place measure met it.
func (h *hoister) changed(v *Node) {
	stack := []*Node{v}
	seen := map[*Node]bool{v: true}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		delete(h.sums, n)
		for _, p := range h.parents[n] {
			if !seen[p] {
				seen[p] = true
				stack = append(stack, p)
			}
		}
	}
}

// repeats reports whether the survey found a schema to move: one of
// hoistMin bytes or more at two places or more that valueKeywords name,
// or at one beside a definition of the document that is the same schema.
func (h *hoister) repeats() bool {
	defined := map[uint64]*Node{}
	for i, name := range h.defs.Keys {
		if s := h.defs.Vals[i]; s.Kind == '{' && plainDefName(name) {
			defined[h.sums[s].hash] = s
		}
	}
	for _, x := range h.movable {
		m := h.sums[x]
		if d := defined[m.hash]; m.size >= hoistMin && (h.count[m.hash] >= 2 || d != nil && d != x) {
			return true
		}
	}
	return false
}

// round replaces each repeated schema it meets in document order (the
// outermost first) by a $ref, not descending into it, and reports
// whether it replaced any: the next round, surveyed again, finds the
// repeats inside those it moved.
func (h *hoister) round() bool {
	// a definition of the document that repeats stands for its copies
	for i, name := range h.defs.Keys {
		s := h.defs.Vals[i]
		if s.Kind == '{' && plainDefName(name) && h.refs[h.sums[s].hash] == "" {
			h.refs[h.sums[s].hash] = "#/" + h.container + "/" + name
		}
	}
	own := map[*Node]bool{}
	for _, s := range h.defs.Vals {
		own[s] = true
	}
	changed := false
	var walk func(s *Node, field string)
	walk = func(s *Node, field string) {
		for c := range s.Subschemas() {
			x, name := c.Schema, placeName(field, c)
			if s == h.out && c.Keyword == h.container {
				if own[x] {
					walk(x, name) // (a definition stands for itself)
				}
				continue // (one written this round: its repeats are counted again)
			}
			if valueKeywords[c.Keyword] {
				// (refFor moves the first of a repeat into the
				// definitions: only where the $ref replaces it)
				if ref := h.refFor(x, name); ref != "" {
					s.Replace(c, obj("$ref", jstr(ref)))
					h.written = append(h.written, ref)
					// (its properties or prefixItems, else s: measure
					// met s above it)
					h.changed(s.Holder(c))
					changed = true
					continue
				}
			}
			walk(x, name)
		}
	}
	walk(h.out, "")
	if changed {
		h.changed(h.defs) // (refFor wrote in them)
	}
	return changed
}

// placeName names the place of c, a subschema of a schema at the place
// named field, for the definition a repeat first met there is written
// as: the member it is the value of ("properties" and "$defs" name
// theirs), or field with what c reads of its value ("items", "values",
// "names"); a branch of its union, a then, is field's. Only a name a
// $ref may spell as it is (plainDefName) is kept of a member's: any
// other character is "_".
func placeName(field string, c jsonnode.Subschema) string {
	suffix := ""
	switch c.Keyword {
	case "properties", "$defs", "definitions":
		return plainName(c.Key)
	case "items", "prefixItems", "additionalItems", "contains", "unevaluatedItems":
		suffix = "items"
	case "additionalProperties", "patternProperties", "unevaluatedProperties":
		suffix = "values"
	case "propertyNames":
		suffix = "names"
	default:
		return field
	}
	if field == "" {
		return suffix
	}
	return field + "." + suffix
}

// plainName is name with each character a $ref would escape or encode
// (plainRune) made "_"; "_" for "".
func plainName(name string) string {
	if name == "" {
		return "_"
	}
	return strings.Map(func(r rune) rune {
		if plainRune(r) {
			return r
		}
		return '_'
	}, name)
}

// measured is an object's hash and size (measure).
type measured struct {
	hash uint64
	size int
}

// refFor returns the $ref to stand for the schema x at the place named
// field (placeName), writing its definition where none does yet (named
// "shared." and field, the first place's), or "" where x stays: it is
// pinned, small, not repeated, or not alike the schema its hash names.
func (h *hoister) refFor(x *Node, field string) string {
	m := h.sums[x]
	if x.Kind != '{' || h.pinned[x] || m.size < hoistMin || h.count[m.hash] < 2 && h.refs[m.hash] == "" {
		return ""
	}
	ref := h.refs[m.hash]
	if ref == "" {
		base := "shared." + field
		name := base
		for i := 2; h.defs.Get(name) != nil || h.pointers["#/"+h.container+"/"+name]; i++ {
			name = base + "." + strconv.Itoa(i)
		}
		if len(h.defs.Keys) == 0 && h.out.Get(h.container) == nil {
			h.out.Set(h.container, h.defs)
		}
		h.defs.Set(name, x)
		ref = "#/" + h.container + "/" + name
		h.refs[m.hash] = ref
		return ref
	}
	// (two schemas of one hash are one only where their JSON is)
	target, ok := h.targets[ref]
	if !ok {
		target, _ = jsonnode.Resolve(h.out, ref)
		h.targets[ref] = target
	}
	if target == nil || target == x || !identical(target, x) {
		return ""
	}
	return ref
}

// measure records the hash and the size (bytes of JSON) of each object
// of v that sums lacks, and the parents of its objects and arrays, and
// returns v's hash and size.
func (h *hoister) measure(v *Node) (uint64, int) {
	if m, ok := h.sums[v]; ok {
		return m.hash, m.size // (as the last survey measured it: unchanged)
	}
	sum := mix(fnvOffset, uint64(v.Kind))
	size := 0
	switch v.Kind {
	case '{', '[':
		size = 2 + max(len(v.Vals)-1, 0)
		for i, x := range v.Vals {
			if (x.Kind == '{' || x.Kind == '[') && !slices.Contains(h.parents[x], v) {
				h.parents[x] = append(h.parents[x], v)
			}
			if v.Kind == '{' {
				sum = mixString(sum, v.Keys[i])
				size += len(v.Keys[i]) + 3
			}
			c, n := h.measure(x)
			sum = mix(sum, c)
			size += n
		}
		sum = mix(sum, uint64(len(v.Vals)))
	default:
		if held, quoted := v.Held(); v.Kind == '"' && !quoted && plainText(held) {
			// (its JSON text is its value between quotes: hashed as
			// that text, without writing it)
			sum = mix(foldBytes(foldBytes(foldBytes(sum, `"`), held), `"`), uint64(len(held)+2))
			size = len(held) + 2
			break
		}
		text := v.Text() // (its JSON text, however it was read)
		sum = mixString(sum, text)
		size = len(text)
	}
	if v.Kind == '{' {
		h.sums[v] = measured{sum, size}
	}
	return sum, size
}

// plainText reports whether JSON writes the string s as it is between
// quotes: printable ASCII, no quote or backslash.
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// FNV-1a, 64 bits.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// mix folds the 8 bytes of x into the FNV-1a hash sum.
func mix(sum, x uint64) uint64 {
	for range 8 {
		sum = (sum ^ (x & 0xff)) * fnvPrime
		x >>= 8
	}
	return sum
}

// mixString folds s, and its length, into the FNV-1a hash sum.
func mixString(sum uint64, s string) uint64 { return mix(foldBytes(sum, s), uint64(len(s))) }

// foldBytes folds the bytes of s into the FNV-1a hash sum.
func foldBytes(sum uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		sum = (sum ^ uint64(s[i])) * fnvPrime
	}
	return sum
}

// countSchemas counts, by hash, the schemas below s (Subschemas) at
// the places hoisting may move (valueKeywords), not those pinned.
func (h *hoister) countSchemas(s *Node) {
	for c := range s.Subschemas() {
		if c.Schema.Kind == '{' && !h.pinned[c.Schema] && valueKeywords[c.Keyword] {
			h.count[h.sums[c.Schema].hash]++
			h.movable = append(h.movable, c.Schema)
		}
		h.countSchemas(c.Schema)
	}
}

// identical reports whether a and b are one JSON text: keys in one
// order, scalars spelt alike.
func identical(a, b *Node) bool {
	if a.Kind != b.Kind || len(a.Vals) != len(b.Vals) || !slices.Equal(a.Keys, b.Keys) {
		return false
	}
	if a.Kind != '{' && a.Kind != '[' {
		if x, xq := a.Held(); a.Kind == '"' {
			if y, yq := b.Held(); xq == yq {
				return x == y // (held alike: their texts are alike where they are)
			}
		}
		return a.Text() == b.Text()
	}
	for i := range a.Vals {
		if !identical(a.Vals[i], b.Vals[i]) {
			return false
		}
	}
	return true
}

// holdsRef reports whether a schema of s a validator reads holds a
// $ref: one outside definitions, which only a $ref reaches (a linter of
// a host's rules walks from the root, as the host does).
func holdsRef(s *Node) bool {
	if s.Get("$ref") != nil {
		return true
	}
	for c := range s.Subschemas() {
		if c.Keyword != "$defs" && c.Keyword != "definitions" && holdsRef(c.Schema) {
			return true
		}
	}
	return false
}

// hoistable reports whether no schema below out's root sets a base URI,
// an anchor or a dialect other than the root's (a $schema that names the
// root's own, as each of WashingtonPost's definitions does, reads alike
// anywhere), or follows a dynamic reference, and no $ref is a URI other
// than a fragment: a schema moved to its definitions reads there as
// where it stood.
func hoistable(out *Node) bool {
	dialect := out.Get("$schema")
	var ok func(s *Node, top bool) bool
	ok = func(s *Node, top bool) bool {
		for i, k := range s.Keys {
			switch k {
			case "$schema":
				if !top && (dialect == nil || !sameDialect(s.Vals[i], dialect)) {
					return false
				}
			case "$id":
				if !top {
					return false
				}
			case "id":
				if s.Vals[i].Kind == '"' && !top {
					return false
				}
			case "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$dynamicRef", "$recursiveRef":
				return false
			case "$ref":
				if ref, _ := s.Vals[i].AsString(); !strings.HasPrefix(ref, "#") {
					return false
				}
			}
		}
		for c := range s.Subschemas() {
			if !ok(c.Schema, false) {
				return false
			}
		}
		return true
	}
	return ok(out, true)
}

// sameDialect reports whether two $schema values name one dialect: the
// same URI, with or without its empty fragment ("…/draft-04/schema#" and
// "…/draft-04/schema", which WashingtonPost's schemas mix).
func sameDialect(a, b *Node) bool {
	x, okA := a.AsString()
	y, okB := b.AsString()
	return okA && okB && strings.TrimSuffix(x, "#") == strings.TrimSuffix(y, "#")
}

// pointed returns the values a JSON Pointer of out runs into or through,
// and the pointers: every string of out that is a fragment ($ref, a
// discriminator's mapping, whatever reads as one) is followed. (A name
// a pointer spells is not given to a definition it did not name.) It
// returns too the pointers that name no value of out.
func pointed(out *Node) (seen map[*Node]bool, pointers map[string]bool, unnamed []string) {
	h := &hoister{out: out, pinned: map[*Node]bool{}, pointers: map[string]bool{}}
	var walk func(v *Node)
	walk = func(v *Node) {
		if v.Kind == '"' {
			if s, _ := v.AsString(); strings.HasPrefix(s, "#") && !h.pointers[s] {
				h.follow(s)
			}
			return
		}
		for _, x := range v.Vals {
			walk(x)
		}
	}
	walk(out)
	return h.pinned, h.pointers, h.unnamed
}

// follow notes the pointer s of out, pins what it runs into or through,
// and notes it among those that name no value where it names none.
func (h *hoister) follow(s string) {
	h.pointers[s] = true
	trail, named := jsonnode.TrailTo(h.out, s)
	for _, n := range trail {
		h.pinned[n] = true
	}
	if !named && !slices.Contains(h.unnamed, s) {
		h.unnamed = append(h.unnamed, s)
	}
}

// repin brings pinned and pointers to what pointed would return of out
// after a round, without walking out again. A round moves no value a
// pointer runs into or through (pinned), so each pointer that named a
// value runs through the same ones; what a round adds is the $refs it
// wrote (written), and the values it wrote may be what a pointer that
// named none names now (unnamed). Those are followed again.
func (h *hoister) repin() {
	again := append(h.unnamed, h.written...)
	h.unnamed, h.written = nil, nil
	for _, s := range again {
		h.follow(s)
	}
}
