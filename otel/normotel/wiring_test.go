package normotel_test

import (
	"testing"

	"go.opentelemetry.io/otel"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"

	"github.com/normgen/normgen/lenient"

	"github.com/normgen/normgen/normalize"
	mytools "github.com/normgen/normgen/otel/internal/testtools"
	"github.com/normgen/normgen/otel/normotel"
)

// TestWiring is the README's wiring, on the global meter provider: a call
// through the instrumented tools and one through the normalizer are
// counted.
func TestWiring(t *testing.T) {
	r := sdkmetric.NewManualReader()
	otel.SetMeterProvider(sdkmetric.NewMeterProvider(sdkmetric.WithReader(r)))
	var rules []lenient.Rule
	for _, tl := range mytools.NormgenTools() {
		rules = append(rules, tl.Rules...)
	}
	// README: wiring
	m, err := normotel.New(otel.GetMeterProvider()) // github.com/normgen/normgen/otel/normotel
	if err != nil {
		t.Fatal(err)
	}
	tools := normalize.Instrument(mytools.NormgenTools(), m) // generated decoders: call these tools' Decode
	n, err := normalize.New(rules, normalize.WithMetrics(m)) // a normalizer
	// README: end
	if err != nil {
		t.Fatal(err)
	}
	lenient.MustLookupTool(tools, "toggle").Decode([]byte(`{"feature":"f","on":"yes"}`))
	n.NormalizeJSON("toggle", []byte(`{"feature":"f","on":"yes"}`))
	got := sums(t, r)["normgen.fixes"]
	for _, stage := range []string{"decoder", "normalizer"} {
		k := "gen_ai.tool.name=toggle mcp.method.name=tools/call normgen.fix.kind=string_to_bool normgen.fix.path=on normgen.stage=" + stage
		if got[k] != 1 {
			t.Errorf("%s: %d, want 1 (all: %v)", k, got[k], got)
		}
	}
}
