package schema

import (
	"math"
	"strconv"
)

// ExclusiveAsRead returns the exclusive bound of a float field of bits 32
// or 64 as that type reads it, to compare the field's value with: a
// number sent within the bound may read as the bound itself (0.99999999
// in a float32 is 1), where the handler declared it beyond, which the
// generated decoder and fallback refuse (class (a)). false for 0 (no
// number but 0 reads as 0: one too close to it is refused as such), and
// for a bound no float of the type holds. A number within an inclusive
// bound reads within it too: rounding is monotone.
func ExclusiveAsRead(bound string, bits int) (float64, bool) {
	f, err := strconv.ParseFloat(bound, bits)
	if err != nil || math.IsInf(f, 0) || f == 0 {
		return 0, false
	}
	return f, true
}
