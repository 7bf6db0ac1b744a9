package normalize

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestCoerceMinusZero: -0, which the generated decoders read as 0 for any
// integer field (JSON Schema's integer with minimum 0 takes it too) and
// encoding/json refuses for an unsigned one, is rewritten as 0 by every
// integer target; the string "-0" is an int's string form only, which an
// unsigned field's decoder and schema (digits, no sign) refuse, so a uint
// rule leaves it as it is.
func TestCoerceMinusZero(t *testing.T) {
	for _, tc := range []struct{ to, in, want string }{
		{"int", `{"n":-0}`, `{"n":0}`},
		{"uint", `{"n":-0}`, `{"n":0}`},
		{"int_literal", `{"n":-0}`, `{"n":0}`},
		{"int", `{"n":"-0"}`, `{"n":0}`},
		{"uint", `{"n":"-0"}`, `{"n":"-0"}`},
		{"uint", `{"n":"-3"}`, `{"n":"-3"}`},
		{"uint", `{"n":"7"}`, `{"n":7}`},
		{"uint", `{"n":-0.0}`, `{"n":0}`},
		{"int", `{"n":0}`, `{"n":0}`},
		{"int_literal", `{"n":"-0"}`, `{"n":"-0"}`},
	} {
		rules, err := LoadRules(strings.NewReader(fmt.Sprintf(`[{"id":"c","tools":["t"],"type":"type_coerce","from":"n","coerce_to":%q}]`, tc.to)), nil)
		if err != nil {
			t.Fatal(err)
		}
		n, err := New(rules)
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := n.NormalizeJSON("t", []byte(tc.in))
		if err != nil || string(out) != tc.want {
			t.Errorf("%s %s: %s %v, want %s", tc.to, tc.in, out, err, tc.want)
		}
		// Normalize, on the arguments decoded with json.Number.
		var m map[string]any
		dec := json.NewDecoder(bytes.NewReader([]byte(tc.in)))
		dec.UseNumber()
		if err := dec.Decode(&m); err != nil {
			t.Fatal(err)
		}
		got, _ := n.Normalize("t", m)
		if b, _ := json.Marshal(got); string(b) != tc.want {
			t.Errorf("%s %s, decoded: %s, want %s", tc.to, tc.in, b, tc.want)
		}
	}
}
