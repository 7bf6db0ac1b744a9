package lenient

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Profile names a spelling of the lenient input schema. Every profile
// describes the same decoder; they differ in the JSON Schema constructs a
// host takes. Generated code has each tool's schema in every profile (the
// portable and openai-strict ones as text, the others derived from the
// portable one: DerivedSchemas), so that one server can serve hosts that
// want different forms.
type Profile string

// The schema profiles.
const (
	// ProfilePortable is the default: no JSON Schema type arrays anywhere.
	// A value with several accepted forms is a property-level anyOf of
	// single-typed branches with no sibling keys (annotations sit in the
	// first branch), every array branch with its own items, null as a
	// {"type":"null"} branch; no "$schema" (2020-12 is MCP's default). Claude, Claude Code (AJV), OpenAI, Gemini,
	// Cursor and VS Code Copilot take it.
	ProfilePortable Profile = "portable"
	// ProfileTypeArray spells several accepted forms as a JSON Schema type
	// array (["integer","string"]), the form normgen used first. AJV hosts
	// take it; Gemini-family function declarations reject it.
	ProfileTypeArray Profile = "typearray"
	// ProfileGemini is the strict OpenAPI 3.0 subset of Gemini function
	// declarations: one type per schema, nullable: true for null, no anyOf,
	// $schema, additionalProperties, $comment, exclusive bounds or
	// examples (what the bounds and additionalProperties constrained is
	// said otherwise: an integer's exclusive bound as the inclusive one,
	// the rest in the description). It advertises each value's native
	// form only; the decoder still accepts every lenient form.
	ProfileGemini Profile = "gemini"
	// ProfileOpenAIStrict is for OpenAI function calling with strict: true
	// (Structured Outputs): every property listed in required, an optional
	// one nullable (an anyOf with {"type":"null"}, which the decoder reads
	// as the field left out), additionalProperties: false on every object,
	// each value in its native JSON form only (a strict-mode model's output
	// is constrained to the schema, so it never sends "100" for an integer,
	// and string forms would only grow the grammar), aliases not declared
	// (the model fills every property: it would send null for an alias
	// beside its field), a default said in the description (Azure's strict
	// mode refuses "default"). A tool with a field strict mode cannot
	// express (a map of free keys, any, json.RawMessage, a type with its
	// own decoder) has no schema in this profile: the generator warns,
	// and Tool.SchemaFor gives its InputSchema, for a client to send with
	// strict: false.
	ProfileOpenAIStrict Profile = "openai-strict"
)

// ForValidation reports whether p's schemas are for registering a tool
// with an SDK, which validates calls against them and may fill in their
// defaults: ProfilePortable only. Its schemas are JSON Schema that a
// validator reads as the decoder reads arguments, and they keep each
// default a filler would misapply out of its reach (see the README's
// Examples). The other profiles are for tools/list only, served to the
// clients that want them (Tool.SchemaFor): registered with an SDK,
// ProfileGemini (OpenAPI's nullable, which a JSON Schema validator
// ignores) makes go-sdk's mcp.AddTool and mcp-go's
// WithInputSchemaValidation refuse null for a pointer and "50" for an
// integer, and ProfileTypeArray (a default at its property, where
// go-sdk's mcp.AddTool applies it) makes go-sdk set the default of a
// field with aliases beside the alias sent, which the decoder then
// refuses as the field given twice. ProfileOpenAIStrict lists every
// property in required, so a validator would refuse every call that
// leaves a field out, and "50" for an integer.
func (p Profile) ForValidation() bool {
	return p == ProfilePortable
}

// Profiles returns every profile, the default first.
func Profiles() []Profile {
	return []Profile{ProfilePortable, ProfileTypeArray, ProfileGemini, ProfileOpenAIStrict}
}

// ParseProfile returns the profile named s, or an error listing the known
// names.
func ParseProfile(s string) (Profile, error) {
	for _, p := range Profiles() {
		if string(p) == s {
			return p, nil
		}
	}
	return "", fmt.Errorf("unknown schema profile %q; known profiles: %s", s, profileNames())
}

func profileNames() string {
	var names []string
	for _, p := range Profiles() {
		names = append(names, string(p))
	}
	return strings.Join(names, ", ")
}

// SchemaFor returns the tool's input schema in profile p: Schemas[p] when
// the tool carries it, else InputSchema (a tool the openai-strict profile
// cannot express carries no schema in it; the generator warned of it). It is for answering tools/list
// in the profile a client wants; an SDK validates calls against the
// schema it was registered with, which must be InputSchema (see
// Profile.ForValidation).
func (t Tool) SchemaFor(p Profile) json.RawMessage {
	if s, ok := t.Schemas[p]; ok {
		return s
	}
	return t.InputSchema
}
