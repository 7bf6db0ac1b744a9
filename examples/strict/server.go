package strict

import (
	"bytes"
	"context"
	_ "embed"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	laxgo "github.com/normgen/normgen/adapters/gosdk"
	laxmcpgo "github.com/normgen/normgen/adapters/mcpgo"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// RulesJSON holds the aliases a schema cannot say (q for query, ...):
// the optional rules.json the adapters take besides the derived rules.
//
//go:embed rules.json
var RulesJSON []byte

// Rules returns RulesJSON loaded.
func Rules() []lenient.Rule {
	rules, err := normalize.LoadRules(bytes.NewReader(RulesJSON), nil)
	if err != nil {
		panic(err) // the embedded file is tested
	}
	return rules
}

// NewServer serves the tracker on the go-sdk with strict SDK-inferred
// schemas and typed handlers, made lenient by the adapter's middleware.
func NewServer(t *Tracker, opts laxgo.Options) (*mcp.Server, *laxgo.Adapter, error) {
	s := mcp.NewServer(&mcp.Implementation{Name: "normgen-strict", Version: "v0.1.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "search_issues", Description: "Search issues by title words, state, labels and score."},
		func(ctx context.Context, req *mcp.CallToolRequest, in SearchInput) (*mcp.CallToolResult, any, error) {
			return text(t.Search(in)), nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_issue", Description: "Show one issue."},
		func(ctx context.Context, req *mcp.CallToolRequest, in GetInput) (*mcp.CallToolResult, any, error) {
			out, err := t.Get(in.ID)
			if err != nil {
				return nil, nil, err
			}
			return text(out), nil, nil
		})

	lax, err := laxgo.New(opts) // the two lines that make it lenient
	if err != nil {
		return nil, nil, err
	}
	s.AddReceivingMiddleware(lax.Middleware)
	return s, lax, nil
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// NewMCPGoServer serves the tracker on mcp-go with builder schemas and
// input validation, made lenient by the adapter's hooks.
func NewMCPGoServer(t *Tracker, opts laxmcpgo.Options) (*server.MCPServer, *laxmcpgo.Adapter, error) {
	lax, err := laxmcpgo.New(opts) // the two lines that make it lenient
	if err != nil {
		return nil, nil, err
	}
	s := server.NewMCPServer("normgen-strict", "v0.1.0", server.WithInputSchemaValidation(), lax.ServerOption())

	s.AddTool(mcpgo.NewTool("search_issues",
		mcpgo.WithDescription("Search issues by title words, state, labels and score."),
		mcpgo.WithString("query", mcpgo.Required(), mcpgo.Description("words to find in the title, without letter case")),
		mcpgo.WithNumber("limit", mcpgo.Description("most results to return; 0 returns all")),
		mcpgo.WithBoolean("open", mcpgo.Description("true for open issues only, false for closed ones only")),
		mcpgo.WithArray("labels", mcpgo.WithStringItems(), mcpgo.Description("issues carrying all of these labels")),
		mcpgo.WithNumber("min_score", mcpgo.Description("lowest score to include")),
		mcpgo.WithObject("ids", mcpgo.Description("only issues whose id is in this range"), mcpgo.Properties(map[string]any{
			"from": map[string]any{"type": "integer", "description": "the lowest id"},
			"to":   map[string]any{"type": "integer", "description": "the highest id"},
		})),
	), func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		var in SearchInput
		if err := req.BindArguments(&in); err != nil {
			return mcpgo.NewToolResultError(err.Error()), nil
		}
		return mcpgo.NewToolResultText(t.Search(in)), nil
	})
	s.AddTool(mcpgo.NewTool("get_issue",
		mcpgo.WithDescription("Show one issue."),
		mcpgo.WithNumber("id", mcpgo.Required(), mcpgo.Description("the issue's id")),
	), func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		var in GetInput
		if err := req.BindArguments(&in); err != nil {
			return mcpgo.NewToolResultError(err.Error()), nil
		}
		out, err := t.Get(in.ID)
		if err != nil {
			return mcpgo.NewToolResultError(err.Error()), nil
		}
		return mcpgo.NewToolResultText(out), nil
	})
	return s, lax, nil
}
