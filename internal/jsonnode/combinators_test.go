package jsonnode

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// combinatorList is anyOf, oneOf and allOf spelled as a list, in any
// order, as items or as alternatives (k == "anyOf" || k == "oneOf" ||
// ...): what Combinators and IsCombinator are for.
const sep = `\s*(,|\|\|\s*\w+\s*==)\s*`

var combinatorList = regexp.MustCompile(`"(anyOf|oneOf|allOf)"` + sep + `"(anyOf|oneOf|allOf)"` + sep + `"(anyOf|oneOf|allOf)"`)

// combinatorListAllowed are the files that may spell the list, and why.
var combinatorListAllowed = map[string]string{
	// a copy of invopop's jsonschema.Schema field order (TestFieldKeys
	// checks it against the type), which holds the three in a row
	"internal/schemaprofile/order.go": "invopop's field order",
}

// TestOneCombinatorList keeps the keyword sets here: no non-test,
// non-generated Go file of the runtime module outside this package spells
// anyOf, oneOf and allOf as a list (issue 41).
func TestOneCombinatorList(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "." {
				return nil
			}
			if rel == "internal/jsonnode" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || combinatorListAllowed[rel] != "" {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`).Match(src) {
			return nil
		}
		for i, line := range strings.Split(string(src), "\n") {
			if combinatorList.MatchString(line) {
				t.Errorf("%s:%d spells anyOf, oneOf and allOf as a list; use jsonnode.Combinators (or IsCombinator, Branches, Subschemas): %s", rel, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
