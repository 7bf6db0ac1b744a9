package jsonnode

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestParseValidRoundTrip: a Node read by ParseValid marshals back to its
// input, compacted, byte for byte: numbers as written (1.50, 1e2), a
// string's escapes as sent (\u00e9, \/), key order kept (keys are read,
// then quoted again); and it reads as Parse reads it.
func TestParseValidRoundTrip(t *testing.T) {
	for _, in := range []string{
		`{"b":1.50,"a":[1e2,-0,"\u00e9\/",true,false,null,{}],"c":{"\"k\"":[]}}`,
		` [ {"x" : "<&>"} , 3 ] `,
		`"just a string"`,
		`12345678901234567890`,
		`{"\u00e9":{"b":[[[]]]}}`,
	} {
		got := ParseValid([]byte(in)).Marshal()
		var want bytes.Buffer
		if err := json.Compact(&want, []byte(in)); err != nil {
			t.Fatal(err)
		}
		if in == `{"\u00e9":{"b":[[[]]]}}` {
			want.Reset()
			want.WriteString(`{"é":{"b":[[[]]]}}`)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("ParseValid(%s).Marshal() = %s, want %s", in, got, want.Bytes())
		}
		parsed, err := Parse([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if !sameTree(t, ParseValid([]byte(in)), parsed) {
			t.Errorf("ParseValid(%s) and Parse read different trees", in)
		}
	}
}

// sameTree reports whether a (from ParseValid) and b (from Parse) hold the
// same kinds, keys, offsets and values.
func sameTree(t *testing.T, a, b *Node) bool {
	t.Helper()
	if a.Kind != b.Kind || a.Off != b.Off || len(a.Keys) != len(b.Keys) || len(a.Items) != len(b.Items) {
		return false
	}
	switch a.Kind {
	case '"':
		s, _ := a.AsString()
		return s == b.Str
	case '0', 't':
		return string(a.Raw) == b.Str
	}
	for i := range a.Keys {
		if a.Keys[i] != b.Keys[i] || !sameTree(t, a.Vals[i], b.Vals[i]) {
			return false
		}
	}
	for i := range a.Items {
		if !sameTree(t, a.Items[i], b.Items[i]) {
			return false
		}
	}
	return true
}

// TestScalar: Scalar's Kind follows the text's first byte, and an edited
// tree marshals its new scalars verbatim.
func TestScalar(t *testing.T) {
	for raw, kind := range map[string]byte{`"x"`: '"', `1.0`: '0', `-2`: '0', `true`: 't', `false`: 't', `null`: 'n'} {
		if n := Scalar([]byte(raw)); n.Kind != kind || string(n.Marshal()) != raw {
			t.Errorf("Scalar(%s): Kind %q, Marshal %s", raw, n.Kind, n.Marshal())
		}
	}
	root := ParseValid([]byte(`{"n":"5","k":[1]}`))
	root.Vals[root.Index("n")] = Scalar([]byte(`5`))
	root.Keys[root.Index("k")] = "keys"
	if got, want := string(root.Marshal()), `{"n":5,"keys":[1]}`; got != want {
		t.Errorf("edited tree marshals %s, want %s", got, want)
	}
}

// TestMarshalQuotesAsEncodingJSON: keys and strings are quoted as
// encoding/json quotes them without HTML escaping, the characters where
// jsonwire's quoter differs (\b, \f, U+2028, U+2029) included.
func TestMarshalQuotesAsEncodingJSON(t *testing.T) {
	for _, s := range []string{"plain", "<&>", "tab\there", "\b\f", "line\u2028sep\u2029", "\x01\x7f", "bad\xffutf8", `"\`} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(map[string]string{s: s}); err != nil {
			t.Fatal(err)
		}
		n := &Node{Kind: '{', Keys: []string{s}, Vals: []*Node{{Kind: '"', Str: s}}}
		if got := string(n.Marshal()); got != strings.TrimSuffix(want.String(), "\n") {
			t.Errorf("%q: Marshal %s, encoding/json %s", s, got, want.String())
		}
	}
}
