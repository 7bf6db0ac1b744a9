package schemabuild_test

import (
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/normgen/normgen/fallback"
	"github.com/normgen/normgen/gen/schemabuild"
	"github.com/normgen/normgen/internal/corpus"
	"github.com/normgen/normgen/internal/invariant"
	"github.com/normgen/normgen/lenient"
)

// TestCorpus checks the shared corpus (testdata/corpus/values.json) for
// every type of the semantics table: the coercion core (lenientimpl.Decoder,
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
	corpusValues, err := corpus.Values()
	if err != nil {
		t.Fatal(err)
	}
	var tools []lenient.Tool
	calls := map[string][]invariant.Call{}
	for _, name := range slices.Sorted(maps.Keys(corpusValues)) {
		st := corpus.Types[name].Struct()
		s, err := schemabuild.ForProfile(reflect.New(st).Interface(), p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		js, err := schemabuild.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, lenient.Tool{Name: name, InputSchema: js, Decode: func(args []byte) (any, []lenient.Fix, error) {
			v := reflect.New(st).Interface()
			return v, nil, fallback.Decode(args, v)
		}})
		for _, v := range corpusValues[name] {
			calls[name] = append(calls[name], invariant.Call{Args: v.Args(), Class: v.Class})
		}
	}
	return tools, calls
}
