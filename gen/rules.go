package gen

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

// Rules derives a tool's rule table for the runtime normalizer from its
// tags, for every value the generated decoder reads leniently, at any
// depth: an alias rule per alias, a default rule per default ({{index}}
// templates included), a coercion per integer, float and boolean, an
// accept-both rule per array, map and struct (JSON text), a wrap rule per
// `norm:"wrap"` slice, an unescape rule per `norm:"unescape"` string and a
// value_alias rule per `norm:"value_alias=..."` string. Top-level rules
// name their argument with from; deeper ones use path ("retry.attempts",
// "steps[].id", "labels[]", "env{}.port"). IDs are "<tool>.<path>.<what>".
// Normalizing with these rules and then decoding strictly gives what the
// generated lenient decoder gives.
//
// A recursive struct's fields get one rule each at every level: a path
// with a group, its cycles repeated ("filter(.and[]|.or[]|.not)*.boost";
// for a tool input that is itself recursive, its first level is plain and
// the group starts at each field that reaches it again:
// "children[](.children[])*.weight").
//
// Each object that takes unknown keys gets a misnamed_key rule, after
// its value's other rules and before its fields', built from the
// Fields its generated decoder reads it with (fieldsTable): the call its
// decoder refuses for a key near a field left out, the rules refuse.
func Rules(t *Tool) []lenient.Rule {
	rules, _ := rulesOf(t)
	return rules
}

// rulesOf is Rules, with the struct each misnamed_key rule's path (its
// From and Path: "" for the arguments object) reads.
func rulesOf(t *Tool) ([]lenient.Rule, map[string]*Struct) {
	w := &ruleWalker{tool: t.Name, seen: map[*Struct]bool{}, grouped: map[*Struct]bool{}, objects: map[string]*Struct{}}
	w.structFields(t.Input, "")
	return w.rules, w.objects
}

type ruleWalker struct {
	tool  string
	rules []lenient.Rule
	// objects are the structs of the misnamed_key rules, by path.
	objects map[string]*Struct
	seen    map[*Struct]bool // structs on the current path
	// grouped are the recursive structs whose fields are being walked
	// at a path with their group: every level of them.
	grouped map[*Struct]bool
}

// add appends a rule for the value at path p (a top-level name becomes
// from); its id is "<tool>.<idPath>.<what>".
func (w *ruleWalker) add(p, idPath, what string, r lenient.Rule) {
	r.ID = w.tool + "." + idPath + "." + what
	if idPath == "" {
		r.ID = w.tool + "." + what // the arguments object
	}
	r.Tools = []string{w.tool}
	if plainName(p) && r.Type != lenient.RuleMisnamedKey { // which takes a path only
		r.From = p
	} else {
		r.Path = p
	}
	w.rules = append(w.rules, r)
}

// plainName reports whether p is a single member name, not a path.
func plainName(p string) bool { return !strings.ContainsAny(p, ".[]{}") }

// join appends a member name to a rule path, quoted where the path
// grammar needs it (opts["x.y"]).
func join(prefix, name string) string { return rulespec.PathKey(prefix, name) }

// structFields derives the rules of a struct's fields; prefix is the
// struct's path ("" for the arguments object).
func (w *ruleWalker) structFields(s *Struct, prefix string) {
	if w.grouped[s] {
		return // a level of s its group covers
	}
	if s.Recursive && (prefix != "" || w.seen[s]) {
		// Every level of s, from here: a group of its cycles.
		alts, err := Cycles(s)
		if err != nil || prefix == "" {
			return // Load reports it; a group cannot start a path
		}
		w.grouped[s] = true
		defer delete(w.grouped, s)
		prefix += "(" + strings.Join(alts, "|") + ")*"
	} else if w.seen[s] {
		return
	}
	w.seen[s] = true
	defer delete(w.seen, s)
	w.misnamed(s, prefix)
	for _, f := range s.Fields {
		p := join(prefix, f.Name)
		to := f.Name
		if !plainName(to) {
			to = "[" + strconv.Quote(to) + "]" // a member name, not a path
		}
		for _, a := range f.Aliases {
			w.add(join(prefix, a), p, "alias."+a, lenient.Rule{Type: lenient.RuleParamAlias, To: to})
		}
		if forms := f.Absent(); forms&(lenientimpl.AbsentEmpty|lenientimpl.AbsentNullText) != 0 && forms&lenientimpl.NullTextKept == 0 {
			// "null" as text, for a field that is not a string and may
			// be null: null, before the absent rule reads it
			w.add(p, p, "null_text", lenient.Rule{Type: lenient.RuleNullText})
		}
		if forms := f.Absent(); forms&(lenientimpl.AbsentNull|lenientimpl.AbsentEmpty) != 0 {
			// null or "" read as the field left out: removed, before its
			// default is given
			w.add(p, p, "absent", lenient.Rule{Type: lenient.RuleAbsent, Value: schema.AbsentValues(forms)})
		}
		if f.Keywords.HasDefault {
			w.add(p, p, "default", lenient.Rule{Type: lenient.RuleParamDefault, Value: defaultJSON(f)})
		}
		if f.FoldsEnum() {
			vals, _ := json.Marshal(schema.CaseValues(f.Keywords.Enum, f.Type.ValueAliases))
			w.add(p, p, "enum_case", lenient.Rule{Type: lenient.RuleEnumCase, Value: vals})
		}
		if texts := f.EnumTexts(); len(texts) > 0 {
			vals, _ := json.Marshal(texts)
			w.add(p, p, "enum_text", lenient.Rule{Type: lenient.RuleEnumText, Value: vals})
		}
		mode := f.Mode
		if texts, _, _, ok := f.IntEnum(); ok && mode&lenientimpl.Strict == 0 {
			// an integer enum reads its values' texts, and no other
			// string: an enum_digits rule, and the number literals'
			// rewrite alone (as for a strict integer)
			w.add(p, p, "enum_digits", lenient.Rule{Type: lenient.RuleEnumDigits, Value: json.RawMessage("[" + strings.Join(texts, ",") + "]")})
			mode |= lenientimpl.Strict
		}
		if f.Secret {
			w.add(p, p, "secret", lenient.Rule{Type: lenient.RuleSecret})
		}
		w.value(f.Type, p, mode)
	}
}

// misnamed gives the object at path p, of struct s, the misnamed_key
// rule of its Fields, where it takes unknown keys and has an optional
// field (lenientimpl.Fields.MisnamedValue).
func (w *ruleWalker) misnamed(s *Struct, p string) {
	if s.RejectUnknown {
		return
	}
	t := fieldsTable(s)
	if v := t.MisnamedValue(); v != nil {
		w.objects[p] = s
		w.add(p, p, "misnamed_key", lenient.Rule{Type: lenient.RuleMisnamedKey, Value: v})
	}
}

// value derives the rules of a value of type t at path p, decoded with
// mode m.
func (w *ruleWalker) value(t *TypeRef, p string, m lenientimpl.Mode) {
	strict := m&lenientimpl.Strict != 0
	switch t.Kind {
	case schema.Int, schema.Uint:
		to := "int"
		if t.Kind == schema.Uint {
			to = "uint" // digit strings only, as the decoder reads them
		}
		if strict {
			to = "int_literal" // 5.0 and 1e3 are JSON's own integers too
		}
		w.add(p, p, "coerce", lenient.Rule{Type: lenient.RuleTypeCoerce, CoerceTo: to})
	case schema.Float:
		if !strict {
			w.add(p, p, "coerce", lenient.Rule{Type: lenient.RuleTypeCoerce, CoerceTo: "float"})
		}
	case schema.Time:
		if !strict {
			w.add(p, p, "coerce", lenient.Rule{Type: lenient.RuleTypeCoerce, CoerceTo: lenient.CoerceDateTime})
		}
	case schema.Duration: // a strict one is an int64 (checkTime)
		to := lenient.CoerceDuration
		if t.Unit != "" {
			to += "_" + t.Unit
		}
		w.add(p, p, "coerce", lenient.Rule{Type: lenient.RuleTypeCoerce, CoerceTo: to})
	case schema.Bool:
		if !strict {
			to := "bool"
			if m&lenientimpl.StrictBool != 0 {
				to = "bool_strict"
			}
			w.add(p, p, "coerce", lenient.Rule{Type: lenient.RuleTypeCoerce, CoerceTo: to})
		}
	case schema.String:
		if t.FoldsEnum() {
			// an element's or map value's enum (a field's own is the
			// field's rule, above), and its value aliases, which its
			// value_alias rule then reads
			vals, _ := json.Marshal(schema.CaseValues(t.Enum, t.ValueAliases))
			w.add(p, p, "enum_case", lenient.Rule{Type: lenient.RuleEnumCase, Value: vals})
		}
		if m&lenientimpl.Unescape != 0 {
			w.add(p, p, "unescape", lenient.Rule{Type: lenient.RuleUnescape})
		}
		if len(t.ValueAliases) > 0 {
			w.add(p, p, "value_alias", lenient.Rule{Type: lenient.RuleValueAlias, Value: valueAliasJSON(t.ValueAliases)})
		}
	case schema.Array:
		if t.Split != "" {
			sep, _ := json.Marshal(t.Split)
			w.add(p, p, "split", lenient.Rule{Type: lenient.RuleSplit, Value: sep})
		}
		if m&lenientimpl.Wrap != 0 {
			w.add(p, p, "wrap", lenient.Rule{Type: lenient.RuleWrap})
		}
		if !strict {
			w.add(p, p, "json", lenient.Rule{Type: lenient.RuleJSONAcceptBoth, To: "native"})
		}
		w.value(t.Elem, p+"[]", m&^lenientimpl.Wrap)
	case schema.Map:
		if !strict {
			w.add(p, p, "json", lenient.Rule{Type: lenient.RuleJSONAcceptBoth, To: "native"})
		}
		w.value(t.Elem, p+"{}", m)
	case schema.Object:
		if !strict {
			w.add(p, p, "json", lenient.Rule{Type: lenient.RuleJSONAcceptBoth, To: "native"})
		}
		if t.Struct != nil {
			w.structFields(t.Struct, p)
		}
	}
}

// defaultJSON is a field's default as JSON: numbers and booleans bare,
// strings (and {{index}} templates) quoted.
func defaultJSON(f *Field) json.RawMessage {
	d := f.Keywords.Default
	switch f.Type.Kind {
	case schema.Int, schema.Uint, schema.Float, schema.Bool:
		return json.RawMessage(d)
	}
	b, _ := json.Marshal(d)
	return b
}

// Cycles returns the steps by which the recursive struct s reaches itself
// again, as rule path alternatives (".and[]", ".not", ".body.args[]"):
// the group its fields' rules repeat. An error says why the rule table
// cannot spell them: a struct on one of the cycles that reaches itself
// again by another (a recursive type inside another one's cycle). A
// field name a path quotes is a quoted step (["x.y"][]).
func Cycles(s *Struct) ([]string, error) {
	var alts []string
	onPath := map[*Struct]bool{s: true}
	var walk func(x *Struct, steps string, via []string) error
	walk = func(x *Struct, steps string, via []string) error {
		for _, f := range x.Fields {
			t := f.Type
			step := rulespec.PathKey("", f.Name) // ["x.y"] for a name a path quotes
			if !strings.HasPrefix(step, "[") {
				step = "." + step
			}
			for ; t.Kind == schema.Array || t.Kind == schema.Map; t = t.Elem {
				step += map[schema.Kind]string{schema.Array: "[]", schema.Map: "{}"}[t.Kind]
			}
			if t.Struct == nil {
				continue
			}
			route := append(via[:len(via):len(via)], x.Name+"."+f.Name)
			switch {
			case t.Struct == s:
				alts = append(alts, steps+step)
			case onPath[t.Struct]:
				if reaches(t.Struct, s, map[*Struct]bool{}) {
					return fmt.Errorf("%s reaches itself again inside the cycle of %s (%s): the rule table cannot spell a recursive type inside another one's cycle", t.Struct.Name, s.Name, strings.Join(route, " -> "))
				}
			default:
				onPath[t.Struct] = true
				err := walk(t.Struct, steps+step, route)
				delete(onPath, t.Struct)
				if err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(s, "", nil); err != nil {
		return nil, err
	}
	return alts, nil
}

// reaches reports whether a value of struct x can hold a value of struct
// s, at any depth.
func reaches(x, s *Struct, seen map[*Struct]bool) bool {
	if x == s {
		return true
	}
	if seen[x] {
		return false
	}
	seen[x] = true
	for _, f := range x.Fields {
		t := f.Type
		for t.Elem != nil {
			t = t.Elem
		}
		if t.Struct != nil && reaches(t.Struct, s, seen) {
			return true
		}
	}
	return false
}
