package gen

import (
	"strings"

	"github.com/normgen/normgen/schema"
)

// unitConst is the time package's constant of each unit name of
// `norm:"unit=..."`.
var unitConst = map[string]string{
	"ns": "Nanosecond", "us": "Microsecond", "ms": "Millisecond",
	"s": "Second", "m": "Minute", "h": "Hour",
}

// checkTime checks the options and keywords of a time.Time or
// time.Duration field (or a slice of them) and sets its unit; false stops
// the field's other checks. norm:"strict" keeps encoding/json's reading:
// RFC 3339 for a time.Time, an integer number of nanoseconds for a
// time.Duration, which is then an int64 to the rest of normgen (bounds,
// defaults and rules as before).
func (l *loader) checkTime(f *Field, n schema.Norm, fail func(string, ...any)) bool {
	base := f.Type
	if base.Kind == schema.Array {
		base = base.Elem
	}
	if msg := schema.UnitRefused(SchemaType(f.Type, f.Mode), n); msg != "" {
		fail("%s", msg)
		return false
	}
	if base.Kind != schema.Time && base.Kind != schema.Duration {
		return true
	}
	if base.Kind == schema.Duration && n.Strict {
		base.Kind = schema.Int
		return true
	}
	base.Unit = n.Unit
	what := map[schema.Kind]string{schema.Time: "a time.Time", schema.Duration: "a time.Duration"}[base.Kind]
	if keys := schema.ValueKeywords(f.Keywords); len(keys) > 0 {
		hint := "drop them"
		if base.Kind == schema.Duration {
			hint = `drop them, or add norm:"strict" to read the field as encoding/json does (an integer number of nanoseconds), where they apply to that number`
		}
		fail("jsonschema %s: normgen does not check or apply them on %s; %s", strings.Join(keys, ", "), what, hint)
		return false
	}
	return true // wrap, unescape, bool=strict and value_alias are refused by their own checks
}
