package mcpgo

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/adapters/internal/typedtools"
	"github.com/normgen/normgen/lenient"
)

// text is a result's text content.
func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		switch c := c.(type) {
		case mcp.TextContent:
			b.WriteString(c.Text)
		case *mcp.TextContent:
			b.WriteString(c.Text)
		}
	}
	return b.String()
}

// typedServer serves typedtools' login tool with its generated schema and
// NewTypedToolHandler; the handler's values are appended to got.
func typedServer(got *[]typedtools.LoginInput, opts ...server.ServerOption) *server.MCPServer {
	t := lenient.MustLookupTool(typedtools.NormgenTools(), "login")
	s := server.NewMCPServer("typed", "v0", opts...)
	s.AddTool(mcp.NewToolWithRawSchema(t.Name, t.Description, t.InputSchema),
		NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, in typedtools.LoginInput) (*mcp.CallToolResult, error) {
			*got = append(*got, in)
			return mcp.NewToolResultText("s-" + in.User), nil
		}))
	return s
}

// call makes one tools/call (args "" leaves out the arguments).
func call(t *testing.T, c *client.Client, args string) *mcp.CallToolResult {
	t.Helper()
	var req mcp.CallToolRequest
	req.Params.Name = "login"
	if args != "" {
		req.Params.Arguments = json.RawMessage(args)
	}
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", args, err)
	}
	return res
}

// TestNewTypedToolHandler: with the generated schema advertised, a call
// reaches the handler with what the generated UnmarshalJSON makes of the
// arguments sent; a refusal is a tool error result whose text is the
// decoder's error (every problem at its path, secrets as [secret, N
// bytes]); a call without arguments is decoded as {}.
func TestNewTypedToolHandler(t *testing.T) {
	var got []typedtools.LoginInput
	c := connect(t, typedServer(&got))
	list, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil || len(list.Tools) != 1 {
		t.Fatalf("list: %v %+v", err, list)
	}
	listed, _ := schemaOf(list.Tools[0])
	if want := lenient.MustLookupTool(typedtools.NormgenTools(), "login").InputSchema; !sameJSON(listed, want) {
		t.Errorf("advertised input schema\n%s\nwant the generated one\n%s", listed, want)
	}
	// What the decoder is given: the JSON sent, or before mcp-go v1.0.0
	// (no raw arguments) mcp-go's map of it, marshalled (keys sorted).
	direct := func(args string) (typedtools.LoginInput, error) {
		var in typedtools.LoginInput
		data := []byte(args)
		if rawArgs == nil {
			var m any
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			data, _ = json.Marshal(m)
		}
		err := json.Unmarshal(data, &in)
		return in, err
	}
	lax := `{"username":"ann","password":"pw-SEKRIT","pin":"1234","limit":"90071992547409","tags":"[\"a\"]","verbose":"yes","db":{"host":"h","dsn":"u:pw-SEKRIT@h"}}`
	res := call(t, c, lax)
	want, err := direct(lax)
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || len(got) != 1 || !reflect.DeepEqual(got[0], want) || text(res) != "s-ann" {
		t.Fatalf("lenient call: %v %q; handler got %+v, want %+v", res.IsError, text(res), got, want)
	}
	for _, bad := range []string{
		`{"user":5,"password":123456789,"pin":"12","mode":"delete","db":{"host":"h","dsn":4242424242}}`,
		`{"username":"a","user":"b","password":"pw-SEKRIT"}`,
		`{}`,
		`null`,
		"",
	} {
		got = got[:0]
		res := call(t, c, bad)
		sent := bad
		if sent == "" {
			sent = "{}"
		}
		_, err := direct(sent)
		if err == nil {
			t.Fatalf("%s: the decoder takes it", bad)
		}
		if !res.IsError || text(res) != err.Error() || len(got) != 0 {
			t.Errorf("%s: isError=%v %q (handler got %d calls); want the decoder's error %q", bad, res.IsError, text(res), len(got), err)
		}
		for _, secret := range []string{"123456789", "SEKRIT", "4242424242", `"12"`} {
			if strings.Contains(text(res), secret) {
				t.Errorf("%s: the result shows a secret: %q", bad, text(res))
			}
		}
	}
	if r := call(t, c, `{"user":5,"password":123456789,"pin":"12","mode":"delete","db":{"host":"h","dsn":4242424242}}`); !strings.Contains(text(r), "password: [secret, 9 bytes] is not a string") ||
		!strings.Contains(text(r), "db.dsn: ") || !strings.Contains(text(r), "mode: ") {
		t.Errorf("refusal %q: want every problem at its path, secrets hidden", text(r))
	}
}

// TestNewTypedToolHandlerExact: where mcp-go keeps the raw arguments
// (v1.0.0 on), an integer above 2^53 reaches the handler exact: the
// decoder reads the JSON sent, not mcp-go's map.
func TestNewTypedToolHandlerExact(t *testing.T) {
	if rawArgs == nil {
		t.Skip("this mcp-go release keeps no raw arguments: the map has read numbers as float64")
	}
	var got []typedtools.LoginInput
	c := connect(t, typedServer(&got))
	if res := call(t, c, `{"user":"a","password":"p","limit":9007199254740993}`); res.IsError || len(got) != 1 || got[0].Limit != 9007199254740993 {
		t.Errorf("%v %q: handler got %+v", res.IsError, text(res), got)
	}
}

// plainInput has no generated decoder.
type plainInput struct {
	N int `json:"n"`
}

// TestNewTypedToolHandlerRefused: an input type with no generated
// decoder panics when the handler is made, naming the type and saying to
// run go generate.
func TestNewTypedToolHandlerRefused(t *testing.T) {
	for name, make := range map[string]func(){
		"input type mcpgo.plainInput has no decoder generated by normgen": func() {
			NewTypedToolHandler(func(context.Context, mcp.CallToolRequest, plainInput) (*mcp.CallToolResult, error) { return nil, nil })
		},
		"input type map[string]interface {} has no decoder generated by normgen": func() {
			NewTypedToolHandler(func(context.Context, mcp.CallToolRequest, map[string]any) (*mcp.CallToolResult, error) {
				return nil, nil
			})
		},
	} {
		msg := func() (msg string) {
			defer func() { msg = fmt.Sprint(recover()) }()
			make()
			return ""
		}()
		if !strings.HasPrefix(msg, "mcpgo.NewTypedToolHandler: ") || !strings.Contains(msg, name) || !strings.Contains(msg, "run go generate") {
			t.Errorf("panic %q, want one with %q that says to run go generate", msg, name)
		}
	}
}

// sameJSON reports whether a and b hold the same JSON value.
func sameJSON(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}
