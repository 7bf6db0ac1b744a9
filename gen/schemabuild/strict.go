package schemabuild

import (
	"encoding/json"
	"strings"

	"github.com/invopop/jsonschema"
	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/runtime/lenientimpl"
	. "github.com/normgen/normgen/schema"
)

// StrictGap is one field the openai-strict profile
// (lenient.ProfileOpenAIStrict) cannot express: its values have no
// strict spelling, or its null would not be read as the field left out.
type StrictGap struct {
	// Path is the wire names of the fields from the root to the one
	// strict mode cannot express ("filters", "labels").
	Path []string
	// Why says what strict mode lacks for it.
	Why string
}

// StrictGapError is the error RootProfile, RootJSON and For give for a
// type the openai-strict profile cannot express: every such field.
type StrictGapError struct {
	Gaps []StrictGap
}

// Error lists the gaps.
func (e *StrictGapError) Error() string {
	var parts []string
	for _, g := range e.Gaps {
		parts = append(parts, "field "+strings.Join(g.Path, ".")+": "+g.Why)
	}
	return "the openai-strict profile cannot express " + strings.Join(parts, "; ")
}

// strictGap says why strict mode cannot express the values of type t
// ("" where it can; a type with its own decoder is strictOwn's).
func strictGap(t *Type) string {
	switch t.Kind {
	case Map:
		return "a map has free keys, and strict mode wants additionalProperties: false on every object"
	case Any:
		return "any value (any, json.RawMessage) has no strict spelling: strict mode wants a type on every schema and additionalProperties: false on every object"
	}
	return ""
}

// gap records that strict mode cannot express the field being built (at
// b.path), and returns the schema the build goes on with (any value: the
// root then fails with every gap).
func (b *builder) gap(why string) *jsonschema.Schema {
	b.gaps = append(b.gaps, StrictGap{Path: append([]string(nil), b.path...), Why: why})
	return &jsonschema.Schema{Extras: map[string]any{}}
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
		first.Description = leniency.WithNote(first.Description, "Default: "+string(v)+" (send null for it).")
	}
	first.Default = nil
}

// strictAbsent is which of a field's absent forms the openai-strict
// profile spells: null for a field that may be left out (a pointer's
// null is nil, its value when left out), never "" (the profile has no
// string forms).
func strictAbsent(f *Field) lenientimpl.AbsentForms {
	if f.Required {
		return 0
	}
	return lenientimpl.AbsentNull
}

// strictOwn says why strict mode cannot express a type with its own
// decoder (Custom), "" where it can: its own schema must be one strict
// mode takes (checked with the openai-strict host rules), and the value
// cannot be one the model leaves out unless null is nil (a pointer), since
// null is otherwise given to that decoder, not read as the field left out.
func strictOwn(t *Type, own *jsonschema.Schema, absent lenientimpl.AbsentForms) string {
	if own == nil {
		return "it is decoded by its own UnmarshalJSON or UnmarshalText and its schema is {}, any value, which has no strict spelling (give the type a JSONSchema() method)"
	}
	if absent&lenientimpl.AbsentNull != 0 && !t.Nullable {
		return "it may be left out, so a strict-mode model sends null for it, and null is given to the type's own UnmarshalJSON (as encoding/json gives it), not read as the field left out; make it a pointer (null is then nil) or required"
	}
	raw, err := json.Marshal(own)
	if err != nil {
		return err.Error()
	}
	catalog := `[{"name":"t","inputSchema":{"type":"object","properties":{"v":` + string(raw) + `},"required":["v"],"additionalProperties":false}}]`
	findings, err := lint.CheckHosts([]byte(catalog), []lint.Host{lint.HostOpenAIStrict})
	if err != nil {
		return err.Error()
	}
	for _, f := range findings {
		if !f.Note {
			return "its JSONSchema() is not one strict mode takes: " + f.Message
		}
	}
	return ""
}
