package gosdk

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/adapters/internal/proptest"
	"github.com/normgen/normgen/normalize"
)

type connectInput struct {
	User  string `json:"user"`
	Token string `json:"token"`
	PIN   int    `json:"pin,omitempty"`
	DB    struct {
		Host string `json:"host"`
		DSN  string `json:"dsn"`
	} `json:"db,omitempty"`
}

// TestSecrets: the fields Options.Secrets names reach the handler as sent
// (a digit string coerced), and never appear in what the adapter records:
// OnFix's records, the statistics file and page, the call log, metrics,
// the debug log and the results (proptest.Outputs).
func TestSecrets(t *testing.T) {
	out := &proptest.Outputs{Dir: t.TempDir()}
	var got []connectInput
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "connect"}, func(ctx context.Context, req *mcp.CallToolRequest, in connectInput) (*mcp.CallToolResult, any, error) {
		got = append(got, in)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
	})
	lax, err := New(Options{
		Secrets:           map[string][]string{"connect": {"token", "pin", "db.dsn"}},
		LogDir:            out.Dir,
		OnFix:             func(tool string, a []normalize.Applied) { out.Record(a) },
		Metrics:           metricsFunc(func(c normalize.Counted) { out.Record(c) }),
		NormalizerOptions: out.Options(),
	})
	if err != nil {
		t.Fatal(err)
	}
	s.AddReceivingMiddleware(lax.Middleware)
	cs := connect(t, s)
	ctx := context.Background()
	for _, args := range []string{
		`{"user":"ann","token":"tok-SEKRIT","pin":"918273","db":"{\"host\":\"h\",\"dsn\":\"u:pw-SEKRIT@db\"}"}`,
		`{"user":"ann","tokn":"tok-SEKRIT","pin":918273}`,
	} {
		// The misspelt key is refused by go-sdk's validation: its
		// message names the key only.
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "connect", Arguments: json.RawMessage(args)})
		out.Record(res)
		if err != nil {
			out.Record(err.Error())
		}
	}
	if len(got) != 1 || got[0].Token != "tok-SEKRIT" || got[0].PIN != 918273 || got[0].DB.DSN != "u:pw-SEKRIT@db" {
		t.Errorf("the handler got %+v", got)
	}
	if err := lax.Close(); err != nil {
		t.Fatal(err)
	}
	outputs := out.Leaks(t)
	if calls := outputs["call log"]; !strings.Contains(calls, `"token":"[secret, 12 bytes]","pin":"[secret, 8 bytes]","db":"[secret, 45 bytes]"`) ||
		!strings.Contains(calls, `"tokn":"[secret, 12 bytes]"`) {
		t.Errorf("call log:\n%s", calls)
	}
	if !strings.Contains(outputs["debug log"], `"path":"pin","kind":"string_to_int"`) {
		t.Errorf("debug log:\n%s", outputs["debug log"])
	}
}

func TestSecretsOptionChecked(t *testing.T) {
	_, err := New(Options{Secrets: map[string][]string{"connect": {"token", "a(.b)*.c"}}})
	if err == nil || !strings.Contains(err.Error(), `Options.Secrets: rule 1 (secret:connect:a(.b)*.c): path "a(.b)*.c": a secret path takes member names`) {
		t.Errorf("got %v", err)
	}
}

type metricsFunc func(normalize.Counted)

func (f metricsFunc) Count(c normalize.Counted) { f(c) }

// TestSecretsInSDKRefusals: where the adapter has nothing to say of a
// refused call (an anyOf no branch of which takes it), the SDK's own
// message goes to the client with each secret string hidden, as [secret,
// N bytes]; where a secret is a number (go-sdk writes 918273645001 as
// 918273645001/1, 1.5 as 3/2), the message is core.Withheld, which shows
// no value (found by a review: pw-SEKRIT was shown).
func TestSecretsInSDKRefusals(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v0"}, nil)
	schema := json.RawMessage(`{"type":"object","properties":{"auth":{"anyOf":[` +
		`{"type":"object","properties":{"pass":{"type":"string","minLength":20},"pin":{"type":"integer","maximum":9}},"required":["pass"]},` +
		`{"type":"object","properties":{"key":{"type":"string"}},"required":["key"]}]}}}`)
	mcp.AddTool(s, &mcp.Tool{Name: "login", InputSchema: schema}, func(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
	})
	lax, err := New(Options{Secrets: map[string][]string{"login": {"auth.pass", "auth.pin"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer lax.Close()
	s.AddReceivingMiddleware(lax.Middleware)
	cs := connect(t, s)
	ctx := context.Background()
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ args, want string }{
		{`{"auth":{"pass":"pw-SEKRIT"}}`, `minLength: [secret, 11 bytes] contains 9 Unicode code points, fewer than 20`},
		{`{"auth":{"pass":"pw-SEKRIT-\u00e9"}}`, `minLength: [secret, 18 bytes] contains 11 Unicode code points, fewer than 20`},
		{`{"auth":{"pass":"pw-SEKRIT-pw-SEKRIT-pw-SEKRIT","pin":918273645001}}`, `the arguments do not match the tool's input schema; the validator's message is not shown`},
		// a secret of a few letters would be found inside the message's
		// words (found by a review: "sch[secret, 3 bytes]ma")
		{`{"auth":{"pass":"e"}}`, `the arguments do not match the tool's input schema; the validator's message is not shown`},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "login", Arguments: json.RawMessage(c.args)})
		b, _ := json.Marshal(res)
		msg := string(b) + fmt.Sprint(err)
		if strings.Contains(msg, "SEKRIT") || strings.Contains(msg, "918273645001") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %s; want it with %q, and no secret", c.args, msg, c.want)
		}
	}
}
