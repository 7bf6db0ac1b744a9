package lenientimpl

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
)

// durationOfBig is durationOf as it was written with math/big (before
// 128-bit arithmetic replaced it, so that lenient links no math/big): the
// reference it is checked against.
func durationOfBig(s []byte, unit time.Duration) (time.Duration, error) {
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	mant, exp := s, int64(0)
	if i := bytes.IndexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		e, err := strconv.ParseInt(string(s[i+1:]), 10, 64)
		if err != nil { // beyond int64: the number is 0 or out of range
			if s[i+1] == '-' {
				e = -1 << 40
			} else {
				e = 1 << 40
			}
		}
		exp = e
	}
	digits := make([]byte, 0, len(mant))
	for i, c := range mant {
		if c == '.' {
			exp -= int64(len(mant) - i - 1)
			continue
		}
		digits = append(digits, c)
	}
	digits = bytes.TrimLeft(digits, "0")
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits, exp = digits[:len(digits)-1], exp+1
	}
	if len(digits) == 0 {
		return 0, nil
	}
	// unit is at most 36·10^11 ns (an hour), so a number of 10^25 units
	// or more is out of range, and one with 14 or more decimals that are
	// not zero is never a whole number of nanoseconds.
	switch {
	case int64(len(digits))+exp > 25:
		return 0, ErrRange
	case exp < -13:
		return 0, errNotWholeNS
	}
	n, _ := new(big.Int).SetString(string(digits), 10)
	n.Mul(n, big.NewInt(int64(unit)))
	ten := big.NewInt(10)
	if exp >= 0 {
		n.Mul(n, new(big.Int).Exp(ten, big.NewInt(exp), nil))
	} else {
		q, r := new(big.Int).QuoRem(n, new(big.Int).Exp(ten, big.NewInt(-exp), nil), new(big.Int))
		if r.Sign() != 0 {
			return 0, errNotWholeNS
		}
		n = q
	}
	if neg {
		n.Neg(n)
	}
	if !n.IsInt64() {
		return 0, ErrRange
	}
	return time.Duration(n.Int64()), nil
}

// randomNumber is a JSON number literal near what durationOf decides on:
// up to 40 digits, fractions, exponents, zeros at both ends.
func randomNumber(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(3) == 0 {
		b.WriteByte('-')
	}
	digits := func(n int) {
		for range n {
			if r.IntN(4) == 0 {
				b.WriteByte('0')
			} else {
				b.WriteByte(byte('0' + r.IntN(10)))
			}
		}
	}
	if r.IntN(4) == 0 {
		b.WriteByte('0')
	} else {
		b.WriteByte(byte('1' + r.IntN(9)))
		digits(r.IntN(26))
	}
	if r.IntN(2) == 0 {
		b.WriteByte('.')
		digits(1 + r.IntN(20))
	}
	if r.IntN(3) == 0 {
		b.WriteString([]string{"e", "E", "e+", "e-", "E-"}[r.IntN(5)])
		b.WriteString(strconv.Itoa(r.IntN(40)))
	}
	return b.String()
}

// TestDurationOfExact compares durationOf with math/big's exact
// arithmetic on random numbers of every unit, and on the edges of
// time.Duration's range.
func TestDurationOfExact(t *testing.T) {
	units := []time.Duration{time.Nanosecond, time.Microsecond, time.Millisecond, time.Second, time.Minute, time.Hour}
	cases := []string{"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"9223372036.854775807", "9223372036.854775808", "-9223372036.854775808", "-9223372036.854775809",
		"2562047.788015215", "2562047.7880152155", "153722867.28091258", "0.000000001", "0.0000000001", "1e-9", "1e-10",
		"0", "-0", "0.0e99", "1e25", "1e24", "99999999999999999999999999999999999999", "1.0000000000000e13", "5e-14"}
	r := rand.New(rand.NewPCG(26, 4))
	for range 100_000 {
		cases = append(cases, randomNumber(r))
	}
	for _, s := range cases {
		for _, u := range units {
			got, gerr := durationOf([]byte(s), u)
			want, werr := durationOfBig([]byte(s), u)
			if got != want || gerr != werr {
				t.Fatalf("durationOf(%s, %v) = %d, %v; math/big gives %d, %v", s, u, got, gerr, want, werr)
			}
		}
	}
}

// TestDurationOfHugeExponent: an exponent at the edges of int64 is read
// as out of range (or as no whole number of nanoseconds), at once, where
// it wrapped around and looped for 2^63 steps (found by review: a hang of
// the generated decoder and the normalizer on one number).
func TestDurationOfHugeExponent(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want error
	}{
		{"1e9223372036854775807", ErrRange},
		{"10e9223372036854775807", ErrRange},
		{"1.5e9223372036854775807", ErrRange},
		{"1e9223372036854775808", ErrRange},
		{"1.5e-9223372036854775808", errNotWholeNS},
		{"1e-9223372036854775808", errNotWholeNS},
		{"100e-9223372036854775807", errNotWholeNS},
		{"0e9223372036854775807", nil},
		{"0.0e-9223372036854775808", nil},
	} {
		for _, u := range []time.Duration{time.Nanosecond, time.Second, time.Hour} {
			if got, err := durationOf([]byte(tc.in), u); err != tc.want || got != 0 {
				t.Errorf("durationOf(%s, %v) = %d, %v; want 0, %v", tc.in, u, got, err, tc.want)
			}
		}
	}
}
