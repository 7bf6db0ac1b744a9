package lenientimpl

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/normgen/normgen/internal/schemaprofile"
	"github.com/normgen/normgen/lenient"
)

// Decoded is a generated input type as DecodeAs calls it: a pointer to T
// with the UnmarshalJSONReport method normgen writes for T.
type Decoded[T any] interface {
	*T
	UnmarshalJSONReport(data []byte) ([]lenient.Fix, error)
}

// DecodeAs decodes args into a new T with its UnmarshalJSONReport and
// returns it (a *T), with the fixes made: the Decode function of a tool
// whose input type is T, which generated code writes as
// lenientimpl.DecodeAs[T] (P is inferred).
func DecodeAs[T any, P Decoded[T]](args []byte) (any, []lenient.Fix, error) {
	x := P(new(T))
	fixes, err := x.UnmarshalJSONReport(args)
	return x, fixes, err
}

// DerivedSchemas returns a tool's Schemas from the schemas generated code
// carries: the portable one, the openai-strict one ("" for a tool that
// profile cannot express: it is left out, and SchemaFor gives InputSchema)
// and the gemini one where it cannot be derived from the portable one
// (a recursive type, which the gemini profile unrolls; "" elsewhere). The
// typearray schema, and the gemini one when gemini is "", are derived
// from the portable schema, as the generator derives them (the generator
// checks that they come out the same).
//
// The derivation is done once per portable schema and kept for the
// process (about the size of the schemas): servers call NormgenTools once
// per tool they register (MustLookupTool(NormgenTools(), name)), and each
// call then costs what a registry of constants did. Each call returns
// schemas of its own, which the caller may change.
//
// It panics when portable is not a schema normgen writes, which generated
// code never passes: a tool registry must not start without the schemas
// it advertises.
//
// Generated code calls it for a tool whose openai-strict schema it writes
// whole, and SharedSchemas for the others.
func DerivedSchemas(portable, openAIStrict, gemini string) map[lenient.Profile]json.RawMessage {
	return profileSchemas(portable, gemini, openAIStrict, deriveProfiles(portable, ""))
}

// SharedSchemas is DerivedSchemas for an openai-strict schema that leaves
// out each field description it shares with the portable one (its other
// notes, and the structure strict mode wants, are its own): SharedSchemas
// puts them back, where the schema had them, as the generator checks for
// each tool. The result is DerivedSchemas' for the whole openai-strict
// schema, and is derived once per tool and process too.
//
// It panics when portable or openAIStrict is not a schema normgen writes,
// as DerivedSchemas does.
func SharedSchemas(portable, openAIStrict, gemini string) map[lenient.Profile]json.RawMessage {
	d := deriveProfiles(portable, openAIStrict)
	return profileSchemas(portable, gemini, d.strict, d)
}

// profileSchemas returns a tool's Schemas: portable, the derived ones, and
// gemini and openAIStrict where they are given.
func profileSchemas(portable, gemini, openAIStrict string, d derivedProfiles) map[lenient.Profile]json.RawMessage {
	m := make(map[lenient.Profile]json.RawMessage, 4)
	m[lenient.ProfilePortable] = json.RawMessage(portable)
	m[lenient.ProfileTypeArray] = json.RawMessage(d.typeArray)
	if gemini == "" {
		m[lenient.ProfileGemini] = json.RawMessage(d.gemini)
	} else {
		m[lenient.ProfileGemini] = json.RawMessage(gemini)
	}
	if openAIStrict != "" {
		m[lenient.ProfileOpenAIStrict] = json.RawMessage(openAIStrict)
	}
	return m
}

// derivedProfiles are the schemas derived from one portable schema: the
// typearray and gemini ones, and the openai-strict one filled in from its
// text less the descriptions it shares with the portable one ("" where
// none was given).
type derivedProfiles struct{ typeArray, gemini, strict string }

// derived holds the derivedProfiles derived so far, by the texts of the
// portable schema and of the openai-strict one less its shared
// descriptions.
var derived sync.Map

// deriveProfiles returns the derivedProfiles of portable, and of the
// openai-strict schema stripped of the descriptions it shares with it,
// derived on their first use from one parse of portable.
func deriveProfiles(portable, stripped string) derivedProfiles {
	key := [2]string{portable, stripped}
	if d, ok := derived.Load(key); ok {
		return d.(derivedProfiles)
	}
	root, err := schemaprofile.ParseRoot([]byte(portable))
	var strict []byte
	if err == nil && stripped != "" {
		strict, err = root.FillShared([]byte(stripped))
	}
	if err != nil {
		panic(fmt.Sprintf("lenient: the typearray, gemini and openai-strict schemas cannot be derived from a generated portable schema (%v): regenerate the code with normgen", err))
	}
	d, _ := derived.LoadOrStore(key, derivedProfiles{string(root.TypeArray()), string(root.Gemini()), string(strict)})
	return d.(derivedProfiles)
}
