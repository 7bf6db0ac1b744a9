package mcpgo

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// TestServerOptionBesideHooks: mcp-go keeps one set of Hooks, and a
// server that sets its own (mcp-grafana's, for its observability) with
// lax.ServerOption() beside them lost one set without a word (found on
// mcp-grafana). Given after the server's server.WithHooks,
// ServerOption keeps the server's hooks and warns that the adapter's are
// not installed; given before, the server's replace the adapter's, and
// the first call warns of it. The server's hooks run either way, and
// with AddHooks both run and nothing is warned of.
func TestServerOptionBesideHooks(t *testing.T) {
	for _, order := range []string{"after", "before", "AddHooks"} {
		var mu sync.Mutex
		var warnings []string
		lax, err := New(Options{OnWarning: func(msg string) {
			mu.Lock()
			defer mu.Unlock()
			if strings.HasPrefix(msg, "mcpgo: ") {
				warnings = append(warnings, msg)
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		own := &server.Hooks{}
		listed := 0
		own.AddAfterListTools(func(context.Context, any, *mcp.ListToolsRequest, *mcp.ListToolsResult) { listed++ })
		var s *server.MCPServer
		switch order {
		case "after":
			s = server.NewMCPServer("t", "v0", server.WithHooks(own), lax.ServerOption())
		case "before":
			s = server.NewMCPServer("t", "v0", lax.ServerOption(), server.WithHooks(own))
		case "AddHooks":
			s = server.NewMCPServer("t", "v0", server.WithHooks(own), server.WithToolHandlerMiddleware(lax.ToolMiddleware()))
			lax.AddHooks(s, own)
		}
		var got any
		s.AddTool(mcp.NewTool("count", mcp.WithNumber("n")), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			got = req.GetArguments()["n"]
			return mcp.NewToolResultText("ok"), nil
		})
		c := connect(t, s)
		if _, err := c.ListTools(context.Background(), mcp.ListToolsRequest{}); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			req := mcp.CallToolRequest{}
			req.Params.Name = "count"
			req.Params.Arguments = map[string]any{"n": "5"}
			if _, err := c.CallTool(context.Background(), req); err != nil {
				t.Fatal(err)
			}
		}
		lax.Close()
		mu.Lock()
		switch {
		case listed != 1:
			t.Errorf("%s: the server's own hook ran %d times, want 1", order, listed)
		case order == "AddHooks" && (len(warnings) > 0 || got != float64(5)):
			t.Errorf("%s: warned %q, n %v (want none, 5)", order, warnings, got)
		case order != "AddHooks" && (len(warnings) != 1 || !slices.ContainsFunc(warnings, func(w string) bool { return strings.Contains(w, "lax.AddHooks(s, hooks)") })):
			t.Errorf("%s: warned %q, want once, naming AddHooks", order, warnings)
		}
		mu.Unlock()
	}
}
