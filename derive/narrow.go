package derive

import (
	"slices"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
)

// narrowTypes returns the rewrite s with the anyOf and oneOf branches
// that the type of a schema above them rules out taken away, and the
// types of a branch's list that it rules out (a number narrowed to an
// integer): s itself where there are none, else a copy (s may share
// nodes with the strict schema). A branch is under a type where it sits
// in an in-place applicator (allOf, anyOf, oneOf, not, if, then, else,
// dependentSchemas) of the schema naming it, at any depth that names no
// type of its own (which then stands instead).
//
// Inlining a reference beside a type puts such branches there
// ({"type": "array", "oneOf": [{"$ref": ...}]}, whose target takes
// booleans too): AJV's strict types refuse them ("type boolean not
// allowed by context array"), where they compile the strict schema,
// whose reference that check does not follow, so that a host in strict
// mode would list no such tool. A branch that takes no value of the
// type never matches one, and every other value fails the type: the
// schema takes what it took, in every draft. Where the rewrite holds a
// reference into a union's branches by index ("#/$defs/A/anyOf/1"),
// which taking one away would move, it is left as it is, and so is a
// branch that holds an identifier or anchor another reference may name.
func narrowTypes(s *Node) *Node {
	if pointsIntoUnion(s) {
		return s
	}
	return narrowed(s, nil)
}

// narrowed is narrowTypes below a schema that names the types ctx (nil:
// none).
func narrowed(s *Node, ctx []string) *Node {
	if s.Kind != '{' {
		return s
	}
	inner := ctx
	if own := typeNames(s); own != nil {
		inner = own
	}
	if s.Get("$ref") != nil {
		// (a draft-07 validator ignores the reference's siblings, and
		// AJV checks no type across it)
		inner = nil
	}
	out := s.MapSubschemas(func(c jsonnode.Subschema) *Node {
		if inPlace[c.Keyword] {
			return narrowed(c.Schema, inner)
		}
		return narrowed(c.Schema, nil)
	})
	if inner == nil {
		return out
	}
	for _, k := range jsonnode.Alternatives {
		list := out.Get(k)
		if list == nil || list.Kind != '[' {
			continue
		}
		var kept []*Node
		changed := false
		for _, b := range list.Items() {
			nb, ok := narrowBranch(b, inner)
			changed = changed || !ok || nb != b
			if ok {
				kept = append(kept, nb)
			}
		}
		if !changed || len(kept) == 0 {
			continue // (every branch ruled out: the schema takes nothing, and stays as it is)
		}
		if out == s {
			out = shallow(s)
		}
		out.Set(k, jsonnode.Array(kept...))
	}
	return out
}

// narrowBranch returns the branch b of a union under the types ctx:
// false where it takes none of their values, else b with the types of
// its list that ctx rules out taken away (a number an integer, where
// ctx names integer and not number).
func narrowBranch(b *Node, ctx []string) (*Node, bool) {
	types := typeNames(b)
	if types == nil || b.Get("$ref") != nil {
		return b, true
	}
	var fit []string
	for _, t := range types {
		switch {
		case typeIn(ctx, t):
			fit = append(fit, t)
		case t == "number" && slices.Contains(ctx, "integer") && !slices.Contains(types, "integer"):
			fit = append(fit, "integer")
		}
	}
	switch {
	case len(fit) == 0 && !holdsName(b):
		return nil, false
	case len(fit) == 0:
		return b, true // (an identifier or anchor inside it, which a reference may name)
	case slices.Equal(fit, types), openAPINullable(b):
		// (OpenAPI's nullable beside the type: left as it is)
		return b, true
	}
	out := shallow(b)
	if len(fit) == 1 {
		out.Set("type", jstr(fit[0]))
	} else {
		items := make([]*Node, len(fit))
		for i, t := range fit {
			items[i] = jstr(t)
		}
		out.Set("type", jsonnode.Array(items...))
	}
	return out, true
}

// shallow returns a copy of the object s whose members are s's: setting
// one changes the copy alone.
func shallow(s *Node) *Node {
	return &Node{Kind: '{', Keys: slices.Clone(s.Keys), Vals: slices.Clone(s.Vals)}
}

// pointsIntoUnion reports whether a $ref in s points into the branches
// of an anyOf or oneOf.
func pointsIntoUnion(s *Node) bool {
	if s.Kind != '{' && s.Kind != '[' {
		return false
	}
	if ref, ok := s.Get("$ref").AsString(); ok && s.Kind == '{' && (strings.Contains(ref, "/anyOf/") || strings.Contains(ref, "/oneOf/")) {
		return true
	}
	return slices.ContainsFunc(s.Vals, pointsIntoUnion)
}
