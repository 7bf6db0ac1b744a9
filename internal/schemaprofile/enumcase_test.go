package schemaprofile_test

import (
	"encoding/json"
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/internal/schemaprofile"
)

// FuzzEnumCase: for the enum of the values of list (one a line), the
// pattern EnumCasePattern writes matches, as regexp reads it, exactly
// the values in any ASCII letter case; parseEnumCase reads it as the same
// set of values (each once); the matcher foldEnumBranch uses instead of
// regexp takes exactly what regexp takes; and QuoteMeta quotes as
// regexp.QuoteMeta does.
func FuzzEnumCase(f *testing.F) {
	f.Add("debug\ninfo", "DEBUG")
	f.Add("a.b\nx|y", "A.B")
	f.Add("\né", "É")
	f.Add("[x]\n(y)", "[X]")
	f.Add("get\nget_comments\nlist\nlist_comments", "Get_Comment")
	f.Add("stats\nstable\nasc\ndesc\nopen\nreopen", "reOpen")
	f.Add("a\naa\naaa\nb\nab", "aab")
	f.Add("é\nè\n😀\n😁", "😀")
	f.Fuzz(func(t *testing.T, list, v string) {
		if got, want := schemaprofile.QuoteMeta(v), regexp.QuoteMeta(v); got != want {
			t.Fatalf("QuoteMeta(%q) = %q; regexp's %q", v, got, want)
		}
		if !utf8.ValidString(list) || !utf8.ValidString(v) {
			return // a JSON text's strings are UTF-8
		}
		enum := strings.Split(list, "\n")
		checkEnumCase(t, enum, append(enumProbes(enum), v))
	})
}

// checkEnumCase checks EnumCasePattern(enum) as FuzzEnumCase says, on
// the enum's values and the probes, and returns the pattern.
func checkEnumCase(t *testing.T, enum, probes []string) string {
	t.Helper()
	pat := leniency.EnumCasePattern(enum)
	re, err := regexp.Compile(pat)
	if err != nil {
		t.Fatalf("%q: %q does not compile: %v", enum, pat, err)
	}
	alts, ok := schemaprofile.ParseEnumCase(pat)
	if !ok {
		t.Fatalf("%q: EnumCasePattern's pattern %q not read", enum, pat)
	}
	var want []string
	for _, e := range enum {
		if f := jsonwire.FoldASCII(e); !slices.Contains(want, f) {
			want = append(want, f)
		}
	}
	got := schemaprofile.ExpandEnumCase(alts, 4*len(want))
	if slices.Sort(got); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		t.Fatalf("%q: %q read as the values %q", enum, pat, got)
	}
	for _, s := range probes {
		in := slices.Contains(want, jsonwire.FoldASCII(s))
		if got := re.MatchString(s); got != in {
			t.Errorf("%q: regexp says %q matches %q: %v; want %v", enum, pat, s, got, in)
		}
		if got := schemaprofile.MatchesEnumCase(alts, s); got != in {
			t.Errorf("%q: %q matches %q: %v; want %v", enum, pat, s, got, in)
		}
	}
	return pat
}

// enumProbes are strings near the values of enum: each in upper case
// and in mixed case, each with its first or last character dropped,
// doubled or changed, and two values joined.
func enumProbes(enum []string) []string {
	var out []string
	for i, e := range enum {
		out = append(out, e, strings.ToUpper(e), mixCase(e), e+e, e+"x", "x"+e, e+enum[(i+1)%len(enum)])
		if r := []rune(e); len(r) > 0 {
			out = append(out, string(r[1:]), string(r[:len(r)-1]), string(r[:1])+e, e+string(r[len(r)-1:]),
				string(r[:len(r)-1])+"_", "_"+string(r[1:]))
		}
	}
	return out
}

// mixCase changes the case of every other ASCII letter of s.
func mixCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		if i%2 == 1 && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			b[i] = c ^ 0x20
		}
	}
	return string(b)
}

// TestEnumCaseAJV: AJV (ECMAScript with the u flag, as JavaScript hosts
// compile a pattern) reads the patterns EnumCasePattern writes for random
// enums as regexp does, on their values and strings near them.
func TestEnumCaseAJV(t *testing.T) {
	r := rand.New(rand.NewSource(38))
	words := []string{"get", "list", "create", "update", "delete", "comment", "comments", "run", "re",
		"open", "closed", "stat", "stats", "able", "asc", "desc", "a", "ab", "", "_", "-", ".", "+1", "(x)",
		"[y]", "a|b", "é", "É", "😀", "\\", "$", "^", "?", "*", "{2}", "/", " "}
	var cases []ajvcheck.Case
	var probes [][]string
	for range 100 {
		var enum []string
		for n := 1 + r.Intn(8); len(enum) < n; {
			w := ""
			for k := r.Intn(4); k >= 0; k-- {
				w += words[r.Intn(len(words))]
			}
			if !slices.Contains(enum, w) {
				enum = append(enum, w)
			}
		}
		if !leniency.EnumFolds(enum) {
			continue
		}
		p := enumProbes(enum)
		pat := checkEnumCase(t, enum, p)
		schema, _ := json.Marshal(map[string]string{"type": "string", "pattern": pat})
		c := ajvcheck.Case{Schema: schema}
		for _, s := range p {
			b, _ := json.Marshal(s)
			c.Instances = append(c.Instances, b)
		}
		cases, probes = append(cases, c), append(probes, p)
	}
	for i, valid := range ajvcheck.Validate(t, cases) {
		re := regexp.MustCompile(gjsonPattern(cases[i].Schema))
		for j, s := range probes[i] {
			if want := re.MatchString(s); valid[j] != want {
				t.Errorf("%s: AJV says %q matches: %v; regexp %v", cases[i].Schema, s, valid[j], want)
			}
		}
	}
}

// gjsonPattern is the pattern of a {"type":"string","pattern":…} schema.
func gjsonPattern(schema json.RawMessage) string {
	var s struct{ Pattern string }
	json.Unmarshal(schema, &s)
	return s.Pattern
}

// TestEnumCaseOther: a pattern EnumCasePattern does not write is not read
// as one (the enum is then not folded into it).
func TestEnumCaseOther(t *testing.T) {
	for _, pat := range []string{"^[a-z]+$", "^(a)|(b)$", "^(a*)$", "(a)", "^([ab])$", "^(a??)$", "^(?a)$",
		"^((a)$", "^(a))$", "^(a)b)$", "^(a|(b)$", "^([aA]{2})$", "^([Aa])$", "^(a.b)$", "^(a+)$", "^((?i)a)$",
		"^(\\d)$", "^(\\w)$", "^(a$)$", "^(^a)$", "^([aA]?*)$", "^(\xff)$", "^([a-z])$", "^(\\x41)$"} {
		if _, ok := schemaprofile.ParseEnumCase(pat); ok {
			t.Errorf("%q read as a letter-case pattern", pat)
		}
	}
}
