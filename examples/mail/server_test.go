package mail

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	mcpclient "github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// caller calls search_mail on one SDK's server over an in-process pair.
type caller func(t *testing.T, args string) (string, bool)

func goSDK(t *testing.T) caller {
	ct, st := gosdk.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := NewServer(Sample()).Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := gosdk.NewClient(&gosdk.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return func(t *testing.T, args string) (string, bool) {
		res, err := cs.CallTool(ctx, &gosdk.CallToolParams{Name: "search_mail", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		return res.Content[0].(*gosdk.TextContent).Text, res.IsError
	}
}

func mcpGo(t *testing.T) caller {
	c, err := mcpclient.NewInProcessClient(NewMCPGoServer(Sample()))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Initialize(ctx, mcpgo.InitializeRequest{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return func(t *testing.T, args string) (string, bool) {
		var req mcpgo.CallToolRequest
		req.Params.Name = "search_mail"
		req.Params.Arguments = json.RawMessage(args)
		res, err := c.CallTool(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return res.Content[0].(mcpgo.TextContent).Text, res.IsError
	}
}

func TestBothSDKs(t *testing.T) {
	for name, connect := range map[string]func(*testing.T) caller{"go-sdk": goSDK, "mcp-go": mcpGo} {
		t.Run(name, func(t *testing.T) {
			call := connect(t)
			for _, tc := range []struct {
				clean   string
				lenient []string
			}{
				{`{"query":"report","limit":2,"offset":1,"max_body_bytes":10}`,
					[]string{`{"q":"report","limit":"2","offset":"1","max_body_bytes":"10"}`, `{"text":"report","limit":2.0,"offset":"01","max_body_bytes":1e1}`}},
				{`{"from":"ana","unread_only":true}`, []string{`{"sender":"ana","unread_only":"yes"}`}},
				{`{}`, []string{`{"limit":"10","max_body_bytes":"200"}`}},
			} {
				want, isErr := call(t, tc.clean)
				if isErr {
					t.Fatalf("%s: %s", tc.clean, want)
				}
				for _, args := range tc.lenient {
					if got, isErr := call(t, args); isErr || got != want {
						t.Errorf("%s: got %q (error=%v), want %q", args, got, isErr, want)
					}
				}
			}
			if got, _ := call(t, `{"query":"report","limit":2,"offset":1,"max_body_bytes":10}`); !strings.HasPrefix(got, "2 of 4 match(es)\n#3 ana@example.com: Re: Quarterly report\n  Corrected …") {
				t.Errorf("search result: %q", got)
			}
			got, isErr := call(t, `{"limit":"abc","offset":-1,"max_body_bytes":"1.5"}`)
			if !isErr {
				t.Fatalf("bad arguments accepted: %s", got)
			}
			for _, want := range []string{`limit: "abc" is not an integer`, `offset: -1 is less than the minimum, 0`, `max_body_bytes: "1.5" is not an integer`} {
				if !strings.Contains(got, want) {
					t.Errorf("error %q lacks %q", got, want)
				}
			}
		})
	}
}
