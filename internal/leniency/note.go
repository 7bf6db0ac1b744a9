package leniency

import "github.com/normgen/normgen/internal/schemaprofile"

// StrictComment is the $comment of a field declared `norm:"strict"`, and
// the start of the one the deriver writes on a value it leaves strict;
// normgen check reads it (lint.CheckCatalog).
const StrictComment = "normgen: strict (no coercion, by declaration)"

// WithNote appends a sentence to a description, ending the description's
// last sentence first where it has no full stop.
func WithNote(desc, note string) string { return schemaprofile.WithNote(desc, note) }
