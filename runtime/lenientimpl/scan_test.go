package lenientimpl

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// TestJSONTestSuite checks Valid against nst/JSONTestSuite: y_ files are
// accepted, n_ files rejected, i_ files must not panic.
func TestJSONTestSuite(t *testing.T) {
	files, _ := filepath.Glob("testdata/JSONTestSuite/test_parsing/*.json")
	if len(files) < 300 {
		t.Fatalf("JSONTestSuite not found: %d files", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		err = jsonwire.Valid(data)
		switch {
		case strings.HasPrefix(name, "y_") && err != nil:
			if _, dup := err.(*lenient.DuplicateKeyError); dup {
				continue // duplicate keys are valid JSON, but normgen rejects them on purpose
			}
			t.Errorf("%s: rejected valid JSON: %v", name, err)
		case strings.HasPrefix(name, "n_") && err == nil:
			t.Errorf("%s: accepted invalid JSON %q", name, data)
		}
	}
}

func TestValidDuplicateKeys(t *testing.T) {
	for _, tc := range []struct{ in, path, key string }{
		{`{"a":1,"a":2}`, "", "a"},
		{`{"a":1,"\u0061":2}`, "", "a"},
		{`{"x":{"y":[{"k":1},{"k":1,"k":2}]}}`, "x.y[1]", "k"},
		{`[[{"a b":{"c":1,"c":2}}]]`, `[0][0]["a b"]`, "c"},
	} {
		err := jsonwire.Valid([]byte(tc.in))
		d, ok := err.(*lenient.DuplicateKeyError)
		if !ok || d.Path != tc.path || d.Key != tc.key {
			t.Errorf("jsonwire.Valid(%s) = %v (%#v); want duplicate %q at %q", tc.in, err, err, tc.key, tc.path)
		}
	}
	// Past 16 keys a map takes over.
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < 40; i++ {
		b.WriteString(`"k` + string(rune('a'+i%26)) + string(rune('a'+i/26)) + `":1,`)
	}
	b.WriteString(`"kzz":1}`)
	if err := jsonwire.Valid([]byte(b.String())); err != nil {
		t.Errorf("40 distinct keys: %v", err)
	}
	if err := jsonwire.Valid([]byte(strings.Replace(b.String(), `"kzz"`, `"kab"`, 1))); err == nil {
		t.Error("duplicate among 41 keys not found")
	}
}

func TestValidAgreesWithEncodingJSON(t *testing.T) {
	for _, in := range []string{
		``, ` `, `{}`, `[]`, `""`, `0`, `-0`, `1.5e3`, `true`, `null`, `{"a":[1,2,{"b":null}]}`,
		`{"a":1,}`, `[1,]`, `01`, `1.`, `.1`, `"\x"`, "\"\x01\"", `"\u12"`, `{"a" 1}`, `[1 2]`, `{}x`, `nul`,
		`"\ud800"`, "\"\xff\"", ` {"a" : [ 1 , "x" ] } `, `[[[[[[]]]]]]`, `{"a":{"b":{}}}`,
	} {
		got := jsonwire.Valid([]byte(in)) == nil
		if want := json.Valid([]byte(in)); got != want {
			t.Errorf("jsonwire.Valid(%q) = %v, encoding/json says %v", in, got, want)
		}
	}
}

func TestValidDeepNesting(t *testing.T) {
	deep := strings.Repeat("[", 20000) + strings.Repeat("]", 20000)
	if err := jsonwire.Valid([]byte(deep)); err == nil {
		t.Error("20000 nested arrays accepted; want a nesting error")
	}
}

func TestIterators(t *testing.T) {
	var o ObjectIter
	o.Reset([]byte(` { "a" : 1 , "b\u0021" : [1, {"x": 2}], "c": "s" } `))
	var keys, vals []string
	for o.Next() {
		keys = append(keys, string(o.Key))
		vals = append(vals, string(o.Value))
	}
	if strings.Join(keys, ",") != "a,b!,c" || strings.Join(vals, "|") != `1|[1, {"x": 2}]|"s"` {
		t.Errorf("ObjectIter: keys %q values %q", keys, vals)
	}
	var a ArrayIter
	a.reset([]byte(`[ 1, "two" , [3] ,{"f":4}]`))
	if a.Len() != 4 {
		t.Errorf("Len = %d", a.Len())
	}
	var got []string
	for a.Next() {
		got = append(got, string(a.Value))
	}
	if strings.Join(got, "|") != `1|"two"|[3]|{"f":4}` {
		t.Errorf("ArrayIter: %q", got)
	}
	a.reset([]byte(`[]`))
	if a.Len() != 0 || a.Next() {
		t.Error("empty array has elements")
	}
}

func TestStringValue(t *testing.T) {
	for in, want := range map[string]string{
		`"plain"`:              "plain",
		`"a\nb\t\"q\"\\"`:      "a\nb\t\"q\"\\",
		`"\u00e9\ud83d\ude00"`: "é😀",
		`"\ud800x"`:            "\ufffdx",
		"\"\xffok\"":           "\ufffdok",
	} {
		if got := StringValue([]byte(in)); got != want {
			t.Errorf("StringValue(%s) = %q, want %q", in, got, want)
		}
		var std string
		if json.Unmarshal([]byte(in), &std) == nil && std != want {
			t.Errorf("encoding/json reads %s as %q, normgen as %q", in, std, want)
		}
	}
}

// hasDupKey reports, through encoding/json's tokenizer, whether an object
// of the valid document data has a key twice.
func hasDupKey(t *testing.T, data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type frame struct {
		keys  map[string]bool
		isObj bool
		key   bool // the next string token is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return false
		}
		if err != nil {
			t.Fatalf("%q: %v", data, err)
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if top != nil && top.isObj {
					top.key = true
				}
				stack = append(stack, &frame{keys: map[string]bool{}, isObj: d == '{', key: d == '{'})
			default:
				stack = stack[:len(stack)-1]
			}
			continue
		}
		if top != nil && top.isObj {
			if top.key {
				k := tok.(string)
				if top.keys[k] {
					return true
				}
				top.keys[k] = true
			}
			top.key = !top.key
		}
	}
}

// FuzzDuplicateKeys: Valid finds a key given twice in an object exactly
// when encoding/json's tokenizer sees one, with escaped and invalid UTF-8
// keys, and past the pairwise table (smallKeys) where a keySet takes over;
// so does Begin, which checks keys on its tape.
func FuzzDuplicateKeys(f *testing.F) {
	var many []string
	for i := range 40 {
		many = append(many, `"k`+strconv.Itoa(i)+`":0`)
	}
	for _, s := range []string{`{"a":1,"\u0061":2}`, `{"é":1,"\u00e9":{"x":[{"y":1,"y":2}]}}`, "{\"\xff\":1,\"\xfe\":2}",
		`{` + strings.Join(many, ",") + `,"k39":1}`, `{` + strings.Join(many[:31], ",") + `,"k30":1}`, `[{"a":1},{"a":1}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		err := jsonwire.Valid(data)
		_, dup := err.(*lenient.DuplicateKeyError)
		if err != nil && !dup {
			t.Fatalf("%q: %v", data, err)
		}
		want := hasDupKey(t, data)
		if dup != want {
			t.Fatalf("%q: Valid says duplicate %v, encoding/json's tokens say %v", data, dup, want)
		}
		// Begin checks keys on the tape it writes, not in Valid's table.
		var d Decoder
		if !d.Begin(data) {
			t.Fatalf("%q: Begin fails: %v", data, d.Err())
		}
		err = d.Err()
		if (err != nil) != want {
			t.Fatalf("%q: Begin says %v, encoding/json's tokens say duplicate %v", data, err, want)
		}
	})
}
