package gosdk

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

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/lenient"
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
// OnFix's records, the statistics file and page, the call log, metrics and
// the debug log.
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
	var got []connectInput
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "connect"}, func(ctx context.Context, req *mcp.CallToolRequest, in connectInput) (*mcp.CallToolResult, any, error) {
		got = append(got, in)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
	})
	lax, err := New(Options{
		Secrets: map[string][]string{"connect": {"token", "pin", "db.dsn"}},
		LogDir:  dir,
		OnFix:   func(tool string, a []lenient.Applied) { record(a) },
		Metrics: metricsFunc(func(c lenient.Counted) { record(c) }),
		NormalizerOptions: []lenient.Option{
			lenient.WithCallLog(filepath.Join(dir, "calls.jsonl"), 0),
			lenient.WithLogger(slog.New(slog.NewJSONHandler(&logBuf, &slog.HandlerOptions{Level: slog.LevelDebug}))),
		},
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
		record(res)
		if err != nil {
			record(err.Error())
		}
	}
	if len(got) != 1 || got[0].Token != "tok-SEKRIT" || got[0].PIN != 918273 || got[0].DB.DSN != "u:pw-SEKRIT@db" {
		t.Errorf("the handler got %+v", got)
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
	if !strings.Contains(string(calls), `"token":"[secret, 12 bytes]","pin":"[secret, 8 bytes]","db":"[secret, 45 bytes]"`) ||
		!strings.Contains(string(calls), `"tokn":"[secret, 12 bytes]"`) {
		t.Errorf("call log:\n%s", calls)
	}
	if !strings.Contains(logBuf.String(), `"path":"pin","kind":"string_to_int"`) {
		t.Errorf("debug log:\n%s", logBuf.String())
	}
}

func TestSecretsOptionChecked(t *testing.T) {
	_, err := New(Options{Secrets: map[string][]string{"connect": {"token", "a(.b)*.c"}}})
	if err == nil || !strings.Contains(err.Error(), `Options.Secrets: rule 1 (secret:connect:a(.b)*.c): path "a(.b)*.c": a secret path takes member names`) {
		t.Errorf("got %v", err)
	}
}

type metricsFunc func(lenient.Counted)

func (f metricsFunc) Count(c lenient.Counted) { f(c) }
