package wiring

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/adapters/mcpgo"
	tools "github.com/normgen/normgen/examples/mail"
	"github.com/normgen/normgen/lenient"
)

// NewMCPGoServer registers the tools of examples/mail on mcp-go with a
// typed handler through mcpgo.NewTypedToolHandler (the raw arguments
// decoded once by the generated decoder), as the README's mcp-go
// snippet.
func NewMCPGoServer() *server.MCPServer {
	s := server.NewMCPServer("wiring-mcpgo", "v0.1.0")
	// README: mcpgo
	t := lenient.MustLookupTool(tools.NormgenTools(), "search_mail")
	s.AddTool(mcp.NewToolWithRawSchema(t.Name, t.Description, t.InputSchema),
		mcpgo.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, in tools.SearchMailInput) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(search(&in)), nil
		}))
	// README: end
	return s
}

// search searches the sample mailbox.
func search(in *tools.SearchMailInput) string { return tools.Sample().Search(in) }
