package lenientimpl

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
	"unsafe"

	"github.com/normgen/normgen/internal/jsonwire"
)

// SWAR ("SIMD within a register") string scanning: eight bytes of a JSON
// string are tested at once with integer arithmetic on a uint64, in pure
// Go, so it is fast on every platform. The functions here give what
// byte-at-a-time versions give (fuzz-tested against them in swar_test.go).

// StringValue returns the text of a validated JSON string value (with its
// quotes), allocating the string once: a string without escapes and with
// valid UTF-8 is one copy of its bytes; otherwise the text is unquoted
// into a new buffer that becomes the string itself. Invalid UTF-8 and lone
// surrogates become U+FFFD, as in encoding/json.
func StringValue(q []byte) string {
	inner := q[1 : len(q)-1]
	var buf []byte
	if !utf8.Valid(inner) {
		buf = jsonwire.UnquoteInvalid(inner, nil)
	} else if i := bytes.IndexByte(inner, '\\'); i < 0 {
		return string(inner)
	} else {
		buf = jsonwire.Unescape(q, i, nil)
	}
	// buf is new and nothing else refers to it or writes to it again, so
	// it can be the string's memory (what strings.Builder does).
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// eightDigits is the value of eight ASCII digits loaded little-endian (the
// first digit in the lowest byte): pairs, then fours, then the eight are
// combined in place.
func eightDigits(x uint64) uint64 {
	x -= jsonwire.SWAROnes * '0'
	x = (x*10 + x>>8) & 0x00FF00FF00FF00FF
	x = (x*100 + x>>16) & 0x0000FFFF0000FFFF
	return (x*10000 + x>>32) & 0xFFFFFFFF
}

// pow10 holds 10^k for k up to 8 (the table is 16 long so that an index
// masked with 15 needs no bounds check).
var pow10 = [16]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}

// zeroFill is eight ASCII '0' bytes.
const zeroFill = jsonwire.SWAROnes * '0'

// wideDigits is plainDigits for a number of at most 16 digits whose
// backing array holds 16 bytes from its first digit on (v is a slice of
// a document, which can be read up to cap(v)): the digits are read in one
// or two word loads with no loop over them. A word's digits, k of them in
// its low bytes, are shifted to its high bytes and the bytes below them
// set to '0', so that eightDigits reads the chunk's value and
// jsonwire.SWARNonDigit checks it; the shift counts are kept below 64, which
// spares Go's checks of oversized shifts. Other numbers, and ones too
// near the end of the backing array, take plainDigits.
func wideDigits(v []byte) (uint64, bool) {
	i := 0
	if len(v) > 0 && v[0] == '-' {
		i = 1
	}
	n := len(v) - i
	if n == 0 || n > 16 || cap(v)-i < 16 {
		return plainDigits(v)
	}
	if v[i] == '0' && n > 1 {
		return 0, false
	}
	w := v[i : i+16 : i+16]
	if n <= 8 {
		// One word: most numbers of an array of ids or counts.
		s := uint(64-8*n) & 63
		a := binary.LittleEndian.Uint64(w)<<s | zeroFill&^(^uint64(0)<<s)
		if jsonwire.SWARNonDigit(a) != 0 {
			return 0, false
		}
		return eightDigits(a), true
	}
	r := uint(n - 8) // digits in the second word, 1 to 8
	t := (64 - 8*r) & 63
	a := binary.LittleEndian.Uint64(w)
	b := binary.LittleEndian.Uint64(w[8:])<<t | zeroFill&^(^uint64(0)<<t)
	if jsonwire.SWARNonDigit(a)|jsonwire.SWARNonDigit(b) != 0 {
		return 0, false
	}
	return eightDigits(a)*pow10[r&15] + eightDigits(b), true
}
