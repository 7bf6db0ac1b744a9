package gen

import (
	"slices"
	"strings"
	"testing"
)

// TestVariantsOffPackage: //normgen:variants=off in the package doc
// comment turns spelling-style variants off for every type; without it
// they are read; a blank field with another option is an error.
func TestVariantsOffPackage(t *testing.T) {
	const tool = `
// ChatInput is a tool.
//
//normgen:tool chat
type ChatInput struct {
	ChatID string ` + "`json:\"chat_id\"`" + `
	Body   string ` + "`json:\"body,omitempty\"`" + `
}
`
	for _, tc := range []struct {
		name, head string
		want       []string
	}{
		{"default", "package d\n", []string{"chatId", "chat-id", "ChatId"}},
		{"off", "// Package d is off.\n//\n//normgen:variants=off\npackage d\n", nil},
	} {
		m, diags := loadModel(t, tc.head+tool)
		if len(diags) > 0 || m == nil {
			t.Fatalf("%s: %v", tc.name, diags)
		}
		f := m.Tools[0].Input.Fields[0]
		if !slices.Equal(f.Aliases, tc.want) || !slices.Equal(f.Implicit, tc.want) {
			t.Errorf("%s: aliases %q, implicit %q, want %q", tc.name, f.Aliases, f.Implicit, tc.want)
		}
	}
	_, msgs := loadSource(t, "package d\n\n// BadInput is a tool.\n//\n//normgen:tool bad\ntype BadInput struct {\n\t_ struct{} `norm:\"variants=off,wrap\"`\n\tA string `json:\"a\"`\n}\n")
	if len(msgs) != 1 || !strings.Contains(msgs[0], `a blank field takes only norm:"unknown=error" and norm:"variants=off"`) {
		t.Errorf("blank field with wrap: %q", msgs)
	}
}
