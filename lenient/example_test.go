package lenient_test

import (
	"errors"
	"fmt"

	"github.com/normgen/normgen/internal/runtimesize/search"
	"github.com/normgen/normgen/lenient"
)

// A server looks up each tool of the registry generated code declares by
// name, once, when it registers its tools.
func ExampleMustLookupTool() {
	tool := lenient.MustLookupTool(search.NormgenTools(), "search")
	fmt.Println(tool.Name, len(tool.InputSchema) > 0, len(tool.Rules) > 0)
	// Output: search true true
}

// A client that validates calls against the schema it is served takes
// the profile it reads; others take the portable schema.
func ExampleTool_SchemaFor() {
	p, err := lenient.ParseProfile("gemini")
	if err != nil {
		panic(err)
	}
	tool := lenient.MustLookupTool(search.NormgenTools(), "search")
	fmt.Println(p, len(tool.SchemaFor(p)) > 0, p.ForValidation())
	// Output: gemini true false
}

// A call a generated decoder refuses is one *lenient.Error listing every
// bad field, each a Problem with its path, the value received and its
// kind: read the kind, not the words, to sort problems.
func ExampleError() {
	var in search.Input
	err := in.UnmarshalJSON([]byte(`{"path":"src","pattern":"x","limit":"many","whole_word":"perhaps"}`))
	var lerr *lenient.Error
	if errors.As(err, &lerr) {
		for _, p := range lerr.Problems {
			fmt.Printf("%s (%s): %s\n", p.Path, p.Kind, p.Value)
		}
	}
	fmt.Println(err)
	// Output:
	// limit (type): "many"
	// whole_word (type): "perhaps"
	// limit: "many" is not an integer (send 100 or "100"); whole_word: "perhaps" is not a boolean (send true or false; "true", "false", "yes", "no", "1" and "0" are read too)
}

// UnmarshalJSONReport decodes as UnmarshalJSON does and returns the fixes
// it made, one Fix per value it changed: what a server logs or counts.
func ExampleFix() {
	var in search.Input
	fixes, err := in.UnmarshalJSONReport([]byte(`{"file_path":"src","pattern":"x","limit":"25"}`))
	if err != nil {
		panic(err)
	}
	for _, f := range fixes {
		fmt.Printf("%s %s: %s -> %s\n", f.Param, f.Kind, f.From, f.To)
	}
	fmt.Println(in.Path, in.Limit)
	// Output:
	// path alias: "file_path" -> "path"
	// limit string_to_int: "25" -> 25
	// src 25
}
