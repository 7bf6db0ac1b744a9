package normalize

import (
	"encoding/json"
	"fmt"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// misnamedRule is a misnamed_key rule as a call checks it: the objects it
// looks at (segs; none for the arguments object) and their fields' keys.
type misnamedRule struct {
	segs []pathSeg
	keys [][]string
}

// splitMisnamed takes the misnamed_key rules out of validated rules.
func splitMisnamed(rules []lenient.Rule) (rest, misnamed []lenient.Rule) {
	for _, r := range rules {
		if r.Type == lenient.RuleMisnamedKey {
			misnamed = append(misnamed, r)
		} else {
			rest = append(rest, r)
		}
	}
	return rest, misnamed
}

// bindMisnamed returns the misnamed_key rules of rules that apply to tool
// ("" for the wildcard set: the rules of every tool).
func bindMisnamed(rules []lenient.Rule, tool string) []misnamedRule {
	var out []misnamedRule
	for i := range rules {
		r := &rules[i]
		applies := false
		for _, t := range r.Tools {
			if t == "*" || t == tool && tool != "" {
				applies = true
			}
		}
		if !applies {
			continue
		}
		m := misnamedRule{}
		if r.Path != "" {
			m.segs, _ = parsePath(r.Path) // ValidateRules has checked it
		}
		m.keys, _ = misnamedKeys(r.Value)
		out = append(out, m)
	}
	return out
}

// misnamedKeys reads a misnamed_key rule's value: an array of fields,
// each a key or an array of keys (canonical name first), no key twice.
func misnamedKeys(v json.RawMessage) ([][]string, error) {
	var items []json.RawMessage
	if json.Unmarshal(v, &items) != nil || len(items) == 0 {
		return nil, fmt.Errorf(`value %s: want the object's fields, an array of keys or of arrays of keys (such as ["url", ["path", "file_path"]])`, v)
	}
	seen := map[string]bool{}
	var keys [][]string
	for _, it := range items {
		var one string
		var many []string
		switch {
		case json.Unmarshal(it, &one) == nil:
			many = []string{one}
		case json.Unmarshal(it, &many) == nil && len(many) > 0:
		default:
			return nil, fmt.Errorf("value %s: %s is not a key or an array of keys", v, it)
		}
		for _, k := range many {
			if k == "" || seen[k] {
				return nil, fmt.Errorf("value %s: the key %q is empty or given twice", v, k)
			}
			seen[k] = true
		}
		keys = append(keys, many)
	}
	return keys, nil
}

// refuseMisnamed returns the problems of out (the normalized arguments,
// from args, whose root members are members) that rules find: each key of an object they look at that is none of its
// fields' and is a near spelling of one field (lenient.NearField) none
// of whose keys the object holds, in the generated decoders' words and
// kind ("style_index: is not a known key; did you mean style_id?").
func refuseMisnamed(rules []misnamedRule, out, args []byte, members *jsonwire.Members) error {
	if !mayBeMisnamed(rules, args, members) {
		return nil
	}
	root := jsonnode.ParseValid(out)
	var problems []lenient.Problem
	for _, m := range rules {
		walkNode(root, m.segs, where{}, func(n *jsonnode.Node, w where) bool {
			if s, ok := n.AsString(); ok && jsonText(s) {
				n = jsonnode.ParseValid([]byte(s)) // the object as JSON text
			}
			if n.Kind != '{' {
				return false
			}
			for _, k := range n.Keys {
				if fieldOf(m.keys, k) >= 0 {
					continue
				}
				j := lenient.NearField(k, m.keys)
				if j < 0 || holdsField(n, m.keys[j]) {
					continue
				}
				problems = append(problems, lenient.Problem{Path: w.child(k), Kind: lenient.KindMisnamed,
					Msg: "is not a known key; did you mean " + m.keys[j][0] + "?"})
			}
			return false
		})
	}
	if len(problems) == 0 {
		return nil
	}
	return &lenient.Error{Problems: problems}
}

// mayBeMisnamed reports whether rules may find a misnamed key in the
// arguments normalized from args: not where each rule looks at the
// arguments object alone and the members of args (all recorded) are
// fields' keys (the rules only rename keys to fields' keys and add
// fields), the cost on a clean call.
func mayBeMisnamed(rules []misnamedRule, args []byte, members *jsonwire.Members) bool {
	if !members.OK {
		return true
	}
	for _, m := range rules {
		if len(m.segs) > 0 {
			return true
		}
		for _, mem := range members.M[:members.N] {
			if fieldOf(m.keys, string(args[mem.K0:mem.K1])) < 0 {
				return true
			}
		}
	}
	return false
}

// fieldOf returns the index of the field of keys that has key, or -1.
func fieldOf(keys [][]string, key string) int {
	for i, ks := range keys {
		for _, k := range ks {
			if k == key {
				return i
			}
		}
	}
	return -1
}

// holdsField reports whether the object n holds one of a field's keys.
func holdsField(n *jsonnode.Node, keys []string) bool {
	for _, k := range keys {
		if n.Index(k) >= 0 {
			return true
		}
	}
	return false
}
