package lint

import "github.com/normgen/normgen/internal/rulespec"

// PortablePattern reports why pattern is not one that Go's RE2 (the
// decoder) and ECMAScript with the u flag (AJV, the validator inside
// JavaScript hosts) both compile and read alike, or nil when it is. A
// pattern that fails here would make a host refuse the whole schema (AJV
// cannot compile it), or let the host and the server disagree on a value.
//
// It accepts the common subset: literals, anchors `^ $`, groups `( )`,
// `(?: )` and `(?<name> )`, classes `[ ]` (ranges, negation), quantifiers
// `* + ? {n} {n,} {n,m}` (lazy too), alternation, the escapes `\d \D \w \W
// \b \B \t \n \r \f \v \xHH`, escaped syntax characters, and `\p{…}` with a
// Unicode general category (`\p{L}`, `\p{Lu}`). It refuses, saying what to
// write instead: inline flags (`(?i)`), lookarounds, backreferences and
// octal escapes, `\A \z \Z \Q \E \C`, `(?P<name>)`, POSIX classes
// (`[[:alpha:]]`), `.` outside a class (Go's matches \r, ECMAScript's
// does not: write `[^\n]`), `\pL` and script names (`\p{Greek}`), `\x{…}`, `\s`
// and `\S` (ECMAScript's set also holds \v and Unicode spaces), and escapes
// or braces that ECMAScript's u flag rejects.
func PortablePattern(pattern string) error { return rulespec.PortablePattern(pattern) }
