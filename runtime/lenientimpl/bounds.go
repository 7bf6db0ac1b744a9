package lenientimpl

import (
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// Mark returns a marker of the problems found so far; OK tells whether any
// was added since. Generated code uses the pair to check a value's bounds
// only when the value itself decoded.
func (d *Decoder) Mark() int { return len(d.problems) }

// OK reports whether no problem was found since mark.
func (d *Decoder) OK(mark int) bool { return len(d.problems) == mark }

// DefaultedString records that the absent member name was given the string
// default s (an expanded {{index}} template). A template Expand could not
// expand (no array is known: a struct decoded on its own, by its
// generated UnmarshalJSON) is refused, naming the field: its value would
// be a position no call has.
func (d *Decoder) DefaultedString(name, s string) {
	if strings.Contains(s, "{{index}}") && d.Index() < 0 {
		d.FailKind(lenient.KindMissing, name, nil, "is required here: its default, "+string(jsonwire.AppendQuoteEncodingJSON(nil, s))+", needs the position of an item in an array, and this object is decoded outside one")
		return
	}
	if d.record {
		d.fix(name, lenient.FixDefault, nil, jsonwire.AppendQuoteEncodingJSON(nil, s))
	}
}

// Bounds are a number field's declared bounds: its jsonschema minimum,
// maximum, exclusiveMinimum and exclusiveMaximum as decimal text, "" for
// a bound not declared.
type Bounds struct {
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum string
}

// Beyond returns the message of the first declared bound the number v (a
// literal or a string form) is beyond, compared exactly (CompareNumber),
// with generated code's words ("is more than the maximum, 1000"); "" when
// v is within them all or is no number.
func (b Bounds) Beyond(v []byte) string {
	for _, c := range [...]struct {
		bound string
		bad   func(c int) bool
		msg   string
	}{
		{b.Minimum, func(c int) bool { return c < 0 }, "is less than the minimum, "},
		{b.Maximum, func(c int) bool { return c > 0 }, "is more than the maximum, "},
		{b.ExclusiveMinimum, func(c int) bool { return c <= 0 }, "must be more than "},
		{b.ExclusiveMaximum, func(c int) bool { return c >= 0 }, "must be less than "},
	} {
		if c.bound == "" {
			continue
		}
		if cmp, ok := CompareNumber(v, c.bound); ok && c.bad(cmp) {
			return c.msg + c.bound
		}
	}
	return ""
}

// rangeProblem is the last problem that was a number outside its Go
// type's range, for Bounded.
type rangeProblem struct {
	at     int // 1 + its index among the problems; 0 for none
	bits   int // the integer type's width; 0 for a float
	signed bool
}

// Bounded is called by generated code when a number field with declared
// bounds b did not decode (d.OK(mark) is false). When the problem since
// mark is the value being outside its Go type's range, it names what the
// schema advertises instead: the declared bound the value is beyond, in
// the words of the bound checks ("is more than the maximum, 1000", not "is
// out of range (0 to 65535)"); failing that, the end of the type's range
// it passed alone ("is less than the smallest int8, -128"), since the
// other end the range message names may be one a declared bound moves.
func (d *Decoder) Bounded(mark int, v []byte, b Bounds) {
	if b == (Bounds{}) || d.ranged.at != mark+1 || len(d.problems) != mark+1 {
		return // no bound declared: the type's range is the schema's too
	}
	p := &d.problems[mark]
	if msg := b.Beyond(v); msg != "" {
		p.Msg = msg
		return
	}
	r := d.ranged
	if r.bits == 0 || !r.signed && negative(v) {
		return // a float's message names no end; an unsigned one says 0
	}
	typ := "int" + strconv.Itoa(r.bits)
	if !r.signed {
		typ = "u" + typ
	}
	switch {
	case negative(v):
		p.Msg = "is less than the smallest " + typ + ", " + strconv.FormatInt(-(int64(1)<<uint(r.bits-1)), 10)
	case r.signed:
		p.Msg = "is more than the largest " + typ + ", " + strconv.FormatUint(uint64(1)<<uint(r.bits-1)-1, 10)
	default:
		p.Msg = "is more than the largest " + typ + ", " + strconv.FormatUint(maxUint(r.bits), 10)
	}
}

// Counted writes n with its noun, singular for one: "1 character", "5
// items". The decoders' length and item-count refusals say it so.
func Counted(n int, noun string) string {
	s := strconv.Itoa(n) + " " + noun
	if n != 1 {
		s += "s"
	}
	return s
}
