package schema

import (
	"encoding/json"
	"testing"

	"github.com/invopop/jsonschema"
)

// TestReviewMarshalNumberSpace: Marshal gives marshalSlow's result (its
// doc: "other schemas take marshalSlow, whose bytes it gives"). The
// one-pass writer checked a json.Number with json.Valid, which allows
// white space around a value, where encoding/json refuses the number:
// Marshal wrote `1 ` where marshalSlow, and Marshal at daceac9, fail.
// Not reachable from jsonschema tags (number() parses them
// first), only through the exported Marshal. Fixed in 7055c5a.
func TestReviewMarshalNumberSpace(t *testing.T) {
	for _, n := range []json.Number{"1 ", "2\n", "3\t"} {
		for _, s := range []*jsonschema.Schema{
			{Type: "number", Minimum: n, Maximum: "9"},
			{Type: "number", Default: n},
		} {
			fast, ferr := Marshal(s)
			slow, serr := marshalSlow(s)
			if (ferr == nil) != (serr == nil) || string(fast) != string(slow) {
				t.Errorf("%q: Marshal %q %v, marshalSlow %q %v", n, fast, ferr, slow, serr)
			}
		}
	}
}
