package gen

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/schemaprofile"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

// bound is a number bound of a field's keywords: its key, its decimal
// text, and whether a value equal to it is refused (the exclusive ones).
type bound struct {
	key, text string
	exclusive bool
}

// bounds returns the lower and the upper number bounds k declares.
func bounds(k schema.Keywords) (lower, upper []bound) {
	for _, b := range []bound{{"minimum", k.Minimum, false}, {"exclusiveMinimum", k.ExclusiveMinimum, true}} {
		if b.text != "" {
			lower = append(lower, b)
		}
	}
	for _, b := range []bound{{"maximum", k.Maximum, false}, {"exclusiveMaximum", k.ExclusiveMaximum, true}} {
		if b.text != "" {
			upper = append(upper, b)
		}
	}
	return lower, upper
}

// noneBetween reports whether no number meets both the lower bound lo and
// the upper bound hi: lo above hi, or equal to it where either refuses the
// bound itself. The texts are compared exactly, as decimals
// (lenientimpl.CompareNumber, as the decoder checks bounds), never after
// rounding to a float.
func noneBetween(lo, hi bound) bool {
	c, ok := lenientimpl.CompareNumber([]byte(lo.text), hi.text)
	return ok && (c > 0 || c == 0 && (lo.exclusive || hi.exclusive))
}

// unmet returns the errors of the keywords of f that no value meets
// together: a lower number bound not below the upper one, minLength above
// maxLength, minItems above maxItems, and the enum of a string field whose
// every value its minLength, maxLength or pattern refuses (lengths in
// runes, as JSON Schema counts them; the pattern as Go's RE2 reads it,
// which a portable pattern reads as ECMAScript does:
// lint.PortablePattern). The schema would advertise a field no call can
// fill. The warnings are those of enum values refused so beside others
// that are not: the schema lists a value no call can send, and the field
// takes the others (schema.TakenEnum).
func unmet(f *Field) (out, warns []string) {
	k := f.Keywords
	both := func(a, b string) {
		out = append(out, fmt.Sprintf("no value meets both %s and %s; correct one of them", a, b))
	}
	lower, upper := bounds(k)
	for _, lo := range lower {
		for _, hi := range upper {
			if noneBetween(lo, hi) {
				both(lo.key+"="+lo.text, hi.key+"="+hi.text)
			}
		}
	}
	if _, _, _, ok := intRange(f.Type); ok && len(out) == 0 {
		// (an integer type: bounds a number meets and no integer, 1.5
		// and 1.7, or exclusive 1 and 2)
		for _, lo := range lower {
			for _, hi := range upper {
				l, lok := schemaprofile.IntegerBound(lo.text, true, lo.exclusive)
				h, hok := schemaprofile.IntegerBound(hi.text, false, hi.exclusive)
				if c, ok := lenientimpl.CompareNumber([]byte(l), h); lok && hok && ok && c > 0 {
					out = append(out, fmt.Sprintf("no integer meets both %s=%s and %s=%s; correct one of them", lo.key, lo.text, hi.key, hi.text))
				}
			}
		}
	}
	if typ, lo, hi, ok := intRange(f.Type); ok {
		for _, b := range lower {
			if noneBetween(b, hi) {
				out = append(out, fmt.Sprintf("no %s meets %s=%s: the largest is %s; correct the bound, or widen the type", typ, b.key, b.text, hi.text))
			}
		}
		for _, b := range upper {
			if noneBetween(lo, b) {
				out = append(out, fmt.Sprintf("no %s meets %s=%s: the smallest is %s; correct the bound, or widen the type", typ, b.key, b.text, lo.text))
			}
		}
	}
	if k.MinLength != nil && k.MaxLength != nil && *k.MinLength > *k.MaxLength {
		both(fmt.Sprintf("minLength=%d", *k.MinLength), fmt.Sprintf("maxLength=%d", *k.MaxLength))
	}
	if k.MinItems != nil && k.MaxItems != nil && *k.MinItems > *k.MaxItems {
		both(fmt.Sprintf("minItems=%d", *k.MinItems), fmt.Sprintf("maxItems=%d", *k.MaxItems))
	}
	if f.Type.Kind != schema.String {
		return out, nil
	}
	var re *regexp.Regexp
	if k.Pattern != "" {
		re, _ = regexp.Compile(k.Pattern) // (one that does not compile is an error of its own)
	}
	type refusal struct{ value, key, why, fix string }
	var refused []refusal
	for _, e := range k.Enum {
		n := uint64(utf8.RuneCountInString(e))
		chars := fmt.Sprintf("is %d characters", n)
		if n == 1 {
			chars = "is 1 character"
		}
		switch {
		case k.MinLength != nil && n < *k.MinLength:
			refused = append(refused, refusal{e, fmt.Sprintf("minLength=%d", *k.MinLength), chars, "minLength"})
		case k.MaxLength != nil && n > *k.MaxLength:
			refused = append(refused, refusal{e, fmt.Sprintf("maxLength=%d", *k.MaxLength), chars, "maxLength"})
		case re != nil && !re.MatchString(e):
			refused = append(refused, refusal{e, "pattern=" + k.Pattern, "does not match", "the pattern"})
		}
	}
	for _, r := range refused {
		if len(refused) == len(k.Enum) {
			out = append(out, fmt.Sprintf("no value meets both enum=%s and %s: %q %s; drop the value, or correct %s", r.value, r.key, r.value, r.why, r.fix))
		} else {
			warns = append(warns, fmt.Sprintf("enum value %q is refused by %s (it %s): the schema lists a value no call can send; drop the value, or correct %s", r.value, r.key, r.why, r.fix))
		}
	}
	return out, warns
}

// intRange returns the Go type name of an integer type and its smallest
// and largest values, as bounds; false for other types. int and uint are
// taken as 64 bits: a bound beyond their 64-bit range is beyond it on any
// platform.
func intRange(t *TypeRef) (typ string, lo, hi bound, ok bool) {
	bits := t.Bits
	if bits == 0 {
		bits = 64
	}
	switch t.Kind {
	case schema.Int:
		lo.text = strconv.FormatInt(math.MinInt64>>(64-bits), 10)
		hi.text = strconv.FormatInt(math.MaxInt64>>(64-bits), 10)
	case schema.Uint:
		lo.text = "0"
		hi.text = strconv.FormatUint(math.MaxUint64>>(64-bits), 10)
	default:
		return "", lo, hi, false
	}
	return t.Basic, lo, hi, true
}

// looseBounds returns the warnings of the number bounds of f beyond its Go
// integer type's range: harmless, since the decoder refuses a value
// outside the type's range whatever the bound says, but the schema would
// advertise values the decoder refuses (300 for a uint8's maximum=300).
func looseBounds(f *Field) []string {
	typ, lo, hi, ok := intRange(f.Type)
	if !ok {
		return nil
	}
	var out []string
	lower, upper := bounds(f.Keywords)
	// (an integer bound: exclusiveMaximum=256 is maximum=255, exactly a
	// uint8's, and no warning)
	for _, b := range lower {
		if n, ok := schemaprofile.IntegerBound(b.text, true, b.exclusive); ok && compareInts(n, lo.text) < 0 {
			out = append(out, fmt.Sprintf("%s=%s is beyond %s's smallest, %s: the schema would advertise values the decoder refuses (less than %s, whatever the bound says); write minimum=%s, or drop it", b.key, b.text, typ, lo.text, lo.text, lo.text))
		}
	}
	for _, b := range upper {
		if n, ok := schemaprofile.IntegerBound(b.text, false, b.exclusive); ok && compareInts(n, hi.text) > 0 {
			out = append(out, fmt.Sprintf("%s=%s is beyond %s's largest, %s: the schema would advertise values the decoder refuses (more than %s, whatever the bound says); write maximum=%s, or drop it", b.key, b.text, typ, hi.text, hi.text, hi.text))
		}
	}
	return out
}

// compareInts compares two integers written in decimal.
func compareInts(a, b string) int {
	c, _ := lenientimpl.CompareNumber([]byte(a), b)
	return c
}
