package derive

import (
	"fmt"
	"slices"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// CatalogDerivation is what the deriver makes of a whole tools/list
// catalog.
type CatalogDerivation struct {
	// Catalog is the input catalog, every key kept in its order, with each
	// tool's inputSchema replaced by its lenient rewrite.
	Catalog *Node
	// Rules are the rules of every tool, in tool order. A tool whose
	// derived rules share ids with another tool's keeps its strict schema
	// and has none, with a warning (see sharedIDs).
	Rules []lenient.Rule
	// Warnings name every field left strict, per tool; the fields an
	// unknown keyword leaves strict are named in one warning, at the first
	// of them (Warning.Keyword).
	Warnings []Warning
	// Replaced are the derived rules ApplyRules left out for the rules it
	// was given, in tool order.
	Replaced []Replacement
	// Tools is the number of tools read.
	Tools int

	tools []catalogTool
	user  []lenient.Rule  // the rules ApplyRules was given
	kept  map[string]bool // tools kept strict for their rule ids (sharedIDs)
}

// catalogTool is one tool of a catalog and what was derived of it.
type catalogTool struct {
	name   string
	node   *Node // the tool in Catalog
	strict *Node // its input schema as read; nil when it has none
	d      *Derivation
}

// ApplyRules derives every tool again for the rules of a rules.json its
// calls are also normalized with (see WithRules: a derived rule one of
// them overlaps is replaced by it for that value only, and each lenient
// schema admits what they take), updating Catalog, Rules, Warnings and
// Replaced.
func (c *CatalogDerivation) ApplyRules(rules []lenient.Rule) {
	for i := range c.tools {
		t := &c.tools[i]
		if t.strict != nil {
			t.d = WithRules(t.name, t.strict, rules)
			t.node.Set("inputSchema", t.d.Schema)
		}
	}
	c.user = rules
	c.collect()
}

// Tool returns the strict input schema of the tool named name, as read,
// and what was derived of it (for a tool kept strict for its rule ids, a
// derivation without rules whose schema is the strict one); ok is false
// when the catalog has no such tool or the tool has no input schema.
func (c *CatalogDerivation) Tool(name string) (strict *Node, d *Derivation, ok bool) {
	for _, t := range c.tools {
		if t.name == name && t.strict != nil {
			if c.kept[name] {
				return t.strict, &Derivation{Schema: t.strict, strict: t.strict}, true
			}
			return t.strict, t.d, true
		}
	}
	return nil, nil, false
}

// collect gathers the tools' rules, warnings and replacements.
func (c *CatalogDerivation) collect() {
	c.Rules, c.Warnings, c.Replaced = nil, nil, nil
	shared := c.sharedIDs()
	c.kept = map[string]bool{}
	for _, t := range c.tools {
		if t.strict == nil {
			c.Warnings = append(c.Warnings, Warning{Tool: t.name, Message: "no inputSchema; kept as it is"})
			continue
		}
		if msg, ok := shared[t.name]; ok {
			c.kept[t.name] = true
			t.node.Set("inputSchema", t.strict)
			c.Warnings = append(c.Warnings, Warning{Tool: t.name, Message: msg})
			continue
		}
		c.Rules = append(c.Rules, t.d.Rules...)
		c.Warnings = append(c.Warnings, t.d.Warnings...)
		c.Replaced = append(c.Replaced, t.d.Replaced...)
	}
	c.Warnings = OnePerKeyword(c.Warnings)
	c.Warnings = append(c.Warnings, c.noTools()...)
}

// noTools warns of each tool a rule ApplyRules was given names that the
// catalog does not have (a misspelt name: the rule never applies), with
// the catalog's tool it is a near spelling of.
func (c *CatalogDerivation) noTools() []Warning {
	have := map[string]bool{}
	for _, t := range c.tools {
		have[t.name] = true
	}
	var out []Warning
	for _, r := range c.user {
		for _, name := range r.Tools {
			if name == "*" || have[name] {
				continue
			}
			msg := fmt.Sprintf("rule %q: the catalog has no tool %s, so the rule never applies to it", r.ID, name)
			best, score := "", 1<<30
			for _, t := range c.tools {
				if s, ok := jsonwire.Misspelling(name, t.name); ok && s < score {
					best, score = t.name, s
				}
			}
			if best != "" {
				msg += "; did you mean " + best + "?"
			}
			out = append(out, Warning{Tool: name, Message: msg})
		}
	}
	return out
}

// sharedIDs finds the tools whose derived rules share an id with
// another tool's or with a rule ApplyRules was given (SharedIDs, in name
// order, as the adapters take them), and says why each is kept strict.
func (c *CatalogDerivation) sharedIDs() map[string]string {
	byName := map[string]*catalogTool{}
	var names []string
	for i := range c.tools {
		if t := &c.tools[i]; t.strict != nil {
			byName[t.name] = t
			names = append(names, t.name)
		}
	}
	slices.Sort(names)
	shared := SharedIDs(c.user, "a rule of the rules given (rules.json)", names, func(name string) []lenient.Rule { return byName[name].d.Rules })
	for name, why := range shared {
		shared[name] = "derived rules not used, the tool kept with its strict schema: " + why
	}
	return shared
}

// SharedIDs returns, for each of the tools named (in that order) whose
// rules share an id with user (a caller's own rules, named userName in
// the reason) or with those of a tool before it, why: rules that share an
// id do not load together. Rules are named by tool and path, so tool
// "a.b" with a property c and tool "a" with a property b holding c both
// derive "a.b.c.coerce" (a gateway prefixing each server's tools with its
// name lists such catalogs). Such a tool is to be kept strict, its rules
// left out; the others keep theirs. It returns nil where none does.
func SharedIDs(user []lenient.Rule, userName string, names []string, rules func(tool string) []lenient.Rule) map[string]string {
	owner := map[string]string{} // rule id to what holds it
	for _, r := range user {
		owner[r.ID] = userName
	}
	var shared map[string]string
	for _, name := range names {
		mine := rules(name)
		i := slices.IndexFunc(mine, func(r lenient.Rule) bool { _, held := owner[r.ID]; return held })
		if i >= 0 {
			if shared == nil {
				shared = map[string]string{}
			}
			o := owner[mine[i].ID]
			shared[name] = fmt.Sprintf("rule id %q is %s too", mine[i].ID, o)
			if o != userName {
				shared[name] += " (a tool name holding a dot can spell another tool's rule ids)"
			}
			continue
		}
		for _, r := range mine {
			owner[r.ID] = fmt.Sprintf("derived for tool %q", name)
		}
	}
	return shared
}

// Catalog derives rules and lenient schemas for every tool of a
// catalog from any server: a JSON array of tools, an object with a
// "tools" array (a tools/list result), or a JSON-RPC response holding
// one. A catalog that is not JSON, has no tool list, or has a tool that is
// not an object with a unique non-empty name is an error positioned at
// line:column; a tool whose input schema cannot be read is kept as it is,
// with a warning.
func Catalog(data []byte) (*CatalogDerivation, error) {
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
	for i, tool := range list.Items() {
		if tool.Kind != '{' {
			return nil, fmt.Errorf("catalog: %w", positioned(data, tool.Off, fmt.Errorf("tool %d is not an object", i)))
		}
		name, ok := tool.Get("name").AsString()
		if !ok || name == "" {
			return nil, fmt.Errorf("catalog: %w", positioned(data, tool.Off, fmt.Errorf(`tool %d has no "name" string`, i)))
		}
		if j, dup := names[name]; dup {
			return nil, fmt.Errorf("catalog: %w", positioned(data, tool.Get("name").Off, fmt.Errorf("tool %d is named %q like tool %d", i, name, j)))
		}
		names[name] = i
		out.Tools++
		t := catalogTool{name: name, node: tool, strict: tool.Get("inputSchema")}
		if t.strict != nil {
			t.d = FromNode(name, t.strict)
			tool.Set("inputSchema", t.d.Schema)
		}
		out.tools = append(out.tools, t)
	}
	out.collect()
	return out, nil
}
