package wiring

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	tools "github.com/normgen/normgen/examples/mail"
	"github.com/normgen/normgen/lenient"
)

// NewMCPGoServer registers the tools of examples/mail on mcp-go with the
// raw arguments going to the generated UnmarshalJSON, as the README's
// mcp-go snippet.
func NewMCPGoServer() *server.MCPServer {
	s := server.NewMCPServer("wiring-mcpgo", "v0.1.0")
	// README: mcpgo
	t := lenient.MustLookupTool(tools.NormgenTools(), "search_mail")
	s.AddTool(mcp.NewToolWithRawSchema(t.Name, t.Description, t.InputSchema),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			args := req.Params.RawArguments
			if len(args) == 0 { // a call may leave out arguments
				args = json.RawMessage(`{}`)
			}
			var in tools.SearchMailInput
			if err := json.Unmarshal(args, &in); err != nil { // generated UnmarshalJSON
				return mcp.NewToolResultError(err.Error()), nil
			}
			return mcp.NewToolResultText(search(&in)), nil
		})
	// README: end
	return s
}

// search searches the sample mailbox.
func search(in *tools.SearchMailInput) string { return tools.Sample().Search(in) }
