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

// appendQuote is AppendQuote, or with ejson AppendQuoteEncodingJSON. It
// copies each run of characters written as they are at once (a schema's
// keys and texts, marshaled many times over, hold few others).
func appendQuote(b []byte, s string, ejson bool) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	run := 0 // where the characters not yet copied begin
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if !(r == utf8.RuneError && size == 1) && !(ejson && (r == '\u2028' || r == '\u2029')) {
				i += size // (written as it is)
				continue
			}
			b = append(b, s[run:i]...)
			if r == utf8.RuneError {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			}
			i += size
			run = i
			continue
		}
		b = append(b, s[run:i]...)
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
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
		i++
		run = i
	}
	b = append(b, s[run:]...)
	return append(b, '"')
}
