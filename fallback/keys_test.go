package fallback

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExactKeys: keys match wire names exactly and case-sensitively, as
// in the generated decoders (no case or Unicode folding: a key-smuggling
// vector); a key that folds to one is refused.
func TestExactKeys(t *testing.T) {
	type ids struct {
		Lower string `json:"id"`
		Upper string `json:"ID,omitempty"`
	}
	var a ids
	if err := Decode([]byte(`{"id":"x"}`), &a); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ids{Lower: "x"}, a); diff != "" {
		t.Errorf(`{"id":"x"} (-want +got):\n%s`, diff)
	}
	if err := Decode([]byte(`{"id":"x","ID":"y"}`), &a); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ids{Lower: "x", Upper: "y"}, a); diff != "" {
		t.Errorf(`{"id":"x","ID":"y"} (-want +got):\n%s`, diff)
	}

	type skips struct {
		Skip  string `json:"skip,omitempty"`
		LongS string `json:"ſkip,omitempty"`
	}
	var s skips
	if err := Decode([]byte(`{"skip":"a"}`), &s); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(skips{Skip: "a"}, s); diff != "" {
		t.Errorf(`{"skip":"a"} (-want +got):\n%s`, diff)
	}

	type one struct {
		Name string `json:"name"`
	}
	var o one
	// A key in another case is refused, naming the key to send: never
	// dropped, never folded.
	for _, in := range []string{`{"NAME":"a","name":"b"}`, `{"NAME":"a"}`} {
		err := Decode([]byte(in), &o)
		if err == nil || !strings.Contains(err.Error(), `NAME: is not a known key: keys are case-sensitive (send it as "name")`) {
			t.Errorf("%s: %v", in, err)
		}
	}
	if err := Decode([]byte(`{"ſkip":"a","SKIP":"b"}`), &s); err == nil || err.Error() != `SKIP: is not a known key: keys are case-sensitive (send it as "skip" or "ſkip")` {
		t.Errorf("two keys fold alike: %v", err)
	}
}
