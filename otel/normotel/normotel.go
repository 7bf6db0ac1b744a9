// Package normotel counts what normgen fixes as OpenTelemetry metrics:
// calls, calls fixed, calls refused, and fixes by tool, declared field
// path and kind of fix, from the generated decoders (through the tool
// list normalize.Instrument returns), a normalize.Normalizer
// (normalize.WithMetrics) and the SDK adapters (their NormalizerOptions).
//
//	m, err := normotel.New(otel.GetMeterProvider())
//	tools := normalize.Instrument(tools.NormgenTools(), m)
//	lax, err := gosdk.New(gosdk.Options{NormalizerOptions: []normalize.Option{normalize.WithMetrics(m)}})
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

	"github.com/normgen/normgen/normalize"
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
	// "normalizer" (normalize.Stage).
	AttrStage = attribute.Key("normgen.stage")
	// AttrFixPath is a fix's declared path (normalize.CountedFix.Path).
	AttrFixPath = attribute.Key("normgen.fix.path")
	// AttrFixKind is a fix's kind (lenient.FixKind).
	AttrFixKind = attribute.Key("normgen.fix.kind")
)

// maxTools bounds how many (tool, stage) pairs are counted apart: the
// calls of further ones are counted under the tool name "(other tools)",
// as the normalizer's statistics count them.
const maxTools = 1024

// maxFixes bounds how many (path, kind) pairs of one tool are counted
// apart (a tool declares few paths); further fixes are counted at the
// path "*".
const maxFixes = 4096

// Metrics counts calls and fixes for OpenTelemetry. It implements
// normalize.Metrics and is safe for concurrent use.
//
// A call is counted in atomic counters kept per tool, and the instruments
// are asynchronous counters that observe them when the SDK collects: the
// hot path adds to an integer, never through the SDK's per-measurement
// work (attribute sets, exemplars, locks).
type Metrics struct {
	calls, fixed, refused, fixes metric.Int64ObservableCounter

	mu     sync.Mutex                   // held to add to byTool or to a set's fixes
	byTool atomic.Pointer[map[key]*set] // copied on write: read without a lock
}

// key is what a call's attributes are made of.
type key struct {
	tool  string
	stage normalize.Stage
}

// set is one (tool, stage) pair's counts and attributes.
type set struct {
	attrs                 attribute.Set
	kvs                   []attribute.KeyValue // for the fixes' attributes
	calls, fixed, refused atomic.Int64
	fixes                 atomic.Pointer[map[normalize.CountedFix]*fixCount] // copied on write
}

// fixCount is one (path, kind) pair's count and attributes.
type fixCount struct {
	attrs attribute.Set
	n     atomic.Int64
}

// New makes the instruments with a meter of mp (otel.GetMeterProvider()
// for the global one).
func New(mp metric.MeterProvider) (*Metrics, error) {
	meter := mp.Meter(ScopeName)
	m := &Metrics{}
	m.byTool.Store(&map[key]*set{})
	var err error
	for _, c := range []struct {
		p          *metric.Int64ObservableCounter
		name, desc string
		unit       string
	}{
		{&m.calls, "normgen.calls", "Tool calls normgen handled.", "{call}"},
		{&m.fixed, "normgen.fixed_calls", "Tool calls taken with at least one fix.", "{call}"},
		{&m.refused, "normgen.refused_calls", "Tool calls refused.", "{call}"},
		{&m.fixes, "normgen.fixes", "Fixes normgen made, by tool, declared field path and kind of fix.", "{fix}"},
	} {
		if *c.p, err = meter.Int64ObservableCounter(c.name, metric.WithDescription(c.desc), metric.WithUnit(c.unit)); err != nil {
			return nil, err
		}
	}
	if _, err := meter.RegisterCallback(m.observe, m.calls, m.fixed, m.refused, m.fixes); err != nil {
		return nil, err
	}
	return m, nil
}

// Count counts one call (normalize.Metrics). A clean call of a tool seen
// before allocates nothing and takes no lock.
func (m *Metrics) Count(c normalize.Counted) {
	m.count(m.set(key{c.Tool, c.Stage}), c)
}

// Bind returns the Metrics of one tool's calls at one stage
// (normalize.MetricsBinder): normalize.Instrument counts each tool's calls
// through it, without looking the tool up.
func (m *Metrics) Bind(tool string, stage normalize.Stage) normalize.Metrics {
	return bound{m, m.set(key{tool, stage})}
}

// bound counts the calls of the tool and stage its set is of.
type bound struct {
	m *Metrics
	s *set
}

// Count counts one call of b's tool.
func (b bound) Count(c normalize.Counted) { b.m.count(b.s, c) }

// count counts one call in s.
func (m *Metrics) count(s *set, c normalize.Counted) {
	s.calls.Add(1)
	switch {
	case c.Refused:
		s.refused.Add(1)
	case len(c.Fixes) > 0:
		s.fixed.Add(1)
	}
	for _, f := range c.Fixes {
		m.fixCount(s, f).n.Add(1)
	}
}

// observe reports every count to the SDK when it collects.
func (m *Metrics) observe(_ context.Context, o metric.Observer) error {
	for _, s := range *m.byTool.Load() {
		opt := metric.WithAttributeSet(s.attrs)
		o.ObserveInt64(m.calls, s.calls.Load(), opt)
		o.ObserveInt64(m.fixed, s.fixed.Load(), opt)
		o.ObserveInt64(m.refused, s.refused.Load(), opt)
		for _, f := range *s.fixes.Load() {
			o.ObserveInt64(m.fixes, f.n.Load(), metric.WithAttributeSet(f.attrs))
		}
	}
	return nil
}

// set returns the counts of k, made on its first call.
func (m *Metrics) set(k key) *set {
	if s, ok := (*m.byTool.Load())[k]; ok {
		return s
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	old := *m.byTool.Load()
	if len(old) >= maxTools {
		k.tool = normalize.OtherTools
	}
	if s, ok := old[k]; ok {
		return s
	}
	kvs := []attribute.KeyValue{AttrToolName.String(k.tool), AttrMethodName.String("tools/call"), AttrStage.String(string(k.stage))}
	s := &set{attrs: attribute.NewSet(kvs...), kvs: kvs}
	s.fixes.Store(&map[normalize.CountedFix]*fixCount{})
	m.byTool.Store(with(old, k, s))
	return s
}

// fixCount returns the count of fix f of s's tool, made on its first fix.
func (m *Metrics) fixCount(s *set, f normalize.CountedFix) *fixCount {
	if c, ok := (*s.fixes.Load())[f]; ok {
		return c
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	old := *s.fixes.Load()
	if len(old) >= maxFixes {
		f.Path = "*"
	}
	if c, ok := old[f]; ok {
		return c
	}
	kvs := append(s.kvs[:len(s.kvs):len(s.kvs)], AttrFixPath.String(f.Path), AttrFixKind.String(string(f.Kind)))
	c := &fixCount{attrs: attribute.NewSet(kvs...)}
	s.fixes.Store(with(old, f, c))
	return c
}

// with returns a copy of m with k set to v.
func with[K comparable, V any](m map[K]V, k K, v V) *map[K]V {
	next := make(map[K]V, len(m)+1)
	for k, v := range m {
		next[k] = v
	}
	next[k] = v
	return &next
}
