package schemaprofile

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// caseItem is one item of a letter-case pattern: an ASCII letter in
// either case (lower, upper), a literal character (lower == upper), or a
// group (alts); optional when a `?` follows it.
type caseItem struct {
	lower, upper rune
	alts         [][]caseItem
	group, opt   bool
}

// parseEnumCase reads a pattern that EnumCasePattern (package
// internal/leniency) writes, ^( … )$ around an alternation of sequences
// of items (a class of a letter's two cases, [aA]; a character other than
// regexp's metacharacters, or one quoted as regexp.QuoteMeta quotes it; a
// group of an alternation in parentheses), each item maybe followed by
// `?`, into the alternatives of its outer group; ok is false for any
// other pattern. Without regexp, which generated servers do not link.
func parseEnumCase(pat string) (alts [][]caseItem, ok bool) {
	body, pre := strings.CutPrefix(pat, "^(")
	body, suf := strings.CutSuffix(body, ")$")
	if !pre || !suf {
		return nil, false
	}
	p := caseParser{s: body}
	alts, ok = p.alternation(0)
	return alts, ok && p.i == len(p.s)
}

// IsEnumCasePattern reports whether p is a pattern EnumCasePattern
// writes: the values of a string enum, in any letter case, which the
// typearray profile writes in place of the enum (foldEnumBranch).
func IsEnumCasePattern(p string) bool {
	_, ok := parseEnumCase(p)
	return ok
}

// caseParser reads a letter-case pattern's body from s[i:].
type caseParser struct {
	s string
	i int
}

// maxCaseDepth bounds the groups within groups a pattern may nest (a
// hostile schema's pattern is read, not its stack overflowed).
const maxCaseDepth = 100

// alternation reads sequences separated by `|` up to a `)` or the end.
func (p *caseParser) alternation(depth int) (alts [][]caseItem, ok bool) {
	if depth > maxCaseDepth {
		return nil, false
	}
	for {
		seq, ok := p.sequence(depth)
		if !ok {
			return nil, false
		}
		alts = append(alts, seq)
		if p.i == len(p.s) || p.s[p.i] != '|' {
			return alts, true
		}
		p.i++
	}
}

// sequence reads items up to a `|`, a `)` or the end.
func (p *caseParser) sequence(depth int) (seq []caseItem, ok bool) {
	for p.i < len(p.s) && p.s[p.i] != '|' && p.s[p.i] != ')' {
		var it caseItem
		s := p.s[p.i:]
		switch c := s[0]; {
		case c == '(':
			p.i++
			alts, ok := p.alternation(depth + 1)
			if !ok || p.i == len(p.s) || p.s[p.i] != ')' {
				return nil, false
			}
			p.i++
			it = caseItem{alts: alts, group: true}
		case c == '[' && len(s) >= 4 && s[3] == ']' && 'a' <= s[1] && s[1] <= 'z' && s[2] == s[1]-'a'+'A':
			it = caseItem{lower: rune(s[1]), upper: rune(s[2])}
			p.i += 4
		case c == '\\' && len(s) >= 2 && strings.IndexByte(metaChars, s[1]) >= 0:
			it = caseItem{lower: rune(s[1]), upper: rune(s[1])}
			p.i += 2
		case strings.IndexByte(metaChars, c) >= 0:
			return nil, false
		default:
			r, n := utf8.DecodeRuneInString(s)
			if r == utf8.RuneError && n == 1 {
				return nil, false // not UTF-8: regexp refuses it too
			}
			it = caseItem{lower: r, upper: r}
			p.i += n
		}
		if p.i < len(p.s) && p.s[p.i] == '?' {
			it.opt = true
			p.i++
		}
		seq = append(seq, it)
	}
	return seq, true
}

// matchesEnumCase reports whether v is one of the alternatives, letter
// for letter in either case, as regexp reads the pattern.
func matchesEnumCase(alts [][]caseItem, v string) bool {
	return slices.Contains(matchAlts(alts, v, 0), len(v))
}

// matchAlts lists the positions in v where a match of alts begun at i can
// end, each once.
func matchAlts(alts [][]caseItem, v string, i int) []int {
	var ends []int
	for _, seq := range alts {
		for _, e := range matchSeq(seq, v, i) {
			if !slices.Contains(ends, e) {
				ends = append(ends, e)
			}
		}
	}
	return ends
}

func matchSeq(seq []caseItem, v string, i int) []int {
	at := []int{i}
	for _, it := range seq {
		var next []int
		for _, j := range at {
			var ends []int
			if it.group {
				ends = matchAlts(it.alts, v, j)
			} else if r, n := utf8.DecodeRuneInString(v[j:]); n > 0 && (r == it.lower || r == it.upper) {
				ends = []int{j + n}
			}
			if it.opt {
				ends = append(ends, j)
			}
			for _, e := range ends {
				if !slices.Contains(next, e) {
					next = append(next, e)
				}
			}
		}
		at = next
	}
	return at
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
