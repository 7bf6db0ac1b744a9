package derive

import (
	"strings"
	"testing"
)

// TestDeriveRefPointer: the deriver follows a $ref as normgen check does
// (jsonnode.Resolve, JSON Pointer in a URI fragment): a percent-encoded
// or escaped token, an array index; an index with a leading zero or a
// sign names nothing (RFC 6901, AJV), and the field is left strict with a
// warning.
func TestDeriveRefPointer(t *testing.T) {
	for _, tc := range []struct{ ref, defs, want string }{
		{"#/$defs/a%20b", `{"a b":{"type":"integer"}}`, "n"},
		{"#/$defs/a~1b", `{"a/b":{"type":"integer"}}`, "n"},
		{"#/$defs/u/anyOf/1", `{"u":{"anyOf":[{"type":"string"},{"type":"integer"}]}}`, "n"},
		{"#/$defs/u/anyOf/01", `{"u":{"anyOf":[{"type":"string"},{"type":"integer"}]}}`, ""},
		{"#/$defs/u/anyOf/+1", `{"u":{"anyOf":[{"type":"string"},{"type":"integer"}]}}`, ""},
	} {
		strict := `{"type":"object","$defs":` + tc.defs + `,"properties":{"n":{"$ref":"` + tc.ref + `"}}}`
		rules, warnings, err := Rules("t", []byte(strict))
		if err != nil {
			t.Fatal(err)
		}
		var coerced []string
		for _, r := range rules {
			if r.Type == "type_coerce" {
				coerced = append(coerced, r.From+r.Path)
			}
		}
		if got := strings.Join(coerced, ","); got != tc.want {
			t.Errorf("%s: type_coerce rules for %q, want %q (warnings %v)", tc.ref, got, tc.want, warnings)
		}
		if tc.want == "" && (len(warnings) != 1 || !strings.Contains(warnings[0].Message, "does not point into this schema")) {
			t.Errorf("%s: warnings %v, want one that the $ref names nothing", tc.ref, warnings)
		}
	}
}
