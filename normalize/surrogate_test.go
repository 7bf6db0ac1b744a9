package normalize

import (
	"encoding/json"
	"slices"
	"sort"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestLoneSurrogateKeys pins how the normalizer reads a key written with
// an unpaired UTF-16 surrogate escape ("\ud800"): as encoding/json, and
// so a Go server's decoder, reads it, as U+FFFD. Its rules read it so, and
// a call they change is written back with the key as U+FFFD: what the
// server reads either way. (An ECMAScript host reads the escape as a name
// of its own; docs/normalizer.md says so.) A call no rule changes comes
// back byte for byte.
func TestLoneSurrogateKeys(t *testing.T) {
	rules := []lenient.Rule{
		{ID: "a", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, CoerceTo: "int", Path: "x.a"},
		{ID: "fffd", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, CoerceTo: "int", Path: `x["` + "\ufffd" + `"]`},
	}
	n, err := New(rules)
	if err != nil {
		t.Fatal(err)
	}
	for call, want := range map[string]string{
		`{"x":{"\ud800":"5","a":"1"}}`:  `{"x":{"` + "\ufffd" + `":5,"a":1}}`,
		`{"x":{"\udc00x":"5","a":"1"}}`: `{"x":{"` + "\ufffd" + `x":"5","a":1}}`,
		`{"x":{"\udc00x":"5"}}`:         `{"x":{"\udc00x":"5"}}`,
		`{"s":"\ud800","x":{"a":"1"}}`:  `{"s":"\ud800","x":{"a":1}}`, // (a value keeps its text)
	} {
		out, _, err := n.NormalizeJSON("t", []byte(call))
		if err != nil || string(out) != want {
			t.Errorf("%s: got %s (%v), want %s", call, out, err, want)
		}
		// (what encoding/json reads of the call, the server's decoder
		// too, is what it reads of the output, but for the rules' fixes)
		var in, got any
		if json.Unmarshal([]byte(call), &in) != nil || json.Unmarshal(out, &got) != nil || !slices.Equal(keyPaths(in, ""), keyPaths(got, "")) {
			t.Errorf("%s: encoding/json reads the keys %q, and %q of %s", call, keyPaths(in, ""), keyPaths(got, ""), out)
		}
	}
}

// keyPaths returns the paths of the members of v (as encoding/json
// decodes into any), sorted.
func keyPaths(v any, at string) []string {
	var out []string
	if m, ok := v.(map[string]any); ok {
		for k, x := range m {
			out = append(out, at+"."+k)
			out = append(out, keyPaths(x, at+"."+k)...)
		}
	}
	sort.Strings(out)
	return out
}
