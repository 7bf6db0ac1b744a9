package jsonnode

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
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
	if a.Kind != b.Kind || a.Off != b.Off || len(a.Keys) != len(b.Keys) || len(a.Vals) != len(b.Vals) {
		return false
	}
	switch a.Kind {
	case '"':
		s, _ := a.AsString()
		t, _ := b.AsString()
		return s == t
	case '0', 't', 'n':
		return a.Text() == b.Text()
	}
	for i := range a.Keys {
		if a.Keys[i] != b.Keys[i] {
			return false
		}
	}
	for i := range a.Vals {
		if !sameTree(t, a.Vals[i], b.Vals[i]) {
			return false
		}
	}
	return true
}

// TestScalar: Scalar's Kind follows the text's first byte, and an edited
// tree marshals its new scalars verbatim.
func TestScalar(t *testing.T) {
	for raw, kind := range map[string]byte{`"x"`: '"', `1.0`: '0', `-2`: '0', `true`: 't', `false`: 't', `null`: 'n'} {
		if n := Scalar(raw); n.Kind != kind || string(n.Marshal()) != raw {
			t.Errorf("Scalar(%s): Kind %q, Marshal %s", raw, n.Kind, n.Marshal())
		}
	}
	root := ParseValid([]byte(`{"n":"5","k":[1]}`))
	root.Vals[root.Index("n")] = Scalar(`5`)
	root.Keys[root.Index("k")] = "keys"
	if got, want := string(root.Marshal()), `{"n":5,"keys":[1]}`; got != want {
		t.Errorf("edited tree marshals %s, want %s", got, want)
	}
}

// TestText: a scalar's Text is its JSON text and AsString a string's
// value, whether the Node holds the value (Parse, String) or the JSON
// text as sent (ParseValid, Scalar).
func TestText(t *testing.T) {
	doc := []byte(`{"s":"a\"b","u":"\u0041\u00e9","e":"","x":"\ud800","n":1.50e1,"t":true,"f":false,"z":null,"o":{},"a":[]}`)
	parsed, err := Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key, valid, parsed, value string // Text of ParseValid's and Parse's, AsString
	}{
		{"s", `"a\"b"`, `"a\"b"`, `a"b`},
		{"u", `"\u0041\u00e9"`, `"Aé"`, "Aé"},
		{"e", `""`, `""`, ""},
		{"x", `"\ud800"`, "\"\ufffd\"", "\ufffd"}, // a lone surrogate
		{"n", `1.50e1`, `1.50e1`, ""},
		{"t", `true`, `true`, ""},
		{"f", `false`, `false`, ""},
		{"z", `null`, `null`, ""},
		{"o", ``, ``, ""},
		{"a", ``, ``, ""},
	} {
		for _, n := range []struct {
			from, want string
			node       *Node
		}{{"ParseValid", c.valid, ParseValid(doc).Get(c.key)}, {"Parse", c.parsed, parsed.Get(c.key)}} {
			if got := n.node.Text(); got != n.want {
				t.Errorf("%s: %s's Text() = %s, want %s", n.from, c.key, got, n.want)
			}
			if got, ok := n.node.AsString(); got != c.value || ok != (n.node.Kind == '"') {
				t.Errorf("%s: %s's AsString() = %q, %v, want %q", n.from, c.key, got, ok, c.value)
			}
		}
	}
	if got, ok := Scalar("\"\xff\"").AsString(); got != "\ufffd" || !ok {
		t.Errorf("AsString of invalid UTF-8 = %q, %v, want U+FFFD", got, ok)
	}
	if got := String("<\n>").Text(); got != `"<\n>"` {
		t.Errorf(`String("<\n>").Text() = %s, want "<\n>"`, got)
	}
	var none *Node
	if got, ok := none.AsString(); got != "" || ok || none.Text() != "" || none.Items() != nil {
		t.Errorf("a nil Node reads as %q, %v, %q, %v", got, ok, none.Text(), none.Items())
	}
}

// TestMarshalQuotes: keys and strings are quoted as Go 1.26's
// encoding/json quotes them without HTML escaping, the characters where
// jsonwire's quoter differs (\b, \f, U+2028, U+2029) included, and
// invalid UTF-8 as U+FFFD escaped, under any Go version.
func TestMarshalQuotes(t *testing.T) {
	for s, want := range map[string]string{
		"plain":              `"plain"`,
		"<&>":                `"<&>"`,
		"tab\there\n":        `"tab\there\n"`,
		"\b\f":               `"\b\f"`,
		"a\u2028b\u2029c\bd": `"a\u2028b\u2029c\bd"`,
		"\u2028":             `"\u2028"`,
		"\xe2\x80\u2028":     `"\ufffd\ufffd\u2028"`,
		"\x01\x7f":           `"\u0001` + "\x7f" + `"`,
		"bad\xffutf8\f":      `"bad\ufffdutf8\f"`,
		`"\`:                 `"\"\\"`,
		"":                   `""`,
	} {
		n := &Node{Kind: '{', Keys: []string{s}, Vals: []*Node{String(s)}}
		if got := string(n.Marshal()); got != "{"+want+":"+want+"}" {
			t.Errorf("%q: Marshal %s, want %s as key and value", s, got, want)
		}
		if !utf8.ValidString(s) {
			continue // Go 1.27's encoding/json writes U+FFFD itself
		}
		var std bytes.Buffer
		enc := json.NewEncoder(&std)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSuffix(std.String(), "\n"); got != want {
			t.Errorf("%q: encoding/json writes %s, want %s", s, got, want)
		}
	}
}
