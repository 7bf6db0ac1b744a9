package lenientimpl

import "unicode/utf8"

// maxShown bounds how much of a received value a message repeats.
const maxShown = 48

// shorten returns JSON text cut to maxShown bytes on a rune boundary.
func shorten(v []byte) string {
	if len(v) <= maxShown {
		return string(v)
	}
	cut := maxShown
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return string(v[:cut]) + "…"
}
