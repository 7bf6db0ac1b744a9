package jsonwire

import (
	"unicode/utf8"
)

// AppendQuote appends s as a JSON string, escaping only what JSON
// requires: no HTML escaping.
func AppendQuote(b []byte, s string) []byte { return appendQuote(b, s, false) }

// AppendQuoteEncodingJSON appends s as a JSON string as encoding/json (of
// Go 1.26) quotes it without HTML escaping: as AppendQuote does, but for
// the characters encoding/json escapes otherwise: \b and \f in short
// form, U+2028 and U+2029 escaped. Invalid UTF-8 is written as \ufffd,
// which Go 1.27's encoding/json writes as the character itself, so the
// output is the same under both.
func AppendQuoteEncodingJSON(b []byte, s string) []byte { return appendQuote(b, s, true) }

// appendQuote is AppendQuote, or with ejson AppendQuoteEncodingJSON.
func appendQuote(b []byte, s string, ejson bool) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case ejson && c == '\b':
			b = append(b, '\\', 'b')
		case ejson && c == '\f':
			b = append(b, '\\', 'f')
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		case c < utf8.RuneSelf:
			b = append(b, c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				b = append(b, `\ufffd`...)
			case ejson && (r == '\u2028' || r == '\u2029'):
				b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			default:
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		i++
	}
	return append(b, '"')
}
