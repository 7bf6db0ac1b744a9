package mcpgo

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/lenient"
)

// TestSecrets: the fields Options.Secrets names reach the handler as sent
// (a digit string coerced), and never appear in what the adapter records:
// OnFix's records, the statistics file and page, the call log, metrics, the
// debug log, and the results of refused calls.
func TestSecrets(t *testing.T) {
	secrets := []string{"tok-SEKRIT", "918273", "u:pw-SEKRIT@db"}
	dir := t.TempDir()
	var logBuf bytes.Buffer
	var mu sync.Mutex
	var recorded []string
	record := func(v any) {
		b, _ := json.Marshal(v)
		mu.Lock()
		recorded = append(recorded, string(b))
		mu.Unlock()
	}
	lax, err := New(Options{
		Secrets: map[string][]string{"*": {"token"}, "connect": {"pin", "db.dsn"}},
		LogDir:  dir,
		OnFix:   func(tool string, a []lenient.Applied) { record(a) },
		Metrics: countFunc(func(c lenient.Counted) { record(c) }),
		NormalizerOptions: []lenient.Option{
			lenient.WithCallLog(filepath.Join(dir, "calls.jsonl"), 0),
			lenient.WithLogger(slog.New(slog.NewJSONHandler(&logBuf, &slog.HandlerOptions{Level: slog.LevelDebug}))),
		},
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
		record(res)
		if err != nil {
			record(err.Error())
		}
	}
	if len(maps) != 1 || maps[0]["token"] != "tok-SEKRIT" || maps[0]["pin"] != 918273.0 {
		t.Errorf("the handler got %v", maps)
	}
	if err := lax.Close(); err != nil {
		t.Fatal(err)
	}
	page := httptest.NewRecorder()
	lenient.StatsFileHandler(filepath.Join(dir, "normalizer_stats.json")).ServeHTTP(page, httptest.NewRequest("GET", "/", nil))
	calls, _ := os.ReadFile(filepath.Join(dir, "calls.jsonl"))
	stats, _ := os.ReadFile(filepath.Join(dir, "normalizer_stats.json"))
	outputs := map[string]string{
		"OnFix, metrics and the results": strings.Join(recorded, "\n"), "debug log": logBuf.String(),
		"call log": string(calls), "statistics file": string(stats), "stats page": page.Body.String(),
	}
	for what, out := range outputs {
		for _, sec := range secrets {
			if strings.Contains(out, sec) {
				t.Errorf("%s shows the secret %s:\n%s", what, sec, out)
			}
		}
	}
	if !strings.Contains(string(calls), `{"db":"[secret, 45 bytes]","pin":"[secret, 8 bytes]","token":"[secret, 12 bytes]","user":"ann"}`) ||
		!strings.Contains(string(calls), `"tokn":"[secret, 12 bytes]"`) {
		t.Errorf("call log:\n%s", calls)
	}
	if !strings.Contains(logBuf.String(), `"path":"pin","kind":"string_to_float"`) {
		t.Errorf("debug log:\n%s", logBuf.String())
	}
}
