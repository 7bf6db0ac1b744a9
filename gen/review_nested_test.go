package gen

import (
	"encoding/json"
	"testing"

	"github.com/normgen/normgen/fallback"
	"github.com/normgen/normgen/gen/internal/ticketing"
)

// TestReviewNestedSlices: a [][]T field decodes as the fallback decoder
// decodes it. The generated code named every level's iterator a (o for
// maps): the inner level declared `var a lenientimpl.ArrayIter` and then read
// `d.Array(a.Value, ...)`, the new, empty iterator's Value, so each element
// was "missing" (map[string]map[string]T likewise). Present at daceac9
// too; fixed in 3499fc9.
func TestReviewNestedSlices(t *testing.T) {
	doc := []byte(`{"workflow":"w","checkpoints":[{"owners":[["a","b"],[]]}]}`)
	var x, y ticketing.UpdateWorkflowInput
	err := x.UnmarshalJSON(doc)
	ferr := fallback.Decode(doc, &y)
	got, _ := json.Marshal(x)
	want, _ := json.Marshal(y)
	if err != nil || ferr != nil || string(got) != string(want) {
		t.Errorf("generated: %s %v\nfallback:  %s %v", got, err, want, ferr)
	}
}
