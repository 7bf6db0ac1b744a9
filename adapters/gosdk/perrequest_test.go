package gosdk

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/adapters/internal/proptest"
)

// perRequestTools are the tools of GitHub's MCP server catalog
// (testdata/catalogs/github-mcp-server.json), as that server registers
// them.
func perRequestTools(b testing.TB) []*mcp.Tool {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "catalogs", "github-mcp-server.json"))
	if err != nil {
		b.Fatal(err)
	}
	var c struct {
		Tools []struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(data, &c); err != nil {
		b.Fatal(err)
	}
	var tools []*mcp.Tool
	for _, t := range c.Tools {
		tools = append(tools, &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema})
	}
	return tools
}

// listPerRequest does what github-mcp-server's HTTP transport does for a
// request: it builds a server with every tool (the SDK's typed
// registration), wires the adapter in when adapted, and serves one
// tools/list to an in-memory client.
func listPerRequest(b testing.TB, tools []*mcp.Tool, adapted bool) {
	listPerRequestWarned(b, tools, adapted, func(string) {})
}

// listPerRequestWarned is listPerRequest with the adapter's warnings
// given to warn.
func listPerRequestWarned(b testing.TB, tools []*mcp.Tool, adapted bool, warn func(string)) []*mcp.Tool {
	s := mcp.NewServer(&mcp.Implementation{Name: "github", Version: "v0"}, nil)
	for _, tool := range tools {
		t := *tool
		mcp.AddTool(s, &t, func(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		})
	}
	if adapted {
		lax, err := New(Options{OnWarning: warn})
		if err != nil {
			b.Fatal(err)
		}
		s.AddReceivingMiddleware(lax.Middleware)
		defer lax.Close()
	}
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		b.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	var listed []*mcp.Tool
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			b.Fatal(err)
		}
		listed = append(listed, tool)
	}
	if len(listed) != len(tools) {
		b.Fatalf("listed %d tools, want %d", len(listed), len(tools))
	}
	cs.Close()
	ss.Wait()
	return listed
}

// BenchmarkServerPerRequest is a server built per request serving
// tools/list, with GitHub's MCP server catalog: Baseline without the
// adapter, Adapted with it after a first request (what a process pays
// per request once the catalog has been derived). The promise:
// Adapted at most 1.5x Baseline.
func BenchmarkServerPerRequest(b *testing.B) {
	tools := perRequestTools(b)
	b.Run("Baseline", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			listPerRequest(b, tools, false)
		}
	})
	b.Run("Adapted", func(b *testing.B) {
		listPerRequest(b, tools, true) // the first request derives the catalog
		b.ReportAllocs()
		for b.Loop() {
			listPerRequest(b, tools, true)
		}
	})
	// Paired runs the two alternately, so that a machine whose load
	// changes during the run weighs on both alike, and reports the ratio
	// of their wall times and of the process's CPU times (every
	// goroutine's, the collector's too).
	b.Run("Paired", func(b *testing.B) {
		listPerRequest(b, tools, true)
		var wall, cpu [2]time.Duration
		for b.Loop() {
			for i, adapted := range []bool{false, true} {
				start, startCPU := time.Now(), proptest.CPUTime()
				listPerRequest(b, tools, adapted)
				wall[i] += time.Since(start)
				cpu[i] += proptest.CPUTime() - startCPU
			}
		}
		b.ReportMetric(float64(wall[0].Nanoseconds())/float64(b.N), "baseline-ns/op")
		b.ReportMetric(float64(wall[1].Nanoseconds())/float64(b.N), "adapted-ns/op")
		b.ReportMetric(float64(wall[1])/float64(wall[0]), "wall-ratio")
		b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "cpu-ratio")
	})
}

// BenchmarkCallPerRequest is a server built per request serving one
// tools/call (search_repositories with {"query":"normgen","page":2}), with
// GitHub's MCP server catalog, the two alternately as in
// BenchmarkServerPerRequest's Paired: the adapter learns the catalog
// (found derived) and puts its rules in use before it normalizes the call.
func BenchmarkCallPerRequest(b *testing.B) {
	tools := perRequestTools(b)
	call := func(adapted bool) {
		s := mcp.NewServer(&mcp.Implementation{Name: "github", Version: "v0"}, nil)
		for _, tool := range tools {
			t := *tool
			mcp.AddTool(s, &t, func(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
			})
		}
		if adapted {
			lax, err := New(Options{OnWarning: func(string) {}})
			if err != nil {
				b.Fatal(err)
			}
			s.AddReceivingMiddleware(lax.Middleware)
			defer lax.Close()
		}
		ctx := context.Background()
		ct, st := mcp.NewInMemoryTransports()
		ss, err := s.Connect(ctx, st, nil)
		if err != nil {
			b.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			b.Fatal(err)
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search_repositories", Arguments: map[string]any{"query": "normgen", "page": 2}})
		if err != nil || res.IsError {
			b.Fatalf("call: %v %+v", err, res)
		}
		cs.Close()
		ss.Wait()
	}
	call(true)
	var wall, cpu [2]time.Duration
	for b.Loop() {
		for i, adapted := range []bool{false, true} {
			start, startCPU := time.Now(), proptest.CPUTime()
			call(adapted)
			wall[i] += time.Since(start)
			cpu[i] += proptest.CPUTime() - startCPU
		}
	}
	b.ReportMetric(float64(wall[0].Nanoseconds())/float64(b.N), "baseline-ns/op")
	b.ReportMetric(float64(wall[1].Nanoseconds())/float64(b.N), "adapted-ns/op")
	b.ReportMetric(float64(wall[1])/float64(wall[0]), "wall-ratio")
	b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "cpu-ratio")
}

// TestServerPerRequestWarnsOnce: adapters built per request, one after
// another and at once, for GitHub's catalog with a keyword that leaves
// fields strict (draft-03's divisibleBy on every number and integer
// argument) and a field a const leaves strict: the process warns once
// per catalog (one warning for the keyword, one for the const), not per
// request, and every request lists the same lenient schemas.
func TestServerPerRequestWarnsOnce(t *testing.T) {
	tools := perRequestTools(t)
	marked := 0
	for i, tool := range tools {
		var s map[string]any
		if err := json.Unmarshal(tool.InputSchema.(json.RawMessage), &s); err != nil {
			t.Fatal(err)
		}
		props, _ := s["properties"].(map[string]any)
		for _, p := range props {
			if p, ok := p.(map[string]any); ok && (p["type"] == "integer" || p["type"] == "number") {
				p["divisibleBy"] = 1
				marked++
			}
		}
		if i == 0 {
			props["warned_once_level"] = map[string]any{"type": "integer", "const": 1}
		}
		b, _ := json.Marshal(s)
		tools[i].InputSchema = json.RawMessage(b)
	}
	var mu sync.Mutex
	var warnings []string
	warn := func(m string) { mu.Lock(); warnings = append(warnings, m); mu.Unlock() }
	first := listPerRequestWarned(t, tools, true, warn)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				if got := listPerRequestWarned(t, tools, true, warn); !reflect.DeepEqual(got, first) {
					t.Error("a request listed other schemas than the first")
				}
			}
		}()
	}
	wg.Wait()
	keyword, enum := 0, 0
	for _, w := range warnings {
		keyword += strings.Count(w, `unknown keyword "divisibleBy"`)
		enum += strings.Count(w, `warned_once_level: integer field with "const"`)
	}
	if keyword != 1 || enum != 1 || len(warnings) != 2 || marked < 10 {
		t.Errorf("21 adapters, %d fields with divisibleBy: %d warnings, want 2 (one naming the keyword, one the const):\n%s", marked, len(warnings), strings.Join(warnings, "\n"))
	}
}

// TestServerPerRequestAllocs: once the catalog is derived, a server built
// per request with the adapter allocates at most 1.5 times what it does
// without (BenchmarkServerPerRequest measures the time).
func TestServerPerRequestAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 12 servers of 117 tools")
	}
	tools := perRequestTools(t)
	listPerRequest(t, tools, true)
	base := testing.AllocsPerRun(5, func() { listPerRequest(t, tools, false) })
	adapted := testing.AllocsPerRun(5, func() { listPerRequest(t, tools, true) })
	t.Logf("allocations per request: %.0f without the adapter, %.0f with it (%.2fx)", base, adapted, adapted/base)
	if adapted > 1.5*base {
		t.Errorf("allocations per request: %.0f with the adapter, %.2fx the %.0f without; want at most 1.5x", adapted, adapted/base, base)
	}
}
