package jsonwire

import "strings"

// UnescapeNewlines is the decoders' unescape (norm:"unescape"): a text
// that holds no newline but a \n or \t escape (a backslash, then n or t)
// is taken for text escaped twice, as a model sends a file's content,
// and read with its escapes unescaped: \n, \t, \r as a newline, a tab
// and a carriage return, \\ as a backslash and \" as a quote, left to
// right, so that an escaped backslash never begins another escape
// (C:\\new is C:\new, and a text whose only \n is a backslash's is
// kept); other escapes (\d, \u0041) are kept as they are. ok is false,
// and s empty, for any other text. The generated decoders (lenient) and
// the rule normalizer read it alike.
func UnescapeNewlines(t string) (s string, ok bool) {
	if strings.IndexByte(t, '\n') >= 0 {
		return "", false
	}
	var b []byte
	done := 0 // t[:done] is in b
	newline := false
	for i := 0; ; {
		j := strings.IndexByte(t[i:], '\\')
		if j < 0 || i+j+1 >= len(t) {
			break
		}
		i += j
		var c byte
		switch t[i+1] {
		case 'n':
			c, newline = '\n', true
		case 't':
			c, newline = '\t', true
		case 'r':
			c = '\r'
		case '\\', '"':
			c = t[i+1]
		default:
			i++
			continue
		}
		b = append(append(b, t[done:i]...), c)
		i += 2
		done = i
	}
	if !newline {
		return "", false
	}
	return string(append(b, t[done:]...)), true
}
