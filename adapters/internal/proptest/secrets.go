package proptest

import (
	"github.com/normgen/normgen/normalize/statsview"

	"bytes"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/normgen/normgen/normalize"
)

// SecretValues are the secret values the adapters' TestSecrets send: a
// distinctive string, a digit string (coerced to an integer), and a
// connection string inside JSON text.
var SecretValues = []string{"tok-SEKRIT", "918273", "u:pw-SEKRIT@db"}

// Outputs gathers what an adapter under test records, to be searched for
// secrets (Leaks): the values given to Record (OnFix's records, metrics,
// call results), its debug log (Options), and the files of its log folder.
type Outputs struct {
	Dir string // the log folder: LogDir, and the call log calls.jsonl in it
	mu  sync.Mutex
	rec []string
	log bytes.Buffer
}

// Options are the normalizer options that write the call log into Dir
// and the debug log into o.
func (o *Outputs) Options() []normalize.Option {
	return []normalize.Option{
		normalize.WithCallLog(filepath.Join(o.Dir, "calls.jsonl"), 0),
		normalize.WithLogger(slog.New(slog.NewJSONHandler(&o.log, &slog.HandlerOptions{Level: slog.LevelDebug}))),
	}
}

// Record keeps v's JSON.
func (o *Outputs) Record(v any) {
	b, _ := json.Marshal(v)
	o.mu.Lock()
	o.rec = append(o.rec, string(b))
	o.mu.Unlock()
}

// Leaks reports each output that shows one of SecretValues (call it
// after the adapter is closed), and returns the outputs by name.
func (o *Outputs) Leaks(t *testing.T) map[string]string {
	t.Helper()
	page := httptest.NewRecorder()
	statsview.FileHandler(filepath.Join(o.Dir, "normalizer_stats.json")).ServeHTTP(page, httptest.NewRequest("GET", "/", nil))
	calls, _ := os.ReadFile(filepath.Join(o.Dir, "calls.jsonl"))
	stats, _ := os.ReadFile(filepath.Join(o.Dir, "normalizer_stats.json"))
	o.mu.Lock()
	defer o.mu.Unlock()
	outputs := map[string]string{
		"OnFix, metrics and the results": strings.Join(o.rec, "\n"), "debug log": o.log.String(),
		"call log": string(calls), "statistics file": string(stats), "stats page": page.Body.String(),
	}
	for what, out := range outputs {
		for _, sec := range SecretValues {
			if strings.Contains(out, sec) {
				t.Errorf("%s shows the secret %s:\n%s", what, sec, out)
			}
		}
	}
	return outputs
}
