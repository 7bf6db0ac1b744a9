// Command strict-mcp serves the strict example tracker over stdio on the
// go-sdk, made lenient by normgen's go-sdk adapter. With -metrics ADDR it
// also counts the adapter's calls and fixes as OpenTelemetry metrics
// (normgen's otel module) and serves them in the Prometheus format at
// http://ADDR/metrics, through the OpenTelemetry Prometheus exporter.
package main

import (
	"context"
	"flag"
	"log"
	"net"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	otelprom "go.opentelemetry.io/otel/exporters/prometheus"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"

	laxgo "github.com/normgen/normgen/adapters/gosdk"
	"github.com/normgen/normgen/examples/strict"
	"github.com/normgen/normgen/otel/normotel"
)

func main() {
	metrics := flag.String("metrics", "", "serve normgen's metrics at http://`ADDR`/metrics (Prometheus format)")
	flag.Parse()
	opts := laxgo.Options{Rules: strict.Rules()}
	if *metrics != "" {
		m, err := serveMetrics(*metrics)
		if err != nil {
			log.Fatal(err)
		}
		opts.Metrics = m
	}
	s, lax, err := strict.NewServer(strict.Sample(), opts)
	if err != nil {
		log.Fatal(err)
	}
	defer lax.Close()
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

// serveMetrics makes normgen's OpenTelemetry metrics on a meter provider
// read by the Prometheus exporter, and serves them at addr's /metrics.
func serveMetrics(addr string) (*normotel.Metrics, error) {
	reg := prometheus.NewRegistry()
	exp, err := otelprom.New(otelprom.WithRegisterer(reg))
	if err != nil {
		return nil, err
	}
	m, err := normotel.New(sdkmetric.NewMeterProvider(sdkmetric.WithReader(exp)))
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	go func() { log.Fatal(http.Serve(ln, mux)) }()
	return m, nil
}
