package leniency

import (
	"strings"

	"github.com/normgen/normgen/runtime/lenientimpl"
)

// ImplicitAliases returns, for each field of one object (its wire name in
// names[i], its declared aliases in aliases[i]), the spelling-style
// variants of its name and of its declared aliases (lenientimpl.KeyVariants;
// maxResults for alias=max_results) that read as it: a variant is an
// alias of a field where exactly one field has that spelling, and
// it is no declared name or alias of any field and differs only in letter
// case from none of another field's. A variant two fields share, or one
// that collides so, is an alias of neither: the key stays unknown
// (refused naming each such field the call leaves out,
// lenientimpl.Misnamed; the error for a required field left out names
// the field's key to send).
// Fields whose off[i] is set get none, and their variants still count as
// taken; off may be nil.
func ImplicitAliases(names []string, aliases [][]string, off []bool) [][]string {
	owner := map[string]int{} // declared key, or its lower-case form -> field (-1: two)
	claim := func(m map[string]int, k string, i int) {
		if j, ok := m[k]; ok && j != i {
			m[k] = -1
		} else {
			m[k] = i
		}
	}
	declared := map[string]bool{}
	for i, n := range names {
		for _, k := range append([]string{n}, aliasesAt(aliases, i)...) {
			declared[k] = true
			claim(owner, strings.ToLower(k), i)
		}
	}
	variants := make([][]string, len(names))
	by := map[string]int{}
	for i, n := range names {
		seen := map[string]bool{}
		for _, k := range append([]string{n}, aliasesAt(aliases, i)...) {
			for _, v := range lenientimpl.KeyVariants(k) {
				if !seen[v] {
					seen[v] = true
					variants[i] = append(variants[i], v)
					claim(by, v, i)
				}
			}
		}
	}
	out := make([][]string, len(names))
	for i := range names {
		if i < len(off) && off[i] {
			continue
		}
		for _, v := range variants[i] {
			if by[v] != i || declared[v] {
				continue
			}
			if j, ok := owner[strings.ToLower(v)]; ok && j != i {
				continue
			}
			out[i] = append(out[i], v)
		}
	}
	return out
}

func aliasesAt(aliases [][]string, i int) []string {
	if i < len(aliases) {
		return aliases[i]
	}
	return nil
}
