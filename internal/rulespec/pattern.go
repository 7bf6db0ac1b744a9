package rulespec

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
)

// CompilePattern compiles the pattern of a rule path's pattern step
// ({"^x-"}: each value of an object whose member name it matches), which
// is a patternProperties pattern: an ECMAScript regular expression as
// JSON Schema reads it (unanchored, with the u flag, as AJV compiles
// it). It returns the Go regexp that matches exactly the names the
// pattern matches, or an error where normgen cannot show the two alike:
// an escape other than \d \D \w \W \b \B, \n \r \t \f \v and an escaped
// syntax character, \.^$*+?()[]{}|/- (no \s, \u, \p, back-references); an empty class
// ([] or [^]); a POSIX class; a syntax Go reads otherwise or not at all
// (ParseAlike: lookarounds, inline flags); a "." outside a class, which
// Go's validators and AJV read otherwise (\r, U+2028 and U+2029), but in
// a pattern every name matches (EveryName: ".*", "^.*"); and what
// ECMAScript's u flag does not compile (PortablePattern's checks but for
// the dot: \- outside a class, a lone brace or bracket, a quantifier on
// an anchor): a validator on either side must read the names alike.
func CompilePattern(p string) (*regexp.Regexp, error) {
	for i := 0; i < len(p); i++ {
		if p[i] != '\\' {
			continue
		}
		if i+1 == len(p) {
			return nil, fmt.Errorf("pattern %q ends in a lone backslash", p)
		}
		i++
		if c := p[i]; !strings.ContainsRune(`dDwWbBnrtfv\.^$*+?()[]{}|/-`, rune(c)) {
			return nil, fmt.Errorf(`pattern %q: the escape \%c may match otherwise in ECMAScript than in Go`, p, c)
		}
	}
	if differ := ClassesDiffer(p); differ != "" {
		return nil, fmt.Errorf("pattern %q: %q reads otherwise in ECMAScript than in Go", p, differ)
	}
	re, ok := ParseAlike(p)
	if !ok {
		return nil, fmt.Errorf("pattern %q: Go's regexp reads it otherwise than ECMAScript, or cannot read it", p)
	}
	if anyChar(re) && !EveryName(p) {
		return nil, fmt.Errorf(`pattern %q: its dot (any character) matches \r, U+2028 and U+2029 in Go (and Go's validators) but not in ECMAScript (and AJV)`, p)
	}
	// (and one ECMAScript's u flag compiles: \- outside a class, a lone
	// brace or bracket, a quantifier on an anchor are errors there)
	if err := portable(p, true); err != nil {
		return nil, err
	}
	return regexp.Compile(p)
}

// ClassesDiffer returns the first text of the pattern p that Go's regexp
// and ECMAScript read as other classes ("[]": an empty class in
// ECMAScript, a class holding "]" in Go; "[^]": any character there, a
// class of all but "]" here; "[:": a POSIX class in Go), "" where p
// holds none. Its "[" is one no backslash escapes: an escaped one ("\[]",
// a class that holds "[" and ends) is a "[" in both.
func ClassesDiffer(p string) string {
	for _, differ := range []string{"[]", "[^]", "[:"} {
		if Unescaped(p, differ) {
			return differ
		}
	}
	return ""
}

// anyChar reports whether re holds a "." (any character but \n in Go;
// but \n, \r, U+2028 and U+2029 in ECMAScript).
func anyChar(re *syntax.Regexp) bool {
	if re.Op == syntax.OpAnyCharNotNL || re.Op == syntax.OpAnyChar {
		return true
	}
	for _, sub := range re.Sub {
		if anyChar(sub) {
			return true
		}
	}
	return false
}

// PathPattern appends to the rule path prefix the pattern step of the
// pattern p: `spec.env{"^[A-Z_]+$"}` is each value of spec.env whose
// member name matches ^[A-Z_]+$ (patternProperties' values).
func PathPattern(prefix, p string) string { return prefix + "{" + strconv.Quote(p) + "}" }
