package gen

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/normgen/normgen/gen/schemabuild"
	"github.com/normgen/normgen/lenient"
)

// CatalogEntry is one tool of a tools/list catalog.
type CatalogEntry struct {
	Name        string          `json:"name"`        // the tool's name
	Description string          `json:"description"` // its type's doc comment
	InputSchema json.RawMessage `json:"inputSchema"` // its lenient schema
}

// Catalog returns the package's tools/list catalog, sorted by name, with
// each schema in profile p (the portable one when p is empty), as stable
// indented JSON: what `normgen catalog` prints. A tool the openai-strict
// profile cannot express has its portable schema there, as
// lenient.Tool.SchemaFor serves it (Load warns of it).
func Catalog(m *Package, p lenient.Profile) ([]byte, error) {
	entries := []CatalogEntry{}
	for _, t := range m.Tools {
		js, err := ToolSchemaProfile(t, p)
		if errors.As(err, new(*schemabuild.StrictGapError)) {
			js, err = ToolSchema(t)
		}
		if err != nil {
			return nil, err
		}
		entries = append(entries, CatalogEntry{Name: t.Name, Description: t.Description, InputSchema: js})
	}
	return MarshalJSON(entries)
}

// RuleTable returns the rule table of every tool of the package, in tool
// order, as a rules.json file: what `normgen rules` prints. Tools that
// share a name (alternatives a server registers under one) are an error.
func RuleTable(m *Package) ([]byte, error) {
	if err := sharedNames(m); err != nil {
		return nil, err
	}
	rules := []lenient.Rule{}
	for _, t := range m.Tools {
		rules = append(rules, Rules(t)...)
	}
	return MarshalJSON(rules)
}

// MarshalJSON encodes v as indented JSON without HTML escaping, ending in
// a newline.
func MarshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
