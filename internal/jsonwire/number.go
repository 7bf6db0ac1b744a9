package jsonwire

import (
	"math/bits"
)

// IsNumber reports whether s is exactly a JSON number literal.
func IsNumber[T ~string | ~[]byte](s T) bool {
	n, ok := NumberEnd(s, 0)
	return ok && n == len(s)
}

// SWARNonDigit returns a mask whose lowest set bit is the high bit of the
// first byte of x (in memory order) that is not an ASCII digit; 0 when all
// eight are digits. As in SWARStop, only the lowest bit is exact.
func SWARNonDigit(x uint64) uint64 {
	// b - '0' borrows (sets the high bit) for b < '0'; b + 0x46 reaches
	// the high bit for b > '9'; x itself has it for b >= 0x80.
	return ((x - SWAROnes*'0') | (x + SWAROnes*0x46) | x) & SWARHigh
}

// DigitRun returns the index of the first byte of s at or after i that is
// not an ASCII digit, or len(s).
func DigitRun[T ~string | ~[]byte](s T, i int) int {
	for i+8 <= len(s) {
		if m := SWARNonDigit(Load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// Load64 reads s[i:i+8] as a little-endian uint64 (binary.LittleEndian's
// pattern, which the compiler makes one load, for strings too).
func Load64[T ~string | ~[]byte](s T, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// NumberEnd scans a JSON number starting at s[i], with the digit runs
// taken eight bytes at a time, and returns the index just after it and
// whether it is one.
func NumberEnd[T ~string | ~[]byte](s T, i int) (int, bool) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i >= len(s) {
		return i, false
	}
	switch {
	case s[i] == '0':
		i++
	case s[i] >= '1' && s[i] <= '9':
		i = DigitRun(s, i+1)
	default:
		return i, false
	}
	if i < len(s) && s[i] == '.' {
		start := i + 1
		i = DigitRun(s, start)
		if i == start {
			return i, false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		i = DigitRun(s, start)
		if i == start {
			return i, false
		}
	}
	return i, true
}

// PlainInteger reports whether a number literal is written as an integer.
func PlainInteger(v []byte) bool {
	for _, c := range v {
		if c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}
