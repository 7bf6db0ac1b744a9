package lenientimpl

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

func FuzzParseIntString(f *testing.F) {
	for _, s := range []string{"0", "-0", "010", "+1", "9223372036854775808", "-9223372036854775808", "", "1e3", " 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseIntString(s, 64)
		want, serr := strconv.ParseInt(s, 10, 64)
		if err == nil && (serr != nil || got != want) {
			t.Fatalf("ParseIntString(%q) = %d; strconv says %d, %v", s, got, want, serr)
		}
		if serr == nil && !strings.HasPrefix(s, "+") && err != nil {
			t.Fatalf("ParseIntString(%q) failed (%v); strconv reads %d", s, err, want)
		}
		for _, bits := range []int{8, 16, 32} {
			g, e := ParseIntString(s, bits)
			w, se := strconv.ParseInt(s, 10, bits)
			if e == nil && (se != nil || g != w) {
				t.Fatalf("ParseIntString(%q, %d) = %d; strconv says %d, %v", s, bits, g, w, se)
			}
		}
	})
}

func FuzzParseIntNumber(f *testing.F) {
	for _, s := range []string{"5", "5.0", "1e3", "1.5e1", "-0", "1.9", "1e999999999", "9007199254740993", "0.1e1", "100e-2", "-128", "128", "007", "-", "999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// ParseIntNumber's fast path reads what its general path reads.
		if u, ok := plainDigits([]byte(s)); ok {
			if want, neg, err := integerValue(s); err != nil || u != want || neg != (s[0] == '-') {
				t.Fatalf("plainDigits(%q) reads %d; integerValue %d, %v, %v", s, u, want, neg, err)
			}
		}
		got, err := ParseIntNumber(s, 64)
		if !jsonwire.IsNumber(s) {
			if err == nil {
				t.Fatalf("ParseIntNumber(%q) accepted a non-number", s)
			}
			return
		}
		if len(s) > 200 || strings.ContainsAny(s, "eE") && expTooBig(s) {
			return // big.Rat would take too long; range handling is tested directly
		}
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("big.Rat cannot read JSON number %q", s)
		}
		exact := r.IsInt() && r.Num().IsInt64()
		switch {
		case exact && (err != nil || got != r.Num().Int64()):
			t.Fatalf("ParseIntNumber(%q) = %d, %v; exact value %s", s, got, err, r.Num())
		case !exact && err == nil:
			t.Fatalf("ParseIntNumber(%q) = %d; exact value %s is not an int64", s, got, r.RatString())
		}
	})
}

func expTooBig(s string) bool {
	i := strings.IndexAny(s, "eE")
	e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
	return err != nil || e > 400 || e < -400
}

func FuzzParseFloat(f *testing.F) {
	for _, s := range []string{"1.5", "-0.25e2", "1e400", "NaN", "Infinity", "0x1p3", "1_0", "1.", ".5",
		"-0", "-0.0e5", "0.75", "123456789012345", "1234567890123456", "9007199254740993", "1e22", "1e23", "1.5e-22", "3e-23",
		"0.000000000000000000000000000001", "100000000000000000000000e-23", "-0.5", "00.5", "0.", "1.2.3", "-", "12345678901234.5", "0.99999999999999", "1e0000000000000000000022", "4.9e-324", "1e-400", "2e-324", "-0.0e-999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseFloat(s, 64)
		// ParseFloat's fast path reads only JSON numbers, as strconv does.
		if f, ok := floatExact([]byte(s)); ok {
			want, serr := strconv.ParseFloat(s, 64)
			if !jsonwire.IsNumber(s) || serr != nil || f != want || math.Signbit(f) != math.Signbit(want) {
				t.Fatalf("floatExact(%q) = %g; strconv %g, %v; JSON number %v", s, f, want, serr, jsonwire.IsNumber(s))
			}
		}
		if err == nil && (math.IsInf(got, 0) || math.IsNaN(got)) {
			t.Fatalf("ParseFloat(%q) = %g", s, got)
		}
		if !jsonwire.IsNumber(s) {
			if err == nil {
				t.Fatalf("ParseFloat(%q) accepted text outside JSON number grammar", s)
			}
			return
		}
		want, serr := strconv.ParseFloat(s, 64)
		if serr == nil && want == 0 && !zeroDigits(s) {
			// Not zero, but reads as zero: out of range.
			if err != ErrRange {
				t.Fatalf("ParseFloat(%q) = %g, %v; want out of range (it is not zero and reads as zero)", s, got, err)
			}
			return
		}
		if serr == nil && (err != nil || got != want || math.Signbit(got) != math.Signbit(want)) {
			t.Fatalf("ParseFloat(%q) = %g, %v; strconv says %g", s, got, err, want)
		}
		if serr != nil && err == nil {
			t.Fatalf("ParseFloat(%q) = %g; strconv says %v", s, got, serr)
		}
	})
}

func FuzzParseBool(f *testing.F) {
	for _, s := range []string{"true", "FALSE", "Yes", "no", "1", "0", "on", "t", ""} {
		f.Add(s)
	}
	table := map[string]bool{"true": true, "false": false, "yes": true, "no": false, "1": true, "0": false}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := ParseBool(s, false)
		want, known := table[strings.ToLower(s)]
		if strings.ToLower(s) != asciiLower(s) {
			known = false // only ASCII letters fold
			want, known = table[asciiLower(s)]
		}
		if ok != known || got != want {
			t.Fatalf("ParseBool(%q) = %v, %v; table says %v, %v", s, got, ok, want, known)
		}
		sgot, sok := ParseBool(s, true)
		if sok != (s == "true" || s == "false") || sok && sgot != (s == "true") {
			t.Fatalf("ParseBool(%q, strict) = %v, %v", s, sgot, sok)
		}
	})
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

func FuzzValid(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}]}`, `{"a":1,"a":2}`, `[1,]`, `"\ud800"`, `01`, `{"a" 1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := jsonwire.Valid(data)
		std := json.Valid(data)
		if err == nil && !std {
			t.Fatalf("Valid accepts %q; encoding/json rejects it", data)
		}
		if _, dup := err.(*lenient.DuplicateKeyError); std && err != nil && !dup {
			t.Fatalf("Valid rejects %q (%v); encoding/json accepts it", data, err)
		}
	})
}

// FuzzDecoder runs every Decoder method on arbitrary documents: none may
// panic, and a value a method accepts must round-trip sensibly.
func FuzzDecoder(f *testing.F) {
	for _, s := range []string{`{"a":"1"}`, `"[1,2]"`, `"{\"a\":1}"`, `[1,"2",true]`, `"yes"`, `1e3`, `null`, `"a\\nb"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Decoder
		d.record = true
		if !d.Begin(data) {
			if d.Err() == nil {
				t.Fatal("Begin failed without an error")
			}
			return
		}
		v := data[jsonwire.SkipSpace(data, 0):]
		v = v[:jsonwire.SkipValue(v, 0)]
		for _, m := range []Mode{0, Strict, StrictBool, Wrap, Unescape} {
			d.Int(v, "i", 64, m)
			d.Uint(v, "u", 8, m)
			if f := d.Float(v, "f", 32, m); math.IsInf(f, 0) || math.IsNaN(f) {
				t.Fatalf("Float produced %g", f)
			}
			d.Bool(v, "b", m)
			d.String(v, "s", m)
			var a ArrayIter
			if d.Array(v, "a", m, &a) {
				for a.Next() {
					d.EnterIndex(a.Index())
					d.Int(a.Value, "", 64, m)
					d.Leave()
				}
			}
			var o ObjectIter
			if d.Object(v, "o", m, &o) {
				for o.Next() {
					d.Enter(string(o.Key))
					d.String(o.Value, "", m)
					d.Leave()
				}
			}
		}
		d.Any(v)
		_ = d.Err()
	})
}

// FuzzCompareNumber: CompareNumber agrees with math/big's exact rationals
// on JSON number texts (and on the string forms, which may have leading
// zeros), so the decoder's bounds are the Go validator's.
func FuzzCompareNumber(f *testing.F) {
	for _, s := range [][2]string{{"0.1", "0.1"}, {"10.0000000000000001", "10"}, {"-0", "0"}, {"1e-400", "0"}, {"007", "7"}, {"-2.5e1", "-25"}, {"9007199254740993", "9007199254740992.5"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		got, ok := CompareNumber([]byte(a), b)
		ra, okA := exactRat(a)
		rb, okB := exactRat(b)
		if !okA || !okB {
			if ok && jsonwire.IsNumber(a) && jsonwire.IsNumber(b) && !tooBig(a) && !tooBig(b) {
				t.Fatalf("big.Rat cannot read %q or %q", a, b)
			}
			return
		}
		if !ok {
			t.Fatalf("CompareNumber(%q, %q) refused numbers", a, b)
		}
		if want := ra.Cmp(rb); got != want {
			t.Fatalf("CompareNumber(%q, %q) = %d; exact comparison says %d", a, b, got, want)
		}
	})
}

// exactRat reads a decimal the decoders accept as a number (JSON number
// grammar, or a digit string with leading zeros), within big.Rat's reach.
func exactRat(s string) (*big.Rat, bool) {
	if s == "" || tooBig(s) || s[0] == '+' || strings.ContainsAny(s, "_xXpP") || strings.HasPrefix(strings.TrimPrefix(s, "-"), ".") {
		return nil, false
	}
	if !jsonwire.IsNumber(s) && !isDigits(strings.TrimPrefix(s, "-")) {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func tooBig(s string) bool {
	return len(s) > 200 || strings.ContainsAny(s, "eE") && expTooBig(s)
}
