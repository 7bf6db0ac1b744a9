package schemabuild

import (
	"bytes"
	"encoding/json"
	"github.com/normgen/normgen/internal/docs"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"

	. "github.com/normgen/normgen/schema"
)

// TestReadmeProfiles checks the README's profile example: the field
// `Limit *int` with default=100,minimum=1 in each profile, in
// lenient.Profiles order, one compact JSON line each.
func TestReadmeProfiles(t *testing.T) {
	readme, err := docs.Read("../..")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "<!-- profiles-example -->\n```json\n")
	if !ok {
		t.Fatal("README has no profiles example")
	}
	block, _, _ := strings.Cut(after, "```")
	want := strings.Split(strings.TrimSpace(block), "\n")
	f := &Field{Name: "limit", Type: &Type{Kind: Int, Bits: 64, Nullable: true}, Keywords: Keywords{Default: "100", HasDefault: true, Minimum: "1"}}
	var got []string
	for _, p := range lenient.Profiles() {
		// The field in a tool's schema: openai-strict is built from the
		// type, not converted from the portable field schema.
		root, err := RootProfile(&Type{Kind: Object, Fields: []Field{*f}}, p)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := root.Properties.Get("limit")
		b, err := Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var c bytes.Buffer
		if err := json.Compact(&c, b); err != nil {
			t.Fatal(err)
		}
		got = append(got, c.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("README profiles example is stale; want:\n%s", strings.Join(got, "\n"))
	}
}
