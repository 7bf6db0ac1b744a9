package fallback

import (
	"strings"
	"testing"
)

type input struct {
	Path  string   `json:"path" norm:"alias=file_path"`
	Limit *int     `json:"limit,omitempty" jsonschema:"default=100,minimum=1"`
	Tags  []string `json:"tags,omitempty"`
}

func TestDecode(t *testing.T) {
	var in input
	if err := Decode([]byte(`{"file_path":"a","tags":"[\"x\"]"}`), &in); err != nil {
		t.Fatal(err)
	}
	if in.Path != "a" || in.Limit == nil || *in.Limit != 100 || len(in.Tags) != 1 {
		t.Errorf("got %+v", in)
	}
	err := Decode([]byte(`{"limit":"0","tags":5}`), &in)
	for _, want := range []string{`path: is required (also accepted as file_path)`, `limit: "0" is less than the minimum, 1`, `tags: 5 is not an array`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v lacks %q", err, want)
		}
	}
	if err := Decode([]byte(`{}`), in); err == nil {
		t.Error("a non-pointer out was accepted")
	}
	var bad struct {
		C chan int `json:"c"`
	}
	if err := Decode([]byte(`{}`), &bad); err == nil || !strings.Contains(err.Error(), "unsupported type chan int") {
		t.Errorf("unsupported type: %v", err)
	}
}
