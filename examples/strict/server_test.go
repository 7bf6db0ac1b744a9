package strict

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	mcpgoclient "github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	laxgo "github.com/normgen/normgen/adapters/gosdk"
	laxmcpgo "github.com/normgen/normgen/adapters/mcpgo"
	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/normalize"
)

// caller is one connected client: list the tools, call one with raw
// arguments.
type caller struct {
	list func() []byte // the tools/list result as JSON
	call func(tool, args string) (string, bool)
}

// fixes collects the adapters' fix records.
type fixes struct {
	mu  sync.Mutex
	all []normalize.Applied
}

func (f *fixes) add(_ string, a []normalize.Applied) {
	f.mu.Lock()
	f.all = append(f.all, a...)
	f.mu.Unlock()
}

func goSDK(t *testing.T, f *fixes) caller {
	t.Helper()
	s, lax, err := NewServer(Sample(), laxgo.Options{Rules: Rules(), OnFix: f.add})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lax.Close() })
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return caller{
		list: func() []byte {
			res, err := cs.ListTools(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(res)
			return b
		},
		call: func(tool, args string) (string, bool) {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
			if err != nil {
				t.Fatalf("%s %s: %v", tool, args, err)
			}
			var b strings.Builder
			for _, c := range res.Content {
				b.WriteString(c.(*mcp.TextContent).Text)
			}
			return b.String(), res.IsError
		},
	}
}

func mcpGo(t *testing.T, f *fixes) caller {
	t.Helper()
	s, lax, err := NewMCPGoServer(Sample(), laxmcpgo.Options{Rules: Rules(), OnFix: f.add})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lax.Close() })
	c, err := mcpgoclient.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcpgo.Implementation{Name: "test", Version: "v0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return caller{
		list: func() []byte {
			res, err := c.ListTools(ctx, mcpgo.ListToolsRequest{})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(res)
			return b
		},
		call: func(tool, args string) (string, bool) {
			req := mcpgo.CallToolRequest{}
			req.Params.Name = tool
			req.Params.Arguments = json.RawMessage(args)
			res, err := c.CallTool(ctx, req)
			if err != nil {
				t.Fatalf("%s %s: %v", tool, args, err)
			}
			var b strings.Builder
			for _, c := range res.Content {
				b.WriteString(c.(mcpgo.TextContent).Text)
			}
			return b.String(), res.IsError
		},
	}
}

var sdks = map[string]func(*testing.T, *fixes) caller{"go-sdk": goSDK, "mcp-go": mcpGo}

// TestStrictServerIsLenient: on both SDKs, stringified and aliased calls
// to a server with strict schemas get the results of clean calls, and
// the listed catalog checks clean (leniency and every host's rules).
func TestStrictServerIsLenient(t *testing.T) {
	for name, connect := range sdks {
		t.Run(name, func(t *testing.T) {
			f := &fixes{}
			c := connect(t, f)
			// A call before any tools/list is normalized as well.
			want, isErr := c.call("search_issues", `{"query":"crash","limit":1,"open":true,"labels":["bug"],"min_score":5}`)
			if isErr || !strings.HasPrefix(want, "1 issue(s)\n#1 Crash on empty config") {
				t.Fatalf("clean call: %v %s", isErr, want)
			}
			for _, args := range []string{
				`{"query":"crash","limit":"1","open":"true","labels":"[\"bug\"]","min_score":"5"}`,
				`{"q":"crash","limit":"1","open":"YES","label":["bug"],"min_score":"5.0"}`,
			} {
				if got, isErr := c.call("search_issues", args); isErr || got != want {
					t.Errorf("%s:\n got %v %q\nwant %q", args, isErr, got, want)
				}
			}
			// Nested: the integers of an object, given natively or as JSON text.
			want, isErr = c.call("search_issues", `{"query":"config","ids":{"from":2,"to":3}}`)
			if isErr || !strings.HasPrefix(want, "2 issue(s)\n#2 ") {
				t.Fatalf("clean nested call: %v %s", isErr, want)
			}
			for _, args := range []string{`{"query":"config","ids":{"from":"2","to":"3"}}`, `{"query":"config","ids":"{\"from\":\"2\",\"to\":3}"}`} {
				if got, isErr := c.call("search_issues", args); isErr || got != want {
					t.Errorf("%s:\n got %v %q\nwant %q", args, isErr, got, want)
				}
			}
			want, _ = c.call("get_issue", `{"id":4}`)
			for _, args := range []string{`{"id":"4"}`, `{"issue_number":"4"}`} {
				if got, isErr := c.call("get_issue", args); isErr || got != want {
					t.Errorf("%s: got %v %q, want %q", args, isErr, got, want)
				}
			}
			if len(f.all) == 0 {
				t.Error("no fix records")
			}

			catalog := c.list()
			if findings, err := lint.CheckCatalog(catalog); err != nil || len(findings) > 0 {
				t.Errorf("normgen check on tools/list: %v %v\n%s", err, findings, catalog)
			}
			hosts, _ := lint.ParseHosts("all")
			if findings, err := lint.CheckHosts(catalog, hosts); err != nil || len(findings) > 0 {
				t.Errorf("normgen check -host all on tools/list: %v %v", err, findings)
			}
		})
	}
}

// TestStrictServerErrors: what neither the rules nor the schema can fix
// is still a tool error, from the SDK's own validation.
func TestStrictServerErrors(t *testing.T) {
	for name, connect := range sdks {
		t.Run(name, func(t *testing.T) {
			c := connect(t, &fixes{})
			for _, args := range []string{`{"query":"x","limit":"many"}`, `{"query":"x","open":"maybe"}`, `{"query":5}`} {
				if got, isErr := c.call("search_issues", args); !isErr {
					t.Errorf("%s: not a tool error: %s", args, got)
				}
			}
		})
	}
}

// TestStrictServerBigIntegers: the digit string of an id above 2^53 is
// coerced exactly by the normalizer; the go-sdk then rounds it in its own
// map round trip before a typed handler sees it (a strict server keeps
// that limit), while mcp-go's BindArguments reads the normalized raw
// arguments and finds the issue.
func TestStrictServerBigIntegers(t *testing.T) {
	got, isErr := mcpGo(t, &fixes{}).call("get_issue", `{"id":"9007199254740993"}`)
	if isErr || !strings.HasPrefix(got, "#9007199254740993 ") {
		t.Errorf("mcp-go: %v %s", isErr, got)
	}
	got, isErr = goSDK(t, &fixes{}).call("get_issue", `{"id":"9007199254740993"}`)
	if !isErr || got != "no issue #9007199254740992" {
		t.Errorf("go-sdk: %v %q; want the SDK's rounding to 9007199254740992", isErr, got)
	}
}
