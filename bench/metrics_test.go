package bench

import (
	"testing"

	sdkmetric "go.opentelemetry.io/otel/sdk/metric"

	"github.com/normgen/normgen/bench/internal/norm"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
	"github.com/normgen/normgen/otel/normotel"
)

// BenchmarkMetrics is the cost of metrics on the hot path:
// Tool.Decode of the search call without a metrics hook (off) and with
// normotel's OpenTelemetry metrics installed through normalize.Instrument,
// on the SDK's meter provider (on), in the same run; a clean call and one
// with every scalar sent as a string (13 fixes). The goal for a clean
// call: at most 5% more time, no more allocations.
func BenchmarkMetrics(b *testing.B) {
	m, err := normotel.New(sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewManualReader())))
	if err != nil {
		b.Fatal(err)
	}
	off := lenient.MustLookupTool(norm.NormgenTools(), "search")
	on := lenient.MustLookupTool(normalize.Instrument(norm.NormgenTools(), m), "search")
	bound := m.Bind("search", normalize.StageDecoder) // as Instrument counts
	b.Run("count", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bound.Count(normalize.Counted{Tool: "search", Stage: normalize.StageDecoder})
		}
	})
	for _, c := range []struct {
		name string
		data []byte
	}{{"clean", SearchClean}, {"string_scalars", SearchStringScalars}} {
		for _, t := range []struct {
			name string
			tool lenient.Tool
		}{{"off", off}, {"on", on}} {
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
