package fastreview

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/google/go-cmp/cmp"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// decoder is what the generated code gives each struct: the two public
// decoders and the fast path they try first.
type decoder interface {
	UnmarshalJSON([]byte) error
	UnmarshalJSONReport([]byte) ([]lenient.Fix, error)
}

// faster is a decoder with a fast path.
type faster interface {
	fastNormgen(*lenientimpl.Fast, lenientimpl.Mode) bool
}

// kind is a type under test: how to make a zero value, and the document
// that pre-fills one (decoded by the Decoder path).
type kind struct {
	name    string
	typ     reflect.Type
	newZero func() decoder
	prefill string
}

func kindOf[T any, P interface {
	*T
	decoder
}](prefill string) kind {
	var zero T
	return kind{
		name:    reflect.TypeOf(zero).Name(),
		typ:     reflect.TypeOf(zero),
		newZero: func() decoder { return P(new(T)) },
		prefill: prefill,
	}
}

// kinds are the structs the differential tests decode.
var kinds = []kind{
	kindOf[ScalarsInput](`{"s":"pre","ps":"pre","pi":41,"f64":2.5,"pm":"mm","un":"u","pl":-2}`),
	kindOf[BoundsInput](`{"a":5,"s":"abc","v":"c","vs":["a"],"items":[1],"pits":[1,2]}`),
	kindOf[ContainersInput](`{"tags":["p"],"counts":{"a":1},"ms":{"k":{"n":1}},"pin":{"s":"p"},"in":{"xs":[1,2]},"ss":[["x"]],"mid":{"leaf":{"v":["q"]}}}`),
	kindOf[DefaultsInput](`{"req":"pre","req_i":1,"ds":"pre","dp":9,"opts":{"level":1},"parts":[{"name":"n"}]}`),
	kindOf[StrictInput](`{"id":"pre","c":{"a":1},"cs":[{"b":"x"}],"cm":{"k":{}},"flag":true}`),
	kindOf[Inner](`{"n":3,"s":"pre","xs":[7]}`),
	kindOf[Mid](`{"leaf":{"v":["a"]},"map":{"k":{}}}`),
	kindOf[Opts](`{"level":1,"ratio":0.25}`),
	kindOf[Closed](`{"a":1}`),
	kindOf[Part](`{"name":"pre","id":"pre"}`),
	kindOf[Leaf](`{"v":["pre"]}`),
	kindOf[OddInput](`{"psp":[1],"n":{"a":["m"]},"emb":{"b":1},"str":2}`),
	kindOf[Emb](`{"b":3}`),
	kindOf[DeepInput](`{"t":"pre"}`),
	kindOf[RawHolder](`{"raw":1}`),
	kindOf[ReportInput](`{"id":"pre","s":"pre","p i":4,"a b":[9],"a-b":{"k":1},"x 0":{"n":2},"d s":"pre","dpf":2,"opts":{"level":1}}`),
	kindOf[ReportPaths](`{"i.v":1,"x[0]":{"n":2},"m{}":{"k":1},"b.b":false}`),
	kindOf[ClosedReport](`{"a":1}`),
}

// outcome is one decode's result.
type outcome struct {
	Value   any
	Fixes   []lenient.Fix
	Err     string
	ErrType string
}

// run decodes doc into a new value of k (pre-filled when pre) with the
// fast path on or off, through UnmarshalJSONReport when report.
func run(k kind, doc []byte, pre, report, fastOn bool) outcome {
	x := k.newZero()
	if pre {
		lenientimpl.DisableFast(true)
		if err := x.UnmarshalJSON([]byte(k.prefill)); err != nil {
			panic(fmt.Sprintf("%s: prefill %s: %v", k.name, k.prefill, err))
		}
	}
	lenientimpl.DisableFast(!fastOn)
	defer lenientimpl.DisableFast(false)
	var o outcome
	var err error
	if report {
		o.Fixes, err = x.UnmarshalJSONReport(doc)
	} else {
		err = x.UnmarshalJSON(doc)
	}
	o.Value = x
	if err != nil {
		o.Err, o.ErrType = err.Error(), fmt.Sprintf("%T", err)
	}
	return o
}

// fastTakes reports whether the fast path finishes doc for k (with fixes
// recorded when report).
func fastTakes(k kind, doc []byte, report bool) bool {
	var f lenientimpl.Fast
	x, ok := k.newZero().(faster)
	return ok && f.Start(doc, report) && x.fastNormgen(&f, lenientimpl.Strict) && f.End()
}

// floats compare by their bits: 0 and -0 differ, a NaN equals itself.
var cmpOpts = cmp.Options{
	cmp.Comparer(func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }),
	cmp.Comparer(func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }),
	cmp.Comparer(func(a, b Ratio) bool { return math.Float32bits(float32(a)) == math.Float32bits(float32(b)) }),
}

// shapeDiff reports where a and b (values of one type) differ in a
// slice's capacity or a slice's or map's nil-ness, which cmp.Diff does
// not show (capacity) or shows only as a value.
func shapeDiff(path string, a, b reflect.Value) string {
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() != b.IsNil() {
			return path + ": nil-ness differs"
		}
		if !a.IsNil() {
			return shapeDiff(path, a.Elem(), b.Elem())
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if d := shapeDiff(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i)); d != "" {
				return d
			}
		}
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return path + ": nil-ness differs"
		}
		if a.Cap() != b.Cap() {
			return fmt.Sprintf("%s: cap %d vs %d", path, a.Cap(), b.Cap())
		}
		for i := 0; i < min(a.Len(), b.Len()); i++ {
			if d := shapeDiff(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i)); d != "" {
				return d
			}
		}
	case reflect.Map:
		if a.IsNil() != b.IsNil() {
			return path + ": nil-ness differs"
		}
		for _, key := range a.MapKeys() {
			if bv := b.MapIndex(key); bv.IsValid() {
				if d := shapeDiff(fmt.Sprintf("%s[%q]", path, key), a.MapIndex(key), bv); d != "" {
					return d
				}
			}
		}
	}
	return ""
}

// differ decodes doc into k with the fast path on and off, through both
// decoders, from a zero and a pre-filled value, and returns a description
// of the first difference (or ""). It also checks that the fast path's
// value does not share the caller's bytes: overwriting them after the
// decode changes nothing.
func differ(k kind, doc []byte) string {
	for _, report := range []bool{false, true} {
		for _, pre := range []bool{false, true} {
			buf := bytes.Clone(doc)
			fast := run(k, buf, pre, report, true)
			for i := range buf {
				buf[i] = 'X'
			}
			slow := run(k, bytes.Clone(doc), pre, report, false)
			how := fmt.Sprintf("%s report=%v prefilled=%v fastTakes=%v", k.name, report, pre, fastTakes(k, doc, report))
			if d := diff(k, slow, fast); d != "" {
				return fmt.Sprintf("%s\ninput: %q\nfast: %s\nslow: %s\n(-slow +fast)\n%s", how, doc, show(fast), show(slow), d)
			}
			if d := shapeDiff("x", reflect.ValueOf(fast.Value), reflect.ValueOf(slow.Value)); d != "" {
				return fmt.Sprintf("%s\ninput: %q\n%s (fast vs slow)", how, doc, d)
			}
			if d := fixesApart(fast.Fixes); d != "" {
				return fmt.Sprintf("%s\ninput: %q\nfast: %s", how, doc, d)
			}
			if d := fixesApart(slow.Fixes); d != "" {
				return fmt.Sprintf("%s\ninput: %q\nslow: %s", how, doc, d)
			}
		}
	}
	return ""
}

// fixesApart reports ("" when none) a fix whose From or To shares memory
// with another fix: appending to each fix's From and To (in place when it
// has room) must leave every other fix as it was.
func fixesApart(fixes []lenient.Fix) string {
	was, _ := json.Marshal(fixes)
	params := make([]string, len(fixes))
	for i, f := range fixes {
		params[i] = strings.Clone(f.Param)
	}
	for i := range fixes {
		saved := fixes[i]
		_ = append(fixes[i].From, "ZZZZZZZZ"...)
		_ = append(fixes[i].To, "ZZZZZZZZ"...)
		fixes[i] = saved
	}
	now, _ := json.Marshal(fixes)
	if !bytes.Equal(was, now) {
		return fmt.Sprintf("appending to a fix's From or To changed the fixes:\n was %s\n now %s", was, now)
	}
	for i, f := range fixes {
		if f.Param != params[i] {
			return fmt.Sprintf("fix %d's Param changed: %q, was %q", i, f.Param, params[i])
		}
	}
	return ""
}

// diff is cmp.Diff(slow, fast) but quick when they are equal (cmp takes
// exponential time on DeepInput's 63 levels of slices): reflect.DeepEqual
// and the JSON of both (which tells -0 from 0) first.
func diff(k kind, slow, fast outcome) string {
	sj, _ := json.Marshal(slow)
	fj, _ := json.Marshal(fast)
	if reflect.DeepEqual(slow, fast) && bytes.Equal(sj, fj) {
		return ""
	}
	if k.name == "DeepInput" {
		return fmt.Sprintf("slow: %s\nfast: %s", sj, fj)
	}
	return cmp.Diff(slow, fast, cmpOpts)
}

// show prints an outcome briefly.
func show(o outcome) string {
	v, _ := json.Marshal(o.Value)
	f, _ := json.Marshal(o.Fixes)
	return fmt.Sprintf("value=%s fixes=%s err=%q", v, f, o.Err)
}
