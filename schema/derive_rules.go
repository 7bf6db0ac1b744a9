package schema

import (
	"strings"

	"github.com/normgen/normgen/lenient"
)

// ApplyRules adjusts the lenient schema s (DeriveNode's, modified in
// place) of tool for the other rules its calls are normalized with (a
// rules.json beside the derived rules): a field that a param_alias or
// param_default rule can fill, at the top level or at the rule's path, is
// no longer required (a host would otherwise block the aliased call; the
// strict schema still checks the field after normalization: the README's
// class (c)), and where an object closes its properties
// (additionalProperties: false) each alias is declared with its field's
// schema.
func ApplyRules(tool string, s *Node, rules []lenient.Rule) {
	if s == nil || s.Kind != '{' {
		return
	}
	for _, r := range rules {
		if !appliesTo(r, tool) || r.Type != lenient.RuleParamAlias && r.Type != lenient.RuleParamDefault {
			continue
		}
		parent, key := "", r.From
		if r.Path != "" {
			parent, key = splitLast(r.Path)
			if key == "" {
				continue
			}
		}
		for _, o := range objectsAt(s, parent) {
			if r.Type == lenient.RuleParamDefault {
				unrequire(o, key)
				continue
			}
			unrequire(o, r.To)
			props := o.Get("properties")
			if ap := o.Get("additionalProperties"); ap != nil && ap.Kind == 't' && ap.Str == "false" && props != nil && props.Kind == '{' {
				if target := props.Get(r.To); target != nil && props.Get(key) == nil {
					props.Set(key, target.Clone())
				}
			}
		}
	}
}

// objectsAt returns the object schemas of the values at a rule path
// ("" for the root) in a portable schema: through properties, items
// ([]), additionalProperties ({}) and the branches of anyOf, oneOf and
// allOf.
func objectsAt(s *Node, path string) []*Node {
	cur := []*Node{s}
	for path != "" {
		var seg string
		switch {
		case strings.HasPrefix(path, "[]"), strings.HasPrefix(path, "{}"):
			seg, path = path[:2], path[2:]
		default:
			path = strings.TrimPrefix(path, ".")
			i := strings.IndexAny(path, ".[{")
			if i < 0 {
				i = len(path)
			}
			seg, path = path[:i], path[i:]
		}
		var next []*Node
		for _, n := range cur {
			for _, b := range alternatives(n) {
				var child *Node
				switch seg {
				case "[]":
					child = b.Get("items")
				case "{}":
					child = b.Get("additionalProperties")
				default:
					child = b.Get("properties").Get(seg)
				}
				if child != nil && child.Kind == '{' {
					next = append(next, child)
				}
			}
		}
		cur = next
	}
	var out []*Node
	for _, n := range cur {
		for _, b := range alternatives(n) {
			if t, _ := b.Get("type").str(); t == "object" || b.Get("properties") != nil {
				out = append(out, b)
			}
		}
	}
	return out
}

// alternatives returns s and, recursively, the branches of its anyOf,
// oneOf and allOf.
func alternatives(s *Node) []*Node {
	out := []*Node{s}
	for _, comb := range []string{"anyOf", "oneOf", "allOf"} {
		if list := s.Get(comb); list != nil && list.Kind == '[' {
			for _, b := range list.Items {
				if b.Kind == '{' {
					out = append(out, alternatives(b)...)
				}
			}
		}
	}
	return out
}

func appliesTo(r lenient.Rule, tool string) bool {
	for _, t := range r.Tools {
		if t == tool || t == "*" {
			return true
		}
	}
	return false
}

// unrequire removes name from the root's "required" (and the key when
// it becomes empty).
func unrequire(s *Node, name string) {
	req := s.Get("required")
	if req == nil || req.Kind != '[' {
		return
	}
	out := req.Items[:0]
	for _, x := range req.Items {
		if v, ok := x.str(); !ok || v != name {
			out = append(out, x)
		}
	}
	req.Items = out
	if len(out) == 0 {
		s.Delete("required")
	}
}
