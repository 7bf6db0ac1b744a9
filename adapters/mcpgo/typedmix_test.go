package mcpgo

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/adapters/internal/typedtools"
	"github.com/normgen/normgen/lenient"
)

// mixedServer serves typedtools' schedule and login tools with their
// generated schemas and NewTypedToolHandler, and a plain builder tool,
// count, on a strict handler; each typed handler's result text is the
// value it got, as JSON.
func mixedServer(t *testing.T, opts ...server.ServerOption) *server.MCPServer {
	s := server.NewMCPServer("mixed", "v0", append(sdkValidation(), opts...)...)
	sched := lenient.MustLookupTool(typedtools.NormgenTools(), "schedule")
	s.AddTool(mcp.NewToolWithRawSchema(sched.Name, sched.Description, sched.InputSchema),
		NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, in typedtools.ScheduleInput) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(fmt.Sprintf("%+v", in)), nil
		}))
	login := lenient.MustLookupTool(typedtools.NormgenTools(), "login")
	s.AddTool(mcp.NewToolWithRawSchema(login.Name, login.Description, login.InputSchema),
		NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, in *typedtools.LoginInput) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(fmt.Sprintf("%+v", *in)), nil
		}))
	count := mcp.NewTool("count", mcp.WithNumber("n", mcp.Required()))
	s.AddTool(count, strictHandler(t, count, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(fmt.Sprint(req.GetArguments()["n"])), nil
	}))
	return s
}

// callTool makes one tools/call and returns its result as the client
// reads it: error or not, and its text.
func callTool(t *testing.T, s *server.MCPServer, name, args string) string {
	t.Helper()
	c := connect(t, s)
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = json.RawMessage(args)
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		return "error " + err.Error()
	}
	if res.IsError {
		return "refused " + text(res)
	}
	return "taken " + text(res)
}

// typedCalls are calls to the typed tools that the hooks would read
// otherwise than their generated decoders: a strict duration's digit
// text, a strict enum's values in another letter case, a key in another
// case beside a required key left out, seconds the generated rules (from
// normgen rules) would turn into nanoseconds.
var typedCalls = []struct{ tool, args string }{
	{"schedule", `{"title":"t","deadline_ns":"5000000000"}`},
	{"schedule", `{"title":"t","page_size":"a4"}`},
	{"schedule", `{"title":"t","page_size":"Letter"}`},
	{"schedule", `{"Title":"x","body":"b"}`},
	{"schedule", `{"title":"t","timeout":1.5}`},
	{"schedule", `{"title":"t","timeout":"30","deadline_ns":5,"page_size":"letter"}`},
	{"login", `{"User":"ann","password":"p"}`},
	{"login", `{"username":"ann","password":"p","limit":"7","mode":"READ"}`},
}

// TestTypedBesideHooks: on a server with the adapter's hooks
// (lax.ServerOption()), tools registered with NewTypedToolHandler are
// left to their generated decoders and schemas: each call gets what it
// gets on the same server without the adapter (called before any
// tools/list and after it), tools/list advertises their generated
// schemas as they are, and none of their calls is normalized; a plain
// tool beside them is still made lenient.
func TestTypedBesideHooks(t *testing.T) {
	var warnings []string
	lax, err := New(Options{OnWarning: func(m string) { warnings = append(warnings, m) }})
	if err != nil {
		t.Fatal(err)
	}
	bare, mixed := mixedServer(t), mixedServer(t, lax.ServerOption())
	check := func(when string) {
		for _, c := range typedCalls {
			want, got := callTool(t, bare, c.tool, c.args), callTool(t, mixed, c.tool, c.args)
			if got != want {
				t.Errorf("%s: %s %s:\nwith the adapter %s\nwithout it       %s", when, c.tool, c.args, got, want)
			}
		}
	}
	check("before tools/list")
	list, err := connect(t, mixed).ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		listed, _ := schemaOf(tool)
		switch tool.Name {
		case "schedule", "login":
			if want := lenient.MustLookupTool(typedtools.NormgenTools(), tool.Name).InputSchema; !sameJSON(listed, want) {
				t.Errorf("%s advertised\n%s\nwant its generated schema\n%s", tool.Name, listed, want)
			}
		case "count":
			if !strings.Contains(string(listed), "pattern") {
				t.Errorf("count is not made lenient: %s", listed)
			}
		}
	}
	check("after tools/list")
	if st := lax.Stats(); st.TotalProcessed != 0 {
		t.Errorf("the hooks normalized a typed tool's calls: %+v", st)
	}
	if got := callTool(t, mixed, "count", `{"n":"3"}`); got != "taken 3" {
		t.Errorf("count {\"n\":\"3\"}: %s", got)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings: %q", warnings)
	}
}

// rulesRun tells TestTypedBesideRules' runs apart (-count): its warning
// is given once per process for a tool and the rules naming it.
var rulesRun int

// TestTypedBesideRules: rules that name a typed tool (here its own, as
// normgen rules writes them for a server decoding with encoding/json)
// are not applied to its calls, which its generated decoder reads as
// sent (a duration in seconds is not made nanoseconds, to be read as
// seconds again), and a warning says so once per process, naming them
// (an adapter built again, as per request, says nothing).
func TestTypedBesideRules(t *testing.T) {
	rulesRun++
	var warnings []string
	var generated []lenient.Rule
	for _, r := range lenient.MustLookupTool(typedtools.NormgenTools(), "schedule").Rules {
		r.ID = fmt.Sprintf("%s.run%d", r.ID, rulesRun)
		generated = append(generated, r)
	}
	adapter := func() *Adapter {
		lax, err := New(Options{Rules: generated, OnWarning: func(m string) { warnings = append(warnings, m) }})
		if err != nil {
			t.Fatal(err)
		}
		return lax
	}
	lax := adapter()
	bare, mixed := mixedServer(t), mixedServer(t, lax.ServerOption())
	for range 2 {
		for _, c := range typedCalls {
			want, got := callTool(t, bare, c.tool, c.args), callTool(t, mixed, c.tool, c.args)
			if got != want {
				t.Errorf("%s %s:\nwith the adapter %s\nwithout it       %s", c.tool, c.args, got, want)
			}
		}
	}
	if got := callTool(t, mixed, "schedule", `{"title":"t","timeout":1.5}`); !strings.Contains(got, "Timeout:1.5s") {
		t.Errorf("timeout 1.5: %s", got)
	}
	if st := lax.Stats(); st.TotalProcessed != 0 {
		t.Errorf("the hooks normalized a typed tool's calls: %+v", st)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "schedule: its handler is mcpgo.NewTypedToolHandler's") ||
		!strings.Contains(warnings[0], fmt.Sprintf("the %d rules", len(generated))) || !strings.Contains(warnings[0], generated[0].ID) {
		t.Errorf("warnings %q: want one, naming schedule's %d rules", warnings, len(generated))
	}
	warnings = nil
	again := mixedServer(t, adapter().ServerOption())
	if got := callTool(t, again, "schedule", `{"title":"t","timeout":1.5}`); !strings.Contains(got, "Timeout:1.5s") || len(warnings) != 0 {
		t.Errorf("another adapter: timeout 1.5: %s; warnings %q", got, warnings)
	}
}

// wrappedRun tells TestTypedWrapped's runs apart (-count): its warning
// is given once per process and tool.
var wrappedRun int

// TestTypedWrapped: a handler NewTypedToolHandler made, registered
// wrapped in a function of the server's, is not known for a typed tool
// (the adapter reads the handler the server holds): the tool is made
// lenient again, and the first call of it says so on log/slog, once.
func TestTypedWrapped(t *testing.T) {
	wrappedRun++
	var logged strings.Builder
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, nil)))
	t.Cleanup(func() { slog.SetDefault(old) })
	lax, err := New(Options{OnWarning: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	s := server.NewMCPServer("wrapped", "v0", append(sdkValidation(), lax.ServerOption())...)
	name := fmt.Sprintf("wrapped%d", wrappedRun)
	sched := lenient.MustLookupTool(typedtools.NormgenTools(), "schedule")
	typed := NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, in typedtools.ScheduleInput) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(fmt.Sprintf("%+v", in)), nil
	})
	s.AddTool(mcp.NewToolWithRawSchema(name, sched.Description, sched.InputSchema),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return typed(ctx, req)
		})
	for range 2 {
		if got := callTool(t, s, name, `{"title":"t","page_size":"a4"}`); !strings.HasPrefix(got, "taken ") {
			t.Errorf("page_size a4: %s (the adapter knew the wrapped handler: this test no longer shows the case the warning is for)", got)
		}
	}
	if n := strings.Count(logged.String(), name+": its handler is mcpgo.NewTypedToolHandler's, but an adapter's hooks made the tool lenient again"); n != 1 {
		t.Errorf("log/slog, %d warnings of %s:\n%s", n, name, logged.String())
	}
}
