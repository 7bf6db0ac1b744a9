package lenientimpl

import (
	"slices"
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
	var known []string
	for _, u := range d.unknowns[:d.nunknown] {
		if u.depth == d.depth && d.depth < inlineDepth && u.obj == d.objAt[d.depth] {
			own = append(own, string(u.key))
			known = u.known
		}
	}
	if len(own) == 0 {
		return ""
	}
	mine := append([]string{name}, aliases...)
	best, bestKey, bestScore := "", "", 1<<30
	for _, k := range own {
		for _, c := range mine {
			if s, ok := jsonwire.Misspelling(k, c); ok && s < bestScore {
				best, bestKey, bestScore = c, k, s
			}
		}
	}
	if best != "" {
		return "; " + strconv.Quote(bestKey) + " is not a key: send it as " + strconv.Quote(best)
	}
	if k, ok := sibling(own, known, mine); ok {
		return "; " + strconv.Quote(k) + " is not a key (did you mean " + strconv.Quote(name) + "?)"
	}
	list, verb := "", ", which is not a key"
	for i, k := range own {
		switch {
		case i == 0:
		case i < len(own)-1:
			list += ", "
		default:
			list += " and "
			verb = ", which are not keys"
		}
		list += strconv.Quote(k)
	}
	return "; the object has " + list + verb
}

// sibling returns the one unknown key of own that has the words of a
// field's name or alias (mine) but for the last (old_string for
// old_text, startDate for start_time: a synonym of the head word, as
// models send them), where no other unknown key does and the key is no
// such sibling of another of the object's keys (known): file_name beside
// file_path and file_mode names neither. Only a question in the error:
// nothing is read as the field.
func sibling(own, known, mine []string) (string, bool) {
	found := ""
	for _, k := range own {
		if !siblingOfAny(k, mine) {
			continue
		}
		if found != "" {
			return "", false // two unknown keys claim the field
		}
		for _, other := range known {
			if !slices.Contains(mine, other) && !sameWords(other, mine) && jsonwire.Sibling(k, other) {
				return "", false // the key could be another field's
			}
		}
		found = k
	}
	return found, found != ""
}

func siblingOfAny(k string, keys []string) bool {
	for _, c := range keys {
		if jsonwire.Sibling(k, c) {
			return true
		}
	}
	return false
}

// sameWords: key is one of keys in another spelling style (a variant).
func sameWords(key string, keys []string) bool {
	for _, c := range keys {
		if slices.Equal(jsonwire.Words(key), jsonwire.Words(c)) {
			return true
		}
	}
	return false
}
