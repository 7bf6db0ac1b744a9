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
package mcpgo

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/adapters/internal/core"
	"github.com/normgen/normgen/lenient"
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
		for i, t := range result.Tools {
			tools[i] = t
			if strict, ok := schemaOf(t); ok {
				tools[i].RawInputSchema = json.RawMessage(a.core.LenientSchema(t.Name, strict))
				tools[i].InputSchema = mcp.ToolInputSchema{}
			}
		}
		result.Tools = tools
	})
	hooks.AddBeforeCallTool(func(_ context.Context, _ any, req *mcp.CallToolRequest) {
		a.normalize(req)
	})
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

// normalize fixes a call's arguments in place: RawArguments, and Arguments
// as mcp-go itself decodes them (a map), for validation and handlers.
func (a *Adapter) normalize(req *mcp.CallToolRequest) {
	name := req.Params.Name
	if !a.core.Known(name) && a.server != nil {
		if t := a.server.GetTool(name); t != nil {
			if strict, ok := schemaOf(t.Tool); ok {
				a.core.Learn([]core.Tool{{Name: name, Schema: strict}})
			}
		}
	}
	raw := []byte(req.Params.RawArguments)
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
	req.Params.RawArguments = out
	req.Params.Arguments = args
}

// Stats returns the normalizer's statistics (zero without Options.LogDir).
func (a *Adapter) Stats() lenient.Stats { return a.core.Stats() }

// Close writes the statistics a last time.
func (a *Adapter) Close() error { return a.core.Close() }
