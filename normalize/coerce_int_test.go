package normalize

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestCoerceMinusZero: -0, which the generated decoders read as 0 for any
// integer field (JSON Schema's integer with minimum 0 takes it too) and
// encoding/json refuses for an unsigned one, is rewritten as 0 by every
// integer target; the string "-0" is an int's string form only, which an
// unsigned field's decoder and schema (digits, no sign) refuse, so a uint
// rule leaves it as it is.
func TestCoerceMinusZero(t *testing.T) {
	for _, tc := range []struct{ to, in, want string }{
		{"int", `{"n":-0}`, `{"n":0}`},
		{"uint", `{"n":-0}`, `{"n":0}`},
		{"int_literal", `{"n":-0}`, `{"n":0}`},
		{"int", `{"n":"-0"}`, `{"n":0}`},
		{"uint", `{"n":"-0"}`, `{"n":"-0"}`},
		{"uint", `{"n":"-3"}`, `{"n":"-3"}`},
		{"uint", `{"n":"7"}`, `{"n":7}`},
		{"uint", `{"n":-0.0}`, `{"n":0}`},
		{"int", `{"n":0}`, `{"n":0}`},
		{"int_literal", `{"n":"-0"}`, `{"n":"-0"}`},
	} {
		coerceCase(t, tc.to, tc.in, tc.want, true)
	}
}

// TestCoerceBeyondGoRange: a digit string beyond int64 and uint64 matches
// the string form a derived schema advertises (IntPattern), and the strict
// schema (type integer, no bounds) takes the number it writes, in AJV and
// Go's validators alike. The rule writes that number, exactly as sent
// (leading zeros dropped), so the call the served schema admits is taken;
// a server that decodes into a Go integer refuses it as it refuses the
// same JSON number (class (a)).
func TestCoerceBeyondGoRange(t *testing.T) {
	for _, tc := range []struct{ to, in, want string }{
		{"int", `{"n":"99999999999999999999999"}`, `{"n":99999999999999999999999}`},
		{"int", `{"n":"-99999999999999999999999"}`, `{"n":-99999999999999999999999}`},
		{"int", `{"n":"0099999999999999999999999"}`, `{"n":99999999999999999999999}`},
		{"int", `{"n":"-000000000000000000000000"}`, `{"n":0}`},
		{"int", `{"n":"18446744073709551616"}`, `{"n":18446744073709551616}`},
		{"uint", `{"n":"99999999999999999999999"}`, `{"n":99999999999999999999999}`},
		{"uint", `{"n":"-99999999999999999999999"}`, `{"n":"-99999999999999999999999"}`},
		// Beyond float64, text stays text: AJV refuses the number 1e400
		// (it reads it as Infinity) where Go's validators take it.
		{"float", `{"n":"1e400"}`, `{"n":"1e400"}`},
		{"float", `{"n":"99999999999999999999999"}`, `{"n":99999999999999999999999}`},
		{"float", `{"n":"1e"}`, `{"n":"1e"}`},
		{"int", `{"n":"1e400"}`, `{"n":"1e400"}`},
		{"int", `{"n":"99999999999999999999999x"}`, `{"n":"99999999999999999999999x"}`},
	} {
		coerceCase(t, tc.to, tc.in, tc.want, false)
	}
}

// coerceCase checks a type_coerce rule of n to coerceTo on the call in:
// NormalizeJSON writes want, and so does Normalize on in decoded (with
// json.Number where useNumber, else with float64s).
func coerceCase(t *testing.T, coerceTo, in, want string, useNumber bool) {
	t.Helper()
	rules, err := LoadRules(strings.NewReader(fmt.Sprintf(`[{"id":"c","tools":["t"],"type":"type_coerce","from":"n","coerce_to":%q}]`, coerceTo)), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := n.NormalizeJSON("t", []byte(in))
	if err != nil || string(out) != want {
		t.Errorf("%s %s: %s %v, want %s", coerceTo, in, out, err, want)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader([]byte(in)))
	if useNumber {
		dec.UseNumber()
	}
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	got, _ := n.Normalize("t", m)
	if b, _ := json.Marshal(got); string(b) != want {
		t.Errorf("%s %s, decoded (UseNumber %v): %s, want %s", coerceTo, in, useNumber, b, want)
	}
}

// TestCoerceMinusZeroFloat: a float64 -0 in a decoded map, which
// marshals as -0 and which encoding/json refuses for an unsigned field,
// is read by an integer target as NormalizeJSON reads -0 (found by
// review: it was kept).
func TestCoerceMinusZeroFloat(t *testing.T) {
	for _, to := range []string{"int", "uint", "int_literal"} {
		n, err := New([]lenient.Rule{{ID: "c", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "n", CoerceTo: to}})
		if err != nil {
			t.Fatal(err)
		}
		got, applied := n.Normalize("t", map[string]any{"n": math.Copysign(0, -1)})
		if b, _ := json.Marshal(got); string(b) != `{"n":0}` || len(applied) != 1 {
			t.Errorf("%s: %s %+v", to, b, applied)
		}
	}
}
