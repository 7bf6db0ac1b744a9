package jsonwire

import "testing"

// TestUnescapeNewlines checks unescape on text escaped twice, as a model
// sends a file's content: once it holds a \n or \t escape (and no real
// newline), its escapes are read left to right, so that an escaped
// backslash is one backslash and never begins another escape.
func TestUnescapeNewlines(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{`a\nb`, "a\nb", true},
		{`a\tb`, "a\tb", true},
		// CRLF, which iCalendar and HTTP need: no \r left behind
		{`BEGIN:VCALENDAR\r\nEND:VCALENDAR`, "BEGIN:VCALENDAR\r\nEND:VCALENDAR", true},
		// a backslash escaped twice is one, and ends there
		{`dir C:\\new\nnext`, "dir C:\\new\nnext", true},
		{`printf(\"a\\nb\");\n`, "printf(\"a\\nb\");\n", true},
		// escapes that are not the text's own are kept
		{`\d+\n\x`, "\\d+\n\\x", true},
		{`a\\`, "", false},        // no \n or \t escape: kept as sent
		{`C:\\new`, "", false},    // the \n there is a backslash's
		{`\\\\server`, "", false}, // a UNC path
		{"a\\nb\nc", "", false},   // a real newline: already unescaped
		{`a\`, "", false},
		{`plain`, "", false},
		{`\r only`, "", false},
	} {
		got, ok := UnescapeNewlines(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("UnescapeNewlines(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
