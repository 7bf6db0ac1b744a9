package lenientimpl

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestParseIntString(t *testing.T) {
	for _, tc := range []struct {
		in   string
		bits int
		want int64
		err  error
	}{
		{"0", 64, 0, nil},
		{"-0", 64, 0, nil},
		{"010", 64, 10, nil}, // leading zeros are decimal, never octal
		{"9007199254740993", 64, 9007199254740993, nil},
		{"-9223372036854775808", 64, math.MinInt64, nil},
		{"9223372036854775807", 64, math.MaxInt64, nil},
		{"9223372036854775808", 64, 0, ErrRange},
		{"99999999999999999999999", 64, 0, ErrRange},
		{"127", 8, 127, nil},
		{"128", 8, 0, ErrRange},
		{"-128", 8, -128, nil},
		{"-129", 8, 0, ErrRange},
		{"", 64, 0, ErrSyntax},
		{"-", 64, 0, ErrSyntax},
		{"+1", 64, 0, ErrSyntax},
		{" 1", 64, 0, ErrSyntax},
		{"1 ", 64, 0, ErrSyntax},
		{"5.0", 64, 0, ErrSyntax},
		{"1e3", 64, 0, ErrSyntax},
		{"0x10", 64, 0, ErrSyntax},
		{"1_000", 64, 0, ErrSyntax},
		{"١", 64, 0, ErrSyntax}, // Arabic-Indic digit one
	} {
		got, err := ParseIntString(tc.in, tc.bits)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("ParseIntString(%q, %d) = %d, %v; want %d, %v", tc.in, tc.bits, got, err, tc.want, tc.err)
		}
	}
}

func TestParseUintString(t *testing.T) {
	for _, tc := range []struct {
		in   string
		bits int
		want uint64
		err  error
	}{
		{"18446744073709551615", 64, math.MaxUint64, nil},
		{"18446744073709551616", 64, 0, ErrRange},
		{"255", 8, 255, nil},
		{"256", 8, 0, ErrRange},
		{"007", 8, 7, nil},
		{"-1", 64, 0, ErrSyntax},
		{"", 64, 0, ErrSyntax},
	} {
		got, err := ParseUintString(tc.in, tc.bits)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("ParseUintString(%q, %d) = %d, %v; want %d, %v", tc.in, tc.bits, got, err, tc.want, tc.err)
		}
	}
}

func TestParseIntNumber(t *testing.T) {
	for _, tc := range []struct {
		in   string
		bits int
		want int64
		err  error
	}{
		{"5", 64, 5, nil},
		{"5.0", 64, 5, nil},
		{"1e3", 64, 1000, nil},
		{"1E+3", 64, 1000, nil},
		{"1.5e1", 64, 15, nil},
		{"100e-2", 64, 1, nil},
		{"-0", 64, 0, nil},
		{"-0.0", 64, 0, nil},
		{"0e999999999", 64, 0, nil},
		{"9007199254740993", 64, 9007199254740993, nil}, // not rounded through float64
		{"-9223372036854775808", 64, math.MinInt64, nil},
		{"9223372036854775807.000", 64, math.MaxInt64, nil},
		{"1.9", 64, 0, ErrFraction},
		{"1.5e0", 64, 0, ErrFraction},
		{"15e-1", 64, 0, ErrFraction},
		{"1e-999999999", 64, 0, ErrFraction},
		{"1e999999999", 64, 0, ErrRange},
		{"300", 8, 0, ErrRange},
		{"1e19", 64, 0, ErrRange},
		{"01", 64, 0, ErrSyntax}, // not JSON
		{"1.", 64, 0, ErrSyntax},
		{".5", 64, 0, ErrSyntax},
		{"+1", 64, 0, ErrSyntax},
		{"NaN", 64, 0, ErrSyntax},
	} {
		got, err := ParseIntNumber(tc.in, tc.bits)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("ParseIntNumber(%q, %d) = %d, %v; want %d, %v", tc.in, tc.bits, got, err, tc.want, tc.err)
		}
	}
}

func TestParseUintNumber(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64
		err  error
	}{
		{"18446744073709551615", math.MaxUint64, nil},
		{"1.8446744073709551615e19", math.MaxUint64, nil},
		{"18446744073709551616", 0, ErrRange},
		{"-1", 0, ErrRange},
		{"-0", 0, nil},
	} {
		got, err := ParseUintNumber(tc.in, 64)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("ParseUintNumber(%q) = %d, %v; want %d, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestParseFloat(t *testing.T) {
	for _, tc := range []struct {
		in   string
		bits int
		want float64
		err  error
	}{
		{"1.5", 64, 1.5, nil},
		{"-0.25e2", 64, -25, nil},
		{"1e308", 64, 1e308, nil},
		{"1e400", 64, 0, ErrRange},
		{"-1e400", 64, 0, ErrRange},
		{"1e39", 32, 0, ErrRange},
		// A number that is not zero but reads as zero is out of range, as
		// one that reads as Inf is.
		{"1e-400", 64, 0, ErrRange},
		{"-1e-400", 64, 0, ErrRange},
		{"2e-324", 64, 0, ErrRange},
		{"0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001", 64, 0, ErrRange},
		{"1e-46", 32, 0, ErrRange},
		{"4.9e-324", 64, 5e-324, nil},
		{"1.4e-45", 32, float64(float32(1.4e-45)), nil},
		{"0e-400", 64, 0, nil},
		{"-0.000e5", 64, 0, nil},
		{"NaN", 64, 0, ErrSyntax},
		{"Infinity", 64, 0, ErrSyntax},
		{"inf", 64, 0, ErrSyntax},
		{"0x1p3", 64, 0, ErrSyntax},
		{"1_0", 64, 0, ErrSyntax},
		{" 1", 64, 0, ErrSyntax},
		{"1.", 64, 0, ErrSyntax},
		{".5", 64, 0, ErrSyntax},
		{"+1", 64, 0, ErrSyntax},
		{"", 64, 0, ErrSyntax},
	} {
		got, err := ParseFloat(tc.in, tc.bits)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("ParseFloat(%q, %d) = %g, %v; want %g, %v", tc.in, tc.bits, got, err, tc.want, tc.err)
		}
	}
}

func TestParseBool(t *testing.T) {
	for _, tc := range []struct {
		in             string
		strict         bool
		want, accepted bool
	}{
		{"true", false, true, true}, {"TRUE", false, true, true}, {"True", false, true, true},
		{"false", false, false, true}, {"FaLsE", false, false, true},
		{"yes", false, true, true}, {"YES", false, true, true}, {"no", false, false, true}, {"No", false, false, true},
		{"1", false, true, true}, {"0", false, false, true},
		{"y", false, false, false}, {"on", false, false, false}, {"off", false, false, false},
		{"2", false, false, false}, {"", false, false, false}, {" true", false, false, false},
		{"t", false, false, false}, {"truee", false, false, false},
		{"true", true, true, true}, {"false", true, false, true},
		{"TRUE", true, false, false}, {"yes", true, false, false}, {"1", true, false, false},
	} {
		got, ok := ParseBool(tc.in, tc.strict)
		if got != tc.want || ok != tc.accepted {
			t.Errorf("ParseBool(%q, strict=%v) = %v, %v; want %v, %v", tc.in, tc.strict, got, ok, tc.want, tc.accepted)
		}
	}
}

// TestCompareNumberExact: bounds compare the number as sent, by exact
// decimal arithmetic (issue 14 items 6 and 7): 0.1 meets maximum 0.1 in a
// float32 field, 10.0000000000000001 exceeds maximum 10 though it is 10 as
// a float64, and digit strings with leading zeros, exponents of any size
// and -0 compare by value.
func TestCompareNumberExact(t *testing.T) {
	for _, tc := range []struct {
		v, bound string
		want     int
	}{
		{`0.1`, "0.1", 0},
		{`"0.1"`, "0.1", 0},
		{`1e-1`, "0.1", 0},
		{`0.10000000000000001`, "0.1", 1},
		{`10.0000000000000001`, "10", 1},
		{`9.9999999999999999`, "10", -1},
		{`"010"`, "10", 0},
		{`-0`, "0", 0},
		{`"-0.0e5"`, "0", 0},
		{`-1`, "0", -1},
		{`-1`, "-2", 1},
		{`-2.5`, "-2.4", -1},
		{`1e400`, "1e308", 1},
		{`1e-400`, "0", 1},
		{`-1e-400`, "0", -1},
		{`9007199254740993`, "9007199254740992", 1},
		{`18446744073709551616`, "18446744073709551615", 1},
		{`1e99999999999999999999999`, "1e400", 1},
		{`1e-99999999999999999999999`, "1e-400", -1},
		{`123.45e1`, "1234.5", 0},
	} {
		got, ok := CompareNumber([]byte(tc.v), tc.bound)
		if !ok || got != tc.want {
			t.Errorf("CompareNumber(%s, %s) = %d, %v; want %d", tc.v, tc.bound, got, ok, tc.want)
		}
	}
	for _, bad := range []string{`"abc"`, `true`, `"1."`, `""`, `"`, `1e`} {
		if _, ok := CompareNumber([]byte(bad), "1"); ok {
			t.Errorf("CompareNumber(%s) compared a non-number", bad)
		}
	}
}

// TestIntegerValueLongExponent: whether number text is a whole number is
// decided exactly for any length (issue 14 item 7): the exponent is not
// capped at 10^6, so a 10^7-digit fraction shifted by e10000001 is 1.
func TestIntegerValueLongExponent(t *testing.T) {
	zeros := strings.Repeat("0", 10_000_000)
	for _, tc := range []struct {
		num  string
		want int64
		err  error
	}{
		{"0." + zeros + "1e10000001", 1, nil},
		{"0." + zeros + "1e10000000", 0, ErrFraction},
		{"0." + zeros + "5e10000002", 50, nil},
		{"1" + zeros[:1000] + "e-1000", 1, nil},
		{"1e-400", 0, ErrFraction},
		{"0e99999999999999999999", 0, nil},
		{"1e99999999999999999999", 0, ErrRange},
		{"0.0000000000000000000001e-99999999999999999999", 0, ErrFraction},
		{"1.0000000000000001", 0, ErrFraction},
		{"9007199254740993.5", 0, ErrFraction},
	} {
		got, err := ParseIntNumber(tc.num, 64)
		if got != tc.want || err != tc.err {
			t.Errorf("ParseIntNumber(%.40s…) = %d, %v; want %d, %v", tc.num, got, err, tc.want, tc.err)
		}
	}
}

// TestCompareNumberAllocs: a bound check costs no allocation, in generated
// code's hot path.
func TestCompareNumberAllocs(t *testing.T) {
	v := []byte(`"10.0000000000000001"`)
	if n := testing.AllocsPerRun(100, func() { CompareNumber(v, "10") }); n != 0 {
		t.Errorf("CompareNumber allocates %v times", n)
	}
}
