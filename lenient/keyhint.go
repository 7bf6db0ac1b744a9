package lenient

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// keyHint is what Missing adds for a required field name (accepted also
// as aliases) left out of an object that held unknown keys: the key to
// send, when one of them is a misspelling of name or an alias (the same
// words in another of snake_case, camelCase, kebab-case and PascalCase,
// or a typo: a small edit distance), else the unknown keys themselves.
// Nothing is read as the field: a misspelt key stays unknown, as the
// schema says.
func (d *Decoder) keyHint(name string, aliases []string) string {
	var own []string
	for _, u := range d.unknowns[:d.nunknown] {
		if u.depth == d.depth && d.depth < inlineDepth && u.obj == d.objAt[d.depth] {
			own = append(own, string(u.key))
		}
	}
	if len(own) == 0 {
		return ""
	}
	best, bestKey, bestScore := "", "", 1<<30
	for _, k := range own {
		for _, c := range append([]string{name}, aliases...) {
			if s, ok := misspelling(k, c); ok && s < bestScore {
				best, bestKey, bestScore = c, k, s
			}
		}
	}
	if best != "" {
		return "; " + strconv.Quote(bestKey) + " is not a key: send it as " + strconv.Quote(best)
	}
	quoted := make([]string, len(own))
	for i, k := range own {
		quoted[i] = strconv.Quote(k)
	}
	if len(own) == 1 {
		return "; the object has " + quoted[0] + ", which is not a key"
	}
	return "; the object has " + joinAnd(quoted) + ", which are not keys"
}

// misspelling reports whether sent reads as a misspelling of declared,
// with a score (lower is closer): 0 for the same words in another
// spelling style (thoughtNumber for thought_number), else the edit
// distance, at most 1 for a declared key of 3 or 4 letters and 2 for a
// longer one (nmae for name, titel for title); keys of one or two
// letters have no misspellings (b is not a typo of a).
func misspelling(sent, declared string) (int, bool) {
	if sent == declared {
		return 0, false
	}
	if w := words(sent); len(w) > 1 && strings.Join(w, " ") == strings.Join(words(declared), " ") {
		return 0, true
	}
	n := utf8.RuneCountInString(declared)
	if n < 3 {
		return 0, false
	}
	limit := 1
	if n > 4 {
		limit = 2
	}
	if dist := editDistance(sent, declared, limit); dist <= limit {
		return dist, true
	}
	return 0, false
}

// words splits a key into its lower-case words: at '_', '-', '.', ' ' and
// where a lower-case letter or digit is followed by an upper-case one
// (styleId: style id; HTTPServer: httpserver, one word).
func words(key string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	prevLowerOrDigit := false
	for _, r := range key {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ':
			flush()
			prevLowerOrDigit = false
			continue
		case unicode.IsUpper(r) && prevLowerOrDigit:
			flush()
		}
		cur = append(cur, unicode.ToLower(r))
		prevLowerOrDigit = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	flush()
	return out
}

// editDistance is the optimal-string-alignment distance between a and b
// (insertions, deletions, substitutions and swaps of two neighbours), in
// runes; past limit it returns limit+1.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
