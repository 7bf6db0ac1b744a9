package rulespec

import (
	"fmt"
	"regexp"
	"strings"
)

// PortablePattern reports why pattern is not one that Go's RE2 (the
// decoder) and ECMAScript with the u flag (AJV, the validator inside
// JavaScript hosts) both compile and read alike, or nil when it is. A
// pattern that fails here would make a host refuse the whole schema (AJV
// cannot compile it), or let the host and the server disagree on a value.
//
// It accepts the common subset: literals, anchors `^ $`, groups `( )`,
// `(?: )` and `(?<name> )`, classes `[ ]` (ranges, negation), quantifiers
// `* + ? {n} {n,} {n,m}` (lazy too), alternation, the escapes `\d \D \w \W
// \b \B \t \n \r \f \v \xHH`, escaped syntax characters, and `\p{…}` with a
// Unicode general category (`\p{L}`, `\p{Lu}`). It refuses, saying what to
// write instead: inline flags (`(?i)`), lookarounds, backreferences and
// octal escapes, `\A \z \Z \Q \E \C`, `(?P<name>)`, POSIX classes
// (`[[:alpha:]]`), `.` outside a class (Go's matches \r, ECMAScript's
// does not: write `[^\n]`), `\pL` and script names (`\p{Greek}`), `\x{…}`, `\s`
// and `\S` (ECMAScript's set also holds \v and Unicode spaces), and escapes
// or braces that ECMAScript's u flag rejects. lint.PortablePattern is
// this function.
func PortablePattern(pattern string) error {
	if _, err := regexp.Compile(pattern); err != nil {
		return fmt.Errorf("pattern %q does not compile in Go (RE2): %v; write a pattern RE2 and ECMAScript read alike", pattern, err)
	}
	return portable(pattern, false)
}

// portable is PortablePattern for a pattern Go compiles (CompilePattern
// has parsed it already), but for a "." outside a class where anyDot:
// CompilePattern judges a pattern's dots itself (a pattern every name
// matches, ".*", is read alike whatever its dot matches).
func portable(pattern string, anyDot bool) error {
	bad := func(at int, format string, args ...any) error {
		return fmt.Errorf("pattern %q at offset %d: %s", pattern, at, fmt.Sprintf(format, args...))
	}
	inClass := false
	anchor := false      // the last token was ^, $, \b or \B (not quantifiable in ECMAScript)
	classEscape := false // the last class member was \d, \w, \p{..}... (no range end in ECMAScript)
	// In a class: whether the last member may begin a range (a - after it
	// makes one: not at the class's start, nor after a range's end), and
	// whether the member being read ends one.
	canStart, ending := false, false
	names := map[string]bool{}
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		wasAnchor, wasClassEscape, wasIn := anchor, classEscape, inClass
		anchor, classEscape = false, false
		if !inClass && wasAnchor && strings.IndexByte("*+?{", c) >= 0 {
			return bad(i, "a quantifier on an anchor (^*, \\b+) is an error under ECMAScript's u flag; leave the quantifier out")
		}
		if inClass && canStart && c == '-' && i+1 < len(pattern) && pattern[i+1] != ']' {
			// (a range: a - first in a class, or right after a range,
			// is the character -)
			if wasClassEscape || pattern[i+1] == '\\' && i+2 < len(pattern) && strings.IndexByte("dDwWsSpP", pattern[i+2]) >= 0 {
				return bad(i, "a class escape (\\d, \\w, \\p{..}) as a range end is an error under ECMAScript's u flag; put - last in the class ([\\d-] or [a-z\\d-])")
			}
			canStart, ending = false, true
			continue
		}
		switch {
		case c == '\\':
			if i+1 >= len(pattern) {
				return bad(i, "a trailing backslash")
			}
			n, err := escape(pattern, i, inClass)
			if err != "" {
				return bad(i, "%s", err)
			}
			next := pattern[i+1]
			anchor = !inClass && (next == 'b' || next == 'B')
			classEscape = inClass && strings.IndexByte("dDwWpP", next) >= 0
			i += n - 1
		case !inClass && (c == '^' || c == '$'):
			anchor = true
		case inClass:
			if c == '[' && i+1 < len(pattern) && pattern[i+1] == ':' {
				return bad(i, "POSIX classes ([[:alpha:]]) are Go only; write the range ([a-zA-Z])")
			}
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass, canStart, ending = true, false, false
			// A ] right after [ or [^ is a literal in Go and an empty
			// class in ECMAScript.
			j := i + 1
			if j < len(pattern) && pattern[j] == '^' {
				j++
			}
			if j < len(pattern) && pattern[j] == ']' {
				return bad(i, "a ] first in a class is read differently by ECMAScript; escape it (\\])")
			}
			i = j - 1
		case c == '(' && strings.HasPrefix(pattern[i:], "(?"):
			rest := pattern[i+2:]
			switch {
			case strings.HasPrefix(rest, ":"):
			case strings.HasPrefix(rest, "<") && !strings.HasPrefix(rest, "<=") && !strings.HasPrefix(rest, "<!"):
				end := strings.IndexByte(rest, '>')
				name := ""
				if end > 0 {
					name = rest[1:end]
				}
				if !groupNameRE.MatchString(name) {
					return bad(i, "group name %q: both engines take a letter or _ first, then letters, digits and _", name)
				}
				if names[name] {
					return bad(i, "group name %q is used twice, an error under ECMAScript", name)
				}
				names[name] = true
			case strings.HasPrefix(rest, "P<"):
				return bad(i, "(?P<name>...) is Go only; write (?<name>...)")
			case strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "!") || strings.HasPrefix(rest, "<=") || strings.HasPrefix(rest, "<!"):
				return bad(i, "lookarounds are not in RE2")
			default:
				return bad(i, "inline flags ((?i), (?s), (?m), (?U)) are not read by ECMAScript; spell the letter cases out ([Yy][Ee][Ss])")
			}
		case c == '{':
			n := quantifier(pattern[i:])
			if n == 0 || i == 0 {
				return bad(i, "a { that is not a quantifier ({n}, {n,}, {n,m}) is an error under ECMAScript's u flag; escape it (\\{)")
			}
			i += n - 1
		case c == '.' && !anyDot:
			return bad(i, "Go's . matches \\r (and U+2028, U+2029), ECMAScript's does not; write [^\\n], which both read as Go's .")
		case c == '}':
			return bad(i, "a lone } is an error under ECMAScript's u flag; escape it (\\})")
		case c == ']':
			return bad(i, "a lone ] is an error under ECMAScript's u flag; escape it (\\])")
		}
		if wasIn && inClass {
			// (a member read: it may begin a range, but a range's end)
			canStart, ending = !ending, false
		}
	}
	return nil
}

// quantifier returns the length of a {n}, {n,} or {n,m} at the start of
// s, or 0.
func quantifier(s string) int {
	m := quantifierRE.FindString(s)
	return len(m)
}

var quantifierRE = regexp.MustCompile(`^\{[0-9]+(,[0-9]*)?\}`)

var groupNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// generalCategories are the Unicode general categories both engines read
// in \p{...}.
var generalCategories = map[string]bool{
	"L": true, "Lu": true, "Ll": true, "Lt": true, "Lm": true, "Lo": true,
	"M": true, "Mn": true, "Mc": true, "Me": true,
	"N": true, "Nd": true, "Nl": true, "No": true,
	"P": true, "Pc": true, "Pd": true, "Ps": true, "Pe": true, "Pi": true, "Pf": true, "Po": true,
	"S": true, "Sm": true, "Sc": true, "Sk": true, "So": true,
	"Z": true, "Zs": true, "Zl": true, "Zp": true,
	"C": true, "Cc": true, "Cf": true, "Co": true, "Cs": true,
}

// escape checks the escape at pattern[i] (a backslash) and returns its
// length, or what is wrong with it.
func escape(pattern string, i int, inClass bool) (int, string) {
	c := pattern[i+1]
	switch {
	case strings.IndexByte("dDwWbBtnrfv", c) >= 0:
		if inClass && (c == 'b' || c == 'B') {
			return 0, `\b in a class is a backspace in ECMAScript and an error in Go; leave it out`
		}
		return 2, ""
	case c == 's' || c == 'S':
		return 0, `\s and \S differ: ECMAScript's set also holds \v and Unicode spaces; write the characters ([ \t\n\r\f] or [^ \t\n\r\f])`
	case strings.IndexByte(`^$\.*+?()[]{}|/`, c) >= 0:
		return 2, ""
	case c == '-':
		if inClass {
			return 2, ""
		}
		return 0, `\- outside a class is an error under ECMAScript's u flag; write - alone`
	case c == 'x':
		if i+3 < len(pattern) && isHex(pattern[i+2]) && isHex(pattern[i+3]) {
			return 4, ""
		}
		return 0, `\x takes two hex digits in both engines (\x41); \x{...} is Go only`
	case c >= '0' && c <= '9':
		return 0, `backreferences and octal escapes (\1, \0) are not read alike; write the character or \xHH`
	case c == 'p' || c == 'P':
		if i+2 < len(pattern) && pattern[i+2] == '{' {
			end := strings.IndexByte(pattern[i+2:], '}')
			if end > 0 && generalCategories[pattern[i+3:i+2+end]] {
				return end + 3, ""
			}
		}
		return 0, `only \p{...} with a general category (\p{L}, \p{Lu}, \p{Nd}) is read alike; \pL and script names (\p{Greek}) are not`
	case strings.IndexByte("AzZQEC", c) >= 0:
		return 0, fmt.Sprintf(`\%c is Go only; use ^ and $ (the pattern applies to the whole string value)`, c)
	}
	return 0, fmt.Sprintf(`\%c is not an escape both engines read (ECMAScript's u flag rejects unknown escapes); write the character`, c)
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
