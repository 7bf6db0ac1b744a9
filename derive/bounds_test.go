package derive

import (
	"fmt"
	"strings"
	"testing"
)

// TestMayTakeBounded: mayTake reads each reference's target once for a
// question, and at most maxMayTakeWork subschemas and references. Below
// an allOf of six references to the next level, eight levels deep,
// ending in an object, an object is taken at every level (6^8 readings,
// 20 s of a derivation before a bound; then, past the bound, it said an
// object may be taken, which it could not tell in time), and a last
// branch of the top allOf, a string, rules it out: read once each, the
// string is read at every depth. A chain whose end refers to its start
// (each level an allOf of two references to the next) is read once
// around: the cycle may, and a string beside rules it out (found by
// review: such chains made a derivation exponential in their length).
func TestMayTakeBounded(t *testing.T) {
	fan := func(levels, refs int, end string) *Node {
		var b strings.Builder
		b.WriteString(`{"type":"object","properties":{"x":{"$ref":"#/$defs/d0"}},"$defs":{`)
		for i := range levels {
			ref := fmt.Sprintf(`{"$ref":"#/$defs/d%d"}`, i+1)
			last := ""
			if i == 0 {
				last = `,{"type":"string"}`
			}
			fmt.Fprintf(&b, `"d%d":{"allOf":[%s%s]},`, i, strings.TrimSuffix(strings.Repeat(ref+",", refs), ","), last)
		}
		fmt.Fprintf(&b, `"d%d":%s}}`, levels, end)
		return mustParse(t, []byte(b.String()))
	}
	object := `{"type":"object","properties":{"n":{"type":"integer"}}}`
	for _, tc := range []struct {
		name string
		root *Node
	}{
		{"2 levels of 6", fan(2, 6, object)},
		{"8 levels of 6", fan(8, 6, object)},
		{"a cycle of 24 levels of 2", fan(24, 2, `{"$ref":"#/$defs/d0"}`)},
	} {
		w := newMayWalk()
		if mayTakeIn(tc.root, tc.root.Get("$defs").Get("d0"), taking{kind: '{'}, 0, w) {
			t.Errorf("%s: an object may be taken", tc.name)
		}
		if read := maxMayTakeWork - w.work; read > 8*len(tc.root.Get("$defs").Keys) {
			t.Errorf("%s: %d subschemas and references read", tc.name, read)
		}
	}
}
