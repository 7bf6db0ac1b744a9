package leniency

import (
	"regexp"
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
)

// EnumFolds reports whether an enum's values are read in any ASCII letter
// case ("JSON" for "json"): when no two of them fold alike. A field can
// turn it off (`norm:"enum=strict"`).
func EnumFolds(enum []string) bool {
	// jsonwire.FoldASCII is the folding the decoders do (lenient.EnumCase):
	// two values fold alike, or are equal, when their folds are
	seen := make(map[string]bool, len(enum))
	for _, e := range enum {
		f := jsonwire.FoldASCII(e)
		if seen[f] {
			return false
		}
		seen[f] = true
	}
	return len(enum) > 0
}

// EnumCasePattern is a portable pattern (no inline flags, which hosts'
// validators read differently) matching exactly the values of enum in any
// ASCII letter case: ^(one|two)$ with each letter a class of its two cases.
func EnumCasePattern(enum []string) string {
	alts := make([]string, len(enum))
	for i, e := range enum {
		var b strings.Builder
		for _, r := range e {
			switch {
			case r >= 'a' && r <= 'z':
				b.WriteString("[" + string(r) + string(r-'a'+'A') + "]")
			case r >= 'A' && r <= 'Z':
				b.WriteString("[" + string(r-'A'+'a') + string(r) + "]")
			default:
				b.WriteString(regexp.QuoteMeta(string(r)))
			}
		}
		alts[i] = b.String()
	}
	return "^(" + strings.Join(alts, "|") + ")$"
}
