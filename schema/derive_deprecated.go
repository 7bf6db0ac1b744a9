package schema

import (
	"encoding/json"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/lenient"
)

// The deriver (rules and a lenient schema from any strict input schema)
// moved to package derive, which links no schema generator: the adapters
// import it. The names below forward to it for one version.

// Node is a JSON value that keeps the order of object keys and the text
// of numbers.
//
// Deprecated: use derive.Node.
type Node = derive.Node

// PositionError is a JSON error at a line and column (both from 1).
//
// Deprecated: use derive.PositionError.
type PositionError = derive.PositionError

// ParseNode parses one JSON document.
//
// Deprecated: use derive.ParseNode.
func ParseNode(data []byte) (*Node, error) { return derive.ParseNode(data) }

// Positioned returns err at the line and column of byte offset off of data.
//
// Deprecated: use derive.Positioned.
func Positioned(data []byte, off int64, err error) error { return derive.Positioned(data, off, err) }

// Warning names a place the deriver left strict, and why.
//
// Deprecated: use derive.Warning.
type Warning = derive.Warning

// Derivation is what the deriver makes of one tool's strict input schema.
//
// Deprecated: use derive.Derivation.
type Derivation = derive.Derivation

// CatalogDerivation is what the deriver makes of a whole tools/list
// result.
//
// Deprecated: use derive.CatalogDerivation.
type CatalogDerivation = derive.CatalogDerivation

// Replacement is a derived rule left out for a rule given to DeriveWith.
//
// Deprecated: use derive.Replacement.
type Replacement = derive.Replacement

// DeriveTool derives the rules and the lenient schema of tool from its
// strict input schema.
//
// Deprecated: use derive.Tool.
func DeriveTool(tool string, strict []byte) (*Derivation, error) { return derive.Tool(tool, strict) }

// DeriveRules derives the normalizer rules of tool from its strict input
// schema.
//
// Deprecated: use derive.Rules.
func DeriveRules(tool string, strict []byte) ([]lenient.Rule, []Warning, error) {
	return derive.Rules(tool, strict)
}

// RewriteLenient rewrites a strict input schema into the lenient schema
// that the rules of DeriveRules make true.
//
// Deprecated: use derive.RewriteLenient.
func RewriteLenient(strict []byte) (json.RawMessage, []Warning, error) {
	return derive.RewriteLenient(strict)
}

// DeriveNode is DeriveTool on a parsed schema.
//
// Deprecated: use derive.FromNode.
func DeriveNode(tool string, root *Node) *Derivation { return derive.FromNode(tool, root) }

// DeriveWith derives the rules and the lenient schema of tool beside the
// rules of a rules.json.
//
// Deprecated: use derive.WithRules.
func DeriveWith(tool string, root *Node, rules []lenient.Rule) *Derivation {
	return derive.WithRules(tool, root, rules)
}

// ApplyRules adjusts a derived lenient schema to rules given beside it.
//
// Deprecated: use derive.ApplyRules.
func ApplyRules(tool string, s *Node, rules []lenient.Rule) []Warning {
	return derive.ApplyRules(tool, s, rules)
}

// DeriveCatalog derives rules and lenient schemas for every tool of a
// tools/list result.
//
// Deprecated: use derive.Catalog.
func DeriveCatalog(data []byte) (*CatalogDerivation, error) { return derive.Catalog(data) }
