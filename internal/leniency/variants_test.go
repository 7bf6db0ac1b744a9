package leniency

import (
	"reflect"
	"testing"
)

func TestImplicitAliases(t *testing.T) {
	for _, c := range []struct {
		name    string
		names   []string
		aliases [][]string
		off     []bool
		want    [][]string
	}{
		{"one field", []string{"thoughtNumber", "thought"}, nil, nil,
			[][]string{{"thought_number", "thought-number", "ThoughtNumber"}, nil}},
		{"two fields with one spelling", []string{"user_id", "userId"}, nil, nil,
			[][]string{nil, nil}},
		{"a declared alias", []string{"old_text", "new_text"}, [][]string{nil, {"oldText"}}, nil,
			[][]string{nil, {"newText", "new-text", "NewText"}}}, // old-text and OldText are variants of both old_text and oldText
		// A declared alias's variants read as its field too (issue 39:
		// maxResults for alias=max_results was ignored).
		{"variants of a declared alias", []string{"limit", "query"}, [][]string{{"max_results"}, nil}, nil,
			[][]string{{"maxResults", "max-results", "MaxResults"}, nil}},
		{"variants of the name and of an alias", []string{"file_path"}, [][]string{{"target_dir", "p"}}, nil,
			[][]string{{"filePath", "file-path", "FilePath", "targetDir", "target-dir", "TargetDir"}}},
		{"an alias's variant another field's name", []string{"limit", "maxResults"}, [][]string{{"max_results"}, nil}, nil,
			[][]string{nil, nil}}, // max-results and MaxResults are variants of both fields' keys
		{"another field in another case", []string{"fooBar", "foobar"}, nil, nil,
			[][]string{{"foo_bar", "foo-bar"}, nil}},
		{"turned off", []string{"a_b", "c_d"}, nil, []bool{true, false},
			[][]string{nil, {"cD", "c-d"}}}, // CD is one word
	} {
		got := ImplicitAliases(c.names, c.aliases, c.off)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: ImplicitAliases(%q, %q) = %q, want %q", c.name, c.names, c.aliases, got, c.want)
		}
	}
}
