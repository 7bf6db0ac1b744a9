package mcpgo

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/adapters/internal/proptest"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/normalize"
)

// strictHandler validates a call's arguments against the tool's strict
// schema with the validator mcp-go's WithInputSchemaValidation uses, then
// runs h: a strict server on every mcp-go release.
func strictHandler(t *testing.T, tool mcp.Tool, h server.ToolHandlerFunc) server.ToolHandlerFunc {
	t.Helper()
	strict, ok := schemaOf(tool)
	if !ok {
		t.Fatalf("%s: no input schema", tool.Name)
	}
	validate, err := proptest.StrictValidator(proptest.Tool{Name: tool.Name, InputSchema: strict})
	if err != nil {
		t.Fatal(err)
	}
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args, err := json.Marshal(req.Params.Arguments)
		if err == nil {
			err = validate(args)
		}
		if err != nil {
			return mcp.NewToolResultError("invalid arguments: " + err.Error()), nil
		}
		return h(ctx, req)
	}
}

// connect starts an in-process client of s.
func connect(t *testing.T, s *server.MCPServer) *client.Client {
	t.Helper()
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
	t.Cleanup(func() { c.Close() })
	return c
}

// TestHooks: a builder-schema tool on a strict server takes stringified
// and aliased arguments; tools/list advertises the lenient schemas; the
// handler sees the normalized arguments map (and raw arguments, on the
// releases that keep them).
func TestHooks(t *testing.T) {
	var fixes []normalize.Applied
	var counted []normalize.Counted
	lax, err := New(Options{
		Metrics: countFunc(func(c normalize.Counted) {
			c.Fixes = slices.Clone(c.Fixes)
			counted = append(counted, c)
		}),
		Rules: []lenient.Rule{{ID: "q", Tools: []string{"find"}, Type: lenient.RuleParamAlias, From: "q", To: "query"}},
		OnFix: func(_ string, a []normalize.Applied) { fixes = append(fixes, a...) },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer lax.Close()
	s := server.NewMCPServer("t", "v0", append(sdkValidation(), lax.ServerOption())...)
	var raw []string
	var maps []map[string]any
	tool := mcp.NewTool("find",
		mcp.WithString("query", mcp.Required()),
		mcp.WithNumber("limit"),
		mcp.WithBoolean("exact"),
		mcp.WithArray("tags", mcp.Items(map[string]any{"type": "string"})),
	)
	s.AddTool(tool, strictHandler(t, tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		raw = append(raw, string(rawArguments(&req.Params)))
		maps = append(maps, req.GetArguments())
		return mcp.NewToolResultText("ok"), nil
	}))
	c := connect(t, s)
	ctx := context.Background()
	req := mcp.CallToolRequest{}
	req.Params.Name = "find"
	req.Params.Arguments = json.RawMessage(`{"q":"007","limit":"5","exact":"no","tags":"[\"a\"]"}`)
	res, err := c.CallTool(ctx, req)
	if err != nil || res.IsError {
		t.Fatalf("call: %v %+v", err, res)
	}
	if want := `{"query":"007","limit":5,"exact":false,"tags":["a"]}`; rawArgs != nil && raw[0] != want {
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
	} else if text := res.Content[0].(mcp.TextContent).Text; len(sdkValidation()) > 0 {
		// mcp-go's validation refused it: the client reads the adapter's
		// explanation instead of the validator's message
		if want := `limit: "five" is not a number (send 1.5 or "1.5")`; text != want {
			t.Errorf("limit \"five\": the client got %q, want %q", text, want)
		}
	} else if !strings.HasPrefix(text, "invalid arguments: ") {
		t.Errorf("limit \"five\": the handler's own refusal was changed: %q", text)
	}
	// Options.Metrics: each call counted, its fixes at declared paths (the
	// call the normalizer left for the handler to refuse has none)
	wantCounted := []normalize.Counted{
		{Tool: "find", Stage: normalize.StageNormalizer, Fixes: []normalize.CountedFix{
			{Path: "query", Kind: lenient.FixAlias},
			{Path: "exact", Kind: lenient.FixStringToBool},
			{Path: "limit", Kind: lenient.FixStringToFloat},
			{Path: "tags", Kind: lenient.FixJSONText},
		}},
		{Tool: "find", Stage: normalize.StageNormalizer},
	}
	if !reflect.DeepEqual(counted, wantCounted) {
		t.Errorf("counted\n%+v\nwant\n%+v", counted, wantCounted)
	}

	list, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(list)
	if findings, err := lint.CheckCatalog(b); err != nil || len(findings) > 0 {
		t.Errorf("check: %v %v\n%s", err, findings, b)
	}
	if !strings.Contains(string(b), `"anyOf"`) {
		t.Errorf("tools/list not rewritten: %s", b)
	}
	if g, ok := any(s).(interface { // mcp-go v0.40.0 on
		GetTool(string) *server.ServerTool
	}); ok && g.GetTool("find").Tool.RawInputSchema != nil {
		t.Error("the server's own tool was changed")
	}
}

// TestCallBeforeList: a call that comes before any tools/list is
// normalized (the adapter finds the tool's schema itself), a session's
// own tools included.
func TestCallBeforeList(t *testing.T) {
	lax, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer lax.Close()
	s := server.NewMCPServer("t", "v0", append(sdkValidation(), lax.ServerOption())...)
	var got []map[string]any
	tool := mcp.NewTool("count", mcp.WithNumber("n", mcp.Required()))
	s.AddTool(tool, strictHandler(t, tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		got = append(got, req.GetArguments())
		return mcp.NewToolResultText("ok"), nil
	}))
	c := connect(t, s)
	req := mcp.CallToolRequest{}
	req.Params.Name = "count"
	req.Params.Arguments = map[string]any{"n": "3"}
	if res, err := c.CallTool(context.Background(), req); err != nil || res.IsError {
		t.Fatalf("call: %v %+v", err, res)
	}
	if len(got) != 1 || got[0]["n"] != 3.0 {
		t.Errorf("handler got %v", got)
	}
}

// TestAdvertisedCallsTaken: on GitHub's catalog (117 tools), the
// SDK-inferred one and hand schemas ($ref, oneOf, nested and recursive
// objects), without a rules file and with one whose rules overlap derived
// ones, every call generated from the schemas the hooks advertise is
// taken by a strict mcp-go server (the handler validates against the
// tool's strict schema; with -tags mcpgo_validation mcp-go validates
// first, WithInputSchemaValidation).
func TestAdvertisedCallsTaken(t *testing.T) {
	proptest.Run(t, serveStrict, 24)
}

func serveStrict(t *testing.T, tools []proptest.Tool, rules []lenient.Rule, adapted bool) proptest.Server {
	t.Helper()
	opts := sdkValidation()
	if adapted {
		warnings := 0
		lax, err := New(Options{Rules: rules, OnWarning: func(string) { warnings++ }})
		if err != nil {
			t.Fatal(err)
		}
		opts = append(opts, lax.ServerOption())
		t.Cleanup(func() { lax.Close(); t.Logf("%d adapter warnings", warnings) })
	}
	s := server.NewMCPServer("strict", "v0", opts...)
	for _, tool := range tools {
		mt := mcp.NewToolWithRawSchema(tool.Name, tool.Description, tool.InputSchema)
		s.AddTool(mt, strictHandler(t, mt, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("ok"), nil
		}))
	}
	return mcpClient{s, connect(t, s)}
}

type mcpClient struct {
	s *server.MCPServer
	c *client.Client
}

// List lists the tools as the server writes them on the wire (mcp-go's
// client reads an input schema into a struct that drops keys such as
// additionalProperties and $defs before v1).
func (m mcpClient) List() ([]proptest.Tool, error) {
	res, err := json.Marshal(m.s.HandleMessage(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)))
	if err != nil {
		return nil, err
	}
	var list struct {
		Result struct{ Tools []proptest.Tool }
	}
	if err := json.Unmarshal(res, &list); err != nil || len(list.Result.Tools) == 0 {
		return nil, fmt.Errorf("tools/list: %v: %s", err, res)
	}
	return list.Result.Tools, nil
}

func (m mcpClient) Call(name string, args json.RawMessage) error {
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := m.c.CallTool(context.Background(), req)
	if err != nil {
		return err
	}
	if res.IsError {
		var texts []string
		for _, c := range res.Content {
			if t, ok := c.(mcp.TextContent); ok {
				texts = append(texts, t.Text)
			}
		}
		return proptest.Describe(texts...)
	}
	return nil
}

// TestFilesystemRules: the case of the issue that found the overlap. A
// server like mcp-filesystem-go-ultra (mcp-go, tools built with
// mcp.WithBoolean and mcp.WithNumber) given that server's own rules file
// (its 15 built-in rules: wildcard coercions of force and dry_run, which
// the adapter derives too, aliases, JSON text, nested rules): every other
// derived rule stays, so that "2" for a number, which tools/list
// advertises, is taken.
func TestFilesystemRules(t *testing.T) {
	var warnings []string
	lax, err := New(Options{RulesFile: "../../normalize/testdata/rules/filesystem.json", OnWarning: func(m string) { warnings = append(warnings, m) }})
	if err != nil {
		t.Fatal(err)
	}
	defer lax.Close()
	s := server.NewMCPServer("fs", "v0", append(sdkValidation(), lax.ServerOption())...)
	edit := mcp.NewTool("edit_file",
		mcp.WithString("path", mcp.Required()), mcp.WithString("old_text", mcp.Required()), mcp.WithString("new_text", mcp.Required()),
		mcp.WithBoolean("force"), mcp.WithBoolean("whole_word"), mcp.WithNumber("occurrence"))
	var got []map[string]any
	s.AddTool(edit, strictHandler(t, edit, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		got = append(got, req.GetArguments())
		return mcp.NewToolResultText("ok"), nil
	}))
	c := connect(t, s)
	list, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(list.Tools[0].InputSchema)
	var advertised struct {
		Properties map[string]struct{ AnyOf []struct{ Type string } }
		Required   []string
	}
	json.Unmarshal(b, &advertised)
	if branches := advertised.Properties["occurrence"].AnyOf; len(branches) != 3 || branches[1].Type != "string" || branches[2].Type != "null" {
		t.Errorf("occurrence has no string form in tools/list: %s", b)
	}
	if fmt.Sprint(advertised.Required) != "[path old_text new_text]" {
		t.Errorf("required %v; old_text and new_text, which old_str and new_str alias, stay required (one name per parameter)", advertised.Required)
	}
	if _, ok := advertised.Properties["old_str"]; ok {
		t.Error("the alias old_str is advertised")
	}
	req := mcp.CallToolRequest{}
	req.Params.Name = "edit_file"
	req.Params.Arguments = json.RawMessage(`{"path":"a","old_str":"x","new_str":"y","force":"yes","whole_word":"0","occurrence":"2"}`)
	if res, err := c.CallTool(context.Background(), req); err != nil || res.IsError {
		t.Fatalf("call: %v %+v", err, res)
	}
	if a := got[0]; a["old_text"] != "x" || a["new_text"] != "y" || a["force"] != true || a["whole_word"] != false || a["occurrence"] != 2.0 {
		t.Errorf("handler got %v", a)
	}
	// force and whole_word: the rules file's coercions, the same as the
	// derived ones, replace them without a warning.
	for _, w := range warnings {
		if strings.Contains(w, "replaces") {
			t.Errorf("warning: %s", w)
		}
	}
}

// countFunc is a normalize.Metrics made of a function.
type countFunc func(normalize.Counted)

func (f countFunc) Count(c normalize.Counted) { f(c) }
