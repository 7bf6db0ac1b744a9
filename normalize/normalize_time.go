package normalize

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// coerceTime is coerce for the time targets: the string s read as the
// generated decoders read it, as the value encoding/json reads alike.
func coerceTime(s, coerceTo string) (any, string, bool) {
	if coerceTo == lenient.CoerceDateTime {
		t, rfc, ok := lenientimpl.ParseTime([]byte(s), false)
		if !ok || rfc {
			return nil, "", false
		}
		v := t.Format(time.RFC3339Nano)
		return v, quoteJSON(v), true
	}
	unit, ok := rulespec.DurationTarget(coerceTo)
	if !ok {
		return nil, "", false
	}
	return durationValue([]byte(s), true, unit)
}

// coerceDurationNumber is what a duration target makes of the number
// num: nanoseconds, where the target declares a unit and num is not
// already a plain integer of nanoseconds.
func coerceDurationNumber(num, coerceTo string) (any, string, bool) {
	unit, ok := rulespec.DurationTarget(coerceTo)
	if !ok || unit == 0 || unit == time.Nanosecond && jsonwire.PlainInteger([]byte(num)) {
		return nil, "", false
	}
	return durationValue([]byte(num), false, unit)
}

func durationValue(s []byte, quoted bool, unit time.Duration) (any, string, bool) {
	d, err := lenientimpl.ParseDuration(s, quoted, unit)
	if err != nil {
		return nil, "", false
	}
	t := strconv.FormatInt(int64(d), 10)
	return json.Number(t), t, true
}
