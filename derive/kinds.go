package derive

import (
	"github.com/normgen/normgen/internal/jsonnode"
)

// kinds is a set of JSON types (kindNull, ...): what a schema may take,
// an integer being a number.
type kinds uint8

// The JSON types of kinds.
const (
	kindNull kinds = 1 << iota
	kindBoolean
	kindNumber
	kindString
	kindArray
	kindObject

	kindAny = kindNull | kindBoolean | kindNumber | kindString | kindArray | kindObject
)

// kindOf is the kind a type keyword's name stands for; kindAny for a
// name no draft of ours defines (draft-03's "any", a misspelling).
func kindOf(name string) kinds {
	switch name {
	case "null":
		return kindNull
	case "boolean":
		return kindBoolean
	case "integer", "number":
		return kindNumber
	case "string":
		return kindString
	case "array":
		return kindArray
	case "object":
		return kindObject
	}
	return kindAny
}

// kindsDepth and kindsBudget bound how deep, and through how many
// schemas in all, takenKinds reads references and combinators: past
// either, a schema may take anything.
const (
	kindsDepth  = 8
	kindsBudget = 512
)

// takenKinds returns the JSON types the schema s may take, as every
// validator of its document (root) reads it: a superset, read from its
// type, enum and const, its $ref's target (alone where its draft reads a
// $ref alone: refIgnoresSiblings), the kinds every branch of its allOf
// takes, and those some branch of its anyOf and oneOf takes. Any other
// keyword narrows nothing here, so the set only holds more than the
// schema takes, never less: a type it leaves out is one no value of s
// is.
func takenKinds(root, s *Node) kinds {
	budget := kindsBudget
	return readKinds(root, s, 0, &budget)
}

// readKinds is takenKinds at depth, within what is left of its budget.
func readKinds(root, s *Node, depth int, budget *int) kinds {
	*budget--
	switch {
	case s == nil || depth > kindsDepth || *budget < 0:
		return kindAny
	case s.Kind == 't' && s.Text() == "false":
		return 0
	case s.Kind != '{':
		return kindAny
	case s != root && setsBase(identifier(s)):
		return kindAny // (references inside resolve against its identifier, not root)
	}
	if ref := s.Get("$ref"); ref != nil {
		target, err := jsonnode.Follow(root, s)
		if err != nil || target == s {
			return kindAny
		}
		k := readKinds(root, target, depth+1, budget)
		if refIgnoresSiblings(root, s) {
			return k
		}
		siblings := s.Shallow()
		siblings.Delete("$ref")
		return k & readKinds(root, siblings, depth, budget)
	}
	k := kindAny
	if t := s.Get("type"); t != nil {
		tk := typeKinds(t)
		if openAPINullable(s) {
			tk |= kindNull // (AJV reads it beside a type)
		}
		k &= tk
	}
	if c := constOf(root, s); c != nil {
		k &= valueKind(c)
	}
	if e := s.Get("enum"); e != nil && e.Kind == '[' {
		var in kinds
		for _, v := range e.Items() {
			in |= valueKind(v)
		}
		k &= in
	}
	for _, name := range jsonnode.Combinators {
		list := s.Get(name)
		if list == nil || list.Kind != '[' || len(list.Items()) == 0 {
			continue
		}
		var some kinds
		for _, b := range list.Items() {
			bk := readKinds(root, b, depth+1, budget)
			if name == jsonnode.AllOf {
				k &= bk
			} else {
				some |= bk
			}
		}
		if name != jsonnode.AllOf {
			k &= some
		}
	}
	return k
}

// typeKinds is the kinds a type keyword's value names.
func typeKinds(t *Node) kinds {
	if name, ok := t.AsString(); ok {
		return kindOf(name)
	}
	if t.Kind != '[' {
		return kindAny
	}
	var k kinds
	for _, x := range t.Items() {
		name, ok := x.AsString()
		if !ok {
			return kindAny
		}
		k |= kindOf(name)
	}
	return k
}

// valueKind is the kind of the JSON value v.
func valueKind(v *Node) kinds {
	switch v.Kind {
	case '{':
		return kindObject
	case '[':
		return kindArray
	case '"':
		return kindString
	case 't':
		return kindBoolean
	case 'n':
		return kindNull
	}
	return kindNumber
}

// containersOnly reports whether k holds arrays or objects, and nothing
// else.
func (k kinds) containersOnly() bool {
	return k != 0 && k&^(kindArray|kindObject) == 0
}

// names returns the names of k's types (an integer is a number), as
// branchTypes gives them; nil for kindAny, which says nothing.
func (k kinds) names() []string {
	if k == kindAny {
		return nil
	}
	names := []string{}
	for i, name := range []string{"null", "boolean", "number", "string", "array", "object"} {
		if k&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	return names
}
