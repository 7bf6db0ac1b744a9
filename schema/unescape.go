package schema

// UnescapeConflicts lists the string keywords of k that norm:"unescape"
// cannot be combined with: enum, minLength, maxLength and pattern. The
// schema checks them on the text as sent, the decoder would check them on
// the text after unescaping, and the two differ by one character per
// escape (`"1234567890123456789\\n"` is 21 characters sent, 20 read), so a
// host and the server would disagree. The generator and the fallback
// decoder refuse such fields, naming these keywords.
func UnescapeConflicts(k Keywords) []string {
	var keys []string
	if len(k.Enum) > 0 {
		keys = append(keys, "enum")
	}
	if k.MinLength != nil {
		keys = append(keys, "minLength")
	}
	if k.MaxLength != nil {
		keys = append(keys, "maxLength")
	}
	if k.Pattern != "" {
		keys = append(keys, "pattern")
	}
	return keys
}
