package gosdk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/adapters/gosdk"
)

// countInput is a typed tool's input; the go-sdk infers its strict schema.
type countInput struct {
	Count int `json:"count"`
}

// Example wires the adapter into a go-sdk server as docs/adapters.md
// shows: a call with an alias from rules.json and a number as text is
// taken by a typed handler whose strict schema refuses both.
func Example() {
	dir, _ := os.MkdirTemp("", "gosdk-example")
	defer os.RemoveAll(dir)
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	os.WriteFile("rules.json", []byte(`[{"id": "count-n", "tools": ["count"], "type": "param_alias", "from": "n", "to": "count"}]`), 0o644)
	server := mcp.NewServer(&mcp.Implementation{Name: "example", Version: "v0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "count"}, func(ctx context.Context, req *mcp.CallToolRequest, in countInput) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: strconv.Itoa(in.Count)}}}, nil, nil
	})

	// README: gosdk
	lax, err := gosdk.New(gosdk.Options{RulesFile: "rules.json"}) // adapters/gosdk; Options{} for derived rules only
	if err != nil {
		log.Fatal(err) // a rules file that is missing or does not load
	}
	server.AddReceivingMiddleware(lax.Middleware)
	// README: end

	defer lax.Close()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		fmt.Println(err)
		return
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "count", Arguments: json.RawMessage(`{"n": "3"}`)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Content[0].(*mcp.TextContent).Text, res.IsError)
	// Output: 3 false
}

// newGitHubServer is github-mcp-server's NewServer (pkg/github/server.go,
// commit 64a49f34) with the adapter wired in as docs/examples.md shows.
func newGitHubServer(opts *mcp.ServerOptions) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "github-mcp-server", Version: "v0"}, opts)
	// README: github
	// normgen: lenient tool arguments, from each tool's own schema
	lax, err := gosdk.New(gosdk.Options{})
	if err != nil {
		panic(err) // Options{} reads no file
	}
	s.AddReceivingMiddleware(lax.Middleware)
	// README: end
	return s
}

// Example_gitHubServer: a server wired as github-mcp-server is in
// docs/examples.md takes a page number sent as text, which its own schema
// (a number) refuses.
func Example_gitHubServer() {
	server := newGitHubServer(nil)
	server.AddTool(&mcp.Tool{Name: "list_tags", InputSchema: json.RawMessage(`{"type":"object","properties":{"owner":{"type":"string"},"page":{"type":"number"}},"required":["owner"]}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(req.Params.Arguments)}}}, nil
		})
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		fmt.Println(err)
		return
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_tags", Arguments: json.RawMessage(`{"owner":"o","page":"2"}`)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Content[0].(*mcp.TextContent).Text)
	// Output: {"owner":"o","page":2}
}
