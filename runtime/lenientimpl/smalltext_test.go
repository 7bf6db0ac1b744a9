package lenientimpl

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// The runtime writes a few string helpers of its own instead of calling
// strings.ReplaceAll, bytes.EqualFold, bytes.IndexAny and json.Marshal,
// which no other part of a server built on generated code links
// (internal/runtimesize holds the program's size to issue 26's bound).
// Each must answer as the library call it replaces.

var smallTexts = []string{
	"", "a", `\n`, `\t`, `a\nb\tc`, `\\n`, `\\\n`, `\r\n`, `\"\n\\`, "line\nwith \\n", `\`, `x\`, `\x`,
	"{{index}}", "a{{index}}b{{index}}", "{{index", "{{index}}}}", "ǅ", "Ǆ", "ǆ",
	"K", "k", "\u212a", "ſ", "S", "ß", "\xff", "é", "É", "<a&b>", "\u2028",
}

func FuzzUnescapeNewlines(f *testing.F) {
	for _, s := range smallTexts {
		f.Add(s)
	}
	// The escapes it reads, leftmost first, as regexp finds them.
	escapes := regexp.MustCompile(`\\[nrt\\"]`)
	f.Fuzz(func(t *testing.T, s string) {
		newline := false
		want := escapes.ReplaceAllStringFunc(s, func(e string) string {
			switch e[1] {
			case 'n':
				newline = true
				return "\n"
			case 't':
				newline = true
				return "\t"
			case 'r':
				return "\r"
			}
			return e[1:]
		})
		wantOK := strings.IndexByte(s, '\n') < 0 && newline
		got, ok := jsonwire.UnescapeNewlines(s)
		if ok != wantOK {
			t.Fatalf("UnescapeNewlines(%q) ok = %v, want %v", s, ok, wantOK)
		}
		if ok && got != want {
			t.Fatalf("UnescapeNewlines(%q) = %q, want %q", s, got, want)
		}
	})
}

func FuzzExpand(f *testing.F) {
	for _, s := range smallTexts {
		f.Add(s, 7)
	}
	f.Fuzz(func(t *testing.T, s string, i int) {
		want := strings.ReplaceAll(s, "{{index}}", strconv.Itoa(i))
		if i < 0 {
			want = s // (no array: DefaultedString refuses the template)
		}
		if got := Expand(s, i); got != want {
			t.Fatalf("Expand(%q, %d) = %q, want %q", s, i, got, want)
		}
	})
}

func FuzzReplaceAll(f *testing.F) {
	for _, s := range smallTexts {
		f.Add(s, "a")
		f.Add(s, `\`)
		f.Add(s+s, s)
	}
	f.Fuzz(func(t *testing.T, s, old string) {
		if old == "" {
			return
		}
		if got, want := replaceAll(s, old, "…"), strings.ReplaceAll(s, old, "…"); got != want {
			t.Fatalf("replaceAll(%q, %q) = %q, want %q", s, old, got, want)
		}
	})
}

func FuzzEqualFold(f *testing.F) {
	for _, a := range smallTexts {
		for _, b := range smallTexts {
			f.Add(a, b)
		}
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := equalFold([]byte(a), b), bytes.EqualFold([]byte(a), []byte(b)); got != want {
			t.Fatalf("equalFold(%q, %q) = %v, want %v", a, b, got, want)
		}
	})
}

func FuzzIndexAny(f *testing.F) {
	for _, s := range smallTexts {
		f.Add(s)
	}
	f.Add("2026-01-02T03:04:05+01:00")
	f.Add("1.5e-3")
	f.Fuzz(func(t *testing.T, s string) {
		for _, chars := range []string{"Z+-", "eE", ".eE"} {
			if got, want := indexAny([]byte(s), chars), bytes.IndexAny([]byte(s), chars); got != want {
				t.Fatalf("indexAny(%q, %q) = %d, want %d", s, chars, got, want)
			}
		}
	})
}

// TestFixTextsQuoted: a fix's text for a string (a default, a value alias,
// an unescaped string) is JSON that reads back as the string, written as
// the one quoter writes it: <, > and & as themselves (encoding/json's
// Marshal, used before, wrote \u003c, \u003e and \u0026).
func TestFixTextsQuoted(t *testing.T) {
	var d Decoder
	d.record = true
	d.Begin([]byte(`{}`))
	const s = "<a&b>\u2028é"
	d.DefaultedString("x", s)
	d.ValueAlias(s, "y", s+"!")
	got := d.String([]byte(`"a\\n<b>"`), "z", Unescape)
	if got != "a\n<b>" {
		t.Fatalf("String with Unescape = %q", got)
	}
	fixes := d.Fixes()
	if len(fixes) != 3 {
		t.Fatalf("fixes = %v, want 3", fixes)
	}
	wants := []string{s, s + "!", "a\n<b>"}
	for i, f := range fixes {
		var v string
		if err := json.Unmarshal(f.To, &v); err != nil || v != wants[i] {
			t.Errorf("fix %d: To %s reads as %q (%v), want %q", i, f.To, v, err, wants[i])
		}
		if bytes.Contains(f.To, []byte(`\u003c`)) || bytes.Contains(f.To, []byte(`\u0026`)) {
			t.Errorf("fix %d: To %s escapes HTML", i, f.To)
		}
	}
	if from := string(fixes[1].From); from != `"<a&b>\u2028é"` {
		t.Errorf("value alias From = %s", from)
	}
}

// TestUnitNames: the switch behind unitName and the duration error's unit
// word names exactly Units.
func TestUnitNames(t *testing.T) {
	for name, unit := range Units {
		got, word := unitNames(unit)
		if got != name || word == "" || unitName(unit) != name {
			t.Errorf("unitNames(%v) = %q, %q; want %q and a word", unit, got, word, name)
		}
	}
	if name, word := unitNames(2 * time.Second); name != "" || word != "" {
		t.Errorf("unitNames(2s) = %q, %q; want none", name, word)
	}
}

// TestAliasFixTextsAreJSON: a fix record's From and To are JSON
// (json.RawMessage), so an alias is quoted as JSON on both paths, not
// as Go quotes it (strconv writes DEL as \x7f, which JSON has not).
func TestAliasFixTextsAreJSON(t *testing.T) {
	for _, alias := range []string{"old_str", "a\x7fb", "\u2028", `q"\`, "<a&b>"} {
		spellings := []string{"name", alias}
		data := []byte(`{` + string(jsonwire.AppendQuote(nil, alias)) + `:1}`)
		want := string(jsonwire.AppendQuoteEncodingJSON(nil, alias))

		var d Decoder
		d.record = true
		if !d.Begin(data) {
			t.Fatalf("%q: Begin refused %s: %v", alias, data, d.Err())
		}
		var it ObjectIter
		var seen bool
		if !d.Object(data, "", 0, &it) || !d.Next(&it) || !d.Claim(&seen, &it, spellings) {
			t.Fatalf("%q: the alias was not claimed", alias)
		}
		got := map[string][]lenient.Fix{"Decoder": d.Fixes()}
		// The fast path may leave a key to the Decoder (one with a
		// character past ASCII); when it takes it, it records the same.
		var f Fast
		if f.Start(data, true) && f.Object(0) {
			if k, ok := f.Key(0); ok && f.alias(k, "name") {
				got["Fast"] = f.Fixes()
			}
		}
		if _, ok := got["Fast"]; !ok && alias == "old_str" {
			t.Fatalf("the fast path did not take the alias old_str")
		}
		for path, fixes := range got {
			if len(fixes) != 1 || fixes[0].Kind != lenient.FixAlias {
				t.Fatalf("%q: %s fixes %+v, want one alias fix", alias, path, fixes)
			}
			fx := fixes[0]
			if !json.Valid(fx.From) || !json.Valid(fx.To) || string(fx.From) != want || string(fx.To) != `"name"` {
				t.Errorf("%q: %s alias fix from %s to %s, want from %s to \"name\"", alias, path, fx.From, fx.To, want)
			}
		}
	}
}
