package schema

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/invopop/jsonschema"

	"github.com/normgen/normgen/lenient"
)

// StrictGap is the error RootProfile, RootJSON and For give for a type the
// openai-strict profile (lenient.ProfileOpenAIStrict) cannot express: a
// field whose values strict mode has no schema for, or whose null the
// decoder would not read as the field left out.
type StrictGap struct {
	// Path is the wire names of the fields from the root to the one
	// strict mode cannot express ("filters", "labels").
	Path []string
	// Why says what strict mode lacks for it.
	Why string
}

func (e *StrictGap) Error() string {
	return "field " + strings.Join(e.Path, ".") + ": the openai-strict profile cannot express it: " + e.Why
}

// strictGap reports what of the type t strict mode cannot express, the
// field path left to its callers.
func strictGap(t *Type) *StrictGap {
	switch t.Kind {
	case Map:
		return &StrictGap{Why: "a map has free keys, and strict mode wants additionalProperties: false on every object"}
	case Any:
		return &StrictGap{Why: "any value (any, json.RawMessage) has no strict spelling: strict mode wants a type on every schema and additionalProperties: false on every object"}
	case Custom:
		return &StrictGap{Why: "it is decoded by its own UnmarshalJSON or UnmarshalText, whose schema normgen cannot make strict (every property required, additionalProperties: false) knowing what that decoder does with null"}
	}
	return nil
}

// asStrictGap returns err as a *StrictGap with name put before its path,
// or nil when err is not one.
func asStrictGap(err error, name string) *StrictGap {
	var gap *StrictGap
	if !errors.As(err, &gap) {
		return nil
	}
	return &StrictGap{Path: append([]string{name}, gap.Path...), Why: gap.Why}
}

// strictObject makes the object schema s of struct t strict: every
// property listed in required (a field that may be left out is nullable,
// as fieldSchema built it), and additionalProperties: false.
func strictObject(s *jsonschema.Schema) {
	s.Required = nil
	for p := s.Properties.Oldest(); p != nil; p = p.Next() {
		s.Required = append(s.Required, p.Key)
	}
	s.AdditionalProperties = jsonschema.FalseSchema
}

// strictDefault says a field's default in its description, where the
// openai-strict profile keeps it: a strict-mode model sends null for it
// (which the decoder reads as left out, so the default applies), and
// strict mode on Azure OpenAI refuses the "default" keyword
// (openai/openai-agents-python#4390; dotnet/extensions#6266).
func strictDefault(first *jsonschema.Schema) {
	if first.Default == nil {
		return
	}
	v, err := json.Marshal(first.Default)
	if err == nil {
		first.Description = withNote(first.Description, "Default: "+string(v)+" (send null for it).")
	}
	first.Default = nil
}

// strictAbsent is which of a field's absent forms the openai-strict
// profile spells: null for a field that may be left out (a pointer's
// null is nil, its value when left out), never "" (the profile has no
// string forms).
func strictAbsent(f *Field) lenient.AbsentForms {
	if f.Required {
		return 0
	}
	return lenient.AbsentNull
}
