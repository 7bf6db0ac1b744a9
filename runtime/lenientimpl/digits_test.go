package lenientimpl

import (
	"strconv"
	"strings"
	"testing"
)

// refLeadingDigits is leadingDigits a byte at a time: the run of digits
// at s[j:] (counted up to 16), and its value when shorter.
func refLeadingDigits(s []byte, j int) (uint64, int) {
	n := 0
	for j+n < len(s) && n < 16 && s[j+n] >= '0' && s[j+n] <= '9' {
		n++
	}
	if n == 0 || n == 16 {
		return 0, n
	}
	u, _ := strconv.ParseUint(string(s[j:j+n]), 10, 64)
	return u, n
}

func checkLeadingDigits(t *testing.T, s []byte) {
	t.Helper()
	for j := 0; j+16 <= len(s); j++ {
		want, wn := refLeadingDigits(s, j)
		got, n := leadingDigits(s, j)
		if n != wn || n > 0 && n < 16 && got != want {
			t.Fatalf("leadingDigits(%q, %d) = %d, %d; want %d, %d", s, j, got, n, want, wn)
		}
	}
}

func TestLeadingDigits(t *testing.T) {
	for _, s := range []string{"0", "7", "12345678", "123456789", "999999999999999", "1234567890123456", "12345678901234567890",
		"-5", "1.5", "1e9", "12345678/", "1234567:", "1\x80", "\xff12", "00000000000000001"} {
		for _, tail := range []string{"", ",", "]", "                ", "0123456789abcdef"} {
			b := []byte(s + tail)
			for len(b) < 16 {
				b = append(b, ' ')
			}
			checkLeadingDigits(t, b)
		}
	}
}

// FuzzLeadingDigits compares leadingDigits with a byte-at-a-time reading
// at every offset of arbitrary bytes.
func FuzzLeadingDigits(f *testing.F) {
	f.Add([]byte("[1,22,333,4444,55555,666666,7777777,88888888,999999999,123456789012345,1234567890123456]"))
	f.Add([]byte("-123456789012.5e-17,0000000000000000000"))
	f.Fuzz(func(t *testing.T, b []byte) { checkLeadingDigits(t, b) })
}

// TestFastIntWords: Fast.readInt, whose commonest case reads the digits a word
// at a time when 18 bytes are left, reads what the Decoder reads, at every
// width, for integers of every length and sign near the widths' bounds
// and for the forms it leaves to the Decoder (leading zeros, fractions,
// exponents, strings), followed by enough bytes for the word reads and
// by too few.
func TestFastIntWords(t *testing.T) {
	forms := []string{"0", "-0", "7", "-7", "00", "-01", "0.0", "1.0", "1e3", "1E3", "-1.5", `"12"`, "127", "128", "-128", "-129",
		"32767", "32768", "-32768", "-32769", "2147483647", "2147483648", "-2147483648", "-2147483649",
		"123456789012345", "-123456789012345", "1234567890123456", "9223372036854775807", "9223372036854775808",
		"-9223372036854775808", "-9223372036854775809", "18446744073709551616", "-", "-x", "1x", "12345678,"}
	for _, s := range forms {
		for _, tail := range []string{"", " ", "                  ", ",1]                 ", "]" + strings.Repeat(" ", 20)} {
			v := []byte(s + tail)
			for _, bits := range []int{8, 16, 32, 64} {
				var f Fast
				if !f.begin(v) {
					continue
				}
				got, ok := f.readInt(bits, Strict)
				var d Decoder
				if !d.Begin(v[:len(s)]) {
					if ok && f.i == len(s) {
						t.Fatalf("%q, %d bits: the fast path reads %d from what the Decoder refuses", v, bits, got)
					}
					continue
				}
				want := d.Int(trimSpace(v[:len(s)]), "x", bits, Strict)
				if !ok {
					plain := len(strings.TrimLeft(s, "-")) > 0 && (s[len(s)-len(strings.TrimLeft(s, "-"))] != '0' || strings.TrimLeft(s, "-") == "0")
					if _, err := strconv.ParseInt(s, 10, bits); err == nil && plain && s != "-0" {
						t.Fatalf("%q, %d bits: the fast path refuses an integer in range", v, bits)
					}
					continue
				}
				if f.i != len(s) {
					t.Fatalf("%q, %d bits: the fast path stops at %d, not after %q", v, bits, f.i, s)
				}
				if d.Err() != nil || got != want {
					t.Fatalf("%q, %d bits: the fast path reads %d, the Decoder %d (%v)", v, bits, got, want, d.Err())
				}
			}
		}
	}
}
