package jsonwire

import "strconv"

// IsPlainKey reports whether a member name is written bare in a JSON path
// (steps[3].id): it is not empty and holds only ASCII letters, digits,
// '_', '-' and '$'. Other names are quoted: opts["x.y"].
func IsPlainKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '$') {
			return false
		}
	}
	return true
}

// AppendKey appends the step to the member key of a JSON path: .key (no
// dot at the start of the path), or ["key"] quoted as Go quotes it when
// the key is not plain (IsPlainKey).
func AppendKey(b []byte, key string) []byte {
	if IsPlainKey(key) {
		if len(b) > 0 {
			b = append(b, '.')
		}
		return append(b, key...)
	}
	b = append(b, '[')
	b = strconv.AppendQuote(b, key)
	return append(b, ']')
}

// AppendIndex appends the step to the array element i of a JSON path: [i].
func AppendIndex(b []byte, i int) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(i), 10)
	return append(b, ']')
}
