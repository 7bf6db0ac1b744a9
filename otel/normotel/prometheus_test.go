package normotel_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	otelprom "go.opentelemetry.io/otel/exporters/prometheus"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"

	"github.com/normgen/normgen/internal/docs"
	"github.com/normgen/normgen/lenient"

	"github.com/normgen/normgen/normalize"
	"github.com/normgen/normgen/otel/internal/testtools"
	"github.com/normgen/normgen/otel/normotel"
)

// TestPrometheusScrape: through the OpenTelemetry Prometheus exporter,
// served over HTTP, /metrics shows the calls and the fixes by tool and
// kind under the names the README gives.
func TestPrometheusScrape(t *testing.T) {
	reg := prometheus.NewRegistry()
	exp, err := otelprom.New(otelprom.WithRegisterer(reg))
	if err != nil {
		t.Fatal(err)
	}
	m, err := normotel.New(sdkmetric.NewMeterProvider(sdkmetric.WithReader(exp)))
	if err != nil {
		t.Fatal(err)
	}
	tools := normalize.Instrument(testtools.NormgenTools(), m)
	for _, c := range []struct{ tool, args string }{
		{"search", `{"q":"a","limit":"5"}`},
		{"search", `{"query":"a","limit":"6","services":{"x":{"port":"80"}}}`},
		{"search", `{"query":"a"}`},
		{"toggle", `{"feature":"f","on":"yes"}`},
		{"toggle", `{"feature":"f","on":"maybe"}`},
	} {
		lenient.MustLookupTool(tools, c.tool).Decode([]byte(c.args))
	}
	srv := httptest.NewServer(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: %s %v", res.Status, err)
	}
	// name{labels} value -> "name tool kind path" -> value
	got := map[string]float64{}
	line := regexp.MustCompile(`^(normgen_\w+)\{(.*)\} (\S+)$`)
	label := regexp.MustCompile(`(\w+)="([^"]*)"`)
	for _, l := range strings.Split(string(body), "\n") {
		p := line.FindStringSubmatch(l)
		if p == nil {
			continue
		}
		labels := map[string]string{}
		for _, kv := range label.FindAllStringSubmatch(p[2], -1) {
			labels[kv[1]] = kv[2]
		}
		v, _ := strconv.ParseFloat(p[3], 64)
		k := strings.Join([]string{p[1], labels["gen_ai_tool_name"], labels["normgen_fix_kind"], labels["normgen_fix_path"]}, " ")
		got[k] += v
	}
	want := map[string]float64{
		"normgen_calls_total search  ":                             3,
		"normgen_calls_total toggle  ":                             2,
		"normgen_fixed_calls_total search  ":                       3,
		"normgen_fixed_calls_total toggle  ":                       1,
		"normgen_refused_calls_total search  ":                     0,
		"normgen_refused_calls_total toggle  ":                     1,
		"normgen_fixes_total search alias query":                   1,
		"normgen_fixes_total search string_to_int limit":           2,
		"normgen_fixes_total search string_to_int services{}.port": 1,
		"normgen_fixes_total search default limit":                 1,
		"normgen_fixes_total toggle string_to_bool on":             1,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("/metrics (-want +got):\n%s\n%s", diff, body)
	}
	readme, err := docs.Read("../..")
	if err != nil {
		t.Fatal(err)
	}
	for k := range got {
		if name, _, _ := strings.Cut(k, " "); !strings.Contains(string(readme), "`"+name+"`") {
			t.Errorf("README.md does not name the Prometheus metric %s", name)
		}
	}
	// Every metric and label name the docs' PromQL queries use (the blocks
	// marked checked-by this test) is one this scrape has, and the
	// kind a query filters on is one it has too.
	queries := regexp.MustCompile("<!-- checked-by: otel/normotel TestPrometheusScrape -->\n```promql\n((?s:.*?))```").FindAllSubmatch(readme, -1)
	if len(queries) < 2 {
		t.Errorf("%d PromQL blocks marked checked-by this test in the docs; want docs/metrics.md's two", len(queries))
	}
	for _, q := range queries {
		for _, name := range regexp.MustCompile(`\b(?:normgen|gen_ai)_[a-z_]+\b`).FindAll(q[1], -1) {
			if !regexp.MustCompile(`(?m)(^|[{,])` + string(name) + `\b`).Match(body) {
				t.Errorf("a PromQL query in the docs uses %s, which /metrics does not have:\n%s", name, q[1])
			}
		}
		for _, v := range regexp.MustCompile(`normgen_fix_kind!?="([a-z_]+)"`).FindAllSubmatch(q[1], -1) {
			if !bytes.Contains(body, []byte(`normgen_fix_kind="`+string(v[1])+`"`)) {
				t.Errorf("a PromQL query in the docs filters on the fix kind %q, which /metrics does not have", v[1])
			}
		}
	}
}
