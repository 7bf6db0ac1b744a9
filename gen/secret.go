package gen

import (
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// secretBlock brackets the statements that decode a norm:"secret" field
// with Decoder.BeginSecret and EndSecret, so that its fixes and problems
// show [secret, N bytes] for its value, and those of a field whose value
// holds one (a struct with a secret field, sent as JSON text) with
// BeginSecretHolder and EndSecretHolder; other fields' statements are
// returned as they are.
func secretBlock(f *Field, body []jen.Code) []jen.Code {
	begin, end := "BeginSecret", "EndSecret"
	switch {
	case f.Mode&lenientimpl.Secret == 0:
		return body
	case !f.Secret:
		begin, end = "BeginSecretHolder", "EndSecretHolder"
	}
	out := append([]jen.Code{jen.Id("d").Dot(begin).Call()}, body...)
	return append(out, jen.Id("d").Dot(end).Call())
}

// markSecretHolders gives lenientimpl.Secret to the Mode of every field whose
// value holds a norm:"secret" field (through structs, slices, maps and
// pointers), so that the fast path leaves the fixes of its JSON text to
// the Decoder, and the Decoder hides that text (secretBlock).
//
// A secret inside a recursive struct is an error: its rule path would be
// a group, which a secret rule does not take (lenient.RuleSecret).
func (l *loader) markSecretHolders(m *Package) {
	if m == nil {
		return
	}
	memo := map[*Struct]bool{}
	for _, s := range m.Structs {
		for _, f := range s.Fields {
			holds := typeHoldsSecret(f.Type, memo)
			if holds && !f.Secret {
				f.Mode |= lenientimpl.Secret
			}
			if s.Recursive && (f.Secret || holds) {
				l.diags = append(l.diags, Diagnostic{Pos: f.Pos, Field: s.Name + "." + strings.Join(f.GoName, "."), Msg: "norm secret: a secret inside the recursive type " + s.Name + " is not supported (its rule path would repeat a group, which a secret rule cannot take); move the secret out of the recursive type, or drop it there and mark secret the field that holds the recursive type (all inside it is then hidden)"})
			}
		}
	}
}

// typeHoldsSecret reports whether a value of type t holds a secret field.
func typeHoldsSecret(t *TypeRef, memo map[*Struct]bool) bool {
	if t == nil {
		return false
	}
	if t.Elem != nil && typeHoldsSecret(t.Elem, memo) {
		return true
	}
	s := t.Struct
	if s == nil {
		return false
	}
	if v, ok := memo[s]; ok {
		return v
	}
	memo[s] = false // a recursive struct: decided by its other fields
	for _, f := range s.Fields {
		if f.Secret || typeHoldsSecret(f.Type, memo) {
			memo[s] = true
			return true
		}
	}
	return false
}
