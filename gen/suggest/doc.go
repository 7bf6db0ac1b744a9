// Package suggest turns the failures of logged tool calls into edits of
// the norm tags of the Go types that declare the tools: the learning loop
// behind `normgen suggest`.
//
// A call log (normalize.WithCallLog writes one, a `{"tool": NAME, "args":
// {...}}` line per call) is read with ReadCallLog. Replay runs its calls
// through the package's generated decoders (NormgenTools), in a temporary
// program inside the package, so that each failure is the decoder's own
// verdict as a lenient.Problem with its Kind. Analyse groups the failures
// by tool, field and kind, and derives edits from them:
//
//   - alias=KEY for a required field that calls keep missing while they
//     send an unknown key KEY beside it (in the same object: the
//     arguments, a nested object, or one element of an array);
//   - alias=KEY for an optional field that calls keep leaving out while
//     they send an unknown key KEY whose value that field alone takes;
//   - value_alias=WRONG:VALUE for an enum field that keeps getting one
//     wrong value.
//
// Suggest does both steps; Apply writes edits into the source files.
// Each Edit names the struct field (with its token.Position) it changes.
package suggest
