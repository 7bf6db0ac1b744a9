package mcpgo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/adapters/mcpgo"
)

// Example_ownHooks wires the adapter into an mcp-go server that sets
// Hooks of its own (mcp-go keeps one set), as docs/adapters.md shows:
// the adapter's are added to the server's, and its ToolMiddleware
// installed beside; both sets run.
func Example_ownHooks() {
	hooks := &server.Hooks{}
	hooks.AddBeforeCallTool(func(_ context.Context, _ any, req *mcp.CallToolRequest) {
		fmt.Println("the server's own hook:", req.Params.Name)
	})

	// README: mcpgo-hooks
	lax, err := mcpgo.New(mcpgo.Options{})
	if err != nil {
		log.Fatal(err)
	}
	s := server.NewMCPServer("name", "1.0.0", server.WithHooks(hooks),
		server.WithToolHandlerMiddleware(lax.ToolMiddleware()))
	lax.AddHooks(s, hooks)
	// README: end

	defer lax.Close()
	s.AddTool(mcp.NewTool("count", mcp.WithNumber("count", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			args, _ := json.Marshal(req.GetArguments())
			return mcp.NewToolResultText(string(args)), nil
		})
	ctx := context.Background()
	s.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"client","version":"v0"}}}`))
	reply := s.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count","arguments":{"count":"3"}}}`))
	res, ok := reply.(mcp.JSONRPCResponse)
	if !ok {
		fmt.Printf("%#v\n", reply)
		return
	}
	result, ok := res.Result.(*mcp.CallToolResult) // (a value in older mcp-go releases)
	if !ok {
		r := res.Result.(mcp.CallToolResult)
		result = &r
	}
	fmt.Println(result.Content[0].(mcp.TextContent).Text, result.IsError)
	// Output:
	// the server's own hook: count
	// {"count":3} false
}
