// Package leniency holds what normgen's two writers of lenient schemas
// and rules must agree on: the generator, which builds them from Go types
// (schema, gen), and the deriver, which builds them from any strict
// schema (derive). Which spelling-style variants of a key read as it,
// which values an absent rule takes, when an enum is read in any letter
// case and its pattern, and the notes a field's description and $comment
// carry, each written once here.
//
// It imports only the standard library and lenient, so that the deriver,
// which the adapters link, links no schema generator.
package leniency
