package normalize

import (
	"strconv"
	"strings"
	"time"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// coerceTime is coerce for the time targets: the string s read as the
// generated decoders read it, as the value encoding/json reads alike.
func coerceTime(s, coerceTo string) (string, bool) {
	if coerceTo == lenient.CoerceDateTime {
		t, rfc, ok := lenientimpl.ParseTime([]byte(s), false)
		switch {
		case !ok:
			return "", false
		case rfc:
			// its text as it is, unescaped: the string written with
			// JSON escapes, which time.Time does not read, changes
			return quoteJSON(s), true
		}
		return quoteJSON(t.Format(time.RFC3339Nano)), true
	}
	unit, ok := rulespec.DurationTarget(coerceTo)
	if !ok {
		return "", false
	}
	return durationValue([]byte(s), true, unit)
}

// coerceDurationNumber is what a duration target makes of the number
// num: nanoseconds, where the target declares a unit and num is not
// already a plain integer of nanoseconds. A plain integer whose
// nanoseconds int64 cannot hold is written as those nanoseconds, which
// encoding/json refuses for a time.Duration as the generated decoder
// refuses the number (class (a)): left alone, it would be read as
// nanoseconds (10 s for 10000000000 in seconds). Any other number it
// refuses (1.5e-10 in seconds, a fraction of a nanosecond) stays as it
// is: encoding/json refuses a fraction or an exponent for an integer.
func coerceDurationNumber(num, coerceTo string) (string, bool) {
	unit, ok := rulespec.DurationTarget(coerceTo)
	if !ok || unit == 0 || unit == time.Nanosecond && jsonwire.PlainInteger([]byte(num)) {
		return "", false
	}
	if text, ok := durationValue([]byte(num), false, unit); ok {
		return text, true
	}
	if !jsonwire.PlainInteger([]byte(num)) {
		return "", false
	}
	return timesUnit(num, int64(unit)), true
}

// timesUnit returns the plain integer num times unit, exactly, in
// decimal (num may have any number of digits).
func timesUnit(num string, unit int64) string {
	neg := num[0] == '-'
	digits := strings.TrimPrefix(num, "-")
	out := make([]byte, len(digits)+20)
	var carry int64 // holds digit*unit+carry: below 10*unit+carry, within int64 for unit ≤ 36e11
	i := len(out)
	for j := len(digits) - 1; j >= 0; j-- {
		carry += int64(digits[j]-'0') * unit
		i--
		out[i] = byte('0' + carry%10)
		carry /= 10
	}
	for ; carry > 0; carry /= 10 {
		i--
		out[i] = byte('0' + carry%10)
	}
	s := strings.TrimLeft(string(out[i:]), "0")
	switch {
	case s == "":
		return "0"
	case neg:
		return "-" + s
	}
	return s
}

func durationValue(s []byte, quoted bool, unit time.Duration) (string, bool) {
	d, err := lenientimpl.ParseDuration(s, quoted, unit)
	if err != nil {
		return "", false
	}
	return strconv.FormatInt(int64(d), 10), true
}
