package leniency

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
)

// EnumFolds reports whether an enum's values are read in any ASCII letter
// case ("JSON" for "json"): when no two of them fold alike, and one holds
// an ASCII letter (values without one read alike in every case, and a
// case branch would only repeat the enum). A field can turn it off
// (`norm:"enum=strict"`).
func EnumFolds(enum []string) bool {
	// jsonwire.FoldASCII is the folding the decoders do (lenientimpl.EnumCase):
	// two values fold alike, or are equal, when their folds are
	seen := make(map[string]bool, len(enum))
	letter := false
	for _, e := range enum {
		f := jsonwire.FoldASCII(e)
		if seen[f] {
			return false
		}
		seen[f] = true
		letter = letter || strings.ContainsFunc(f, func(r rune) bool { return r >= 'a' && r <= 'z' })
	}
	return letter
}

// EnumCasePattern is a portable pattern matching exactly the values of
// enum in any ASCII letter case, in the subset every host's validator
// reads alike (RE2, ECMAScript, Python's re): no inline flags, nothing but
// literal characters (quoted as regexp.QuoteMeta does), classes of a
// letter's two cases, groups, alternation and `?`. It is ^( … )$ around
// an alternation, the values' shared prefixes and suffixes written once:
// ^([gG][eE][tT](_[iI][dD])?|[lL][iI][sS][tT])$ for get, get_id and list,
// ^(([aA]|[dD][eE])[sS][cC])$ for asc and desc. The values keep their
// order where they share nothing (the first value's branch first).
func EnumCasePattern(enum []string) string {
	vals := make([]string, 0, len(enum))
	seen := make(map[string]bool, len(enum))
	for _, e := range enum {
		// a value is its characters (a byte that is not UTF-8 read as
		// U+FFFD, as ranging over it does), ASCII letters in lower case
		var b strings.Builder
		for _, r := range e {
			b.WriteRune(r)
		}
		f := jsonwire.FoldASCII(b.String())
		if !seen[f] {
			seen[f] = true
			vals = append(vals, f)
		}
	}
	w := caseWriter{memo: map[string]string{}}
	return "^(" + w.alternation(vals) + ")$"
}

// caseWriter writes the pattern of a set of folded values, remembering
// the spelling of each set it has written (a set is reached again
// through its prefixes and its suffixes).
type caseWriter struct{ memo map[string]string }

// maxSuffixSearch bounds the sets whose values are also tried grouped by
// their last characters (each such set writes its subsets twice): enums
// of thousands of values are grouped by their prefixes alone.
const maxSuffixSearch = 32

// alternation is the shortest spelling found for vals (distinct folded
// values, in the enum's order), an alternation at the top (with `|`
// unless the values share a prefix or a suffix).
func (w *caseWriter) alternation(vals []string) string {
	if len(vals) == 1 {
		return literal(vals[0])
	}
	// a set written twice is one reached through its prefixes and its
	// suffixes: a small one
	var key string
	if len(vals) <= maxSuffixSearch {
		var k strings.Builder
		for _, v := range vals {
			k.WriteString(strconv.Itoa(len(v)) + ":" + v)
		}
		key = k.String()
		if s, ok := w.memo[key]; ok {
			return s
		}
	}
	var s string
	if i := indexOf(vals, ""); i >= 0 {
		// the empty value makes the others optional
		rest := append(append([]string(nil), vals[:i]...), vals[i+1:]...)
		s = optional(w.alternation(rest))
	} else if p := commonPrefix(vals); p != "" {
		s = literal(p) + w.item(trim(vals, len(p), 0))
	} else if q := commonSuffix(vals); q != "" {
		s = w.item(trim(vals, 0, len(q))) + literal(q)
	} else {
		s = w.groups(vals, firstRune)
		if len(vals) <= maxSuffixSearch {
			if t := w.groups(vals, lastRune); len(t) < len(s) {
				s = t
			}
		}
	}
	if key != "" {
		w.memo[key] = s
	}
	return s
}

// item is alternation(vals) as one item of a sequence: in a group if it
// has a `|` at its top.
func (w *caseWriter) item(vals []string) string {
	s := w.alternation(vals)
	if topLevelBar(s) {
		return "(" + s + ")"
	}
	return s
}

// groups writes vals (no two alike, none empty, sharing no first or last
// character) as an alternation of their groups by first (or last)
// character, each group in the order of its first value.
func (w *caseWriter) groups(vals []string, key func(string) string) string {
	var order []string
	by := map[string][]string{}
	for _, v := range vals {
		k := key(v)
		if _, ok := by[k]; !ok {
			order = append(order, k)
		}
		by[k] = append(by[k], v)
	}
	alts := make([]string, len(order))
	for i, k := range order {
		alts[i] = w.alternation(by[k])
	}
	return strings.Join(alts, "|")
}

func firstRune(v string) string {
	for i := range v {
		if i > 0 {
			return v[:i]
		}
	}
	return v
}

func lastRune(v string) string {
	for i := len(v) - 1; i >= 0; i-- {
		if v[i] < 0x80 || v[i] >= 0xC0 {
			return v[i:]
		}
	}
	return v
}

// optional is s, one item or an alternation, made optional: one ASCII
// character (a letter's class, a character maybe quoted) takes its `?`
// as it is, anything else in a group (a `?` after a character outside
// ASCII would bind to its last UTF-16 unit in ECMAScript without u).
func optional(s string) string {
	if len(s) == 4 && s[0] == '[' || len(s) == 2 && s[0] == '\\' || len(s) == 1 {
		return s + "?"
	}
	return "(" + s + ")?"
}

// literal writes a folded value: each ASCII letter as the class of its
// two cases, any other character as regexp.QuoteMeta quotes it.
func literal(v string) string {
	var b strings.Builder
	for _, r := range v {
		if r >= 'a' && r <= 'z' {
			b.Write([]byte{'[', byte(r), byte(r - 'a' + 'A'), ']'})
		} else {
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	return b.String()
}

// topLevelBar reports whether pattern s has a `|` outside any group.
func topLevelBar(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			i += 3 // a letter's class: [aA]
		case '(':
			depth++
		case ')':
			depth--
		case '|':
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

func indexOf(vals []string, v string) int {
	for i, x := range vals {
		if x == v {
			return i
		}
	}
	return -1
}

// commonPrefix is the longest prefix, whole characters, vals share.
func commonPrefix(vals []string) string {
	p := vals[0]
	for _, v := range vals[1:] {
		n := 0
		for n < len(p) && n < len(v) && p[n] == v[n] {
			n++
		}
		p = p[:n]
	}
	for len(p) > 0 && !runeStart(vals[0], len(p)) {
		p = p[:len(p)-1]
	}
	return p
}

// commonSuffix is the longest suffix, whole characters, vals share.
func commonSuffix(vals []string) string {
	q := vals[0]
	for _, v := range vals[1:] {
		n := 0
		for n < len(q) && n < len(v) && q[len(q)-1-n] == v[len(v)-1-n] {
			n++
		}
		q = q[len(q)-n:]
	}
	for len(q) > 0 && q[0] >= 0x80 && q[0] < 0xC0 {
		q = q[1:]
	}
	return q
}

// runeStart reports whether v[:n] ends on a whole character.
func runeStart(v string, n int) bool {
	return n == len(v) || v[n] < 0x80 || v[n] >= 0xC0
}

// trim is vals with pre bytes cut from the front and suf from the back of
// each.
func trim(vals []string, pre, suf int) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = v[pre : len(v)-suf]
	}
	return out
}
