package gen

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/normgen/normgen/lenient"
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
func Rules(t *Tool) []lenient.Rule {
	w := &ruleWalker{tool: t.Name, seen: map[*Struct]bool{}}
	w.structFields(t.Input, "")
	return w.rules
}

type ruleWalker struct {
	tool  string
	rules []lenient.Rule
	seen  map[*Struct]bool // structs on the current path
}

// add appends a rule for the value at path p (a top-level name becomes
// from); its id is "<tool>.<idPath>.<what>".
func (w *ruleWalker) add(p, idPath, what string, r lenient.Rule) {
	r.ID = w.tool + "." + idPath + "." + what
	r.Tools = []string{w.tool}
	if plainName(p) {
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
func join(prefix, name string) string { return lenient.PathKey(prefix, name) }

// structFields derives the rules of a struct's fields; prefix is the
// struct's path ("" for the arguments object).
func (w *ruleWalker) structFields(s *Struct, prefix string) {
	if w.seen[s] { // the loader refuses recursive types; stay finite anyway
		return
	}
	w.seen[s] = true
	defer delete(w.seen, s)
	for _, f := range s.Fields {
		p := join(prefix, f.Name)
		to := f.Name
		if !plainName(to) {
			to = "[" + strconv.Quote(to) + "]" // a member name, not a path
		}
		for _, a := range f.Aliases {
			w.add(join(prefix, a), p, "alias."+a, lenient.Rule{Type: lenient.RuleParamAlias, To: to})
		}
		if f.Keywords.HasDefault {
			w.add(p, p, "default", lenient.Rule{Type: lenient.RuleParamDefault, Value: defaultJSON(f)})
		}
		w.value(f.Type, p, f.Mode)
	}
}

// value derives the rules of a value of type t at path p, decoded with
// mode m.
func (w *ruleWalker) value(t *TypeRef, p string, m lenient.Mode) {
	strict := m&lenient.Strict != 0
	switch t.Kind {
	case schema.Int, schema.Uint:
		to := "int"
		if strict {
			to = "int_literal" // 5.0 and 1e3 are JSON's own integers too
		}
		w.add(p, p, "coerce", lenient.Rule{Type: lenient.RuleTypeCoerce, CoerceTo: to})
	case schema.Float:
		if !strict {
			w.add(p, p, "coerce", lenient.Rule{Type: lenient.RuleTypeCoerce, CoerceTo: "float"})
		}
	case schema.Bool:
		if !strict {
			to := "bool"
			if m&lenient.StrictBool != 0 {
				to = "bool_strict"
			}
			w.add(p, p, "coerce", lenient.Rule{Type: lenient.RuleTypeCoerce, CoerceTo: to})
		}
	case schema.String:
		if m&lenient.Unescape != 0 {
			w.add(p, p, "unescape", lenient.Rule{Type: lenient.RuleUnescape})
		}
		if len(t.ValueAliases) > 0 {
			w.add(p, p, "value_alias", lenient.Rule{Type: lenient.RuleValueAlias, Value: valueAliasJSON(t.ValueAliases)})
		}
	case schema.Array:
		if m&lenient.Wrap != 0 {
			w.add(p, p, "wrap", lenient.Rule{Type: lenient.RuleWrap})
		}
		if !strict {
			w.add(p, p, "json", lenient.Rule{Type: lenient.RuleJSONAcceptBoth, To: "native"})
		}
		w.value(t.Elem, p+"[]", m&^lenient.Wrap)
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
