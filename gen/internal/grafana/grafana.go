// Package grafana holds tool inputs shaped as grafana/mcp-grafana v1.6.3's
// are (its own types are not copied here: these are written after them),
// so that the decoding tests of that server (TestUnmarshalWithIntConversion
// and the other tests of tools_string_to_int_test.go, the parameter
// validation tests of tools_param_validation_test.go, and
// TestGetPanelImageParams_UnmarshalVariables) run with the same inputs
// through generated decoders; grafana_test.go says where the outcome
// differs, and why. Like the server, the package reads invopop's
// RequiredFromJSONSchemaTags model.
//
//normgen:required=jsonschema
package grafana

//go:generate go run github.com/normgen/normgen/cmd/normgen

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/invopop/jsonschema"
)

// IntParams has integers, one optional with a default, one a pointer.
//
//normgen:tool int_params
type IntParams struct {
	Name        string `json:"name" jsonschema:"required,description=Name parameter"`
	Count       int    `json:"count" jsonschema:"description=Count parameter as int"`
	Limit       int    `json:"limit,omitempty" jsonschema:"default=10,description=Limit parameter"`
	OptionalInt *int   `json:"optionalInt,omitempty" jsonschema:"description=Optional int pointer"`
}

// AllIntTypesParams has an integer field of every width.
//
//normgen:tool all_int_types
type AllIntTypesParams struct {
	Int8Field   int8    `json:"int8Field" jsonschema:"description=Int8 field"`
	Int16Field  int16   `json:"int16Field" jsonschema:"description=Int16 field"`
	Int32Field  int32   `json:"int32Field" jsonschema:"description=Int32 field"`
	Int64Field  int64   `json:"int64Field" jsonschema:"description=Int64 field"`
	UintField   uint    `json:"uintField" jsonschema:"description=Uint field"`
	Uint8Field  uint8   `json:"uint8Field" jsonschema:"description=Uint8 field"`
	Uint16Field uint16  `json:"uint16Field" jsonschema:"description=Uint16 field"`
	Uint32Field uint32  `json:"uint32Field" jsonschema:"description=Uint32 field"`
	Uint64Field uint64  `json:"uint64Field" jsonschema:"description=Uint64 field"`
	PtrInt64    *int64  `json:"ptrInt64,omitempty" jsonschema:"description=Pointer to int64"`
	PtrUint32   *uint32 `json:"ptrUint32,omitempty" jsonschema:"description=Pointer to uint32"`
}

// EmbeddedIntFields is embedded by pointer.
type EmbeddedIntFields struct {
	EmbeddedCount int `json:"embeddedCount" jsonschema:"description=Embedded count field"`
}

// EmbeddedParams embeds a pointer to a struct.
//
//normgen:tool embedded
type EmbeddedParams struct {
	Name string `json:"name" jsonschema:"required,description=Name parameter"`
	*EmbeddedIntFields
}

type embeddedValue struct {
	EmbeddedCount int `json:"embeddedCount" jsonschema:"description=Embedded count field"`
}

// RegularEmbeddedParams embeds a struct of an unexported type.
//
//normgen:tool regular_embedded
type RegularEmbeddedParams struct {
	Name string `json:"name" jsonschema:"required,description=Name parameter"`
	embeddedValue
}

// UntaggedParams has a field with no json tag.
//
//normgen:tool untagged
type UntaggedParams struct {
	Count int
}

// OptionsOnlyParams has a json tag with options only.
//
//normgen:tool options_only
type OptionsOnlyParams struct {
	Count int `json:",omitempty"`
}

// SkippedParams has a field json "-" leaves out.
//
//normgen:tool skipped
type SkippedParams struct {
	Ignored int    `json:"-"`
	Name    string `json:"name"`
}

// LargeIntParams has integers beyond float64's precision.
//
//normgen:tool large_ints
type LargeIntParams struct {
	LargeInt64  int64  `json:"largeInt64"`
	LargeUint64 uint64 `json:"largeUint64"`
	Timestamp   int64  `json:"timestamp"`
}

// StringFieldsParams has digit strings in string fields.
//
//normgen:tool string_fields
type StringFieldsParams struct {
	Name    string `json:"name"`
	ZipCode string `json:"zipCode"`
	Count   int    `json:"count"`
}

// FloatParams has floats.
//
//normgen:tool floats
type FloatParams struct {
	Price  float64 `json:"price"`
	Rating float32 `json:"rating"`
	Count  int     `json:"count"`
}

// IDAndCount is embedded by value.
type IDAndCount struct {
	ID    int64 `json:"id"`
	Count int   `json:"count"`
}

// ParentParams embeds a struct.
//
//normgen:tool parent
type ParentParams struct {
	Name string `json:"name"`
	IDAndCount
	Limit int `json:"limit"`
}

type filters struct {
	Filters []string `json:"filters,omitempty" norm:"wrap"`
}

// SliceParams has string slices that take a lone string (norm:"wrap":
// normgen wraps a lone value only where declared).
//
//normgen:tool slices
type SliceParams struct {
	Tags     []string  `json:"tags,omitempty" norm:"wrap"`
	States   []string  `json:"states,omitempty" norm:"wrap"`
	Replaces *[]string `json:"replaces,omitempty" norm:"wrap"`
	Name     string    `json:"name"`
	Count    int       `json:"count"`
	filters
}

// StringOrSlice is one string or several.
type StringOrSlice []string

// UnmarshalJSON takes a JSON string or an array of strings.
func (s *StringOrSlice) UnmarshalJSON(data []byte) error {
	var one string
	if json.Unmarshal(data, &one) == nil {
		*s = StringOrSlice{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return fmt.Errorf("a variable's value is a string or an array of strings, not %s", data)
	}
	*s = StringOrSlice(many)
	return nil
}

// JSONSchema says so.
func (StringOrSlice) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{OneOf: []*jsonschema.Schema{
		{Type: "string"},
		{Type: "array", Items: &jsonschema.Schema{Type: "string"}},
	}}
}

// TimeRange is a relative time range.
type TimeRange struct {
	From string `json:"from" jsonschema:"description=Start time"`
	To   string `json:"to" jsonschema:"description=End time"`
}

// PanelImageParams renders a panel.
//
//normgen:tool get_panel_image
type PanelImageParams struct {
	DashboardUID string                   `json:"dashboardUid,omitempty" jsonschema:"description=The UID of the dashboard"`
	PanelID      *int                     `json:"panelId,omitempty" jsonschema:"description=The ID of the panel"`
	TimeRange    *TimeRange               `json:"timeRange,omitempty" jsonschema:"description=Time range"`
	Variables    map[string]StringOrSlice `json:"variables,omitempty" jsonschema:"description=Dashboard variables"`
	Theme        *string                  `json:"theme,omitempty"`
}

// TimeParams are times as RFC 3339 text, embedded.
type TimeParams struct {
	StartRFC3339 string `json:"start_rfc_3339,omitempty"`
	EndRFC3339   string `json:"end_rfc_3339,omitempty"`
}

// UnknownArgsParams refuses keys it does not declare, as the server's
// ConvertTool does for every tool.
//
//normgen:tool unknown_args
//normgen:unknown=error
type UnknownArgsParams struct {
	TimeParams
	DataSourceUID string `json:"data_source_uid" jsonschema:"required"`
	Hidden        string `json:"-"`
}

// TestToolParams are the server's test tool's.
//
//normgen:tool test_tool
//normgen:unknown=error
type TestToolParams struct {
	Name     string `json:"name" jsonschema:"required"`
	Value    int    `json:"value" jsonschema:"required"`
	Optional bool   `json:"optional"`
}

// EmptyParams takes no arguments.
//
//normgen:tool empty
//normgen:unknown=error
type EmptyParams struct{}

// InvestigationParams has times, as the server's sift tools.
//
//normgen:tool find_error_pattern_logs
type InvestigationParams struct {
	Name  string    `json:"name" jsonschema:"required,description=The name of the investigation"`
	Start time.Time `json:"start,omitempty" jsonschema:"description=Start time for the investigation"`
	End   time.Time `json:"end,omitempty" jsonschema:"description=End time for the investigation"`
}
