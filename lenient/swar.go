package lenient

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// SWAR ("SIMD within a register") string scanning: eight bytes of a JSON
// string are tested at once with integer arithmetic on a uint64, in pure
// Go, so it is fast on every platform. The functions here give what
// byte-at-a-time versions give (fuzz-tested against them in swar_test.go).

const (
	swarOnes = 0x0101010101010101 // 0x01 in every byte
	swarHigh = 0x8080808080808080 // the high bit of every byte
)

// swarStop returns a mask whose lowest set bit is the high bit of the
// first byte of x (in memory order: x is loaded little-endian) that is
// '"', '\\' or a control character (< 0x20); 0 when there is none. Bits
// above the lowest one may be false positives (a borrow runs upwards
// only), so only the lowest one is read.
func swarStop(x uint64) uint64 {
	q := x ^ (swarOnes * '"')
	b := x ^ (swarOnes * '\\')
	// (v - 0x01..) & ^v has the high bit of the lowest zero byte of v set;
	// (x - 0x20..) & ^x that of the lowest byte below 0x20. q and b have
	// the high bits of x, so one & ^x does for the three.
	return ((x - swarOnes*0x20) | (q - swarOnes) | (b - swarOnes)) &^ x & swarHigh
}

// swarEscapeOrHigh is swarStop for '\\' and bytes >= 0x80 (the bytes
// that make a validated string's text differ from its bytes).
func swarEscapeOrHigh(x uint64) uint64 {
	b := x ^ (swarOnes * '\\')
	return ((b-swarOnes)&^b | x) & swarHigh
}

// plainRun returns the index of the first '\\' or byte >= 0x80 of s at or
// after i, or len(s).
func plainRun(s []byte, i int) int {
	for i+8 <= len(s) {
		x := binary.LittleEndian.Uint64(s[i:])
		if m := swarEscapeOrHigh(x); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(s) && s[i] != '\\' && s[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// stringScan scans the JSON string starting at data[i] == '"', eight
// bytes at a time, and returns the index after its closing quote, whether
// the string is plain (no escape, no byte outside ASCII, so that its text
// is its bytes) and whether it is valid: control characters and bad
// escapes are not; invalid UTF-8 is accepted (and replaced when unquoted),
// as encoding/json does. On an invalid string, end is where the problem
// is.
func stringScan(data []byte, i int) (end int, plain, ok bool) {
	return stringScanInto(data, i, nil)
}

// stringScanInto is stringScan for a string value that, when t is set,
// also writes the string's tape entry, unquoting a string holding an
// escape into t's text in the same pass (tape.unquote).
func stringScanInto(data []byte, i int, t *tape) (end int, plain, ok bool) {
	q := i
	i++
	var seen uint64 // the OR of the bytes skipped: its high bits say non-ASCII
	var x, m uint64
words:
	for {
		// One word first: most strings (keys, short values) end in it.
		if i+8 > len(data) {
			i, seen = tailStop(data, i, seen)
			break
		}
		x = binary.LittleEndian.Uint64(data[i : i+8])
		m = swarStop(x)
		if m != 0 {
			break
		}
		seen |= x
		i += 8
		// A second word alone (keys of up to 15 bytes end in it).
		if i+8 > len(data) {
			i, seen = tailStop(data, i, seen)
			break
		}
		x = binary.LittleEndian.Uint64(data[i : i+8])
		m = swarStop(x)
		if m != 0 {
			break
		}
		seen |= x
		i += 8
		// Then two words a round: one branch for sixteen plain bytes.
		for i+16 <= len(data) {
			x = binary.LittleEndian.Uint64(data[i : i+8])
			x2 := binary.LittleEndian.Uint64(data[i+8 : i+16])
			m = swarStop(x)
			m2 := swarStop(x2)
			if m|m2 != 0 {
				if m == 0 {
					seen |= x
					i += 8
					x, m = x2, m2
				}
				break words
			}
			seen |= x | x2
			i += 16
		}
	}
	if m != 0 {
		k, before := beforeStop(x, m)
		seen |= before
		i += k
	}
	if i >= len(data) {
		return i, false, false
	}
	switch data[i] {
	case '"':
		plain = seen&swarHigh == 0
		if t != nil {
			t.addString(q, i+1, plain)
		}
		return i + 1, plain, true
	case '\\':
		if t != nil {
			return t.unquote(data, q, i, seen&swarHigh != 0)
		}
		end, _, ok = escapedScan(data, i, nil)
		return end, false, ok
	default: // a control character
		return i, false, false
	}
}

// beforeStop returns, for a word x of string bytes whose swarStop m is
// not 0, the index of its first stop byte and the bytes before it (the
// rest zeroed), for the OR of the bytes seen.
func beforeStop(x, m uint64) (int, uint64) {
	k := bits.TrailingZeros64(m) >> 3
	return k, x & (uint64(1)<<(8*k) - 1)
}

// tailStop returns the index of the first '"', '\\' or control character
// of data at or after i, or len(data), and seen ORed with the bytes before
// it: stringScan's word loop byte by byte, for the last bytes of data.
func tailStop(data []byte, i int, seen uint64) (int, uint64) {
	for ; i < len(data); i++ {
		c := data[i]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		seen |= uint64(c)
	}
	return i, seen
}

// escapedScan is stringScan past the string's first escape, at
// data[i] == '\\': the string is not plain. When out is set it also
// unquotes: it appends the text of the string from data[i] on to *out,
// which must have room for the bytes of the rest of the string and 16
// more (its text is never longer than its bytes, and words are stored
// whole), and high reports whether it copied a byte outside ASCII.
// Escapes add whole runes only (a lone surrogate is U+FFFD, as in
// encoding/json), so the text is valid UTF-8 exactly when the string's
// bytes are: the caller checks that when high is set.
//
// Escapes often come in runs (\n\t\t, or \",\" in an array sent as text):
// a run is taken byte by byte, and the plain run after it one word, then
// two words a round.
func escapedScan(data []byte, i int, out *[]byte) (end int, high, ok bool) {
	// dst is nil when out is not set: out's room (16 bytes at least)
	// makes it non-nil otherwise.
	var dst []byte
	n := 0 // dst[:n] is the text so far
	if out != nil {
		dst, n = (*out)[:cap(*out)], len(*out)
	}
	var seen uint64 // the OR of the bytes copied
	for {
		// data[i] == '\\'
		for {
			if i+1 >= len(data) {
				return i, false, false
			}
			c := data[i+1]
			if u := unescapeByte[c]; u != 0 {
				if dst != nil {
					dst[n] = u
					n++
				}
				i += 2
			} else if c == 'u' && hexEscape(data, i) {
				if dst != nil {
					n, i = unescapeU(data, i, dst, n)
				} else {
					i += 6
				}
			} else {
				return i, false, false
			}
			// Take a run on over one plain byte too (the comma of \",\").
			if i+1 >= len(data) {
				break
			}
			if c := data[i]; c != '\\' {
				if data[i+1] != '\\' || c < 0x20 || c == '"' {
					break
				}
				if dst != nil {
					dst[n] = c
					n++
				}
				seen |= uint64(c)
				i++
			}
		}
		// One word first: the run after an escape is often short (a
		// string's text in JSON text sent in a string).
		if i+8 <= len(data) {
			x := binary.LittleEndian.Uint64(data[i : i+8])
			if dst != nil {
				binary.LittleEndian.PutUint64(dst[n:n+8], x)
			}
			if m := swarStop(x); m != 0 {
				b, before := beforeStop(x, m)
				seen |= before
				i += b
				n += b
				goto stop
			}
			seen |= x
			i += 8
			n += 8
		}
		for {
			if i+16 > len(data) {
				j, s := tailStop(data, i, 0)
				if dst != nil {
					n += copy(dst[n:], data[i:j])
				}
				seen |= s
				i = j
				break
			}
			x := binary.LittleEndian.Uint64(data[i : i+8])
			x2 := binary.LittleEndian.Uint64(data[i+8 : i+16])
			if dst != nil {
				binary.LittleEndian.PutUint64(dst[n:n+8], x)
				binary.LittleEndian.PutUint64(dst[n+8:n+16], x2)
			}
			m := swarStop(x)
			m2 := swarStop(x2)
			if m|m2 != 0 {
				k := 0
				if m == 0 {
					seen |= x
					k, x, m = 8, x2, m2
				}
				b, before := beforeStop(x, m)
				seen |= before
				i += k + b
				n += k + b
				break
			}
			seen |= x | x2
			i += 16
			n += 16
		}
	stop:
		if i >= len(data) {
			return i, false, false
		}
		switch data[i] {
		case '"':
			if out != nil {
				*out = dst[:n]
			}
			return i + 1, seen&swarHigh != 0, true
		case '\\':
		default: // a control character
			return i, false, false
		}
	}
}

// hexEscape reports whether data[p:] starts with \u and four hex digits.
func hexEscape(data []byte, p int) bool {
	if p+6 > len(data) {
		return false
	}
	for _, h := range data[p+2 : p+6] {
		if !isHex(h) {
			return false
		}
	}
	return true
}

// unquote appends the text of the validated JSON string q (with quotes)
// to buf. When the string is valid UTF-8 (checked once, up front), the
// runs between escapes are copied eight and sixteen bytes at a time
// (escapedScan); otherwise the runs of ASCII are copied whole and invalid
// UTF-8 becomes U+FFFD. Lone surrogates become U+FFFD, as in
// encoding/json.
func unquote(q []byte, buf []byte) []byte {
	s := q[1 : len(q)-1]
	if !utf8.Valid(s) {
		return unquoteInvalid(s, buf)
	}
	return unescape(q, bytes.IndexByte(s, '\\'), buf)
}

// unescape is unquote for a string q that is valid UTF-8, whose first
// escape is at q[1+i] (i < 0: it has none).
func unescape(q []byte, i int, buf []byte) []byte {
	if i < 0 {
		return append(buf, q[1:len(q)-1]...)
	}
	buf = slices.Grow(buf, len(q)+16)
	buf = append(buf, q[1:1+i]...)
	escapedScan(q, 1+i, &buf)
	return buf
}

// unescapeU writes the text of the \u escape at s[p] (of a validated
// string) to dst[n:], taking a second \u escape with it when the two are
// a surrogate pair, and returns the new n and the index after the escape.
// Lone surrogates become U+FFFD, as in encoding/json.
func unescapeU(s []byte, p int, dst []byte, n int) (int, int) {
	r, i := escapedRune(s, p)
	return n + utf8.EncodeRune(dst[n:], r), i
}

// escapedRune returns the rune of the \u escape at s[p] (its hex digits
// checked), taking a second \u escape with it when the two are a
// surrogate pair (checked here: escapedScan has not seen it yet), and the
// index after the escape. A lone surrogate is U+FFFD, as in
// encoding/json.
func escapedRune(s []byte, p int) (rune, int) {
	r := hex4(s[p+2 : p+6])
	i := p + 6
	if utf16.IsSurrogate(r) {
		if hexEscape(s, i) && s[i] == '\\' && s[i+1] == 'u' {
			if r2 := utf16.DecodeRune(r, hex4(s[i+2:i+6])); r2 != utf8.RuneError {
				return r2, i + 6
			}
		}
		r = utf8.RuneError
	}
	return r, i
}

// unescapeByte maps the letter of a two-byte escape (after the backslash)
// to the byte it stands for; 0 for 'u' and for what is not an escape.
var unescapeByte = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// unquoteInvalid is unquote for a string s (without quotes) that holds
// invalid UTF-8: runs of ASCII are copied whole, the rest rune by rune.
func unquoteInvalid(s []byte, buf []byte) []byte {
	if buf == nil {
		buf = make([]byte, 0, len(s))
	}
	for i := 0; i < len(s); {
		j := plainRun(s, i)
		buf = append(buf, s[i:j]...)
		i = j
		if i >= len(s) {
			break
		}
		if s[i] != '\\' {
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				buf = utf8.AppendRune(buf, utf8.RuneError)
			} else {
				buf = append(buf, s[i:i+size]...)
			}
			i += size
			continue
		}
		if c := unescapeByte[s[i+1]]; c != 0 {
			buf = append(buf, c)
			i += 2
			continue
		}
		var r rune
		r, i = escapedRune(s, i)
		buf = utf8.AppendRune(buf, r)
	}
	return buf
}

// StringValue returns the text of a validated JSON string value (with its
// quotes), allocating the string once: a string without escapes and with
// valid UTF-8 is one copy of its bytes; otherwise the text is unquoted
// into a new buffer that becomes the string itself. Invalid UTF-8 and lone
// surrogates become U+FFFD, as in encoding/json.
func StringValue(q []byte) string {
	inner := q[1 : len(q)-1]
	var buf []byte
	if !utf8.Valid(inner) {
		buf = unquoteInvalid(inner, nil)
	} else if i := bytes.IndexByte(inner, '\\'); i < 0 {
		return string(inner)
	} else {
		buf = unescape(q, i, nil)
	}
	// buf is new and nothing else refers to it or writes to it again, so
	// it can be the string's memory (what strings.Builder does).
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// swarNonDigit returns a mask whose lowest set bit is the high bit of the
// first byte of x (in memory order) that is not an ASCII digit; 0 when all
// eight are digits. As in swarStop, only the lowest bit is exact.
func swarNonDigit(x uint64) uint64 {
	// b - '0' borrows (sets the high bit) for b < '0'; b + 0x46 reaches
	// the high bit for b > '9'; x itself has it for b >= 0x80.
	return ((x - swarOnes*'0') | (x + swarOnes*0x46) | x) & swarHigh
}

// digitRun returns the index of the first byte of s at or after i that is
// not an ASCII digit, or len(s).
func digitRun[T ~string | ~[]byte](s T, i int) int {
	for i+8 <= len(s) {
		if m := swarNonDigit(load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// eightDigits is the value of eight ASCII digits loaded little-endian (the
// first digit in the lowest byte): pairs, then fours, then the eight are
// combined in place.
func eightDigits(x uint64) uint64 {
	x -= swarOnes * '0'
	x = (x*10 + x>>8) & 0x00FF00FF00FF00FF
	x = (x*100 + x>>16) & 0x0000FFFF0000FFFF
	return (x*10000 + x>>32) & 0xFFFFFFFF
}

// pow10 holds 10^k for k up to 8 (the table is 16 long so that an index
// masked with 15 needs no bounds check).
var pow10 = [16]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}

// zeroFill is eight ASCII '0' bytes.
const zeroFill = swarOnes * '0'

// wideDigits is plainDigits for a number of at most 16 digits whose
// backing array holds 16 bytes from its first digit on (v is a slice of
// a document, which can be read up to cap(v)): the digits are read in one
// or two word loads with no loop over them. A word's digits, k of them in
// its low bytes, are shifted to its high bytes and the bytes below them
// set to '0', so that eightDigits reads the chunk's value and
// swarNonDigit checks it; the shift counts are kept below 64, which
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
		if swarNonDigit(a) != 0 {
			return 0, false
		}
		return eightDigits(a), true
	}
	r := uint(n - 8) // digits in the second word, 1 to 8
	t := (64 - 8*r) & 63
	a := binary.LittleEndian.Uint64(w)
	b := binary.LittleEndian.Uint64(w[8:])<<t | zeroFill&^(^uint64(0)<<t)
	if swarNonDigit(a)|swarNonDigit(b) != 0 {
		return 0, false
	}
	return eightDigits(a)*pow10[r&15] + eightDigits(b), true
}

// load64 reads s[i:i+8] as a little-endian uint64 (binary.LittleEndian's
// pattern, which the compiler makes one load, for strings too).
func load64[T ~string | ~[]byte](s T, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// numberEnd scans a JSON number starting at s[i], with the digit runs
// taken eight bytes at a time, and returns the index just after it and
// whether it is one.
func numberEnd[T ~string | ~[]byte](s T, i int) (int, bool) {
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
		i = digitRun(s, i+1)
	default:
		return i, false
	}
	if i < len(s) && s[i] == '.' {
		start := i + 1
		i = digitRun(s, start)
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
		i = digitRun(s, start)
		if i == start {
			return i, false
		}
	}
	return i, true
}
