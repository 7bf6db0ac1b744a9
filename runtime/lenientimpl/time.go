package lenientimpl

import (
	"bytes"
	"errors"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"time"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// The date-time forms, as schema patterns. Both are portable (RE2 and
// ECMAScript read them alike) and say the ranges a pattern can say: a
// one-digit hour and a comma before the fraction of a second, which
// time.Parse's reading of RFC 3339 takes, and zone offsets up to ±23:59
// (time.Parse takes up to 24:60, but json.Marshal of such a time fails,
// so the decoder refuses them). What they cannot say (a day its month
// does not have, JSON escapes in the text, which time.Time's
// UnmarshalJSON does not unescape) the decoder refuses:
// docs/semantics.md's class (i).
const (
	// RFC3339Pattern is the pattern of a time.Time read as encoding/json
	// reads it (norm:"strict"): time.Time's own UnmarshalJSON, RFC 3339
	// with a time zone.
	RFC3339Pattern = `^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01]?[0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.,][0-9]+)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$`
	// TimePattern is the pattern of a time.Time read leniently (the
	// default): RFC 3339, a date alone (2024-06-01, midnight UTC), and a
	// date and time separated by T or a space whose seconds and time zone
	// may be left out (2024-06-01 15:04:05 and 2024-06-01 15:04, read as
	// UTC; 2024-06-01T15:04+01:00).
	TimePattern = `^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])([T ]([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9]([.,][0-9]+)?)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])?)?$`
)

// timeExample and dateExample are the forms an error about a time.Time
// shows.
const (
	timeExample = "2024-06-01T15:04:05Z"
	dateExample = "2024-06-01"
)

// ParseTime reads s, the text of a JSON string, as a time.Time field
// reads it: RFC 3339 as time.Time's UnmarshalJSON reads it, and unless
// strict the other forms of TimePattern, a zone-less one as UTC, one
// without seconds at the minute. A zone offset past ±23:59, which
// json.Marshal of the time refuses, is refused. rfc reports an RFC 3339
// text (one encoding/json would have read alike).
func ParseTime(s []byte, strict bool) (t time.Time, rfc bool, ok bool) {
	if !zoneInRange(s) {
		return time.Time{}, false, false
	}
	if t.UnmarshalJSON(appendQuotedRaw(s)) == nil {
		return t, true, true
	}
	if strict || len(s) < len("2006-01-02") || bytes.IndexByte(s, '\\') >= 0 {
		return time.Time{}, false, false
	}
	var x []byte
	switch {
	case len(s) == len("2006-01-02"):
		x = append(append(x, s...), "T00:00:00Z"...)
	case s[10] == 'T' || s[10] == ' ':
		x = append(x, s...)
		x[10] = 'T'
		if m := minuteEnd(x); m > 0 && (m == len(x) || x[m] == 'Z' || x[m] == '+' || x[m] == '-') {
			x = append(x[:m], append([]byte(":00"), x[m:]...)...) // no seconds
		}
		if !containsAny(x[11:], "Z+-") {
			x = append(x, 'Z')
		}
	default:
		return time.Time{}, false, false
	}
	t, err := time.Parse(time.RFC3339, string(x))
	return t, false, err == nil
}

// minuteEnd is the index after the minutes of x, a date, T and a time
// (an hour of one or two digits, a colon, two digits), or 0 where x has
// no such time.
func minuteEnd(x []byte) int {
	i := 11
	for i < len(x) && i < 13 && isDigit(x[i]) {
		i++
	}
	if i == 11 || i+3 > len(x) || x[i] != ':' || !isDigit(x[i+1]) || !isDigit(x[i+2]) {
		return 0
	}
	return i + 3
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// zoneInRange reports whether s, the text of a date-time, has no zone
// offset ([+-]hh:mm at its end) past ±23:59, which json.Marshal of the
// time refuses ("timezone hour outside of range").
func zoneInRange(s []byte) bool {
	n := len(s)
	if n < 6 || (s[n-6] != '+' && s[n-6] != '-') || s[n-3] != ':' {
		return true
	}
	hh, mm := s[n-5:n-3], s[n-2:]
	if !isDigit(hh[0]) || !isDigit(hh[1]) || !isDigit(mm[0]) || !isDigit(mm[1]) {
		return true // no zone offset: the parser says what it is
	}
	return (hh[0] < '2' || hh[0] == '2' && hh[1] <= '3') && mm[0] <= '5'
}

// appendQuotedRaw is s between quotes, as it stood in the JSON document.
func appendQuotedRaw(s []byte) []byte {
	b := make([]byte, 0, len(s)+2)
	return append(append(append(b, '"'), s...), '"')
}

// Time decodes a time.Time: a JSON string in one of TimePattern's forms,
// its JSON escapes read (as a validator reads the string), or with Strict
// as encoding/json does (time.Time's own UnmarshalJSON: RFC 3339 only,
// with no escape). A form that is not RFC 3339 is recorded as
// lenient.FixTime, and so is an RFC 3339 one written with escapes (to
// its text unescaped, which time.Time reads).
func (d *Decoder) Time(v []byte, name string, m Mode) time.Time {
	strict := m&Strict != 0
	if v[0] == '"' {
		s := v[1 : len(v)-1]
		if !strict {
			s = text(v)
		}
		if t, rfc, ok := ParseTime(s, strict); ok {
			if d.record && (!rfc || len(s) != len(v)-2) {
				to := s
				if !rfc {
					to = []byte(t.Format(time.RFC3339Nano))
				}
				d.fix(name, lenient.FixTime, v, jsonwire.AppendQuote(nil, string(to)))
			}
			return t
		}
	}
	if strict {
		d.FailKind(lenient.KindTime, name, v, `is not an RFC 3339 date-time (send a string such as "`+timeExample+`", with its time zone: Z or +01:00)`)
	} else {
		d.FailKind(lenient.KindTime, name, v, `is not a date-time (send "`+timeExample+`" or "`+dateExample+`")`)
	}
	return time.Time{}
}

// DurationPattern is the pattern of Go duration text, as
// time.ParseDuration reads it ("5s", "1h30m", "-1.5h", "250ms", "0").
const DurationPattern = `^[-+]?(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$`

// DurationNumberPattern is the pattern of the string form of a
// time.Duration with a declared unit: Go duration text or a JSON number
// (a number of the unit).
const DurationNumberPattern = `^([-+]?(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)|-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)$`

// Units are the units a time.Duration field may declare (norm:"unit=s"),
// by name.
var Units = map[string]time.Duration{
	"ns": time.Nanosecond, "us": time.Microsecond, "ms": time.Millisecond,
	"s": time.Second, "m": time.Minute, "h": time.Hour,
}

// unitName is the name of unit, one of Units' values ("s").
func unitName(unit time.Duration) string {
	name, _ := unitNames(unit)
	return name
}

// unitNames returns the name of unit and the word an error uses for it
// ("s", "seconds"), "" for a duration that is not one of Units. A switch
// rather than a lookup in Units: the runtime then links no map that a
// server's start would build.
func unitNames(unit time.Duration) (name, word string) {
	switch unit {
	case time.Nanosecond:
		return "ns", "nanoseconds"
	case time.Microsecond:
		return "us", "microseconds"
	case time.Millisecond:
		return "ms", "milliseconds"
	case time.Second:
		return "s", "seconds"
	case time.Minute:
		return "m", "minutes"
	case time.Hour:
		return "h", "hours"
	}
	return "", ""
}

// ParseDuration reads s, the text of a JSON string or number, as a
// time.Duration field reads it: Go duration text (time.ParseDuration) in
// a string, and where unit is not 0 a number of that unit, in a string
// or not. A number is taken only when it is a whole number of
// nanoseconds in range (1.5 with unit time.Second; not 1e-10).
func ParseDuration(s []byte, quoted bool, unit time.Duration) (time.Duration, error) {
	if quoted && durationText(s) {
		return durationTextOf(s)
	}
	if unit == 0 || !jsonwire.IsNumber(s) {
		return 0, ErrSyntax
	}
	return durationOf(s, unit)
}

// durationText reports whether s matches DurationPattern: an optional
// sign, then 0 or one or more numbers (digits with an optional fraction,
// or a fraction alone) each with a unit. Written out rather than a regexp,
// which a program that only decodes would link and compile at start;
// TestDurationText checks it against the pattern.
func durationText(s []byte) bool {
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if string(s) == "0" {
		return true
	}
	if len(s) == 0 {
		return false
	}
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		whole := i
		if i < len(s) && s[i] == '.' {
			i++
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			if whole == 0 && i == 1 { // "." alone
				return false
			}
		} else if whole == 0 {
			return false
		}
		s = s[i:]
		_, n := textUnit(s)
		if n == 0 {
			return false
		}
		s = s[n:]
	}
	return true
}

// textUnits are the units of Go duration text, a longer name before a
// shorter one it begins with.
var textUnits = [...]struct {
	name string
	unit time.Duration
}{{"ns", time.Nanosecond}, {"us", time.Microsecond}, {"µs", time.Microsecond}, {"μs", time.Microsecond}, {"ms", time.Millisecond}, {"s", time.Second}, {"m", time.Minute}, {"h", time.Hour}}

// textUnit returns the unit s begins with and its length in bytes, or 0
// and 0.
func textUnit(s []byte) (time.Duration, int) {
	for _, u := range textUnits {
		if bytes.HasPrefix(s, []byte(u.name)) {
			return u.unit, len(u.name)
		}
	}
	return 0, 0
}

// durationTextOf is the value of Go duration text s (durationText holds
// of it), exactly: time.ParseDuration's reading, but a number of a unit
// that is not a whole number of nanoseconds is an error (errNotWholeNS),
// where time.ParseDuration truncates it ("1.5ns" is 1ns, "1e-10s" 0),
// and each number of a unit is read exactly (durationOf), where
// time.ParseDuration reads its fraction through a float64.
func durationTextOf(s []byte) (time.Duration, error) {
	neg := s[0] == '-'
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	var total time.Duration
	var buf [32]byte
	for len(s) > 0 && string(s) != "0" {
		i := 0
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
			i++
		}
		num := buf[:0]
		if neg {
			num = append(num, '-') // (so -(1<<63) ns is in range)
		}
		num = append(num, s[:i]...)
		unit, n := textUnit(s[i:])
		s = s[i+n:]
		d, err := durationOf(num, unit)
		if err != nil {
			return 0, err
		}
		sum := total + d
		if d > 0 && sum < total || d < 0 && sum > total {
			return 0, ErrRange
		}
		total = sum
	}
	return total, nil
}

// errNotWholeNS is a number of a unit that is no whole number of
// nanoseconds.
var errNotWholeNS = errors.New("not a whole number of nanoseconds")

// durationOf is the JSON number s times unit, exactly: an error when it
// is out of range (ErrRange) or not a whole number of nanoseconds.
func durationOf(s []byte, unit time.Duration) (time.Duration, error) {
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	mant, exp := s, int64(0)
	if i := indexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		// Beyond ±2^40 (beyond int64 too) the number is 0, out of range or
		// no whole number of nanoseconds alike: the exponent is held there,
		// so that the steps below cannot wrap it around.
		e, err := strconv.ParseInt(string(s[i+1:]), 10, 64)
		switch {
		case err != nil && s[i+1] == '-', e < -1<<40:
			e = -1 << 40
		case err != nil, e > 1<<40:
			e = 1 << 40
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
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
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
	// D, the digits' value, is below 10^38 < 2^128: it is held in two
	// words, hi and lo, and the arithmetic is exact on 128 bits.
	var hi, lo uint64
	for _, c := range digits {
		hi, lo, _ = mul128(hi, lo, 10)
		var carry uint64
		lo, carry = bits.Add64(lo, uint64(c-'0'), 0)
		hi += carry
	}
	u := uint64(unit)
	var over bool
	if exp >= 0 {
		// D·10^exp < 10^25 and unit < 2^42: the product fits.
		for range exp {
			hi, lo, _ = mul128(hi, lo, 10)
		}
		hi, lo, over = mul128(hi, lo, u)
	} else {
		p := uint64(1)
		for range -exp {
			p *= 10 // at most 10^13
		}
		// D·unit is a whole number of 10^-exp when (D mod p)·unit is.
		_, _, r := div128(hi, lo, p)
		h, l := bits.Mul64(r, u)
		if _, rem := bits.Div64(h, l, p); rem != 0 { // h < r < p
			return 0, errNotWholeNS
		}
		hi, lo, over = mul128(hi, lo, u)
		hi, lo, _ = div128(hi, lo, p)
	}
	switch {
	case over || hi != 0:
		return 0, ErrRange
	case neg && lo > 1<<63, !neg && lo > math.MaxInt64:
		return 0, ErrRange
	case neg:
		return time.Duration(-int64(lo)), nil // -(1<<63) too: it wraps to itself
	}
	return time.Duration(lo), nil
}

// mul128 is the 128-bit number hi·2^64+lo times m, and whether the
// product overflowed 128 bits.
func mul128(hi, lo, m uint64) (uint64, uint64, bool) {
	h1, l1 := bits.Mul64(lo, m)
	h2, l2 := bits.Mul64(hi, m)
	h, carry := bits.Add64(h1, l2, 0)
	return h, l1, h2 != 0 || carry != 0
}

// div128 is the 128-bit number hi·2^64+lo divided by d: the quotient in
// two words and the remainder.
func div128(hi, lo, d uint64) (qhi, qlo, rem uint64) {
	qhi, r := hi/d, hi%d
	qlo, rem = bits.Div64(r, lo, d)
	return qhi, qlo, rem
}

// Duration decodes a time.Duration: Go duration text in a JSON string
// ("5s", "1h30m"), and where the field declares its unit (unit not 0,
// norm:"unit=s") a number of that unit, in a string or not; with Strict,
// as encoding/json does (an integer number of nanoseconds). Every form
// but a JSON integer with unit time.Nanosecond is recorded as
// lenient.FixDuration, where it changes the text (0 is 0 of any unit).
func (d *Decoder) Duration(v []byte, name string, unit time.Duration, m Mode) time.Duration {
	if m&Strict != 0 {
		return time.Duration(d.Int(v, name, 64, m))
	}
	quoted := v[0] == '"'
	s := v
	if quoted {
		s = text(v) // its JSON escapes read, as a validator reads the string
	}
	n, err := ParseDuration(s, quoted, unit)
	if err == nil {
		if d.record && (quoted || unit != time.Nanosecond || !jsonwire.PlainInteger(v)) {
			if to := strconv.AppendInt(d.scratch[:0], int64(n), 10); string(to) != string(v) {
				d.fix(name, lenient.FixDuration, v, to)
			}
		}
		return n
	}
	switch {
	case err == errNotWholeNS:
		d.FailKind(lenient.KindRange, name, v, "is not a whole number of nanoseconds")
	case err == ErrRange || quoted && durationText(s):
		d.FailKind(lenient.KindRange, name, v, "is out of range for a time.Duration (about 292 years either way)")
	case unit == 0 && jsonwire.IsNumber(s):
		d.FailKind(lenient.KindDuration, name, v, `is not a duration (send text such as "5s", "1h30m" or "250ms"; a bare number is not taken here: it has no unit)`)
	case unit == 0:
		d.FailKind(lenient.KindDuration, name, v, `is not a duration (send text such as "5s", "1h30m" or "250ms")`)
	default:
		_, word := unitNames(unit)
		d.FailKind(lenient.KindDuration, name, v, `is not a duration (send text such as "1h30m", or a number of `+word+`, such as 90)`)
	}
	return 0
}

// indexAny is bytes.IndexAny for ASCII chars, without the Unicode
// machinery bytes.IndexAny links.
func indexAny(s []byte, chars string) int {
	for i, c := range s {
		if strings.IndexByte(chars, c) >= 0 {
			return i
		}
	}
	return -1
}

// containsAny reports whether s holds one of the ASCII chars.
func containsAny(s []byte, chars string) bool { return indexAny(s, chars) >= 0 }
