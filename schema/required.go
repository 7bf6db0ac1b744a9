package schema

import "fmt"

// Required is a model of which struct fields are required: the two of
// invopop/jsonschema, whose tags normgen reads, so that a server's
// existing structs generate with the required lists it advertises today.
type Required uint8

const (
	// RequiredAuto is RequiredJSON, unless a field is tagged
	// `jsonschema:"required"` and another has neither that tag nor
	// omitempty: the two models disagree on that one, and
	// ResolveRequired says so instead of guessing.
	RequiredAuto Required = iota
	// RequiredJSON is invopop's default model: a field is required when
	// its json tag has neither omitempty nor omitzero, or when its
	// jsonschema tag says required.
	RequiredJSON
	// RequiredJSONSchema is invopop's RequiredFromJSONSchemaTags: a field
	// is required when its jsonschema tag says required, and omitempty
	// does not matter.
	RequiredJSONSchema
)

// ParseRequired reads a model's name: "json" or "jsonschema" ("" is
// RequiredAuto).
func ParseRequired(s string) (Required, error) {
	switch s {
	case "":
		return RequiredAuto, nil
	case "json":
		return RequiredJSON, nil
	case "jsonschema":
		return RequiredJSONSchema, nil
	}
	return RequiredAuto, fmt.Errorf("unknown required model %q; known: json (a field without omitempty is required, invopop/jsonschema's default), jsonschema (a field tagged jsonschema:\"required\" is, invopop's RequiredFromJSONSchemaTags)", s)
}

// String is the model's name, as ParseRequired reads it.
func (r Required) String() string {
	switch r {
	case RequiredJSON:
		return "json"
	case RequiredJSONSchema:
		return "jsonschema"
	}
	return ""
}

// IsRequired reports whether a field is required under r, given whether
// its json tag has omitempty or omitzero (omit) and whether its jsonschema
// tag says required (tagged). RequiredAuto reads as RequiredJSON.
func (r Required) IsRequired(omit, tagged bool) bool {
	if r == RequiredJSONSchema {
		return tagged
	}
	return tagged || !omit
}

// RequiredField is a field as the models see it.
type RequiredField struct {
	Omit   bool // the json tag has omitempty or omitzero
	Tagged bool // the jsonschema tag says required
}

// ResolveRequired resolves RequiredAuto over the fields of a package (or
// of a type and the structs it reaches): RequiredJSON when no field is
// tagged required, or when the two models agree on every field. Otherwise
// ok is false, and conflict and tagged index the first field the models
// disagree on (neither tagged nor omitempty: required under RequiredJSON
// only) and the first field tagged required.
func ResolveRequired(fields []RequiredField) (model Required, conflict, tagged int, ok bool) {
	conflict, tagged = -1, -1
	for i, f := range fields {
		switch {
		case f.Tagged && tagged < 0:
			tagged = i
		case !f.Tagged && !f.Omit && conflict < 0:
			conflict = i
		}
	}
	if tagged >= 0 && conflict >= 0 {
		return RequiredAuto, conflict, tagged, false
	}
	return RequiredJSON, -1, -1, true
}

// RequiredConflict is the message of a field the two models disagree on,
// when the model was not chosen: tagged names a field tagged required,
// choose says how to choose.
func RequiredConflict(tagged, choose string) string {
	return fmt.Sprintf(`it has neither omitempty nor jsonschema:"required", while %s is tagged jsonschema:"required": required under invopop/jsonschema's default model (json: a field without omitempty is required), optional under its RequiredFromJSONSchemaTags (jsonschema: only tagged fields are); choose the model: %s`, tagged, choose)
}
