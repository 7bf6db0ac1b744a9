// Package lenient is the runtime that normgen's generated decoders call:
// the Decoder, the fast path (Fast), problems and their kinds, fixes, the
// Tool registry and schema profiles, and Rule, the rule tables generated
// code declares, as plain data. The rule normalizer, for servers that
// decode arguments themselves, is package
// github.com/normgen/normgen/normalize, which also has the Metrics hook
// and the wrappers of a tool list (Instrument, LogFixes).
//
// Coercion is driven by the declared Go type, never by what a value looks
// like (see the semantics table in the README):
//
//   - integers come from integer-valued JSON numbers (5, 5.0, 1e3) or from
//     digit strings ("100", "-7", "010" is ten), parsed exactly, without a
//     float64 round trip, and range-checked for the target width;
//   - floats come from JSON numbers or from strings in JSON number grammar,
//     never Inf or NaN;
//   - booleans come from true/false or through an explicit string table
//     (true/false/1/0/yes/no in any letter case, or true/false only in
//     strict mode); numbers never become booleans;
//   - strings are never coerced from or to anything;
//   - arrays and objects may arrive as a string holding their JSON text.
//
// A Decoder walks one arguments document without building a map[string]any,
// rejects duplicate keys, collects every problem it finds into one *Error
// whose lines name the JSON path, the value received and what is accepted,
// and can record a Report of what it fixed.
//
// A document is read in one validating pass that also writes its tape: an
// outline with one entry per value (its span, where the next value starts,
// an array's length, whether a string needs unescaping); a string holding
// an escape is unquoted in that pass too, into the tape's text. Decoding
// then walks the tape, so no byte is scanned twice however the values are
// read. Tapes are pooled and given back by Decoder.Err. Strings of up to
// 64 bytes share blocks of at most 4 KB (one allocation for a call's short
// strings, where there would be one each); keeping such a string keeps
// its block. Strings read from JSON text inside a string value share the
// unquoted text.
//
// Before the Decoder, generated code tries a Fast: one pass that reads the
// clean documents a client following the schema sends (and aliases,
// scalars sent as strings, containers sent as JSON text, defaults and an
// unknown key; where fixes are recorded, only for top-level members, whose
// fixes it records) into the value directly, without a tape, and gives up
// on anything else, which the Decoder then decodes from the start. It decides nothing the Decoder would not: on
// what it reads it gives the Decoder's value and fixes, and it reads
// nothing the Decoder rejects (DisableFast turns it off, to compare).
//
// Package lenient imports only the standard library (and normgen's
// internal/jsonwire, the JSON scanner it shares with package normalize,
// and internal/schemaprofile, on internal/jsonnode, which DerivedSchemas
// calls and a program that only decodes does not link): no net/http, no
// log/slog, nothing a generated server does not use.
package lenient
