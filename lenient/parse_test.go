package lenient

import (
	"errors"
	"math"
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
		{"1e-400", 64, 0, nil}, // underflow rounds to zero, as JSON parsers do
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
