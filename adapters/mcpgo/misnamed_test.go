package mcpgo

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// TestMisnamed: a key near the spelling of a property the call left out
// (uri for url), in an object that takes unknown keys, is refused by the
// adapter's ToolMiddleware before the handler runs, with a tool error
// result naming the property, also where a default would fill it (the
// go-sdk adapter refuses the same calls); a call that gives the property,
// or whose unknown key resembles none, reaches the handler.
func TestMisnamed(t *testing.T) {
	lax, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer lax.Close()
	s := server.NewMCPServer("t", "v0", lax.ServerOption())
	calls := 0
	s.AddTool(mcp.NewTool("fetch", mcp.WithString("url"), mcp.WithNumber("depth"), mcp.WithString("format", mcp.DefaultString("text"))), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		calls++
		return mcp.NewToolResultText("ok"), nil
	})
	c := connect(t, s)
	for _, tc := range []struct {
		args    map[string]any
		refused string
	}{
		{map[string]any{"uri": "x", "depth": "2"}, "uri: is not a known key; did you mean url?"},
		{map[string]any{"url": "u", "uri": "x"}, ""},
		{map[string]any{"reason": "x"}, ""},
		{map[string]any{"url": "u", "fromat": "html"}, "fromat: is not a known key; did you mean format?"},
		{map[string]any{"url": "u", "reason": "x"}, ""},
		{map[string]any{"url": "u", "format": "text", "fromat": "html"}, ""},
	} {
		req := mcp.CallToolRequest{}
		req.Params.Name = "fetch"
		req.Params.Arguments = tc.args
		before := calls
		res, err := c.CallTool(context.Background(), req)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		text := ""
		if len(res.Content) == 1 {
			if tx, ok := res.Content[0].(mcp.TextContent); ok {
				text = tx.Text
			}
		}
		switch {
		case tc.refused != "" && (!res.IsError || text != tc.refused || calls != before):
			t.Errorf("%v: %+v (handler ran: %v), want refused with %q", tc.args, res, calls != before, tc.refused)
		case tc.refused == "" && (res.IsError || calls != before+1):
			t.Errorf("%v: %+v, want taken", tc.args, res)
		}
	}
}
