package schemaprofile

import "strings"

// caseToken is one character of a letter-case pattern: an ASCII letter
// in either case (lower, upper) or a literal byte (lower == upper).
type caseToken struct{ lower, upper byte }

// parseEnumCase reads a pattern that EnumCasePattern (package
// internal/leniency) writes, ^(one|two)$ with each ASCII letter a class
// of its two cases and other characters as regexp.QuoteMeta quotes them,
// into its alternatives; ok is false for any other pattern. Without
// regexp, which generated servers do not link.
func parseEnumCase(pat string) (alts [][]caseToken, ok bool) {
	body, pre := strings.CutPrefix(pat, "^(")
	body, suf := strings.CutSuffix(body, ")$")
	if !pre || !suf {
		return nil, false
	}
	var alt []caseToken
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '|':
			alts, alt = append(alts, alt), nil
		case c == '[' && i+3 < len(body) && body[i+3] == ']' && 'a' <= body[i+1] && body[i+1] <= 'z' && body[i+2] == body[i+1]-'a'+'A':
			alt = append(alt, caseToken{body[i+1], body[i+2]})
			i += 3
		case c == '\\' && i+1 < len(body) && strings.IndexByte(metaChars, body[i+1]) >= 0:
			alt = append(alt, caseToken{body[i+1], body[i+1]})
			i++
		case strings.IndexByte(metaChars, c) >= 0:
			return nil, false
		default:
			alt = append(alt, caseToken{c, c})
		}
	}
	return append(alts, alt), true
}

// matchesEnumCase reports whether v is one of the alternatives, letter
// for letter in either case.
func matchesEnumCase(alts [][]caseToken, v string) bool {
	for _, alt := range alts {
		if len(alt) != len(v) {
			continue
		}
		i := 0
		for i < len(v) && (v[i] == alt[i].lower || v[i] == alt[i].upper) {
			i++
		}
		if i == len(v) {
			return true
		}
	}
	return false
}

// metaChars are the bytes regexp.QuoteMeta escapes.
const metaChars = `\.+*?()|[]{}^$`

// QuoteMeta is regexp.QuoteMeta: s with every regular expression
// metacharacter escaped.
func QuoteMeta(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(metaChars, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
