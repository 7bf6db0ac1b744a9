package lenient

import (
	"fmt"
	"strings"
)

// LookupTool returns the tool named name among tools (a generated
// package's NormgenTools()), and whether there is one.
func LookupTool(tools []Tool, name string) (Tool, bool) {
	for _, t := range tools {
		if t.Name == name {
			return t, true
		}
	}
	return Tool{}, false
}

// MustLookupTool is LookupTool for the code that registers tools with a
// server: it panics, naming the tools there are, when there is no tool
// named name (a misspelt or renamed tool then fails at start-up, not at
// the first call).
func MustLookupTool(tools []Tool, name string) Tool {
	t, ok := LookupTool(tools, name)
	if !ok {
		names := make([]string, len(tools))
		for i, t := range tools {
			names[i] = t.Name
		}
		panic(fmt.Sprintf("lenient: no tool %q; the tools are: %s", name, strings.Join(names, ", ")))
	}
	return t
}
