package lint

import "testing"

// TestToolNameProblem: a name every host takes has no problem; any other
// names the hosts that refuse it with their rule.
func TestToolNameProblem(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"search_files", ""},
		{"list-tables2", ""},
		{"bad name!", "claude, openai, openai-strict: ^[a-zA-Z0-9_-]{1,64}$; gemini: a letter or _ first, then letters, digits, _ . -, at most 64; copilot: ^[a-zA-Z0-9_-]{1,128}$"},
		{"db.query", "claude, openai, openai-strict: ^[a-zA-Z0-9_-]{1,64}$; copilot: ^[a-zA-Z0-9_-]{1,128}$"},
		{"2fa", "gemini: a letter or _ first, then letters, digits, _ . -, at most 64"},
		{"", "claude, openai, openai-strict: ^[a-zA-Z0-9_-]{1,64}$; gemini: a letter or _ first, then letters, digits, _ . -, at most 64; copilot: ^[a-zA-Z0-9_-]{1,128}$"},
	} {
		if got := ToolNameProblem(tc.name); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}
