package gosdk

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestUnknownToolListsOnce: calls to a tool the server does not have (a
// model's guess) list the server's tools once, not once a call (found by
// review: 20 calls made 20 listings of the whole catalog); a listing
// learned since lets a call list them again, and a tool added after
// start is learned so.
func TestUnknownToolListsOnce(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v0"}, nil)
	var got atomic.Value
	h := func(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, any, error) {
		got.Store(in["n"])
		return &mcp.CallToolResult{}, nil, nil
	}
	schema := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}}}`)
	mcp.AddTool(s, &mcp.Tool{Name: "t", InputSchema: schema}, h)
	var lists atomic.Int64
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				lists.Add(1)
			}
			return next(ctx, method, req)
		}
	})
	lax, err := New(Options{OnWarning: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	s.AddReceivingMiddleware(lax.Middleware)
	cs := connect(t, s)
	ctx := context.Background()
	for range 20 {
		cs.CallTool(ctx, &mcp.CallToolParams{Name: "later", Arguments: json.RawMessage(`{"n":"5"}`)})
	}
	if n := lists.Load(); n != 1 {
		t.Errorf("20 calls to an unknown tool: %d listings, want 1", n)
	}
	mcp.AddTool(s, &mcp.Tool{Name: "later", InputSchema: schema}, h)
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "later", Arguments: json.RawMessage(`{"n":"5"}`)})
	if err != nil || res.IsError {
		t.Fatalf("the tool added and listed: %v %+v", err, res)
	}
	if n, _ := got.Load().(float64); n != 5 {
		t.Errorf("the tool added and listed: n = %v, want 5 (normalized)", got.Load())
	}
}
