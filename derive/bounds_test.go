package derive

import (
	"fmt"
	"strings"
	"testing"
)

// TestMayTakeBounded: mayTake reads at most maxMayTakeWork subschemas
// and references. Below an allOf of six references to the next level,
// eight levels deep, ending in an object, an object is taken at every
// level (6^8 readings, 20 s of a derivation before the bound), and a
// last branch of the top allOf, a string, rules it out: past the bound
// it may be taken (it cannot say otherwise in time), where at two
// levels the string is read (no object).
func TestMayTakeBounded(t *testing.T) {
	fan := func(levels int) *Node {
		var b strings.Builder
		b.WriteString(`{"type":"object","properties":{"x":{"$ref":"#/$defs/d0"}},"$defs":{`)
		for i := range levels {
			ref := fmt.Sprintf(`{"$ref":"#/$defs/d%d"}`, i+1)
			last := ""
			if i == 0 {
				last = `,{"type":"string"}`
			}
			fmt.Fprintf(&b, `"d%d":{"allOf":[%s%s]},`, i, strings.TrimSuffix(strings.Repeat(ref+",", 6), ","), last)
		}
		fmt.Fprintf(&b, `"d%d":{"type":"object","properties":{"n":{"type":"integer"}}}}}`, levels)
		return mustParse(t, []byte(b.String()))
	}
	if root := fan(2); mayTake(root, root.Get("$defs").Get("d0"), '{', 0) {
		t.Error("2 levels: an object may be taken")
	}
	if root := fan(8); !mayTake(root, root.Get("$defs").Get("d0"), '{', 0) {
		t.Error("8 levels: read to the end")
	}
}
