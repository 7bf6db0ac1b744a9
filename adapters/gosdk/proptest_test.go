package gosdk

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/adapters/internal/proptest"
	"github.com/normgen/normgen/lenient"
)

// TestAdvertisedCallsTaken: on GitHub's catalog (117 tools), the
// SDK-inferred one and hand schemas ($ref, oneOf, nested and recursive
// objects), without a rules file and with one whose rules overlap derived
// ones, every call generated from the schemas the middleware advertises
// is taken by a go-sdk server that validates each call against the tool's
// strict schema (mcp.AddTool with the schema given: the SDK's own
// validation).
func TestAdvertisedCallsTaken(t *testing.T) {
	proptest.Run(t, serveStrict, 24)
}

// serveStrict serves tools with their strict schemas, validated by the
// SDK, behind the middleware when adapted.
func serveStrict(t *testing.T, tools []proptest.Tool, rules []lenient.Rule, adapted bool) proptest.Server {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "strict", Version: "v0"}, nil)
	for _, tool := range tools {
		mcp.AddTool(s, &mcp.Tool{Name: tool.Name, Description: tool.Description, InputSchema: tool.InputSchema},
			func(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
			})
	}
	if adapted {
		warnings := 0
		lax, err := New(Options{Rules: rules, OnWarning: func(string) { warnings++ }})
		if err != nil {
			t.Fatal(err)
		}
		s.AddReceivingMiddleware(lax.Middleware)
		t.Cleanup(func() { lax.Close(); t.Logf("%d adapter warnings", warnings) })
	}
	return client{connect(t, s)}
}

type client struct{ cs *mcp.ClientSession }

func (c client) List() ([]proptest.Tool, error) {
	var out []proptest.Tool
	for tool, err := range c.cs.Tools(context.Background(), nil) {
		if err != nil {
			return nil, err
		}
		schema, err := json.Marshal(tool.InputSchema)
		if err != nil {
			return nil, err
		}
		out = append(out, proptest.Tool{Name: tool.Name, Description: tool.Description, InputSchema: schema})
	}
	return out, nil
}

func (c client) Call(name string, args json.RawMessage) error {
	res, err := c.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return err
	}
	if res.IsError {
		var texts []string
		for _, c := range res.Content {
			if t, ok := c.(*mcp.TextContent); ok {
				texts = append(texts, t.Text)
			}
		}
		return proptest.Describe(texts...)
	}
	return nil
}
