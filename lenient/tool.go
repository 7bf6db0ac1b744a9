package lenient

import "encoding/json"

// Decoded is a generated input type as DecodeAs calls it: a pointer to T
// with the UnmarshalJSONReport method normgen writes for T.
type Decoded[T any] interface {
	*T
	UnmarshalJSONReport(data []byte) ([]Fix, error)
}

// DecodeAs decodes args into a new T with its UnmarshalJSONReport and
// returns it (a *T), with the fixes made: the Decode function of a tool
// whose input type is T, which generated code writes as
// lenient.DecodeAs[T] (P is inferred).
func DecodeAs[T any, P Decoded[T]](args []byte) (any, []Fix, error) {
	x := P(new(T))
	fixes, err := x.UnmarshalJSONReport(args)
	return x, fixes, err
}

// ProfileSchemas returns a tool's Schemas from its input schema in each
// profile, in Profiles order; a profile whose schema is "" (one that
// cannot express the tool: SchemaFor then gives InputSchema) is left out.
func ProfileSchemas(portable, typeArray, gemini, openAIStrict string) map[Profile]json.RawMessage {
	m := make(map[Profile]json.RawMessage, 4)
	for i, s := range [...]string{portable, typeArray, gemini, openAIStrict} {
		if s != "" {
			m[Profiles()[i]] = json.RawMessage(s)
		}
	}
	return m
}
