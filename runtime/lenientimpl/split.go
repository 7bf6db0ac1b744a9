package lenientimpl

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// SplitArray is Array for a slice of strings declared norm:"split=SEP": a
// string that does not hold JSON array text is read as its items,
// separated by sep, each with the white space around it trimmed ("a, b"
// is ["a","b"]; "" holds no item). An empty item between separators
// ("a,,b", "a,") is a problem, never dropped. A separator that is white
// space splits at each run of it. Every other value is read as Array
// reads it: a JSON array, JSON array text ("[\"a, b\"]" is one item), a
// lone value with Wrap.
func (d *Decoder) SplitArray(v []byte, name string, m Mode, sep string, it *ArrayIter) bool {
	t := trimSpace(v)
	if len(t) < 2 || t[0] != '"' || m&Strict != 0 {
		return d.Array(v, name, m, it)
	}
	s := text(t)
	if i := jsonwire.SkipSpace(s, 0); i < len(s) && s[i] == '[' {
		return d.Array(v, name, m, it) // JSON array text
	}
	items, ok := SplitItems(string(s), sep)
	if !ok {
		d.FailKind(lenient.KindText, name, t, `has an empty item between separators (send a JSON array such as ["a","b"], or `+strconv.Quote("a"+sep+"b")+")")
		return false
	}
	arr := make([]byte, 0, len(s)+2+2*len(items))
	arr = append(arr, '[')
	for i, item := range items {
		if i > 0 {
			arr = append(arr, ',')
		}
		arr = jsonwire.AppendQuote(arr, item)
	}
	arr = append(arr, ']')
	if d.record {
		d.fix(name, lenient.FixSplit, t, arr)
	}
	it.reset(arr)
	return true
}

// SplitItems splits text at sep as SplitArray does: each item with the
// JSON white space around it trimmed, none for text that is only white
// space; ok is false when an item between separators is empty. A
// separator that is white space splits at each run of it, and an item
// that is only other white space there is none ("a \t b" is a and b).
func SplitItems(text, sep string) (items []string, ok bool) {
	if r, _ := utf8.DecodeRuneInString(sep); len(sep) > 0 && isJSONSpace(r) {
		items = []string{}
		for _, part := range strings.FieldsFunc(text, func(c rune) bool { return strings.ContainsRune(sep, c) }) {
			if part = strings.Trim(part, " \t\n\r"); part != "" {
				items = append(items, part)
			}
		}
		return items, true
	}
	if len(bytes.TrimSpace([]byte(text))) == 0 {
		return []string{}, true
	}
	for _, part := range strings.Split(text, sep) {
		part = strings.Trim(part, " \t\n\r")
		if part == "" {
			return nil, false
		}
		items = append(items, part)
	}
	return items, true
}

func isJSONSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }
