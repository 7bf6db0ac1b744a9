package lint

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/internal/schemaprofile"
)

// ForeignComment is the $comment normgen writes on a struct of another
// package, which encoding/json decodes without coercion (the generator
// says so in a warning): CheckCatalog does not report what it holds.
const ForeignComment = "normgen: decoded by encoding/json (a struct of another package), without coercion"

// The kinds of finding CheckCatalog reports.
const (
	KindRootNotObject       = "root-not-object"
	KindRootCombinator      = "root-combinator"
	KindIntegerNoString     = "integer-no-string-form"
	KindNumberNoString      = "number-no-string-form"
	KindBooleanNoString     = "boolean-no-string-form"
	KindStringFormNoPattern = "string-form-no-pattern"
	KindPatternTooLoose     = "pattern-too-loose"
	KindPatternTooStrict    = "pattern-too-strict"
	KindPatternNotPortable  = "pattern-not-portable"
	KindArrayNoText         = "array-no-json-text-form"
	KindObjectNoText        = "object-no-json-text-form"
	KindArrayNoItems        = "array-no-items"
	KindEnumNotStrings      = "enum-not-strings"
)

// CheckCatalog lints a tools/list catalog from any server: a JSON array of
// {name, description, inputSchema}, or an object with a "tools" array. It
// reports, per tool and field, each place where a host validator would
// reject a form LLM clients are known to send, and each host rule the
// schema breaks. Findings are sorted by tool, path and kind. A field
// declared `norm:"strict"` accepts JSON's own form only, on purpose: it is
// not reported, nor a value the deriver left strict (the $comment normgen
// writes on both starts with "normgen: strict (no coercion, by declaration)").
func CheckCatalog(data []byte) ([]Finding, error) {
	tools, err := catalogTools(data)
	if err != nil {
		return nil, err
	}
	var out []Finding
	for i, tool := range tools {
		name, _ := toolLabel(tool, i)
		root := tool.Get("inputSchema")
		if !isObject(root) {
			out = append(out, Finding{Tool: name, Kind: KindRootNotObject, Message: `inputSchema is missing or not an object; hosts need {"type": "object", ...}`})
			continue
		}
		c := &checker{tool: name, root: root, walked: map[walk]bool{}}
		c.checkRoot(root)
		out = append(out, c.findings...)
	}
	return capFindings(sortFindings(out)), nil
}

type checker struct {
	tool     string
	root     *node
	walked   map[walk]bool // $refs walked or being walked: each once per tool and walk
	refs     refTypes      // the types of each $ref, looked up once per tool
	findings []Finding
}

// walk is a $ref target's walk: as a field (its own findings, and its
// members'), or only its members, as the object branch of a field whose
// other branches (a string form beside it) belong to that field.
type walk struct {
	ref     string
	members bool
}

// once reports whether w is walked for the first time, and marks it.
func (c *checker) once(w walk) bool {
	if c.walked[w] {
		return false
	}
	c.walked[w] = true
	return true
}

func (c *checker) add(path, kind, format string, args ...any) {
	c.findings = append(c.findings, Finding{Tool: c.tool, Path: path, Kind: kind, Message: fmt.Sprintf(format, args...)})
}

func (c *checker) checkRoot(s *node) {
	if t, _ := s.Get("type").AsString(); t != "object" {
		c.add("", KindRootNotObject, `the root schema's type is %s; hosts (the Claude API among them) require "type": "object"`, describe(s.Get("type")))
	}
	for _, k := range jsonnode.Combinators {
		if s.Get(k) != nil {
			c.add("", KindRootCombinator, "the root schema has a top-level %s, which hosts reject; move the alternatives into the properties", k)
		}
	}
	c.properties("", s)
}

// properties walks an object schema's members.
func (c *checker) properties(path string, s *node) {
	if props := s.Get("properties"); isObject(props) {
		// In name order: a shared $ref is reported at the first path that
		// reaches it, which must not depend on the document's order.
		for _, name := range sortedKeys(props) {
			if ps := props.Get(name); isObject(ps) {
				c.field(join(path, name), ps)
			}
		}
	}
	if ap := s.Get("additionalProperties"); isObject(ap) {
		c.field(join(path, "*"), ap)
	}
	// A pattern of patternProperties matches member names: one that Go
	// and ECMAScript may read otherwise ("^.+$": Go's dot takes \r,
	// ECMAScript's does not) holds a name to its schema on one side and
	// not on the other, and a rule path reads none of its values
	// (rulespec.CompilePattern); a pattern every name matches (".*") is
	// read alike. The advice is PortablePattern's, where it has one.
	if pp := s.Get("patternProperties"); isObject(pp) {
		for _, p := range sortedKeys(pp) {
			if _, err := rulespec.CompilePattern(p); err != nil {
				if advice := PortablePattern(p); advice != nil {
					err = advice
				}
				c.add(rulespec.PathPattern(path, p), KindPatternNotPortable, "name pattern of patternProperties: %v; a host validating with ECMAScript (AJV) refuses the whole schema or holds other names to its schema than the server's Go validator does, and the adapters give its values no rules", err)
			}
		}
	}
}

// resolve follows a local $ref, and the $ref it leads to, until a schema
// that is not a $ref: it returns that schema and the last $ref followed
// (the key its walk is memoized under), or s and "" when a $ref does not
// resolve to an object or the chain comes back on itself.
func (c *checker) resolve(s *node) (*node, string) {
	cur, last := s, ""
	for hop, err := range jsonnode.RefChain(c.root, s) {
		switch {
		case errors.Is(err, jsonnode.ErrRefNotString), !strings.HasPrefix(hop.Ref, "#/"):
			return cur, last
		case err != nil, !isObject(hop.Target):
			return s, ""
		}
		cur, last = hop.Target, hop.Ref
	}
	return cur, last
}

// types returns the JSON types a schema accepts, looking into anyOf/oneOf
// branches (as SDKs write nullable fields) and the $refs they name, and
// the pattern on its string form.
func (c *checker) types(s *node) (set map[string]bool, pattern string, hasPattern bool) {
	info := typeInfo{set: map[string]bool{}}
	c.collect(s, "", &info)
	return info.set, info.pattern, info.hasPattern
}

// typeInfo is what types reports about a schema.
type typeInfo struct {
	set        map[string]bool
	pattern    string
	hasPattern bool
}

// merge adds src's types to dst, and src's pattern when src has a string
// form.
func (dst *typeInfo) merge(src typeInfo) {
	for t := range src.set {
		dst.set[t] = true
	}
	if src.hasPattern && src.set["string"] {
		dst.pattern, dst.hasPattern = src.pattern, true
	}
}

// refTypes holds the look-ups of $ref targets for one tool: the types of
// each $ref are computed once (Tarjan's strongly connected components over
// the anyOf/oneOf $refs: the $refs of one cycle share one answer), so the
// cost of types over all fields is linear in the schema's size.
type refTypes struct {
	done       map[string]typeInfo
	index, low map[string]int
	onStack    map[string]bool
	stack      []string
	own        map[string]*typeInfo
	next       int
}

// collect adds the types of schema s, met while looking up the $ref from
// ("" at the top of a look-up), to info.
func (c *checker) collect(s *node, from string, info *typeInfo) {
	for t := range schemaTypes(s) {
		info.set[t] = true
	}
	if p, ok := s.Get("pattern").AsString(); ok {
		info.pattern, info.hasPattern = p, true
	}
	g := &c.refs
	for _, k := range jsonnode.Alternatives {
		for _, b := range s.Get(k).Items() {
			if !isObject(b) {
				continue
			}
			bs, ref := c.resolve(b)
			switch done, isDone := g.done[ref]; {
			case ref == "":
				sub := typeInfo{set: map[string]bool{}}
				c.collect(bs, from, &sub)
				info.merge(sub)
			case isDone:
				info.merge(done)
			case g.onStack[ref]:
				// A cycle: ref's types reach from's component when it
				// is complete.
				if from != "" {
					g.low[from] = min(g.low[from], g.index[ref])
				}
			default:
				info.merge(c.refInfo(ref, bs))
				if from != "" {
					g.low[from] = min(g.low[from], g.low[ref])
				}
			}
		}
	}
}

// refInfo returns the types of target, the schema $ref ref names. Inside
// a cycle the answer may still be partial; the cycle's first $ref gives
// every $ref of the cycle the whole answer once it is complete.
func (c *checker) refInfo(ref string, target *node) typeInfo {
	g := &c.refs
	if g.done == nil {
		g.done, g.index, g.low = map[string]typeInfo{}, map[string]int{}, map[string]int{}
		g.onStack, g.own = map[string]bool{}, map[string]*typeInfo{}
	}
	g.index[ref], g.low[ref] = g.next, g.next
	g.next++
	g.stack = append(g.stack, ref)
	g.onStack[ref] = true
	own := &typeInfo{set: map[string]bool{}}
	g.own[ref] = own
	c.collect(target, ref, own)
	if g.low[ref] != g.index[ref] {
		return *own
	}
	all := typeInfo{set: map[string]bool{}}
	var members []string
	for {
		m := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		g.onStack[m] = false
		members = append(members, m)
		all.merge(*g.own[m])
		delete(g.own, m)
		if m == ref {
			break
		}
	}
	for _, m := range members {
		g.done[m] = all
	}
	return all
}

// Sample strings the pattern of each kind's string form must accept and
// reject.
var (
	intGood  = []string{"0", "100", "010"}
	intBad   = []string{"1.5", "1e3", "abc", "", " 1", "0x10", "NaN"}
	numGood  = []string{"0", "1.5", "-2", "1e3"}
	numBad   = []string{"abc", "", "NaN", "Infinity", " 1", "1,5"}
	boolGood = []string{"true", "false"}
	boolBad  = []string{"maybe", "", "2", "tru"}
)

func (c *checker) field(path string, s *node) {
	s, ref := c.resolve(s)
	// Each $ref target is walked once per tool as a field and once for its
	// members (its findings are reported at the first path that reaches
	// it): cycles end, and shared definitions cost nothing more.
	if ref != "" && !c.once(walk{ref: ref}) {
		return
	}
	set, pattern, hasPattern := c.types(s)
	bs, refs := c.branchRefs(s)
	// Per branch: a field declared norm:"strict" opts out of coercion on
	// purpose (the comment sits in the first branch of the portable form's
	// anyOf); a pattern a host cannot compile, or reads differently, is
	// reported on any field; enums must hold strings.
	strict, portable := false, true
	for _, b := range bs {
		comment, _ := b.Get("$comment").AsString()
		if strings.HasPrefix(comment, ForeignComment) {
			return // decoded by encoding/json, as the generator warned
		}
		strict = strict || strings.HasPrefix(comment, leniency.StrictComment)
		if p, ok := b.Get("pattern").AsString(); ok {
			if err := PortablePattern(p); err != nil {
				c.add(path, KindPatternNotPortable, "%v; a host validating with ECMAScript (AJV) refuses the whole schema or reads the pattern differently", err)
				portable = false
			}
		}
		// (a schema with a type array, the typearray profile's, is for
		// AJV hosts, which take any enum; the hosts that want enums of
		// strings refuse its type array first: check -host says so)
		if enum := b.Get("enum"); enum != nil && enum.Kind == '[' && b.Get("type").Kind != '[' {
			for _, e := range enum.Items() {
				if e.Kind != '"' && e.Kind != 'n' {
					c.add(path, KindEnumNotStrings, "enum has the non-string value %s; hosts require enums of strings", describe(e))
					break
				}
			}
		}
	}
	// A string form that is an enum lets no other string through: an
	// integer enum's values' texts, or a string enum whose values the
	// integers and booleans beside it are the text of (normgen's
	// enum_digits and enum_text readings). There is no pattern to check.
	// So is one whose pattern is a string enum's values in any letter
	// case, as the typearray profile writes that enum.
	enumForm := slices.ContainsFunc(bs, func(b *node) bool {
		p, _ := b.Get("pattern").AsString()
		return schemaTypes(b)["string"] && (len(b.Get("enum").Items()) > 0 || schemaprofile.IsEnumCasePattern(p))
	})
	switch {
	case strict:
	case enumForm:
	case !portable && (set["integer"] || set["number"] || set["boolean"]) && set["string"]:
		// reported above
	case set["string"] && !hasPattern && c.wrapForm(bs, set):
		// A scalar beside an array of it (norm:"wrap": 5 for [5]): the
		// string form is the JSON text of either ("[5]", "5"), which no
		// pattern spells; the decoder refuses other text with a clear
		// error (docs/semantics.md, class (b)).
	case set["integer"]:
		c.scalar(path, set, pattern, hasPattern, "integer", KindIntegerNoString, `"100"`, `^-?[0-9]+$`, intGood, intBad)
	case set["number"]:
		c.scalar(path, set, pattern, hasPattern, "number", KindNumberNoString, `"1.5"`, `^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`, numGood, numBad)
	case set["boolean"]:
		c.scalar(path, set, pattern, hasPattern, "boolean", KindBooleanNoString, `"true"`, `^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0)$`, boolGood, boolBad)
	}
	if set["array"] {
		if !set["string"] && !strict {
			c.add(path, KindArrayNoText, `array field accepts no string form: hosts reject an array sent as JSON text ("[\"a\"]"); use {"anyOf": [{"type": "array", "items": {...}}, {"type": "string"}%s]} and parse the text in the decoder`, nullBranch(set))
		}
		arr := branchOf(bs, "array")
		switch it := arr.Get("items"); {
		case isObject(it):
			c.field(path+"[]", it)
		case it == nil || it.Kind != 't':
			c.add(path, KindArrayNoItems, `array has no "items"; some hosts reject such schemas: give the element schema`)
		}
	}
	if set["object"] {
		if !set["string"] && !strict {
			c.add(path, KindObjectNoText, `object field accepts no string form: hosts reject an object sent as JSON text; use {"anyOf": [{"type": "object", "properties": {...}}, {"type": "string"}%s]} and parse the text in the decoder`, nullBranch(set))
		}
		obj := branchOf(bs, "object")
		// A branch that is a $ref (a recursive struct's, in the portable
		// form's anyOf) has its members walked once per tool; the field
		// itself, when it is that $ref, too.
		refs[0] = ref
		for i, b := range bs {
			if b == obj && refs[i] != "" && !c.once(walk{ref: refs[i], members: true}) {
				return
			}
		}
		c.properties(path, obj)
	}
}

// wrapForm reports whether a field of the types set, its branches bs,
// is the generator's norm:"wrap" form: an array whose items take each
// scalar type beside it (integer, number, boolean), as a lone element.
func (c *checker) wrapForm(bs []*node, set map[string]bool) bool {
	if !set["array"] {
		return false
	}
	items, _, _ := c.types(branchOf(bs, "array").Get("items"))
	wraps := false
	for _, t := range []string{"integer", "number", "boolean"} {
		if set[t] {
			if !items[t] {
				return false
			}
			wraps = true
		}
	}
	return wraps
}

// nullBranch is the null branch of the portable spelling a finding
// advises, for a field that takes null.
func nullBranch(set map[string]bool) string {
	if set["null"] {
		return `, {"type": "null"}`
	}
	return ""
}

// branchRefs returns a schema and the (resolved) branches of its anyOf
// and oneOf, where the portable form keeps each type's keywords, with,
// for each, the last $ref followed to it ("" for none).
func (c *checker) branchRefs(s *node) ([]*node, []string) {
	out, refs := []*node{s}, []string{""}
	for _, k := range jsonnode.Alternatives {
		for _, b := range s.Get(k).Items() {
			if isObject(b) {
				bs, ref := c.resolve(b)
				out, refs = append(out, bs), append(refs, ref)
			}
		}
	}
	return out, refs
}

// branchOf returns, of a schema's branches (as branchRefs returns them, the
// schema first), the one that carries type typ's keywords: the first whose
// type names typ, else the schema itself.
func branchOf(bs []*node, typ string) *node {
	for _, b := range bs {
		if schemaTypes(b)[typ] {
			return b
		}
	}
	return bs[0]
}

// scalar checks a number or boolean field's string form.
func (c *checker) scalar(path string, set map[string]bool, pattern string, hasPattern bool, typ, noString, example, want string, good, bad []string) {
	if !set["string"] {
		// The advice is the portable spelling (what normgen generates by
		// default), which every host takes; a type array is not.
		c.add(path, noString, "%s field accepts no string form: hosts reject %s; use {\"anyOf\": [{\"type\": %q}, {\"type\": \"string\", \"pattern\": %q}%s]}", typ, example, typ, want, nullBranch(set))
		return
	}
	if !hasPattern {
		c.add(path, KindStringFormNoPattern, "%s field accepts any string: a host lets \"abc\" through; add \"pattern\": %q", typ, want)
		return
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return // reported as not portable
	}
	for _, s := range bad {
		if s == "" && set["null"] {
			// A field that takes null, optional: "" for it is the field
			// left out, as normgen's decoders and rules (absent) read it.
			continue
		}
		if re.MatchString(s) {
			c.add(path, KindPatternTooLoose, "pattern %q lets %q through, which a %s cannot hold; use %q", pattern, s, typ, want)
			return
		}
	}
	for _, s := range good {
		if !re.MatchString(s) {
			c.add(path, KindPatternTooStrict, "pattern %q rejects %q, a valid %s; use %q", pattern, s, typ, want)
			return
		}
	}
}
