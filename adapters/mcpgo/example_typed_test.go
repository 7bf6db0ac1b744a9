package mcpgo_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	tools "github.com/normgen/normgen/adapters/internal/typedtools"
	"github.com/normgen/normgen/adapters/mcpgo"
	"github.com/normgen/normgen/lenient"
)

// ExampleNewTypedToolHandler registers a tool whose input type has a
// generated decoder with a typed handler, as docs/adapters.md shows: a
// lenient call reaches the handler decoded; a bad one is a tool error
// naming every problem at its path, the secrets hidden.
func ExampleNewTypedToolHandler() {
	s := server.NewMCPServer("example", "v0")

	// README: mcpgo-typed
	t := lenient.MustLookupTool(tools.NormgenTools(), "login")
	s.AddTool(mcp.NewToolWithRawSchema(t.Name, t.Description, t.InputSchema),
		mcpgo.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, in tools.LoginInput) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(fmt.Sprintf("s-%s %d", in.User, in.Limit)), nil
		}))
	// README: end

	ctx := context.Background()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	if err := c.Start(ctx); err != nil {
		fmt.Println(err)
		return
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	if _, err := c.Initialize(ctx, init); err != nil {
		fmt.Println(err)
		return
	}
	for _, args := range []string{
		`{"username":"ann","password":"pw","limit":"50"}`,
		`{"mode":"delete","password":123456789,"user":5}`,
	} {
		var req mcp.CallToolRequest
		req.Params.Name = "login"
		req.Params.Arguments = json.RawMessage(args)
		res, err := c.CallTool(ctx, req)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res.IsError, res.Content[0].(mcp.TextContent).Text)
	}
	// Output:
	// false s-ann 50
	// true mode: "delete" is not one of "read", "write"; password: [secret, 9 bytes] is not a string (send text in quotes, such as "…"); user: 5 is not a string (send text in quotes, such as "5")
}
