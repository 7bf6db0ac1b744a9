package gosdk

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/adapters/internal/proptest"
	"github.com/normgen/normgen/adapters/internal/typedtools"
)

// plainLogin is typedtools.LoginInput as a plain struct: no generated
// decoder; mcp.AddTool infers its schema.
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

// benchArgs is a clean call every registration below takes.
var benchArgs = json.RawMessage(`{"user":"ann","password":"pw","pin":1234,"db":{"host":"h","dsn":"d"},"limit":50,"mode":"read","tags":["a","b"],"verbose":true}`)

// BenchmarkToolsCall is a whole tools/call over go-sdk's in-memory
// transports (client to server and back), the same clean call through:
// sdk-plain, the baseline, go-sdk's own mcp.AddTool with a plain struct
// (the schema it infers; its validation, then a map round trip to
// json.Unmarshal); sdk-generated, mcp.AddTool with the generated type and
// schema (the wiring before AddTool: the SDK validates the lenient schema,
// then the generated UnmarshalJSON decodes its map marshalled again);
// raw-no-decode, Server.AddTool with a handler that reads nothing (the
// transport's and the SDK's own cost: the floor); normgen-typed, AddTool
// (the generated UnmarshalJSON alone, on the arguments sent).
func BenchmarkToolsCall(b *testing.B) {
	result := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}
	for _, bc := range []struct {
		name string
		add  func(s *mcp.Server)
	}{
		{"sdk-plain", func(s *mcp.Server) {
			mcp.AddTool(s, &mcp.Tool{Name: "login"}, func(ctx context.Context, req *mcp.CallToolRequest, in plainLogin) (*mcp.CallToolResult, any, error) {
				return result, nil, nil
			})
		}},
		{"sdk-generated", func(s *mcp.Server) {
			mcp.AddTool(s, loginTool(), func(ctx context.Context, req *mcp.CallToolRequest, in typedtools.LoginInput) (*mcp.CallToolResult, any, error) {
				return result, nil, nil
			})
		}},
		{"raw-no-decode", func(s *mcp.Server) {
			s.AddTool(loginTool(), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return result, nil
			})
		}},
		{"normgen-typed", func(s *mcp.Server) {
			AddTool(s, loginTool(), func(ctx context.Context, req *mcp.CallToolRequest, in typedtools.LoginInput) (*mcp.CallToolResult, any, error) {
				return result, nil, nil
			})
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "v0"}, nil)
			bc.add(s)
			cs := connectTB(b, s)
			ctx := context.Background()
			params := &mcp.CallToolParams{Name: "login", Arguments: benchArgs}
			if res, err := cs.CallTool(ctx, params); err != nil || res.IsError {
				b.Fatalf("%v %+v", err, res)
			}
			b.ReportAllocs()
			cpu := proptest.CPUTime()
			for b.Loop() {
				if _, err := cs.CallTool(ctx, params); err != nil {
					b.Fatal(err)
				}
			}
			if cpu != 0 {
				b.ReportMetric(float64(proptest.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
