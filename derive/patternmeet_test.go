package derive

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"testing"
)

// formTexts returns every text of the string form of typ (with "null"
// where nullText) of up to n characters, read off its automaton.
func formTexts(t testing.TB, typ string, nullText bool, n int) []string {
	t.Helper()
	f := formProg(typ, nullText)
	if f == nil {
		t.Fatalf("%s: no string form", typ)
	}
	w := walker{prog: f.prog}
	var out []string
	var walk func(text []rune, pcs []uint32)
	walk = func(text []rune, pcs []uint32) {
		prev := rune(-1)
		if len(text) > 0 {
			prev = text[len(text)-1]
		}
		if _, match := w.closure(pcs, syntax.EmptyOpContext(prev, -1)); match {
			out = append(out, string(text))
		}
		if len(text) == n {
			return
		}
		for _, c := range f.alphabet {
			closed, _ := w.closure(pcs, syntax.EmptyOpContext(prev, c))
			if next := step(f.prog, closed, c); len(next) > 0 {
				walk(append(text[:len(text):len(text)], c), next)
			}
		}
	}
	walk(nil, []uint32{uint32(f.prog.Start)})
	return out
}

// witnessTexts are the texts witness tries, by type and nullText: the
// string form's texts of up to 5 characters (4 for a number's, of which
// there are many more).
var witnessTexts sync.Map

// witness returns a short text of typ's string form (witnessTexts) that
// the pattern p matches a part of, as Go's regexp reads p.
func witness(t testing.TB, p, typ string, nullText bool) (string, bool) {
	re, err := regexp.Compile(p)
	if err != nil {
		return "", false
	}
	key := fmt.Sprint(typ, nullText)
	texts, ok := witnessTexts.Load(key)
	if !ok {
		n := 5
		if typ == "number" {
			n = 4
		}
		texts, _ = witnessTexts.LoadOrStore(key, formTexts(t, typ, nullText, n))
	}
	for _, text := range texts.([]string) {
		if re.MatchString(text) {
			return text, true
		}
	}
	return "", false
}

// TestFormTexts: the texts formTexts reads off a string form's automaton
// are the ones its pattern takes (those readsAs reads), "null" with
// nullText.
func TestFormTexts(t *testing.T) {
	got := map[string]bool{}
	for _, text := range formTexts(t, "boolean", true, 5) {
		got[text] = true
	}
	for _, want := range []string{"true", "TRUE", "yes", "No", "0", "1", "false", "FaLsE", "null"} {
		if !got[want] {
			t.Errorf("boolean: %q missing", want)
		}
	}
	for text := range got {
		if !readsAs("boolean", text) && text != "null" {
			t.Errorf("boolean: %q, which its string form does not read", text)
		}
	}
	for _, text := range formTexts(t, "number", false, 4) {
		if !readsAs("number", text) {
			t.Errorf("number: %q, which its string form does not read", text)
		}
	}
	if n := len(formTexts(t, "integer", false, 3)); n != 10+100+1000+10+100 {
		t.Errorf("integer: %d texts of up to 3 characters, want 1220", n)
	}
}

// TestPatternMeets: a string branch's pattern meets a scalar's string
// form where it matches a part of one of its texts (unanchored, as JSON
// Schema reads it), anywhere in the pattern, not only at its first
// character; a pattern the two engines may read otherwise proves nothing.
func TestPatternMeets(t *testing.T) {
	for _, tc := range []struct {
		p, typ   string
		nullText bool
		meets    bool
		known    bool
	}{
		{`\{\{.*\}\}`, "boolean", false, false, true},
		{`hidden`, "boolean", false, false, true},
		{`^[^:]+:[^:]+$`, "boolean", false, false, true},
		{`^(?:[0-9]+|\*):[0-9]+$`, "integer", false, false, true},
		{`^[+-]Infinity$`, "number", false, false, true},
		{`^\d+\.\d+(\.\d+)$`, "number", false, false, true},
		{`^(\d+)(s|m)$`, "number", false, false, true},
		{`^\+?[0-9]+(\.[0-9]+)? *[kKmMgGtTpP][bB]$`, "integer", false, false, true},
		{`^[1-9][0-9]*$`, "integer", false, true, true},
		{`20[0-9]{2}`, "integer", false, true, true},
		{`^(\d{4})$|^([a-zA-Z]{2}(-[A-Za-z]{2})?)$|^neutral$`, "number", false, true, true},
		{`e`, "number", false, true, true},                                  // 1e5
		{`^[1-9]e[0-9]$`, "number", false, true, true},                      // 1e5
		{`\bnull\b`, "number", true, true, true},                            // "null" where null reads so
		{`\bnull\b`, "number", false, false, true},                          // not otherwise
		{`^nu`, "integer", true, true, true},                                // null
		{`^Y`, "boolean", false, true, true},                                // YES
		{`^y$`, "boolean", false, false, true},                              // (no one-letter text)
		{`\b5`, "integer", false, true, true},                               // -5
		{`\B5`, "integer", false, true, true},                               // 55
		{`^-\B`, "integer", false, false, true},                             // (a digit always follows the minus)
		{`^-\b`, "integer", false, true, true},                              // -5
		{`0$`, "number", false, true, true},                                 // 10
		{`^0[0-9]`, "number", false, false, true},                           // (no leading zero before a digit)
		{`^0[0-9]`, "integer", false, true, true},                           // 01 (an integer's text may have one)
		{`(0|1)*1(0|1){14}x`, "integer", false, false, true},                // (no text holds an x: its subsets are never walked)
		{`(0|1)*1(0|1){14}`, "integer", false, false, false},                // (2^15 subsets: past meetBudget)
		{strings.Repeat(`[0-9]{1000}`, 30), "integer", false, false, false}, // (30,000 instructions: past meetInsts)
		{strings.Repeat(`[0-9]{100}`, 15), "integer", false, false, false},  // (1,500 instructions: past meetBudget or meetWork)
		{`(a)\1`, "integer", false, false, false},                           // (a back-reference in ECMAScript)
		{`[]5`, "integer", false, false, false},                             // (classes read otherwise)
		{`(?i)TRUE`, "boolean", false, false, false},                        // (an inline flag)
		{`\x{35}`, "integer", false, false, false},                          // (not ECMAScript)
	} {
		meets, known := patternMeets(tc.p, tc.typ, tc.nullText)
		if meets != tc.meets || known != tc.known {
			t.Errorf("%s (%s, null %v): meets %v, known %v; want %v, %v", tc.p, tc.typ, tc.nullText, meets, known, tc.meets, tc.known)
		}
		if text, ok := witness(t, tc.p, tc.typ, tc.nullText); ok && known && !meets {
			t.Errorf("%s (%s, null %v): meets none, but it matches %q", tc.p, tc.typ, tc.nullText, text)
		}
	}
}

// FuzzPatternMeets: a pattern patternMeets says meets no text of a
// string form matches a part of none of its short texts (as Go's regexp reads it, which ECMAScript reads alike on
// them): never a pattern that takes one of them read as out.
func FuzzPatternMeets(f *testing.F) {
	for _, p := range []string{`\{\{.*\}\}`, `^[^:]+:[^:]+$`, `^(\d+)(s|m)$`, `20[0-9]{2}`, `\bnull\b`, `^-\B`, `^0[0-9]`, `^(a|b)*c$`, `[0-9]+(-[0-9]+)?`, `^[+-]?([0-9]+:){0,2}[0-9]+(\.[0-9]*)?$`} {
		for typ := range 3 {
			f.Add(p, uint8(typ), false)
			f.Add(p, uint8(typ), true)
		}
	}
	f.Fuzz(func(t *testing.T, p string, typ uint8, nullText bool) {
		name := []string{"integer", "number", "boolean"}[typ%3]
		meets, known := patternMeets(p, name, nullText)
		if !known {
			return
		}
		if text, ok := witness(t, p, name, nullText); ok && !meets {
			t.Fatalf("%q (%s, null %v): meets none, but it matches %q", p, name, nullText, text)
		}
	})
}
