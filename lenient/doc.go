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

// SupportPackageIsVersion1 is referenced by code generated before schema
// profiles; it stays so that such code still builds against this runtime.
const SupportPackageIsVersion1 = true

// SupportPackageIsVersion2 is referenced by generated code that uses schema
// profiles (Tool.Schemas), value aliases and exact bound comparison, so
// that generated code newer than the lenient runtime fails to build with an
// obvious name instead of a missing method.
const SupportPackageIsVersion2 = true

// SupportPackageIsVersion3 is referenced by generated code that has a fast
// path (Fast).
const SupportPackageIsVersion3 = true

// SupportPackageIsVersion4 is referenced by generated code whose fast path
// reports the fixes it makes (Fast.Report, Fast.Fixes).
const SupportPackageIsVersion4 = true

// SupportPackageIsVersion5 is referenced by generated code that gives
// Decoder.Unknown every type's keys (a key in another letter case is
// refused), reads a tool's null arguments as {} (Decoder.Object), decodes
// the types normgen does not decode itself (Decoder.OwnJSON, OwnText,
// StdJSON, Time) and has a number field's declared bounds named when its
// value is outside the Go type's range (Decoder.Bounded).
const SupportPackageIsVersion5 = true

// SupportPackageIsVersion6 is referenced by generated code whose lists of
// known keys are KnownKeys of its keys, and whose declared-constraint
// checks give their problem's Kind (Decoder.FailKind); its other profiles'
// schemas are compact. Code generated for version 5 (Decoder.Fail, the
// lists written out) still builds and runs against this runtime;
// regenerate it (go generate ./...) to take the smaller form.
const SupportPackageIsVersion6 = true

// SupportPackageIsVersion7 is referenced by generated code whose fast path
// reads an array of integers in one call (ReadInts), and that writes a
// tool's rules as the rules of each value (ToolRules of FieldRules) instead
// of each rule in full. Code generated for versions 5 and 6 still builds
// and runs against this runtime.
const SupportPackageIsVersion7 = true

// SupportPackageIsVersion8 is referenced by generated code whose tools
// decode with DecodeAs and carry their schemas as ProfileSchemas, and
// whose Unmarshal methods share one unexported body per type. Code
// generated for versions 5, 6 and 7 still builds and runs against this
// runtime.
const SupportPackageIsVersion8 = true

// SupportPackageIsVersion9 is referenced by generated code whose tools
// carry their portable and openai-strict schemas only (and the gemini one
// of a recursive type), the typearray and gemini ones derived when the
// server starts (DerivedSchemas), whose rule rows may say Variants
// (FieldRules), and which claims a member and reads its absent value in
// one call (Decoder.Take) and starts the fast path and the Decoder with
// Fast.Start and Decoder.Start. Code generated for versions 5 to 8 still
// builds and runs against this runtime.
const SupportPackageIsVersion9 = true

// SupportPackageIsVersion10 is referenced by generated code that is
// smaller for the same types: each portable schema on one line; one table
// per type, its Fields, holding the keys; its Decoder path finds a
// member's field, and claims it, in one call (Decoder.Field, with
// Required among the forms), and names the required fields not given in
// one (Decoder.Missed); its fast path reads an array of strings in one
// call (ReadStrings) and checks an unknown key against the Fields
// (Fast.UnknownIn). Code generated for versions 5 to 9 still builds and
// runs against this runtime.
const SupportPackageIsVersion10 = true

// SupportPackageIsVersion11 is referenced by generated code whose
// openai-strict schemas leave out the field descriptions they share with
// the portable ones (SharedSchemas), and whose fast path has a case for
// each field's name only, reading an alias under its field's name
// (Fast.AliasIn). Code generated for versions 5 to 10 still builds and
// runs against this runtime.
const SupportPackageIsVersion11 = true

// SupportPackageIsVersion12 is referenced by generated code whose rule
// tables refuse a misnamed key where its decoders do (FieldRules.Misnamed)
// and whose Fields say which values read as a field left out where its
// Forms do not (Fields.Left). Code generated for versions 5 to 11 still
// builds and runs against this runtime.
const SupportPackageIsVersion12 = true
