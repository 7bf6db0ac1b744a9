package schemaprofile

import (
	"math"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
)

// integer is an integer of any size, written in decimal: its sign and
// its magnitude's digits, without leading zeros ("0" for zero, which is
// not negative). The gemini profile rewrites an integer's exclusive bound
// as the inclusive one with it, exactly, without math/big, which a
// server's generated code must not link (internal/runtimesize).
type integer struct {
	neg bool
	mag string
}

func (n integer) String() string {
	if n.neg {
		return "-" + n.mag
	}
	return n.mag
}

// maxDigits bounds the integers read: a bound past it (1e400) is said in
// the description instead.
const maxDigits = 400

// floorOf returns the largest integer at most the JSON number written
// text, and whether text is one whose integer part holds no more than
// maxDigits digits. It reads text as the runtime reads numbers
// (jsonwire.ReadDecimal), exactly.
func floorOf(text string) (integer, bool) {
	d, ok := jsonwire.ReadDecimal([]byte(text))
	point := d.Point()
	switch {
	case !ok:
		return integer{}, false
	case d.Sign() == 0:
		return integer{mag: "0"}, true // -0 and 0e999 too
	case point > maxDigits:
		return integer{}, false
	}
	digits := string(d.AppendDigits(nil)) // no leading or trailing zeros
	n := integer{neg: d.Sign() < 0, mag: "0"}
	var fraction bool // digits past the point, all significant
	switch {
	case point <= 0:
		fraction = true
	case point >= len(digits):
		n.mag = digits + strings.Repeat("0", point-len(digits))
	default:
		n.mag, fraction = digits[:point], true
	}
	if fraction && n.neg {
		n = n.plus(-1) // -2.5 rounds down to -3, -0.5 to -1
	}
	return n, true
}

// past returns the first integer past the number written text, upwards
// (up 1: floor(x)+1) or downwards (up -1: ceil(x)-1).
func past(text string, up int) (integer, bool) {
	if up > 0 {
		n, ok := floorOf(text)
		return n.plus(1), ok
	}
	n, ok := floorOf(negate(text)) // ceil(x)-1 = -(floor(-x)+1)
	n = n.plus(1)
	return n.negated(), ok
}

// IntegerBound returns, in decimal, the integer bound that the number
// bound written text means for an integer: the least integer a lower
// bound admits (floor(x)+1 for an exclusive one, ceil(x) otherwise), or
// the greatest an upper one admits (ceil(x)-1, floor(x)); false for a
// bound of more than maxDigits digits before its point. The gemini
// profile writes an integer's exclusive bounds so, and the generator
// checks an integer field's bounds with it.
func IntegerBound(text string, lower, exclusive bool) (string, bool) {
	up := -1
	if lower {
		up = 1
	}
	var n integer
	var ok bool
	if exclusive {
		n, ok = past(text, up)
	} else {
		n, ok = roundIn(jsonnode.Scalar(text), up)
	}
	return n.String(), ok
}

// roundIn returns an inclusive bound v rounded inwards to an integer, the
// bound an integer meets alike: up for a minimum (up 1), down for a
// maximum (up -1).
func roundIn(v *jsonnode.Node, up int) (integer, bool) {
	if v == nil || v.Kind != '0' {
		return integer{}, false
	}
	if up < 0 {
		n, ok := floorOf(v.Text())
		return n, ok
	}
	n, ok := floorOf(negate(v.Text())) // ceil(x) = -floor(-x)
	return n.negated(), ok
}

// hostInteger returns the integer bound n as a host that reads JSON
// numbers as doubles reads it, no looser: n itself up to 2^53, else the
// double nearest n inwards (upwards for a lower bound, up 1; downwards
// for an upper one, up -1), exactly. 2^53+1 read as a double is 2^53, a
// minimum that would admit 2^53, which the decoder refuses. False for a
// bound past the doubles' range.
func hostInteger(n integer, up int) (integer, bool) {
	if len(n.mag) < 16 { // below 10^15 < 2^53
		return n, true
	}
	f, err := strconv.ParseFloat(n.String(), 64)
	if err != nil {
		return n, false
	}
	h, _ := floorOf(strconv.FormatFloat(f, 'f', 0, 64)) // exact: a double past 2^53 is an integer
	if compare(h, n)*up < 0 {
		f = math.Nextafter(f, float64(up)*math.Inf(1))
		if math.IsInf(f, 0) {
			return n, false
		}
		h, _ = floorOf(strconv.FormatFloat(f, 'f', 0, 64))
	}
	return h, true
}

// sameInteger reports whether the number v is the integer n, however
// written (1e20, 100.0).
func sameInteger(v *jsonnode.Node, n integer) bool {
	lo, ok1 := roundIn(v, 1)
	hi, ok2 := roundIn(v, -1)
	return ok1 && ok2 && compare(lo, n) == 0 && compare(hi, n) == 0
}

// negate returns the JSON number text of -x.
func negate(text string) string {
	if t, ok := strings.CutPrefix(text, "-"); ok {
		return t
	}
	return "-" + text
}

func (n integer) negated() integer {
	if n.mag != "0" {
		n.neg = !n.neg
	}
	return n
}

// plus returns n+d, for d 1 or -1.
func (n integer) plus(d int) integer {
	if n.neg {
		return integer{mag: n.mag}.plus(-d).negated() // -0 too, as floorOf reads "-0.5"
	}
	if d > 0 {
		return integer{mag: increment(n.mag)}
	}
	if n.mag == "0" {
		return integer{neg: true, mag: "1"}
	}
	return integer{mag: decrement(n.mag)}
}

// increment adds 1 to a magnitude.
func increment(mag string) string {
	b := []byte(mag)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// decrement takes 1 from a magnitude above zero.
func decrement(mag string) string {
	b := []byte(mag)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] > '0' {
			b[i]--
			break
		}
		b[i] = '9'
	}
	if s := strings.TrimLeft(string(b), "0"); s != "" {
		return s
	}
	return "0"
}

// compare returns -1, 0 or 1 as a is less than, equal to or greater than b.
func compare(a, b integer) int {
	if a.neg != b.neg {
		if a.neg {
			return -1
		}
		return 1
	}
	c := len(a.mag) - len(b.mag)
	if c == 0 {
		c = strings.Compare(a.mag, b.mag)
	}
	if c > 0 {
		c = 1
	} else if c < 0 {
		c = -1
	}
	if a.neg {
		return -c
	}
	return c
}
