package rulespec

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
)

// NamesPattern returns the pattern that matches exactly the member names
// given ("^(?:id|name)$"), read alike by Go's regexp and ECMAScript
// (CompilePattern compiles it); "" where names is empty or holds a name
// that is not valid UTF-8.
func NamesPattern(names []string) string {
	if len(names) == 0 {
		return ""
	}
	alts := make([]string, len(names))
	for i, n := range slices.Sorted(slices.Values(names)) {
		if !utf8.ValidString(n) {
			return ""
		}
		alts[i] = literal(n)
	}
	return "^(?:" + strings.Join(slices.Compact(alts), "|") + ")$"
}

// ExactNames returns the names a pattern NamesPattern wrote matches, and
// false for any other pattern.
func ExactNames(p string) ([]string, bool) {
	inner, ok := strings.CutPrefix(p, "^(?:")
	if inner, ok = strings.CutSuffix(inner, ")$"); !ok {
		return nil, false
	}
	var names []string
	var b strings.Builder
	for i := 0; i < len(inner); i++ {
		switch c := inner[i]; {
		case c == '\\' && i+1 < len(inner):
			i++
			b.WriteByte(inner[i])
		case c == '|':
			names = append(names, b.String())
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	names = append(names, b.String())
	if NamesPattern(names) != p {
		return nil, false
	}
	return names, true
}

// AllNamesBut returns the pattern that matches every member name but
// those given, read alike by Go's regexp and ECMAScript (no lookahead,
// which Go has none of; no ".", which they read otherwise: a name's
// characters are matched by classes, [^ab] and [\d\D], that both read
// as any character but those): "" where names is empty or holds a name
// that is not valid UTF-8, holds U+FFFD (which Go reads a key's lone
// surrogate escape, "\ud800", as, where ECMAScript reads another name)
// or is longer than maxNameRunes (the pattern nests a group for each
// character of the longest, and Go's regexp parses no more than 1000
// deep). The names are a trie, and at each node the
// pattern takes the end of the name where no name ends there, a
// character no name goes on with followed by anything, or one that a
// name goes on with followed by what the node below it takes.
func AllNamesBut(names []string) string {
	if len(names) == 0 {
		return ""
	}
	root := &trieNode{}
	for _, n := range names {
		if !utf8.ValidString(n) || utf8.RuneCountInString(n) > maxNameRunes || strings.ContainsRune(n, utf8.RuneError) {
			return ""
		}
		at := root
		for _, r := range n {
			next := at.kids[r]
			if next == nil {
				if at.kids == nil {
					at.kids = map[rune]*trieNode{}
				}
				next = &trieNode{}
				at.kids[r] = next
			}
			at = next
		}
		at.end = true
	}
	return "^" + root.notIn() + "$"
}

// maxNameRunes bounds the names AllNamesBut writes a pattern for.
const maxNameRunes = 256

// trieNode is a node of AllNamesBut's trie: whether a name ends there,
// and the nodes of the characters names go on with.
type trieNode struct {
	end  bool
	kids map[rune]*trieNode
}

// notIn is the group that matches what follows the node in a name that
// is none of the trie's.
func (n *trieNode) notIn() string {
	runes := slices.Sorted(maps.Keys(n.kids))
	var alts []string
	if len(runes) == 0 {
		alts = append(alts, `[\d\D]+`)
	} else {
		var class strings.Builder
		for _, r := range runes {
			if strings.ContainsRune(`\]^-[`, r) {
				class.WriteByte('\\')
			}
			class.WriteRune(r)
		}
		alts = append(alts, "[^"+class.String()+`][\d\D]*`)
		for _, r := range runes {
			alts = append(alts, literal(string(r))+n.kids[r].notIn())
		}
	}
	if len(alts) == 1 && n.end {
		return alts[0] // ([\d\D]+: one atom, no group needed)
	}
	group := "(?:" + strings.Join(alts, "|") + ")"
	if !n.end {
		group += "?" // (the name may end here)
	}
	return group
}

// literal writes the text s as a pattern that matches it alone, its
// syntax characters escaped as both ECMAScript (in its unicode mode,
// which allows no other escape outside a class) and Go read them.
func literal(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\^$.*+?()[]{}|`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
