package lenientimpl

import "github.com/normgen/normgen/lenient"

import "github.com/normgen/normgen/internal/jsonwire"

// EnumCase returns the one of values that s equals in another ASCII
// letter case ("BTREE" for "btree"), and whether there is one; values are
// an enum's, whose values no two fold alike (the generator checks). s
// equal to a value is not such a case.
func EnumCase(s string, values []string) (string, bool) {
	f := jsonwire.FoldASCII(s)
	for _, v := range values {
		if v != s && jsonwire.FoldASCII(v) == f {
			return v, true
		}
	}
	return "", false
}

// EnumCase reads *val, a string that is none of values (an enum's), as
// the one it equals in another ASCII letter case, and records the fix
// (FixEnumCase); false, and *val left alone, when it equals none.
func (d *Decoder) EnumCase(val *string, name string, values ...string) bool {
	to, ok := EnumCase(*val, values)
	if !ok {
		return false
	}
	if d.record {
		d.fix(name, lenient.FixEnumCase, jsonwire.AppendQuote(nil, *val), jsonwire.AppendQuote(nil, to))
	}
	*val = to
	return true
}
