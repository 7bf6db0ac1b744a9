// Package lenientimpl is the generated-code ABI of normgen's runtime: what
// the code normgen generates calls (the Decoder, the fast path Fast,
// Fields, the Read functions, the tool registry's schemas and rules, and
// the version window). It is for generated code only, as protobuf-go's
// runtime/protoimpl is: a server author calls package lenient (Tool and
// its lookup, profiles, Error, Problem, Fix, Rule), and normgen's own
// packages (normalize, derive, fallback) share its parsers. Its API may
// change in any release; the version window (MinVersion, MaxVersion,
// EnforceVersion) is what it promises: code generated for a version in
// the window builds and behaves as that generator's tests say.
//
// A Decoder walks one arguments document without building a map[string]any,
// rejects duplicate keys, collects every problem it finds into one
// *lenient.Error whose lines name the JSON path, the value received and
// what is accepted, and can record the fixes it made (lenient.Fix).
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
// Package lenientimpl imports only the standard library, package lenient
// (whose types it reads into and reports with) and normgen's internal
// packages: jsonwire, the JSON scanner and validator it shares with
// package normalize, and schemaprofile, on jsonnode, which DerivedSchemas
// calls and a program that only decodes does not link: no net/http, no
// log/slog, nothing a generated server does not use.
package lenientimpl
