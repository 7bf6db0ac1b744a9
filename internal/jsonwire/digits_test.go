package jsonwire

import "testing"

func checkIntEnd(t *testing.T, s []byte) {
	t.Helper()
	for i := 0; i < len(s); i++ {
		if s[i] != '-' && (s[i] < '0' || s[i] > '9') {
			continue // IntEnd's callers give it a number's first byte
		}
		e1, ok1 := NumberEnd(s, i)
		e2, ok2 := IntEnd(s, i)
		if e1 != e2 || ok1 != ok2 {
			t.Fatalf("%q at %d: NumberEnd = (%d, %v), IntEnd = (%d, %v)", s, i, e1, ok1, e2, ok2)
		}
		if n := 0; i+16 <= len(s) {
			for n < 16 && s[i+n] >= '0' && s[i+n] <= '9' {
				n++
			}
			if got := digitCount(s, i); got != n {
				t.Fatalf("digitCount(%q, %d) = %d, want %d", s, i, got, n)
			}
		}
	}
}

func TestIntEnd(t *testing.T) {
	for _, s := range []string{"0", "-0", "7", "-", "01", "-01", "123456789012345", "1234567890123456", "12345678901234567890",
		"1.5", "1e5", "1E+5", "12345678.", "-1234567e", "1.e5", "9007199254740993", "12345678/", "1234567:", "1\x80", "-12345678\xff"} {
		for _, tail := range []string{"", ",", "]", ",0                ", ".5e10000000000000", "e-7 12345678901234567"} {
			checkIntEnd(t, []byte("[1,"+s+tail))
		}
	}
}

// FuzzIntEnd compares IntEnd with NumberEnd, and digitCount with a count
// a byte at a time, at every offset of arbitrary bytes.
func FuzzIntEnd(f *testing.F) {
	f.Add([]byte("[1,-22,333,4444,55555,666666,7777777,88888888,999999999,123456789012345,1234567890123456,0,-0,1.5,1e5]"))
	f.Add([]byte("-123456789012.5e-17,01234567890123456789"))
	f.Fuzz(func(t *testing.T, b []byte) { checkIntEnd(t, b) })
}
