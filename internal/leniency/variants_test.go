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
			[][]string{{"old-text"}, {"newText", "new-text", "NewText"}}}, // OldText is oldText in another case
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
