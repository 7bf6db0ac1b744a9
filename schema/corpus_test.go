package schema_test

import (
	"encoding/json"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/normgen/normgen/fallback"
	"github.com/normgen/normgen/internal/invariant"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

// corpusTypes maps the corpus's type names to Go types and norm tags.
var corpusTypes = map[string]struct {
	t    reflect.Type
	norm string
}{
	"int":             {reflect.TypeFor[int](), ""},
	"int8":            {reflect.TypeFor[int8](), ""},
	"int64":           {reflect.TypeFor[int64](), ""},
	"uint8":           {reflect.TypeFor[uint8](), ""},
	"uint64":          {reflect.TypeFor[uint64](), ""},
	"float64":         {reflect.TypeFor[float64](), ""},
	"float32":         {reflect.TypeFor[float32](), ""},
	"float32_max0.1":  {reflect.TypeFor[float32](), ""},
	"float64_max10":   {reflect.TypeFor[float64](), ""},
	"bool":            {reflect.TypeFor[bool](), ""},
	"bool_strict":     {reflect.TypeFor[bool](), "bool=strict"},
	"string":          {reflect.TypeFor[string](), ""},
	"[]string":        {reflect.TypeFor[[]string](), ""},
	"[]int":           {reflect.TypeFor[[]int](), ""},
	"[]int_wrap":      {reflect.TypeFor[[]int](), "wrap"},
	"map[string]bool": {reflect.TypeFor[map[string]bool](), ""},
	"*int":            {reflect.TypeFor[*int](), ""},
	"any":             {reflect.TypeFor[any](), ""},
}

// corpusBounds gives some corpus types a jsonschema tag (bounds compared
// exactly on the number as sent).
var corpusBounds = map[string]string{
	"float32_max0.1": "maximum=0.1",
	"float64_max10":  "maximum=10",
}

// TestCorpus checks the shared corpus (testdata/corpus/values.json) for
// every type of the semantics table: the coercion core (lenient.Decoder,
// through the reflection decoder) and the built schema agree, checked with
// a Go JSON Schema validator and with AJV, in the portable (default) and
// the type-array profiles.
func TestCorpus(t *testing.T) {
	for _, p := range []lenient.Profile{lenient.ProfilePortable, lenient.ProfileTypeArray} {
		t.Run(string(p), func(t *testing.T) {
			tools, calls := corpusTools(t, p)
			invariant.Check(t, tools, calls)
		})
	}
}

// corpusTools returns a one-field tool per corpus type, with its schema in
// profile p and the reflection decoder, and the corpus's calls by tool.
func corpusTools(t *testing.T, p lenient.Profile) ([]lenient.Tool, map[string][]invariant.Call) {
	data, err := os.ReadFile("../testdata/corpus/values.json")
	if err != nil {
		t.Fatal(err)
	}
	var corpus map[string]json.RawMessage
	if err := json.Unmarshal(data, &corpus); err != nil {
		t.Fatal(err)
	}
	var tools []lenient.Tool
	calls := map[string][]invariant.Call{}
	var names []string
	for name := range corpus {
		if !strings.HasPrefix(name, "//") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		ct, ok := corpusTypes[name]
		if !ok {
			t.Fatalf("corpus type %q has no Go type", name)
		}
		st := reflect.StructOf([]reflect.StructField{{Name: "V", Type: ct.t, Tag: reflect.StructTag(`json:"v" norm:"` + ct.norm + `" jsonschema:"` + corpusBounds[name] + `"`)}})
		s, err := schema.ForProfile(reflect.New(st).Interface(), p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		js, err := schema.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, lenient.Tool{Name: name, InputSchema: js, Decode: func(args []byte) (any, []lenient.Fix, error) {
			v := reflect.New(st).Interface()
			return v, nil, fallback.Decode(args, v)
		}})
		var values [][]string
		if err := json.Unmarshal(corpus[name], &values); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, v := range values {
			c := invariant.Call{Args: `{"v":` + v[0] + `}`}
			if len(v) > 1 {
				c.Class = v[1]
			}
			calls[name] = append(calls[name], c)
		}
	}
	return tools, calls
}
