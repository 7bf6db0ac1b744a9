// Package corpus reads the shared corpus (testdata/corpus/values.json):
// JSON values for each Go type of the semantics table, sent as the field v
// of an arguments object, each with the documented class (DESIGN.md, the
// README) of a value the schema accepts and the decoder rejects, and the
// Go type and tags each entry is for. The invariant tests (schema), the
// rule checker's call generator (internal/rulecheck) and the SDKs' typed
// path tests (examples/typedpath) read it through this package.
package corpus

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
)

// Type is the Go type a corpus entry's values are given to, with the
// field's norm and jsonschema tags.
type Type struct {
	Go         reflect.Type
	Norm       string
	JSONSchema string
}

// Types maps the corpus's entry names to their types.
var Types = map[string]Type{
	"int":             {Go: reflect.TypeFor[int]()},
	"int8":            {Go: reflect.TypeFor[int8]()},
	"int64":           {Go: reflect.TypeFor[int64]()},
	"uint8":           {Go: reflect.TypeFor[uint8]()},
	"uint64":          {Go: reflect.TypeFor[uint64]()},
	"float64":         {Go: reflect.TypeFor[float64]()},
	"float32":         {Go: reflect.TypeFor[float32]()},
	"float32_max0.1":  {Go: reflect.TypeFor[float32](), JSONSchema: "maximum=0.1"}, // bounds compared exactly on the number as sent
	"float64_max10":   {Go: reflect.TypeFor[float64](), JSONSchema: "maximum=10"},
	"bool":            {Go: reflect.TypeFor[bool]()},
	"bool_strict":     {Go: reflect.TypeFor[bool](), Norm: "bool=strict"},
	"string":          {Go: reflect.TypeFor[string]()},
	"[]string":        {Go: reflect.TypeFor[[]string]()},
	"[]int":           {Go: reflect.TypeFor[[]int]()},
	"[]int_wrap":      {Go: reflect.TypeFor[[]int](), Norm: "wrap"},
	"map[string]bool": {Go: reflect.TypeFor[map[string]bool]()},
	"*int":            {Go: reflect.TypeFor[*int]()},
	"any":             {Go: reflect.TypeFor[any]()},
}

// Field is the struct field a corpus value is given to: V, wire name v
// (required), with the type's tags.
func (t Type) Field() reflect.StructField {
	return reflect.StructField{Name: "V", Type: t.Go,
		Tag: reflect.StructTag(`json:"v" norm:"` + t.Norm + `" jsonschema:"` + t.JSONSchema + `"`)}
}

// Struct is the arguments type of a corpus entry: a struct with Field.
func (t Type) Struct() reflect.Type {
	return reflect.StructOf([]reflect.StructField{t.Field()})
}

// Value is one corpus value.
type Value struct {
	// JSON is the value's JSON text.
	JSON string
	// Class is the documented class (a, b, d, e) of a value the schema
	// accepts and the decoder rejects; "" for every other value.
	Class string
}

// Args is the arguments object the value is sent in: {"v": value}.
func (v Value) Args() string { return `{"v":` + v.JSON + `}` }

// Values returns the corpus's values by entry name, read once from the
// repository this file is in. An entry without a Types entry is an error.
var Values = sync.OnceValues(func() (map[string][]Value, error) {
	_, file, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(file), "..", "..", "testdata", "corpus", "values.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	out := map[string][]Value{}
	for name, v := range raw {
		if strings.HasPrefix(name, "//") {
			continue
		}
		if _, ok := Types[name]; !ok {
			return nil, fmt.Errorf("%s: entry %q has no Go type in corpus.Types", path, name)
		}
		var entries [][]string
		if err := json.Unmarshal(v, &entries); err != nil {
			return nil, fmt.Errorf("%s: %s: %v", path, name, err)
		}
		for _, e := range entries {
			if len(e) == 0 || len(e) > 2 {
				return nil, fmt.Errorf("%s: %s: entry %q: want [value] or [value, class]", path, name, e)
			}
			val := Value{JSON: e[0]}
			if len(e) == 2 {
				val.Class = e[1]
			}
			out[name] = append(out[name], val)
		}
	}
	return out, nil
})
