package leniency

import "github.com/normgen/normgen/internal/schemaprofile"

// RequiredNote is the sentence a required field's description ends with
// where the field cannot be listed in required: it has aliases (declared
// or its spelling-style variants), any of which satisfies it, and hosts
// forbid the top-level anyOf that would say so (class (c)).
const RequiredNote = "Required."

// StrictComment is the $comment of a field declared `norm:"strict"`, and
// the start of the one the deriver writes on a value it leaves strict;
// normgen check reads it (lint.StrictComment).
const StrictComment = "normgen: strict (no coercion, by declaration)"

// WithNote appends a sentence to a description, ending the description's
// last sentence first where it has no full stop.
func WithNote(desc, note string) string { return schemaprofile.WithNote(desc, note) }
