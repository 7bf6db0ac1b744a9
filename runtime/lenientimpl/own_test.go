package lenientimpl

import (
	"encoding/base64"
	"encoding/json"
	"math/rand"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/internal/ajvcheck"
)

// TestTimePattern: every string a strict time.Time field takes (time.Time's
// UnmarshalJSON, but for a zone offset past ±23:59, which json.Marshal of
// the time refuses) matches RFC3339Pattern, and a string that matches but
// is refused is one docs/semantics.md puts in class (i): a day its month
// does not have (or, should a Go release enable strict RFC 3339 parsing, a
// form only the lax parser takes: a one-digit hour, a comma before the
// fraction).
func TestTimePattern(t *testing.T) {
	re := regexp.MustCompile(RFC3339Pattern)
	parts := [][]string{
		{"2024", "0000", "9999", "24", "02024", "+024"},
		{"-"},
		{"01", "02", "04", "12", "13", "00", "1"},
		{"-"},
		{"01", "28", "29", "30", "31", "32", "00", "2"},
		{"T", "T", "t", " "},
		{"00", "09", "23", "24", "9", "009"},
		{":"},
		{"00", "59", "60", "5"},
		{":"},
		{"00", "59", "60", "5"},
		{"", "", ".5", ",5", ".123456789123", ".", ".a"},
		{"Z", "Z", "z", "+01:00", "-23:59", "+24:00", "+23:60", "+25:00", "+01:61", "+0100", "", "Z "},
	}
	rng := rand.New(rand.NewSource(1))
	seen := map[string]bool{}
	taken, refused := 0, 0 // matching strings time.Time takes, and refuses
	for n := 0; n < 40000; n++ {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p[rng.Intn(len(p))])
		}
		s := b.String()
		if seen[s] {
			continue
		}
		seen[s] = true
		_, _, accepted := ParseTime([]byte(s), true)
		var tm time.Time
		if tm.UnmarshalJSON([]byte(strconv.Quote(s))) == nil && !accepted && !strings.HasSuffix(s, "+24:00") && !strings.HasSuffix(s, "+23:60") && !strings.HasSuffix(s, "-24:00") {
			t.Errorf("%q: time.Time takes it, a strict field does not", s)
		}
		matched := re.MatchString(s)
		if matched && accepted {
			taken++
		} else if matched {
			refused++
		}
		switch {
		case accepted && !matched:
			t.Errorf("%q: a strict field takes it, the pattern does not", s)
		case matched && !accepted && !dayOverflow(s) && !laxOnly(s):
			t.Errorf("%q: the pattern takes it, a strict field does not", s)
		}
	}
	if taken < 100 || refused < 10 {
		t.Errorf("the corpus reaches too little: %d matching strings taken, %d refused", taken, refused)
	}
	var d Decoder
	d.Begin([]byte(`"2024-02-30T00:00:00Z"`))
	d.Time([]byte(`"2024-02-30T00:00:00Z"`), "at", Strict)
	if err := d.Err(); err == nil || err.Error() != `at: "2024-02-30T00:00:00Z" is not an RFC 3339 date-time (send a string such as "2024-06-01T15:04:05Z", with its time zone: Z or +01:00)` {
		t.Errorf("error: %v", err)
	}
}

// dayOverflow reports whether s, which matches a date-time pattern, names a day
// its month does not have.
func dayOverflow(s string) bool {
	y, _ := strconv.Atoi(s[0:4])
	m, _ := strconv.Atoi(s[5:7])
	day, _ := strconv.Atoi(s[8:10])
	return day > time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// laxOnly reports whether s, which matches a date-time pattern, has a
// form that only time.Parse's lax reading of RFC 3339 takes.
func laxOnly(s string) bool {
	if len(s) == len("2006-01-02") {
		return false
	}
	rest := s[len("2006-01-02T"):]
	return rest[1] == ':' || strings.Contains(rest, ",")
}

// TestBase64Pattern: Base64Pattern matches exactly the strings
// encoding/json reads into a []byte: every string of up to 6 characters
// from an alphabet of base64 letters, padding, line breaks and others,
// and base64 text of up to 24 bytes with line breaks put in, a letter
// changed or one left out (under Go 1.27 too, whose encoding/json runs on
// the v2 engine); and AJV reads it as Go does.
func TestBase64Pattern(t *testing.T) {
	re := regexp.MustCompile(Base64Pattern)
	var sample []json.RawMessage
	var want []bool
	check := func(s string) {
		q, _ := json.Marshal(s)
		var b []byte
		taken := json.Unmarshal(q, &b) == nil
		if matched := re.MatchString(s); matched != taken {
			t.Errorf("%q: the pattern matches %v, encoding/json takes %v", s, matched, taken)
		}
		sample = append(sample, q)
		want = append(want, taken)
	}
	alphabet := "Qa/=\n\r-"
	var walk func(prefix string)
	walk = func(prefix string) {
		check(prefix)
		if len(prefix) == 6 {
			return
		}
		for _, c := range alphabet {
			walk(prefix + string(c))
		}
	}
	walk("")
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		raw := make([]byte, rng.Intn(25))
		rng.Read(raw)
		s := []byte(base64.StdEncoding.EncodeToString(raw))
		for range rng.Intn(3) {
			at := rng.Intn(len(s) + 1)
			switch c := alphabet[rng.Intn(len(alphabet))]; rng.Intn(3) {
			case 0: // a line break put in
				s = slices.Insert(s, at, "\n\r"[rng.Intn(2)])
			case 1: // a letter changed
				if at < len(s) {
					s[at] = c
				}
			default: // one left out
				if at < len(s) {
					s = slices.Delete(s, at, at+1)
				}
			}
		}
		check(string(s))
	}
	schema, _ := json.Marshal(map[string]string{"type": "string", "pattern": Base64Pattern})
	got := ajvcheck.Validate(t, []ajvcheck.Case{{Schema: schema, Instances: sample}})
	for i, ok := range got[0] {
		if ok != want[i] {
			t.Errorf("AJV: %s valid %v, want %v", sample[i], ok, want[i])
		}
	}
}
