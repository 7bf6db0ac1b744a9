package lenient

import "encoding/json"

// RuleType is the kind of a normalizer rule.
type RuleType string

// The six rule types of the normalizer's rules.json format.
const (
	// RuleParamAlias renames the top-level argument From to To when To is absent.
	RuleParamAlias RuleType = "param_alias"
	// RuleParamDefault sets the top-level argument From to Value when it is absent.
	RuleParamDefault RuleType = "param_default"
	// RuleTypeCoerce coerces the top-level argument From to CoerceTo
	// ("bool", "int" or "float") with the generated decoders' accepted forms.
	RuleTypeCoerce RuleType = "type_coerce"
	// RuleJSONAcceptBoth accepts the argument From both as a native
	// array/object and as JSON text: without To a native value becomes JSON
	// text (the original convention); with To "native" JSON text becomes a
	// native value.
	RuleJSONAcceptBoth RuleType = "json_accept_both"
	// RuleNestedAlias renames From to To in each object of the array at
	// ArrayPath inside the JSON payload argument InPayload.
	RuleNestedAlias RuleType = "nested_alias"
	// RuleNestedDefault sets From to Value (a {{index}} template when a
	// string) in each object of the array at ArrayPath inside InPayload where
	// it is absent or empty.
	RuleNestedDefault RuleType = "nested_default"
	// RuleValueAlias reads the string value of From (or each string of
	// its array) through Value, a JSON object from alias to canonical value
	// ({"cp": "copy"}); with InPayload and ArrayPath, the string at From
	// in each object of the payload's array.
	RuleValueAlias RuleType = "value_alias"
)

// Rule is one normalizer rule, as stored in rules.json. The format is a
// superset of the one existing Go MCP server normalizers use.
type Rule struct {
	// ID names the rule uniquely within a rule set.
	ID string `json:"id"`
	// Tools lists the tools the rule applies to; "*" is every tool.
	Tools []string `json:"tools"`
	// Type is one of the six rule types.
	Type RuleType `json:"type"`
	// From is the source argument or field name.
	From string `json:"from"`
	// To is the target name (aliases), or "native" for json_accept_both.
	To string `json:"to,omitempty"`
	// CoerceTo is "bool", "int" or "float" for type_coerce.
	CoerceTo string `json:"coerce_to,omitempty"`
	// InPayload is the argument holding the JSON payload (nested types).
	InPayload string `json:"in_payload,omitempty"`
	// ArrayPath locates the array inside the payload: "[]", "steps[]",
	// "data.items[]".
	ArrayPath string `json:"array_path,omitempty"`
	// Value is the default (any JSON value) for the default types.
	Value json.RawMessage `json:"value,omitempty"`
}

// Tool describes one generated tool: what a server registers and
// advertises. Generated code declares a registry of these per package.
type Tool struct {
	// Name is the tool's name.
	Name string
	// Description is the tool's description (its input type's doc comment).
	Description string
	// InputSchema is the tool's lenient JSON Schema in the profile the
	// generator was asked for (ProfilePortable unless -profile said
	// otherwise).
	InputSchema json.RawMessage
	// Schemas holds the tool's input schema in every profile; SchemaFor
	// picks one, for a server that chooses per client.
	Schemas map[Profile]json.RawMessage
	// Rules is the tool's rule table for the runtime normalizer.
	Rules []Rule
	// Decode decodes arguments leniently into a new value of the tool's
	// input type (a pointer) and returns the fixes it made.
	Decode func(args []byte) (any, []Fix, error)
}
