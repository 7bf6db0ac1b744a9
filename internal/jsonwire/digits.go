package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// digitCount counts the ASCII digits that start at s[j], where s holds at
// least 16 bytes from j on, up to 16 (16 means 16 or more): leadingDigits
// without the value, a word at a time.
func digitCount(s []byte, j int) int {
	w := s[j : j+16 : j+16]
	if m := SWARNonDigit(binary.LittleEndian.Uint64(w)); m != 0 {
		return bits.TrailingZeros64(m) >> 3
	}
	return 8 + bits.TrailingZeros64(SWARNonDigit(binary.LittleEndian.Uint64(w[8:])))>>3
}

// intEnd is numberEnd for the number at data[i] (data[i] is '-' or a
// digit), quicker for the commonest number of an array: an integer of up
// to 15 digits, with no leading zero, fraction or exponent, whose run of
// digits is counted a word at a time; any other number, and one near the
// data's end, is numberEnd's.
func IntEnd(data []byte, i int) (int, bool) {
	j := i
	if data[i] == '-' {
		j++
	}
	if j+17 <= len(data) && data[j] != '0' {
		if n := digitCount(data, j); n > 0 && n < 16 {
			// The byte after the digits: data holds it (j+n < j+17).
			if c := data[j+n]; c != '.' && c|0x20 != 'e' {
				return j + n, true
			}
		}
	}
	return NumberEnd(data, i)
}
