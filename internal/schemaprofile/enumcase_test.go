package schemaprofile_test

import (
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/internal/schemaprofile"
)

// FuzzEnumCase: for the pattern EnumCasePattern writes for an enum, the
// matcher foldEnumBranch uses instead of regexp takes exactly what regexp
// takes, and QuoteMeta quotes as regexp.QuoteMeta does.
func FuzzEnumCase(f *testing.F) {
	f.Add("debug", "info", "DEBUG")
	f.Add("a.b", "x|y", "A.B")
	f.Add("", "é", "É")
	f.Add("[x]", "(y)", "[X]")
	f.Fuzz(func(t *testing.T, a, b, v string) {
		if got, want := schemaprofile.QuoteMeta(v), regexp.QuoteMeta(v); got != want {
			t.Fatalf("QuoteMeta(%q) = %q; regexp's %q", v, got, want)
		}
		if !utf8.ValidString(a) || !utf8.ValidString(b) || !utf8.ValidString(v) {
			return // a JSON text's strings are UTF-8
		}
		pat := leniency.EnumCasePattern([]string{a, b})
		re, err := regexp.Compile(pat)
		if err != nil {
			return // not an enum's (invalid UTF-8)
		}
		alts, ok := schemaprofile.ParseEnumCase(pat)
		if !ok {
			t.Fatalf("%q: EnumCasePattern's pattern not read", pat)
		}
		for _, s := range []string{v, a, b} {
			if got, want := schemaprofile.MatchesEnumCase(alts, s), re.MatchString(s); got != want {
				t.Errorf("%q matches %q: %v; regexp says %v", pat, s, got, want)
			}
		}
	})
}

// TestEnumCaseOther: a pattern EnumCasePattern does not write is not read
// as one (the enum is then not folded into it).
func TestEnumCaseOther(t *testing.T) {
	for _, pat := range []string{"^[a-z]+$", "^(a)|(b)$", "^(a*)$", "(a)", "^([ab])$"} {
		if _, ok := schemaprofile.ParseEnumCase(pat); ok {
			t.Errorf("%q read as a letter-case pattern", pat)
		}
	}
}
