package lenientimpl

import (
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
)

// KeyVariants returns the spelling-style variants of a key other than
// itself: the same words in snake_case, camelCase, kebab-case and
// PascalCase, in that order (thought_number: thoughtNumber,
// thought-number, ThoughtNumber). A key of one word, or with a character
// other than an ASCII letter, digit, '_' or '-', has none; neither has a
// spelling that would not split back into the same words (step_2_name's
// step2Name reads as "step2 name"), so that every variant names the key's
// words and no others.
//
// Generated decoders, the fallback decoder and the rules derived from a
// catalog read a field's variants (and, but for a catalog, which does not
// declare aliases, its declared aliases' variants) as aliases of it where
// exactly one field has that spelling (schema.ImplicitAliases decides
// which).
func KeyVariants(key string) []string {
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return nil
		}
	}
	w := jsonwire.Words(key)
	if len(w) < 2 {
		return nil
	}
	title := func(s string) string {
		if c := s[0]; 'a' <= c && c <= 'z' {
			return string(c-'a'+'A') + s[1:]
		}
		return s
	}
	camel, pascal := w[0], ""
	for i, x := range w {
		if i > 0 {
			camel += title(x)
		}
		pascal += title(x)
	}
	want := strings.Join(w, " ")
	var out []string
	for _, v := range []string{strings.Join(w, "_"), camel, strings.Join(w, "-"), pascal} {
		if v != key && strings.Join(jsonwire.Words(v), " ") == want {
			out = append(out, v)
		}
	}
	return out
}
