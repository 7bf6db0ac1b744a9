package normalize

import (
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/normgen/normgen/lenient"
)

// recorder is a Metrics that keeps what it is given.
type recorder struct {
	mu  sync.Mutex
	got []Counted
}

func (r *recorder) Count(c Counted) {
	r.mu.Lock()
	defer r.mu.Unlock()
	c.Fixes = slices.Clone(c.Fixes) // Count must not keep them
	r.got = append(r.got, c)
}

// metricsSchema declares a top-level integer, an array of objects (also
// taken as JSON text, through anyOf), a map of objects, and a key with a
// dot in it.
const metricsSchema = `{"type":"object","properties":{
 "limit":{"type":["integer","string"]},
 "steps":{"anyOf":[{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"}}}},{"type":"string"}]},
 "env":{"type":"object","additionalProperties":{"type":"object","properties":{"port":{"type":"integer"}}}},
 "x.y":{"type":"integer"},
 "node":{"$ref":"#/$defs/Node"}},
 "$defs":{"Node":{"type":"object","properties":{"next":{"$ref":"#/$defs/Node"},"n":{"type":"integer"}}}}}`

// TestInstrumentDeclaredPaths: an instrumented Tool.Decode counts each
// call and each fix at its declared path: indexes as [], map keys the
// caller chose as {}, keys the schema does not declare as * (an unknown
// key's name never reaches metrics); the fixes returned are the
// decoder's own.
func TestInstrumentDeclaredPaths(t *testing.T) {
	fixes := []lenient.Fix{
		{Param: "limit", Kind: lenient.FixStringToInt},
		{Param: "steps[3].id", Kind: lenient.FixNumberToInt},
		{Param: "env.db.port", Kind: lenient.FixStringToInt},
		{Param: `env["we.ird"].port`, Kind: lenient.FixStringToInt},
		{Param: "bogus_key_from_caller", Kind: lenient.FixUnknownKey},
		{Param: "steps[0].nope", Kind: lenient.FixUnknownKey},
		{Param: `["x.y"]`, Kind: lenient.FixStringToInt},
		{Param: "steps", Kind: lenient.FixJSONText},
		{Param: "node.next.next.n", Kind: lenient.FixStringToInt},
	}
	refuse := errors.New("refused")
	var err error
	tools := []lenient.Tool{{Name: "t", InputSchema: []byte(metricsSchema), Decode: func([]byte) (any, []lenient.Fix, error) {
		return 1, fixes, err
	}}}
	var r recorder
	in := Instrument(tools, &r)
	v, got, _ := in[0].Decode(nil)
	if v != 1 || len(got) != len(fixes) || &got[0] != &fixes[0] {
		t.Errorf("Decode returned %v, %v: not the decoder's own", v, got)
	}
	err = refuse
	in[0].Decode(nil)
	want := []CountedFix{
		{"limit", lenient.FixStringToInt},
		{"steps[].id", lenient.FixNumberToInt},
		{"env{}.port", lenient.FixStringToInt},
		{"env{}.port", lenient.FixStringToInt},
		{"*", lenient.FixUnknownKey},
		{"steps[].*", lenient.FixUnknownKey},
		{`["x.y"]`, lenient.FixStringToInt},
		{"steps", lenient.FixJSONText},
		{"node.next.next.n", lenient.FixStringToInt},
	}
	wantCalls := []Counted{
		{Tool: "t", Stage: StageDecoder, Fixes: want},
		{Tool: "t", Stage: StageDecoder, Refused: true, Fixes: want},
	}
	if diff := cmp.Diff(wantCalls, r.got); diff != "" {
		t.Errorf("counted (-want +got):\n%s", diff)
	}
	if tools[0].Decode == nil || Instrument(tools, nil)[0].Decode == nil {
		t.Error("Instrument changed its argument or dropped Decode")
	}
}

// TestInstrumentCleanCallAllocs: a clean call through an instrumented
// Decode allocates nothing more than the decoder itself.
func TestInstrumentCleanCallAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are counted differently under the race detector")
	}
	tools := []lenient.Tool{{Name: "t", InputSchema: []byte(metricsSchema), Decode: func([]byte) (any, []lenient.Fix, error) {
		return nil, nil, nil
	}}}
	var n countOnly
	in := Instrument(tools, &n)
	if a := testing.AllocsPerRun(100, func() { in[0].Decode(nil) }); a != 0 {
		t.Errorf("a clean call allocates %v times", a)
	}
	if n.calls != 101 {
		t.Errorf("%d calls counted, want 101", n.calls)
	}
}

type countOnly struct{ calls int }

func (c *countOnly) Count(Counted) { c.calls++ }

// TestNormalizerMetrics: a Normalizer with WithMetrics counts each call,
// through both entry points, with each fix at the declared target of the
// rule that made it (an alias at its canonical key) and the decoder's
// kind of fix; arguments that are not an object are counted refused.
func TestNormalizerMetrics(t *testing.T) {
	var r recorder
	rules, err := LoadRules(strings.NewReader(`[
	 {"id":"a","tools":["edit"],"type":"param_alias","from":"old_str","to":"old_text"},
	 {"id":"c","tools":["edit"],"type":"type_coerce","path":"steps[].id","coerce_to":"int"},
	 {"id":"e","tools":["edit"],"type":"type_coerce","path":"env{}.on","coerce_to":"bool"},
	 {"id":"j","tools":["edit"],"type":"json_accept_both","from":"tags","to":"native"},
	 {"id":"d","tools":["edit"],"type":"param_default","from":"limit","value":10}]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rules, WithMetrics(&r))
	if err != nil {
		t.Fatal(err)
	}
	n.NormalizeJSON("edit", []byte(`{"old_str":"a","steps":[{"id":"1"},{"id":2.0}],"env":{"caller_key":{"on":"yes"}},"tags":"[1]"}`))
	n.NormalizeJSON("edit", []byte(`{"old_text":"a","limit":5}`))
	n.NormalizeJSON("edit", []byte(`[1]`))
	n.Normalize("edit", map[string]any{"old_str": "a", "limit": 1})
	want := []Counted{
		{Tool: "edit", Stage: StageNormalizer, Fixes: []CountedFix{
			{"old_text", lenient.FixAlias},
			{"limit", lenient.FixDefault},
			{"steps[].id", lenient.FixStringToInt},
			{"steps[].id", lenient.FixNumberToInt},
			{"env{}.on", lenient.FixStringToBool},
			{"tags", lenient.FixJSONText},
		}},
		{Tool: "edit", Stage: StageNormalizer},
		{Tool: "edit", Stage: StageNormalizer, Refused: true},
		{Tool: "edit", Stage: StageNormalizer, Fixes: []CountedFix{{"old_text", lenient.FixAlias}}},
	}
	if diff := cmp.Diff(want, r.got); diff != "" {
		t.Errorf("counted (-want +got):\n%s", diff)
	}
}

// binder counts through the Metrics its Bind returns.
type binder struct {
	recorder
	bound []string
}

func (b *binder) Bind(tool string, stage Stage) Metrics {
	b.bound = append(b.bound, tool+" "+string(stage))
	return &b.recorder
}

func (b *binder) Count(Counted) { panic("Count called on a MetricsBinder's unbound Metrics") }

// TestInstrumentBinds: Instrument binds each tool once to a Metrics that
// implements MetricsBinder, and counts its calls through what Bind gave.
func TestInstrumentBinds(t *testing.T) {
	var b binder
	in := Instrument([]lenient.Tool{{Name: "a", Decode: func([]byte) (any, []lenient.Fix, error) { return nil, nil, nil }}, {Name: "b"}}, &b)
	in[0].Decode(nil)
	in[0].Decode(nil)
	if want := []string{"a decoder"}; !slices.Equal(b.bound, want) || len(b.got) != 2 {
		t.Errorf("bound %q, %d calls counted; want %q, 2", b.bound, len(b.got), want)
	}
}

// TestInstrumentUnreadSchema: a tool whose input schema cannot be read is
// still counted, its fixes at "*", with a warning on log/slog's default
// logger (never a silent loss of the paths).
func TestInstrumentUnreadSchema(t *testing.T) {
	var buf strings.Builder
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	var r recorder
	in := Instrument([]lenient.Tool{{Name: "broken", InputSchema: []byte(`{"type":`), Decode: func([]byte) (any, []lenient.Fix, error) {
		return nil, []lenient.Fix{{Param: "limit", Kind: lenient.FixStringToInt}}, nil
	}}}, &r)
	in[0].Decode(nil)
	if len(r.got) != 1 || len(r.got[0].Fixes) != 1 || r.got[0].Fixes[0].Path != "*" {
		t.Errorf("counted %+v", r.got)
	}
	if !strings.Contains(buf.String(), "tool broken: input schema not read") {
		t.Errorf("no warning: %q", buf.String())
	}
}

// TestShapePercentEncodedRef: a $ref is read as the validators read it,
// percent-decoded (jsonnode.Resolve), so a definition named with a space
// still gives its declared paths.
func TestShapePercentEncodedRef(t *testing.T) {
	sh, err := newShape([]byte(`{"type":"object","properties":{"p":{"$ref":"#/$defs/a%20b"}},"$defs":{"a b":{"type":"object","properties":{"n":{"type":"integer"}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := sh.declared("p.n"); got != "p.n" {
		t.Errorf("declared(p.n) = %q, want p.n", got)
	}
	if _, err := newShape([]byte(`[1]`)); err == nil {
		t.Error("an array schema: no error")
	}
}
