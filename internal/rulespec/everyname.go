package rulespec

import (
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
)

// PatternMap reports whether the object schema s holds a map through its
// patternProperties: one pattern, which every member name matches
// (EveryName) or which every member of a valid object matches
// (additionalProperties is false: "^[a-z_]+$", "^x-"), or beside
// additionalProperties whose schema is the pattern's but for annotations
// (every member is held to that one schema, whichever holds it: JReleaser's
// maps of announcers), and no properties
// but ones whose schema is the pattern's but for annotations (a title, a
// description: JSON Schema holds a declared member to both, so its value
// is held to the one schema as every other member's). A rule names its
// values, the declared ones too, as additionalProperties' ({}): where
// a member's name fails the pattern the object is refused whatever its
// value, before the rules and after.
func PatternMap(s *jsonnode.Node) bool {
	pp, props := s.Get("patternProperties"), s.Get("properties")
	if pp == nil || pp.Kind != '{' || len(pp.Keys) != 1 {
		return false
	}
	ap := s.Get("additionalProperties")
	closed := ap != nil && ap.Kind == 't' && ap.Text() == "false"
	if !closed && !EveryName(pp.Keys[0]) && !Alike(ap, pp.Vals[0]) {
		return false
	}
	if props == nil || props.Kind == '{' && len(props.Keys) == 0 {
		return true
	}
	if props.Kind != '{' {
		return false
	}
	values := Unannotated(pp.Vals[0])
	for _, v := range props.Vals {
		if !jsonnode.SameJSON(Unannotated(v), values) {
			return false
		}
	}
	return true
}

// OtherNames returns the pattern of every name the object schema s does
// not declare (AllNamesBut), where its additionalProperties, a schema,
// holds those members beside declared properties and no
// patternProperties stand beside: a rule path may name them by that
// pattern step, where {} would name the declared members too. "" where
// {} names them alone (s declares none, or is a map: PatternMap) or
// AllNamesBut writes no pattern. derive's otherNames decides whether
// its rules do; what mirrors them (benchcov, schemagen, Explain) reads
// the pattern here.
func OtherNames(s *jsonnode.Node) string {
	props, ap := s.Get("properties"), s.Get("additionalProperties")
	if props == nil || props.Kind != '{' || len(props.Keys) == 0 || ap == nil || ap.Kind != '{' || s.Get("patternProperties") != nil || PatternMap(s) {
		return ""
	}
	return AllNamesBut(props.Keys)
}

// Annotations are the keywords of JSON Schema's annotation vocabulary
// that describe one use of a value and never constrain it (format, which
// a validator may assert, is not one): PatternMap reads past them on a
// declared member's schema, and the deriver keeps a use's own beside an
// inlined $ref.
var Annotations = []string{"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment"}

// Alike reports whether a and b are object schemas alike but for their
// own annotations (Unannotated).
func Alike(a, b *jsonnode.Node) bool {
	return a != nil && b != nil && a.Kind == '{' && b.Kind == '{' && jsonnode.SameJSON(Unannotated(a), Unannotated(b))
}

// Unannotated returns the schema s without its own annotations (s itself
// where it holds none): two uses of one value compare alike through it.
// Its subschemas are s's (a shallow copy): the caller reads it, and
// changes none of them.
func Unannotated(s *jsonnode.Node) *jsonnode.Node {
	out := s
	for _, k := range Annotations {
		if s.Kind == '{' && s.Get(k) != nil {
			if out == s {
				out = s.Shallow()
			}
			out.Delete(k)
		}
	}
	return out
}

// EveryName reports whether every member name matches the
// patternProperties pattern p, as JSON Schema reads a pattern (a search,
// not anchored): p matches the empty string at the start of any text,
// holding no end or word-boundary assertion that could fail on what
// follows. An object whose one pattern is such, and that declares no
// properties, holds a map, whose values a rule names as
// additionalProperties' ({}). A pattern Go's regexp cannot parse, or
// with a syntax ECMAScript reads otherwise (\A, \z, \Q, flags), is not.
func EveryName(p string) bool {
	re, ok := ParseAlike(p)
	if !ok || endsOrBounds(re) {
		return false
	}
	m, err := regexp.Compile(p)
	return err == nil && m.MatchString("")
}

// ParseAlike parses the pattern p as Go's regexp reads it, for a proof of
// what it matches that must hold for ECMAScript too: false where Go
// cannot parse it or where it holds a syntax ECMAScript reads otherwise
// (\A, \z, \Q, inline flags, (?P<name>); \x{…}, a code point in Go and
// an error under AJV's u flag; a backslash and a digit, an octal escape
// in Go and a back-reference or an error in ECMAScript).
func ParseAlike(p string) (*syntax.Regexp, bool) {
	for _, goOnly := range []string{`\A`, `\z`, `\Q`, `(?i`, `(?s`, `(?m`, `(?U`, `(?-`, `(?P`, `\x{`, `\0`, `\1`, `\2`, `\3`, `\4`, `\5`, `\6`, `\7`, `\8`, `\9`} {
		if Unescaped(p, goOnly) {
			return nil, false
		}
	}
	re, err := syntax.Parse(p, syntax.Perl)
	return re, err == nil
}

// endsOrBounds reports whether re holds an assertion that what follows a
// position can fail: an end of line or text, or a word boundary.
func endsOrBounds(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpEndLine, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true
	}
	for _, sub := range re.Sub {
		if endsOrBounds(sub) {
			return true
		}
	}
	return false
}

// Unescaped reports whether text stands in the pattern p where no
// backslash escapes its first character: "\\A" (a backslash, then A)
// holds no \A.
func Unescaped(p, text string) bool {
	for i := 0; ; i++ {
		j := strings.Index(p[i:], text)
		if j < 0 {
			return false
		}
		i += j
		slashes := 0
		for k := i - 1; k >= 0 && p[k] == '\\'; k-- {
			slashes++
		}
		if slashes%2 == 0 {
			return true
		}
	}
}
