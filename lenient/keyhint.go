package lenient

import (
	"strconv"

	"github.com/normgen/normgen/internal/jsonwire"
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
			if s, ok := jsonwire.Misspelling(k, c); ok && s < bestScore {
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
