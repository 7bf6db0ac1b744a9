// Package lenient is what a server author uses of normgen's runtime: the
// tool registry generated code declares (Tool, LookupTool, MustLookupTool)
// and its schema profiles (Profile, Tool.SchemaFor), the decode error of
// a call (Error, listing every Problem, each with its ProblemKind), the
// fixes a decoder made (Fix, FixKind), and Rule, the rule tables
// generated code declares, as plain data. What generated code calls to
// decode (the Decoder, the fast path) is package
// github.com/normgen/normgen/runtime/lenientimpl, for generated code only.
// The rule normalizer, for servers that decode arguments themselves, is
// package github.com/normgen/normgen/normalize, which also has the
// Metrics hook and the wrappers of a tool list (Instrument, LogFixes).
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
// A call the decoder refuses is one *Error whose problems name the JSON
// path, the value received and what is accepted, every bad field at once,
// so that a model fixes all of them in one retry.
//
// Package lenient imports only the standard library and normgen's
// internal packages.
package lenient
