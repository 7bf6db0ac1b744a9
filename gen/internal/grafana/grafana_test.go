package grafana

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/invopop/jsonschema"
	"github.com/normgen/normgen/internal/invariant"
	"github.com/normgen/normgen/internal/rulecheck"
	"github.com/normgen/normgen/internal/schemacmp"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

func ptr[T any](v T) *T { return &v }

// decodeInto decodes in into v (a pointer to a tool input) with
// json.Unmarshal, which calls the generated UnmarshalJSON, and checks that
// the fast path changes nothing and that the tool's Decode (what a server
// calls) gives the same value and error.
func decodeInto(t *testing.T, in string, v any) error {
	t.Helper()
	err := json.Unmarshal([]byte(in), v)
	slow := reflect.New(reflect.TypeOf(v).Elem())
	lenientimpl.DisableFast(true)
	slowErr := json.Unmarshal([]byte(in), slow.Interface())
	lenientimpl.DisableFast(false)
	if fmt.Sprint(err) != fmt.Sprint(slowErr) || err == nil && !cmp.Equal(v, slow.Interface(), cmp.AllowUnexported(RegularEmbeddedParams{}, SliceParams{})) {
		t.Errorf("%s: the fast path changes the decode: %+v, %v; without it %+v, %v", in, v, err, slow.Interface(), slowErr)
	}
	for _, tool := range NormgenTools() {
		d, _, _ := tool.Decode([]byte(`{}`))
		if reflect.TypeOf(d) != reflect.TypeOf(v) {
			continue
		}
		d, _, derr := tool.Decode([]byte(in))
		if fmt.Sprint(err) != fmt.Sprint(derr) || err == nil && !cmp.Equal(v, d, cmp.AllowUnexported(RegularEmbeddedParams{}, SliceParams{})) {
			t.Errorf("%s: Tool.Decode gives %+v, %v; UnmarshalJSON %+v, %v", in, d, derr, v, err)
		}
	}
	return err
}

// check runs one case: no error and the value want, or an error holding
// wantErr.
func check[T any](t *testing.T, in string, want T, wantErr string) {
	t.Helper()
	var got T
	err := decodeInto(t, in, &got)
	switch {
	case wantErr != "":
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%s: got %+v, %v; want an error holding %q", in, got, err, wantErr)
		}
	case err != nil:
		t.Errorf("%s: %v", in, err)
	default:
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(RegularEmbeddedParams{}, SliceParams{})); diff != "" {
			t.Errorf("%s (-want +got):\n%s", in, diff)
		}
	}
}

// TestUnmarshalWithIntConversion is the server's test of the same name,
// with its inputs. Where the outcome differs, the case says how and why.
func TestUnmarshalWithIntConversion(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		want       IntParams
		wantErr    string
	}{
		{name: "converts string to int for int fields", data: `{"name":"test","count":"42","limit":"100"}`, want: IntParams{Name: "test", Count: 42, Limit: 100}},
		{name: "accepts native int values", data: `{"name":"test","count":42,"limit":100}`, want: IntParams{Name: "test", Count: 42, Limit: 100}},
		{name: "handles mixed string and int values", data: `{"name":"test","count":"42","limit":100}`, want: IntParams{Name: "test", Count: 42, Limit: 100}},
		{name: "handles pointer int field with string", data: `{"name":"test","count":"42","optionalInt":"99"}`, want: IntParams{Name: "test", Count: 42, Limit: 10, OptionalInt: ptr(99)}},
		// Differs: the server leaves an omitted limit 0; normgen applies
		// the default=10 its schema advertises (and the server's too), as
		// a host and a model reading that schema expect.
		{name: "omitted optional fields take their defaults", data: `{"name":"test","count":"42"}`, want: IntParams{Name: "test", Count: 42, Limit: 10}},
		{name: "handles zero values as strings", data: `{"name":"test","count":"0","limit":"0"}`, want: IntParams{Name: "test"}},
		{name: "handles negative numbers as strings", data: `{"name":"test","count":"-42","limit":"-100"}`, want: IntParams{Name: "test", Count: -42, Limit: -100}},
		{name: "accepts JSON null for pointer int field", data: `{"name":"test","count":"42","optionalInt":null}`, want: IntParams{Name: "test", Count: 42, Limit: 10}},
		{name: "rejects non-numeric string for int field", data: `{"name":"test","count":"not-a-number"}`, wantErr: `count: "not-a-number" is not an integer (send 100 or "100")`},
		// As the server, which strips the quotes of "null" and zeroes the
		// field: normgen reads the text "null" as null where the field
		// may be null and is not a string (an optional integer: left out,
		// fix kind null_text; a string keeps it).
		{name: `reads string "null" for non-pointer int field as null`, data: `{"name":"test","count":"null"}`, want: IntParams{Name: "test", Limit: 10}},
		{name: `rejects string "true" for int field`, data: `{"name":"test","count":"true"}`, wantErr: `count: "true" is not an integer`},
		{name: `rejects string "false" for int field`, data: `{"name":"test","count":"false"}`, wantErr: `count: "false" is not an integer`},
	} {
		t.Run(tc.name, func(t *testing.T) { check(t, tc.data, tc.want, tc.wantErr) })
	}
	t.Run("handles embedded pointer-to-struct with int fields", func(t *testing.T) {
		check(t, `{"name":"test","embeddedCount":"42"}`, EmbeddedParams{Name: "test", EmbeddedIntFields: &EmbeddedIntFields{EmbeddedCount: 42}}, "")
	})
	t.Run("handles regular embedded struct with int fields", func(t *testing.T) {
		check(t, `{"name":"test","embeddedCount":"99"}`, RegularEmbeddedParams{Name: "test", embeddedValue: embeddedValue{EmbeddedCount: 99}}, "")
	})
	t.Run("converts string to int for fields with no json tag (uses Go field name)", func(t *testing.T) {
		check(t, `{"Count":"42"}`, UntaggedParams{Count: 42}, "")
	})
	t.Run("converts string to int for fields with omitempty but no tag name", func(t *testing.T) {
		check(t, `{"Count":"42"}`, OptionsOnlyParams{Count: 42}, "")
	})
	t.Run(`skips fields with json:"-" tag`, func(t *testing.T) {
		check(t, `{"name":"test","Ignored":"99"}`, SkippedParams{Name: "test"}, "")
	})
	// As the "null" case above: the field left out, so the embedded
	// struct is not allocated.
	t.Run(`reads string "null" in embedded pointer-to-struct int fields as null`, func(t *testing.T) {
		check(t, `{"name":"test","embeddedCount":"null"}`, EmbeddedParams{Name: "test"}, "")
	})
}

// TestUnmarshalWithAllIntegerTypes is the server's test of the same name,
// with its inputs and outcomes.
func TestUnmarshalWithAllIntegerTypes(t *testing.T) {
	ones := `"int8Field":"1","int16Field":"1","int32Field":"1","int64Field":"1","uintField":"1","uint8Field":"1","uint16Field":"1","uint32Field":"1","uint64Field":"1"`
	for _, tc := range []struct {
		name, data string
		want       AllIntTypesParams
		wantErr    string
	}{
		{name: "converts strings to all signed/unsigned integer types",
			data: `{"int8Field":"127","int16Field":"32767","int32Field":"2147483647","int64Field":"9223372036854775807","uintField":"42","uint8Field":"255","uint16Field":"65535","uint32Field":"4294967295","uint64Field":"18446744073709551615"}`,
			want: AllIntTypesParams{Int8Field: 127, Int16Field: 32767, Int32Field: 2147483647, Int64Field: 9223372036854775807, UintField: 42, Uint8Field: 255, Uint16Field: 65535, Uint32Field: 4294967295, Uint64Field: 18446744073709551615}},
		{name: "accepts native values for all integer types",
			data: `{"int8Field":127,"int16Field":32767,"int32Field":2147483647,"int64Field":123456789012345,"uintField":42,"uint8Field":255,"uint16Field":65535,"uint32Field":4294967295,"uint64Field":123456789012345}`,
			want: AllIntTypesParams{Int8Field: 127, Int16Field: 32767, Int32Field: 2147483647, Int64Field: 123456789012345, UintField: 42, Uint8Field: 255, Uint16Field: 65535, Uint32Field: 4294967295, Uint64Field: 123456789012345}},
		{name: "handles pointer integer types with strings",
			data: `{"int8Field":"1","int16Field":"1","int32Field":"1","int64Field":"9223372036854775807","uintField":"1","uint8Field":"1","uint16Field":"1","uint32Field":"4294967295","uint64Field":"1","ptrInt64":"123456789","ptrUint32":"987654321"}`,
			want: AllIntTypesParams{Int8Field: 1, Int16Field: 1, Int32Field: 1, Int64Field: 9223372036854775807, UintField: 1, Uint8Field: 1, Uint16Field: 1, Uint32Field: 4294967295, Uint64Field: 1, PtrInt64: ptr[int64](123456789), PtrUint32: ptr[uint32](987654321)}},
		{name: "handles min values for signed types as strings",
			data: `{"int8Field":"-128","int16Field":"-32768","int32Field":"-2147483648","int64Field":"-9223372036854775808","uintField":"0","uint8Field":"0","uint16Field":"0","uint32Field":"0","uint64Field":"0"}`,
			want: AllIntTypesParams{Int8Field: -128, Int16Field: -32768, Int32Field: -2147483648, Int64Field: -9223372036854775808}},
		{name: "returns error for int8 overflow", data: `{` + strings.Replace(ones, `"int8Field":"1"`, `"int8Field":"128"`, 1) + `}`, wantErr: `int8Field: "128" is out of range (-128 to 127)`},
		{name: "returns error for int16 overflow", data: `{` + strings.Replace(ones, `"int16Field":"1"`, `"int16Field":"32768"`, 1) + `}`, wantErr: `int16Field: "32768" is out of range`},
		{name: "returns error for int32 overflow", data: `{` + strings.Replace(ones, `"int32Field":"1"`, `"int32Field":"2147483648"`, 1) + `}`, wantErr: `int32Field: "2147483648" is out of range`},
		{name: "returns error for uint8 overflow", data: `{` + strings.Replace(ones, `"uint8Field":"1"`, `"uint8Field":"256"`, 1) + `}`, wantErr: `uint8Field: "256" is out of range (0 to 255)`},
		{name: "returns error for negative uint values", data: `{` + strings.Replace(ones, `"uintField":"1"`, `"uintField":"-1"`, 1) + `}`, wantErr: `uintField: "-1" is negative`},
		{name: "handles real-world case with OrgID int64", data: `{` + ones + `}`,
			want: AllIntTypesParams{Int8Field: 1, Int16Field: 1, Int32Field: 1, Int64Field: 1, UintField: 1, Uint8Field: 1, Uint16Field: 1, Uint32Field: 1, Uint64Field: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) { check(t, tc.data, tc.want, tc.wantErr) })
	}
	t.Run("preserves precision for large int64 values beyond float64 precision", func(t *testing.T) {
		max := LargeIntParams{LargeInt64: 9223372036854775807, LargeUint64: 18446744073709551615, Timestamp: 1709676543210}
		check(t, `{"largeInt64":9223372036854775807,"largeUint64":18446744073709551615,"timestamp":1709676543210}`, max, "")
		check(t, `{"largeInt64":"9223372036854775807","largeUint64":"18446744073709551615","timestamp":"1709676543210"}`, max, "")
		check(t, `{"largeInt64":9007199254740993,"largeUint64":0,"timestamp":0}`, LargeIntParams{LargeInt64: 9007199254740993}, "")
	})
	t.Run("does not convert string fields to integers", func(t *testing.T) {
		check(t, `{"name":"test","zipCode":"90210","count":"42"}`, StringFieldsParams{Name: "test", ZipCode: "90210", Count: 42}, "")
	})
	t.Run("does not convert float fields", func(t *testing.T) {
		check(t, `{"price":19.99,"rating":4.5,"count":"42"}`, FloatParams{Price: 19.99, Rating: 4.5, Count: 42}, "")
	})
	t.Run("handles embedded struct fields with string-to-int conversion", func(t *testing.T) {
		check(t, `{"name":"test","id":"9223372036854775807","count":"42","limit":"100"}`, ParentParams{Name: "test", IDAndCount: IDAndCount{ID: 9223372036854775807, Count: 42}, Limit: 100}, "")
		check(t, `{"name":"test","id":9223372036854775807,"count":42}`, ParentParams{Name: "test", IDAndCount: IDAndCount{ID: 9223372036854775807, Count: 42}}, "")
	})
}

// TestUnmarshalWithStringToSliceCoercion is the server's test of the same
// name, with its inputs and outcomes. Differs in one way: normgen wraps a
// lone string into a one-element slice only where a field declares it
// (norm:"wrap"), as these do, since a string given for a slice is
// otherwise JSON text ("[\"a\"]"). (In mcp-grafana itself, whose fields do
// not declare it, the server's own retry still wraps the string and calls
// the generated decoder again.)
func TestUnmarshalWithStringToSliceCoercion(t *testing.T) {
	check(t, `{"tags":["a","b"],"name":"test","count":1}`, SliceParams{Tags: []string{"a", "b"}, Name: "test", Count: 1}, "")
	check(t, `{"tags":"{severity=\"critical\"}","name":"test","count":1}`, SliceParams{Tags: []string{`{severity="critical"}`}, Name: "test", Count: 1}, "")
	check(t, `{"tags":"single","name":"test","count":"42"}`, SliceParams{Tags: []string{"single"}, Name: "test", Count: 42}, "")
	check(t, `{"name":"test","count":1}`, SliceParams{Name: "test", Count: 1}, "")
	check(t, `{"replaces":"single","name":"test","count":1}`, SliceParams{Replaces: &[]string{"single"}, Name: "test", Count: 1}, "")
	check(t, `{"replaces":[],"name":"test","count":1}`, SliceParams{Replaces: &[]string{}, Name: "test", Count: 1}, "")
	check(t, `{"filters":"one-filter","name":"test"}`, SliceParams{Name: "test", filters: filters{Filters: []string{"one-filter"}}}, "")
}

// TestGetPanelImageParams_UnmarshalVariables is the server's test of the
// same name (which failed when normgen read StringOrSlice as a plain
// []string): the same inputs and outcomes.
func TestGetPanelImageParams_UnmarshalVariables(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     map[string]StringOrSlice
	}{
		{"Single string values (backward compatible)", `{"dashboardUid": "abc", "variables": {"var-datasource": "prometheus", "var-host": "server01"}}`,
			map[string]StringOrSlice{"var-datasource": {"prometheus"}, "var-host": {"server01"}}},
		{"Multi-value array", `{"dashboardUid": "abc", "variables": {"var-instance": ["172.16.31.129", "172.16.32.99"]}}`,
			map[string]StringOrSlice{"var-instance": {"172.16.31.129", "172.16.32.99"}}},
		{"Mixed single and multi-value", `{"dashboardUid": "abc", "variables": {"var-datasource": "prometheus", "var-instance": ["server1", "server2"]}}`,
			map[string]StringOrSlice{"var-datasource": {"prometheus"}, "var-instance": {"server1", "server2"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var params PanelImageParams
			if err := decodeInto(t, tc.in, &params); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, params.Variables); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// decodeTool decodes args as the server's tool handler would, with the
// tool's Decode.
func decodeTool(t *testing.T, name, args string) error {
	t.Helper()
	for _, tool := range NormgenTools() {
		if tool.Name == name {
			_, _, err := tool.Decode([]byte(args))
			return err
		}
	}
	t.Fatalf("no tool %s", name)
	return nil
}

// TestUnknownArguments is the server's parameter validation tests
// (TestUnknownArguments, TestConvertToolRejectsUnknownArguments,
// TestConvertToolKnownArgumentsMatchSchema), through the decoders of
// types declared unknown=error, as the server refuses unknown keys for
// every tool. Differs in one way: a key in another letter case
// (START_RFC_3339), which the server takes (encoding/json folds it), is
// refused by name, since a folded key would bypass the host's validation
// of the field it lands in.
func TestUnknownArguments(t *testing.T) {
	for _, tc := range []struct {
		tool, args, wantErr string
	}{
		{"unknown_args", `{"data_source_uid":"x","start_rfc_3339":"t"}`, ""},
		{"unknown_args", `{"data_source_uid":"x","START_RFC_3339":"t"}`, `START_RFC_3339: is not a known key: keys are case-sensitive (send it as "start_rfc_3339")`},
		{"unknown_args", `{"data_source_uid":"x","start_rfc3339":"t","foo":1}`, `start_rfc3339: is not a known key; did you mean start_rfc_3339? (accepted: start_rfc_3339, end_rfc_3339, data_source_uid); foo: is not a known key (accepted: start_rfc_3339, end_rfc_3339, data_source_uid)`},
		{"unknown_args", `{"data_source_uid":"x","Hidden":"y"}`, `Hidden: is not a known key`},
		{"unknown_args", `"not an object"`, `"not an object" is not an object`},
		{"test_tool", `{"name":"test","value":65,"optionl":true}`, `optionl: is not a known key; did you mean optional? (accepted: name, value, optional)`},
		{"test_tool", `{"name":"test","value":65}`, ""},
		{"test_tool", `{"name":"test","value":"65","optional":"yes"}`, ""},
		{"empty", `{"foo":"bar"}`, `foo: is not a known key (this tool takes no arguments)`},
		{"empty", `null`, ""},
		{"empty", `{}`, ""},
		{"test_tool", `null`, `name: is required; value: is required`},
	} {
		err := decodeTool(t, tc.tool, tc.args)
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%s %s: %v", tc.tool, tc.args, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s %s: got %v, want an error holding %q", tc.tool, tc.args, err, tc.wantErr)
		}
	}
	// Every property the schema declares (those promoted from the
	// embedded struct included, the json "-" field not) is taken.
	var s struct {
		Properties map[string]any `json:"properties"`
	}
	for _, tool := range NormgenTools() {
		if tool.Name != "unknown_args" {
			continue
		}
		if err := json.Unmarshal(tool.InputSchema, &s); err != nil {
			t.Fatal(err)
		}
		// Each field once, under its own name (one name per parameter):
		// the closed type's spelling-style variants (dataSourceUid for
		// data_source_uid) are read but never declared.
		for _, set := range []map[string]bool{{"data_source_uid": true, "start_rfc_3339": true, "end_rfc_3339": true}, {"dataSourceUid": true, "start-rfc-3339": true, "end-rfc-3339": true}} {
			args := map[string]any{}
			for name := range set {
				if declared := s.Properties[name] != nil; declared != (name == strings.ReplaceAll(name, "-", "_") && name != "dataSourceUid") {
					t.Errorf("%s declared: %v (%v)", name, declared, s.Properties)
				}
				args[name] = "y"
			}
			b, _ := json.Marshal(args)
			if err := decodeTool(t, "unknown_args", string(b)); err != nil {
				t.Errorf("properties %s: %v", b, err)
			}
		}
		if _, ok := s.Properties["Hidden"]; ok || len(s.Properties) != 3 {
			t.Errorf("properties: %v", s.Properties)
		}
	}
}

// serverReflector is set up as grafana/mcp-grafana sets up its own.
var serverReflector = jsonschema.Reflector{
	Anonymous:                  true,
	AllowAdditionalProperties:  true,
	RequiredFromJSONSchemaTags: true,
	DoNotReference:             true,
	ExpandedStruct:             true,
}

// TestRequiredListsAsTheServers: every object's required list in each
// tool's schema is the one the server's reflector gives the same type,
// also for the required fields that read their spelling-style variants
// (data_source_uid takes dataSourceUid): one name per parameter.
func TestRequiredListsAsTheServers(t *testing.T) {
	for _, tool := range NormgenTools() {
		v, _, _ := tool.Decode([]byte(`{}`))
		want, err := json.Marshal(serverReflector.ReflectFromType(reflect.TypeOf(v).Elem()))
		if err != nil {
			t.Fatal(err)
		}
		wantLists := schemacmp.RequiredLists(want)
		if diff := cmp.Diff(wantLists, schemacmp.RequiredLists(tool.InputSchema)); diff != "" {
			t.Errorf("%s: required lists (-server +normgen):\n%s", tool.Name, diff)
		}
	}
}

// TestRulesEqualDecoder: each tool's rule table equals its decoder.
func TestRulesEqualDecoder(t *testing.T) {
	rulecheck.Run(t, NormgenTools(), nil, 1000, rulecheck.WithOptions(schema.Options{Required: schema.RequiredJSONSchema}))
}

func TestInvariant(t *testing.T) {
	invariant.Check(t, NormgenTools(), map[string][]invariant.Call{
		"int_params":      {{Args: `{"name":"test","count":"42"}`}, {Args: `{"name":"test","count":"null"}`}, {Args: `{"count":1}`}, {Args: `{"name":"test","count":3}`}},
		"embedded":        {{Args: `{"name":"test","embeddedCount":"42"}`}, {Args: `{"name":"test"}`}},
		"slices":          {{Args: `{"tags":"single","replaces":[],"filters":"f"}`}},
		"get_panel_image": {{Args: `{"variables":{"a":"b","c":["d"]}}`}, {Args: `{"variables":{"a":1}}`}},
		"unknown_args":    {{Args: `{"data_source_uid":"x"}`}, {Args: `{"data_source_uid":"x","START_RFC_3339":"t"}`}},
		"find_error_pattern_logs": {
			{Args: `{"name":"n","start":"2024-01-02T15:04:05Z"}`},
			{Args: `{"name":"n","start":"30 minutes ago"}`},
		},
	})
}

// BenchmarkNormgenTools measures the registry of mcp-grafana's tool
// types as a server calls it once per tool it registers: each tool's
// typearray and gemini schemas were derived from its portable one
// (lenientimpl.DerivedSchemas) by the first call, which the loop does not
// time, and are copied from there; per tool, divide by the number of
// tools it reports.
func BenchmarkNormgenTools(b *testing.B) {
	b.ReportAllocs()
	n := len(NormgenTools())
	for b.Loop() {
		NormgenTools()
	}
	b.ReportMetric(float64(n), "tools")
}
