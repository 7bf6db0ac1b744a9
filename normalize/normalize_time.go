package normalize

import (
	"strconv"
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
		if !ok || rfc {
			return "", false
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
// already a plain integer of nanoseconds.
func coerceDurationNumber(num, coerceTo string) (string, bool) {
	unit, ok := rulespec.DurationTarget(coerceTo)
	if !ok || unit == 0 || unit == time.Nanosecond && jsonwire.PlainInteger([]byte(num)) {
		return "", false
	}
	return durationValue([]byte(num), false, unit)
}

func durationValue(s []byte, quoted bool, unit time.Duration) (string, bool) {
	d, err := lenientimpl.ParseDuration(s, quoted, unit)
	if err != nil {
		return "", false
	}
	return strconv.FormatInt(int64(d), 10), true
}
