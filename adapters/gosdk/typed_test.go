package gosdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/adapters/internal/typedtools"
	"github.com/normgen/normgen/lenient"
)

// loginTool is typedtools' login tool as a server registers it: the
// generated schema and description.
func loginTool() *mcp.Tool {
	t := lenient.MustLookupTool(typedtools.NormgenTools(), "login")
	return &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema}
}

// connectTB connects an in-memory client to s, closed at the end.
func connectTB(tb testing.TB, s *mcp.Server) *mcp.ClientSession {
	tb.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		tb.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { cs.Close() })
	return cs
}

// text is a result's text content.
func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// TestAddTool: gosdk.AddTool advertises the generated input schema and
// Out's inferred output schema; a call reaches the handler with what the
// generated UnmarshalJSON makes of the arguments sent (an integer above
// 2^53 exact: no map round trip), its output is the structured content; a
// refusal is a tool error result whose text is the decoder's error (every
// problem at its path, secrets as [secret, N bytes]); a call without
// arguments is decoded as {}; a handler's error is a tool error.
func TestAddTool(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "typed", Version: "v0"}, nil)
	var got []typedtools.LoginInput
	AddTool(s, loginTool(), func(ctx context.Context, req *mcp.CallToolRequest, in typedtools.LoginInput) (*mcp.CallToolResult, typedtools.LoginOutput, error) {
		got = append(got, in)
		if in.User == "fail" {
			return nil, typedtools.LoginOutput{}, errors.New("no such user")
		}
		return nil, typedtools.LoginOutput{Session: "s-" + in.User, Limit: in.Limit}, nil
	})
	cs := connectTB(t, s)
	ctx := context.Background()

	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Tools) != 1 {
		t.Fatalf("tools: %+v", list.Tools)
	}
	listed, _ := json.Marshal(list.Tools[0].InputSchema)
	if want := loginTool().InputSchema.(json.RawMessage); !sameJSON(listed, want) {
		t.Errorf("advertised input schema\n%s\nwant the generated one\n%s", listed, want)
	}
	out, _ := json.Marshal(list.Tools[0].OutputSchema)
	if !strings.Contains(string(out), `"session"`) {
		t.Errorf("output schema %s: want LoginOutput's", out)
	}

	call := func(args string) *mcp.CallToolResult {
		t.Helper()
		params := &mcp.CallToolParams{Name: "login"}
		if args != "" {
			params.Arguments = json.RawMessage(args)
		}
		res, err := cs.CallTool(ctx, params)
		if err != nil {
			t.Fatalf("%s: %v", args, err)
		}
		return res
	}
	direct := func(args string) (typedtools.LoginInput, error) {
		var in typedtools.LoginInput
		err := json.Unmarshal([]byte(args), &in)
		return in, err
	}

	lax := `{"username":"ann","password":"pw-SEKRIT","pin":"1234","limit":"9007199254740993","tags":"[\"a\"]","verbose":"yes","db":{"host":"h","dsn":"u:pw-SEKRIT@h"}}`
	res := call(lax)
	want, err := direct(lax)
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || len(got) != 1 || !reflect.DeepEqual(got[0], want) || got[0].Limit != 9007199254740993 {
		t.Fatalf("lenient call: %v %q; handler got %+v, want %+v", res.IsError, text(res), got, want)
	}
	// The client reads structured content into an any (numbers as
	// float64); the text content is the JSON sent.
	if sc, ok := res.StructuredContent.(map[string]any); !ok || sc["session"] != "s-ann" {
		t.Errorf("structured content %#v", res.StructuredContent)
	}
	if text(res) != `{"session":"s-ann","limit":9007199254740993}` {
		t.Errorf("text %q", text(res))
	}

	for _, bad := range []string{
		`{"user":5,"password":123456789,"pin":"12","mode":"delete","db":{"host":"h","dsn":4242424242}}`,
		`{"username":"a","user":"b","password":"pw-SEKRIT","limit":9007199254740994}`,
		`{}`,
		`null`,
	} {
		got = got[:0]
		res := call(bad)
		_, err := direct(bad)
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
	if r := call(`{"user":5,"password":123456789,"pin":"12","mode":"delete","db":{"host":"h","dsn":4242424242}}`); !strings.Contains(text(r), "password: [secret, 9 bytes] is not a string") ||
		!strings.Contains(text(r), "db.dsn: ") || !strings.Contains(text(r), "mode: ") {
		t.Errorf("refusal %q: want every problem at its path, secrets hidden", text(r))
	}

	// No arguments: decoded as {} (user and password are required).
	_, err = direct(`{}`)
	if r := call(""); !r.IsError || text(r) != err.Error() {
		t.Errorf("no arguments: %v %q, want %q", r.IsError, text(r), err)
	}
	if r := call(`{"user":"fail","password":"x"}`); !r.IsError || text(r) != "no such user" {
		t.Errorf("handler error: %v %q", r.IsError, text(r))
	}
}

// TestAddToolPointer: a pointer input type is decoded by its element's
// generated decoder; a nil pointer output gives its element's zero value
// as structured content, as mcp.AddTool does.
func TestAddToolPointer(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "typed", Version: "v0"}, nil)
	AddTool(s, loginTool(), func(ctx context.Context, req *mcp.CallToolRequest, in *typedtools.LoginInput) (*mcp.CallToolResult, *typedtools.LoginOutput, error) {
		if in.User == "nil" {
			return nil, nil, nil
		}
		return nil, &typedtools.LoginOutput{Session: in.User, Limit: in.Limit}, nil
	})
	cs := connectTB(t, s)
	for args, want := range map[string]string{
		`{"user":"ann","password":"p"}`: `{"session":"ann","limit":10}`,
		`{"user":"nil","password":"p"}`: `{"session":"","limit":0}`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "login", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if sc, _ := json.Marshal(res.StructuredContent); res.IsError || !sameJSON(sc, json.RawMessage(want)) {
			t.Errorf("%s: %v %s %q, want %s", args, res.IsError, sc, text(res), want)
		}
	}
}

// plainInput has no generated decoder.
type plainInput struct {
	N int `json:"n"`
}

// TestAddToolRefused: an input type with no generated decoder, or a tool
// with no input schema, panics at registration, naming what to do.
func TestAddToolRefused(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "typed", Version: "v0"}, nil)
	for name, add := range map[string]func(){
		"input type gosdk.plainInput has no decoder generated by normgen": func() {
			AddTool(s, &mcp.Tool{Name: "plain", InputSchema: json.RawMessage(`{"type":"object"}`)},
				func(context.Context, *mcp.CallToolRequest, plainInput) (*mcp.CallToolResult, any, error) {
					return nil, nil, nil
				})
		},
		"input type map[string]interface {} has no decoder": func() {
			AddTool(s, &mcp.Tool{Name: "map", InputSchema: json.RawMessage(`{"type":"object"}`)},
				func(context.Context, *mcp.CallToolRequest, map[string]any) (*mcp.CallToolResult, any, error) {
					return nil, nil, nil
				})
		},
		"no input schema: set Tool.InputSchema to the generated one": func() {
			AddTool(s, &mcp.Tool{Name: "login"},
				func(context.Context, *mcp.CallToolRequest, typedtools.LoginInput) (*mcp.CallToolResult, any, error) {
					return nil, nil, nil
				})
		},
	} {
		msg := func() (msg string) {
			defer func() { msg = fmt.Sprint(recover()) }()
			add()
			return ""
		}()
		if !strings.HasPrefix(msg, "gosdk.AddTool: tool ") || !strings.Contains(msg, name) {
			t.Errorf("panic %q, want one with %q", msg, name)
		}
		if strings.Contains(name, "decoder") && !strings.Contains(msg, "run go generate") {
			t.Errorf("panic %q does not say to run go generate", msg)
		}
	}
}

// TestAddToolWireError: a JSON-RPC error the handler returns is sent as
// the protocol error it is, as mcp.AddTool sends it, at every release
// (its type has an exported name only from v1.2.0:
// mcp.ResourceNotFoundError makes one at every release).
func TestAddToolWireError(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "typed", Version: "v0"}, nil)
	AddTool(s, loginTool(), func(ctx context.Context, req *mcp.CallToolRequest, in typedtools.LoginInput) (*mcp.CallToolResult, any, error) {
		return nil, nil, mcp.ResourceNotFoundError("file:///" + in.User)
	})
	res, err := connectTB(t, s).CallTool(context.Background(), &mcp.CallToolParams{Name: "login", Arguments: json.RawMessage(`{"user":"x","password":"p"}`)})
	if err == nil || !strings.Contains(err.Error(), "Resource not found") {
		t.Errorf("got %+v, %v; want the JSON-RPC error", res, err)
	}
}

// TestAddToolOutputSchema: a given output schema is advertised, its
// defaults fill the handler's output, and an output it refuses is an
// error, as mcp.AddTool does.
func TestAddToolOutputSchema(t *testing.T) {
	type out struct {
		Session any `json:"session"`
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "typed", Version: "v0"}, nil)
	tool := loginTool()
	tool.OutputSchema = json.RawMessage(`{"type":"object","properties":{"session":{"type":"string"},"limit":{"type":"integer","default":7}}}`)
	AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in typedtools.LoginInput) (*mcp.CallToolResult, out, error) {
		if in.User == "bad" {
			return nil, out{Session: 5}, nil
		}
		return nil, out{Session: in.User}, nil
	})
	cs := connectTB(t, s)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "login", Arguments: json.RawMessage(`{"user":"a","password":"p"}`)})
	if err != nil || res.IsError || text(res) != `{"limit":7,"session":"a"}` {
		t.Errorf("got %v %v %q; want the output with its default", err, res.IsError, text(res))
	}
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "login", Arguments: json.RawMessage(`{"user":"bad","password":"p"}`)})
	if err == nil || !strings.Contains(err.Error(), "validating tool output") {
		t.Errorf("got %+v, %v; want an output validation error", res, err)
	}
}

// TestAddToolBehindMiddleware: on a server that also has the adapter's
// middleware (for its other tools), a tool AddTool registered keeps its
// generated schema in tools/list and its calls reach the generated
// decoder as sent, before any tools/list too; the other tools are made
// lenient as ever.
func TestAddToolBehindMiddleware(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "typed", Version: "v0"}, nil)
	var got []typedtools.LoginInput
	AddTool(s, loginTool(), func(ctx context.Context, req *mcp.CallToolRequest, in typedtools.LoginInput) (*mcp.CallToolResult, any, error) {
		got = append(got, in)
		return &mcp.CallToolResult{}, nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "count"}, func(ctx context.Context, req *mcp.CallToolRequest, in input) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{}, nil, nil
	})
	lax, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.AddReceivingMiddleware(lax.Middleware)
	cs := connectTB(t, s)
	ctx := context.Background()
	for i, args := range []string{
		`{"username":"ann","password":"pw","pin":"1234","limit":"9007199254740993","db":"{\"host\":\"h\",\"dsn\":\"x\"}","mode":"READ"}`,
		`{"user":"a","password":"p","pin":null,"limit":""}`,
	} {
		got = got[:0]
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "login", Arguments: json.RawMessage(args)})
		var want typedtools.LoginInput
		if derr := json.Unmarshal([]byte(args), &want); err != nil || derr != nil || res.IsError || len(got) != 1 || !reflect.DeepEqual(got[0], want) {
			t.Errorf("call %d %s: %v %v %q; handler got %+v, want %+v (%v)", i, args, err, res.IsError, text(res), got, want, derr)
		}
	}
	if st := lax.Stats(); st.TotalProcessed != 0 {
		t.Errorf("the middleware normalized a typed tool's calls: %+v", st)
	}
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		b, _ := json.Marshal(tool.InputSchema)
		generated := sameJSON(b, loginTool().InputSchema.(json.RawMessage))
		if generated != (tool.Name == "login") {
			t.Errorf("%s listed with %s", tool.Name, b)
		}
		if tool.Name == "count" && !strings.Contains(string(b), "pattern") {
			t.Errorf("count is not made lenient: %s", b)
		}
	}
	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "count", Arguments: json.RawMessage(`{"count":"3"}`)}); err != nil || res.IsError {
		t.Errorf("count: %v %+v", err, res)
	}
}
