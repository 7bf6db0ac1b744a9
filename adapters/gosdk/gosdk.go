// Package gosdk makes a server built on the official MCP Go SDK
// (github.com/modelcontextprotocol/go-sdk) lenient without regenerating
// it: a receiving middleware rewrites each tools/list result to the
// lenient schemas derived from each tool's own input schema, and
// normalizes tools/call arguments with the derived rules (plus an
// optional rules.json) before the SDK validates them against the tool's
// strict schema and decodes them.
//
//	lax, err := gosdk.New(gosdk.Options{})  // or Options{RulesFile: "rules.json", LogDir: "logs"}
//	server.AddReceivingMiddleware(lax.Middleware)
//
// What is derived, and what stays strict, is derive.Tool's:
// integers, numbers and booleans take their string forms, arrays and
// objects their JSON text, at any depth; string fields never change. With
// a rules file, derive.WithRules's: a rule of the file that writes a
// value a derived rule writes replaces it there, and what the file's
// rules take (alias keys, defaulted fields left out, ...) is advertised.
//
// It builds with every go-sdk release from v1.1.0 (its go.mod asks for no
// newer one, so that it never moves a server off the release it runs) to
// the newest tested (see the README).
package gosdk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/adapters/internal/core"
	"github.com/normgen/normgen/normalize"
)

// Options configure the adapter: an optional rules.json, a statistics
// folder, and callbacks for fixes and warnings.
type Options = core.Options

// Adapter holds the derived rules and schemas and the normalizer.
type Adapter struct {
	core *core.Core
}

// New loads Options.RulesFile (validated whole) and builds the adapter.
func New(opts Options) (*Adapter, error) {
	c, err := core.New(opts)
	if err != nil {
		return nil, err
	}
	return &Adapter{core: c}, nil
}

// Middleware is the receiving middleware: pass it to
// (*mcp.Server).AddReceivingMiddleware.
func (a *Adapter) Middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		switch method {
		case "tools/list":
			res, err := next(ctx, method, req)
			if list, ok := res.(*mcp.ListToolsResult); ok && err == nil {
				return a.rewrite(list), nil
			}
			return res, err
		case "tools/call":
			call, ok := req.(*mcp.CallToolRequest)
			if !ok || call.Params == nil {
				break
			}
			if !a.core.Known(call.Params.Name) {
				a.learn(ctx, next, call.Session)
			}
			// changed by a fix, or null arguments read as {}
			args, _ := a.core.Normalize(call.Params.Name, call.Params.Arguments)
			if !bytes.Equal(args, call.Params.Arguments) {
				params := *call.Params
				params.Arguments = args
				fixed := *call
				fixed.Params = &params
				req = &fixed
			}
			res, err := next(ctx, method, req)
			return a.explain(call.Params.Name, args, res, err)
		}
		return next(ctx, method, req)
	}
}

// sdkRefusal starts the go-sdk's message for arguments its validation
// against the tool's input schema refused (an error with code invalid
// params through v1.4.0, a tool result with IsError in later releases).
const sdkRefusal = `validating "arguments": `

// explain gives the client, where the SDK's validation refused a call's
// arguments, the adapter's explanation (Core.Explain: each problem at its
// path, with what to send) instead of the validator's message, in the
// same form: an error (its JSON-RPC code kept) or an error result.
func (a *Adapter) explain(tool string, args []byte, res mcp.Result, err error) (mcp.Result, error) {
	if err != nil {
		if !strings.Contains(err.Error(), sdkRefusal) {
			return res, err
		}
		if why := a.core.Explain(tool, args); why != "" {
			return res, &explained{msg: why, err: err}
		}
		return res, err
	}
	r, ok := res.(*mcp.CallToolResult)
	if !ok || r == nil || !r.IsError || len(r.Content) != 1 {
		return res, err
	}
	text, ok := r.Content[0].(*mcp.TextContent)
	if !ok || !strings.HasPrefix(text.Text, sdkRefusal) {
		return res, err
	}
	why := a.core.Explain(tool, args)
	if why == "" {
		return res, err
	}
	out := *r
	out.Content = []mcp.Content{&mcp.TextContent{Text: why}}
	return &out, nil
}

// explained is the SDK's validation error with the adapter's words: its
// message is the explanation, and it wraps the SDK's error, whose
// JSON-RPC code (invalid params) the SDK keeps.
type explained struct {
	msg string
	err error
}

func (e *explained) Error() string { return e.msg }
func (e *explained) Unwrap() error { return e.err }

// rewrite returns a copy of a tools/list result with lenient schemas (the
// server's own tools are not modified).
func (a *Adapter) rewrite(list *mcp.ListToolsResult) *mcp.ListToolsResult {
	out := *list
	out.Tools = make([]*mcp.Tool, len(list.Tools))
	copy(out.Tools, list.Tools)
	tools := make([]core.Tool, 0, len(list.Tools))
	read := make([]bool, len(list.Tools))
	for i, t := range list.Tools {
		if t == nil {
			continue
		}
		strict, err := json.Marshal(t.InputSchema)
		if err != nil {
			a.core.Warn(fmt.Sprintf("%s: input schema not read: %v; advertised as it is", t.Name, err))
			continue
		}
		read[i] = true
		tools = append(tools, core.Tool{Name: t.Name, Schema: strict})
	}
	a.core.Learn(tools) // the whole page at once: one warning per unknown keyword
	for i, t := range list.Tools {
		if !read[i] {
			continue
		}
		if schema, ok := a.core.Advertised(t.Name); ok {
			tool := *t
			tool.InputSchema = json.RawMessage(schema)
			out.Tools[i] = &tool
		}
	}
	return &out
}

// learn lists the server's tools through the rest of the chain, so that a
// call that comes before any tools/list is normalized too.
func (a *Adapter) learn(ctx context.Context, next mcp.MethodHandler, session *mcp.ServerSession) {
	var tools []core.Tool
	cursor := ""
	for range 1000 { // pages; a bound against a server that loops
		res, err := next(ctx, "tools/list", &mcp.ListToolsRequest{Session: session, Params: &mcp.ListToolsParams{Cursor: cursor}})
		list, ok := res.(*mcp.ListToolsResult)
		if err != nil || !ok {
			break
		}
		for _, t := range list.Tools {
			if t == nil {
				continue
			}
			strict, err := json.Marshal(t.InputSchema)
			if err != nil {
				a.core.Warn(fmt.Sprintf("%s: input schema not read: %v; its calls are normalized by the rules file alone", t.Name, err))
				continue
			}
			tools = append(tools, core.Tool{Name: t.Name, Schema: strict})
		}
		if cursor = list.NextCursor; cursor == "" {
			break
		}
	}
	a.core.Learn(tools)
}

// Stats returns the normalizer's statistics.
func (a *Adapter) Stats() normalize.Stats { return a.core.Stats() }

// Close writes the statistics a last time (with Options.LogDir).
func (a *Adapter) Close() error { return a.core.Close() }
