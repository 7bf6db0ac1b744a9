package rulespec

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// Problem is one problem of a rule set: the rule's index in it, its id
// (when it has one) and what is wrong (normalize.RuleError is one).
type Problem struct {
	Index int    // position in the set, from 0
	ID    string // the rule's id, when it has one
	Msg   string // what is wrong
}

// validArrayPath reports whether p has the grammar of array_path: "[]",
// "steps[]", "data.items[]": names of [A-Za-z_][A-Za-z0-9_-]* joined by
// ".", then "[]" (written out rather than a regexp, which a program that
// only decodes would then link and compile at start).
func validArrayPath(p string) bool {
	names, ok := strings.CutSuffix(p, "[]")
	if !ok {
		return false
	}
	if names == "" {
		return true
	}
	for _, name := range strings.Split(names, ".") {
		if name == "" {
			return false
		}
		for i, c := range []byte(name) {
			letter := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_'
			if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '-')) {
				return false
			}
		}
	}
	return true
}

// Validate checks rules (in file order) against themselves and the
// rules already in use, returning every problem (none: the rules load).
func Validate(rules, existing []lenient.Rule) []Problem {
	errs, _ := ValidateTargets(rules, existing)
	return errs
}

// ValidateTargets is Validate, and, where rules load, each rule's
// Target: what validating them parsed, for a caller that indexes them
// by where they apply (normalize.New) not to parse every path again.
func ValidateTargets(rules, existing []lenient.Rule) ([]Problem, [][]Step) {
	var errs []Problem
	targets := make([][]Step, len(rules)) // (a path's steps, parsed below)
	ids := map[string]string{}
	for _, r := range existing {
		ids[r.ID] = "an existing rule"
	}
	for i, r := range rules {
		bad := func(format string, args ...any) {
			errs = append(errs, Problem{Index: i, ID: r.ID, Msg: fmt.Sprintf(format, args...)})
		}
		if r.ID == "" {
			bad("id is missing")
		} else if prev, dup := ids[r.ID]; dup {
			bad("duplicate id: also used by %s", prev)
		} else {
			ids[r.ID] = "rule " + strconv.Itoa(i)
		}
		if len(r.Tools) == 0 {
			bad(`tools is missing: list tool names, or ["*"] for every tool`)
		}
		for _, t := range r.Tools {
			if t == "" {
				bad("tools has an empty name")
			}
		}
		var need map[string]bool
		// pathOK: path may stand instead of from.
		pathOK := false
		switch r.Type {
		case lenient.RuleParamAlias:
			need = map[string]bool{"from": true, "to": true}
			pathOK = true
		case lenient.RuleParamDefault:
			need = map[string]bool{"from": true, "value": true, "when": r.When != ""}
			pathOK = true
		case lenient.RuleTypeCoerce:
			need = map[string]bool{"from": true, "coerce_to": true}
			pathOK = true
			switch r.CoerceTo {
			case "", "bool", "bool_strict", "int", "uint", "int_literal", "float":
			default:
				if TimeFixKind(r.CoerceTo) == "" {
					bad("coerce_to %q is not bool, bool_strict, int, uint, int_literal, float, %s", r.CoerceTo, strings.Join(timeCoerceTargets, ", "))
				}
			}
		case lenient.RuleJSONAcceptBoth:
			need = map[string]bool{"from": true, "to": r.To != ""}
			pathOK = true
			if r.To != "" && r.To != "native" {
				bad(`to %q: json_accept_both takes no to (native value to JSON text) or to "native" (JSON text to native value)`, r.To)
			}
		case lenient.RuleWrap, lenient.RuleUnescape, lenient.RuleSecret, lenient.RuleNullText:
			need = map[string]bool{"from": true}
			pathOK = true
		case lenient.RuleAbsent, lenient.RuleSplit, lenient.RuleEnumCase, lenient.RuleEnumText, lenient.RuleEnumDigits:
			need = map[string]bool{"from": true, "value": true}
			pathOK = true
			if r.Value != nil && jsonwire.Valid(r.Value) == nil {
				if err := formValue(r.Type, r.Value); err != nil {
					bad("%v", err)
				}
			}
		case lenient.RuleMisnamedKey:
			// The arguments object, or the objects at path.
			need = map[string]bool{"value": true}
			pathOK = true
			if r.Value != nil && jsonwire.Valid(r.Value) == nil {
				if _, _, err := MisnamedKeys(r.Value); err != nil {
					bad("%v", err)
				}
			}
		case lenient.RuleNestedAlias:
			need = map[string]bool{"from": true, "to": true, "in_payload": true, "array_path": true}
		case lenient.RuleNestedDefault:
			need = map[string]bool{"from": true, "value": true, "in_payload": true, "array_path": true, "when": r.When != ""}
		case lenient.RuleValueAlias:
			nested := r.InPayload != "" || r.ArrayPath != ""
			need = map[string]bool{"from": true, "value": true, "in_payload": nested, "array_path": nested}
			pathOK = !nested
			if r.Value != nil && jsonwire.Valid(r.Value) == nil {
				if _, err := ValueAliasTable(r.Value); err != nil {
					bad("%v", err)
				}
			}
		case "":
			bad("type is missing")
			continue
		default:
			bad("unknown type %q; known: param_alias, param_default, type_coerce, json_accept_both, wrap, unescape, nested_alias, nested_default, value_alias, absent, split, enum_case, enum_text, enum_digits, secret, null_text, misnamed_key", r.Type)
			continue
		}
		if r.Path != "" {
			switch {
			case !pathOK:
				bad("path is not used by type %s", r.Type)
			case r.From != "":
				bad("from and path are both given: give one")
			default:
				need["from"] = false
				segs, err := ParsePath(r.Path)
				targets[i] = segs
				if err != nil {
					bad("%v", err)
				} else if err := secretPathError(segs); r.Type == lenient.RuleSecret && err != nil {
					bad("path %q: %v", r.Path, err)
				} else if (r.Type == lenient.RuleParamAlias || r.Type == lenient.RuleParamDefault || r.Type == lenient.RuleAbsent) && segs[len(segs)-1].Each != 0 {
					bad("path %q must end with a member name for type %s", r.Path, r.Type)
				} else if segs[len(segs)-1].Each == '*' && (r.Type == lenient.RuleWrap || r.Type == lenient.RuleSplit) {
					bad("path %q ends with a group, which reaches the array %s makes of a value, and the values in it, without end: write the value's place after the group (a(.b)*.c)", r.Path, r.Type)
				} else if segs[len(segs)-1].Each == '=' && scalarOnly(r.Type) {
					bad("path %q ends with a guard, which holds only at an object, and %s never changes an object: put the guard before the member it guards (a<\"k\"=\"v\">.b)", r.Path, r.Type)
				}
			}
		}
		have := map[string]bool{"from": r.From != "", "to": r.To != "", "coerce_to": r.CoerceTo != "", "in_payload": r.InPayload != "", "array_path": r.ArrayPath != "", "value": r.Value != nil, "when": r.When != ""}
		for _, f := range []string{"from", "to", "coerce_to", "in_payload", "array_path", "value", "when"} {
			switch {
			case need[f] && !have[f]:
				if f == "from" && pathOK {
					bad("from (or path) is missing for type %s", r.Type)
				} else {
					bad("%s is missing for type %s", f, r.Type)
				}
			case have[f] && !need[f] && !(f == "to" && r.Type == lenient.RuleJSONAcceptBoth) && !(f == "from" && r.Path != ""):
				bad("%s is not used by type %s", f, r.Type)
			}
		}
		if r.When != "" && r.When != lenient.WhenAbsent && r.When != lenient.WhenAbsentOrEmpty && r.When != lenient.WhenAbsentOrNull {
			bad(`when %q: want "absent", "absent_or_null" or "absent_or_empty"`, r.When)
		}
		if r.Type == lenient.RuleParamAlias || r.Type == lenient.RuleNestedAlias {
			if r.Path != "" && r.To != "" && ToKey(&r) == r.To && strings.ContainsAny(r.To, ".[]{}") {
				bad(`to %q must be a member name (the canonical key next to the alias), not a path; quote a name that holds a dot: ["x.y"]`, r.To)
			}
			if to := ToKey(&r); to != "" && to == r.From || r.Path != "" && ToKey(&r) != "" && (r.Path == r.To || strings.HasSuffix(r.Path, "."+r.To) || strings.HasSuffix(r.Path, "["+strconv.Quote(to)+"]")) {
				bad("an alias of itself: from and to are both %q", ToKey(&r))
			}
		}
		if r.ArrayPath != "" && !validArrayPath(r.ArrayPath) {
			bad(`array_path %q: want "[]", "name[]" or "a.b[]"`, r.ArrayPath)
		}
		if r.Value != nil && jsonwire.Valid(r.Value) != nil {
			bad("value is not valid JSON")
		} else if r.Type == lenient.RuleParamDefault && IndexTemplate(r.Value) && !throughArray(r.Path) {
			bad("value %s uses {{index}}, the position of an array element, but the key it sets is in no array: "+
				"set it through a path with [] (such as steps[].id), or give a value without {{index}}", r.Value)
		}
	}
	// The rules in use and those that load check against each other
	// (one that does not is left out: its own problems say why), all
	// problems together.
	faulty := map[int]bool{}
	for _, e := range errs {
		faulty[e.Index] = true
	}
	all := slices.Concat(existing, rules)
	allTargets := make([][]Step, len(all))
	for i := range all {
		k := i - len(existing)
		switch {
		case k >= 0 && faulty[k]:
			continue
		case k >= 0 && targets[k] != nil:
			allTargets[i] = targets[k]
		default:
			allTargets[i], _ = Target(&all[i]) // (no path: from, or in_payload and array_path)
		}
	}
	errs = append(errs, conflicts(all, allTargets, len(existing))...)
	if len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b Problem) int { return a.Index - b.Index })
		return errs, nil
	}
	return nil, allTargets[len(existing):]
}

// formValue checks the value of an absent, split, enum_case, enum_text or
// enum_digits rule: an array of null and "" (absent), a string of one
// character (split), an array of strings (enum_case; enum_text, each the
// text of a boolean or an integer, lenientimpl.EnumTextValue), an array of
// integers (enum_digits, lenientimpl.EnumDigitsValue).
func formValue(t lenient.RuleType, v json.RawMessage) error {
	switch t {
	case lenient.RuleAbsent:
		var vals []any
		if json.Unmarshal(v, &vals) != nil || len(vals) == 0 {
			return fmt.Errorf(`value %s: want the values read as absent, an array of null and "" (such as [null, ""])`, v)
		}
		for _, x := range vals {
			if x != nil && x != "" {
				return fmt.Errorf(`value %s: only null and "" can be read as absent`, v)
			}
		}
	case lenient.RuleSplit:
		var sep string
		if json.Unmarshal(v, &sep) != nil || utf8.RuneCountInString(sep) != 1 {
			return fmt.Errorf(`value %s: want the separator, a string of one character (such as ",")`, v)
		}
	case lenient.RuleEnumCase:
		var vals []string
		if json.Unmarshal(v, &vals) != nil || len(vals) == 0 {
			return fmt.Errorf(`value %s: want the values, an array of strings`, v)
		}
		seen := map[string]string{}
		for _, x := range vals {
			if prev, ok := seen[jsonwire.FoldASCII(x)]; ok && prev != x {
				return fmt.Errorf("value %s: %q and %q are one value in another letter case, so neither can be read from it", v, prev, x)
			}
			seen[jsonwire.FoldASCII(x)] = x
		}
	case lenient.RuleEnumText:
		var vals []string
		if json.Unmarshal(v, &vals) != nil || len(vals) == 0 {
			return fmt.Errorf(`value %s: want the values read from a boolean or a number, an array of strings (such as ["true", "2"])`, v)
		}
		for _, x := range vals {
			if !lenientimpl.EnumTextValue(x) {
				return fmt.Errorf(`value %s: %q is not the text of a boolean or of an integer of at most 15 digits written as JSON writes it, so nothing is read as it`, v, x)
			}
		}
	case lenient.RuleEnumDigits:
		if _, ok := EnumDigitsValues(v); !ok {
			return fmt.Errorf(`value %s: want the values read from their text, an array of integers of at most 15 digits (such as [1, 2, 3])`, v)
		}
	}
	return nil
}

// EnumDigitsValues returns the texts of an enum_digits rule's values, and
// whether each is an integer lenientimpl.EnumDigitsValue takes.
func EnumDigitsValues(v json.RawMessage) ([]string, bool) {
	var vals []json.RawMessage
	if json.Unmarshal(v, &vals) != nil || len(vals) == 0 {
		return nil, false
	}
	texts := make([]string, len(vals))
	for i, x := range vals {
		texts[i] = string(x)
		if !lenientimpl.EnumDigitsValue(texts[i]) {
			return nil, false
		}
	}
	return texts, true
}

// throughArray reports whether the rule path p goes through the elements
// of an array (a[].b), where {{index}} has a value.
func throughArray(p string) bool {
	if p == "" {
		return false // from: a top-level key
	}
	segs, err := ParsePath(p)
	if err != nil {
		return true // reported as a bad path
	}
	for _, s := range segs {
		if s.Each == '[' {
			return true
		}
	}
	return false
}

// conflicts finds rules that cannot mean anything together, among rules
// whose tools overlap: two rules writing one target within a phase (two
// defaults, coercions, accept-both, wraps, unescapes or value aliases of
// one value, or two aliases of one key), a contradictory accept-both pair
// (to JSON text and back), two misnamed_key rules of one object, and
// alias cycles (a to b, b to a). Several
// aliases of one target are fine: those are its other spellings.
func conflicts(rules []lenient.Rule, targets [][]Step, inUse int) []Problem {
	type slot struct {
		i      int
		source string // what the rule reads: the alias key, or the value
		target string // what it writes
	}
	var slots []slot
	for i := range rules {
		r := &rules[i]
		segs := targets[i]
		if segs == nil || r.Type == lenient.RuleSecret {
			continue // a secret rule changes nothing
		}
		p := PathString(segs)
		if r.Type == lenient.RuleMisnamedKey && r.Path == "" {
			p = "" // (the arguments object)
		}
		s := slot{i: i, source: p, target: p}
		if k := Kind(r); k == lenient.RuleParamAlias {
			s.target = PathString(append(segs[:len(segs)-1:len(segs)-1], Step{Key: ToKey(r)}))
		}
		slots = append(slots, s)
	}
	overlap := func(a, b *lenient.Rule) bool {
		for _, x := range a.Tools {
			for _, y := range b.Tools {
				if x == y || x == "*" || y == "*" {
					return true
				}
			}
		}
		return false
	}
	var errs []Problem
	// (the first inUse rules are in use already: a problem is a later
	// rule's, each numbered as its file numbers it)
	bad := func(i int, format string, args ...any) {
		if i >= inUse {
			errs = append(errs, Problem{Index: i - inUse, ID: rules[i].ID, Msg: fmt.Sprintf(format, args...)})
		}
	}
	ref := func(j int) string {
		if j < inUse {
			return fmt.Sprintf("the rule in use %s", rules[j].ID)
		}
		return fmt.Sprintf("rule %d (%s)", j-inUse, rules[j].ID)
	}
	// Only rules that share what they read or write can conflict: index
	// the slots by source and target (linear in the number of rules).
	bySource, byTarget := map[string][]int{}, map[string][]int{}
	for x, b := range slots {
		rb := &rules[b.i]
		var cands []int
		cands = append(cands, bySource[b.source]...)
		cands = append(cands, byTarget[b.target]...)
		cands = append(cands, bySource[b.target]...)
		sort.Ints(cands)
		before := len(errs)
		for k, y := range cands {
			if len(errs) > before {
				break // one conflict a rule is enough to name it
			}
			if k > 0 && cands[k-1] == y {
				continue
			}
			a := slots[y]
			ra := &rules[a.i]
			if !overlap(ra, rb) {
				continue
			}
			switch kb, ka := Kind(rb), Kind(ra); {
			case kb == lenient.RuleMisnamedKey || ka == lenient.RuleMisnamedKey:
				// (it changes nothing; it refuses keys near its fields that
				// are none of them)
				if ka == kb && a.target == b.target {
					at := b.target
					if at == "" {
						at = "the arguments"
					}
					bad(b.i, "lists the fields of %s like %s: keep one (each would refuse a key the other lists as a misspelling)", at, ref(a.i))
				}
			case kb == lenient.RuleParamAlias && ka == lenient.RuleParamAlias:
				if a.source == b.source {
					bad(b.i, "renames %s like %s: two aliases of one key", b.source, ref(a.i))
				} else if a.source == b.target && a.target == b.source {
					bad(b.i, "alias cycle with %s: %s and %s rename each other", ref(a.i), a.source, b.source)
				}
			case (ka == lenient.RuleParamAlias) != (kb == lenient.RuleParamAlias) && a.source == b.source && aliasedAway(ra, rb):
				// (aliases come first: a default on the key an alias
				// renames puts it back beside the field; another rule
				// there, for no tool but the alias's, never runs)
				al, other := a, b
				if kb == lenient.RuleParamAlias {
					al, other = b, a
				}
				if other.i > al.i {
					bad(other.i, "reads %s, which %s renames to %s before any other rule runs (aliases come first): write it for %s", other.source, ref(al.i), al.target, al.target)
				} else {
					bad(al.i, "renames %s to %s before any other rule runs (aliases come first), so %s, which reads %s, finds it gone or puts it back beside the field: write that rule for %s", al.source, al.target, ref(other.i), other.source, al.target)
				}
			case a.target == b.target && (ka == lenient.RuleEnumCase && kb == lenient.RuleValueAlias || ka == lenient.RuleValueAlias && kb == lenient.RuleEnumCase) && foldedAlias(ra, rb) != "":
				bad(b.i, "contradicts %s: %s", ref(a.i), foldedAlias(ra, rb))
			case kb == lenient.RuleJSONAcceptBoth && ka == lenient.RuleJSONAcceptBoth && a.target == b.target && (rb.To == "native") != (ra.To == "native"):
				bad(b.i, "contradicts %s: json_accept_both on %s both to JSON text and to a native value", ref(a.i), b.target)
			case ka == kb && a.target == b.target && !(kb == lenient.RuleTypeCoerce && apartCoercions(ra.CoerceTo, rb.CoerceTo)):
				bad(b.i, "writes %s like %s: keep one", b.target, ref(a.i))
			}
		}
		bySource[b.source] = append(bySource[b.source], x)
		byTarget[b.target] = append(byTarget[b.target], x)
	}
	// Alias chains (a to b, b to c) and longer cycles (a to b, b to c, c
	// to a), among rules whose tools overlap: the aliases apply in file
	// order, so a chain's result depends on it (b, or c).
	// cycle follows the aliases from s's target (of rules whose tools
	// overlap s's) and reports whether they come back to its source, and
	// through which key.
	cycle := func(s slot) (string, bool) {
		tools := rules[s.i].Tools // the tools every alias so far applies to
		cur := s.target
		for range slots {
			next := ""
			for _, y := range bySource[cur] {
				if t := slots[y]; Kind(&rules[t.i]) == lenient.RuleParamAlias {
					if both := CommonTools(tools, rules[t.i].Tools); len(both) > 0 {
						next, tools = t.target, both
						break
					}
				}
			}
			switch next {
			case "":
				return "", false
			case s.source:
				return cur, true
			}
			cur = next
		}
		return "", false
	}
	for _, s := range slots {
		r := &rules[s.i]
		if Kind(r) != lenient.RuleParamAlias {
			continue
		}
		for _, y := range bySource[s.target] {
			t := slots[y]
			rt := &rules[t.i]
			if Kind(rt) != lenient.RuleParamAlias || !overlap(r, rt) || t.target == s.source {
				continue // (a two-rule cycle is reported above)
			}
			switch through, ok := cycle(s); {
			case ok:
				bad(s.i, "alias cycle: %s is renamed back to itself through %s", s.source, through)
			case s.i < inUse && t.i >= inUse:
				// (the chain is the later rule's: a rule in use renames to its key)
				bad(t.i, "renames %s to %s, the key %s renames %s to: aliases apply in file order, so write %s to %s", t.source, t.target, ref(s.i), s.source, s.source, t.target)
			default:
				bad(s.i, "renames %s to %s, which %s renames to %s: aliases apply in file order, so write %s to %s", s.source, s.target, ref(t.i), t.target, s.source, t.target)
			}
			break
		}
	}
	// A rule (not a default, a secret or an alias) on a key that aliases
	// rename for all its tools together, where no one alias does (x to y
	// for t, x to y for u, beside a coercion of x for t and u): it never
	// runs. (One alias that covers them is reported above.)
	for _, s := range slots {
		r := &rules[s.i]
		if k := Kind(r); k == lenient.RuleParamAlias || k == lenient.RuleParamDefault || k == lenient.RuleMisnamedKey || slices.Contains(r.Tools, "*") {
			continue
		}
		var tools []string
		var by []int
		for _, y := range bySource[s.source] {
			a := slots[y]
			ra := &rules[a.i]
			if Kind(ra) != lenient.RuleParamAlias || covers(ra.Tools, r.Tools) || !overlap(ra, r) {
				continue // (not an alias, or one reported above)
			}
			tools = append(tools, ra.Tools...)
			by = append(by, a.i)
		}
		if len(by) > 1 && covers(tools, r.Tools) {
			last := slices.Max(append(slices.Clone(by), s.i))
			names := make([]string, len(by))
			for i, j := range by {
				names[i] = ref(j)
			}
			bad(last, "%s reads %s, which %s rename before any other rule runs (aliases come first), for every tool it applies to: it never runs; write it for the aliases' targets", ref(s.i), s.source, strings.Join(names, " and "))
		}
	}
	// Rules of two kinds that undo each other at one value: enum_text
	// writes a number or boolean as its text, which a type_coerce or
	// enum_digits reads back, so the file's order decides what is left.
	byValue := map[string][]int{}
	for _, s := range slots {
		switch Kind(&rules[s.i]) {
		case lenient.RuleEnumText, lenient.RuleTypeCoerce, lenient.RuleEnumDigits:
			byValue[s.target] = append(byValue[s.target], s.i)
		}
	}
	for _, s := range slots {
		r := &rules[s.i]
		if Kind(r) != lenient.RuleEnumText {
			continue
		}
		for _, j := range byValue[s.target] {
			if rj := &rules[j]; Kind(rj) != lenient.RuleEnumText && overlap(r, rj) {
				at, other := max(s.i, j), min(s.i, j) // (the later rule's problem)
				bad(at, "contradicts %s: enum_text writes %s's number or boolean as its text, which %s reads back", ref(other), s.target, Kind(rj))
				break
			}
		}
	}
	return errs
}

// foldedAlias says why, of an enum_case rule and a value_alias rule of
// one value (either first), the value_alias never applies: one of its
// aliases is an enum value in another letter case, which enum_case
// reads as that value first (its phase comes before value aliases); ""
// where none is.
func foldedAlias(a, b *lenient.Rule) string {
	ec, va := a, b
	if Kind(a) == lenient.RuleValueAlias {
		ec, va = b, a
	}
	if !covers(ec.Tools, va.Tools) {
		return "" // (it applies to tools without the enum_case too)
	}
	var vals []string
	table, err := ValueAliasTable(va.Value)
	if err != nil || json.Unmarshal(ec.Value, &vals) != nil {
		return ""
	}
	aliases := make([]string, 0, len(table))
	for k := range table {
		aliases = append(aliases, k)
	}
	slices.Sort(aliases)
	// what a value enum_case reads ends as: its value alias's, if any
	final := func(v string) string {
		if to, ok := table[v]; ok {
			return to
		}
		return v
	}
	for _, k := range aliases {
		for _, v := range vals {
			if k != v && jsonwire.FoldASCII(k) == jsonwire.FoldASCII(v) && table[k] != final(v) {
				return fmt.Sprintf("the value_alias %q is the enum value %q in another letter case, which enum_case reads as %q first (enum cases come before value aliases): the alias never applies; map %q instead, or drop it", k, v, v, v)
			}
		}
	}
	return ""
}

// aliasedAway reports whether, of an alias and another rule on the key
// it renames (either first), the other is lost to the alias: a default,
// which puts the key back beside the field for the tools both apply to,
// or any other rule whose every tool the alias applies to (it never
// runs). A rule for other tools too (a wildcard coercion of limit beside
// one tool's alias of it) does its work where the key stays.
func aliasedAway(a, b *lenient.Rule) bool {
	al, other := a, b
	if Kind(b) == lenient.RuleParamAlias {
		al, other = b, a
	}
	return Kind(other) == lenient.RuleParamDefault || covers(al.Tools, other.Tools)
}

// covers reports whether the tools a names include every tool b names.
func covers(a, b []string) bool {
	if slices.Contains(a, "*") {
		return true
	}
	for _, t := range b {
		if t == "*" || !slices.Contains(a, t) {
			return false
		}
	}
	return true
}

// scalarOnly reports whether rules of type t change only scalars, or
// arrays of them, never an object (a path ending in a guard names one).
func scalarOnly(t lenient.RuleType) bool {
	switch t {
	case lenient.RuleTypeCoerce, lenient.RuleWrap, lenient.RuleUnescape, lenient.RuleValueAlias, lenient.RuleEnumCase,
		lenient.RuleEnumText, lenient.RuleEnumDigits, lenient.RuleSplit, lenient.RuleNullText:
		return true
	}
	return false
}

// CommonTools returns the tools both lists name ("*" names every tool).
func CommonTools(a, b []string) []string {
	switch {
	case slices.Contains(a, "*"):
		return b
	case slices.Contains(b, "*"):
		return a
	}
	var both []string
	for _, x := range a {
		if slices.Contains(b, x) {
			both = append(both, x)
		}
	}
	return both
}

// apartCoercions reports whether two type_coerce rules to x and y read
// texts no one string is both of, so that both may stand at one path (a
// union of a number and a boolean): bool_strict reads "true" and "false"
// alone, which no number's coercion (int, uint, int_literal, float)
// reads.
func apartCoercions(x, y string) bool {
	number := func(c string) bool { return c == "int" || c == "uint" || c == "int_literal" || c == "float" }
	return x == "bool_strict" && number(y) || y == "bool_strict" && number(x)
}
