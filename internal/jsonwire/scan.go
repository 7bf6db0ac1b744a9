package jsonwire

import (
	"bytes"
	"unicode/utf8"
)

// KeyText returns the unescaped text of a quoted JSON string; it aliases the
// input when the string holds no escape and is valid UTF-8.
func KeyText(q []byte) []byte {
	inner := q[1 : len(q)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return inner
	}
	return Unquote(q, nil)
}

// SkipSpace returns the index of the first byte of data at or after i
// that is not JSON white space, or len(data).
func SkipSpace(data []byte, i int) int {
	// Most calls find no space at all: one comparison tells, since every
	// white space byte is at most ' '.
	for i < len(data) && data[i] <= ' ' {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// stringEnd scans the JSON string starting at data[i] == '"' and returns the
// index after its closing quote. It rejects control characters and bad
// escapes; invalid UTF-8 is accepted (and replaced when unquoted), as
// encoding/json does.
func stringEnd(data []byte, i int) (int, bool) {
	end, _, ok := StringScan(data, i)
	return end, ok
}

// IsHex reports whether c is an ASCII hexadecimal digit.
func IsHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// SkipValue returns the index after the (already validated) value at data[i].
func SkipValue(data []byte, i int) int {
	switch data[i] {
	case '"':
		end, _ := stringEnd(data, i)
		return end
	case '{', '[':
		depth := 0
		for i < len(data) {
			switch data[i] {
			case '"':
				i, _ = stringEnd(data, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	case 't', 'n':
		return i + 4
	case 'f':
		return i + 5
	default:
		end, _ := NumberEnd(data, i)
		return end
	}
}

// Hex4 is the value of the hexadecimal digits h (the four of a \u
// escape, checked by the caller).
func Hex4(h []byte) rune {
	var r rune
	for _, c := range h {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		default:
			r |= rune(c - 'A' + 10)
		}
	}
	return r
}
