package jsonwire

import "strings"

// UnescapeNewlines is the decoders' unescape (norm:"unescape"): a text
// that holds no newline but a literal \n or \t (a backslash, then n or
// t) is read with each as a newline and a tab; ok is false, and s empty,
// for any other text. The generated decoders (lenient) and the rule
// normalizer read it alike.
func UnescapeNewlines(t string) (s string, ok bool) {
	if strings.IndexByte(t, '\n') >= 0 {
		return "", false
	}
	var b []byte
	done := 0 // t[:done] is in b
	for i := 0; ; {
		j := strings.IndexByte(t[i:], '\\')
		if j < 0 || i+j+1 >= len(t) {
			break
		}
		i += j
		switch t[i+1] {
		case 'n':
			b = append(append(b, t[done:i]...), '\n')
		case 't':
			b = append(append(b, t[done:i]...), '\t')
		default:
			i++
			continue
		}
		i += 2
		done = i
	}
	if b == nil {
		return "", false
	}
	return string(append(b, t[done:]...)), true
}
