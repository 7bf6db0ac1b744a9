package lenient

import (
	"encoding/json"
	"fmt"
	"strings"
)

// FixValueAlias is the fix kind of a value alias read as its canonical
// value ("cp" read as "copy", `norm:"value_alias=cp:copy"`).
const FixValueAlias FixKind = "value_alias"

// ValueAlias records that the string value from, an alias, was read as its
// canonical value to, and returns to. Generated decoders call it from a
// switch over the field's aliases.
func (d *Decoder) ValueAlias(from, name, to string) string {
	if d.record {
		f, _ := json.Marshal(from)
		t, _ := json.Marshal(to)
		d.fix(name, FixValueAlias, f, t)
	}
	return to
}

// valueAliasTable reads a value_alias rule's value: a JSON object from
// each alias to its canonical value, all strings, no alias also a
// canonical value or an alias of itself.
func valueAliasTable(v json.RawMessage) (map[string]string, error) {
	var table map[string]string
	if err := json.Unmarshal(v, &table); err != nil || len(table) == 0 {
		return nil, fmt.Errorf(`value must be a non-empty JSON object of strings, {"alias": "canonical", ...}`)
	}
	for from, to := range table {
		if from == to {
			return nil, fmt.Errorf("value: %q is an alias of itself", from)
		}
		if _, ok := table[to]; ok {
			return nil, fmt.Errorf("value: %q is both an alias and a canonical value", to)
		}
	}
	return table, nil
}

// valueAliasParam is where a value_alias rule applies, for records.
func valueAliasParam(r *Rule) string {
	if r.InPayload == "" {
		return r.From
	}
	return r.InPayload + "." + r.ArrayPath + "." + r.From
}

// applyValueAliasMap applies a value_alias rule to a decoded arguments
// object: the string (or the strings of the array) at From, or, with
// InPayload, the string at From in each object of the payload's array.
func applyValueAliasMap(r *Rule, args map[string]any) (Applied, bool) {
	a := Applied{RuleID: r.ID, Type: r.Type, Param: valueAliasParam(r)}
	table, err := valueAliasTable(r.Value)
	if err != nil {
		return a, false
	}
	if r.InPayload == "" {
		v, changed := aliasNative(args[r.From], table, &a)
		if changed {
			args[r.From] = v
		}
		return a, changed
	}
	switch p := args[r.InPayload].(type) {
	case string:
		if !jsonText(p) {
			return a, false
		}
		node := parseNode([]byte(p))
		if !aliasNested(r, node, table, &a) {
			return a, false
		}
		args[r.InPayload] = string(node.encode(nil))
		return a, true
	case []any, map[string]any:
		arr, ok := nativeArrayAt(p, r.ArrayPath)
		if !ok {
			return a, false
		}
		changed := false
		for _, item := range arr {
			if m, ok := item.(map[string]any); ok {
				if v, ch := aliasNative(m[r.From], table, &a); ch {
					m[r.From] = v
					changed = true
				}
			}
		}
		return a, changed
	}
	return a, false
}

// aliasNative maps a string, or each string of an array, through table;
// the first change is recorded in a.
func aliasNative(v any, table map[string]string, a *Applied) (any, bool) {
	note := func(from, to string) {
		if a.From == "" {
			a.From, a.To = from, to
		}
	}
	switch x := v.(type) {
	case string:
		if to, ok := table[x]; ok {
			note(x, to)
			return to, true
		}
	case []any:
		changed := false
		for i, e := range x {
			if s, ok := e.(string); ok {
				if to, ok := table[s]; ok {
					note(s, to)
					x[i] = to
					changed = true
				}
			}
		}
		return x, changed
	}
	return v, false
}

// nativeArrayAt follows an array_path ("[]", "a.b[]") in a native payload.
func nativeArrayAt(payload any, path string) ([]any, bool) {
	cur := payload
	if p := strings.TrimSuffix(path, "[]"); p != "" {
		for _, part := range strings.Split(p, ".") {
			m, ok := cur.(map[string]any)
			if !ok {
				return nil, false
			}
			cur = m[part]
		}
	}
	arr, ok := cur.([]any)
	return arr, ok
}

// applyValueAliasNode is applyValueAliasMap on an ordered arguments node.
func applyValueAliasNode(r *Rule, args *jnode) (Applied, bool) {
	a := Applied{RuleID: r.ID, Type: r.Type, Param: valueAliasParam(r)}
	table, err := valueAliasTable(r.Value)
	if err != nil {
		return a, false
	}
	if r.InPayload == "" {
		at := args.index(r.From)
		return a, at >= 0 && aliasNode(args.vals[at], table, &a)
	}
	p := args.index(r.InPayload)
	if p < 0 {
		return a, false
	}
	payload := args.vals[p]
	if payload.isString() {
		s := StringValue(payload.raw)
		if !jsonText(s) {
			return a, false
		}
		node := parseNode([]byte(s))
		if !aliasNested(r, node, table, &a) {
			return a, false
		}
		args.vals[p] = &jnode{raw: appendQuoted(nil, string(node.encode(nil)))}
		return a, true
	}
	return a, aliasNested(r, payload, table, &a)
}

// aliasNested maps From in each object of the array at the rule's path.
func aliasNested(r *Rule, payload *jnode, table map[string]string, a *Applied) bool {
	arr := payload.arrayAt(r.ArrayPath)
	if arr == nil {
		return false
	}
	changed := false
	for _, item := range arr.vals {
		if item.kind != '{' {
			continue
		}
		if at := item.index(r.From); at >= 0 && aliasNode(item.vals[at], table, a) {
			changed = true
		}
	}
	return changed
}

// aliasNode maps a string node, or each string of an array node, through
// table, in place.
func aliasNode(n *jnode, table map[string]string, a *Applied) bool {
	one := func(n *jnode) bool {
		if !n.isString() {
			return false
		}
		from := StringValue(n.raw)
		to, ok := table[from]
		if !ok {
			return false
		}
		if a.From == "" {
			a.From, a.To = from, to
		}
		n.raw = appendQuoted(nil, to)
		return true
	}
	if n.kind == '[' {
		changed := false
		for _, e := range n.vals {
			changed = one(e) || changed
		}
		return changed
	}
	return one(n)
}
