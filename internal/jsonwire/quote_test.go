package jsonwire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"unicode/utf8"
)

// quoteByByte is an independent reading of appendQuote, a character at
// a time (as it was first written): the reference its runs are held to.
func quoteByByte(b []byte, s string, ejson bool) []byte {
	short := map[rune]string{'"': `\"`, '\\': `\\`, '\n': `\n`, '\r': `\r`, '\t': `\t`}
	if ejson {
		short['\b'], short['\f'] = `\b`, `\f`
		short['\u2028'], short['\u2029'] = `\u2028`, `\u2029`
	}
	b = append(b, '"')
	for i, r := range s {
		if esc, ok := short[r]; ok {
			b = append(b, esc...)
			continue
		}
		switch _, size := utf8.DecodeRuneInString(s[i:]); {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r < 0x20:
			b = fmt.Appendf(b, `\u%04x`, r)
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}

var quoteSeeds = []string{
	"", "plain", `a"b\c`, "tab\there\nnew\rret", "\b\f\x00\x1f\x7f", "é ü 日本", "\u2028\u2029x",
	"\xff", "a\xc3", "\xef\xbf\xbd", "ok\xe2\x80", "<html>&amp;", "end\\",
}

// TestAppendQuote: both quotings write what the reference writes, and
// AppendQuoteEncodingJSON what encoding/json writes (HTML unescaped) for
// valid UTF-8.
func TestAppendQuote(t *testing.T) {
	for _, s := range quoteSeeds {
		checkQuote(t, s)
	}
}

func FuzzAppendQuote(f *testing.F) {
	for _, s := range quoteSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkQuote(t, s) })
}

func checkQuote(t *testing.T, s string) {
	t.Helper()
	for _, ejson := range []bool{false, true} {
		if got, want := appendQuote([]byte("x"), s, ejson), quoteByByte([]byte("x"), s, ejson); !bytes.Equal(got, want) {
			t.Errorf("appendQuote(%q, %v) = %s, want %s", s, ejson, got, want)
		}
	}
	if utf8.ValidString(s) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		if got, want := AppendQuoteEncodingJSON(nil, s), bytes.TrimSuffix(buf.Bytes(), []byte("\n")); !bytes.Equal(got, want) {
			t.Errorf("AppendQuoteEncodingJSON(%q) = %s, encoding/json writes %s", s, got, want)
		}
	}
}

// BenchmarkAppendQuote compares AppendQuoteEncodingJSON with
// encoding/json (an Encoder, HTML unescaped, into a reused buffer), which
// writes the same text, on a schema's keys and texts (few characters
// escaped).
func BenchmarkAppendQuote(b *testing.B) {
	texts := []string{"properties", "additionalProperties", "type", "object", "description",
		"The name of the field, as the server reads it; \"quoted\" once.", "é ü 日本 text"}
	b.Run("runs", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			for _, s := range texts {
				buf = AppendQuoteEncodingJSON(buf[:0], s)
			}
		}
	})
	b.Run("baseline-encoding-json", func(b *testing.B) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		for b.Loop() {
			for _, s := range texts {
				buf.Reset()
				if err := enc.Encode(s); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
