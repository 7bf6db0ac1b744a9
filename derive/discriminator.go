package derive

import (
	"fmt"
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
