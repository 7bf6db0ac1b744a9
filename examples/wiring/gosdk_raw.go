package wiring

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	tools "github.com/normgen/normgen/examples/mail"
)

// NewRawServer registers the tools of examples/mail with raw go-sdk
// handlers that call each tool's generated Decode, as the README's second
// go-sdk snippet.
func NewRawServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "wiring-raw", Version: "v0.1.0"}, nil)
	// README: gosdk-raw
	for _, t := range tools.NormgenTools() {
		s.AddTool(&mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				args := req.Params.Arguments
				if len(args) == 0 { // a call may leave out arguments
					args = json.RawMessage(`{}`)
				}
				in, _, err := t.Decode(args) // lenient; err names every bad field
				if err != nil {
					return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
				}
				return run(ctx, in)
			})
	}
	// README: end
	return s
}

// run searches the sample mailbox with the decoded arguments.
func run(_ context.Context, in any) (*mcp.CallToolResult, error) {
	text := tools.Sample().Search(in.(*tools.SearchMailInput))
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}
