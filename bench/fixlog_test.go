package bench

import (
	"io"
	"log/slog"
	"testing"

	"github.com/normgen/normgen/bench/internal/norm"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// BenchmarkLogFixes is the cost of normalize.LogFixes on the hot path:
// Tool.Decode of the search call without it (off), with it on a logger
// not enabled for debug (info, the default), and on one that is (debug,
// a JSON handler writing to io.Discard), in the same run; a clean call
// and one with every scalar sent as a string (13 fixes). A clean call
// logs nothing and asks nothing: the goal is no more allocations, and
// time within noise.
func BenchmarkLogFixes(b *testing.B) {
	off := lenient.MustLookupTool(norm.NormgenTools(), "search")
	info := lenient.MustLookupTool(normalize.LogFixes(norm.NormgenTools(), slog.New(slog.NewJSONHandler(io.Discard, nil))), "search")
	debug := lenient.MustLookupTool(normalize.LogFixes(norm.NormgenTools(), slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelDebug}))), "search")
	for _, c := range []struct {
		name string
		data []byte
	}{{"clean", SearchClean}, {"string_scalars", SearchStringScalars}} {
		for _, t := range []struct {
			name string
			tool lenient.Tool
		}{{"off", off}, {"info", info}, {"debug", debug}} {
			b.Run(c.name+"/"+t.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, _, err := t.tool.Decode(c.data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
