package mcpgo

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

// TestHooks: a builder-schema tool with input validation on takes
// stringified and aliased arguments; tools/list advertises the lenient
// schemas; the handler sees the normalized raw arguments and map.
func TestHooks(t *testing.T) {
	var fixes []lenient.Applied
	lax, err := New(Options{
		Rules: []lenient.Rule{{ID: "q", Tools: []string{"find"}, Type: lenient.RuleParamAlias, From: "q", To: "query"}},
		OnFix: func(_ string, a []lenient.Applied) { fixes = append(fixes, a...) },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer lax.Close()
	s := server.NewMCPServer("t", "v0", server.WithInputSchemaValidation(), lax.ServerOption())
	var raw []string
	var maps []map[string]any
	s.AddTool(mcp.NewTool("find",
		mcp.WithString("query", mcp.Required()),
		mcp.WithNumber("limit"),
		mcp.WithBoolean("exact"),
		mcp.WithArray("tags", mcp.WithStringItems()),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		raw = append(raw, string(req.Params.RawArguments))
		maps = append(maps, req.GetArguments())
		return mcp.NewToolResultText("ok"), nil
	})
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	req := mcp.CallToolRequest{}
	req.Params.Name = "find"
	req.Params.Arguments = json.RawMessage(`{"q":"007","limit":"5","exact":"no","tags":"[\"a\"]"}`)
	res, err := c.CallTool(ctx, req)
	if err != nil || res.IsError {
		t.Fatalf("call: %v %+v", err, res)
	}
	if want := `{"query":"007","limit":5,"exact":false,"tags":["a"]}`; len(raw) != 1 || raw[0] != want {
		t.Errorf("raw arguments %q, want %s", raw, want)
	}
	if maps[0]["query"] != "007" || maps[0]["limit"] != 5.0 || maps[0]["exact"] != false {
		t.Errorf("arguments map %v", maps[0])
	}
	if len(fixes) != 4 {
		t.Errorf("fixes: %+v", fixes)
	}
	req.Params.Arguments = json.RawMessage(`{"query":"x","limit":"five"}`)
	if res, err := c.CallTool(ctx, req); err != nil || !res.IsError {
		t.Errorf("limit \"five\": %v %+v", err, res)
	}

	list, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(list)
	if findings, err := schema.CheckCatalog(b); err != nil || len(findings) > 0 {
		t.Errorf("check: %v %v\n%s", err, findings, b)
	}
	if !strings.Contains(string(b), `"anyOf"`) {
		t.Errorf("tools/list not rewritten: %s", b)
	}
	if tool := s.GetTool("find"); tool.Tool.RawInputSchema != nil {
		t.Error("the server's own tool was changed")
	}
}
