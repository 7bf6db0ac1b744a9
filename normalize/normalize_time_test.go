package normalize

import (
	"encoding/json"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/lenient"
)

// TestNormalizeTimes: the time targets of type_coerce rewrite each form
// the generated decoders read as the value encoding/json reads alike, in
// JSON text and in decoded values, and leave alone what they refuse.
func TestNormalizeTimes(t *testing.T) {
	rules := []lenient.Rule{
		{ID: "at", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "at", CoerceTo: lenient.CoerceDateTime},
		{ID: "d", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "d", CoerceTo: lenient.CoerceDuration},
		{ID: "s", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "s", CoerceTo: "duration_s"},
		{ID: "ns", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "ns", CoerceTo: "duration_ns"},
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"at":"2024-06-01","d":"1h30m","s":90,"ns":5}`, `{"at":"2024-06-01T00:00:00Z","d":5400000000000,"s":90000000000,"ns":5}`},
		{`{"at":"2024-06-01T15:04:05Z","d":5,"s":"1.5","ns":"5ms"}`, `{"at":"2024-06-01T15:04:05Z","d":5,"s":1500000000,"ns":5000000}`},
		{`{"at":"tomorrow","d":"5","s":1e-10,"ns":5.5}`, `{"at":"tomorrow","d":"5","s":1e-10,"ns":5.5}`},
		{`{"ns":5e3}`, `{"ns":5000}`},
		// An exponent at int64's edges is out of range at once, where it
		// looped for 2^63 steps (found by review).
		{`{"s":1e9223372036854775807,"ns":"1.5e-9223372036854775808"}`, `{"s":1e9223372036854775807,"ns":"1.5e-9223372036854775808"}`},
		// Without seconds; a zone offset past ±23:59 left for the decoder
		// to refuse (issue 39).
		{`{"at":"2026-03-02 09:00"}`, `{"at":"2026-03-02T09:00:00Z"}`},
		{`{"at":"2026-03-02T09:00+01:00"}`, `{"at":"2026-03-02T09:00:00+01:00"}`},
		{`{"at":"2026-03-02T09:00:00+24:00"}`, `{"at":"2026-03-02T09:00:00+24:00"}`},
	} {
		out, applied, err := n.NormalizeJSON("t", []byte(tc.in))
		if err != nil || string(out) != tc.want {
			t.Errorf("%s: got %s %v, want %s", tc.in, out, err, tc.want)
		}
		for _, a := range applied {
			if a.From == a.To {
				t.Errorf("%s: a record without a change: %+v", tc.in, a)
			}
		}
		var v map[string]any
		d := json.NewDecoder(strings.NewReader(tc.in))
		d.UseNumber()
		if err := d.Decode(&v); err != nil {
			t.Fatal(err)
		}
		got, _ := n.Normalize("t", v)
		var want map[string]any
		d = json.NewDecoder(strings.NewReader(tc.want))
		d.UseNumber()
		if err := d.Decode(&want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Normalize gives %v, want %s", tc.in, got, tc.want)
		}
	}
}

// TestDurationUnitNumberAlone: a plain integer for a duration of a unit
// (90 for unit=s) is that many units, which the rule writes in
// nanoseconds, whether or not another member of the call lets the call
// past the screen first, and from a plain json.Unmarshal's float64 too:
// left as it was, encoding/json reads 90 as 90ns, silently.
func TestDurationUnitNumberAlone(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "s", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "s", CoerceTo: "duration_s"},
		{ID: "ns", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "ns", CoerceTo: "duration_ns"},
		{ID: "us", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "us", CoerceTo: "duration_us"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"s":90}`, `{"s":90000000000}`},
		{`{"s":-2}`, `{"s":-2000000000}`},
		{`{"s":1.5}`, `{"s":1500000000}`},
		{`{"s":0}`, `{"s":0}`},
		{`{"ns":90}`, `{"ns":90}`},
		// 2^53 and more too, a float64 in a decoded map (found by review)
		{`{"us":9007199254740992}`, `{"us":9007199254740992000}`},
		// Beyond int64's nanoseconds: the number it means, which a
		// time.Duration refuses, where left alone encoding/json read it
		// as nanoseconds (10 s for 10^10 s; found by a newcomer's trial)
		{`{"s":9007199254740992}`, `{"s":9007199254740992000000000}`},
		{`{"s":10000000000}`, `{"s":10000000000000000000}`},
		{`{"s":-10000000000}`, `{"s":-10000000000000000000}`},
	} {
		out, applied, err := n.NormalizeJSON("t", []byte(tc.in))
		if err != nil || string(out) != tc.want {
			t.Errorf("%s: got %s %v, want %s", tc.in, out, err, tc.want)
		}
		if changed := tc.in != tc.want; changed != (len(applied) == 1) {
			t.Errorf("%s: records %+v", tc.in, applied)
		}
		var m map[string]any // float64s, as a plain json.Unmarshal gives
		if err := json.Unmarshal([]byte(tc.in), &m); err != nil {
			t.Fatal(err)
		}
		got, _ := n.Normalize("t", m)
		if b, _ := json.Marshal(got); string(b) != tc.want {
			t.Errorf("%s, decoded into float64s: %s, want %s", tc.in, b, tc.want)
		}
		var d struct{ S, NS, US time.Duration }
		var w map[string]json.Number
		json.Unmarshal([]byte(tc.want), &w)
		for _, num := range w {
			b, ok := new(big.Int).SetString(string(num), 10)
			if err := json.Unmarshal(out, &d); ok && (err != nil) == b.IsInt64() {
				t.Errorf("%s: encoding/json reads %s as %+v, %v", tc.in, out, d, err)
			}
		}
	}
}

// TestDurationUnitsBeyondInt64 checks, for each unit, that a number whose
// nanoseconds int64 cannot hold is written as those nanoseconds, which
// encoding/json refuses for a time.Duration, never left as a number it
// reads as nanoseconds.
func TestDurationUnitsBeyondInt64(t *testing.T) {
	for _, unit := range []string{"us", "ms", "s", "m", "h"} {
		n, err := New([]lenient.Rule{{ID: "d", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "d", CoerceTo: "duration_" + unit}})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range []string{`{"d":2562048}`, `{"d":-2562048}`, `{"d":9223372036854775807}`, `{"d":9223372036854775}`, `{"d":153722868}`} {
			out, _, err := n.NormalizeJSON("t", []byte(in))
			if err != nil {
				t.Fatal(err)
			}
			var d struct{ D time.Duration }
			derr := json.Unmarshal(out, &d)
			var m map[string]json.Number
			json.Unmarshal([]byte(in), &m)
			v, _ := m["d"].Int64()
			per := map[string]int64{"us": 1e3, "ms": 1e6, "s": 1e9, "m": 6e10, "h": 36e11}[unit]
			ns := new(big.Int).Mul(big.NewInt(v), big.NewInt(per))
			fits := ns.IsInt64()
			switch {
			case fits && (derr != nil || int64(d.D) != v*per):
				t.Errorf("%s as %s: %s read as %v, %v; want %d ns", in, unit, out, d.D, derr, v*per)
			case !fits && derr == nil:
				t.Errorf("%s as %s: %s read as %v; want it refused", in, unit, out, d.D)
			}
		}
	}
}
