package schemaprofile_test

import (
	"testing"

	"github.com/normgen/normgen/internal/schemaprofile"
)

// TestShared: StripShared leaves out of the openai-strict schema each
// field description the portable one gives the same field (at a
// property, its array's items, a nested object's property, a $defs
// entry; on the field's first anyOf branch in either), and keeps one that
// differs (a note one profile adds); FillShared puts each back where
// invopop writes it; a strict field without the description the portable
// field has is filled in (the generator checks the round trip and then
// writes the whole schema).
func TestShared(t *testing.T) {
	for _, tc := range []struct {
		name, portable, strict, stripped string
		roundTrip                        bool
	}{
		{
			name:      "property, and a note kept",
			portable:  `{"properties":{"a":{"anyOf":[{"type":"integer","description":"A"},{"type":"string","pattern":"^x$"}]},"b":{"type":"string","description":"B. Required."}},"type":"object"}`,
			strict:    `{"properties":{"a":{"type":"integer","description":"A"},"b":{"type":"string","description":"B"}},"additionalProperties":false,"type":"object","required":["a","b"]}`,
			stripped:  `{"properties":{"a":{"type":"integer"},"b":{"type":"string","description":"B"}},"additionalProperties":false,"type":"object","required":["a","b"]}`,
			roundTrip: true,
		},
		{
			name:      "nullable in strict, between title and default",
			portable:  `{"properties":{"a":{"anyOf":[{"type":"string","title":"T","description":"A \"q\"","default":"x"},{"type":"null"}]}},"type":"object"}`,
			strict:    `{"properties":{"a":{"anyOf":[{"type":"string","title":"T","description":"A \"q\"","default":"x"},{"type":"null"}]}},"additionalProperties":false,"type":"object","required":["a"]}`,
			stripped:  `{"properties":{"a":{"anyOf":[{"type":"string","title":"T","default":"x"},{"type":"null"}]}},"additionalProperties":false,"type":"object","required":["a"]}`,
			roundTrip: true,
		},
		{
			name:      "nested object, items, $defs",
			portable:  `{"$defs":{"n":{"properties":{"c":{"type":"string","description":"C"}},"type":"object","description":"N"}},"properties":{"o":{"anyOf":[{"properties":{"p":{"type":"boolean","description":"P"}},"type":"object","description":"O"},{"type":"string"}]},"l":{"anyOf":[{"items":{"anyOf":[{"type":"integer","description":"I"},{"type":"string"}]},"type":"array","description":"L"},{"type":"string"}]}},"type":"object"}`,
			strict:    `{"$defs":{"n":{"properties":{"c":{"type":"string","description":"C"}},"additionalProperties":false,"type":"object","required":["c"],"description":"N"}},"properties":{"o":{"properties":{"p":{"type":"boolean","description":"P"}},"additionalProperties":false,"type":"object","required":["p"],"description":"O"},"l":{"items":{"type":"integer","description":"I"},"type":"array","description":"L"}},"additionalProperties":false,"type":"object","required":["o","l"]}`,
			stripped:  `{"$defs":{"n":{"properties":{"c":{"type":"string"}},"additionalProperties":false,"type":"object","required":["c"]}},"properties":{"o":{"properties":{"p":{"type":"boolean"}},"additionalProperties":false,"type":"object","required":["p"]},"l":{"items":{"type":"integer"},"type":"array"}},"additionalProperties":false,"type":"object","required":["o","l"]}`,
			roundTrip: true,
		},
		{
			name:     "a strict field without the portable field's description",
			portable: `{"properties":{"a":{"type":"string","description":"A"}},"type":"object"}`,
			strict:   `{"properties":{"a":{"type":"string"}},"additionalProperties":false,"type":"object","required":["a"]}`,
			stripped: `{"properties":{"a":{"type":"string"}},"additionalProperties":false,"type":"object","required":["a"]}`,
		},
		{
			name:      "a property only one of them has",
			portable:  `{"properties":{"a":{"type":"string","description":"A"}},"type":"object"}`,
			strict:    `{"properties":{"b":{"type":"string","description":"A"}},"additionalProperties":false,"type":"object","required":["b"]}`,
			stripped:  `{"properties":{"b":{"type":"string","description":"A"}},"additionalProperties":false,"type":"object","required":["b"]}`,
			roundTrip: true,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, err := schemaprofile.ParseRoot([]byte(tc.portable))
			if err != nil {
				t.Fatal(err)
			}
			stripped, err := root.StripShared([]byte(tc.strict))
			if err != nil {
				t.Fatal(err)
			}
			if string(stripped) != tc.stripped {
				t.Errorf("stripped\n%s\nwant\n%s", stripped, tc.stripped)
			}
			filled, err := root.FillShared(stripped)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(filled) == tc.strict; got != tc.roundTrip {
				t.Errorf("filled in\n%s\nthe strict schema: %v, want %v", filled, got, tc.roundTrip)
			}
		})
	}
	root, _ := schemaprofile.ParseRoot([]byte(`{"type":"object"}`))
	for _, bad := range []string{`{`, `[]`} {
		if _, err := root.FillShared([]byte(bad)); err == nil {
			t.Errorf("FillShared(%s): no error", bad)
		}
	}
}
