package wiring

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/adapters/gosdk"
	tools "github.com/normgen/normgen/examples/typed"
	"github.com/normgen/normgen/lenient"
)

// NewTypedServer registers add_task of examples/typed with a typed go-sdk
// handler through gosdk.AddTool (the generated schema advertised, each
// call decoded once by the generated decoder), as the README's first
// go-sdk snippet.
func NewTypedServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "wiring-typed", Version: "v0.1.0"}, nil)
	// README: gosdk-typed
	t := lenient.MustLookupTool(tools.NormgenTools(), "add_task")
	gosdk.AddTool(s, &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema},
		func(ctx context.Context, req *mcp.CallToolRequest, in tools.AddTaskInput) (*mcp.CallToolResult, any, error) {
			// in was decoded once, by the generated decoder: {"name":"x","priority":"2","done":"yes","tags":"[\"a\"]"} works
			return add(in), nil, nil
		})
	// README: end
	return s
}

// add answers with the task it received, as JSON.
func add(in tools.AddTaskInput) *mcp.CallToolResult {
	b, _ := json.Marshal(in)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}
}
