package mcpgo

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/adapters/internal/proptest"
	"github.com/normgen/normgen/normalize"
)

// TestSecrets: the fields Options.Secrets names reach the handler as sent
// (a digit string coerced), and never appear in what the adapter records:
// OnFix's records, the statistics file and page, the call log, metrics,
// the debug log and the results of calls (proptest.Outputs).
func TestSecrets(t *testing.T) {
	out := &proptest.Outputs{Dir: t.TempDir()}
	lax, err := New(Options{
		Secrets:           map[string][]string{"*": {"token"}, "connect": {"pin", "db.dsn"}},
		LogDir:            out.Dir,
		OnFix:             func(tool string, a []normalize.Applied) { out.Record(a) },
		Metrics:           countFunc(func(c normalize.Counted) { out.Record(c) }),
		NormalizerOptions: out.Options(),
	})
	if err != nil {
		t.Fatal(err)
	}
	s := server.NewMCPServer("t", "v0", append(sdkValidation(), lax.ServerOption())...)
	tool := mcp.NewTool("connect",
		mcp.WithString("user", mcp.Required()),
		mcp.WithString("token", mcp.Required()),
		mcp.WithNumber("pin"),
		mcp.WithObject("db", mcp.Properties(map[string]any{"host": map[string]any{"type": "string"}, "dsn": map[string]any{"type": "string"}})),
	)
	var maps []map[string]any
	s.AddTool(tool, strictHandler(t, tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		maps = append(maps, req.GetArguments())
		return mcp.NewToolResultText("ok"), nil
	}))
	c := connect(t, s)
	ctx := context.Background()
	for _, args := range []string{
		`{"user":"ann","token":"tok-SEKRIT","pin":"918273","db":"{\"host\":\"h\",\"dsn\":\"u:pw-SEKRIT@db\"}"}`,
		`{"user":"ann","tokn":"tok-SEKRIT","pin":918273}`,
	} {
		req := mcp.CallToolRequest{}
		req.Params.Name = "connect"
		req.Params.Arguments = json.RawMessage(args)
		res, err := c.CallTool(ctx, req)
		out.Record(res)
		if err != nil {
			out.Record(err.Error())
		}
	}
	if len(maps) != 1 || maps[0]["token"] != "tok-SEKRIT" || maps[0]["pin"] != 918273.0 {
		t.Errorf("the handler got %v", maps)
	}
	if err := lax.Close(); err != nil {
		t.Fatal(err)
	}
	outputs := out.Leaks(t)
	// The log has the arguments' own key order where the mcp-go release
	// keeps raw arguments, encoding/json's where it gives a map.
	for _, want := range []string{`"db":"[secret, 45 bytes]"`, `"pin":"[secret, 8 bytes]"`, `"token":"[secret, 12 bytes]"`, `"tokn":"[secret, 12 bytes]"`} {
		if calls := outputs["call log"]; !strings.Contains(calls, want) {
			t.Errorf("call log has no %s:\n%s", want, calls)
		}
	}
	if !strings.Contains(outputs["debug log"], `"path":"pin","kind":"string_to_float"`) {
		t.Errorf("debug log:\n%s", outputs["debug log"])
	}
}

// TestSecretsInSDKRefusals: where the adapter has nothing to say of a
// call mcp-go's validation refused (an anyOf no branch of which takes
// it), mcp-go's own message goes to the client with each secret string
// hidden, or, for a secret number, core.Withheld; the handler's own
// refusal, where mcp-go does not validate, is left as it is.
func TestSecretsInSDKRefusals(t *testing.T) {
	lax, err := New(Options{Secrets: map[string][]string{"login": {"auth.pass", "auth.pin"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer lax.Close()
	s := server.NewMCPServer("t", "v0", append(sdkValidation(), lax.ServerOption())...)
	tool := mcp.NewToolWithRawSchema("login", "", json.RawMessage(`{"type":"object","properties":{"auth":{"anyOf":[`+
		`{"type":"object","properties":{"pass":{"type":"string","pattern":"^tk_"},"pin":{"type":"integer","maximum":9}},"required":["pass"]},`+
		`{"type":"object","properties":{"key":{"type":"string"}},"required":["key"]}]}}}`))
	s.AddTool(tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultError("invalid arguments: refused by the handler"), nil
	})
	c := connect(t, s)
	ctx := context.Background()
	for _, c2 := range []struct{ args, want string }{
		{`{"auth":{"pass":"pw-SEKRIT"}}`, `[secret, 11 bytes]`},
		{`{"auth":{"pass":"tk_SEKRIT","pin":918273645001}}`, `the validator's message is not shown`},
	} {
		req := mcp.CallToolRequest{}
		req.Params.Name = "login"
		req.Params.Arguments = json.RawMessage(c2.args)
		res, err := c.CallTool(ctx, req)
		if err != nil || !res.IsError {
			t.Fatalf("%s: %v %+v", c2.args, err, res)
		}
		text := res.Content[0].(mcp.TextContent).Text
		if len(sdkValidation()) == 0 {
			c2.want = "refused by the handler"
		}
		if strings.Contains(text, "SEKRIT") || strings.Contains(text, "918273645001") || !strings.Contains(text, c2.want) {
			t.Errorf("%s: the client got %q, want it with %q and no secret", c2.args, text, c2.want)
		}
	}
}
