package schema

import (
	"fmt"

	"github.com/normgen/normgen/lenient"
)

// CatalogDerivation is what the deriver makes of a whole tools/list
// catalog.
type CatalogDerivation struct {
	// Catalog is the input catalog, every key kept in its order, with each
	// tool's inputSchema replaced by its lenient rewrite.
	Catalog *Node
	// Rules are the rules of every tool, in tool order.
	Rules []lenient.Rule
	// Warnings name every field left strict, per tool.
	Warnings []Warning
	// Tools is the number of tools read.
	Tools int

	schemas []toolSchema
}

type toolSchema struct {
	name   string
	schema *Node
}

// ApplyRules adjusts every tool's lenient schema for the rules of a
// rules.json its calls are also normalized with (see ApplyRules).
func (c *CatalogDerivation) ApplyRules(rules []lenient.Rule) {
	for _, t := range c.schemas {
		ApplyRules(t.name, t.schema, rules)
	}
}

// DeriveCatalog derives rules and lenient schemas for every tool of a
// catalog from any server: a JSON array of tools, an object with a
// "tools" array (a tools/list result), or a JSON-RPC response holding
// one. A catalog that is not JSON, has no tool list, or has a tool that is
// not an object with a unique non-empty name is an error positioned at
// line:column; a tool whose input schema cannot be read is kept as it is,
// with a warning.
func DeriveCatalog(data []byte) (*CatalogDerivation, error) {
	root, err := ParseNode(data)
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	list := root
	if root.Kind == '{' {
		if t := root.Get("tools"); t != nil {
			list = t
		} else if res := root.Get("result"); res != nil && res.Get("tools") != nil {
			list = res.Get("tools")
		}
	}
	if list.Kind != '[' {
		return nil, fmt.Errorf("catalog: %w", positioned(data, list.Off, fmt.Errorf(`want a JSON array of tools or an object with a "tools" array`)))
	}
	out := &CatalogDerivation{Catalog: root}
	names := map[string]int{}
	for i, tool := range list.Items {
		if tool.Kind != '{' {
			return nil, fmt.Errorf("catalog: %w", positioned(data, tool.Off, fmt.Errorf("tool %d is not an object", i)))
		}
		name, ok := tool.Get("name").str()
		if !ok || name == "" {
			return nil, fmt.Errorf("catalog: %w", positioned(data, tool.Off, fmt.Errorf(`tool %d has no "name" string`, i)))
		}
		if j, dup := names[name]; dup {
			return nil, fmt.Errorf("catalog: %w", positioned(data, tool.Get("name").Off, fmt.Errorf("tool %d is named %q like tool %d", i, name, j)))
		}
		names[name] = i
		out.Tools++
		s := tool.Get("inputSchema")
		if s == nil {
			out.Warnings = append(out.Warnings, Warning{Tool: name, Message: "no inputSchema; kept as it is"})
			continue
		}
		d := DeriveNode(name, s)
		tool.Set("inputSchema", d.Schema)
		out.schemas = append(out.schemas, toolSchema{name, d.Schema})
		out.Rules = append(out.Rules, d.Rules...)
		out.Warnings = append(out.Warnings, d.Warnings...)
	}
	return out, nil
}
