// Package normotel counts what normgen fixes as OpenTelemetry metrics:
// calls, calls fixed, calls refused, and fixes by tool, declared field
// path and kind of fix, from the generated decoders (through the tool
// list lenient.Instrument returns), a lenient.Normalizer
// (lenient.WithMetrics) and the SDK adapters (their NormalizerOptions).
//
//	m, err := normotel.New(otel.GetMeterProvider())
//	tools := lenient.Instrument(tools.NormgenTools(), m)
//	lax, err := gosdk.New(gosdk.Options{NormalizerOptions: []lenient.Option{lenient.WithMetrics(m)}})
//
// The instruments (Prometheus names, through the OpenTelemetry Prometheus
// exporter, in brackets):
//
//   - normgen.calls (normgen_calls_total): every call;
//   - normgen.fixed_calls (normgen_fixed_calls_total): calls taken with
//     at least one fix;
//   - normgen.refused_calls (normgen_refused_calls_total): calls refused;
//   - normgen.fixes (normgen_fixes_total): fixes, refused calls' included.
//
// Every instrument has the attributes gen_ai.tool.name (the tool),
// mcp.method.name ("tools/call") and normgen.stage ("decoder" or
// "normalizer"); normgen.fixes adds normgen.fix.path (the declared path:
// "limit", "steps[].id", "env{}.port"; "*" for a key the tool does not
// declare) and normgen.fix.kind ("string_to_int", "alias", "default",
// "json_text", ...). gen_ai.tool.name and mcp.method.name are
// OpenTelemetry's semantic conventions for MCP and GenAI tools; the
// others are normgen's own. No attribute holds a key or value a caller
// sent: every path is declared by the tool, so that the series stay
// bounded.
package normotel

import (
	"context"
	"sync"
	"sync/atomic"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	"github.com/normgen/normgen/lenient"
)

// ScopeName is the instrumentation scope the instruments are made in.
const ScopeName = "github.com/normgen/normgen/otel/normotel"

// The attribute keys.
const (
	// AttrToolName is the semantic conventions' gen_ai.tool.name.
	AttrToolName = attribute.Key("gen_ai.tool.name")
	// AttrMethodName is the semantic conventions' mcp.method.name, always
	// "tools/call".
	AttrMethodName = attribute.Key("mcp.method.name")
	// AttrStage is where the call was counted: "decoder" or
	// "normalizer" (lenient.Stage).
	AttrStage = attribute.Key("normgen.stage")
	// AttrFixPath is a fix's declared path (lenient.CountedFix.Path).
	AttrFixPath = attribute.Key("normgen.fix.path")
	// AttrFixKind is a fix's kind (lenient.FixKind).
	AttrFixKind = attribute.Key("normgen.fix.kind")
)

// maxTools bounds how many (tool, stage) pairs are counted apart: the
// calls of further ones are counted under the tool name "(other tools)",
// as the normalizer's statistics count them.
const maxTools = 1024

// Metrics counts calls and fixes in OpenTelemetry instruments. It
// implements lenient.Metrics and is safe for concurrent use.
type Metrics struct {
	calls, fixed, refused, fixes metric.Int64Counter

	mu     sync.Mutex                   // held to add to byTool
	byTool atomic.Pointer[map[key]*set] // copied on write: read without a lock
}

// key is what a call's attributes are made of.
type key struct {
	tool  string
	stage lenient.Stage
}

// set is a (tool, stage) pair's attributes, made once, as options.
type set struct {
	opts []metric.AddOption
	kvs  []attribute.KeyValue // for the fixes' attributes
}

// New makes the instruments with a meter of mp (otel.GetMeterProvider()
// for the global one).
func New(mp metric.MeterProvider) (*Metrics, error) {
	meter := mp.Meter(ScopeName)
	m := &Metrics{}
	var err error
	for _, c := range []struct {
		p          *metric.Int64Counter
		name, desc string
		unit       string
	}{
		{&m.calls, "normgen.calls", "Tool calls normgen handled.", "{call}"},
		{&m.fixed, "normgen.fixed_calls", "Tool calls taken with at least one fix.", "{call}"},
		{&m.refused, "normgen.refused_calls", "Tool calls refused.", "{call}"},
		{&m.fixes, "normgen.fixes", "Fixes normgen made, by tool, declared field path and kind of fix.", "{fix}"},
	} {
		if *c.p, err = meter.Int64Counter(c.name, metric.WithDescription(c.desc), metric.WithUnit(c.unit)); err != nil {
			return nil, err
		}
	}
	m.byTool.Store(&map[key]*set{})
	return m, nil
}

// Count counts one call (lenient.Metrics). A clean call of a tool seen
// before allocates nothing.
func (m *Metrics) Count(c lenient.Counted) {
	ctx := context.Background()
	s := m.set(key{c.Tool, c.Stage})
	m.calls.Add(ctx, 1, s.opts...)
	switch {
	case c.Refused:
		m.refused.Add(ctx, 1, s.opts...)
	case len(c.Fixes) > 0:
		m.fixed.Add(ctx, 1, s.opts...)
	}
	for _, f := range c.Fixes {
		kvs := append(s.kvs[:len(s.kvs):len(s.kvs)], AttrFixPath.String(f.Path), AttrFixKind.String(string(f.Kind)))
		m.fixes.Add(ctx, 1, metric.WithAttributes(kvs...))
	}
}

// set returns the attributes of k, made on its first call.
func (m *Metrics) set(k key) *set {
	if s, ok := (*m.byTool.Load())[k]; ok {
		return s
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	old := *m.byTool.Load()
	if s, ok := old[k]; ok {
		return s
	}
	if len(old) >= maxTools {
		k.tool = lenient.OtherTools
		if s, ok := old[k]; ok {
			return s
		}
	}
	kvs := []attribute.KeyValue{AttrToolName.String(k.tool), AttrMethodName.String("tools/call"), AttrStage.String(string(k.stage))}
	s := &set{opts: []metric.AddOption{metric.WithAttributeSet(attribute.NewSet(kvs...))}, kvs: kvs}
	next := make(map[key]*set, len(old)+1)
	for k, v := range old {
		next[k] = v
	}
	next[k] = s
	m.byTool.Store(&next)
	return s
}
