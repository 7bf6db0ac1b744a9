package typedpath_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	normgengosdk "github.com/normgen/normgen/adapters/gosdk"
	normgenmcpgo "github.com/normgen/normgen/adapters/mcpgo"
	"github.com/normgen/normgen/lenient"
)

// normgenTyped is the tool t, of input type In, registered with normgen's
// typed registrations: adapters/gosdk.AddTool and
// adapters/mcpgo.NewTypedToolHandler (mcp-go's input validation off).
func normgenTyped[In any](t lenient.Tool) tool {
	tl := typedTool[In]([]lenient.Tool{t}, t.Name)
	tl.addGoSDK = func(s *gosdk.Server, t lenient.Tool, got func(any)) {
		normgengosdk.AddTool(s, &gosdk.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema},
			func(_ context.Context, _ *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
				got(in)
				return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: "ok"}}}, nil, nil
			})
	}
	tl.addMCPGo = func(s *server.MCPServer, t lenient.Tool, got func(any)) {
		s.AddTool(mcpgo.NewToolWithRawSchema(t.Name, t.Description, t.InputSchema),
			normgenmcpgo.NewTypedToolHandler(func(_ context.Context, _ mcpgo.CallToolRequest, in In) (*mcpgo.CallToolResult, error) {
				got(in)
				return mcpgo.NewToolResultText("ok"), nil
			}))
	}
	return tl
}

// secretCalls are calls of secret_login whose secret values (each holds
// SEKRIT, or is 918273645) come in every form the decoder refuses or
// takes: none may show in a result.
var secretCalls = []string{
	`{"user":"ann","password":"pw-SEKRIT","pin":"918273645","db":{"host":"h","dsn":"u:SEKRIT@h"}}`,
	`{"user":"ann","password":918273645}`,
	`{"user":"ann","password":["pw-SEKRIT"]}`,
	`{"user":"ann","password":{"pw":"SEKRIT"}}`,
	`{"user":"ann","password":"pw-SEKRIT","pin":"SEKRIT"}`,
	`{"user":"ann","password":"pw-SEKRIT","pin":918273645.5}`,
	`{"user":"ann","password":"pw-SEKRIT","pin":"918"}`,
	`{"user":"ann","password":"pw-SEKRIT","pin":true}`,
	`{"user":"ann","password":"pw-SEKRIT","db":{"host":"h","dsn":918273645}}`,
	`{"user":"ann","password":"pw-SEKRIT","db":"{\"host\":\"h\",\"dsn\":[\"SEKRIT\"]}"}`,
	`{"user":"ann","password":"pw-SEKRIT","db":"{\"host\":5,\"dsn\":\"SEKRIT\"}"}`,
	`{"user":"ann","password":"pw-SEKRIT","password":"SEKRIT-2"}`,
	`{"user":"ann","password":"pw-SEKRIT","db":{"dsn":"SEKRIT","dsn":"SEKRIT"}}`,
	`{"password":"pw-SEKRIT","pin":"x918273645"}`,
}

// TestNormgenTyped: over the same calls as TestTypedPathGoSDK and
// TestTypedPathMCPGo (the shared corpus, the rule checker's generated
// calls for every tool of examples/, the hand calls) and secret_login's
// secret calls, normgen's typed registrations on both SDKs give exactly
// what a direct UnmarshalJSON of the call sent gives, in no class of
// difference: the handler gets the decoder's value, or the call is a tool
// error result whose text is the decoder's error (its messages and
// paths), and no secret value sent shows in any result.
func TestNormgenTyped(t *testing.T) {
	var tools []tool
	for _, tl := range allTools() {
		tools = append(tools, tl.typed())
	}
	all := calls(t, tools)
	var secret *tool
	for i := range tools {
		if tools[i].Name == "secret_login" {
			secret = &tools[i]
		}
	}
	for _, args := range secretCalls {
		all = append(all, call{secret, []byte(args)})
	}
	all = append(all, call{tool: secret}) // no arguments: {}
	for _, sdk := range []struct {
		name   string
		caller func() func(call) result
		check  func(call, result) (string, error)
	}{
		{"go-sdk", func() func(call) result { return goSDKCaller(t, tools) }, checkNormgenTyped},
		{"mcp-go", func() func(call) result { return mcpGoCallerWith(t, tools) }, func(c call, r result) (string, error) {
			// mcp-go parses a request's arguments into an any (numbers
			// as float64) before any handler runs, and refuses the
			// request when it cannot.
			if _, ok := mapView(c.args); !ok && r.protoErr != nil && !r.called {
				return classMCPGoParse, nil
			}
			return checkNormgenTyped(c, r)
		}},
	} {
		t.Run(sdk.name, func(t *testing.T) {
			check(t, "normgen typed, "+sdk.name, all, sdk.caller, sdk.check)
		})
	}
}

// classMCPGoParse: mcp-go reads a request's arguments into an any
// (numbers as float64) before any handler runs, and refuses the request
// (a protocol error) that holds a number past float64's range (1e400).
const classMCPGoParse = "number past float64's range, refused by mcp-go's request parsing"

// checkNormgenTyped checks what a normgen typed registration made of c.
func checkNormgenTyped(c call, r result) (string, error) {
	if r.protoErr != nil {
		return "", fmt.Errorf("protocol error %v", r.protoErr)
	}
	args := c.args
	if args == nil {
		args = []byte(`{}`)
	}
	want, wantErr := c.tool.direct(args)
	switch {
	case wantErr == nil && !r.called:
		return "", fmt.Errorf("the decoder takes it, but the handler did not run: %v %q", r.isError, r.text)
	case wantErr == nil:
		if d := cmp.Diff(want, r.value); d != "" {
			return "", fmt.Errorf("the handler got another value than a direct decode (-direct +handler):\n%s", d)
		}
	case r.called:
		return "", fmt.Errorf("the decoder refuses it (%v), but the handler got %+v", wantErr, r.value)
	case !r.isError || r.text != wantErr.Error():
		return "", fmt.Errorf("refused with isError=%v %q; want the decoder's error %q", r.isError, r.text, wantErr)
	}
	if c.tool.Name == "secret_login" {
		for _, v := range secretValues(args) {
			if strings.Contains(r.text, v) {
				return "", fmt.Errorf("the result shows the secret value %s: %q", v, r.text)
			}
		}
	}
	return "", nil
}

// secretValues returns the texts of secret_login's secret values in args
// that are long enough to be told apart from a message's own words: the
// password, the PIN, the DSN (in db, or in its JSON text), as sent and as
// the strings they hold.
func secretValues(args []byte) []string {
	var out []string
	add := func(raw json.RawMessage) {
		raw = bytes.TrimSpace(raw)
		if len(raw) >= 6 {
			out = append(out, string(raw))
		}
		var s string
		if json.Unmarshal(raw, &s) == nil && len(s) >= 6 {
			out = append(out, s)
		}
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil {
		return nil
	}
	add(m["password"])
	add(m["pin"])
	db := m["db"]
	var text string
	if json.Unmarshal(db, &text) == nil {
		db = json.RawMessage(text)
	}
	var d map[string]json.RawMessage
	if json.Unmarshal(db, &d) == nil {
		add(d["dsn"])
	}
	if bytes.Contains(args, []byte("SEKRIT")) {
		out = append(out, "SEKRIT")
	}
	if bytes.Contains(args, []byte("918273645")) {
		out = append(out, "918273645")
	}
	return out
}
