package jsonnode

import (
	"errors"
	"fmt"
	"iter"
	"slices"
)

// This file is the one place that knows which JSON Schema keywords hold
// subschemas, and how: lint, derive, schemaprofile and normalize's
// metrics walk a schema with Subschemas and follow its $refs with Follow,
// and take keyword sets (Combinators) from here rather than spell them.

// Holds says how a keyword holds its subschemas.
type Holds uint8

const (
	// HoldsSchema is a keyword whose value is one schema (not, items in
	// its object form, additionalProperties, ...).
	HoldsSchema Holds = 1 + iota
	// HoldsList is a keyword whose value is an array of schemas (allOf,
	// prefixItems, items in its array form, ...).
	HoldsList
	// HoldsMap is a keyword whose value is an object of schemas by name
	// (properties, $defs, ...).
	HoldsMap
)

// subschemaKeywords are the keywords that hold subschemas (draft 4 to
// 2020-12), by how they hold them. items holds one schema or, in its
// array form (draft 4 to 2019-09), a list; dependencies (draft 4 to 7)
// holds schemas and arrays of property names, of which only the schemas
// are subschemas.
var subschemaKeywords = map[string]Holds{
	"not": HoldsSchema, "if": HoldsSchema, "then": HoldsSchema, "else": HoldsSchema,
	"items": HoldsSchema, "additionalItems": HoldsSchema, "unevaluatedItems": HoldsSchema, "contains": HoldsSchema,
	"additionalProperties": HoldsSchema, "unevaluatedProperties": HoldsSchema, "propertyNames": HoldsSchema,
	"allOf": HoldsList, "anyOf": HoldsList, "oneOf": HoldsList, "prefixItems": HoldsList,
	"properties": HoldsMap, "patternProperties": HoldsMap, "$defs": HoldsMap, "definitions": HoldsMap,
	"dependentSchemas": HoldsMap, "dependencies": HoldsMap,
}

// SubschemaKeyword returns how keyword k holds subschemas, and whether it
// holds any.
func SubschemaKeyword(k string) (Holds, bool) {
	h, ok := subschemaKeywords[k]
	return h, ok
}

// Keyword names of the combinators, for a caller that treats one of them
// apart (anyOf's branches, a oneOf that is not an anyOf).
const (
	AnyOf = "anyOf"
	OneOf = "oneOf"
	AllOf = "allOf"
)

// Combinators are the keywords that combine a list of schemas: anyOf,
// oneOf and allOf, in that order (the order a walk meets them in, and a
// check reports them in).
var Combinators = []string{AnyOf, OneOf, AllOf}

// Alternatives are the combinators whose value is one of its branches:
// anyOf and oneOf.
var Alternatives = Combinators[:2]

// Conditionals are the keywords that apply a schema by condition or
// negation: not, if, then and else.
var Conditionals = []string{"not", "if", "then", "else"}

// IsCombinator reports whether k is anyOf, oneOf or allOf.
func IsCombinator(k string) bool { return k == AnyOf || k == OneOf || k == AllOf }

// IsConditional reports whether k is not, if, then or else.
func IsConditional(k string) bool { return k == "not" || k == "if" || k == "then" || k == "else" }

// Subschema is one child of a schema, as Subschemas yields it.
type Subschema struct {
	// Keyword is the member of the parent that holds it ("properties",
	// "anyOf", "items", ...).
	Keyword string
	// Key is its name, for a keyword that holds a map of schemas
	// (HoldsMap), else "".
	Key string
	// Index is its place, for a keyword that holds a list (HoldsList, or
	// items in its array form), else -1.
	Index int
	// Schema is the subschema: an object, or a boolean schema.
	Schema *Node
	// at is the keyword's place among the parent's members, and in the
	// place of the subschema in the keyword's list or map (-1 for a
	// keyword that holds one schema): where Replace puts another.
	at, in int
}

// isSchema reports whether v can be a schema: an object or a boolean.
func isSchema(v *Node) bool { return v != nil && (v.Kind == '{' || v.Kind == 't') }

// Subschemas yields the subschemas of schema v, every keyword's that
// holds any (SubschemaKeyword), in v's member order and, within a
// keyword, in its value's order. Only objects and booleans are yielded: a
// value of another kind where a schema belongs (and dependencies' arrays
// of property names) is not a subschema. It yields nothing for a v that
// is not an object. $refs are not followed (Follow does).
func (v *Node) Subschemas() iter.Seq[Subschema] {
	return func(yield func(Subschema) bool) {
		if v == nil || v.Kind != '{' {
			return
		}
		for i, k := range v.Keys {
			h, ok := subschemaKeywords[k]
			if !ok {
				continue
			}
			val := v.Vals[i]
			if h == HoldsSchema && val.Kind == '[' && k == "items" {
				h = HoldsList
			}
			switch h {
			case HoldsSchema:
				if isSchema(val) && !yield(Subschema{Keyword: k, Index: -1, Schema: val, at: i, in: -1}) {
					return
				}
			case HoldsList:
				for j, s := range val.Items() {
					if isSchema(s) && !yield(Subschema{Keyword: k, Index: j, Schema: s, at: i, in: j}) {
						return
					}
				}
			case HoldsMap:
				if val.Kind != '{' {
					continue
				}
				for j, name := range val.Keys {
					if s := val.Vals[j]; isSchema(s) && !yield(Subschema{Keyword: k, Key: name, Index: -1, Schema: s, at: i, in: j}) {
						return
					}
				}
			}
		}
	}
}

// Replace puts schema s where c, one of v's Subschemas, is: a walk that
// rewrites a schema's children in place (inlining a $ref, say) yields
// each and replaces it, while the iteration goes on.
func (v *Node) Replace(c Subschema, s *Node) {
	if c.in < 0 {
		v.Vals[c.at] = s
	} else {
		v.Vals[c.at].Vals[c.in] = s
	}
}

// Holder returns what holds c, one of v's Subschemas, in v: the list or
// map of its keyword where that holds several ("properties", "anyOf"), v
// itself where it holds one ("items", "not"). Replace changes it.
func (v *Node) Holder(c Subschema) *Node {
	if c.in < 0 {
		return v
	}
	return v.Vals[c.at]
}

// MapSubschemas returns v with each of its Subschemas c replaced by
// f(c), copying on write: v itself when f returns every subschema as it
// was, else a copy of v, sharing with it each member whose subschemas f
// kept (a list or map of them is copied where one changes). v is not
// modified: a rewrite that must leave its input as it is (a schema
// profile of a tree it shares) walks with it, as Replace walks in place.
func (v *Node) MapSubschemas(f func(Subschema) *Node) *Node {
	out := v
	for c := range v.Subschemas() {
		x := f(c)
		if x == c.Schema {
			continue
		}
		if out == v {
			out = &Node{Kind: '{', Keys: slices.Clone(v.Keys), Vals: slices.Clone(v.Vals)}
		}
		if hold := out.Vals[c.at]; c.in >= 0 && hold == v.Vals[c.at] {
			out.Vals[c.at] = &Node{Kind: hold.Kind, Keys: hold.Keys, Vals: slices.Clone(hold.Vals)}
		}
		out.Replace(c, x)
	}
	return out
}

// Branches yields the branches of schema v's combinators (Combinators,
// in that order) that are objects, with the combinator that holds each.
func (v *Node) Branches() iter.Seq2[string, *Node] {
	return func(yield func(string, *Node) bool) {
		for _, k := range Combinators {
			for _, b := range v.Get(k).Items() {
				if b.Kind == '{' && !yield(k, b) {
					return
				}
			}
		}
	}
}

// ErrRefNotString is the error of RefChain and Follow for a $ref whose
// value is not a string.
var ErrRefNotString = errors.New("$ref is not a string")

// ErrRefCycle is the error of RefChain and Follow for a chain of $refs
// that comes back to a $ref it has followed.
var ErrRefCycle = errors.New("$ref cycle")

// RefHop is one step of a chain of $refs: the $ref, and the value it
// names.
type RefHop struct {
	Ref    string
	Target *Node
}

// RefChain yields the steps of schema s's chain of local $refs in root:
// s's $ref and the value it names (Resolve), then that value's $ref and
// the value it names, and so on, to a value with no $ref. Where the chain
// breaks, it yields the error and stops: ErrRefNotString (with an empty
// RefHop), Resolve's error for a $ref that names no value here, or
// ErrRefCycle for a $ref met before on the chain (those two with the
// $ref and no Target). It yields nothing for an s with no $ref. Every
// loop that follows $refs is written on it, each judging the steps as it
// needs (a target that is not an object, a $ref with siblings).
func RefChain(root, s *Node) iter.Seq2[RefHop, error] {
	return func(yield func(RefHop, error) bool) {
		var seen map[string]bool
		for {
			r := s.Get("$ref")
			if r == nil {
				return
			}
			ref, ok := r.AsString()
			if !ok {
				yield(RefHop{}, ErrRefNotString)
				return
			}
			if seen[ref] {
				yield(RefHop{Ref: ref}, fmt.Errorf("%w through %q", ErrRefCycle, ref))
				return
			}
			if seen == nil {
				seen = map[string]bool{}
			}
			seen[ref] = true
			t, err := Resolve(root, ref)
			if err != nil {
				yield(RefHop{Ref: ref}, err)
				return
			}
			if !yield(RefHop{Ref: ref, Target: t}, nil) {
				return
			}
			s = t
		}
	}
}

// Follow follows schema s's chain of local $refs in root (RefChain) to
// its end: the first value reached that has no $ref (s itself when s has
// none) and nil; or, where the chain breaks, the schema whose $ref it
// could not follow and RefChain's error. A target that is not an object
// ends the chain (it has no $ref): the caller judges it.
func Follow(root, s *Node) (*Node, error) {
	for hop, err := range RefChain(root, s) {
		if err != nil {
			return s, err
		}
		s = hop.Target
	}
	return s, nil
}
