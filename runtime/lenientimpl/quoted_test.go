package lenientimpl

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/ajvcheck"
)

// TestQuotedPatterns: a string matches a Quoted pattern exactly where
// encoding/json reads it into a field of that kind tagged with the json
// option string, under Go 1.26 or Go 1.27 (the pattern takes what either
// takes), but for a number out of the Go type's range (class (a) of
// docs/semantics.md), for every string of up to a few characters over an
// alphabet of what the kind's text is made of, and for mutations of
// longer texts; under Go's regexp and AJV. Run under each version (CI's
// Go 1.27 pass), it checks the running version's reading exactly, and
// allows a match the running version refuses only where the other one
// reads the text (a plus sign, ".5", "NaN" under Go 1.26; an escaped lone
// surrogate or \' under Go 1.27).
func TestQuotedPatterns(t *testing.T) {
	type (
		i8 struct {
			F int8 `json:"f,string"`
		}
		i64 struct {
			F int64 `json:"f,string"`
		}
		u16 struct {
			F uint16 `json:"f,string"`
		}
		f32 struct {
			F float32 `json:"f,string"`
		}
		f64 struct {
			F float64 `json:"f,string"`
		}
		b struct {
			F bool `json:"f,string"`
		}
		s struct {
			F string `json:"f,string"`
		}
		pi struct {
			F *int `json:"f,string"`
		}
		num struct {
			F json.Number `json:"f,string"`
		}
	)
	go126 := strings.HasPrefix(runtime.Version(), "go1.26")
	// outOfRange reports whether s is a number strconv reads, out of the
	// range of the field's type.
	outOfRange := func(kind reflect.Kind, bits int, s string) bool {
		switch kind {
		case reflect.Int:
			n, err := strconv.ParseInt(s, 10, 64)
			return errors.Is(err, strconv.ErrRange) || err == nil && (n < -1<<(bits-1) || n > 1<<(bits-1)-1)
		case reflect.Uint:
			n, err := strconv.ParseUint(s, 10, 64)
			return errors.Is(err, strconv.ErrRange) || err == nil && n > 1<<bits-1
		case reflect.Float64:
			_, err := strconv.ParseFloat(s, bits)
			return errors.Is(err, strconv.ErrRange)
		}
		return false
	}
	// otherReads reports whether the Go version not running reads s where
	// the running one does not: Go 1.27 parses a quoted number with
	// strconv alone (go.dev/issue/75619), where Go 1.26 first wants a
	// minus or a digit; Go 1.26 reads an escaped lone surrogate as U+FFFD,
	// and \' as '.
	surrogate := regexp.MustCompile(`\\u[dD][89a-fA-F]`)
	// takes126Number reports whether Go 1.26 reads s into a json.Number
	// tagged string: text from a minus or a digit on, unchecked; null's
	// text; a JSON string literal holding number text.
	takes126Number := func(s string) bool {
		if s == "null" || s != "" && (s[0] == '-' || '0' <= s[0] && s[0] <= '9') {
			return true
		}
		var inner string
		if json.Unmarshal([]byte(s), &inner) != nil || inner == "" || inner[0] != '-' && (inner[0] < '0' || inner[0] > '9') {
			return false
		}
		return json.Valid([]byte(inner))
	}
	otherReads := func(kind reflect.Kind, bits int, s string) bool {
		if kind == reflect.Interface { // (a json.Number)
			// the pattern takes any of a number's characters in a JSON
			// string, in any order (a superset, class (i)); Go 1.27 reads
			// what Go 1.26 does not check
			return strings.HasPrefix(s, `"`) || !go126 && takes126Number(s)
		}
		if !go126 {
			return kind == reflect.String && (surrogate.MatchString(s) || strings.Contains(s, `\'`))
		}
		switch kind {
		case reflect.Int:
			_, err := strconv.ParseInt(s, 10, 64)
			return err == nil || errors.Is(err, strconv.ErrRange)
		case reflect.Float64:
			_, err := strconv.ParseFloat(s, bits)
			return err == nil || errors.Is(err, strconv.ErrRange)
		}
		return false
	}
	for _, tc := range []struct {
		name     string
		pattern  string
		into     func() any
		kind     reflect.Kind
		bits     int
		alphabet string
		depth    int
		seeds    []string
	}{
		{"int8", QuotedIntPattern, func() any { return new(i8) }, reflect.Int, 8, "019-+_.exn", 5, []string{"-128", "127", "128", "-129", "007", "null", "nul", "-", "1e2", "0x10", "+1", "+-1", "+", "1_0"}},
		{"int64", QuotedIntPattern, func() any { return new(i64) }, reflect.Int, 64, "09-+ ", 4, []string{"9223372036854775807", "9223372036854775808", "-9223372036854775808", "000000000000000000000001"}},
		{"*int", QuotedIntPattern, func() any { return new(pi) }, reflect.Int, 64, "019-nul", 4, []string{"null", "-0"}},
		{"uint16", QuotedUintPattern, func() any { return new(u16) }, reflect.Uint, 16, "019-+_n", 5, []string{"65535", "65536", "-0", "null"}},
		{"float32", QuotedFloatPattern, func() any { return new(f32) }, reflect.Float64, 32, "01-+.e_xpaI", 4, []string{"3.4e38", "3.5e38", "1e-50", "-inf", "-Infinity"}},
		{"float64", QuotedFloatPattern, func() any { return new(f64) }, reflect.Float64, 64, "01-+.eE_xXpPaf", 4, []string{
			"0x1.8p3", "-0x.8p-1_0", "0x_1p0", "0x1_p0", "0x1p", "0x1", "0x.p1", "1_000.5e1_0", "1__0", "1_.5", "1._5", "-.5", ".5", "1.", "-.",
			"-inf", "-INF", "-Infinity", "-infinit", "-infin", "-nan", "NaN", "nan", "+nan", "+inf", "inf", "Infinity", "+1.5", "+.5", "+0x1p0", "1e999", "1e-999", "-1e400", "null", "nulL", "1e+5", "1e+_5", "1e5_", "0x1P+2_0",
		}},
		{"json.Number", QuotedNumberPattern, func() any { return new(num) }, reflect.Interface, 0, "09-.e+\"\\unlx", 4, []string{
			"12", "-x", "1abc", `"12"`, `"x"`, "null", "true", "", "+1", ".5", `"\u0031"`, `"\u0031\u0032"`, "1e5", "01", " 1", "NaN", `"-1.5e+3"`, `"1-2"`, `""`,
		}},
		{"bool", QuotedBoolPattern, func() any { return new(b) }, reflect.Bool, 0, "truefalsn", 5, []string{"true", "false", "null", "True", "1", "yes"}},
		{"string", QuotedStringPattern, func() any { return new(s) }, reflect.String, 0, "\"\\au/n'\x01\x7fé", 5, []string{
			`"\u00e9"`, `"\u00G9"`, `"\ud800"`, `"\'"`, `"a\\'"`, `"\ud83d\ude00"`, `"\udc00\ud800"`, `"a\"b"`, `"\x"`, `""`, `"`, `null`, `"\/\b\f\n\r\t"`, "\"\x1f\"", "\"\u2028\"", `"a"b"`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			re := regexp.MustCompile(tc.pattern)
			var sample []json.RawMessage
			var want []bool
			check := func(s string) {
				q, _ := json.Marshal(s)
				taken := json.Unmarshal([]byte(fmt.Sprintf(`{"f":%s}`, q)), tc.into()) == nil
				matched := re.MatchString(s)
				if matched == taken || matched && (outOfRange(tc.kind, tc.bits, s) || otherReads(tc.kind, tc.bits, s)) {
					if len(sample) < 30000 || len(s) > 5 {
						sample = append(sample, q)
						want = append(want, matched)
					}
					return
				}
				t.Errorf("%q: the pattern matches %v, encoding/json takes %v", s, matched, taken)
			}
			var walk func(prefix string, depth int)
			walk = func(prefix string, depth int) {
				check(prefix)
				if depth == tc.depth {
					return
				}
				for _, c := range tc.alphabet {
					walk(prefix+string(c), depth+1)
				}
			}
			walk("", 0)
			rng := rand.New(rand.NewSource(1))
			for _, seed := range tc.seeds {
				check(seed)
				for range 200 {
					m := []rune(seed)
					for range 1 + rng.Intn(2) {
						at := rng.Intn(len(m) + 1)
						c := []rune(tc.alphabet)[rng.Intn(len([]rune(tc.alphabet)))]
						switch rng.Intn(3) {
						case 0:
							m = append(m[:at], append([]rune{c}, m[at:]...)...)
						case 1:
							if at < len(m) {
								m[at] = c
							}
						default:
							if at < len(m) {
								m = append(m[:at], m[at+1:]...)
							}
						}
					}
					check(string(m))
				}
			}
			schema, _ := json.Marshal(map[string]string{"type": "string", "pattern": tc.pattern})
			got := ajvcheck.Validate(t, []ajvcheck.Case{{Schema: schema, Instances: sample}})
			for i, ok := range got[0] {
				if ok != want[i] {
					t.Errorf("AJV: %s valid %v, Go's regexp %v", sample[i], ok, want[i])
				}
			}
		})
	}
}
