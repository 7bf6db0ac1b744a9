package lenientimpl

import (
	"encoding/binary"
	"math/bits"

	"github.com/normgen/normgen/internal/jsonwire"
)

// leadingDigits reads the run of ASCII digits that starts at s[j], where
// s holds at least 16 bytes from j on: n is the run's length, and u its
// value when 1 <= n <= 15; n = 16 means 16 digits or more (u is then
// not their value). A word is read at a time and the run's end found in
// it with no loop over the digits (a loop mispredicts its exit at every
// number of an array whose numbers' lengths vary); as in wideDigits, the
// digits are shifted to the word's high bytes and the bytes below them set
// to '0', so that eightDigits reads their value.
func leadingDigits(s []byte, j int) (u uint64, n int) {
	w := s[j : j+16 : j+16]
	x := binary.LittleEndian.Uint64(w)
	if m := jsonwire.SWARNonDigit(x); m != 0 {
		// Up to seven digits (none: u is not read).
		k := uint(bits.TrailingZeros64(m)) >> 3
		sa := (64 - 8*k) & 63
		return eightDigits(x<<sa | zeroFill&^(^uint64(0)<<sa)), int(k)
	}
	y := binary.LittleEndian.Uint64(w[8:])
	// r digits in the second word, 0 to 8 (TrailingZeros64(0) is 64); a
	// word of none reads as '0's.
	r := uint(bits.TrailingZeros64(jsonwire.SWARNonDigit(y))) >> 3
	sb := (64 - 8*r) & 63
	mb := ^uint64(0) << sb & -uint64((r+7)>>3)
	b := y<<sb&mb | zeroFill&^mb
	return eightDigits(x)*pow10[r&15] + eightDigits(b), int(8 + r)
}

// elemCount counts the elements of the array whose first element (or
// closing bracket) is at data[i], after any white space: one more than
// its commas before its closing bracket, when no byte from '[' (0x5b) up
// or '"' comes before that bracket (an array of integers, whose bytes are
// digits, signs, commas and white space), and otherwise the commas before
// the first such byte. That is never more than the array's elements,
// when it is valid JSON, so that a slice made with the count holds no
// room it does not use; it is exact for an array of integers. A word is
// read at a time.
func elemCount(data []byte, i int) int {
	i = jsonwire.SkipSpace(data, i)
	if i >= len(data) || data[i] == ']' {
		return 0
	}
	n := 1
	for ; i+8 <= len(data); i += 8 {
		x := binary.LittleEndian.Uint64(data[i : i+8])
		// The high bit of each byte that is a comma, exactly.
		c := x ^ jsonwire.SWAROnes*','
		commas := ^((c&low7 + low7) | c) & jsonwire.SWARHigh
		// The lowest set bit is that of the first byte >= 0x5b (x +
		// 0x25 reaches the high bit; x has it from 0x80 on) or '"' (a
		// borrow): a carry or borrow runs upwards only, so the bits
		// above it may be false.
		q := x ^ jsonwire.SWAROnes*'"'
		stop := ((x + jsonwire.SWAROnes*(0x80-'[')) | x | (q - jsonwire.SWAROnes)) & jsonwire.SWARHigh
		if stop != 0 {
			return n + bits.OnesCount64(commas&(stop&-stop-1))
		}
		n += bits.OnesCount64(commas)
	}
	for ; i < len(data) && data[i] < '[' && data[i] != '"'; i++ {
		if data[i] == ',' {
			n++
		}
	}
	return n
}

// low7 is the low seven bits of every byte.
const low7 = jsonwire.SWAROnes * 0x7f
