package fallback

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExactKeys: keys match wire names exactly and case-sensitively, as
// in the generated decoders (no case or Unicode folding: a key-smuggling
// vector).
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
	if err := Decode([]byte(`{"NAME":"a","name":"b"}`), &o); err != nil {
		t.Fatal(err)
	}
	if o.Name != "b" {
		t.Errorf(`{"NAME":"a","name":"b"}: Name = %q, want "b" (NAME is an unknown key)`, o.Name)
	}
}
