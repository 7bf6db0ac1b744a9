package derive

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// Replacement is a derived rule left out because a rule given to
// WithRules replaces it: both write the same value (or contradict each
// other there), or both have the same id.
type Replacement struct {
	// Derived is the derived rule left out.
	Derived lenient.Rule
	// By is the rule that replaces it (zero when no single rule could be
	// named).
	By lenient.Rule
	// Reason is what normalize.ValidateRules said of the two, or why the
	// derived rule goes with its value's lenient form (Along).
	Reason string
	// Along is, for a derived rule that By does not replace itself, the
	// id of the derived rule of the same value that By replaces and reads
	// otherwise: the value is left as the strict schema has it, and its
	// other derived rules go along; "" for any other.
	Along string
}

// WithRules derives the rules and the lenient schema of tool from its
// strict input schema root (not modified), for calls that are normalized
// with the derived rules and also with rules (a rules.json: aliases,
// defaults, value aliases, coercions; valid as normalize.LoadRules leaves
// them, for any tools).
//
// A derived rule that could not load beside rules (one of them writes the
// same value, contradicts it there, or has its id: normalize.ValidateRules)
// is replaced by that rule, for that value only: it is left out. Where
// the two do the same (a type_coerce or json_accept_both alike), that is
// all. Otherwise its value is left as the strict schema has it, with the
// value's other derived rules (absent, null_text), and ApplyRules then
// advertises what the replacing rule takes there. Every other value's
// derived rules stay. Each rule left out is listed in Replaced and warned
// about, but one replaced by a rule that does the same. Then ApplyRules adjusts the schema to rules, with its
// warnings.
//
// The derivation is done once per process for a tool, a schema and the
// rules that apply to the tool (see CacheSize): each call returns a copy
// of its own.
func WithRules(tool string, root *Node, rules []lenient.Rule) *Derivation {
	own := rulesFor(tool, rules)
	if len(own) == 0 {
		return FromNode(tool, root)
	}
	return cached(tool, root, own, func(root *Node) *Derivation { return withRules(tool, root, own) })
}

// withRules is WithRules, own the rules that apply to tool (not empty).
func withRules(tool string, root *Node, own []lenient.Rule) *Derivation {
	// A key a rule of the file names is not read as a spelling-style
	// variant of another: the file gives it a meaning of its own.
	named := map[string]bool{}
	// The variants of an alias the file declares read as its property,
	// as the generated decoders read a declared alias's variants.
	declared := map[string][]string{}
	for _, r := range own {
		target := rulespec.TargetPath(r)
		named[target] = true
		if r.Type == lenient.RuleParamAlias || r.Type == lenient.RuleNestedAlias {
			segs, err := rulespec.Target(&r)
			if n := len(segs); err == nil && n > 0 && segs[n-1].Each == 0 && r.To != "" {
				// (the canonical key's place: the alias's parent, then
				// to, spelled as a rule path as the keys of named are)
				at := rulespec.PathKey(rulespec.PathString(segs[:n-1]), rulespec.ToKey(&r))
				declared[at] = append(declared[at], segs[n-1].Key)
				// (its target too: a derived alias from it would make a
				// chain, which the file's order would decide)
				named[at] = true
			}
		}
	}
	d := deriveNode(tool, root, nil, named, declared)
	if replaced := overlaps(own, d.Rules); len(replaced) > 0 {
		// A derived rule replaced by one that does the same is left out
		// alone: the value keeps its lenient form and its other rules.
		// Where one replaces it otherwise, the value is left as the
		// strict schema has it, for ApplyRules to advertise what that
		// one reads.
		keep := map[string]bool{}
		drop := map[string]bool{}
		for _, r := range replaced {
			drop[r.Derived.ID] = true
			if !alike(r) {
				keep[rulespec.TargetPath(unguarded(r.Derived))] = true
			}
		}
		if len(keep) > 0 {
			first := d.Rules
			d = deriveNode(tool, root, keep, named, declared)
			again := make(map[string]bool, len(d.Rules))
			for _, r := range d.Rules {
				again[r.ID] = true
			}
			// The value's other derived rules (absent, null_text) go
			// with its lenient form: each is named, never dropped
			// silently.
			for _, r := range first {
				at := rulespec.TargetPath(unguarded(r))
				if keep[at] && !drop[r.ID] && !again[r.ID] {
					x := replaced[slices.IndexFunc(replaced, func(x Replacement) bool { return rulespec.TargetPath(unguarded(x.Derived)) == at && !alike(x) })]
					replaced = append(replaced, Replacement{Derived: r, By: x.By, Reason: withValueReason, Along: x.Derived.ID})
					drop[r.ID] = true
				}
			}
		}
		d.Rules = slices.DeleteFunc(d.Rules, func(r lenient.Rule) bool { return drop[r.ID] })
		// (a rule that does not write the values kept, a misnamed_key
		// rule of their object say, may still not load beside own:
		// left out, with the others)
		if still := overlaps(own, d.Rules); len(still) > 0 {
			drop := map[string]bool{}
			for _, r := range still {
				drop[r.Derived.ID] = true
				if !slices.ContainsFunc(replaced, func(x Replacement) bool { return x.Derived.ID == r.Derived.ID }) {
					replaced = append(replaced, r)
				}
			}
			d.Rules = slices.DeleteFunc(d.Rules, func(r lenient.Rule) bool { return drop[r.ID] })
		}
		d.Replaced = replaced
		for _, r := range replaced {
			if w, ok := replacedWarning(tool, r); ok {
				d.Warnings = append(d.Warnings, w)
			}
		}
	}
	d.Warnings = append(d.Warnings, ApplyRules(tool, d.Schema, own)...)
	return d
}

// rulesFor returns the rules that apply to tool (by name or "*").
func rulesFor(tool string, rules []lenient.Rule) []lenient.Rule {
	var out []lenient.Rule
	for _, r := range rules {
		if appliesTo(r, tool) {
			out = append(out, r)
		}
	}
	return out
}

// overlaps returns the derived rules that cannot load beside own (a
// tool's rules of a rules file), each with the rule of own that replaces
// it: also a rule past guards that could not without them, which writes
// a value of own's where its guards hold (`<!"layers">.encoding` beside
// the file's encoding).
func overlaps(own, derived []lenient.Rule) []Replacement {
	var out []Replacement
	var kept []lenient.Rule
	for _, r := range derived {
		if !rulespec.HoldsGuard(r.Path) {
			kept = append(kept, r)
			continue
		}
		bare := unguarded(r)
		probs := rulespec.Validate(append(slices.Clip(own), bare), nil)
		if i := slices.IndexFunc(probs, func(p rulespec.Problem) bool { return p.Index == len(own) }); i >= 0 {
			out = append(out, Replacement{Derived: r, By: replacer(own, bare), Reason: probs[i].Msg})
			continue
		}
		kept = append(kept, r)
	}
	for {
		probs := rulespec.Validate(append(slices.Clip(own), kept...), nil)
		if len(probs) == 0 {
			return out
		}
		bad := map[int]string{}
		for _, e := range probs {
			if e.Index >= len(own) {
				bad[e.Index-len(own)] = e.Msg
			}
		}
		if len(bad) == 0 {
			return out // own's own problems, which normalize.LoadRules reports
		}
		var next []lenient.Rule
		for i, r := range kept {
			if msg, ok := bad[i]; ok {
				out = append(out, Replacement{Derived: r, By: replacer(own, r), Reason: msg})
			} else {
				next = append(next, r)
			}
		}
		kept = next
	}
}

// unguarded returns r with the guards of its path left out (rulespec.Unguarded).
func unguarded(r lenient.Rule) lenient.Rule {
	if !rulespec.HoldsGuard(r.Path) {
		return r
	}
	if segs, err := rulespec.ParsePath(r.Path); err == nil {
		r.Path = rulespec.PathString(rulespec.Unguarded(segs))
	}
	return r
}

// replacer names the rule of own that replaces the derived rule d: the
// one with its id, or one that writes its value (zero when none can be
// named).
func replacer(own []lenient.Rule, d lenient.Rule) lenient.Rule {
	for _, r := range own {
		if r.ID == d.ID {
			return r
		}
	}
	at := rulespec.TargetPath(d)
	for _, same := range []bool{true, false} {
		// (first one that does the same: two type_coerce rules may
		// write one value, bool_strict beside a number's)
		for _, r := range own {
			if rulespec.TargetPath(r) == at && r.Type == d.Type && (!same || sameEffect(r, d)) {
				return r
			}
		}
	}
	return lenient.Rule{}
}

// withValueReason is the Reason of a derived rule left out with its
// value's lenient form, where a rule of the file replaces another derived
// rule of the value (Along) and reads it otherwise.
const withValueReason = "its value is left as the strict schema has it, where a rule of the file replaces another derived rule of the value"

// replacedWarning says which rule replaces which, unless both do the same.
func replacedWarning(tool string, r Replacement) (Warning, bool) {
	w := Warning{Tool: tool, Path: rulespec.TargetPath(r.Derived)}
	switch {
	case r.Along != "":
		w.Message = fmt.Sprintf("derived rule %q (%s) left out: rule %q of the rules file (%s) replaces derived rule %q of this value, and the value is left as the strict schema has it", r.Derived.ID, describeRule(r.Derived), r.By.ID, describeRule(r.By), r.Along)
	case r.By.ID == "":
		w.Message = fmt.Sprintf("derived rule %q (%s) left out: %s; the value is left strict", r.Derived.ID, describeRule(r.Derived), r.Reason)
	case sameEffect(r.By, unguarded(r.Derived)):
		return w, false
	default:
		w.Message = fmt.Sprintf("rule %q of the rules file (%s) replaces derived rule %q (%s) here", r.By.ID, describeRule(r.By), r.Derived.ID, describeRule(r.Derived))
	}
	return w, true
}

// alike reports whether r's derived rule is replaced by one that does
// the same (sameEffect, of the types whose effect it tells whole:
// type_coerce and json_accept_both; past the guards of a union's branch,
// which the derived rule's path may hold and a file's rule does not
// need), which the derived rule's lenient form advertises already.
func alike(r Replacement) bool {
	t := r.Derived.Type
	return r.By.ID != "" && (t == lenient.RuleTypeCoerce || t == lenient.RuleJSONAcceptBoth) && sameEffect(r.By, unguarded(r.Derived))
}

// sameEffect reports whether two rules change the same value alike.
func sameEffect(a, b lenient.Rule) bool {
	return a.Type == b.Type && a.CoerceTo == b.CoerceTo && a.To == b.To && rulespec.TargetPath(a) == rulespec.TargetPath(b)
}

// describeRule says what a rule does, in a few words.
func describeRule(r lenient.Rule) string {
	switch r.Type {
	case lenient.RuleTypeCoerce:
		return "type_coerce to " + r.CoerceTo
	case lenient.RuleJSONAcceptBoth:
		if r.To == "native" {
			return "json_accept_both, JSON text to a value"
		}
		return "json_accept_both, a value to JSON text"
	}
	return string(r.Type)
}

// ApplyRules adjusts the lenient schema s (FromNode's, modified in
// place) of tool to the other rules its calls are normalized with (a
// rules.json beside the derived rules), so that what hosts are told
// admits what those rules make the server take, and the warnings name
// what could not be said:
//
//   - a field that a param_default rule (or a nested one) fills is no
//     longer required, unless the default's value does not fit the
//     field's schema; a param_alias rule changes nothing in the schema
//     (one name per parameter, class (f) of docs/semantics.md): its key
//     is never declared, and the field it fills stays required;
//   - a type_coerce rule adds the string form it reads (its pattern) to
//     an integer, number or boolean value that has none, where its values
//     are of the schema's type (bool for a boolean; int or float for an
//     integer or number; int_literal reads no string), and warns where
//     the value is of no one such type;
//   - a json_accept_both rule adds the JSON-text string to an array or
//     object value (to "native"), or, without to, an array and an object
//     to a string value that takes any string (the text a native value
//     becomes must meet the string's own constraints otherwise);
//   - a value_alias rule adds its aliases to a string enum holding the
//     values they stand for (not in an array whose items must be unique:
//     an alias and its value would pass, then be refused as equal).
//
// Rules for other tools are ignored. Rule paths go through properties,
// items ([]), additionalProperties ({}) and the branches of anyOf, oneOf
// and allOf.
func ApplyRules(tool string, s *Node, rules []lenient.Rule) []Warning {
	if s == nil || s.Kind != '{' {
		return nil
	}
	a := &applier{tool: tool, root: s}
	own := rulesFor(tool, rules)
	for _, r := range own {
		a.named(s, r)
		switch r.Type {
		case lenient.RuleTypeCoerce:
			a.coerce(s, r)
		case lenient.RuleJSONAcceptBoth:
			a.acceptBoth(s, r)
		case lenient.RuleValueAlias:
			a.valueAlias(s, r)
		case lenient.RuleParamDefault, lenient.RuleNestedDefault:
			a.defaulted(s, r)
		case lenient.RuleParamAlias, lenient.RuleNestedAlias:
			a.aliased(s, r)
		}
	}
	return a.warns
}

// jsonIntegerPattern is the text of an integer as JSON's number grammar
// writes it: no leading zero.
const jsonIntegerPattern = `^-?(0|[1-9][0-9]*)$`

// applier adjusts one tool's schema, collecting warnings.
type applier struct {
	tool  string
	root  *Node // the schema the rules apply to (its draft: constOf)
	warns []Warning
}

func (a *applier) warn(r lenient.Rule, format string, args ...any) {
	msg := fmt.Sprintf("rule %q (%s): ", r.ID, describeRule(r)) + fmt.Sprintf(format, args...)
	a.warns = append(a.warns, Warning{Tool: a.tool, Path: rulespec.TargetPath(r), Message: msg})
}

// named warns where a rule for the tool by name (not a wildcard one,
// not a secret) has a path (an alias's target) that names no value the
// schema declares: a misspelt path, which the rule file cannot know is
// one. A default there adds the key to every call that leaves it out;
// any other rule never applies. A step through a map's values, a
// pattern, a $ref or a group is not judged, nor one past a guard: the
// schema may hold the value there.
func (a *applier) named(s *Node, r lenient.Rule) {
	if r.Type == lenient.RuleMisnamedKey || r.Type == lenient.RuleSecret || slices.Contains(r.Tools, "*") {
		// (a secret hides a key the schema may not declare; a wildcard
		// rule is meant for the tools that have its value)
		return
	}
	segs, err := rulespec.Target(&r)
	if err != nil || len(segs) == 0 {
		return
	}
	alias := r.Type == lenient.RuleParamAlias || r.Type == lenient.RuleNestedAlias
	if alias {
		segs = append(segs[:len(segs)-1:len(segs)-1], rulespec.Step{Key: rulespec.ToKey(&r)})
	}
	cur := []*Node{s}
	for i, g := range segs {
		if g.Each == '=' || g.Each == '*' || g.Each == '~' {
			return
		}
		next := stepSchemas(s, cur, segs[i:i+1])
		if len(next) > 0 {
			cur = next
			continue
		}
		for _, n := range cur {
			for _, b := range alternatives(n) {
				if !surelyNot(b, g) {
					return
				}
			}
		}
		at := rulespec.PathString(segs[:i+1])
		switch {
		case alias:
			a.warn(r, "%s is no value the schema declares: the alias moves %s's value there; check the rule's to", at, rulespec.TargetPath(r))
		case r.Type == lenient.RuleParamDefault || r.Type == lenient.RuleNestedDefault:
			a.warn(r, "%s is no value the schema declares: the default adds it to every call that leaves it out, which the server may refuse; check the rule's path", at)
		default:
			a.warn(r, "%s is no value the schema declares: the rule never applies; check the rule's path", at)
		}
		return
	}
}

// surelyNot reports whether the schema b surely holds no value at the
// step g (a key, [] or {}): a typed value of another kind, or an object
// that declares its members and takes no other (no map, pattern or
// condition, which may hold it) but those it declares.
func surelyNot(b *Node, g rulespec.Step) bool {
	if b.Get("anyOf") != nil || b.Get("oneOf") != nil || b.Get("allOf") != nil {
		return true // (its branches are judged, alternatives lists them)
	}
	for _, k := range []string{"$ref", "$dynamicRef", "patternProperties", "if", "then", "else", "not", "dependentSchemas", "dependencies", "unevaluatedProperties", "unevaluatedItems"} {
		if b.Get(k) != nil {
			return false
		}
	}
	t, typed := b.Get("type").AsString()
	switch g.Each {
	case '[':
		return typed && t != "array"
	case '{':
		return typed && t != "object"
	}
	if ap := b.Get("additionalProperties"); ap != nil && ap.Text() != "false" {
		return false // a map's key
	}
	return typed && t != "array" || b.Get("properties") != nil
}

// defaulted takes the field a default rule fills out of its object's
// required list, unless the default's value does not fit the field.
func (a *applier) defaulted(s *Node, r lenient.Rule) {
	segs, err := rulespec.Target(&r)
	if err != nil || segs[len(segs)-1].Each != 0 {
		return
	}
	key := segs[len(segs)-1].Key
	for _, o := range objectsAt(s, rulespec.PathString(segs[:len(segs)-1])) {
		if field := o.Get("properties").Get(key); field != nil && !a.admits(s, field, r, requiredNames(o)[key]) {
			continue
		}
		unrequire(o, key)
	}
}

// aliased warns where an alias rule's key is a property its object
// declares: a call giving that property has its value moved to the
// alias's field, which the schema says nothing of.
func (a *applier) aliased(s *Node, r lenient.Rule) {
	segs, err := rulespec.Target(&r)
	if err != nil || len(segs) == 0 || segs[len(segs)-1].Each != 0 {
		return
	}
	key := segs[len(segs)-1].Key
	for _, o := range objectsAt(s, rulespec.PathString(segs[:len(segs)-1])) {
		if o.Get("properties").Get(key) != nil {
			a.warn(r, "its key %q is a property the schema declares: a call giving %s has its value moved to %s; give the rule a key the schema does not declare", key, key, rulespec.ToKey(&r))
			return
		}
	}
}

// admits reports whether the value a default rule sets surely fits the
// schema of its field, in root: fits finds nothing that refuses it, and
// reads every keyword that applies to it (unjudged), for a {{index}}
// template at every index sampled and under no maxLength. When not, it
// warns: a required field stays required, since a call that leaves it
// out might be refused; for an optional one, such a call gets the value.
func (a *applier) admits(root, field *Node, r lenient.Rule, required bool) bool {
	// (what becomes of the field: an optional one was never required)
	stays := "the field stays required"
	if !required {
		stays = "a call that leaves the field out gets it, and the server may refuse it; correct the default"
	}
	v, err := ParseNode(r.Value)
	if err != nil {
		return true
	}
	var template string
	if s, ok := v.AsString(); ok && lenientimpl.Expand(s, 0) != s {
		template, v = s, jstr(lenientimpl.Expand(s, 0)) // a {{index}} template, at the first element
	}
	if !fits(root, field, v) {
		a.warn(r, "its value %s does not fit the field's schema; %s", r.Value, stays)
		return false
	}
	k := unjudged(root, field, v)
	if k == "" && template != "" {
		// (its text grows with the index, past any maxLength; a pattern
		// is tried on indexes of every digit at every length up to 19)
		k = heldBy(field, "maxLength")
		for _, i := range sampleIndexes() {
			if k == "" && !fits(root, field, jstr(strings.ReplaceAll(template, "{{index}}", i))) {
				k = "pattern"
			}
		}
	}
	if k != "" {
		if required {
			a.warn(r, "normgen cannot tell whether its value %s fits the field's schema (its %s), so a call that leaves the field out may be refused; the field stays required", r.Value, k)
		} else {
			a.warn(r, "normgen cannot tell whether its value %s fits the field's schema (its %s): a call that leaves the field out gets it, and may be refused", r.Value, k)
		}
		return false
	}
	return true
}

// sampleIndexes are the indexes a {{index}} template's expansions are
// tried at, as text: 0 to 199, and at each length from 3 to 19 digits the
// least, the greatest and two of every digit.
func sampleIndexes() []string {
	var out []string
	for i := range 200 {
		out = append(out, strconv.Itoa(i))
	}
	for n := 3; n <= 19; n++ {
		out = append(out, "1"+strings.Repeat("0", n-1), strings.Repeat("9", n), "1"+strings.Repeat("234567890", 3)[:n-1], strings.Repeat("5678901234", 2)[:n])
	}
	return out
}

// heldBy returns the first of keys that s, or a subschema of it, holds;
// "" for none.
func heldBy(s *Node, keys ...string) string {
	found := ""
	eachSchema(s, "", func(_ string, n *Node) {
		for _, k := range keys {
			if found == "" && n.Get(k) != nil {
				found = k
			}
		}
	})
	return found
}

// unjudged returns a keyword of the schema s that may refuse the value v
// where fits cannot tell (multipleOf for a number, items or minItems for
// an array, required for an object, not, if, a $ref, a keyword it does
// not know; in an allOf branch, or in the one branch of a union v may
// match), "" where fits reads every keyword that applies to v: then v is
// valid under s where fits says it may be.
func unjudged(root, s, v *Node) string {
	if s.Kind != '{' {
		return ""
	}
	for i, k := range s.Keys {
		switch {
		case annotationKeys[k], k == "type", k == "enum", k == "const", k == "$schema", k == "$id", k == "id", k == "$anchor", k == "$defs", k == "definitions":
		case k == "minimum", k == "maximum", k == "exclusiveMinimum", k == "exclusiveMaximum", stringKeys[k]:
			// (fits reads them)
		case numberKeys[k]:
			if v.Kind == '0' {
				return k // (multipleOf)
			}
		case arrayKeys[k]:
			if v.Kind == '[' {
				return k
			}
		case objectKeys[k]:
			if v.Kind == '{' {
				return k
			}
		case k == "allOf":
			for _, b := range s.Vals[i].Items() {
				if u := unjudged(root, b, v); u != "" {
					return u
				}
			}
		case k == "anyOf", k == "oneOf":
			// (sure where a branch v may match is sure; for a oneOf, the
			// one branch v may match: fits refuses only what is refused)
			var may []*Node
			for _, b := range s.Vals[i].Items() {
				if fits(root, b, v) {
					may = append(may, b)
				}
			}
			sure := func(b *Node) bool { return unjudged(root, b, v) == "" }
			if k == "oneOf" && (len(may) != 1 || !sure(may[0])) || k == "anyOf" && !slices.ContainsFunc(may, sure) {
				return k
			}
		default:
			return k
		}
	}
	return ""
}

// exclusiveFlag reports whether s holds key, exclusiveMinimum or
// exclusiveMaximum, as draft-04 writes it: true, beside the bound
// (minimum or maximum) it makes exclusive.
func exclusiveFlag(s *Node, key string) bool {
	e := s.Get(key)
	return e != nil && e.Kind == 't' && e.Text() == "true"
}

// fits reports whether value v may be valid under schema s, in root:
// false only where a type, enum, const (constOf), bound (draft-04's
// boolean exclusiveMinimum and exclusiveMaximum too), length or pattern
// refuses it, in s, in an allOf's branch, or in every branch of a union.
func fits(root, s, v *Node) bool {
	if s.Kind != '{' {
		return s.Kind != 't' || s.Text() == "true"
	}
	for _, comb := range jsonnode.Alternatives {
		if list := s.Get(comb); list != nil && list.Kind == '[' {
			some := false
			for _, b := range list.Items() {
				some = some || fits(root, b, v)
			}
			if !some {
				return false
			}
		}
	}
	if list := s.Get("allOf"); list != nil && list.Kind == '[' {
		for _, b := range list.Items() {
			if !fits(root, b, v) {
				return false
			}
		}
	}
	if e := s.Get("enum"); e != nil && e.Kind == '[' && !slices.ContainsFunc(e.Items(), func(x *Node) bool { return sameJSON(x, v) }) {
		return false
	}
	if c := constOf(root, s); c != nil && !sameJSON(c, v) {
		return false
	}
	if t := s.Get("type"); t != nil {
		types := []*Node{t}
		if t.Kind == '[' {
			types = t.Items()
		}
		if !slices.ContainsFunc(types, func(x *Node) bool { name, _ := x.AsString(); return ofType(v, name) }) {
			return false
		}
	}
	switch v.Kind {
	case '0':
		n, err := strconv.ParseFloat(v.Text(), 64)
		if err != nil {
			return true
		}
		for k, ok := range map[string]func(float64) bool{
			"minimum":          func(b float64) bool { return n > b || n == b && !exclusiveFlag(s, "exclusiveMinimum") },
			"maximum":          func(b float64) bool { return n < b || n == b && !exclusiveFlag(s, "exclusiveMaximum") },
			"exclusiveMinimum": func(b float64) bool { return n > b },
			"exclusiveMaximum": func(b float64) bool { return n < b },
		} {
			if b := s.Get(k); b != nil && b.Kind == '0' {
				if x, err := strconv.ParseFloat(b.Text(), 64); err == nil && !ok(x) {
					return false
				}
			}
		}
	case '"':
		text, _ := v.AsString()
		n := utf8.RuneCountInString(text)
		if m := s.Get("minLength"); m != nil && m.Kind == '0' && float64(n) < atof(m.Text()) {
			return false
		}
		if m := s.Get("maxLength"); m != nil && m.Kind == '0' && float64(n) > atof(m.Text()) {
			return false
		}
		if p, ok := s.Get("pattern").AsString(); ok {
			if re, err := regexp.Compile(p); err == nil && !re.MatchString(text) {
				return false
			}
		}
	}
	return true
}

// ofType reports whether v is of the JSON Schema type name.
func ofType(v *Node, name string) bool {
	switch name {
	case "null":
		return v.Kind == 'n'
	case "boolean":
		return v.Kind == 't'
	case "string":
		return v.Kind == '"'
	case "array":
		return v.Kind == '['
	case "object":
		return v.Kind == '{'
	case "number":
		return v.Kind == '0'
	case "integer":
		if v.Kind != '0' {
			return false
		}
		f, err := strconv.ParseFloat(v.Text(), 64)
		return err != nil || f == math.Trunc(f)
	}
	return true
}

func sameJSON(a, b *Node) bool {
	if a.Kind == '0' && b.Kind == '0' {
		x, err1 := strconv.ParseFloat(a.Text(), 64)
		y, err2 := strconv.ParseFloat(b.Text(), 64)
		return err1 == nil && err2 == nil && x == y
	}
	return jsonnode.SameJSON(a, b)
}

func atof(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// coerce adds the string form a type_coerce rule reads.
func (a *applier) coerce(s *Node, r lenient.Rule) {
	for _, n := range schemasAt(s, rulespec.TargetPath(r)) {
		f := formsOf(a.root, n)
		typ := f.native
		if f.str != nil && typ != "" {
			continue // a string form there already
		}
		text := f.str
		if typ == "string" {
			text = f.branch
		}
		if sample := map[bool]string{true: "true", false: "5"}[strings.HasPrefix(r.CoerceTo, "bool")]; text != nil && fits(a.root, text, jstr(sample)) && unjudged(a.root, text, jstr(sample)) == "" {
			// (the rule still reads such text: what the field takes as
			// it is becomes a value it may refuse)
			a.warn(r, "it makes %s values of strings this field takes as they are (%q): calls sending such text here are changed, and refused where the field takes no %s; name the rule's tools or path so that it leaves this field out", r.CoerceTo, sample, r.CoerceTo)
			continue
		}
		if typ != "integer" && typ != "number" && typ != "boolean" {
			a.warn(r, "its schema there takes no one integer, number or boolean type; its string form is not advertised")
			continue
		}
		if i := slices.IndexFunc(f.scalars, func(b *Node) bool { return unfit(b, typ) != "" }); i >= 0 {
			a.warn(r, "the %s's %q could not hold its string form alike; not advertised", typ, unfit(f.scalars[i], typ))
			continue
		}
		var pattern string
		switch {
		case r.CoerceTo == "int_literal":
			continue // no string form read
		case typ == "boolean" && (r.CoerceTo == "bool" || r.CoerceTo == "bool_strict"):
			pattern = boolPattern(a.root, f.scalars, r.CoerceTo == "bool_strict")
		case typ != "boolean" && r.CoerceTo == "int":
			pattern = lenientimpl.IntPattern
		case typ == "integer" && r.CoerceTo == "float":
			// (a float coercion reads JSON's number grammar: no leading
			// zero, "05" is left as it is; of those, the whole numbers
			// without a point or exponent)
			pattern = jsonIntegerPattern
		case typ != "boolean" && r.CoerceTo == "uint":
			pattern = lenientimpl.UintPattern
		case typ == "number" && r.CoerceTo == "float":
			pattern = lenientimpl.FloatPattern
		default:
			a.warn(r, "it makes %s values of strings, which this %s field does not take; not advertised", r.CoerceTo, typ)
			continue
		}
		f.add(obj("type", jstr("string"), "pattern", jstr(pattern)))
	}
}

// acceptBoth adds the form a json_accept_both rule reads.
func (a *applier) acceptBoth(s *Node, r lenient.Rule) {
	for _, n := range schemasAt(s, rulespec.TargetPath(r)) {
		f := formsOf(a.root, n)
		if r.To == "native" {
			switch {
			case f.containers && f.native == "" && f.str == nil:
				f.add(obj("type", jstr("string")))
			case f.native == "string" || f.str != nil && !f.containers:
				a.warn(r, "it parses JSON text into a value, which this string field does not take: calls sending array or object text here are refused")
			}
			continue
		}
		switch {
		case f.native == "string" && anyString(f.branch):
			if !f.containers {
				f.add(obj("type", jstr("array"), "items", obj()))
				f.add(obj("type", jstr("object")))
			}
		case f.native == "string" || f.str != nil:
			a.warn(r, "an array or object sent here becomes JSON text, which must also meet this string's constraints; not advertised")
		case f.containers:
			a.warn(r, "it turns the array or object this field takes into JSON text, which the field does not take: calls giving it are refused")
		}
	}
}

// valueAlias adds a value_alias rule's aliases to the string enums they
// resolve into.
func (a *applier) valueAlias(s *Node, r lenient.Rule) {
	var table map[string]string
	if json.Unmarshal(r.Value, &table) != nil {
		return
	}
	aliases := make([]string, 0, len(table))
	for k := range table {
		aliases = append(aliases, k)
	}
	slices.Sort(aliases)
	var visit func(n *Node)
	visit = func(n *Node) {
		for _, b := range alternatives(n) {
			if t, _ := b.Get("type").AsString(); t == "array" {
				if u := b.Get("uniqueItems"); u.Text() == "true" {
					// ["feat", "feature"] would pass, then be refused as
					// two equal items.
					a.warn(r, "its aliases are not advertised in an array whose items must be unique")
					continue
				}
				if items := b.Get("items"); items != nil && items.Kind == '{' {
					visit(items) // a value alias reads each string of an array
				}
				continue
			}
			enum := b.Get("enum")
			if t, _ := b.Get("type").AsString(); t != "string" || enum == nil || enum.Kind != '[' {
				continue
			}
			has := map[string]bool{}
			for _, v := range enum.Items() {
				if x, ok := v.AsString(); ok {
					has[x] = true
				}
			}
			for _, alias := range aliases {
				if has[table[alias]] && !has[alias] {
					enum.Append(jstr(alias))
					has[alias] = true
				}
			}
		}
	}
	for _, n := range schemasAt(s, rulespec.TargetPath(r)) {
		visit(n)
	}
}

// forms is what a portable value schema takes: one native scalar type (or
// containers), string branches, null.
type forms struct {
	node       *Node   // the value's schema
	native     string  // its one native type other than array and object ("" for none or several; number for an integer beside a number: scalarOf)
	branch     *Node   // that type's schema (node itself, or a branch of its anyOf; the last of scalars)
	scalars    []*Node // its integer, number and boolean branches
	containers bool    // it takes arrays or objects
	str        *Node   // a string branch beside a native one (a string form), or nil
}

// formsOf reads a value schema in the portable form, in the document
// root: a single "type", or a bare anyOf of single-typed branches (a
// branch that names no type but holds booleans alone, Travis CI's
// {"enum": [true]}, a boolean's: scalarBranchType).
func formsOf(root, n *Node) forms {
	f := forms{node: n}
	branches := []*Node{n}
	if list := n.Get("anyOf"); list != nil && list.Kind == '[' && n.Get("type") == nil {
		branches = list.Items()
	}
	var strs []*Node
	for _, b := range branches {
		t, _ := b.Get("type").AsString()
		if t == "" && scalarBranchType(root, b) == "boolean" {
			t = "boolean"
		}
		switch t {
		case "array", "object":
			f.containers = true
		case "string":
			strs = append(strs, b)
		case "integer", "number", "boolean":
			f.scalars = append(f.scalars, b)
			f.native, f.branch = scalarOf(f.native, t), b
		case "null":
		default:
			return forms{node: n} // untyped or a type array: not read
		}
	}
	scalars := len(f.scalars)
	switch {
	case scalars >= 1 && len(strs) > 0 || f.containers && len(strs) > 0:
		// (beside scalars of two types too, a number's and a boolean's
		// texts: numberOrBoolean)
		f.str = strs[0]
	case scalars > 1 && f.native == "":
		return forms{node: n}
	case scalars == 0 && len(strs) == 1:
		f.native, f.branch = "string", strs[0]
	}
	return f
}

// add adds a branch to the value's schema, before its null branch.
func (f *forms) add(b *Node) {
	n := f.node
	if list := n.Get("anyOf"); list != nil && list.Kind == '[' && n.Get("type") == nil {
		at := len(list.Vals) // the array's elements
		for at > 0 && isNull(list.Vals[at-1]) {
			at--
		}
		list.Vals = slices.Insert(list.Vals, at, b)
		return
	}
	*n = *anyOf(n.Clone(), b, false)
	f.branch = n.Get("anyOf").Items()[0]
}

// anyString reports whether a string schema takes any string (annotations
// only).
func anyString(s *Node) bool {
	for _, k := range s.Keys {
		if k != "type" && (!annotation(k) || k == "format") {
			return false
		}
	}
	return true
}

// schemasAt returns the schemas of the values at a rule path ("" for the
// root) in a portable schema: through properties (a name quoted or not),
// items ([]), additionalProperties ({}), patternProperties ({"^x-"}), a
// group any number of times, and the branches of anyOf, oneOf and allOf.
// A path that does not parse has none.
func schemasAt(s *Node, path string) []*Node {
	if path == "" {
		return []*Node{s}
	}
	segs, err := rulespec.ParsePath(path)
	if err != nil {
		return nil
	}
	return stepSchemas(s, []*Node{s}, segs)
}

// stepSchemas returns the schemas the steps segs reach from those of cur,
// in root.
func stepSchemas(root *Node, cur []*Node, segs []rulespec.Step) []*Node {
	for _, g := range segs {
		if g.Each == '=' {
			// a guard: the branches that require its member and hold it
			// to its strings alone (where the rule reads every call they
			// take; elsewhere it reads some, and nothing is advertised;
			// past an absent guard, some calls of any branch)
			var next []*Node
			if g.Absent {
				return nil
			}
			for _, n := range cur {
				for _, b := range alternatives(n) {
					vals, ok := heldValues(root, b.Get("properties").Get(g.Key))
					if ok && len(vals) > 0 && requiredNames(b)[g.Key] && !slices.ContainsFunc(vals, func(v string) bool { return !slices.Contains(g.Values, v) }) && !slices.Contains(next, b) {
						next = append(next, b)
					}
				}
			}
			cur = next
			continue
		}
		if g.Each == '*' {
			// every schema the alternatives reach, taken again and
			// again, until they reach no other
			reached := slices.Clone(cur)
			for frontier := cur; len(frontier) > 0; {
				var fresh []*Node
				for _, alt := range g.Alts {
					for _, n := range stepSchemas(root, frontier, alt) {
						if !slices.Contains(reached, n) {
							reached, fresh = append(reached, n), append(fresh, n)
						}
					}
				}
				frontier = fresh
			}
			cur = reached
			continue
		}
		var next []*Node
		for _, n := range cur {
			for _, b := range alternatives(n) {
				var child *Node
				switch g.Each {
				case '[':
					child = b.Get("items")
				case '{':
					child = b.Get("additionalProperties")
				case '~':
					child = b.Get("patternProperties").Get(g.Key)
				default:
					child = b.Get("properties").Get(g.Key)
				}
				if child != nil && child.Kind == '{' && !slices.Contains(next, child) {
					next = append(next, child)
				}
			}
		}
		cur = next
	}
	return cur
}

// objectsAt returns the object schemas of the values at a rule path, the
// branches of unions among them.
func objectsAt(s *Node, path string) []*Node {
	var out []*Node
	for _, n := range schemasAt(s, path) {
		for _, b := range alternatives(n) {
			if t, _ := b.Get("type").AsString(); t == "object" || b.Get("properties") != nil {
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
	for _, b := range s.Branches() {
		out = append(out, alternatives(b)...)
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

// unrequire removes name from an object schema's "required" (and the key
// when it becomes empty).
func unrequire(s *Node, name string) bool {
	req := s.Get("required")
	if req == nil || req.Kind != '[' {
		return false
	}
	out := req.Vals[:0] // the array's elements, filtered in place
	for _, x := range req.Items() {
		if v, ok := x.AsString(); !ok || v != name {
			out = append(out, x)
		}
	}
	was := len(out) < len(req.Items())
	req.Vals = out
	if len(out) == 0 {
		s.Delete("required")
	}
	return was
}

// takesNull reports whether schema s, in root, takes the JSON value
// null, as every validator reads it (known): false where s holds a
// keyword validators read otherwise (an unknown one that may constrain
// a value, OpenAPI's nullable, a $ref beside keywords that constrain
// too, a const or a condition its draft has not, which AJV applies), is
// malformed, names a base URI, or holds more than maxNullWork
// subschemas and references on the way (a reference cycle among them).
// Only type, enum, const, the combinators, not, the conditionals and
// $ref read null; every other keyword reads values of another type, or
// none.
func takesNull(root, s *Node) (taken, known bool) {
	work := maxNullWork
	return nullIn(root, s, &work)
}

// refusesNull reports whether every validator refuses null under s
// (takesNull).
func refusesNull(root, s *Node) bool {
	taken, known := takesNull(root, s)
	return known && !taken
}

// maxNullWork bounds the subschemas and references takesNull reads.
const maxNullWork = 256

// nullIn is takesNull for s, with work subschemas left to read.
func nullIn(root, s *Node, work *int) (taken, known bool) {
	if *work--; *work < 0 {
		return false, false
	}
	switch {
	case s.Kind == 't' || s.Kind == 'f':
		return s.Kind == 't' && s.Text() == "true", true
	case s.Kind != '{' || draftIn(root, "draft-03"):
		return false, false
	}
	taken = true
	for i, k := range s.Keys {
		v := s.Vals[i]
		switch {
		case k == "type":
			types := []*Node{v}
			if v.Kind == '[' {
				types = v.Items()
			}
			if slices.ContainsFunc(types, func(x *Node) bool { return x.Kind != '"' }) {
				return false, false // (malformed)
			}
			taken = taken && slices.ContainsFunc(types, func(x *Node) bool { n, _ := x.AsString(); return n == "null" })
		case k == "enum":
			if v.Kind != '[' {
				return false, false
			}
			taken = taken && slices.ContainsFunc(v.Items(), isNullValue)
		case k == "const":
			if noConst(root) {
				return false, false // (its draft has none; AJV applies it)
			}
			taken = taken && isNullValue(v)
		case k == "$ref":
			if slices.ContainsFunc(s.Keys, func(x string) bool { return x != "$ref" && !annotation(x) && !placeKeys[x] }) {
				return false, false // (siblings, read or ignored by draft)
			}
			ref, ok := v.AsString()
			target := pointer(root, ref)
			if !ok || target == nil {
				return false, false
			}
			t, ok := nullIn(root, target, work)
			if !ok {
				return false, false
			}
			taken = taken && t
		case k == "not":
			t, ok := nullIn(root, v, work)
			if !ok {
				return false, false
			}
			taken = taken && !t
		case jsonnode.IsCombinator(k):
			if v.Kind != '[' || len(v.Items()) == 0 {
				return false, false
			}
			n := 0
			for _, b := range v.Items() {
				t, ok := nullIn(root, b, work)
				if !ok {
					return false, false
				}
				if t {
					n++
				}
			}
			switch k {
			case jsonnode.AllOf:
				taken = taken && n == len(v.Items())
			case jsonnode.AnyOf:
				taken = taken && n > 0
			default:
				taken = taken && n == 1
			}
		case jsonnode.IsConditional(k) && k != "not" && noConditions(root):
			return false, false // (its draft has none; AJV applies them)
		case k == "if":
			t, ok := nullIn(root, v, work)
			if !ok {
				return false, false
			}
			branch := "else"
			if t {
				branch = "then"
			}
			if b := s.Get(branch); b != nil {
				if t, ok = nullIn(root, b, work); !ok {
					return false, false
				}
				taken = taken && t
			}
		case k == "then" || k == "else" || k == "$defs" || k == "definitions" || k == "$schema" || k == "$comment":
			// (then and else read by if; without an if, nothing)
		case k == "nullable" || k == "$dynamicRef" || placeKeys[k] || foreign(k):
			return false, false
		}
	}
	return taken, true
}
