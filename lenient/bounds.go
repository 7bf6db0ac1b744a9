package lenient

import "encoding/json"

// Mark returns a marker of the problems found so far; OK tells whether any
// was added since. Generated code uses the pair to check a value's bounds
// only when the value itself decoded.
func (d *Decoder) Mark() int { return len(d.problems) }

// OK reports whether no problem was found since mark.
func (d *Decoder) OK(mark int) bool { return len(d.problems) == mark }

// DefaultedString records that the absent member name was given the string
// default s (an expanded {{index}} template).
func (d *Decoder) DefaultedString(name, s string) {
	if d.record {
		q, _ := json.Marshal(s)
		d.fix(name, FixDefault, nil, q)
	}
}
