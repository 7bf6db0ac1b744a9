// Command sdkcatalog prints the tools/list catalog that the official MCP Go
// SDK infers (with github.com/google/jsonschema-go) for ordinary tool input
// structs, without normgen. normgen's catalog check is tested on its
// output, committed as testdata/catalogs/go-sdk-inferred.json:
//
//	cd examples && go run ./internal/sdkcatalog > ../testdata/catalogs/go-sdk-inferred.json
package main

import (
	"context"
	"encoding/json"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// SearchArgs is a search tool's input.
type SearchArgs struct {
	Query     string   `json:"query" jsonschema:"what to search for"`
	Limit     int      `json:"limit,omitempty" jsonschema:"most results to return"`
	Offset    *int     `json:"offset,omitempty"`
	Score     float64  `json:"score,omitempty"`
	CountOnly bool     `json:"count_only,omitempty"`
	Tags      []string `json:"tags,omitempty"`
	Window    Window   `json:"window,omitempty"`
}

// Window is a nested struct.
type Window struct {
	From int `json:"from"`
	To   int `json:"to"`
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "sdk-inferred"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "search", Description: "Search."}, func(context.Context, *mcp.CallToolRequest, SearchArgs) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		log.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		log.Fatal(err)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(res); err != nil {
		log.Fatal(err)
	}
}
