package suggest

import (
	"strings"

	"github.com/normgen/normgen/gen"
)

// nameSimilarity scores how alike a key is to a field's names, in [0, 1].
func nameSimilarity(key string, f *gen.Field) float64 {
	best := 0.0
	for _, n := range append(f.Spellings(), strings.Join(f.GoName, "")) {
		if s := similarity(key, n); s > best {
			best = s
		}
	}
	return best
}

// similarity scores two names in [0, 1]: 1 for equal ignoring case and
// _/-, then a subsequence (cp in copy), a shared prefix, edit distance.
func similarity(a, b string) float64 {
	norm := func(s string) string { return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s)) }
	a, b = norm(a), norm(b)
	if a == "" || b == "" {
		return 0
	}
	if a == b {
		return 1
	}
	long := max(len(a), len(b))
	best := 1 - float64(levenshtein(a, b))/float64(long)
	short, other := a, b
	if len(short) > len(other) {
		short, other = other, short
	}
	if short[0] == other[0] && subsequence(short, other) {
		best = max(best, 0.8)
	}
	p := 0
	for p < len(short) && short[p] == other[p] {
		p++
	}
	return max(best, 0.7*float64(p)/float64(len(short)))
}

// subsequence reports whether s's bytes appear in t in order.
func subsequence(s, t string) bool {
	i := 0
	for j := 0; i < len(s) && j < len(t); j++ {
		if s[i] == t[j] {
			i++
		}
	}
	return i == len(s)
}

// levenshtein is the edit distance between a and b, in bytes.
func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// closestValue is the enum value v most likely means, "" when no value is
// clearly the one (similar enough, and clearly more than the next).
func closestValue(v string, enum []string) string {
	best, second, pick := 0.0, 0.0, ""
	for _, e := range enum {
		s := similarity(v, e)
		if s > best {
			best, second, pick = s, best, e
		} else if s > second {
			second = s
		}
	}
	if best < 0.6 || best-second < 0.15 {
		return ""
	}
	return pick
}
