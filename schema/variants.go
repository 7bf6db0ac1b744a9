package schema

import "github.com/normgen/normgen/internal/leniency"

// ImplicitAliases returns, for each field of one object (its wire name in
// names[i], its declared aliases in aliases[i]), the spelling-style
// variants of its name and of its declared aliases (lenientimpl.KeyVariants)
// that read as it: a variant
// is an alias of a field where exactly one field has that spelling, and
// it is no declared name or alias of any field and differs only in letter
// case from none of another field's. A variant two fields share, or one
// that collides so, is an alias of neither: the key stays unknown (the
// error for a required field left out names the field's key to send).
// Fields whose off[i] is set get none, and their variants still count as
// taken; off may be nil. The generator and the deriver (derive) read
// variants alike.
func ImplicitAliases(names []string, aliases [][]string, off []bool) [][]string {
	return leniency.ImplicitAliases(names, aliases, off)
}
