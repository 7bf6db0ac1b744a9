package derive

import (
	"maps"
	"slices"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
)

// enterCombinator notes that the branches of holder's combinator k, at
// path, are being read (an anyOf or oneOf in altAt, an allOf's holder
// in conjAt), for thenGuard; the function it returns forgets it.
func (d *deriver) enterCombinator(path string, holder *Node, k string) (leave func()) {
	if k == jsonnode.AllOf {
		if d.conjAt == nil {
			d.conjAt = map[string][]*Node{}
		}
		d.conjAt[path] = append(d.conjAt[path], holder)
		return func() {
			if d.conjAt[path] = d.conjAt[path][:len(d.conjAt[path])-1]; len(d.conjAt[path]) == 0 {
				delete(d.conjAt, path)
			}
		}
	}
	if d.altAt == nil {
		d.altAt = map[string]int{}
	}
	d.altAt[path]++
	return func() {
		if d.altAt[path]--; d.altAt[path] == 0 {
			delete(d.altAt, path)
		}
	}
}

// thenGuard returns the guard (rulespec.GuardString) past which rules
// read the then of s, a schema at path below the arguments, as the
// rules of a discriminated union's branch read it ("" where none): s's
// if tests one member alone for some strings (memberTest); s, an allOf
// that holds it at path (conjAt) or the if is of type object, and one
// of them or the then requires that member (requiredBy: an object
// without it passes the if, and the then refuses it); no anyOf or oneOf
// at path holds s (altAt); and the document's draft reads if
// (noConditions). The then applies to a value at path exactly where the
// member holds one of the strings, as the guard reads it (an object
// without the member is refused, and what is no object has no rule past
// a guard), and it holds the value beside s, as an allOf's branch does:
// its rules, past the guard, change no call the server takes, and the
// rewrite keeps the if, with the then's lenient form. An else, which
// applies exactly where the guard does not hold (but for an object the
// then refuses for want of the member), stays a place no rule path
// names, and what it names stays as it is but in a then read past that
// guard (conditionNames, elseSets).
func (d *deriver) thenGuard(path string, s *Node) string {
	if path == "" || s.Kind != '{' || d.altAt[path] > 0 || noConditions(d.root) {
		return ""
	}
	cond, then := s.Get("if"), s.Get("then")
	if cond == nil || then == nil || then.Kind != '{' {
		return ""
	}
	key, vals, ok := memberTest(d.root, cond)
	if !ok {
		return ""
	}
	requires := func(h *Node) bool { return requiredNames(h)[key] }
	object := func(h *Node) bool { t, _ := h.Get("type").AsString(); return t == "object" }
	holders := d.conjAt[path]
	if !requires(cond) && !requires(s) && !slices.ContainsFunc(holders, requires) && !requiredBy(d.root, then, key) ||
		!object(cond) && !object(s) && !slices.ContainsFunc(holders, object) {
		return ""
	}
	return rulespec.GuardString(key, vals)
}

// requiredBy reports whether s requires the member key as every
// validator of its document (root) reads s: its own required, and where
// s is a $ref its target's (its own beside it but where its draft reads
// the $ref alone, refIgnoresSiblings).
func requiredBy(root, s *Node, key string) bool {
	if !refIgnoresSiblings(root, s) && requiredNames(s)[key] {
		return true
	}
	ref, ok := s.Get("$ref").AsString()
	if !ok {
		return false
	}
	target := pointer(root, ref)
	return target != nil && target != s && requiredNames(target)[key]
}

// memberTest reads cond, an if, as a test of one member alone for one of
// some strings: {"properties": {"kind": {"const": "vpc"}}}, maybe with
// "type": "object" and "required": ["kind"] (and annotations but format
// and content keywords, which some validators assert). It returns the
// member and its strings (stringTest).
func memberTest(root, cond *Node) (key string, vals []string, ok bool) {
	if cond.Kind != '{' {
		return "", nil, false
	}
	for i, k := range cond.Keys {
		v := cond.Vals[i]
		switch {
		case k == "properties":
			if v.Kind != '{' || len(v.Keys) != 1 {
				return "", nil, false
			}
			key = v.Keys[0]
			if vals, ok = stringTest(root, v.Vals[0]); !ok {
				return "", nil, false
			}
		case k == "type":
			if t, _ := v.AsString(); t != "object" {
				return "", nil, false
			}
		case k == "required":
			// (compared with the member below)
			if v.Kind != '[' || len(v.Items()) != 1 {
				return "", nil, false
			}
		case !plainAnnotation(k):
			return "", nil, false
		}
	}
	if vals == nil {
		return "", nil, false
	}
	if req := cond.Get("required"); req != nil {
		if name, _ := req.Items()[0].AsString(); name != key {
			return "", nil, false
		}
	}
	return key, vals, true
}

// stringTest reads s, the schema an if holds a member to, as a test for
// one of some strings: a const or an enum of strings alone, beside type
// string and annotations (plainAnnotation). It returns them sorted, once
// each.
func stringTest(root, s *Node) ([]string, bool) {
	if s.Kind != '{' || s.Get("const") != nil && s.Get("enum") != nil || s.Get("const") != nil && noConst(root) {
		return nil, false
	}
	for i, k := range s.Keys {
		switch {
		case k == "const", k == "enum":
		case k == "type":
			if t, _ := s.Vals[i].AsString(); t != "string" {
				return nil, false
			}
		case !plainAnnotation(k):
			return nil, false
		}
	}
	var vals []string
	if c := s.Get("const"); c != nil {
		str, ok := c.AsString()
		if !ok {
			return nil, false
		}
		vals = []string{str}
	} else if vals, _ = stringEnum(s); len(vals) == 0 {
		return nil, false
	}
	slices.Sort(vals)
	return slices.Compact(vals), true
}

// plainAnnotation reports whether k is an annotation no validator
// asserts: not format, contentEncoding or contentMediaType, which some
// validators may (annotation).
func plainAnnotation(k string) bool {
	return annotation(k) && k != "format" && k != "contentEncoding" && k != "contentMediaType"
}

// aside runs walk, a walk of an else beside a then read past a guard,
// and forgets what it left strict and what conditions it found at the
// paths it walked (shadowed, textless, conds, condsElse): the else holds
// where the then does not, and what it names the schemas at its place
// but the then keep as they are already (conditionNames).
func (d *deriver) aside(walk func() *Node) *Node {
	shadowed, textless, conds, condsElse := d.shadowed, d.textless, d.conds, d.condsElse
	d.shadowed, d.textless, d.conds, d.condsElse = maps.Clone(shadowed), maps.Clone(textless), maps.Clone(conds), maps.Clone(condsElse)
	defer func() { d.shadowed, d.textless, d.conds, d.condsElse = shadowed, textless, conds, condsElse }()
	return walk()
}

// elseSets holds, by the guard of the then beside it, what the elses of
// ifs whose thens are read past a guard name (conditionNames): an else
// holds exactly where its guard does not, so in a then read past the
// same guard it holds nowhere.
type elseSets map[string]condSet

// add records what the else beside the then read past guard names ("":
// no such then, nothing to record).
func (e elseSets) add(guard string, c condSet) {
	if guard == "" || len(c.names) == 0 && !c.all {
		return
	}
	x := e[guard]
	x.merge(c)
	e[guard] = x
}
