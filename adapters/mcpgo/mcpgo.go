// Package mcpgo makes a server built on github.com/mark3labs/mcp-go
// lenient without rewriting it: its hooks rewrite each tools/list result
// to the lenient schemas derived from each tool's own input schema (built
// with mcp.WithNumber, mcp.WithBoolean, ... or raw), and normalize
// tools/call arguments with the derived rules (plus an optional
// rules.json) before mcp-go validates them (WithInputSchemaValidation)
// and before any handler or tool middleware runs.
//
//	lax, err := mcpgo.New(mcpgo.Options{})  // or Options{RulesFile: "rules.json", LogDir: "logs"}
//	s := server.NewMCPServer("name", "1.0.0", lax.ServerOption())
//
// A server that sets its own Hooks adds the adapter's to them instead:
// lax.AddHooks(s, hooks).
//
// It builds with every mcp-go release from v0.32.0 (its go.mod asks for
// no newer one, so that it never moves a server off the release it runs)
// to the newest tested (see the README): the arguments' raw JSON
// (CallToolParams.RawArguments, mcp-go v1.0.0 on) is normalized where the
// release has it, the decoded map always; a call that comes before any
// tools/list finds its tool through MCPServer.GetTool (v0.40.0 on), or
// else through a tools/list the adapter sends the server itself.
package mcpgo

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/adapters/internal/core"
	"github.com/normgen/normgen/normalize"
)

// Options configure the adapter: an optional rules.json, a statistics
// folder, and callbacks for fixes and warnings.
type Options = core.Options

// Adapter holds the derived rules and schemas and the normalizer.
type Adapter struct {
	core   *core.Core
	server *server.MCPServer
}

// New loads Options.RulesFile (validated whole) and builds the adapter.
func New(opts Options) (*Adapter, error) {
	c, err := core.New(opts)
	if err != nil {
		return nil, err
	}
	return &Adapter{core: c}, nil
}

// ServerOption installs the adapter's hooks on the server being built
// (server.NewMCPServer). It sets the server's Hooks: a server with Hooks
// of its own uses AddHooks instead.
func (a *Adapter) ServerOption() server.ServerOption {
	return func(s *server.MCPServer) {
		hooks := &server.Hooks{}
		a.AddHooks(s, hooks)
		server.WithHooks(hooks)(s)
	}
}

// AddHooks adds the adapter's hooks to hooks, for server s.
func (a *Adapter) AddHooks(s *server.MCPServer, hooks *server.Hooks) {
	a.server = s
	hooks.AddAfterListTools(func(_ context.Context, _ any, _ *mcp.ListToolsRequest, result *mcp.ListToolsResult) {
		if result == nil {
			return
		}
		tools := make([]mcp.Tool, len(result.Tools))
		read := make([]bool, len(result.Tools))
		learn := make([]core.Tool, 0, len(result.Tools))
		for i, t := range result.Tools {
			tools[i] = t
			strict, ok := schemaOf(t)
			if !ok {
				a.core.Warn(t.Name + ": input schema not read; advertised as it is")
				continue
			}
			read[i] = true
			learn = append(learn, core.Tool{Name: t.Name, Schema: strict})
		}
		a.core.Learn(learn) // the whole page at once: one warning per unknown keyword
		for i := range tools {
			if schema, ok := a.core.Advertised(tools[i].Name); ok && read[i] {
				tools[i].RawInputSchema = json.RawMessage(schema)
				tools[i].InputSchema = mcp.ToolInputSchema{}
			}
		}
		result.Tools = tools
	})
	hooks.AddBeforeCallTool(func(ctx context.Context, _ any, req *mcp.CallToolRequest) {
		a.normalize(ctx, req)
	})
	// The hook's result parameter is a *mcp.CallToolResult before mcp-go
	// v0.45.0 and an any since: afterCallTool takes its type from the
	// release's own OnAfterCallToolFunc, at compile time.
	hooks.AddAfterCallTool(afterCallTool(server.OnAfterCallToolFunc(nil), a))
}

// afterCallTool is a's after-call hook with the result type R of the
// mcp-go release built against (like, a nil of its hook type, gives R).
func afterCallTool[R any](like func(context.Context, any, *mcp.CallToolRequest, R), a *Adapter) func(context.Context, any, *mcp.CallToolRequest, R) {
	return func(_ context.Context, _ any, req *mcp.CallToolRequest, result R) {
		if req != nil {
			a.explain(req, result)
		}
	}
}

// sdkRefusal starts mcp-go's message for arguments its validation
// against the tool's input schema refused (WithInputSchemaValidation,
// v0.50.0 on: a tool result with IsError).
const sdkRefusal = "input schema validation failed: "

// explain gives the client, where mcp-go's validation refused a call's
// arguments, the adapter's explanation (each problem at its path, with
// what to send; see gosdk) in place of the validator's message, in the
// same error result.
func (a *Adapter) explain(req *mcp.CallToolRequest, result any) {
	r, ok := result.(*mcp.CallToolResult)
	if !ok || r == nil || !r.IsError || len(r.Content) != 1 {
		return
	}
	var text string
	switch c := r.Content[0].(type) {
	case mcp.TextContent:
		text = c.Text
	case *mcp.TextContent:
		text = c.Text
	}
	if !strings.HasPrefix(text, sdkRefusal) {
		return
	}
	args := rawArguments(&req.Params)
	if len(args) == 0 {
		var err error
		if args, err = json.Marshal(req.Params.Arguments); err != nil {
			return
		}
	}
	if why := a.core.Explain(req.Params.Name, args); why != "" {
		r.Content = []mcp.Content{mcp.NewTextContent(why)}
	}
}

// schemaOf returns a tool's input schema as the server lists it.
func schemaOf(t mcp.Tool) ([]byte, bool) {
	b, err := json.Marshal(t)
	if err != nil {
		return nil, false
	}
	var v struct {
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	if json.Unmarshal(b, &v) != nil || len(v.InputSchema) == 0 {
		return nil, false
	}
	return v.InputSchema, true
}

// normalize fixes a call's arguments in place: the raw JSON where the
// release keeps it, and the arguments map as mcp-go itself decodes it,
// which validation and handlers read.
func (a *Adapter) normalize(ctx context.Context, req *mcp.CallToolRequest) {
	name := req.Params.Name
	if !a.core.Known(name) {
		a.learn(ctx, name)
	}
	raw := rawArguments(&req.Params)
	if len(raw) == 0 {
		var err error
		if raw, err = json.Marshal(req.Params.Arguments); err != nil {
			return
		}
	}
	out, applied := a.core.Normalize(name, raw)
	if len(applied) == 0 {
		return
	}
	var args map[string]any
	if err := json.NewDecoder(bytes.NewReader(out)).Decode(&args); err != nil {
		return
	}
	setRawArguments(&req.Params, out)
	req.Params.Arguments = args
}

// learn finds the schema of a tool called before the adapter saw it
// listed: among the session's own tools, then the server's.
func (a *Adapter) learn(ctx context.Context, name string) {
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithTools); ok {
		if t, ok := s.GetSessionTools()[name]; ok {
			if strict, ok := schemaOf(t.Tool); ok {
				a.core.Learn([]core.Tool{{Name: name, Schema: strict}})
				return
			}
		}
	}
	if a.server == nil {
		return
	}
	if g, ok := any(a.server).(interface {
		GetTool(string) *server.ServerTool
	}); ok {
		if t := g.GetTool(name); t != nil {
			if strict, ok := schemaOf(t.Tool); ok {
				a.core.Learn([]core.Tool{{Name: name, Schema: strict}})
			}
		}
		return
	}
	// Before mcp-go v0.40.0 the server has no GetTool: list its tools (the
	// adapter's own hook learns them), page by page.
	cursor := ""
	for range 1000 { // pages; a bound against a server that loops
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": "normgen-adapter-learn", "method": "tools/list", "params": params})
		res, err := json.Marshal(a.server.HandleMessage(ctx, msg))
		var page struct {
			Result struct {
				NextCursor string `json:"nextCursor"`
			} `json:"result"`
		}
		if err != nil || json.Unmarshal(res, &page) != nil || page.Result.NextCursor == "" {
			return
		}
		cursor = page.Result.NextCursor
	}
}

// rawArgs is the index of CallToolParams.RawArguments, which mcp-go has
// from v1.0.0 on (nil before).
var rawArgs = func() []int {
	f, ok := reflect.TypeFor[mcp.CallToolParams]().FieldByName("RawArguments")
	if !ok || f.Type != reflect.TypeFor[json.RawMessage]() {
		return nil
	}
	return f.Index
}()

// rawArguments returns the arguments' raw JSON, where the release keeps it.
func rawArguments(p *mcp.CallToolParams) json.RawMessage {
	if rawArgs == nil {
		return nil
	}
	return reflect.ValueOf(p).Elem().FieldByIndex(rawArgs).Interface().(json.RawMessage)
}

// setRawArguments sets the arguments' raw JSON, where the release keeps it.
func setRawArguments(p *mcp.CallToolParams, raw json.RawMessage) {
	if rawArgs != nil {
		reflect.ValueOf(p).Elem().FieldByIndex(rawArgs).Set(reflect.ValueOf(raw))
	}
}

// Stats returns the normalizer's statistics.
func (a *Adapter) Stats() normalize.Stats { return a.core.Stats() }

// Close writes the statistics a last time (with Options.LogDir).
func (a *Adapter) Close() error { return a.core.Close() }
