package mcpgo

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/adapters/internal/proptest"
	"github.com/normgen/normgen/adapters/internal/typedtools"
	"github.com/normgen/normgen/lenient"
)

// plainLogin is typedtools.LoginInput as a plain struct, with no
// generated decoder.
type plainLogin struct {
	User     string   `json:"user"`
	Password string   `json:"password"`
	PIN      int      `json:"pin,omitempty"`
	DB       *plainDB `json:"db,omitempty"`
	Limit    int64    `json:"limit,omitempty"`
	Mode     string   `json:"mode,omitempty"`
	Tags     []string `json:"tags,omitempty"`
	Verbose  bool     `json:"verbose,omitempty"`
}

type plainDB struct {
	Host string `json:"host"`
	DSN  string `json:"dsn"`
}

// plainSchema is plainLogin's strict schema, as a server writes it.
const plainSchema = `{"type":"object","properties":{"user":{"type":"string"},"password":{"type":"string"},"pin":{"type":"integer"},"db":{"type":"object","properties":{"host":{"type":"string"},"dsn":{"type":"string"}},"required":["host","dsn"]},"limit":{"type":"integer"},"mode":{"type":"string","enum":["read","write"]},"tags":{"type":"array","items":{"type":"string"}},"verbose":{"type":"boolean"}},"required":["user","password"]}`

// benchArgs is a clean call every registration below takes.
var benchArgs = json.RawMessage(`{"user":"ann","password":"pw","pin":1234,"db":{"host":"h","dsn":"d"},"limit":50,"mode":"read","tags":["a","b"],"verbose":true}`)

// BenchmarkToolsCall is a whole tools/call through mcp-go's in-process
// client, the same clean call through: sdk-plain, the baseline, mcp-go's
// own mcp.NewTypedToolHandler with a plain struct and its strict schema
// (with -tags mcpgo_validation, mcp-go's input validation on, as the
// newest release is tested); normgen-typed, NewTypedToolHandler with the
// generated type and schema (no SDK validation).
func BenchmarkToolsCall(b *testing.B) {
	generated := lenient.MustLookupTool(typedtools.NormgenTools(), "login")
	for _, bc := range []struct {
		name string
		new  func() *server.MCPServer
	}{
		{"sdk-plain", func() *server.MCPServer {
			s := server.NewMCPServer("bench", "v0", sdkValidation()...)
			s.AddTool(mcp.NewToolWithRawSchema("login", "", json.RawMessage(plainSchema)),
				mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, in plainLogin) (*mcp.CallToolResult, error) {
					return mcp.NewToolResultText("ok"), nil
				}))
			return s
		}},
		{"normgen-typed", func() *server.MCPServer {
			s := server.NewMCPServer("bench", "v0")
			s.AddTool(mcp.NewToolWithRawSchema(generated.Name, generated.Description, generated.InputSchema),
				NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, in typedtools.LoginInput) (*mcp.CallToolResult, error) {
					return mcp.NewToolResultText("ok"), nil
				}))
			return s
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c, err := client.NewInProcessClient(bc.new())
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			if err := c.Start(ctx); err != nil {
				b.Fatal(err)
			}
			init := mcp.InitializeRequest{}
			init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
			if _, err := c.Initialize(ctx, init); err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			var req mcp.CallToolRequest
			req.Params.Name = "login"
			req.Params.Arguments = benchArgs
			if res, err := c.CallTool(ctx, req); err != nil || res.IsError {
				b.Fatalf("%v %+v", err, res)
			}
			b.ReportAllocs()
			cpu := proptest.CPUTime()
			for b.Loop() {
				if _, err := c.CallTool(ctx, req); err != nil {
					b.Fatal(err)
				}
			}
			if cpu != 0 {
				b.ReportMetric(float64(proptest.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
