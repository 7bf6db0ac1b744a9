package rulespec

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/ajvcheck"
)

// TestNamesPatterns: NamesPattern matches exactly the names given, and
// AllNamesBut every name but those, in Go (CompilePattern compiles both,
// so ECMAScript reads them alike) and in AJV, on names that share
// prefixes, hold the patterns' syntax characters, line terminators,
// astral characters or nothing; ExactNames reads back what NamesPattern
// wrote, and nothing else. A name of maxNameRunes characters still
// compiles in Go (whose parser nests no deeper than 1000).
func TestNamesPatterns(t *testing.T) {
	sets := [][]string{{"redirect"}, {"a", "ab", "abc"}, {""}, {"", "a"}, {"x-y", "x_y", "a.b"}, {"[a]", "{}", "a\\b", "^a", "abc$", "-x", "x-"},
		{"\n", "a\nb", "\r"}, {"😀", "é"}, {"a|b", "(a)", "a*", "a+b?"}, {"1", "42", "00000000-0000-0000-0000-000000000000"}}
	rng := rand.New(rand.NewPCG(3, 5))
	alphabet := []string{"a", "b", "-", "]", "^", "\\", "[", ".", "|", "é", "😀", "\n"}
	for range 40 {
		var set []string
		for range 1 + rng.IntN(5) {
			n := ""
			for range rng.IntN(4) {
				n += alphabet[rng.IntN(len(alphabet))]
			}
			set = append(set, n)
		}
		sets = append(sets, set)
	}
	sets = append(sets, []string{strings.Repeat("S", maxNameRunes)})
	probes := slices.Clone(patternNames)
	for _, set := range sets {
		for _, n := range set {
			probes = append(probes, n, n+"a", n+"]", "a"+n)
			if len(n) > 0 {
				probes = append(probes, n[:len(n)-1])
			}
		}
	}
	var cases []ajvcheck.Case
	type want struct {
		pattern string
		in      func(string) bool
	}
	var wants []want
	for _, set := range sets {
		member := func(name string) bool { return slices.Contains(set, name) }
		for _, w := range []want{{NamesPattern(set), member}, {AllNamesBut(set), func(name string) bool { return !member(name) }}} {
			re, err := CompilePattern(w.pattern)
			if err != nil {
				t.Errorf("%q: CompilePattern refuses %q: %v", set, w.pattern, err)
				continue
			}
			for _, name := range probes {
				if got := re.MatchString(name); got != w.in(name) {
					t.Errorf("%q: %q on %q: %v, want %v", set, w.pattern, name, got, w.in(name))
				}
			}
			schema, _ := json.Marshal(map[string]any{"type": "object", "propertyNames": map[string]string{"type": "string", "pattern": w.pattern}})
			c := ajvcheck.Case{Schema: schema}
			for _, name := range probes {
				inst, _ := json.Marshal(map[string]int{name: 0})
				c.Instances = append(c.Instances, inst)
			}
			cases, wants = append(cases, c), append(wants, w)
		}
		names, ok := ExactNames(NamesPattern(set))
		if slices.Sort(names); !ok || !slices.Equal(names, slices.Compact(slices.Sorted(slices.Values(set)))) {
			t.Errorf("ExactNames(NamesPattern(%q)) = %q, %v", set, names, ok)
		}
	}
	for i, valid := range ajvcheck.Validate(t, cases) {
		for j, name := range probes {
			if valid != nil && valid[j] != wants[i].in(name) {
				t.Errorf("AJV: %q on %q: %v, want %v", wants[i].pattern, name, valid[j], wants[i].in(name))
			}
		}
	}
	for _, p := range []string{".*", "^(?:a|b)", "^(?:a|.)$", "^(?:a)$x", `^(?:a\)$`, "^(?:b|a)$", "^(?:a|a)$", AllNamesBut([]string{"a"})} {
		if names, ok := ExactNames(p); ok {
			t.Errorf("ExactNames(%q) = %q: a pattern NamesPattern does not write", p, names)
		}
	}
	if NamesPattern(nil) != "" || AllNamesBut(nil) != "" || AllNamesBut([]string{"\xff"}) != "" || AllNamesBut([]string{strings.Repeat("é", maxNameRunes+1)}) != "" {
		t.Error("no pattern stands for no names, nor for a name that is not UTF-8")
	}
	// (Go reads a key's lone surrogate escape, "\ud800", as U+FFFD, where
	// ECMAScript reads another name)
	if AllNamesBut([]string{"a", "x\ufffd"}) != "" {
		t.Error("a pattern of every name but one holding U+FFFD")
	}
}

// FuzzAllNamesBut: for any names and any probe, the pattern AllNamesBut
// writes compiles (CompilePattern: Go and ECMAScript read it alike) and
// matches the probe exactly where it is none of the names, and
// NamesPattern's exactly where it is one; ExactNames reads the names back.
func FuzzAllNamesBut(f *testing.F) {
	f.Add("redirect", "redirects")
	f.Add("a\x00ab\x00abc", "ab")
	f.Add("\x00[a]\x00a\\b", "")
	f.Add("😀\x00é\x00\n", "\r")
	f.Fuzz(func(t *testing.T, list, probe string) {
		names := strings.Split(list, "\x00")
		if !utf8.ValidString(list) {
			if AllNamesBut(names) != "" || NamesPattern(names) != "" {
				t.Fatalf("a pattern for names that are not UTF-8: %q", names)
			}
			return
		}
		in := slices.Contains(names, probe)
		if slices.ContainsFunc(names, func(n string) bool {
			return utf8.RuneCountInString(n) > maxNameRunes || strings.ContainsRune(n, utf8.RuneError)
		}) {
			if AllNamesBut(names) != "" {
				t.Fatalf("a pattern for a name past the bound, or holding U+FFFD: %q", names)
			}
			return
		}
		for _, tc := range []struct {
			p    string
			want bool
		}{{AllNamesBut(names), !in}, {NamesPattern(names), in}} {
			re, err := CompilePattern(tc.p)
			if err != nil {
				t.Fatalf("%q: CompilePattern(%q): %v", names, tc.p, err)
			}
			if got := re.MatchString(probe); got != tc.want && utf8.ValidString(probe) {
				t.Fatalf("%q: %q on %q: %v, want %v", names, tc.p, probe, got, tc.want)
			}
		}
		back, ok := ExactNames(NamesPattern(names))
		if slices.Sort(back); !ok || !slices.Equal(back, slices.Compact(slices.Sorted(slices.Values(names)))) {
			t.Fatalf("ExactNames(NamesPattern(%q)) = %q, %v", names, back, ok)
		}
	})
}
