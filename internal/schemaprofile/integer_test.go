package schemaprofile

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestPastAgainstBig checks past, which rewrites an integer's exclusive
// bound without math/big, against math/big on numbers written every way
// JSON writes them.
func TestPastAgainstBig(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	texts := []string{"0", "-0", "0.0", "-0.5", "0.5", "9", "-9", "99.9", "-99.9", "1e2", "-1E-2", "1.5e1", "-0.0e5", "100e-2", "-100e-2", "0.001e3", "123456789012345678901234567890.5", "1e-500", "-1e-500", "-0.001e-300", "12e398", "-9.5e399", "0e999999"}
	for range 20000 {
		s := ""
		if r.IntN(2) == 0 {
			s = "-"
		}
		s += fmt.Sprint(r.IntN(1000))
		if r.IntN(2) == 0 {
			s += fmt.Sprintf(".%0*d", 1+r.IntN(4), r.IntN(10000))
		}
		if r.IntN(2) == 0 {
			s += fmt.Sprintf("e%d", r.IntN(13)-6)
		}
		texts = append(texts, s)
	}
	for _, text := range texts {
		x, ok := new(big.Rat).SetString(text)
		if !ok {
			t.Fatalf("%s: not a number for math/big", text)
		}
		floor := new(big.Int).Div(x.Num(), x.Denom())
		ceil := new(big.Int).Neg(new(big.Int).Div(new(big.Int).Neg(x.Num()), x.Denom()))
		for _, c := range []struct {
			up   int
			want *big.Int
		}{{1, new(big.Int).Add(floor, big.NewInt(1))}, {-1, new(big.Int).Sub(ceil, big.NewInt(1))}} {
			got, ok := past(text, c.up)
			if !ok || got.String() != c.want.String() {
				t.Errorf("past(%s, %d) = %v, %v; want %v", text, c.up, got, ok, c.want)
			}
		}
		for _, c := range []struct {
			up   int
			want *big.Int
		}{{1, ceil}, {-1, floor}} {
			if got, _ := roundIn(numberNode(text), c.up); got.String() != c.want.String() {
				t.Errorf("roundIn(%s, %d) = %v; want %v", text, c.up, got, c.want)
			}
		}
		a, _ := floorOf(text)
		b, _ := floorOf(texts[r.IntN(len(texts))])
		ab, _ := new(big.Int).SetString(a.String(), 10)
		bb, _ := new(big.Int).SetString(b.String(), 10)
		if got, want := compare(a, b), ab.Cmp(bb); got != want {
			t.Errorf("compare(%v, %v) = %d; want %d", a, b, got, want)
		}
	}
	for _, text := range []string{"1e401", "1e400000000000000000000", "-1e401"} {
		if _, ok := past(text, 1); ok {
			t.Errorf("past(%s) done; want it said instead", text)
		}
	}
}
