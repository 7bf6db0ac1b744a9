package typedpath_test

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/lenient"
)

// TestStrictModeNulls is issue 25's done-when through the SDKs' typed
// handlers: the call an OpenAI model in strict mode makes, null for every
// optional property it leaves out, reaches go-sdk's mcp.AddTool handler
// and mcp-go's typed handler (input validation on) with the value the
// call without those keys gives: for each tool, a corpus call it takes,
// with null for every property the call leaves out.
func TestStrictModeNulls(t *testing.T) {
	all := allTools()
	corpus := calls(t, all)
	var checked []string
	for i := range all {
		tl := &all[i]
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		if err := json.Unmarshal(tl.InputSchema, &s); err != nil {
			t.Fatal(err)
		}
		// A corpus call the tool takes, all of whose keys are properties
		// (no alias, no unknown key: what a strict-mode model sends).
		var base map[string]json.RawMessage
	corpusCalls:
		for _, c := range corpus {
			if c.tool.Name != tl.Name {
				continue
			}
			var m map[string]json.RawMessage
			if json.Unmarshal(c.args, &m) != nil || len(m) == len(s.Properties) {
				continue
			}
			for k := range m {
				if _, ok := s.Properties[k]; !ok {
					continue corpusCalls
				}
			}
			if _, err := tl.direct(c.args); err == nil {
				base = m
				break
			}
		}
		if base == nil {
			continue
		}
		absentArgs, _ := json.Marshal(base)
		// An alias declared as a property (a type with unknown=error) is
		// the field's other key, not a field left out.
		aliases := map[string]bool{}
		for _, r := range tl.Rules {
			if r.Type == lenient.RuleParamAlias && r.From != "" {
				aliases[r.From] = true
			}
		}
		var keys []string
		for k := range s.Properties {
			if !aliases[k] {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		nulls := map[string]json.RawMessage{}
		for _, k := range keys {
			nulls[k] = json.RawMessage("null")
			if v, ok := base[k]; ok {
				nulls[k] = v
			}
		}
		args, _ := json.Marshal(nulls)
		tools := []tool{*tl}
		c := call{tool: &tools[0], args: args}
		for sdk, caller := range map[string]func(call) result{"go-sdk": goSDKCaller(t, tools), "mcp-go": mcpGoCaller(t, tools)} {
			// what the same SDK makes of the call without those keys (an
			// SDK re-encodes some values: TestTypedPathGoSDK's classes)
			want := caller(call{tool: &tools[0], args: absentArgs})
			r := caller(c)
			if !r.called || r.isError || r.protoErr != nil || !want.called {
				t.Errorf("%s %s %s: not taken: %v %s (without the nulls: taken %v)", sdk, tl.Name, args, r.protoErr, r.text, want.called)
				continue
			}
			if d := cmp.Diff(want.value, r.value); d != "" {
				t.Errorf("%s %s %s: null is not the key left out (-absent +nulls):\n%s", sdk, tl.Name, args, d)
			}
		}
		checked = append(checked, tl.Name)
	}
	// The shared corpus's tools have one required field: nothing to leave
	// out. The examples' tools have optional ones.
	if len(checked) < 2 {
		t.Errorf("only %v checked", checked)
	}
	t.Logf("checked %v", checked)
}
