package jsonwire

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FoldASCII is s with its ASCII letters in lower case: the case folding
// of enum values (Unicode letters outside ASCII are left as they are).
func FoldASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; c >= 'A' && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// Misspelling reports whether sent reads as a misspelling of declared,
// with a score (lower is closer): 0 for the same words in another
// spelling style (thoughtNumber for thought_number), else the edit
// distance, at most 1 for a declared key of 3 or 4 letters and 2 for a
// longer one (nmae for name, titel for title); keys of one or two
// letters have no misspellings (b is not a typo of a).
func Misspelling(sent, declared string) (int, bool) {
	if sent == declared {
		return 0, false
	}
	if w := Words(sent); len(w) > 1 && strings.Join(w, " ") == strings.Join(Words(declared), " ") {
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

// Sibling reports whether sent has declared's words but for the last,
// which differs (old_string for old_text, startDate for start_time):
// keys of two words or more, in any spelling style.
func Sibling(sent, declared string) bool {
	a, b := Words(sent), Words(declared)
	n := len(a)
	return n >= 2 && len(b) == n && a[n-1] != b[n-1] && slices.Equal(a[:n-1], b[:n-1])
}

// Words splits a key into its lower-case words: at '_', '-', '.', ' ' and
// where a lower-case letter or digit is followed by an upper-case one
// (styleId: style id; HTTPServer: httpserver, one word).
func Words(key string) []string {
	var out []string
	var cur []byte
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
		cur = utf8.AppendRune(cur, unicode.ToLower(r))
		prevLowerOrDigit = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	flush()
	return out
}

// editDistance is the optimal-string-alignment distance between a and b
// (insertions, deletions, substitutions and swaps of two neighbours), in
// runes; past limit it returns limit+1.
func editDistance(a, b string, limit int) int {
	ra, rb := runes(a), runes(b)
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

// runes is []rune(s), written as a loop: the conversion links the
// runtime's own rune-slice code into every server for this one use.
func runes(s string) []rune {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		out = append(out, r)
	}
	return out
}
