// Package jsonwire is the one JSON scanner and validator of normgen's
// runtime: the validating scan (Validator: no duplicate key, encoding/json's
// nesting bound) with the tape it writes for lenient's decoders in the
// same pass, skipping white space and values, scanning and unquoting
// strings (eight bytes at a time, SWAR: "SIMD within a register", in pure
// Go), the number grammar, quoting, and JSON paths as problems and fixes
// print them. Package lenient (the decoders generated code calls),
// package normalize (the rule normalizer) and internal/jsonnode (the
// ordered JSON node, whose Parse it validates) all read JSON through it,
// so that what one accepts the others read the same way.
//
// It works on validated input where its doc comments say so (the
// Validator checks a document first), and imports only the standard
// library. Its small helpers are written to be inlined into the decoders'
// loops: keep them under the compiler's inlining budget
// (go build -gcflags=-m shows it).
package jsonwire
