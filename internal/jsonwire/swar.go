package jsonwire

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// The SWAR constants: a byte value times SWAROnes is that byte in each of
// a word's eight bytes.
const (
	SWAROnes = 0x0101010101010101 // 0x01 in every byte
	SWARHigh = 0x8080808080808080 // the high bit of every byte
)

// SWARStop returns a mask whose lowest set bit is the high bit of the
// first byte of x (in memory order: x is loaded little-endian) that is
// '"', '\\' or a control character (< 0x20); 0 when there is none. Bits
// above the lowest one may be false positives (a borrow runs upwards
// only), so only the lowest one is read.
func SWARStop(x uint64) uint64 {
	q := x ^ (SWAROnes * '"')
	b := x ^ (SWAROnes * '\\')
	// (v - 0x01..) & ^v has the high bit of the lowest zero byte of v set;
	// (x - 0x20..) & ^x that of the lowest byte below 0x20. q and b have
	// the high bits of x, so one & ^x does for the three.
	return ((x - SWAROnes*0x20) | (q - SWAROnes) | (b - SWAROnes)) &^ x & SWARHigh
}

// swarEscapeOrHigh is SWARStop for '\\' and bytes >= 0x80 (the bytes
// that make a validated string's text differ from its bytes).
func swarEscapeOrHigh(x uint64) uint64 {
	b := x ^ (SWAROnes * '\\')
	return ((b-SWAROnes)&^b | x) & SWARHigh
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

// StringScan scans the JSON string starting at data[i] == '"', eight
// bytes at a time, and returns the index after its closing quote, whether
// the string is plain (no escape, no byte outside ASCII, so that its text
// is its bytes) and whether it is valid: control characters and bad
// escapes are not; invalid UTF-8 is accepted (and replaced when unquoted),
// as encoding/json does. On an invalid string, end is where the problem
// is.
func StringScan(data []byte, i int) (end int, plain, ok bool) {
	j, high := StringStop(data, i)
	if j >= len(data) {
		return j, false, false
	}
	switch data[j] {
	case '"':
		return j + 1, !high, true
	case '\\':
		end, _, ok = EscapedScan(data, j, nil)
		return end, false, ok
	default: // a control character
		return j, false, false
	}
}

// StringStop scans the JSON string starting at data[i] == '"', eight
// bytes at a time, up to its first '"', '\\' or control character: it
// returns that byte's index (len(data) when there is none) and whether a
// byte before it is outside ASCII.
func StringStop(data []byte, i int) (stop int, high bool) {
	i++
	var seen uint64 // the OR of the bytes skipped: its high bits say non-ASCII
	var x, m uint64
words:
	for {
		// One word first: most strings (keys, short values) end in it.
		if i+8 > len(data) {
			i, seen = TailStop(data, i, seen)
			break
		}
		x = binary.LittleEndian.Uint64(data[i : i+8])
		m = SWARStop(x)
		if m != 0 {
			break
		}
		seen |= x
		i += 8
		// A second word alone (keys of up to 15 bytes end in it).
		if i+8 > len(data) {
			i, seen = TailStop(data, i, seen)
			break
		}
		x = binary.LittleEndian.Uint64(data[i : i+8])
		m = SWARStop(x)
		if m != 0 {
			break
		}
		seen |= x
		i += 8
		// Then two words a round: one branch for sixteen plain bytes.
		for i+16 <= len(data) {
			x = binary.LittleEndian.Uint64(data[i : i+8])
			x2 := binary.LittleEndian.Uint64(data[i+8 : i+16])
			m = SWARStop(x)
			m2 := SWARStop(x2)
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
		k, before := BeforeStop(x, m)
		seen |= before
		i += k
	}
	return i, seen&SWARHigh != 0
}

// BeforeStop returns, for a word x of string bytes whose SWARStop m is
// not 0, the index of its first stop byte and the bytes before it (the
// rest zeroed), for the OR of the bytes seen.
func BeforeStop(x, m uint64) (int, uint64) {
	k := bits.TrailingZeros64(m) >> 3
	return k, x & (uint64(1)<<(8*k) - 1)
}

// TailStop returns the index of the first '"', '\\' or control character
// of data at or after i, or len(data), and seen ORed with the bytes before
// it: StringScan's word loop byte by byte, for the last bytes of data.
func TailStop(data []byte, i int, seen uint64) (int, uint64) {
	for ; i < len(data); i++ {
		c := data[i]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		seen |= uint64(c)
	}
	return i, seen
}

// EscapedScan is StringScan past the string's first escape, at
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
func EscapedScan(data []byte, i int, out *[]byte) (end int, high, ok bool) {
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
			if u := UnescapeByte[c]; u != 0 {
				if dst != nil {
					dst[n] = u
					n++
				}
				i += 2
			} else if c == 'u' && HexEscape(data, i) {
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
			if m := SWARStop(x); m != 0 {
				b, before := BeforeStop(x, m)
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
				j, s := TailStop(data, i, 0)
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
			m := SWARStop(x)
			m2 := SWARStop(x2)
			if m|m2 != 0 {
				k := 0
				if m == 0 {
					seen |= x
					k, x, m = 8, x2, m2
				}
				b, before := BeforeStop(x, m)
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
			return i + 1, seen&SWARHigh != 0, true
		case '\\':
		default: // a control character
			return i, false, false
		}
	}
}

// HexEscape reports whether data[p:] starts with \u and four hex digits.
func HexEscape(data []byte, p int) bool {
	if p+6 > len(data) {
		return false
	}
	for _, h := range data[p+2 : p+6] {
		if !IsHex(h) {
			return false
		}
	}
	return true
}

// Unquote appends the text of the validated JSON string q (with quotes)
// to buf. When the string is valid UTF-8 (checked once, up front), the
// runs between escapes are copied eight and sixteen bytes at a time
// (EscapedScan); otherwise the runs of ASCII are copied whole and invalid
// UTF-8 becomes U+FFFD. Lone surrogates become U+FFFD, as in
// encoding/json.
func Unquote(q []byte, buf []byte) []byte {
	s := q[1 : len(q)-1]
	if !utf8.Valid(s) {
		return UnquoteInvalid(s, buf)
	}
	return Unescape(q, bytes.IndexByte(s, '\\'), buf)
}

// Unescape is Unquote for a string q that is valid UTF-8, whose first
// escape is at q[1+i] (i < 0: it has none).
func Unescape(q []byte, i int, buf []byte) []byte {
	if i < 0 {
		return append(buf, q[1:len(q)-1]...)
	}
	buf = slices.Grow(buf, len(q)+16)
	buf = append(buf, q[1:1+i]...)
	EscapedScan(q, 1+i, &buf)
	return buf
}

// unescapeU writes the text of the \u escape at s[p] (of a validated
// string) to dst[n:], taking a second \u escape with it when the two are
// a surrogate pair, and returns the new n and the index after the escape.
// Lone surrogates become U+FFFD, as in encoding/json.
func unescapeU(s []byte, p int, dst []byte, n int) (int, int) {
	r, i := EscapedRune(s, p)
	return n + utf8.EncodeRune(dst[n:], r), i
}

// EscapedRune returns the rune of the \u escape at s[p] (its hex digits
// checked), taking a second \u escape with it when the two are a
// surrogate pair (checked here: EscapedScan has not seen it yet), and the
// index after the escape. A lone surrogate is U+FFFD, as in
// encoding/json.
func EscapedRune(s []byte, p int) (rune, int) {
	r := Hex4(s[p+2 : p+6])
	i := p + 6
	if utf16.IsSurrogate(r) {
		if HexEscape(s, i) && s[i] == '\\' && s[i+1] == 'u' {
			if r2 := utf16.DecodeRune(r, Hex4(s[i+2:i+6])); r2 != utf8.RuneError {
				return r2, i + 6
			}
		}
		r = utf8.RuneError
	}
	return r, i
}

// UnescapeByte maps the letter of a two-byte escape (after the backslash)
// to the byte it stands for; 0 for 'u' and for what is not an escape.
var UnescapeByte = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// UnquoteInvalid is Unquote for a string s (without quotes) that holds
// invalid UTF-8: runs of ASCII are copied whole, the rest rune by rune.
func UnquoteInvalid(s []byte, buf []byte) []byte {
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
		if c := UnescapeByte[s[i+1]]; c != 0 {
			buf = append(buf, c)
			i += 2
			continue
		}
		var r rune
		r, i = EscapedRune(s, i)
		buf = utf8.AppendRune(buf, r)
	}
	return buf
}
