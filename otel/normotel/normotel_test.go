package normotel_test

import (
	"context"
	"fmt"
	"github.com/normgen/normgen/internal/docs"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"

	"github.com/normgen/normgen/lenient"

	"github.com/normgen/normgen/normalize"
	"github.com/normgen/normgen/otel/internal/testtools"
	"github.com/normgen/normgen/otel/normotel"
)

// setup returns Metrics on a real SDK meter provider, read by a manual
// reader.
func setup(t *testing.T) (*normotel.Metrics, *sdkmetric.ManualReader) {
	t.Helper()
	r := sdkmetric.NewManualReader()
	m, err := normotel.New(sdkmetric.NewMeterProvider(sdkmetric.WithReader(r)))
	if err != nil {
		t.Fatal(err)
	}
	return m, r
}

// sums collects r and returns each counter's points: instrument name, then
// its attributes as "key=value" joined by " ", to the point's value.
func sums(t *testing.T, r *sdkmetric.ManualReader) map[string]map[string]int64 {
	t.Helper()
	var rm metricdata.ResourceMetrics
	if err := r.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]int64{}
	for _, sm := range rm.ScopeMetrics {
		if sm.Scope.Name != normotel.ScopeName {
			t.Errorf("scope %q, want %q", sm.Scope.Name, normotel.ScopeName)
		}
		for _, mt := range sm.Metrics {
			sum, ok := mt.Data.(metricdata.Sum[int64])
			if !ok || !sum.IsMonotonic {
				t.Errorf("%s: %T, want a monotonic int64 sum", mt.Name, mt.Data)
				continue
			}
			points := map[string]int64{}
			for _, p := range sum.DataPoints {
				var kv []string
				for _, a := range p.Attributes.ToSlice() {
					kv = append(kv, fmt.Sprintf("%s=%s", a.Key, a.Value.Emit()))
				}
				sort.Strings(kv)
				points[strings.Join(kv, " ")] = p.Value
			}
			out[mt.Name] = points
		}
	}
	return out
}

// TestCounts: calls through the generated decoders (normalize.Instrument)
// and the normalizer (normalize.WithMetrics) are counted, read back through
// the OpenTelemetry SDK: calls, fixed and refused calls by tool and
// stage, and fixes by declared path and kind; no key or value a caller
// sent is an attribute.
func TestCounts(t *testing.T) {
	m, r := setup(t)
	var rules []lenient.Rule
	tools := normalize.Instrument(testtools.NormgenTools(), m)
	for _, tl := range tools {
		rules = append(rules, tl.Rules...)
	}
	search := lenient.MustLookupTool(tools, "search")
	toggle := lenient.MustLookupTool(tools, "toggle")
	for _, c := range []struct {
		tool    lenient.Tool
		args    string
		refused bool
	}{
		{search, `{"q":"go","limit":"5","services":{"caller-chose-this":{"port":"80"}}}`, false},
		{search, `{"query":"go","limit":3}`, false},
		{search, `{"query":"go","limit":3,"tags":"[\"a\"]"}`, false},
		{search, `{"query":"go","limit":"many"}`, true},
		{toggle, `{"feature":"f","on":"yes"}`, false},
		{toggle, `{"feature":"f","on":"yes","made_up_key":1}`, false},
		{toggle, `{"feature":"f","on":"maybe"}`, true},
	} {
		if _, _, err := c.tool.Decode([]byte(c.args)); (err != nil) != c.refused {
			t.Fatalf("%s %s: error %v", c.tool.Name, c.args, err)
		}
	}
	n, err := normalize.New(rules, normalize.WithMetrics(m))
	if err != nil {
		t.Fatal(err)
	}
	n.NormalizeJSON("toggle", []byte(`{"feature":"f","on":"no"}`))
	n.NormalizeJSON("toggle", []byte(`{"feature":"f","on":false}`))
	n.NormalizeJSON("toggle", []byte(`"not an object"`))

	const (
		sd = "gen_ai.tool.name=search mcp.method.name=tools/call normgen.stage=decoder"
		td = "gen_ai.tool.name=toggle mcp.method.name=tools/call normgen.stage=decoder"
		tn = "gen_ai.tool.name=toggle mcp.method.name=tools/call normgen.stage=normalizer"
	)
	fix := func(call, path, kind string) string {
		return strings.Replace(call, " normgen.stage=", " normgen.fix.kind="+kind+" normgen.fix.path="+path+" normgen.stage=", 1)
	}
	want := map[string]map[string]int64{
		"normgen.calls":         {sd: 4, td: 3, tn: 3},
		"normgen.fixed_calls":   {sd: 2, td: 2, tn: 1},
		"normgen.refused_calls": {sd: 1, td: 1, tn: 1},
		"normgen.fixes": {
			fix(sd, "query", "alias"):                   1,
			fix(sd, "limit", "string_to_int"):           1,
			fix(sd, "services{}.port", "string_to_int"): 1,
			fix(sd, "tags", "json_text"):                1,
			fix(td, "on", "string_to_bool"):             2,
			fix(td, "*", "unknown_key"):                 1,
			fix(tn, "on", "string_to_bool"):             1,
		},
	}
	got := sums(t, r)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("metrics (-want +got):\n%s", diff)
	}
	readme, err := docs.Read("../..")
	if err != nil {
		t.Fatal(err)
	}
	for name, points := range got {
		// the README's Metrics section names every instrument and attribute
		if !strings.Contains(string(readme), "`"+name+"`") {
			t.Errorf("README.md does not name the instrument %s", name)
		}
		for attrs := range points {
			for _, kv := range strings.Fields(attrs) {
				if k, _, _ := strings.Cut(kv, "="); !strings.Contains(string(readme), "`"+k+"`") {
					t.Errorf("README.md does not name the attribute %s", k)
				}
			}
			if strings.Contains(attrs, "caller-chose-this") || strings.Contains(strings.ToLower(attrs), "made_up_key") {
				t.Errorf("%s: a key the caller sent is an attribute: %s", name, attrs)
			}
		}
	}
}

// TestCleanCallAllocs: with the metrics of a real SDK meter provider
// installed, a clean call allocates no more than without them.
func TestCleanCallAllocs(t *testing.T) {
	m, _ := setup(t)
	plain := lenient.MustLookupTool(testtools.NormgenTools(), "toggle")
	counted := lenient.MustLookupTool(normalize.Instrument(testtools.NormgenTools(), m), "toggle")
	args := []byte(`{"feature":"f","on":true}`)
	allocs := func(tl lenient.Tool) float64 {
		return testing.AllocsPerRun(200, func() {
			if _, fixes, err := tl.Decode(args); err != nil || fixes != nil {
				t.Fatalf("not a clean call: %v %v", fixes, err)
			}
		})
	}
	if a, b := allocs(plain), allocs(counted); b != a {
		t.Errorf("a clean call allocates %v times counted, %v times not", b, a)
	}
}

// TestConcurrent: calls counted from many goroutines while the SDK
// collects add up exactly (go test -race checks the counts' and
// attributes' copy-on-write maps).
func TestConcurrent(t *testing.T) {
	m, r := setup(t)
	const workers, calls = 8, 200
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 20 {
			var rm metricdata.ResourceMetrics
			if err := r.Collect(context.Background(), &rm); err != nil {
				t.Error(err)
			}
		}
	}()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range calls {
				m.Count(normalize.Counted{
					Tool:  fmt.Sprintf("tool%d", (w+i)%3),
					Stage: normalize.StageDecoder,
					Fixes: []normalize.CountedFix{{Path: fmt.Sprintf("f%d", i%5), Kind: lenient.FixAlias}},
				})
			}
		}()
	}
	wg.Wait()
	<-done
	got := sums(t, r)
	var callsN, fixesN int64
	for _, v := range got["normgen.calls"] {
		callsN += v
	}
	for _, v := range got["normgen.fixes"] {
		fixesN += v
	}
	if callsN != workers*calls || fixesN != workers*calls || len(got["normgen.fixes"]) != 15 {
		t.Errorf("%d calls, %d fixes in %d series; want %d, %d in 15", callsN, fixesN, len(got["normgen.fixes"]), workers*calls, workers*calls)
	}
}
