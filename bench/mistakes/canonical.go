package mistakes

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strings"
)

// Canonical returns JSON text in a form where equal values are equal
// strings: compact, object keys sorted, and every number spelled as its
// exact decimal value (5, 5.0 and 5e0 are all 5; 9007199254740993 stays
// itself). Text that is not JSON is returned as it is.
func Canonical(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return string(data)
	}
	b, err := json.Marshal(canon(v))
	if err != nil {
		return string(data)
	}
	return string(b)
}

// canon rewrites every json.Number of v in its exact decimal spelling.
func canon(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = canon(e)
		}
	case []any:
		for i, e := range v {
			v[i] = canon(e)
		}
	case json.Number:
		return json.Number(decimal(string(v)))
	}
	return v
}

// decimal spells a JSON number exactly, without exponent or trailing
// zeros.
func decimal(s string) string {
	if !strings.ContainsAny(s, ".eE") {
		if s == "-0" {
			return "0"
		}
		return s
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return s
	}
	if r.IsInt() {
		return r.Num().String()
	}
	// A JSON number's denominator is 2^a * 5^b: max(a, b) digits are exact.
	d, digits := new(big.Int).Set(r.Denom()), 0
	two, five, zero := big.NewInt(2), big.NewInt(5), new(big.Int)
	for _, p := range []*big.Int{two, five} {
		n := 0
		for m := new(big.Int); ; n++ {
			q, rem := new(big.Int).QuoRem(d, p, m)
			if rem.Cmp(zero) != 0 {
				break
			}
			d = q
		}
		digits = max(digits, n)
	}
	return strings.TrimRight(r.FloatString(digits), "0")
}
