package lenientimpl

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/lenient"
)

// decodeOne decodes the JSON value v with f and returns the value, the
// error and the fixes recorded.
func decodeOne[T any](v string, f func(d *Decoder, v []byte) T) (T, error, []lenient.Fix) {
	var d Decoder
	d.record = true
	d.Begin([]byte(v))
	got := f(&d, []byte(v))
	return got, d.Err(), d.Fixes()
}

func TestTimeForms(t *testing.T) {
	utc := func(y, mo, d, h, mi, s, ns int) time.Time {
		return time.Date(y, time.Month(mo), d, h, mi, s, ns, time.UTC)
	}
	plus1 := time.FixedZone("", 3600)
	for _, tc := range []struct {
		in      string
		m       Mode
		want    time.Time
		fixedTo string // "" for no fix
		err     string
	}{
		{in: `"2024-06-01T15:04:05Z"`, want: utc(2024, 6, 1, 15, 4, 5, 0)},
		{in: `"2024-06-01"`, want: utc(2024, 6, 1, 0, 0, 0, 0), fixedTo: `"2024-06-01T00:00:00Z"`},
		{in: `"2024-06-01 15:04:05"`, want: utc(2024, 6, 1, 15, 4, 5, 0), fixedTo: `"2024-06-01T15:04:05Z"`},
		{in: `"2024-06-01 15:04:05.25"`, want: utc(2024, 6, 1, 15, 4, 5, 250e6), fixedTo: `"2024-06-01T15:04:05.25Z"`},
		{in: `"2024-06-01 15:04:05+01:00"`, want: time.Date(2024, 6, 1, 15, 4, 5, 0, plus1), fixedTo: `"2024-06-01T15:04:05+01:00"`},
		{in: `"2024-06-01T15:04:05"`, want: utc(2024, 6, 1, 15, 4, 5, 0), fixedTo: `"2024-06-01T15:04:05Z"`},
		{in: `"2024-06-01"`, m: Strict, err: `at: "2024-06-01" is not an RFC 3339 date-time (send a string such as "2024-06-01T15:04:05Z", with its time zone: Z or +01:00)`},
		{in: `"tomorrow"`, err: `at: "tomorrow" is not a date-time (send "2024-06-01T15:04:05Z" or "2024-06-01")`},
		{in: `"06/01/2024"`, err: `at: "06/01/2024" is not a date-time`},
		// Without seconds, as people and models write it (issue 39).
		{in: `"2024-06-01T15:04"`, want: utc(2024, 6, 1, 15, 4, 0, 0), fixedTo: `"2024-06-01T15:04:00Z"`},
		{in: `"2026-03-02 09:00"`, want: utc(2026, 3, 2, 9, 0, 0, 0), fixedTo: `"2026-03-02T09:00:00Z"`},
		{in: `"2026-03-02T09:00+01:00"`, want: time.Date(2026, 3, 2, 9, 0, 0, 0, plus1), fixedTo: `"2026-03-02T09:00:00+01:00"`},
		{in: `"2026-03-02 9:00Z"`, want: utc(2026, 3, 2, 9, 0, 0, 0), fixedTo: `"2026-03-02T09:00:00Z"`},
		{in: `"2026-03-02T09:00:"`, err: `at: "2026-03-02T09:00:" is not a date-time`},
		{in: `"2026-03-02T09:00.5"`, err: `at: "2026-03-02T09:00.5" is not a date-time`},
		// A zone offset past ±23:59, which json.Marshal of the value
		// refuses (issue 39), with or without Strict.
		{in: `"2026-03-02T09:00:00+23:59"`, want: time.Date(2026, 3, 2, 9, 0, 0, 0, time.FixedZone("", 23*3600+59*60))},
		{in: `"2026-03-02T09:00:00+24:00"`, err: `at: "2026-03-02T09:00:00+24:00" is not a date-time`},
		{in: `"2026-03-02T09:00:00-24:00"`, err: `at: "2026-03-02T09:00:00-24:00" is not a date-time`},
		{in: `"2026-03-02T09:00:00+23:60"`, err: `at: "2026-03-02T09:00:00+23:60" is not a date-time`},
		{in: `"2026-03-02T09:00:00+24:00"`, m: Strict, err: `at: "2026-03-02T09:00:00+24:00" is not an RFC 3339 date-time`},
		{in: `"2024-06-01 15:04:05 +01:00"`, err: `at: "2024-06-01 15:04:05 +01:00" is not a date-time`},
		{in: `"2024-02-30"`, err: `at: "2024-02-30" is not a date-time`},
		{in: `"2024-06-01T15:04:05+01"`, err: `at: "2024-06-01T15:04:05+01" is not a date-time`},
		{in: `1717200000`, err: `at: 1717200000 is not a date-time`},
	} {
		got, err, fixes := decodeOne(tc.in, func(d *Decoder, v []byte) time.Time { return d.Time(v, "at", tc.m) })
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("%s: got %v, want error %s", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !got.Equal(tc.want) || got.Location().String() != tc.want.Location().String() && tc.want.Location() == time.UTC {
			t.Errorf("%s: got %v, %v, want %v", tc.in, got, err, tc.want)
		}
		var fixedTo string
		if len(fixes) == 1 && fixes[0].Kind == lenient.FixTime {
			fixedTo = string(fixes[0].To)
		} else if len(fixes) != 0 {
			t.Errorf("%s: fixes %+v", tc.in, fixes)
		}
		if fixedTo != tc.fixedTo {
			t.Errorf("%s: fixed to %q, want %q", tc.in, fixedTo, tc.fixedTo)
		}
	}
}

// TestTimePatternLenient: every string Decoder.Time takes matches
// TimePattern, and one that matches but is refused names a day its month
// does not have (class i), or has a form only the lax parser takes.
func TestTimePatternLenient(t *testing.T) {
	re := regexp.MustCompile(TimePattern)
	parts := [][]string{
		{"2024", "0000", "9999", "24", "+024"},
		{"-"},
		{"01", "02", "12", "13", "00", "1"},
		{"-"},
		{"01", "28", "29", "30", "31", "32", "2"},
		{"", "T", "T", " ", " ", "t", "  ", "_"},
		{"", "00", "09", "23", "24", "9"},
		{"", ":"},
		{"00", "59", "60", "5"},
		{":", ":", ""},
		{"00", "59", "60", "5", ""},
		{"", "", ".5", ",5", ".123456789123", "."},
		{"Z", "", "", "z", "+01:00", "-23:59", "+24:00", "+23:60", "+25:00", "+0100", "+01", " +01:00", "Z "},
	}
	rng := rand.New(rand.NewSource(1))
	seen := map[string]bool{}
	taken, refused := 0, 0
	for n := 0; n < 60000; n++ {
		var b strings.Builder
		dateOnly := rng.Intn(8) == 0
		for i, p := range parts {
			if dateOnly && i > 4 {
				break
			}
			b.WriteString(p[rng.Intn(len(p))])
		}
		s := b.String()
		if seen[s] {
			continue
		}
		seen[s] = true
		_, _, accepted := ParseTime([]byte(s), false)
		matched := re.MatchString(s)
		if matched && accepted {
			taken++
		} else if matched {
			refused++
		}
		switch {
		case accepted && !matched:
			t.Errorf("%q: the decoder takes it, the pattern does not", s)
		case matched && !accepted && !dayOverflow(s) && !laxOnly(s):
			t.Errorf("%q: the pattern takes it, the decoder does not", s)
		}
	}
	if taken < 100 || refused < 10 {
		t.Errorf("the corpus reaches too little: %d matching strings taken, %d refused", taken, refused)
	}
}

func TestDurationForms(t *testing.T) {
	for _, tc := range []struct {
		in    string
		unit  time.Duration
		m     Mode
		want  time.Duration
		fixed bool
		err   string
	}{
		{in: `"5s"`, want: 5 * time.Second, fixed: true},
		{in: `"1h30m"`, want: 90 * time.Minute, fixed: true},
		{in: `"250ms"`, want: 250 * time.Millisecond, fixed: true},
		{in: `"-1.5h"`, want: -90 * time.Minute, fixed: true},
		{in: `"0"`, want: 0, fixed: true},
		{in: `"1µs"`, want: time.Microsecond, fixed: true},
		{in: `90`, unit: time.Second, want: 90 * time.Second, fixed: true},
		{in: `"90"`, unit: time.Second, want: 90 * time.Second, fixed: true},
		{in: `1.5`, unit: time.Second, want: 1500 * time.Millisecond, fixed: true},
		{in: `1e-9`, unit: time.Second, want: 1, fixed: true},
		{in: `-2`, unit: time.Minute, want: -2 * time.Minute, fixed: true},
		{in: `5000`, unit: time.Nanosecond, want: 5000},
		{in: `0`, unit: time.Second, want: 0}, // (0 units is 0: nothing to record)
		{in: `5e3`, unit: time.Nanosecond, want: 5000, fixed: true},
		{in: `"2m"`, unit: time.Second, want: 2 * time.Minute, fixed: true},
		{in: `9223372036`, unit: time.Second, want: 9223372036 * time.Second, fixed: true},
		{in: `5000000000`, m: Strict, want: 5 * time.Second},
		{in: `5`, err: `d: 5 is not a duration (send text such as "5s", "1h30m" or "250ms"; a bare number is not taken here: it has no unit)`},
		{in: `"5"`, err: `d: "5" is not a duration (send text such as "5s"`},
		{in: `"soon"`, unit: time.Second, err: `d: "soon" is not a duration (send text such as "1h30m", or a number of seconds, such as 90)`},
		{in: `"5 s"`, err: `d: "5 s" is not a duration`},
		{in: `"5S"`, err: `d: "5S" is not a duration`},
		{in: `"1d"`, err: `d: "1d" is not a duration`},
		{in: `1e-10`, unit: time.Second, err: `d: 1e-10 is not a whole number of nanoseconds`},
		{in: `0.0000000001`, unit: time.Second, err: `d: 0.0000000001 is not a whole number of nanoseconds`},
		{in: `9223372037`, unit: time.Second, err: `d: 9223372037 is out of range for a time.Duration`},
		{in: `1e999999999999999999999`, unit: time.Second, err: `d: 1e999999999999999999999 is out of range`},
		{in: `1e-999999999999999999999`, unit: time.Second, err: `d: 1e-999999999999999999999 is not a whole number`},
		{in: `"3000000h"`, err: `d: "3000000h" is out of range for a time.Duration`},
		// A fraction of a nanosecond is refused in text as in a number,
		// where time.ParseDuration truncates it.
		{in: `"1.5ns"`, err: `d: "1.5ns" is not a whole number of nanoseconds`},
		{in: `"0.0000000001s"`, unit: time.Second, err: `d: "0.0000000001s" is not a whole number of nanoseconds`},
		{in: `"1h0.0000000001s"`, err: `d: "1h0.0000000001s" is not a whole number of nanoseconds`},
		{in: `"0.0000000005m"`, want: 30, fixed: true},
		{in: `"1.000000001s"`, want: time.Second + 1, fixed: true},
		{in: `"-2562047h47m16.854775808s"`, want: math.MinInt64, fixed: true},
		{in: `"2562047h47m16.854775808s"`, err: `d: "2562047h47m16.854775808s" is out of range`},
		{in: `"-9223372036854775808ns"`, want: math.MinInt64, fixed: true},
		{in: `"+.5s"`, want: time.Second / 2, fixed: true},
		{in: `"5.s"`, want: 5 * time.Second, fixed: true},
		{in: `"-0"`, want: 0, fixed: true},
		{in: `"5s"`, m: Strict, err: `d: "5s" is not an integer`},
		{in: `true`, unit: time.Second, err: `d: true is not a duration`},
	} {
		got, err, fixes := decodeOne(tc.in, func(d *Decoder, v []byte) time.Duration { return d.Duration(v, "d", tc.unit, tc.m) })
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("%s unit %v: got %v, want error %s", tc.in, tc.unit, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s unit %v: got %v, %v, want %v", tc.in, tc.unit, got, err, tc.want)
		}
		want := []lenient.Fix(nil)
		if tc.fixed {
			want = []lenient.Fix{{Param: "d", Kind: lenient.FixDuration, From: []byte(tc.in), To: []byte(strconv.FormatInt(int64(tc.want), 10))}}
		}
		if fmt.Sprint(fixes) != fmt.Sprint(want) {
			t.Errorf("%s unit %v: fixes %s, want %s", tc.in, tc.unit, fixes, want)
		}
	}
}

// TestDurationPattern: the strings time.ParseDuration reads are those
// DurationPattern matches (out of range aside).
func TestDurationPattern(t *testing.T) {
	re := regexp.MustCompile(DurationPattern)
	atoms := []string{"", "-", "+", "0", "1", "12", ".", ".5", "1.", "1.5", "s", "m", "h", "ms", "us", "µs", "μs", "ns", "d", "S", " ", "e"}
	rng := rand.New(rand.NewSource(1))
	taken := 0
	for n := 0; n < 50000; n++ {
		var b strings.Builder
		for k := rng.Intn(6); k >= 0; k-- {
			b.WriteString(atoms[rng.Intn(len(atoms))])
		}
		s := b.String()
		_, err := time.ParseDuration(s)
		matched := re.MatchString(s)
		if err == nil {
			taken++
		}
		digits := strings.Count(s, "1") + strings.Count(s, "2") + strings.Count(s, "5") + strings.Count(s, "0")
		if err == nil && !matched || matched && err != nil && digits < 10 { // overflow aside
			t.Errorf("%q: ParseDuration %v, pattern %v", s, err, matched)
		}
	}
	if taken < 500 {
		t.Errorf("the corpus reaches too little: %d strings taken", taken)
	}
	num := regexp.MustCompile(DurationNumberPattern)
	for s, want := range map[string]bool{"5s": true, "90": true, "-1.5e3": true, "1.5": true, "01": false, "1.": false, "5 s": false, "": false} {
		if num.MatchString(s) != want {
			t.Errorf("DurationNumberPattern on %q: %v", s, !want)
		}
	}
}

// TestDurationTextExact: Go duration text is read exactly, against an
// oracle in rationals: each number of a unit times the unit, summed; a
// number of a unit that is no whole number of nanoseconds is refused,
// where time.ParseDuration truncates it, and a sum of whole ones is its
// value, where
// time.ParseDuration, reading fractions through a float64, may miss it by
// one (".00025000025000m" is 15.000015ms; it reads 15.000014ms).
func TestDurationTextExact(t *testing.T) {
	atoms := []string{"-", "+", "0", "1", "12", ".", ".5", "1.", "1.5", "s", "m", "h", "ms", "us", "µs", "ns", "000", "25", "9"}
	units := map[string]int64{"ns": 1, "us": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9, "m": 60e9, "h": 3600e9}
	oracle := func(s string) (*big.Rat, bool) {
		neg := strings.HasPrefix(s, "-")
		s = strings.TrimLeft(s, "+-")
		total := new(big.Rat)
		for s != "0" && s != "" {
			i := strings.IndexFunc(s, func(r rune) bool { return r != '.' && (r < '0' || r > '9') })
			num := s[:i]
			if strings.HasPrefix(num, ".") {
				num = "0" + num
			}
			num = strings.TrimSuffix(num, ".")
			r, ok := new(big.Rat).SetString(num)
			if !ok {
				return nil, false
			}
			rest := s[i:]
			for _, u := range []string{"ns", "us", "µs", "ms", "s", "m", "h"} {
				if strings.HasPrefix(rest, u) {
					if r.Mul(r, new(big.Rat).SetInt64(units[u])); !r.IsInt() {
						return r, true // (a number of a unit no whole number of ns)
					}
					total.Add(total, r)
					s = rest[len(u):]
					break
				}
			}
		}
		if neg {
			total.Neg(total)
		}
		return total, true
	}
	rng := rand.New(rand.NewSource(1))
	read, refused := 0, 0
	for range 400000 {
		var b strings.Builder
		for k := rng.Intn(8); k >= 0; k-- {
			b.WriteString(atoms[rng.Intn(len(atoms))])
		}
		s := b.String()
		if !durationText([]byte(s)) {
			continue
		}
		want, ok := oracle(s)
		if !ok {
			t.Fatalf("oracle cannot read %q", s)
		}
		got, err := durationTextOf([]byte(s))
		switch {
		case !want.IsInt():
			if err != errNotWholeNS {
				t.Errorf("%q: %v, %v; want not a whole number of nanoseconds", s, got, err)
			}
			refused++
		case !want.Num().IsInt64():
			if err != ErrRange {
				t.Errorf("%q: %v, %v; want out of range", s, got, err)
			}
		case err != nil || int64(got) != want.Num().Int64():
			t.Errorf("%q: %v, %v; want %v", s, got, err, want)
		default:
			read++
		}
	}
	if read < 10000 || refused < 1000 {
		t.Fatalf("read %d, refused %d: the texts miss the cases", read, refused)
	}
}
