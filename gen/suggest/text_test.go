package suggest

import (
	"go/token"
	"strings"
	"testing"

	"github.com/normgen/normgen/gen"
)

// TestWriteText: the report as normgen suggest prints it: the counts,
// each edit with where to add what and an example call (an alias of a
// required field, of an optional one, an enum value alias with and
// without its value), the ambiguous keys, and the failures no edit
// accepts.
func TestWriteText(t *testing.T) {
	field := &gen.Field{GoName: []string{"Inner", "Glob"}, Pos: token.Position{Filename: "/x/tools.go", Line: 7, Column: 2}}
	ex := Call{At: "line 3", Tool: "search", Args: []byte(`{"pattern":"*.go"}`)}
	alias := &Edit{Tool: "search", Field: field, Path: "glob", Kind: Alias, Key: "pattern", Count: 4, Together: 1, Example: ex}
	r := &Report{
		Calls: 9, Failed: 7, UnknownTool: 1,
		Edits: []*Edit{
			alias,
			{Tool: "search", Field: field, Path: "glob", Kind: Alias, Key: "g", Count: 2, Optional: true, Example: ex},
			{Tool: "copy", Field: field, Path: "mode", Kind: ValueAlias, Key: "cp", To: "copy", Count: 3, Example: ex},
			{Tool: "copy", Field: field, Path: "mode", Kind: ValueAlias, Key: "zz", Choices: []string{"copy", "move"}, Count: 2, Example: ex},
		},
		Ambiguous: []Ambiguity{
			{Tool: "search", Key: "q", Count: 2, Paths: []string{"query", "glob"}},
			{Tool: "search", Key: "n", Count: 2, Paths: []string{"limit", "depth"}, Optional: true},
		},
		Patterns: []Pattern{
			{Tool: "search", Field: "glob", Pattern: "missing", Count: 4, Edit: alias},
			{Tool: "nosuch", Pattern: "unknown tool", Count: 1},
		},
	}
	var b strings.Builder
	r.WriteText(&b)
	want := `9 call(s) replayed, 7 failed, 1 for tools the package does not declare; 4 edit(s) suggested

/x/tools.go:7:2: search: Inner.Glob: add norm:"alias=pattern"
	4 call(s) missed "glob" and sent "pattern" (1 call(s) sent it with "glob" present)
	e.g. line 3: {"tool":"search","args":{"pattern":"*.go"}}

/x/tools.go:7:2: search: Inner.Glob: add norm:"alias=g"
	2 call(s) sent "g", not a key, with the optional "glob" left out (the one field its value fits)
	e.g. line 3: {"tool":"search","args":{"pattern":"*.go"}}

/x/tools.go:7:2: copy: Inner.Glob: add norm:"value_alias=cp:copy"
	3 call(s) sent "cp" for "mode"
	e.g. line 3: {"tool":"search","args":{"pattern":"*.go"}}

/x/tools.go:7:2: copy: Inner.Glob: add norm:"value_alias=zz:VALUE", VALUE one of copy, move (no value is clearly meant; -w skips this one)
	2 call(s) sent "zz" for "mode"
	e.g. line 3: {"tool":"search","args":{"pattern":"*.go"}}

ambiguous: search: "q" came in 2 call(s) missing query, and as often with glob missing: no alias suggested

ambiguous: search: "n" came in 2 call(s) with optional limit, depth left out, which its value fits alike: no alias suggested

other failures (no tag edit suggested):
	1	nosuch	-	unknown tool
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
