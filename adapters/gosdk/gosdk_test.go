package gosdk

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/normalize"
)

type input struct {
	Count  int             `json:"count" jsonschema:"how many"`
	Force  bool            `json:"force,omitempty"`
	Names  []string        `json:"names,omitempty"`
	Window struct{ N int } `json:"window,omitempty"`
	Note   string          `json:"note,omitempty"`
}

// serve builds a go-sdk server with one typed tool whose schema the SDK
// infers (strict), wrapped by the adapter; it returns a client session
// and what the handler received.
func serve(t *testing.T, opts Options) (*mcp.ClientSession, *[]input, *mcp.Tool, *Adapter) {
	t.Helper()
	var got []input
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v0"}, nil)
	tool := &mcp.Tool{Name: "count", Description: "Counts."}
	mcp.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in input) (*mcp.CallToolResult, any, error) {
		got = append(got, in)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
	})
	lax, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	s.AddReceivingMiddleware(lax.Middleware)
	t.Cleanup(func() { lax.Close() })
	return connect(t, s), &got, tool, lax
}

// connect connects an in-memory client to s, closed at the test's end.
func connect(t *testing.T, s *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestMiddleware(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "rules.json")
	os.WriteFile(rules, []byte(`[{"id":"n","tools":["count"],"type":"param_alias","from":"n","to":"count"}]`), 0o644)
	var warnings []string
	var fixed []string
	cs, got, _, lax := serve(t, Options{RulesFile: rules, LogDir: dir,
		OnWarning: func(m string) { warnings = append(warnings, m) },
		OnFix: func(tool string, a []normalize.Applied) {
			for _, x := range a {
				fixed = append(fixed, x.RuleID)
			}
		}})
	ctx := context.Background()
	// Before any tools/list: the adapter lists the tools itself.
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "count", Arguments: json.RawMessage(`{"n":"3","force":"yes","names":"[\"a\"]","window":{"N":"2"},"note":"007"}`)})
	if err != nil || res.IsError {
		t.Fatalf("call: %v %+v", err, res)
	}
	want := input{Count: 3, Force: true, Names: []string{"a"}, Note: "007"}
	want.Window.N = 2
	if g := (*got)[0]; g.Count != want.Count || !g.Force || len(g.Names) != 1 || g.Window.N != 2 || g.Note != "007" {
		t.Errorf("handler got %+v, want %+v", g, want)
	}
	if got := strings.Join(fixed, ","); got != "n,count.count.coerce,count.force.coerce,count.window.N.coerce,count.names.json" {
		t.Errorf("fixes: %v", got)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings: %q", warnings)
	}
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(list)
	findings, err := lint.CheckCatalog(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(findings) != 0 {
		t.Errorf("findings: %v", findings)
	}
	if err := lax.Close(); err != nil {
		t.Fatal(err)
	}
	if st := lax.Stats(); st.TotalProcessed != 1 || st.TotalNormalized != 1 {
		t.Errorf("stats: %+v", st)
	}
	if _, err := os.Stat(filepath.Join(dir, "normalizer_stats.json")); err != nil {
		t.Errorf("stats not written: %v", err)
	}
}

// TestListDoesNotModifyServerTools: the rewrite is a copy.
func TestListDoesNotModifyServerTools(t *testing.T) {
	cs, _, tool, _ := serve(t, Options{})
	before, _ := json.Marshal(tool.InputSchema)
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	after, _ := json.Marshal(tool.InputSchema)
	if string(before) != string(after) {
		t.Errorf("server tool changed:\n%s\n%s", before, after)
	}
}

func TestBadRulesFile(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "rules.json")
	os.WriteFile(bad, []byte(`[{"id":"x","type":"nope"}]`), 0o644)
	if _, err := New(Options{RulesFile: bad}); err == nil {
		t.Error("a bad rules file was accepted")
	}
}

// counted is a normalize.Metrics that keeps what it is given.
type counted struct {
	mu  sync.Mutex
	got []normalize.Counted
}

func (c *counted) Count(k normalize.Counted) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k.Fixes = slices.Clone(k.Fixes)
	c.got = append(c.got, k)
}

// TestMetrics: with Options.Metrics, each call the adapter normalizes is
// counted, with each fix at the declared path of the derived rule (an
// object member's, not the call's) and the decoder's kind of fix.
func TestMetrics(t *testing.T) {
	var m counted
	cs, _, _, _ := serve(t, Options{Metrics: &m})
	ctx := context.Background()
	for _, args := range []string{`{"count":"3","window":{"N":"2"},"names":"[\"a\"]"}`, `{"count":3}`} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "count", Arguments: json.RawMessage(args)})
		if err != nil || res.IsError {
			t.Fatalf("call %s: %v %+v", args, err, res)
		}
	}
	want := []normalize.Counted{
		{Tool: "count", Stage: normalize.StageNormalizer, Fixes: []normalize.CountedFix{
			{Path: "count", Kind: lenient.FixStringToInt},
			{Path: "window.N", Kind: lenient.FixStringToInt},
			{Path: "names", Kind: lenient.FixJSONText},
		}},
		{Tool: "count", Stage: normalize.StageNormalizer},
	}
	if !reflect.DeepEqual(m.got, want) {
		t.Errorf("counted\n%+v\nwant\n%+v", m.got, want)
	}
}
