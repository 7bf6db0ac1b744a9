package lenientimpl

import (
	"bytes"
	"errors"
	"math"
	"strconv"
	"unsafe"

	"github.com/normgen/normgen/internal/jsonwire"
)

// Parse errors returned by the Parse functions. They carry no value so that
// a failed parse does not allocate; a Decoder turns them into messages.
var (
	// ErrSyntax: the text is not of the accepted grammar.
	ErrSyntax = errors.New("invalid syntax")
	// ErrRange: the value does not fit the target type.
	ErrRange = errors.New("out of range")
	// ErrFraction: a number has a fractional part where an integer is needed.
	ErrFraction = errors.New("not an integer")
)

// IntBits is the size of int and uint in bits on this platform.
const IntBits = strconv.IntSize

// ParseIntString parses the string form of a signed integer: ^-?[0-9]+$.
// Leading zeros are decimal ("010" is 10). bits is the target width
// (8, 16, 32 or 64).
func ParseIntString[T ~string | ~[]byte](s T, bits int) (int64, error) {
	neg := len(s) > 0 && s[0] == '-'
	digits := s
	if neg {
		digits = s[1:]
	}
	if len(digits) == 0 {
		return 0, ErrSyntax
	}
	var u uint64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, ErrSyntax
		}
		if u > (math.MaxUint64-9)/10 {
			u = math.MaxUint64 // saturate; reported as out of range below
			continue
		}
		u = u*10 + uint64(c-'0')
	}
	return signedInRange(u, neg, bits)
}

// ParseUintString parses the string form of an unsigned integer: ^[0-9]+$.
func ParseUintString[T ~string | ~[]byte](s T, bits int) (uint64, error) {
	if len(s) == 0 {
		return 0, ErrSyntax
	}
	var u uint64
	over := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, ErrSyntax
		}
		d := uint64(c - '0')
		if u > (math.MaxUint64-d)/10 {
			over = true
			continue
		}
		u = u*10 + d
	}
	if over || u > maxUint(bits) {
		return 0, ErrRange
	}
	return u, nil
}

// ParseIntNumber parses a JSON number literal whose value is an integer
// (5, -5, 5.0, 1e3, 1.5e1, -0) exactly, without going through float64.
// A value with a non-zero fractional part gives ErrFraction.
func ParseIntNumber[T ~string | ~[]byte](num T, bits int) (int64, error) {
	if n, ok := plainDigits(num); ok {
		neg := num[0] == '-'
		return signedInRange(n, neg, bits)
	}
	u, neg, err := integerValue(num)
	if err != nil {
		return 0, err
	}
	return signedInRange(u, neg, bits)
}

// plainDigits is the fast path of ParseIntNumber: a JSON integer literal
// of at most 18 digits (-?(0|[1-9][0-9]*)), which cannot overflow, eight
// digits a word.
func plainDigits[T ~string | ~[]byte](s T) (uint64, bool) {
	i := 0
	if len(s) > 0 && s[0] == '-' {
		i = 1
	}
	n := len(s) - i
	if n == 0 || n > 18 || (s[i] == '0' && n > 1) {
		return 0, false
	}
	var u uint64
	for ; i+8 <= len(s); i += 8 {
		x := jsonwire.Load64(s, i)
		if jsonwire.SWARNonDigit(x) != 0 {
			return 0, false
		}
		u = u*1e8 + eightDigits(x)
	}
	for ; i < len(s); i++ {
		c := s[i] - '0'
		if c > 9 {
			return 0, false
		}
		u = u*10 + uint64(c)
	}
	return u, true
}

// ParseUintNumber is ParseIntNumber for unsigned targets; negative values
// other than -0 give ErrRange.
func ParseUintNumber[T ~string | ~[]byte](num T, bits int) (uint64, error) {
	u, neg, err := integerValue(num)
	if err != nil {
		return 0, err
	}
	if neg && u != 0 {
		return 0, ErrRange
	}
	if u > maxUint(bits) {
		return 0, ErrRange
	}
	return u, nil
}

// ParseFloat parses JSON number grammar (the number literal itself, or the
// text of a string form) into a float of the given width. Values beyond the
// type's range give ErrRange: Inf and NaN are never produced, and a number
// written not zero that reads as zero (1e-400) is below the range, as
// 1e400 is above it.
func ParseFloat[T ~string | ~[]byte](s T, bits int) (float64, error) {
	if bits == 64 {
		if f, ok := floatExact(s); ok {
			return f, nil
		}
	}
	if !jsonwire.IsNumber(s) {
		return 0, ErrSyntax
	}
	f, err := strconv.ParseFloat(unsafeString(s), bits)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) || f == 0 && !zeroDigits(s) {
		return 0, ErrRange
	}
	return f, nil
}

// zeroDigits reports whether every digit of a number literal's mantissa
// (before any exponent) is 0: whether the number it writes is zero.
func zeroDigits[T ~string | ~[]byte](s T) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'e' || c == 'E':
			return true
		case c >= '1' && c <= '9':
			return false
		}
	}
	return true
}

// floatExact is ParseFloat's fast path for float64 (Clinger's, as in
// strconv), in one pass that checks JSON number grammar too: a literal of
// at most 15 significant digits whose decimal exponent is within ±22 is
// its digits, exact in a float64, times or divided by an exact power of
// ten: one correctly rounded operation. ok is false for any other text,
// JSON number or not.
func floatExact[T ~string | ~[]byte](s T) (f float64, ok bool) {
	i, neg := 0, false
	if len(s) > 0 && s[0] == '-' {
		i, neg = 1, true
	}
	// 0 or [1-9][0-9]*
	if i == len(s) || s[i]-'0' > 9 || s[i] == '0' && i+1 < len(s) && s[i+1]-'0' <= 9 {
		return 0, false
	}
	var mant uint64
	digits, exp := 0, 0
	for ; i < len(s) && s[i]-'0' <= 9; i++ {
		if mant != 0 || s[i] != '0' {
			mant = mant*10 + uint64(s[i]-'0')
			digits++
		}
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i == len(s) || s[i]-'0' > 9 {
			return 0, false
		}
		for ; i < len(s) && s[i]-'0' <= 9; i++ {
			if mant != 0 || s[i] != '0' {
				mant = mant*10 + uint64(s[i]-'0')
				digits++
			}
			exp--
		}
	}
	if digits > 15 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		if i == len(s) {
			return 0, false
		}
		e := 0
		for ; i < len(s); i++ {
			if s[i]-'0' > 9 || e > 1000 {
				return 0, false
			}
			e = e*10 + int(s[i]-'0')
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if i != len(s) {
		return 0, false
	}
	f = float64(mant)
	switch {
	case mant == 0:
	case exp >= 0 && exp <= 22:
		f *= exactPow10[exp]
	case exp < 0 && exp >= -22:
		f /= exactPow10[-exp]
	default:
		return 0, false
	}
	if neg {
		f = -f
	}
	return f, true
}

// exactPow10 are the powers of ten a float64 holds exactly.
var exactPow10 = [23]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// ParseBool reads the string form of a boolean. The default table accepts
// true/false/1/0/yes/no in any letter case; strict accepts true and false
// only, in lower case.
func ParseBool[T ~string | ~[]byte](s T, strict bool) (v, ok bool) {
	if strict {
		switch string(s) {
		case "true":
			return true, true
		case "false":
			return false, true
		}
		return false, false
	}
	switch len(s) {
	case 1:
		switch s[0] {
		case '1':
			return true, true
		case '0':
			return false, true
		}
	case 2:
		if lower(s[0]) == 'n' && lower(s[1]) == 'o' {
			return false, true
		}
	case 3:
		if lower(s[0]) == 'y' && lower(s[1]) == 'e' && lower(s[2]) == 's' {
			return true, true
		}
	case 4:
		if lower(s[0]) == 't' && lower(s[1]) == 'r' && lower(s[2]) == 'u' && lower(s[3]) == 'e' {
			return true, true
		}
	case 5:
		if lower(s[0]) == 'f' && lower(s[1]) == 'a' && lower(s[2]) == 'l' && lower(s[3]) == 's' && lower(s[4]) == 'e' {
			return false, true
		}
	}
	return false, false
}

// Patterns of the accepted string forms, written so that Go's RE2 and
// ECMAScript (AJV) read them alike: no inline flags, no classes that differ.
const (
	IntPattern        = `^-?[0-9]+$`
	UintPattern       = `^[0-9]+$`
	FloatPattern      = `^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`
	BoolPattern       = `^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0)$`
	StrictBoolPattern = `^(true|false)$`
	// Base64Pattern matches the strings encoding/json reads into a []byte:
	// standard base64 with its padding (base64.StdEncoding), carriage
	// returns and line feeds anywhere ignored (as the decoder ignores
	// them), and "". A []byte normgen does not decode (in a struct of
	// another package) is such a string, or an array of numbers from 0
	// to 255.
	Base64Pattern = `^[\r\n]*(([A-Za-z0-9+/][\r\n]*){4})*(([A-Za-z0-9+/][\r\n]*){2}(=[\r\n]*){2}|([A-Za-z0-9+/][\r\n]*){3}=[\r\n]*)?$`
	// The Quoted patterns match the strings encoding/json reads into a
	// field tagged with the json option string (`json:"id,string"`) in a
	// struct normgen does not decode (of another package): the text of
	// JSON null, or a literal of the field's kind, which it reads as
	// strconv does (a value out of the Go type's range aside), under Go
	// 1.26 or Go 1.27, whose encoding/json (on encoding/json/v2) reads
	// some texts the other refuses: each pattern takes what either takes
	// (class (i) of docs/semantics.md for the other). An integer: decimal
	// digits (leading zeros read as decimal), after a minus, or under Go
	// 1.27 a plus.
	QuotedIntPattern = `^([+-]?[0-9]+|null)$`
	// QuotedUintPattern: decimal digits.
	QuotedUintPattern = `^([0-9]+|null)$`
	// QuotedFloatPattern: what strconv.ParseFloat reads: decimal (digits
	// separated by single underscores, "1.", "-.5", an exponent),
	// hexadecimal with a binary exponent ("0x1.8p3"), infinity ("-Inf",
	// "-infinity", in any letter case). Go 1.26 reads those that start
	// with a minus or a digit; Go 1.27 all, "+1", ".5", "Inf" and "NaN"
	// too.
	QuotedFloatPattern = `^([+-]?([0-9]+(_[0-9]+)*(\.([0-9]+(_[0-9]+)*)?)?|\.[0-9]+(_[0-9]+)*)([eE][+-]?[0-9]+(_[0-9]+)*)?|[+-]?0[xX](_?[0-9a-fA-F]+(_[0-9a-fA-F]+)*(\.([0-9a-fA-F]+(_[0-9a-fA-F]+)*)?)?|\.[0-9a-fA-F]+(_[0-9a-fA-F]+)*)[pP][+-]?[0-9]+(_[0-9]+)*|[+-]?[iI][nN][fF]([iI][nN][iI][tT][yY])?|[nN][aA][nN]|null)$`
	// QuotedBoolPattern: true or false.
	QuotedBoolPattern = `^(true|false|null)$`
	// QuotedStringPattern: a JSON string literal, quotes included, and
	// \' among its escapes, which Go 1.26 reads as ' (Go 1.27 refuses
	// it, and an escaped surrogate that is not half of a pair, "\ud800",
	// which Go 1.26 reads as U+FFFD).
	QuotedStringPattern = `^("([^"\\\x00-\x1f]|\\(["'\\/bfnrt]|u[0-9a-fA-F]{4}))*"|null)$`
	// QuotedNumberPattern: for a json.Number, Go 1.26 takes any text
	// that starts with a minus or a digit (it does not check the rest),
	// the text of null, or a JSON string literal holding a number (its
	// characters maybe escaped: the pattern takes any of a number's
	// characters there, in any order); Go 1.27 number text alone.
	QuotedNumberPattern = `^([-0-9]|null$|"([-0-9.eE+]|\\u[0-9a-fA-F]{4})*"$)`
)

// OrEmptyPattern is pattern (one of the patterns above: ^...$) that also
// matches "" and "null": the string form of an optional number or
// boolean, whose "" reads as the field left out and whose "null" as null
// (Decoder.Absent, isNullText).
func OrEmptyPattern(pattern string) string {
	const null = "|null)$"
	if len(pattern) < len(null) || pattern[len(pattern)-len(null):] != null {
		pattern = OrNullPattern(pattern)
	}
	return pattern[:len(pattern)-1] + "?$" // ^(a|null)$ -> ^(a|null)?$
}

// OrNullPattern is pattern (one of the patterns above: ^...$) that also
// matches "null": the string form of a value that may be null, whose
// "null" reads as null.
func OrNullPattern(pattern string) string {
	inner := pattern[1 : len(pattern)-1]
	if oneGroup(inner) {
		return "^" + inner[:len(inner)-1] + "|null)$" // ^(a|b)$ -> ^(a|b|null)$
	}
	return "^(" + inner + "|null)$"
}

// oneGroup reports whether the regular expression s is one parenthesized
// group, (...), and nothing else.
func oneGroup(s string) bool {
	if len(s) < 2 || s[0] != '(' || s[len(s)-1] != ')' {
		return false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && i < len(s)-1 {
				return false
			}
		}
	}
	return depth == 0
}

func lower(c byte) byte { return c | 0x20 }

func unsafeString[T ~string | ~[]byte](s T) string {
	switch v := any(s).(type) {
	case string:
		return v
	case []byte:
		return unsafe.String(unsafe.SliceData(v), len(v))
	}
	return string(s)
}

// maxUint is the largest value of an unsigned integer of the given width.
func maxUint(bits int) uint64 {
	if bits >= 64 {
		return math.MaxUint64
	}
	return 1<<uint(bits) - 1
}

// signedInRange applies a sign to a magnitude and checks the width.
func signedInRange(u uint64, neg bool, bits int) (int64, error) {
	if n, ok := intIn(u, neg, bits); ok {
		return n, nil
	}
	return 0, ErrRange
}

// intIn is signedInRange without an error value: u with its sign, and
// whether it fits in bits (the fast path's commonest case checks it).
func intIn(u uint64, neg bool, bits int) (int64, bool) {
	if bits > 64 || bits <= 0 {
		bits = 64
	}
	limit := uint64(1) << uint(bits-1) // |min|
	if neg {
		return -int64(u-1) - 1, u <= limit // avoids overflow at the minimum
	}
	return int64(u), u < limit
}

// integerValue returns the magnitude and sign of a JSON number literal that
// holds an integer. Magnitudes beyond uint64 give ErrRange.
func integerValue[T ~string | ~[]byte](s T) (u uint64, neg bool, err error) {
	if !jsonwire.IsNumber(s) {
		return 0, false, ErrSyntax
	}
	i := 0
	if s[0] == '-' {
		neg = true
		i = 1
	}
	// Split into integer digits, fraction digits and exponent.
	intStart := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	intEnd := i
	fracStart, fracEnd := i, i
	if i < len(s) && s[i] == '.' {
		i++
		fracStart = i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		fracEnd = i
	}
	exp := 0
	if i < len(s) {
		i++ // e or E
		expNeg := false
		if s[i] == '+' || s[i] == '-' {
			expNeg = s[i] == '-'
			i++
		}
		// The exponent saturates beyond expCap(len(s)): past it, the
		// value's integer part has more digits than uint64 holds (a
		// positive exponent) or every digit is a fraction digit (a
		// negative one), whatever the exact exponent, so the answer is
		// exact for numbers of any length.
		limit := expCap(len(s))
		for ; i < len(s); i++ {
			if exp <= limit {
				exp = exp*10 + int(s[i]-'0')
			}
		}
		if expNeg {
			exp = -exp
		}
	}
	// digit(k) walks the concatenation of integer and fraction digits.
	nInt, nFrac := intEnd-intStart, fracEnd-fracStart
	n := nInt + nFrac
	digit := func(k int) byte {
		if k < nInt {
			return s[intStart+k]
		}
		return s[fracStart+k-nInt]
	}
	// The value is D * 10^(exp-nFrac) where D is the digit string.
	shift := exp - nFrac
	keep := n // digits of D that form the integer part
	if shift < 0 {
		keep = n + shift
		if keep < 0 {
			keep = 0
		}
		for k := keep; k < n; k++ {
			if digit(k) != '0' {
				return 0, false, ErrFraction
			}
		}
	}
	for k := 0; k < keep; k++ {
		d := uint64(digit(k) - '0')
		if u > (math.MaxUint64-d)/10 {
			return 0, false, ErrRange
		}
		u = u*10 + d
	}
	if shift > 0 && u != 0 {
		for ; shift > 0; shift-- {
			if u > math.MaxUint64/10 {
				return 0, false, ErrRange
			}
			u *= 10
		}
	}
	return u, neg, nil
}

// expCap is the exponent beyond which the value of a number literal of n
// bytes no longer depends on the exponent's exact size: its digits (at most
// n) all land on one side of the decimal point, with room to spare for
// uint64's 20 digits.
func expCap(n int) int { return n + 64 }

// CompareNumber compares a received number with a schema bound exactly, by
// decimal arithmetic (as JSON Schema validators that read numbers exactly
// do, and never through float64 or float32): v is a JSON number literal or
// a JSON string holding a number's text, bound is a decimal number. It
// returns -1, 0 or +1, and ok=false when either is not a number.
// Generated code and the fallback decoder check minimum, maximum and the
// exclusive bounds with it, on the number as it was sent: 0.1 meets
// maximum 0.1 even in a float32 field, and 10.0000000000000001 exceeds
// maximum 10 even though it rounds to 10 as a float64.
func CompareNumber(v []byte, bound string) (c int, ok bool) {
	if len(v) > 0 && v[0] == '"' {
		if len(v) < 2 || v[len(v)-1] != '"' || bytes.IndexByte(v, '\\') >= 0 && jsonwire.Valid(v) != nil {
			return 0, false
		}
		v = text(v)
	}
	a, ok1 := jsonwire.ReadDecimal(v)
	b, ok2 := jsonwire.ReadDecimal(unsafe.Slice(unsafe.StringData(bound), len(bound)))
	if !ok1 || !ok2 {
		return 0, false
	}
	return jsonwire.CompareDecimal(&a, &b), true
}
