package lenientimpl

import (
	"fmt"
	"testing"
)

// TestEnumText: a boolean or an integer-valued number is read as the
// string enum value that is its text, and nothing else is.
func TestEnumText(t *testing.T) {
	vals := []string{"true", "auto", "2", "-1", "0", "02", "1.5", "123456789012345"}
	for _, tc := range []struct{ lit, want string }{
		{"true", "true"}, {"false", ""}, {"2", "2"}, {"2.0", "2"}, {"20e-1", "2"}, {"-1", "-1"},
		{"-0", "0"}, {"0.0", "0"}, {"1.5", ""}, {"02", ""}, {`"2"`, ""}, {"null", ""},
		{"123456789012345", "123456789012345"}, {"1234567890123456", ""}, {"1e400", ""},
	} {
		got, ok := EnumText(tc.lit, vals)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("EnumText(%s) = %q, %v; want %q", tc.lit, got, ok, tc.want)
		}
	}
	for _, tc := range []struct {
		s    string
		want bool
	}{{"2", true}, {"02", false}, {"4", false}, {"-1", true}, {"-0", false}, {" 2", false}, {"2.0", false}, {"", false}} {
		if got := EnumDigits(tc.s, []string{"2", "-1", "0"}); got != tc.want {
			t.Errorf("EnumDigits(%q) = %v", tc.s, got)
		}
	}
	for _, tc := range []struct {
		vals []string
		want string
	}{
		{[]string{"true", "false", "auto"}, "[true false] false 0 0"},
		{[]string{"true", "auto"}, "[] false 0 0"},
		{[]string{"1", "2", "x", "3"}, "[1 2 3] true 1 3"},
		{[]string{"1", "3"}, "[] false 0 0"},
		{[]string{"+1", "-1", "heart"}, "[] false 0 0"},
		{[]string{"0", "-1", "false", "01", "true"}, "[0 -1 false true] true -1 0"},
	} {
		texts, ints, lo, hi := EnumTexts(tc.vals)
		if got := fmt.Sprint(texts, " ", ints, " ", lo, " ", hi); got != fmt.Sprint(tc.want) {
			t.Errorf("EnumTexts(%q) = %s, want %s", tc.vals, got, tc.want)
		}
	}
}

// TestStringIn: a number or boolean for a string enum whose text is none
// of its values is refused naming them, where the message said to send
// its text in quotes, which the enum refuses too (found by two
// newcomers' trials); where its text is one (in any letter case), the
// message says to quote it; a value read as a text is read.
func TestStringIn(t *testing.T) {
	enum := []string{"1", "2", "3", "max", "True"}
	for _, tc := range []struct{ in, want string }{
		{`4`, `level: 4 is not one of "1", "2", "3", "max", "True"`},
		{`2.5`, `level: 2.5 is not one of "1", "2", "3", "max", "True"`},
		{`false`, `level: false is not one of "1", "2", "3", "max", "True"`},
		{`true`, `level: true is not a string (send text in quotes, such as "true")`},
		{`1`, `level: 1 is not a string (send text in quotes, such as "1")`},
		{`{}`, `level: {} is not a string (send text in quotes, such as "...")`},
	} {
		var d Decoder
		d.Start([]byte(tc.in), true)
		d.StringIn([]byte(tc.in), "level", 0, enum)
		if err := d.Err(); err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v, want %s", tc.in, err, tc.want)
		}
	}
	var d Decoder
	d.Start([]byte(`2`), true)
	if got := d.StringIn([]byte(`2`), "level", 0, enum, "1", "2", "3"); got != "2" || d.Err() != nil {
		t.Errorf("2 read as %q, %v", got, d.Err())
	}
	if got := d.StringIn([]byte(`"max"`), "level", 0, enum, "1", "2", "3"); got != "max" || d.Err() != nil {
		t.Errorf(`"max" read as %q, %v`, got, d.Err())
	}
}
