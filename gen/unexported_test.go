package gen

import (
	"strings"
	"testing"
)

// TestUnexportedTaggedFieldWarns: an unexported field with a json,
// jsonschema or norm tag, which encoding/json never sets, is a warning at
// its position saying what to do, not dropped without a word (issue 39);
// so is a field tagged json:"-" with jsonschema or norm tags, whose tags
// are not read either; an untagged one, or one tagged json:"-" alone, is
// not.
func TestUnexportedTaggedFieldWarns(t *testing.T) {
	var warns []string
	m, diags := loadModelWith(t, `package d

// ListInput is the input of list.
//
//normgen:tool list
type ListInput struct {
	Query string `+"`json:\"query\"`"+`
	count int    `+"`json:\"count,omitempty\" jsonschema:\"minimum=1\"`"+`
	mode  string `+"`norm:\"strict\"`"+`
	note  string `+"`jsonschema:\"description=x\"`"+`
	cache string
	skip  string `+"`json:\"-\"`"+`
	Skip  string `+"`json:\"-\" norm:\"alias=skp\" jsonschema:\"minimum=1\"`"+`
	Skip2 int    `+"`json:\"-\" norm:\"strict\"`"+`
	Skip3 int    `+"`json:\"-\"`"+`
}
`, Config{OnWarning: func(d Diagnostic) { warns = append(warns, d.String()) }})
	if len(diags) > 0 || m == nil {
		t.Fatalf("diagnostics: %v", diags)
	}
	if n := len(m.Tools[0].Input.Fields); n != 1 {
		t.Errorf("%d fields; want 1 (query)", n)
	}
	want := []string{
		"tools.go:8:2: warning: field ListInput.count: unexported field with json and jsonschema tags: encoding/json never sets it, so it is not a parameter of the tool (not in its schema, rules or decoder); export it (Count) to make it one, or remove the tags",
		"tools.go:9:2: warning: field ListInput.mode: unexported field with a norm tag: encoding/json never sets it, so it is not a parameter of the tool (not in its schema, rules or decoder); export it (Mode) to make it one, or remove the tag",
		"tools.go:10:2: warning: field ListInput.note: unexported field with a jsonschema tag: encoding/json never sets it, so it is not a parameter of the tool (not in its schema, rules or decoder); export it (Note) to make it one, or remove the tag",
		`tools.go:13:2: warning: field ListInput.Skip: field tagged json:"-" with jsonschema and norm tags: encoding/json never sets it, so it is not a parameter of the tool (not in its schema, rules or decoder); give it a json name to make it one, or remove them`,
		`tools.go:14:2: warning: field ListInput.Skip2: field tagged json:"-" with a norm tag: encoding/json never sets it, so it is not a parameter of the tool (not in its schema, rules or decoder); give it a json name to make it one, or remove it`,
	}
	if strings.Join(warns, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warns, "\n"), strings.Join(want, "\n"))
	}
}
