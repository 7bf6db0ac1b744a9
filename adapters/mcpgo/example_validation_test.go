//go:build mcpgo_validation

package mcpgo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/adapters/mcpgo"
)

// Example wires the adapter into an mcp-go server with mcp-go's own
// input validation, as docs/adapters.md shows (mcp-go v0.50.0 on: CI runs
// it with -tags mcpgo_validation on the newest release): a call with an
// alias from rules.json and a number as text passes the validation and
// reaches the handler normalized.
func Example() {
	dir, _ := os.MkdirTemp("", "mcpgo-example")
	defer os.RemoveAll(dir)
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	os.WriteFile("rules.json", []byte(`[{"id": "count-n", "tools": ["count"], "type": "param_alias", "from": "n", "to": "count"}]`), 0o644)

	// README: mcpgo
	lax, err := mcpgo.New(mcpgo.Options{RulesFile: "rules.json"}) // adapters/mcpgo
	if err != nil {
		log.Fatal(err)
	}
	s := server.NewMCPServer("name", "1.0.0", server.WithInputSchemaValidation(), lax.ServerOption())
	// README: end

	defer lax.Close()
	s.AddTool(mcp.NewTool("count", mcp.WithNumber("count", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			args, _ := json.Marshal(req.GetArguments())
			return mcp.NewToolResultText(string(args)), nil
		})
	ctx := context.Background()
	s.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"client","version":"v0"}}}`))
	reply := s.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count","arguments":{"n":"3"}}}`))
	res, ok := reply.(mcp.JSONRPCResponse)
	if !ok {
		fmt.Printf("%#v\n", reply)
		return
	}
	result := res.Result.(*mcp.CallToolResult)
	fmt.Println(result.Content[0].(mcp.TextContent).Text, result.IsError)
	// Output: {"count":3} false
}
