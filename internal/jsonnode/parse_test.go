package jsonnode

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// decodeNumbers decodes data as encoding/json does into an any, numbers
// as json.Number: an error unless json.Valid takes data.
func decodeNumbers(data []byte) (any, error) {
	if !json.Valid(data) {
		return nil, errors.New("not valid JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// checkParse: ParseLastKeyWins takes exactly the documents encoding/json
// takes, reads them as it does (a key given twice is its last value),
// and Marshal writes them back to the same values; Parse takes them
// unless a key is given twice.
func checkParse(t *testing.T, data []byte) {
	t.Helper()
	want, werr := decodeNumbers(data)
	n, err := ParseLastKeyWins(data)
	if (err == nil) != (werr == nil) {
		t.Fatalf("%q: ParseLastKeyWins error %v, encoding/json's %v", data, err, werr)
	}
	if err != nil {
		if _, ok := err.(*PositionError); !ok {
			t.Fatalf("%q: error %T %v, want a *PositionError", data, err, err)
		}
		return
	}
	got, err := decodeNumbers(n.Marshal())
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: marshalled back to %s (%v), encoding/json reads %#v", data, n.Marshal(), err, want)
	}
	if strict, err := Parse(data); err == nil && !bytes.Equal(strict.Marshal(), n.Marshal()) {
		t.Fatalf("%q: Parse gives %s, ParseLastKeyWins %s", data, strict.Marshal(), n.Marshal())
	}
}

var parseSeeds = []string{
	`{"a":1,"b":[true,false,null,"x\u00e9\n"],"c":{"d":-1.5e3}}`,
	`{"a":1,"a":2,"b":{"c":1,"c":{"x":1}}}`,
	`[1,2,`, `{"a":}`, `[] []`, `"\ud800"`, "\"\xff\"", `{"a" 1}`, ` 12 `, `01`, `{"<&>":"<&>"}`,
}

func TestParseAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range parseSeeds {
		checkParse(t, []byte(s))
	}
}

// TestParseErrors: errors are positioned at the offending byte, in
// encoding/json's words, a duplicate key at the key.
func TestParseErrors(t *testing.T) {
	for in, want := range map[string]string{
		"{\"tools\": [\n  {\"name\": \"a\",}]}": `2:16: invalid character '}' looking for beginning of object key string`,
		`[] []`:                                 `1:4: unexpected content after the JSON value`,
		`[1,2,`:                                 `1:6: unexpected end of JSON input`,
		"{\"a\":1,\n \"a\":2}":                  `2:2: duplicate key "a"`,
		`{"a":1,"a":2,`:                         `1:8: duplicate key "a"`, // before the syntax error
	} {
		_, err := Parse([]byte(in))
		if err == nil || err.Error() != want {
			t.Errorf("%q:\n got %v\nwant %s", in, err, want)
		}
	}
}

// FuzzParse checks checkParse on arbitrary bytes.
func FuzzParse(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkParse(t, data) })
}
