package jsonwire

import (
	"bytes"
	"testing"
)

// checkScanInto: scanning a string for a tape gives what StringScan gives
// (which lenient's FuzzStringScanSWAR checks against a byte-at-a-time
// scanner) and unquotes a string holding an escape in the same pass,
// after the text already on the tape, to what Unquote gives.
func checkScanInto(t *testing.T, data []byte) {
	t.Helper()
	e0, p0, ok0 := StringScan(data, 0)
	tp := &Tape{text: []byte("pre")}
	if e, p, ok := stringScanInto(data, 0, tp); e != e0 || p != p0 || ok != ok0 {
		t.Fatalf("%q: StringScan = (%d, %v, %v), stringScanInto = (%d, %v, %v)", data, e0, p0, ok0, e, p, ok)
	}
	escaped := ok0 && bytes.IndexByte(data[:e0], '\\') >= 0
	if len(tp.texts) != map[bool]int{true: 1}[escaped] || string(tp.text[:3]) != "pre" {
		t.Fatalf("%q: tape texts %v, text %q", data, tp.texts, tp.text)
	}
	if !escaped {
		return
	}
	q := data[:e0]
	if got, want := string(tp.TextOf(textAux(0))), string(Unquote(q, nil)); got != want {
		t.Fatalf("%q: Unquote = %q, stringScanInto's text = %q", q, want, got)
	}
}

func TestStringScanInto(t *testing.T) {
	for _, s := range []string{`"plain"`, `"a\nb"`, `"\u00e9x"`, `"\ud83d\ude00"`, `"\ud800"`, "\"\xff\\t\"", `"open`, "\"\x01\"", `"é\"q\""`, `"\uZZZZ"`} {
		checkScanInto(t, []byte(s))
	}
}

// FuzzStringScanInto checks stringScanInto on arbitrary bytes.
func FuzzStringScanInto(f *testing.F) {
	for _, s := range []string{`"a\nb"`, `"\ud83d\ude00 tail text past the word"`, "\"x\xff\\\"\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkScanInto(t, append([]byte{'"'}, b...))
	})
}
