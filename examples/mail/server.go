package mail

import (
	"context"
	"encoding/json"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/lenient"
)

// NewServer serves the mailbox with github.com/modelcontextprotocol/go-sdk:
// the generated schema is the tool's InputSchema, and a raw handler hands
// the arguments to the generated decoder.
func NewServer(mb *Mailbox) *gosdk.Server {
	s := gosdk.NewServer(&gosdk.Implementation{Name: "normgen-mail", Version: "v0.1.0"}, nil)
	t := lenient.MustLookupTool(NormgenTools(), "search_mail")
	s.AddTool(&gosdk.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema},
		func(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
			text, isErr := run(mb, req.Params.Arguments)
			return &gosdk.CallToolResult{IsError: isErr, Content: []gosdk.Content{&gosdk.TextContent{Text: text}}}, nil
		})
	return s
}

// NewMCPGoServer serves the mailbox with github.com/mark3labs/mcp-go: the
// generated schema as the tool's raw schema, and the raw arguments (kept by
// mcp-go as RawArguments) to the generated decoder.
func NewMCPGoServer(mb *Mailbox) *server.MCPServer {
	s := server.NewMCPServer("normgen-mail", "v0.1.0")
	t := lenient.MustLookupTool(NormgenTools(), "search_mail")
	s.AddTool(mcpgo.NewToolWithRawSchema(t.Name, t.Description, t.InputSchema),
		func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			text, isErr := run(mb, req.Params.RawArguments)
			if isErr {
				return mcpgo.NewToolResultError(text), nil
			}
			return mcpgo.NewToolResultText(text), nil
		})
	return s
}

// run decodes search_mail arguments leniently and searches; a decode error
// names every bad field.
func run(mb *Mailbox, args json.RawMessage) (string, bool) {
	if len(args) == 0 {
		args = json.RawMessage(`{}`)
	}
	var in SearchMailInput
	if err := json.Unmarshal(args, &in); err != nil {
		return "invalid arguments: " + err.Error(), true
	}
	return mb.Search(&in), false
}
