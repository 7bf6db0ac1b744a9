package derive

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
)

// repointMappings makes each entry of a discriminator's mapping in the
// rewrite out (OpenAPI's, which pydantic writes beside a oneOf of
// references: {"cat": "#/$defs/Cat"}) that names no branch of its oneOf
// (or anyOf), its definition inlined and pruned, or kept strict where
// the branch is its lenient copy (a recursive definition's), name the
// branch that holds the entry's value instead: the one whose member
// propertyName has that value as its const, or alone in its enum
// ("#/properties/pet/oneOf/0"). A validator that reads the mapping then
// picks the branch the rewrite holds, lenient forms and all; JSON Schema
// validators read no mapping. An entry no one branch holds stays as it
// is, and a warning says so: a mapping that names a schema the rewrite
// holds strict is never advertised in silence (pruneDefs, after, keeps
// the definition it names).
func (d *deriver) repointMappings(out *Node) {
	var toks []string // the pointer's tokens to the schema walked (written out where it has a mapping)
	var walk func(s *Node)
	walk = func(s *Node) {
		if s.Kind != '{' {
			return
		}
		if s.Get("discriminator").Get("mapping") != nil {
			var ptr strings.Builder
			ptr.WriteString("#")
			for _, t := range toks {
				ptr.WriteString("/" + fragmentEscape(t))
			}
			d.repointMapping(out, s, ptr.String())
		}
		for c := range s.Subschemas() { // (schemas only: a default's data is no schema)
			n := len(toks)
			toks = append(toks, c.Keyword)
			switch h, _ := jsonnode.SubschemaKeyword(c.Keyword); {
			case h == jsonnode.HoldsMap:
				toks = append(toks, c.Key)
			case c.Index >= 0:
				toks = append(toks, strconv.Itoa(c.Index))
			}
			walk(c.Schema)
			toks = toks[:n]
		}
	}
	walk(out)
}

// repointMapping is repointMappings of the schema s at ptr in out.
func (d *deriver) repointMapping(out, s *Node, ptr string) {
	disc := s.Get("discriminator")
	mapping := disc.Get("mapping")
	name, ok := disc.Get("propertyName").AsString()
	if mapping == nil || mapping.Kind != '{' || !ok {
		return
	}
	for i, k := range mapping.Keys {
		ref, ok := mapping.Vals[i].AsString()
		target := pointer(out, ref)
		if !ok || target != nil && branchOf(out, s, target) {
			continue
		}
		at, n := "", 0
		for _, u := range jsonnode.Alternatives {
			for j, b := range s.Get(u).Items() {
				if holdsTag(b, name, k) {
					at, n = ptr+"/"+u+"/"+strconv.Itoa(j), n+1
				}
			}
		}
		if n != 1 {
			what := "which names no schema the rewrite holds"
			if target != nil {
				what = "which names no branch of it (a definition the rewrite holds strict)"
			}
			d.warns = append(d.warns, Warning{Tool: d.tool, Message: fmt.Sprintf("the discriminator at %s maps %q to %s, %s, and %d of its branches hold %s %q; kept as it is", ptr, k, ref, what, n, name, k)})
			continue
		}
		mapping.Vals[i] = jsonnode.String(at)
	}
}

// branchOf reports whether target is a branch of the oneOf or anyOf of
// s, or what a branch that is a $ref names, in out.
func branchOf(out, s, target *Node) bool {
	for _, u := range jsonnode.Alternatives {
		for _, b := range s.Get(u).Items() {
			if b == target {
				return true
			}
			if ref, ok := b.Get("$ref").AsString(); ok && pointer(out, ref) == target {
				return true
			}
		}
	}
	return false
}

// holdsTag reports whether the branch b holds its member name to the
// value v alone (tagged), in its properties or in those of a branch of
// its allOf ({"allOf": [{...Cat's copy}], "required": [...]}).
func holdsTag(b *Node, name, v string) bool {
	if tagged(b.Get("properties").Get(name), v) {
		return true
	}
	for _, x := range b.Get("allOf").Items() {
		if tagged(x.Get("properties").Get(name), v) {
			return true
		}
	}
	return false
}

// tagged reports whether the schema tag of a discriminator's member
// takes the value v alone: its const, or its enum of v alone.
func tagged(tag *Node, v string) bool {
	if c, ok := tag.Get("const").AsString(); ok {
		return c == v
	}
	e := tag.Get("enum").Items()
	if len(e) != 1 {
		return false
	}
	x, ok := e[0].AsString()
	return ok && x == v
}

// fragmentEscape escapes a member name as a JSON Pointer's reference
// token in a URI fragment: "~" and "/" as "~0" and "~1" (RFC 6901), and
// then every byte a fragment may not hold as %XX (RFC 3986).
func fragmentEscape(k string) string {
	k = strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
	var b strings.Builder
	for i := 0; i < len(k); i++ {
		c := k[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~!$&'()*+,;=:@", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// discriminatorBeside reports whether s, in the document root, holds
// OpenAPI's discriminator beside a oneOf (no anyOf) whose branches are
// each an object schema ({"type": "object", ...}, or a $ref to one), and
// no other keyword the deriver does not read (foreign); and where s's
// type is "object" or the discriminator has a mapping. The discriminator
// names the member of an object that tells which branch holds it. AJV,
// with its discriminator option, enforces it in place of the oneOf (it
// skips the oneOf), on objects alone: a type that takes more than
// objects, or none (AJV's default strict types compile that), then takes
// every other value as it is; a mapping it refuses to compile, and every
// validator that compiles such a schema applies the oneOf (the others
// read the discriminator as an annotation). A value so held is read as
// its oneOf alone would be; the discriminator goes back beside that
// oneOf, which the rewrite keeps as its object branch (withDiscriminator).
func discriminatorBeside(root, s *Node) bool {
	list := s.Get("oneOf")
	if list == nil || s.Get("anyOf") != nil || len(list.Items()) == 0 {
		return false
	}
	if t, _ := s.Get("type").AsString(); t != "object" && s.Get("discriminator").Get("mapping") == nil {
		return false
	}
	for _, k := range s.Keys {
		if k != "discriminator" && foreign(k) {
			return false
		}
	}
	for _, b := range list.Items() {
		if !objectSchema(root, b) {
			return false
		}
	}
	return true
}

// objectSchema reports whether b, a branch of a union in the document
// root, holds its values to objects: its type is "object", or it is a
// $ref beside nothing else whose target's is (through 8 references at
// most).
func objectSchema(root, b *Node) bool {
	for range 8 {
		if t, _ := branchType(root, b); t == "object" {
			return true
		}
		ref, ok := b.Get("$ref").AsString()
		if !ok || len(b.Keys) != 1 {
			return false
		}
		if b = pointer(root, ref); b == nil || b.Kind != '{' {
			return false
		}
	}
	return false
}

// discriminated reads s as a discriminated union (discriminatorBeside),
// or as one beside null alone (pydantic's Optional of one: {"anyOf":
// [{"oneOf": [...], "discriminator": {...}}, {"type": "null"}], "default":
// null}; nullable). union is the schema holding the discriminator; inner
// is union with its discriminator and type taken off (each branch holds
// its values to objects: moved into the branches, as the rewrite moves a
// union's siblings, the type would stand beside a $ref, which AJV's
// option then does not follow), to be read as its oneOf alone
// (withDiscriminator puts them back). inner is a shallow copy whose
// oneOf's branches are union's nodes (their identity marks recursion
// sites and shared copies); nil where s is neither.
func (d *deriver) discriminated(s *Node) (inner, union *Node, nullable bool) {
	union = s
	if s.Get("discriminator") == nil {
		list := s.Get("anyOf")
		if list == nil || list.Kind != '[' || s.Get("oneOf") != nil || s.Get("type") != nil {
			return nil, nil, false
		}
		union = nil
		for _, b := range list.Items() {
			switch {
			case isNull(b):
				nullable = true
			case union == nil && b.Kind == '{' && b.Get("discriminator") != nil:
				union = b
			default:
				return nil, nil, false
			}
		}
		if union == nil || !nullable || slices.ContainsFunc(s.Keys, func(k string) bool { return k != "anyOf" && !annotation(k) }) {
			return nil, nil, false
		}
	}
	if !discriminatorBeside(d.root, union) {
		return nil, nil, false
	}
	inner = union.Shallow()
	inner.Delete("discriminator")
	inner.Delete("type")
	return inner, union, nullable
}

// withDiscriminator puts the discriminator of union (discriminated) back
// into out, the rewrite of what discriminated made of it: beside out's
// oneOf, where out is the union (kept a oneOf, its siblings merged into
// its branches or not); beside the oneOf of the one branch of out's
// anyOf that is the union (beside the string branch of its JSON text and
// null); else, where out is a union of its branches read as an anyOf (no
// value matches two), maybe among the string and null branches, beside
// them gathered again in a oneOf, ahead of the string and null branches.
// A branch holds the discriminator's member among its properties (AJV's
// option wants it there) or is a $ref: one that does not, but holds a
// oneOf, is the union. union's type goes back with it (AJV's strict
// types want "type": "object" beside the discriminator).
func withDiscriminator(out, union *Node) *Node {
	disc := union.Get("discriminator")
	tag, _ := disc.Get("propertyName").AsString()
	put := func(holder *Node) *Node {
		holder = holder.Shallow()
		if t := union.Get("type"); t != nil && holder.Get("type") == nil {
			holder = merged(obj("type", t.Clone()), holder)
		}
		holder.Set("discriminator", disc.Clone())
		return holder
	}
	isUnion := func(n *Node) bool {
		return n.Get("oneOf") != nil && n.Get("$ref") == nil && n.Get("properties").Get(tag) == nil
	}
	list := out.Get("anyOf")
	if isUnion(out) || list == nil || list.Kind != '[' {
		return put(out)
	}
	var members, rest []*Node
	for _, b := range list.Items() {
		if t, _ := b.Get("type").AsString(); t == "string" || t == "null" {
			rest = append(rest, b) // (each of union's branches is an object schema)
		} else {
			members = append(members, b)
		}
	}
	var holder *Node
	if len(members) == 1 && isUnion(members[0]) {
		holder = put(members[0])
	} else {
		holder = put(obj("oneOf", jsonnode.Array(members...)))
	}
	if len(rest) == 0 && len(out.Keys) == 1 {
		return holder
	}
	res := out.Shallow()
	res.Set("anyOf", jsonnode.Array(append([]*Node{holder}, rest...)...))
	return res
}
