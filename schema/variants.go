package schema

import (
	"fmt"
	"slices"
	"strings"

	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// ImplicitAliases returns, for each field of one object (its wire name in
// names[i], its declared aliases in aliases[i]), the spelling-style
// variants of its name and of its declared aliases (lenientimpl.KeyVariants)
// that read as it: a variant
// is an alias of a field where exactly one field has that spelling, and
// it is no declared name or alias of any field and differs only in letter
// case from none of another field's. A variant two fields share, or one
// that collides so, is an alias of neither: the key stays unknown
// (refused naming each such field the call leaves out,
// lenientimpl.Misnamed; the error for a required field left out names
// the field's key to send).
// Fields whose off[i] is set get none, and their variants still count as
// taken; off may be nil. The generator and the deriver (derive) read
// variants alike.
func ImplicitAliases(names []string, aliases [][]string, off []bool) [][]string {
	return leniency.ImplicitAliases(names, aliases, off)
}

// AliasFolds returns, for alias, a declared alias of field i of one object
// (each field's wire name in names, its declared aliases in aliases), the
// index and the key of another field that alias is in another letter
// case: its name, a declared alias, or a spelling-style variant of either
// (lenientimpl.KeyVariants: filePath of file_path); -1 and "" for none.
// A key in another case is refused naming the key it folds to ("send it
// as ..."), so such an alias would send a client meaning the other field
// to this one: the generator and Describe refuse it.
//
// An alias that is exactly one of another field's variants takes that
// spelling from it (a declared alias is no variant of another field's:
// ImplicitAliases), and the variant's other letter cases with it; only
// that field's name and declared aliases are compared then.
func AliasFolds(names []string, aliases [][]string, i int, alias string) (int, string) {
	for j := range names {
		if j == i {
			continue
		}
		keys := append([]string{names[j]}, aliases[j]...)
		var variants []string
		for _, k := range keys {
			variants = append(variants, lenientimpl.KeyVariants(k)...)
		}
		if slices.Contains(variants, alias) {
			variants = nil
		}
		for _, c := range append(keys, variants...) {
			if c != alias && strings.EqualFold(c, alias) {
				return j, c
			}
		}
	}
	return -1, ""
}

// AliasFoldsRefused is the error for an alias that is key, of the field
// named other, in another letter case (AliasFolds).
func AliasFoldsRefused(alias, key, other string) string {
	return fmt.Sprintf("alias %q is %q of field %s in another letter case: a key in another case is refused naming the key it folds to, and this one would be read as this field instead; rename the alias", alias, key, other)
}

// AliasOwnName is the error for an alias that is its field's own name.
func AliasOwnName(alias string) string {
	return fmt.Sprintf("alias %q is the field's own name; remove it", alias)
}

// AliasTwice is the error for an alias a field gives twice.
func AliasTwice(alias string) string {
	return fmt.Sprintf("alias %q is given twice; give it once", alias)
}
