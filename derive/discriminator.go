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
// does not hold, or holds strict, is never advertised in silence.
func (d *deriver) repointMappings(out *Node) {
	var walk func(s *Node, ptr string)
	walk = func(s *Node, ptr string) {
		if s.Kind != '{' {
			return
		}
		d.repointMapping(out, s, ptr)
		for c := range s.Subschemas() { // (schemas only: a default's data is no schema)
			at := ptr + "/" + fragmentEscape(c.Keyword)
			switch h, _ := jsonnode.SubschemaKeyword(c.Keyword); {
			case h == jsonnode.HoldsMap:
				at += "/" + fragmentEscape(c.Key)
			case c.Index >= 0:
				at += "/" + strconv.Itoa(c.Index)
			}
			walk(c.Schema, at)
		}
	}
	walk(out, "#")
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

// discriminatorBeside reports whether s holds OpenAPI's discriminator beside a
// oneOf (no anyOf) and no other keyword the deriver does not read
// (foreign). The discriminator names the member of an object that tells
// which branch of the oneOf holds it; AJV, with its discriminator option,
// enforces it on objects alone, and only beside a oneOf (other
// validators read it as an annotation). A value so held is read as its
// oneOf alone would be; the discriminator goes back beside that oneOf,
// which the rewrite keeps as its object branch (withDiscriminator).
func discriminatorBeside(s *Node) bool {
	if s.Get("oneOf") == nil || s.Get("anyOf") != nil {
		return false
	}
	for _, k := range s.Keys {
		if k != "discriminator" && foreign(k) {
			return false
		}
	}
	return true
}

// withDiscriminator puts the discriminator of s (discriminatorBeside) back
// into out, the rewrite of s without it: beside out's oneOf, where out
// kept one; else beside the oneOf of the first branch of out's anyOf
// (the union, beside the string branch of its JSON text and null); else,
// where the rewrite read the oneOf as an anyOf (no value matches two of
// its branches), beside those branches gathered again in a oneOf, ahead
// of the string and null branches. s's type (AJV's strict types want
// "type": "object" beside the discriminator) goes with it.
func withDiscriminator(out, s *Node) *Node {
	disc := s.Get("discriminator").Clone()
	put := func(holder *Node) *Node {
		holder = holder.Shallow()
		if t := s.Get("type"); t != nil && holder.Get("type") == nil {
			holder = merged(obj("type", t.Clone()), holder)
		}
		holder.Set("discriminator", disc)
		return holder
	}
	if out.Get("oneOf") != nil {
		return put(out)
	}
	list := out.Get("anyOf")
	if list == nil || list.Kind != '[' || len(out.Keys) != 1 {
		return put(out)
	}
	items := list.Items()
	if len(items) > 0 && items[0].Get("oneOf") != nil {
		branches := slices.Clone(items)
		branches[0] = put(items[0])
		return obj("anyOf", jsonnode.Array(branches...))
	}
	var union, rest []*Node
	for _, b := range items {
		if t, _ := b.Get("type").AsString(); t == "string" || t == "null" {
			rest = append(rest, b)
		} else {
			union = append(union, b)
		}
	}
	return obj("anyOf", jsonnode.Array(append([]*Node{put(obj("oneOf", jsonnode.Array(union...)))}, rest...)...))
}
