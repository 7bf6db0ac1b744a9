package gosdk

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/adapters/internal/typedtools"
	"github.com/normgen/normgen/lenient"
)

// typedRulesRun tells TestTypedBesideRules' runs apart (-count): its
// warning is given once per process, tool and rules.
var typedRulesRun int

// TestTypedBesideRules: rules of Options.Rules (or RulesFile) that name a
// tool registered with AddTool, whose calls its generated decoder reads
// as sent, are not applied to them, and a warning names them, once
// (they were dropped without a word; as the mcp-go adapter warns).
func TestTypedBesideRules(t *testing.T) {
	typedRulesRun++
	var rules []lenient.Rule
	changing := 0 // (secret rules hide values, and are applied)
	for _, r := range lenient.MustLookupTool(typedtools.NormgenTools(), "login").Rules {
		r.ID = fmt.Sprintf("%s.gosdk%d", r.ID, typedRulesRun)
		rules = append(rules, r)
		if r.Type != lenient.RuleSecret {
			changing++
		}
	}
	var warnings []string
	for range 2 {
		lax, err := New(Options{Rules: rules, OnWarning: func(m string) { warnings = append(warnings, m) }})
		if err != nil {
			t.Fatal(err)
		}
		s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v0"}, nil)
		AddTool(s, loginTool(), func(ctx context.Context, req *mcp.CallToolRequest, in typedtools.LoginInput) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		})
		s.AddReceivingMiddleware(lax.Middleware)
		cs := connectTB(t, s)
		if _, err := cs.ListTools(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "login", Arguments: map[string]any{"user": "u", "password": "p"}}); err != nil {
			t.Fatal(err)
		}
		lax.Close()
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "login: it is registered with gosdk.AddTool") ||
		!strings.Contains(warnings[0], fmt.Sprintf("the %d rules", changing)) || !strings.Contains(warnings[0], rules[0].ID) {
		t.Errorf("warnings %q: want one, naming login's %d rules", warnings, changing)
	}
}
