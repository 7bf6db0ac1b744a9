package gen

import (
	"encoding/json"
	"testing"

	"github.com/normgen/normgen/gen/internal/benchdata"
	"github.com/normgen/normgen/gen/internal/ticketing"
)

// TestReviewRootAfterWhiteSpace: white space before the arguments object
// changes nothing. At daceac9 the Decoder replayed the root's members at
// offsets of the document taken from its trimmed copy: keys came out cut
// ("ath\"" for "path") or the decode panicked (slice bounds out of range)
// when the document began with white space. The tape (01cb48b) fixed it;
// this pins it.
func TestReviewRootAfterWhiteSpace(t *testing.T) {
	docs := []string{
		`{"path":"p","pattern":"q","limit":"5","file_types":["go"],"ids":[1,2]}`,
		`{"project":"p","steps":[{"run":"make","retry":{"tries":"3"}}],"services":{"db":{"image":"pg"}}}`,
	}
	for _, doc := range docs {
		for _, sent := range []string{" " + doc, "\n" + doc + "\n", "\r\n\t " + doc, "        " + doc + " "} {
			var a, b benchdata.SearchInput
			var c, d ticketing.RunPipelineInput
			for _, pair := range [][2]json.Unmarshaler{{&a, &b}, {&c, &d}} {
				errA := pair[0].UnmarshalJSON([]byte(doc))
				errB := pair[1].UnmarshalJSON([]byte(sent))
				ja, _ := json.Marshal(pair[0])
				jb, _ := json.Marshal(pair[1])
				if string(ja) != string(jb) || (errA == nil) != (errB == nil) || errA != nil && errA.Error() != errB.Error() {
					t.Errorf("%q:\n got %s %v\nwant %s %v", sent, jb, errB, ja, errA)
				}
			}
		}
	}
}
