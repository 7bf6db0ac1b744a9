package lenientimpl

import (
	"regexp"
	"testing"
)

// TestDurationText: durationText is DurationPattern, checked against the
// pattern as a regexp on listed and random strings of its alphabet.
func TestDurationText(t *testing.T) {
	re := regexp.MustCompile(DurationPattern)
	for _, s := range []string{"", "0", "-0", "+0", "00", "5s", "1h30m", "1.5h", "5.s", ".5s", ".s", "5", "5mh", "5ms", "5µs", "5μs", "5us", "-1.5h2m", "1h3", "s", "+", "1e3s", "0s", "1.h.5m"} {
		if got, want := durationText([]byte(s)), re.MatchString(s); got != want {
			t.Errorf("durationText(%q) = %v, the pattern says %v", s, got, want)
		}
	}
	alphabet := []string{"0", "1", "9", ".", "-", "+", "n", "s", "u", "µ", "μ", "m", "h", "e", "x"}
	seed := uint64(7)
	next := func() uint64 {
		seed = seed*6364136223846793005 + 1442695040888963407
		return seed >> 33
	}
	for range 100000 {
		var b []byte
		for n := next() % 9; n > 0; n-- {
			b = append(b, alphabet[next()%uint64(len(alphabet))]...)
		}
		if got, want := durationText(b), re.Match(b); got != want {
			t.Fatalf("durationText(%q) = %v, the pattern says %v", b, got, want)
		}
	}
}
