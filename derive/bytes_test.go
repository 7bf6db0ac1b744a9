package derive

import (
	"slices"
	"testing"
)

// maxCatalogRatio bounds what the lenient rewrite of GitHub's MCP server
// catalog (testdata/catalogs/github-mcp-server.json, 117 tools) costs in
// input-schema bytes against the server's own, compact: every byte is
// read by the model on every request. It is 1.455 today: 1.489 before
// the letter-case patterns of enums wrote their values' shared prefixes
// and suffixes once, 1.443 before the enums of arrays' items were read in
// any letter case (nine "fields" arrays' enums gained their letter-case
// pattern); issue 38 asks 1.4 on the server's live tools/list
// (docs/performance.md).
const maxCatalogRatio = 1.46

// TestCatalogBytes: the rewrite shows each parameter once (no object
// gains a property the server's schema does not have, at any depth: no
// spelling variant, no alias) and stays within maxCatalogRatio of the
// server's bytes.
func TestCatalogBytes(t *testing.T) {
	data := readCatalog(t, "github-mcp-server.json")
	c, err := Catalog(data)
	if err != nil {
		t.Fatal(err)
	}
	own, lenient := 0, 0
	for _, tool := range c.tools {
		if tool.strict == nil {
			continue
		}
		strict := mustParse(t, tool.strict.Marshal())
		own += len(strict.Marshal())
		lenient += len(tool.d.Schema.Marshal())
		want, got := propertyNames(strict), propertyNames(tool.d.Schema)
		for _, name := range got {
			if !slices.Contains(want, name) {
				t.Errorf("%s: property %s is not the server's (a parameter shown twice)", tool.name, name)
			}
		}
	}
	ratio := float64(lenient) / float64(own)
	t.Logf("%d tools: %d bytes the server's, %d lenient (%.3fx)", c.Tools, own, lenient, ratio)
	if ratio > maxCatalogRatio {
		t.Errorf("the lenient catalog is %.3fx the server's bytes; at most %.2fx", ratio, maxCatalogRatio)
	}
}

// propertyNames lists every property name declared anywhere in s, as
// the names themselves (a set of names, with duplicates).
func propertyNames(s *Node) []string {
	var out []string
	var walk func(n *Node)
	walk = func(n *Node) {
		switch n.Kind {
		case '{':
			for i, k := range n.Keys {
				if k == "properties" && n.Vals[i].Kind == '{' {
					out = append(out, n.Vals[i].Keys...)
				}
				walk(n.Vals[i])
			}
		case '[':
			for _, x := range n.Items() {
				walk(x)
			}
		}
	}
	walk(s)
	return out
}
