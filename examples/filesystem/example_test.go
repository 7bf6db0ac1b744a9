package filesystem_test

import (
	"encoding/json"
	"fmt"

	"github.com/normgen/normgen/examples/filesystem"
)

// The README's Errors section shows these examples from their "README:"
// line to the end of the function (the root module's readme_test.go
// compares them), so the output it shows is what the program prints.

func ExampleSearchFilesInput_UnmarshalJSON() {
	// README: errors
	var in filesystem.SearchFilesInput
	err := json.Unmarshal([]byte(`{"path":"src","pattern":"TODO","limit":"abc","count_only":"maybe","file_types":5}`), &in)
	fmt.Println(err)
	// Output:
	// limit: "abc" is not an integer (send 100 or "100"); count_only: "maybe" is not a boolean (send true or false; "true", "false", "yes", "no", "1" and "0" are read too); file_types: 5 is not a string (send text in quotes, such as "5"); file_types takes an array of them, or one alone
}

func ExampleSearchFilesInput_UnmarshalJSONReport() {
	// README: fixes
	var in filesystem.SearchFilesInput
	fixes, err := in.UnmarshalJSONReport([]byte(`{"file_path":"src","query":"TODO","limit":"5","count_only":"yes"}`))
	out, _ := json.Marshal(fixes)
	fmt.Println(string(out), err)
	// Output:
	// [{"param":"path","kind":"alias","from":"file_path","to":"path"},{"param":"pattern","kind":"alias","from":"query","to":"pattern"},{"param":"limit","kind":"string_to_int","from":"5","to":5},{"param":"count_only","kind":"string_to_bool","from":"yes","to":true},{"param":"case_sensitive","kind":"default","to":true}] <nil>
}

func ExampleSearchFilesInput_UnmarshalJSON_misspelledKey() {
	// README: misspelled
	var in filesystem.SearchFilesInput
	err := json.Unmarshal([]byte(`{"path":"src","patern":"TODO","countOnly":true}`), &in)
	fmt.Println(err)
	// Output:
	// pattern: is required (also accepted as query, regex); "patern" is not a key: send it as "pattern"
}
