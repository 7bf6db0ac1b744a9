package schemabuild

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/schemacheck"
	. "github.com/normgen/normgen/schema"
)

// TestEnumCaseTaken: the letter-case branch of a string enum holds the
// values the field's minLength, maxLength and pattern take alone: the
// decoder reads a value in another letter case as the enum's and then
// checks those keywords on it, so a value they refuse is refused in
// every letter case, and the schema says so (found by review: the branch
// took "false" and "FALSE" under maxLength 4, which the decoder refuses).
func TestEnumCaseTaken(t *testing.T) {
	four, one := uint64(4), uint64(1)
	for _, tc := range []struct {
		k             Keywords
		taken, refuse []string
	}{
		{Keywords{Enum: []string{"true", "false", "auto"}, MaxLength: &four}, []string{"true", "TRUE", "Auto"}, []string{"false", "FALSE", "False"}},
		{Keywords{Enum: []string{"ab", "cd"}, Pattern: "^a"}, []string{"ab", "AB", "aB"}, []string{"cd", "CD"}},
		{Keywords{Enum: []string{"ab"}, MaxLength: &one}, nil, []string{"ab", "AB"}},
	} {
		s, err := FieldSchema(&Field{Name: "v", Type: &Type{Kind: String}, Keywords: tc.k})
		if err != nil {
			t.Fatal(err)
		}
		text, _ := json.Marshal(s)
		v := schemacheck.MustCompile(t, text)
		for _, x := range append(append([]string(nil), tc.taken...), tc.refuse...) {
			want := !strings.Contains(strings.Join(tc.refuse, "\x00")+"\x00", x+"\x00")
			if got := v.Validate(x) == nil; got != want {
				t.Errorf("%v: %q valid=%v, want %v; schema %s", tc.k.Enum, x, got, want, text)
			}
		}
	}
}
