package schema

import "github.com/normgen/normgen/lenient"

// ApplyRules adjusts the lenient schema s (DeriveNode's, modified in
// place) of tool for the other rules its calls are normalized with (a
// rules.json beside the derived rules): a top-level field that a
// param_alias or param_default rule can fill is no longer required (a
// host would otherwise block the aliased call; the strict schema still
// checks the field after normalization: the README's class (c)), and
// when the schema closes its properties (additionalProperties: false)
// each alias is declared with its field's schema.
func ApplyRules(tool string, s *Node, rules []lenient.Rule) {
	if s == nil || s.Kind != '{' {
		return
	}
	props := s.Get("properties")
	for _, r := range rules {
		if !appliesTo(r, tool) {
			continue
		}
		switch r.Type {
		case lenient.RuleParamAlias:
			unrequire(s, r.To)
			if ap := s.Get("additionalProperties"); ap != nil && ap.Kind == 't' && ap.Str == "false" && props != nil && props.Kind == '{' {
				if target := props.Get(r.To); target != nil && props.Get(r.From) == nil {
					props.Set(r.From, target.Clone())
				}
			}
		case lenient.RuleParamDefault:
			unrequire(s, r.From)
		}
	}
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
