package normalize

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

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
		{`{"s":9007199254740992}`, `{"s":9007199254740992}`}, // (out of range: left for the decoder to refuse)
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
	}
}
