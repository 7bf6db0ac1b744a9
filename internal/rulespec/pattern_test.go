package rulespec

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/ajvcheck"
)

// patternNames are member names that tell patterns apart: empty, line
// terminators, astral characters, punctuation, digits and letter case.
var patternNames = []string{"", "a", "ab", "A", "x-y", "x_y", "a.b", "a b", "1", "42", "a1", "\n", "a\nb", "\r", "a\rb", "a\u2028b", "\u2029", "\t", "\v", "😀", "é", "x-", "-x", "abc$", "^a", "[a]", "{}", "a\\b", "/", "00000000-0000-0000-0000-000000000000"}

// TestCompilePatternAJV: a pattern CompilePattern compiles, AJV's
// ECMAScript regexp (u flag) compiles too and matches exactly the same
// names, on the patterns real schemas give patternProperties and on
// random ones; a pattern it refuses names why.
func TestCompilePatternAJV(t *testing.T) {
	patterns := []string{".*", "^[a-z_]+$", "^.+$", "^[a-zA-Z0-9]*$", "^.*$", ".+", "^[a-z]+$", "^[a-zA-Z0-9._-]+$",
		"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", ".", "^[a-zA-Z0-9-_]+$", "^[a-zA-Z0-9_]*", "", "^(/[^/]+)+$",
		`^\d+$`, "^/", `^\w$`, `^\w+( \w+)*$`, "^iglu:", "[0-9a-f]{32}", `^[A-Fa-f\d]{24}$`, `\w+`, `[a-z_0-9\.\-]*`, "after_[create|update|destroy]",
		`^\bx`, `a\B`, `^[^a]$`, `^[^\n]*$`, `^(a|b)?$`, `^x-.*`, `^\.`, `^\$`, `\/`,
		// (a - first in a class, or after a range, is the character -)
		`^[-\w]+$`, `^[^-\d]+$`, `^[a-z-\d]+$`, `^[a-z0-9-\w]$`}
	refused := []string{"^.+$", ".", "^.*$", ".*a", `\s+`, `^\S+$`, `^\u00e9$`, `(?!a)`, `^(a)\1$`, `[]a]`, `[^]`, `[[:alpha:]]`, `(?i)a`, `\p{L}`, `\x41`, `\0`, `a\`,
		// (ECMAScript's u flag does not compile these: a rule loaded
		// with one would read names no AJV host reads)
		`^x\-y$`, "]", "}", "a{", "a{,2}", "^*a"}
	for _, p := range []string{".*", "^.*", "x|.*"} {
		if _, err := CompilePattern(p); err != nil {
			t.Errorf("CompilePattern(%q): %v, where every name matches it in Go and ECMAScript alike", p, err)
		}
	}
	for _, p := range []string{`^[-\w]+$`, `^[^-\d]+$`, `^[a-z-\d]+$`, `^[a-z0-9-\w]$`} {
		if _, err := CompilePattern(p); err != nil {
			t.Errorf("CompilePattern(%q): %v, where its - is the character - in Go and ECMAScript alike", p, err)
		}
	}
	for _, p := range refused {
		if _, err := CompilePattern(p); err == nil {
			t.Errorf("CompilePattern(%q) compiled a pattern it cannot show alike", p)
		}
	}
	rng := rand.New(rand.NewPCG(7, 11))
	tokens := []string{"^", "$", "a", "b", "-", "x", "1", "*", "+", "?", "(", ")", "|", `\d`, `\w`, `\b`, `\W`, `\D`, "{2}", "[a-z]", "[^a]", "[.]", `\.`, "[ab-]", "(a|[.])", "[^b]*", "é", "[\r]"}
	for range 400 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(tokens[rng.IntN(len(tokens))])
		}
		patterns = append(patterns, b.String())
	}
	var cases []ajvcheck.Case
	var compiled []*regexp.Regexp
	var kept []string
	for _, p := range patterns {
		re, err := CompilePattern(p)
		if err != nil {
			if _, goErr := regexp.Compile(p); goErr == nil && !strings.Contains(p, `\b`) {
				t.Logf("refused %q: %v", p, err)
			}
			continue
		}
		schema, _ := json.Marshal(map[string]any{"type": "object", "propertyNames": map[string]string{"type": "string", "pattern": p}})
		c := ajvcheck.Case{Schema: schema} // (AJV compiles every pattern CompilePattern compiles)
		for _, name := range patternNames {
			inst, _ := json.Marshal(map[string]int{name: 0})
			c.Instances = append(c.Instances, inst)
		}
		cases, compiled, kept = append(cases, c), append(compiled, re), append(kept, p)
	}
	judged := 0
	for i, valid := range ajvcheck.Validate(t, cases) {
		if valid == nil {
			continue
		}
		judged++
		for j, name := range patternNames {
			if got := compiled[i].MatchString(name); got != valid[j] {
				t.Errorf("pattern %q on %q: Go %v, AJV %v", kept[i], name, got, valid[j])
			}
		}
	}
	if judged < 100 {
		t.Errorf("AJV judged %d patterns, want at least 100", judged)
	}
}

// TestPatternStepPath: a pattern step parses and writes back as it was
// spelt, inside a path and a group; a pattern CompilePattern refuses, or
// one that does not end, is an error naming it.
func TestPatternStepPath(t *testing.T) {
	roundTrip(t, `env{"^[A-Z_]+$"}.port`, `a{"^x-"}[]`, `a{"\\d"}{"b\"c"}`, `t(.kids{"^k"})*.v`, PathPattern("a", `^a\.b(c|d)[x]"$`), `{"^x_"}.port`, `{}`, `{}[].n`)
	segs, _ := ParsePath(`env{"^[A-Z_]+$"}.port`)
	if s := segs[1]; s.Each != '~' || s.Key != "^[A-Z_]+$" || !s.Pattern.MatchString("HOME") || s.Pattern.MatchString("home") {
		t.Errorf("pattern step = %+v", s)
	}
	for p, want := range map[string]string{
		`[].x`:       "must start with a member name, {} or a pattern step",
		`<"k"="a">`:  "guards alone take no step down",
		`a{"\\s"}`:   `the escape \s`,
		`a{"^a"`:     "does not end",
		`a{"(?!x)"}`: "Go's regexp reads it otherwise",
	} {
		if _, err := ParsePath(p); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePath(%q) = %v, want an error with %q", p, err, want)
		}
	}
}

// TestAsIsStep: a "!" after a quoted name, [], {} or a pattern step marks
// it, and the path writes back as it was spelt (a plain name marked is
// quoted); after a plain name it is part of the name.
func TestAsIsStep(t *testing.T) {
	roundTrip(t, `["u"]!.port`, `a[]!.b`, `a{}!`, `a{"^x"}!.b`, `t(["k"]!.v|.w[]!)*.x`, `a["b.c"]!`)
	segs, _ := ParsePath(`["u"]!.port`)
	if !segs[0].AsIs || segs[0].Key != "u" || segs[1].AsIs {
		t.Errorf(`["u"]!.port = %+v`, segs)
	}
	if got := PathString([]Step{{Key: "u", AsIs: true}, {Key: "port"}}); got != `["u"]!.port` {
		t.Errorf("a plain name marked is written %q", got)
	}
	if segs, err := ParsePath("u!.port"); err != nil || segs[0].Key != "u!" || segs[0].AsIs {
		t.Errorf("u!.port = %+v, %v: the name u!", segs, err)
	}
}

// roundTrip checks that each path parses and writes back as it was spelt.
func roundTrip(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		segs, err := ParsePath(p)
		if err != nil {
			t.Errorf("ParsePath(%q): %v", p, err)
			continue
		}
		if got := PathString(segs); got != p {
			t.Errorf("PathString(ParsePath(%q)) = %q", p, got)
		}
	}
}

// TestGuardStep: a guard after a step names a member and its strings
// (or, after "!", a member it holds where the member is absent), in a
// group too, and writes back as it was spelt; a name holding `<"`
// is quoted; a guard that does not read is an error.
func TestGuardStep(t *testing.T) {
	roundTrip(t, `x<"kind"="a">.n`, `l[]<"type"="rec"|"map">.f[]`, `t(.kids[]<"k"="a|b">)*.v`, `x<"a\"b"="é">`, `a{}<"t"="">.b`, `["a<\"b"].c`)
	segs, _ := ParsePath(`x<"kind"="a"|"c">.n`)
	if g := segs[1]; g.Each != '=' || g.Key != "kind" || len(g.Values) != 2 || g.Values[1] != "c" || segs[2].Key != "n" {
		t.Errorf("guard = %+v", segs)
	}
	if got := PathKey("x", `a<!"b`); got != `x["a<!\"b"]` {
		t.Errorf(`PathKey("x", a<!"b) = %s`, got)
	}
	if got := PathKey("x", `a<"b`); got != `x["a<\"b"]` {
		t.Errorf(`PathKey("x", a<"b) = %s`, got)
	}
	if segs, err := ParsePath(`a<b.c`); err != nil || segs[0].Key != "a<b" {
		t.Errorf("a<b.c = %+v, %v: the name a<b", segs, err)
	}
	roundTrip(t, `x<!"mark">.n`, `spec<!"mark"><!"facet">.layers[]`, `t(.kids[]<!"k">)*.v`, `t(<"k"="a">.kids[])*.v`, `t(<!"k">.kids[]|.l)*.v`)
	if segs, err := ParsePath(`t(<"k"="a">.kids[])*.v`); err != nil || len(segs) != 3 || segs[1].Each != '*' || segs[1].Alts[0][0].Each != '=' {
		t.Errorf("a group that starts with a guard = %+v, %v", segs, err)
	}
	segs, _ = ParsePath(`x<!"mark">.n`)
	if g := segs[1]; g.Each != '=' || g.Key != "mark" || !g.Absent || len(g.Values) != 0 || segs[2].Key != "n" {
		t.Errorf("absent guard = %+v", segs)
	}
	for _, p := range []string{`x<"k">`, `x<"k"="a"`, `x<"k"=a>`, `x<"k"="a"|>`, `x<!"k"="a">`, `x<!"k"`, `x<!"a"|"b">`, `x(<!"mark">)*.n`, `x(<"k"="a">)*.n`, `x((.a)*)*.n`, `x(<"k"="a">|.b)*.n`} {
		if _, err := ParsePath(p); err == nil {
			t.Errorf("ParsePath(%q) took it", p)
		}
	}
}

// TestLeadingGuards: guards may start a path, on the arguments object
// itself (the branches of the input schema's union); a step down must
// follow them, spelled as after any step.
func TestLeadingGuards(t *testing.T) {
	roundTrip(t, `<!"mark">.n`, `<!"facet"><!"layers">.encoding.x[]`, `<"kind"="a"|"b">.size`, `<!"m">{}.x`, `<!"m">{"^x-"}.y`, `<!"m">["a.b"].c`, `<!"m">["u"]!.c`, `<!"m">.t(.kids[])*.v`)
	segs, err := ParsePath(`<!"facet"><!"layers">.encoding`)
	if err != nil || len(segs) != 3 || segs[0].Each != '=' || !segs[0].Absent || segs[0].Key != "facet" || segs[1].Key != "layers" || segs[2].Each != 0 || segs[2].Key != "encoding" {
		t.Errorf("leading guards = %+v, %v", segs, err)
	}
	for _, p := range []string{`<!"k">`, `<!"k"><"j"="a">`, `<!"k">x`, `<!"k">[]`, `<!"k">[].x`, `<!"k">(.a)*.x`, `<"k"="a">`} {
		if _, err := ParsePath(p); err == nil {
			t.Errorf("ParsePath(%q) took it", p)
		}
	}
}

// TestUnguarded: a path without its guards, in groups too.
func TestUnguarded(t *testing.T) {
	for in, want := range map[string]string{
		`<!"m"><!"f">.encoding.x`:         `encoding.x`,
		`spec<"k"="a">.n`:                 `spec.n`,
		`t(.kids[]<!"k">|<"k"="a">.l)*.v`: `t(.kids[]|.l)*.v`,
		`<!"m">["a.b"]!.c`:                `["a.b"]!.c`,
		`a.b`:                             `a.b`,
	} {
		segs, err := ParsePath(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := PathString(Unguarded(segs)); got != want {
			t.Errorf("Unguarded(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestClassesDifferEscaped: a "[" a backslash escapes opens no class in
// either reading; one after an escaped backslash does.
func TestClassesDifferEscaped(t *testing.T) {
	for p, want := range map[string]string{`[^\[]`: "", `a\[:`: "", `\[^]`: "", `[]`: "[]", `\\[]`: "[]", `\\\[]`: "", `a[^]`: "[^]", `\[][:`: "[:", `x\\[:`: "[:"} {
		if got := ClassesDiffer(p); got != want {
			t.Errorf("ClassesDiffer(%q) = %q, want %q", p, got, want)
		}
	}
	// (and ParseAlike's Go-only syntax: an escaped backslash before A is
	// no \A; FuzzAllNamesBut found the name \A refused)
	for p, want := range map[string]bool{`^\\A$`: true, `^\A`: false, `\\\A`: false, `\(?i`: true, `(?i)a`: false, `\\Q`: true} {
		if _, ok := ParseAlike(p); ok != want {
			t.Errorf("ParseAlike(%q) = %v, want %v", p, ok, want)
		}
	}
}

// TestParseAlikeEscapes: a pattern holding an escape Go's regexp and
// ECMAScript read otherwise (\x{…}: a code point in Go, an error under
// AJV's u flag; a backslash and a digit: an octal escape in Go, a
// back-reference or an error in ECMAScript) proves nothing to any
// caller, EveryName's too; the same text after an escaped backslash is
// plain characters in both.
func TestParseAlikeEscapes(t *testing.T) {
	for _, p := range []string{`\x{41}`, `^a\x{2028}$`, `^\12$`, `a\1`, `\0`, `[\1-\7]`, `^\\\12`} {
		if _, ok := ParseAlike(p); ok {
			t.Errorf("ParseAlike(%q) read a pattern ECMAScript reads otherwise", p)
		}
	}
	for _, p := range []string{`.*|\x{41}`, `.*|\12`, `^.*|a\0`} {
		if EveryName(p) {
			t.Errorf("EveryName(%q): every name, where AJV reads the pattern otherwise or refuses it", p)
		}
	}
	for _, p := range []string{`\\1`, `^\\x{2}$`, `a\\\\0`, `[0-9]{1,3}`} {
		if _, ok := ParseAlike(p); !ok {
			t.Errorf("ParseAlike(%q) refused a pattern both engines read alike", p)
		}
	}
}

// TestPathNameWhiteSpace: a plain member name that starts or ends with
// white space is an error saying to quote it (a hand-written
// "assignee.id " loaded and matched no call's key: found by a newcomer's
// trial); a quoted one is that name, and PathString quotes it.
func TestPathNameWhiteSpace(t *testing.T) {
	for _, p := range []string{`assignee.id `, ` a`, "a.\tb", `a( .b)*.c`} {
		if _, err := ParsePath(p); err == nil || !strings.Contains(err.Error(), "white space") {
			t.Errorf("ParsePath(%q) = %v, want an error naming the white space", p, err)
		}
	}
	roundTrip(t, `assignee["id "]`, `[" a"].b`, `a.b c.d`)
	if got := PathString([]Step{{Key: "a"}, {Key: "id "}}); got != `a["id "]` {
		t.Errorf("PathString = %s", got)
	}
}
