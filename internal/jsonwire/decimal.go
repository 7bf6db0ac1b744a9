package jsonwire

import "cmp"

// Decimal is a number literal read exactly, without allocating: its
// digits are a's followed by b's (the integer and fraction digits as
// written); the significant ones are positions [lo, hi), and the value is
// 0.digits[lo:hi] × 10^point, negated when neg. lo == hi for zero.
// The runtime compares numbers with schema bounds through it
// (lenientimpl.CompareNumber), and the gemini profile rounds bounds to
// integers with it (internal/schemaprofile).
type Decimal struct {
	neg    bool
	a, b   []byte
	lo, hi int
	point  int
}

func (d *Decimal) digit(k int) byte {
	if k < len(d.a) {
		return d.a[k]
	}
	return d.b[k-len(d.a)]
}

// Sign returns -1, 0 or +1 as d is negative, zero ("-0" too) or positive.
func (d *Decimal) Sign() int {
	switch {
	case d.lo == d.hi:
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// AppendDigits appends d's significant digits to dst: those from its
// first digit other than 0 to its last, none for zero. d's magnitude is
// 0.digits × 10^Point().
func (d *Decimal) AppendDigits(dst []byte) []byte {
	for k := d.lo; k < d.hi; k++ {
		dst = append(dst, d.digit(k))
	}
	return dst
}

// Point returns the power of ten that d's significant digits, read as a
// fraction 0.digits, are multiplied by (3 for 123 and 1.23e2, -1 for
// 0.05). It saturates where ReadDecimal's exponents do.
func (d *Decimal) Point() int { return d.point }

// decimalExpCap is where ReadDecimal's exponents saturate: far beyond any
// number a schema bound or a document of less than 2^50 bytes can hold, so
// comparisons stay exact (two exponents both beyond it compare as equal).
const decimalExpCap = 1 << 50

// ReadDecimal reads the JSON number grammar (and the digit-string forms of
// integers, which may have leading zeros) exactly. Exponents saturate at
// about decimalExpCap. d refers to s's bytes.
func ReadDecimal(s []byte) (d Decimal, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		d.neg = true
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	d.a = s[start:i]
	if len(d.a) == 0 {
		return d, false
	}
	if i < len(s) && s[i] == '.' {
		i++
		fs := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == fs {
			return d, false
		}
		d.b = s[fs:i]
	}
	exp := 0
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		expNeg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			expNeg = s[i] == '-'
			i++
		}
		es := i
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			if exp <= decimalExpCap {
				exp = exp*10 + int(s[i]-'0')
			}
		}
		if i == es {
			return d, false
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(s) {
		return d, false
	}
	d.hi = len(d.a) + len(d.b)
	for d.lo < d.hi && d.digit(d.lo) == '0' {
		d.lo++
	}
	for d.hi > d.lo && d.digit(d.hi-1) == '0' {
		d.hi--
	}
	d.point = len(d.a) - d.lo + exp
	return d, true
}

// CompareDecimal compares two exact decimals: -1, 0 or +1.
func CompareDecimal(x, y *Decimal) int {
	sx, sy := x.Sign(), y.Sign()
	if sx != sy || sx == 0 {
		return cmp.Compare(sx, sy)
	}
	c := cmp.Compare(x.point, y.point)
	for i, j := x.lo, y.lo; c == 0 && (i < x.hi || j < y.hi); i, j = i+1, j+1 {
		switch {
		case i == x.hi:
			c = -1
		case j == y.hi:
			c = 1
		default:
			c = cmp.Compare(x.digit(i), y.digit(j))
		}
	}
	return c * sx
}
