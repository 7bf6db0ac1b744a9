package lenient

import "encoding/json"

// RuleType is the kind of a normalizer rule.
type RuleType string

// The rule types of the normalizer's rules.json format: the six of the
// format existing normalizers use, and the ones normgen adds.
const (
	// RuleParamAlias renames the argument From (or the key Path ends
	// with) to To when To is absent, and no other alias of To is given.
	RuleParamAlias RuleType = "param_alias"
	// RuleParamDefault sets the argument From (or the key at Path) to
	// Value when it is absent (see When).
	RuleParamDefault RuleType = "param_default"
	// RuleTypeCoerce coerces the argument From (or the values at Path) to
	// CoerceTo with the generated decoders' accepted forms.
	RuleTypeCoerce RuleType = "type_coerce"
	// RuleJSONAcceptBoth accepts the argument From (or the values at
	// Path) both as a native
	// array/object and as JSON text: without To a native value becomes JSON
	// text (the original convention); with To "native" JSON text becomes a
	// native value.
	RuleJSONAcceptBoth RuleType = "json_accept_both"
	// RuleNestedAlias renames From to To in each object of the array at
	// ArrayPath inside the JSON payload argument InPayload.
	RuleNestedAlias RuleType = "nested_alias"
	// RuleNestedDefault sets From to Value (a {{index}} template when a
	// string) in each object of the array at ArrayPath inside InPayload where
	// it is absent or empty (or, with When "absent", absent).
	RuleNestedDefault RuleType = "nested_default"
	// RuleValueAlias reads the string value of From (or each string of
	// its array) through Value, a JSON object from alias to canonical value
	// ({"cp": "copy"}); with InPayload and ArrayPath, the string at From
	// in each object of the payload's array; with Path, the strings there.
	RuleValueAlias RuleType = "value_alias"
	// RuleWrap reads a lone value at From (or Path) where an array is
	// expected as a one-element array: any scalar but null, and not a
	// string holding JSON array text (`norm:"wrap"`).
	RuleWrap RuleType = "wrap"
	// RuleUnescape reads the string at From (or Path), when it holds no
	// real newline but a literal \n or \t, as text escaped twice, and
	// unescapes \n, \t, \r, \\ and \" in it, left to right
	// (`norm:"unescape"`).
	RuleUnescape RuleType = "unescape"
	// RuleAbsent reads the member From (or the key at Path) as absent when
	// its value is one of Value, a JSON array of null and "": it removes
	// it. It is what the generated decoders do with null for an optional
	// field, and with "" for an optional field that is not a string.
	RuleAbsent RuleType = "absent"
	// RuleSplit reads a string at From (or Path) that does not hold JSON
	// array text as the array of its items, separated by Value (a JSON
	// string of one character), each trimmed of white space
	// (`norm:"split=,"`). A string with an empty item is left alone.
	RuleSplit RuleType = "split"
	// RuleEnumCase reads a string at From (or Path; each string of an
	// array) that equals one of Value (a JSON array of strings) in
	// another ASCII letter case as that string.
	RuleEnumCase RuleType = "enum_case"
	// RuleNullText reads the string "null" at From (or Path) as null: the
	// generated decoders' reading of null spelled as text, for a field
	// that is not a string and may be null. It runs with the absent
	// rules, before them.
	RuleNullText RuleType = "null_text"
	// RuleEnumText reads a JSON boolean or number at From (or Path) as
	// the one of Value (a JSON array of strings, a string enum's values)
	// it is the text of (EnumText): true as "true", 2 (or 2.0) as "2". A
	// value of the enum EnumTextValue does not take is not read so.
	RuleEnumText RuleType = "enum_text"
	// RuleEnumDigits reads a string at From (or Path) that is the text of
	// one of Value (a JSON array of integers, an integer enum's values)
	// as that integer (EnumDigits): "2" as 2, and not "02".
	RuleEnumDigits RuleType = "enum_digits"
	// RuleMisnamedKey refuses a call where an object that takes unknown
	// keys (the arguments, or the objects at Path) holds a key that is
	// none of Value's and is a near spelling of one of them left out
	// (style_index for style_id), or one of them in another letter case,
	// as generated decoders refuse it (KindMisnamed, KindKeyCase; the
	// rule is in docs/semantics.md). Value is a JSON array of the
	// object's fields: each its key, or an array of its keys, canonical
	// name first, or {"keys": [...], "required": true} for a required
	// field, which no key is refused as misnamed for. It changes nothing.
	RuleMisnamedKey RuleType = "misnamed_key"

	// RuleSecret marks the values at From (or Path: member names, "[]" and
	// "{}"; no groups) as secret, and everything inside them: the Normalizer
	// (package normalize) changes nothing for it, and shows [secret, N bytes]
	// in their place in its fix records (Applied, and so the statistics), and
	// in the call log (WithCallLog), where an unknown key that reads as a misspelling of a
	// secret key (keyHint's measure) is hidden too. The generator writes one
	// for each `norm:"secret"` field; a server that cannot regenerate writes
	// them in its rules file.
	RuleSecret RuleType = "secret"
)

// When a default applies (Rule.When).
const (
	// WhenAbsent applies a default only when the key is absent, as the
	// generated decoders do; param_default's meaning.
	WhenAbsent = "absent"
	// WhenAbsentOrEmpty applies a default also when the value is null or
	// ""; nested_default's meaning.
	WhenAbsentOrEmpty = "absent_or_empty"
	// WhenAbsentOrNull applies a default also when the value is null: the
	// generated decoders' reading of null for an optional string field
	// (and for one that declares norm:"empty=error").
	WhenAbsentOrNull = "absent_or_null"
)

// Rule is one normalizer rule, as stored in rules.json. The format is a
// superset of the one existing Go MCP server normalizers use.
type Rule struct {
	// ID names the rule uniquely within a rule set.
	ID string `json:"id"`
	// Tools lists the tools the rule applies to; "*" is every tool.
	Tools []string `json:"tools"`
	// Type is one of the rule types.
	Type RuleType `json:"type"`
	// From is the source argument or field name.
	From string `json:"from,omitempty"`
	// Path, instead of From, locates the values a rule applies to at any
	// depth: member names joined by ".", "[]" for each array element, "{}"
	// for each value of an object ("retry.attempts", "steps[].id",
	// "labels[]", "env{}.port"), and a group of steps repeated any number
	// of times, zero included, for a recursive type:
	// "filter(.and[]|.or[]|.not)*.boost" is filter.boost,
	// filter.and[].boost, filter.not.or[].boost, and so on; and a guard
	// after a step, which goes on only where the object there holds one
	// of its strings at its member: `x<"kind"="a"|"b">.n`
	// (rulespec.ParsePath). For param_alias it is the alias key's
	// place and To the canonical key in the same object; for
	// param_default the key to set ({{index}} in a string value is the
	// innermost array index). JSON text met on the way is read as its
	// value. Types: param_alias, param_default, type_coerce,
	// json_accept_both, wrap, unescape, value_alias.
	Path string `json:"path,omitempty"`
	// To is the target name (aliases), or "native" for json_accept_both.
	To string `json:"to,omitempty"`
	// CoerceTo is, for type_coerce: "bool"; "bool_strict" (only the
	// strings "true" and "false"); "int" (digit strings, and integer-valued
	// number literals such as 5.0, 1e3 or -0 rewritten as integers);
	// "uint" (as int, for an unsigned field: digit strings without a sign);
	// "int_literal" (only the number literals: a norm:"strict" integer);
	// "float"; "date_time" (a time.Time's other forms as RFC 3339); or
	// "duration" (Go duration text as nanoseconds), "duration_s" and the
	// other units (also a number of seconds, ...: norm:"unit=s").
	CoerceTo string `json:"coerce_to,omitempty"`
	// InPayload is the argument holding the JSON payload (nested types).
	InPayload string `json:"in_payload,omitempty"`
	// ArrayPath locates the array inside the payload: "[]", "steps[]",
	// "data.items[]".
	ArrayPath string `json:"array_path,omitempty"`
	// Value is the default (any JSON value) for the default types.
	Value json.RawMessage `json:"value,omitempty"`
	// When says when a default applies: "absent" (param_default's
	// meaning), "absent_or_null" (also null) or "absent_or_empty" (also
	// null or ""; nested_default's meaning). Empty keeps the type's
	// meaning.
	When string `json:"when,omitempty"`
}

// Tool describes one generated tool: what a server registers and
// advertises. Generated code declares a registry of these per package.
type Tool struct {
	// Name is the tool's name.
	Name string
	// Description is the tool's description (its input type's doc comment).
	Description string
	// InputSchema is the tool's lenient JSON Schema in the portable
	// profile: the schema to register the tool with, which SDKs validate
	// calls against and fill defaults from (go-sdk's mcp.AddTool, mcp-go's
	// WithInputSchemaValidation). The generator writes no other profile
	// here (Profile.ForValidation).
	InputSchema json.RawMessage
	// Schemas holds the tool's input schema in every profile; SchemaFor
	// picks one, for a server that answers tools/list per client. A
	// schema from here other than InputSchema is for tools/list only,
	// never for registering the tool with an SDK that validates calls.
	Schemas map[Profile]json.RawMessage
	// Rules is the tool's rule table for the runtime normalizer.
	Rules []Rule
	// Decode decodes arguments leniently into a new value of the tool's
	// input type (a pointer) and returns the fixes it made.
	Decode func(args []byte) (any, []Fix, error)
}

// The type_coerce targets of time values, beside bool, int and float:
// "date_time" rewrites a time.Time's other forms (TimePattern) as RFC
// 3339; "duration" rewrites Go duration text as an integer number of
// nanoseconds, what encoding/json reads into a time.Duration, and
// "duration_s" (and _ns, _us, _ms, _m, _h) also a number of that unit.
const (
	CoerceDateTime = "date_time"
	CoerceDuration = "duration"
)
