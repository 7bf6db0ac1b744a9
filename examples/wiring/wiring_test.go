package wiring

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	mcpclient "github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/examples/mail"
	"github.com/normgen/normgen/examples/typed"
	"github.com/normgen/normgen/lenient"
)

// call sends one tools/call (args "" leaves "arguments" out) and returns
// the result's text and whether it is a tool error.
type call func(t *testing.T, tool, args string) (string, bool)

func goSDKCaller(t *testing.T, s *gosdk.Server) call {
	ct, st := gosdk.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := gosdk.NewClient(&gosdk.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return func(t *testing.T, tool, args string) (string, bool) {
		params := &gosdk.CallToolParams{Name: tool}
		if args != "" {
			params.Arguments = json.RawMessage(args)
		}
		res, err := cs.CallTool(ctx, params)
		if err != nil {
			t.Fatalf("%s %s: %v", tool, args, err)
		}
		return res.Content[0].(*gosdk.TextContent).Text, res.IsError
	}
}

func mcpGoCaller(t *testing.T, s *server.MCPServer) call {
	c, err := mcpclient.NewInProcessClient(s)
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
	return func(t *testing.T, tool, args string) (string, bool) {
		var req mcpgo.CallToolRequest
		req.Params.Name = tool
		if args != "" {
			req.Params.Arguments = json.RawMessage(args)
		}
		res, err := c.CallTool(ctx, req)
		if err != nil {
			t.Fatalf("%s %s: %v", tool, args, err)
		}
		return res.Content[0].(mcpgo.TextContent).Text, res.IsError
	}
}

// TestSearchMail: the raw go-sdk wiring and the typed mcp-go one of search_mail answer a call without
// arguments as one with {}, a lenient call as its clean form, and bad
// arguments with a tool error naming every bad field.
func TestSearchMail(t *testing.T) {
	for name, connect := range map[string]func(*testing.T) call{
		"go-sdk raw": func(t *testing.T) call { return goSDKCaller(t, NewRawServer()) },
		"mcp-go":     func(t *testing.T) call { return mcpGoCaller(t, NewMCPGoServer()) },
	} {
		t.Run(name, func(t *testing.T) {
			c := connect(t)
			empty, isErr := c(t, "search_mail", "{}")
			if isErr {
				t.Fatalf("{}: %s", empty)
			}
			if got, isErr := c(t, "search_mail", ""); isErr || got != empty {
				t.Errorf("no arguments: %q (error %v), want what {} gives: %q", got, isErr, empty)
			}
			clean, isErr := c(t, "search_mail", `{"query":"report","limit":2}`)
			if isErr {
				t.Fatalf("clean call: %s", clean)
			}
			if got, isErr := c(t, "search_mail", `{"q":"report","limit":"2"}`); isErr || got != clean {
				t.Errorf("lenient call: %q (error %v), want %q", got, isErr, clean)
			}
			bad := `{"limit":"abc","unread_only":"maybe"}`
			var in mail.SearchMailInput
			want := json.Unmarshal([]byte(bad), &in)
			if got, isErr := c(t, "search_mail", bad); !isErr || want == nil || got != want.Error() || !strings.Contains(got, "limit") || !strings.Contains(got, "unread_only") {
				t.Errorf("bad call: %q (error %v), want a tool error naming limit and unread_only, the decoder's %q", got, isErr, want)
			}
		})
	}
}

// TestTypedAddTask: the typed go-sdk wiring (gosdk.AddTool) takes a
// lenient call; a bad call, and a call without arguments (read as {}),
// get a tool error whose text is the generated decoder's, naming every bad
// field.
func TestTypedAddTask(t *testing.T) {
	c := goSDKCaller(t, NewTypedServer())
	clean, isErr := c(t, "add_task", `{"title":"x","priority":2,"done":true,"tags":["a"]}`)
	if isErr {
		t.Fatalf("clean call: %s", clean)
	}
	if got, isErr := c(t, "add_task", `{"name":"x","priority":"2","done":"yes","tags":"[\"a\"]"}`); isErr || got != clean {
		t.Errorf("lenient call: %q (error %v), want %q", got, isErr, clean)
	}
	for _, tc := range []struct{ args, decoded string }{
		{"", `{}`}, // no arguments: decoded as {}
		{`{"title":5,"priority":"9","done":"maybe"}`, `{"title":5,"priority":"9","done":"maybe"}`},
	} {
		var in typed.AddTaskInput
		want := json.Unmarshal([]byte(tc.decoded), &in)
		if got, isErr := c(t, "add_task", tc.args); !isErr || want == nil || got != want.Error() {
			t.Errorf("%q: %q (error %v), want a tool error with the decoder's text %q", tc.args, got, isErr, want)
		}
	}
}

// TestMCPGoTypedNoArguments: mcp-go's typed handler (NewTypedToolHandler,
// whose BindArguments hands the raw arguments to the generated
// UnmarshalJSON) answers a call that leaves out arguments as the decoder
// reads {}: the required title is named. docs/examples.md shows the text.
func TestMCPGoTypedNoArguments(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "examples.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(doc), "<!-- checked-by: examples/wiring TestMCPGoTypedNoArguments -->\n```\n")
	if !ok {
		t.Fatal("docs/examples.md has no block checked by TestMCPGoTypedNoArguments")
	}
	shown, _, _ := strings.Cut(block, "\n```")
	tl := lenient.MustLookupTool(typed.NormgenTools(), "add_task")
	for _, validate := range []bool{false, true} {
		var opts []server.ServerOption
		if validate {
			opts = append(opts, server.WithInputSchemaValidation())
		}
		s := server.NewMCPServer("typed-mcpgo", "v0.1.0", opts...)
		s.AddTool(mcpgo.NewToolWithRawSchema(tl.Name, tl.Description, tl.InputSchema),
			mcpgo.NewTypedToolHandler(func(_ context.Context, _ mcpgo.CallToolRequest, in typed.AddTaskInput) (*mcpgo.CallToolResult, error) {
				return mcpgo.NewToolResultText(in.Title), nil
			}))
		got, isErr := mcpGoCaller(t, s)(t, "add_task", "")
		switch {
		case !validate && (!isErr || got != shown):
			t.Errorf("validation off: %q (error %v); docs/examples.md shows %q", got, isErr, shown)
		case validate && (!isErr || !strings.Contains(got, "[title]")):
			// mcp-go's validator answers first, in its words: title is
			// in required.
			t.Errorf("validation on: %q (error %v); want mcp-go's refusal naming title", got, isErr)
		}
	}
}
