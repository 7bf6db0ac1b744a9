package lenient

import (
	"strconv"
	"strings"
	"testing"
)

// walkTaped lists what generated code sees of the value v: members,
// elements, lengths and string values, through a Decoder's typed methods
// (which read the tapes Begin and JSON text made). Strings holding JSON
// array or object text are walked too.
func walkTaped(d *Decoder, v []byte, out *[]string) {
	open := v[0]
	switch open {
	case '{', '[':
	case '"':
		*out = append(*out, "s:"+d.String(v, "", 0))
		t := text(v)
		i := skipSpace(t, 0)
		if i == len(t) || t[i] != '[' && t[i] != '{' || Valid(t) != nil {
			return
		}
		open = t[i]
	default:
		*out = append(*out, "v:"+string(v))
		return
	}
	var it ObjectIter
	if open == '{' && d.Object(v, "", 0, &it) {
		*out = append(*out, "{")
		for d.Next(&it) {
			*out = append(*out, "k:"+string(it.Key))
			walkTaped(d, it.Value, out)
		}
		*out = append(*out, "}")
		return
	}
	var a ArrayIter
	if d.Array(v, "", 0, &a) {
		*out = append(*out, "["+strconv.Itoa(a.Len()))
		for a.Next() {
			walkTaped(d, a.Value, out)
		}
		*out = append(*out, "]")
	}
}

// walkScanned is walkTaped by scanning the bytes, without tapes.
func walkScanned(v []byte, out *[]string) {
	switch v[0] {
	case '{', '[':
	case '"':
		*out = append(*out, "s:"+StringValue(v))
		t := text(v)
		if i := skipSpace(t, 0); i == len(t) || t[i] != '[' && t[i] != '{' || Valid(t) != nil {
			return
		}
		v = t[skipSpace(t, 0):]
	default:
		*out = append(*out, "v:"+string(v))
		return
	}
	if v[0] == '{' {
		var it ObjectIter
		it.Reset(v)
		*out = append(*out, "{")
		for it.Next() {
			*out = append(*out, "k:"+string(it.Key))
			walkScanned(it.Value, out)
		}
		*out = append(*out, "}")
		return
	}
	var a ArrayIter
	a.Reset(v)
	*out = append(*out, "["+strconv.Itoa(a.Len()))
	for a.Next() {
		walkScanned(a.Value, out)
	}
	*out = append(*out, "]")
}

// checkTape compares the two walks of a document.
func checkTape(t *testing.T, doc []byte) {
	var d Decoder
	if !d.Begin(doc) {
		return
	}
	if d.Failed() {
		return // duplicate keys: Object would still walk, scanning does too, but keep to valid documents
	}
	root := trimSpace(doc)
	var taped, scanned []string
	walkTaped(&d, root, &taped)
	if d.tapes.n == 0 && len(doc) < 1<<20 {
		t.Fatalf("%q: no tape", doc)
	}
	if err := d.Err(); err != nil {
		t.Fatalf("%q: %v", doc, err)
	}
	walkScanned(root, &scanned)
	if strings.Join(taped, "\x00") != strings.Join(scanned, "\x00") {
		t.Fatalf("%q:\ntaped   %q\nscanned %q", doc, taped, scanned)
	}
}

// TestTape: walking a document on its tape gives what scanning it gives,
// nested values, JSON text in strings, escaped keys and white space
// included.
func TestTape(t *testing.T) {
	for _, doc := range []string{
		`{}`, `[]`, `{"a":[]}`, ` [ 1 , [ ] , { } , "x" ] `,
		` { "a" : 1 , "\u0062" : [1, {"x": 2, "y": [true, false, null]}], "é": "s\n" } ` + "\n",
		`{"t":"[1,\"two\",{\"k\":[3]}]","o":"{\"a\":\"[]\"}","bad":"[1,"}`,
		`[[[[["deep"]]]], {"a": {"b": {"c": "d"}}}]`,
		`"[\"text root\"]"`, `5`, `"plain"`,
	} {
		checkTape(t, []byte(doc))
	}
}

// FuzzTape: the tape walk equals the scanning walk on any valid document.
func FuzzTape(f *testing.F) {
	for _, s := range []string{`{"a":[1,"b",{"c":null}]}`, `"[1,{\"x\":\"y\"}]"`, `[{"k":"\u00e9\\"}]`, `{"a":"{\"b\":[1,2]}"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		checkTape(t, doc)
	})
}

// TestTapeAllocs: tapes come from a pool, so walking a document, JSON text
// in a string included, allocates nothing (strings and the unquoted text
// of escaped JSON text aside).
func TestTapeAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops tapes on purpose under -race")
	}
	doc := []byte(`{"a":"[1,2,3]","b":{"c":[1,2],"e":{"f":true}},"d":[1,[2,3]]}`)
	allocs := testing.AllocsPerRun(100, func() {
		var d Decoder
		if !d.Begin(doc) {
			t.Fatal(d.Err())
		}
		if n := walkCount(&d, doc); n != 16 {
			t.Fatalf("walked %d values", n)
		}
		if err := d.Err(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocs per decode, want 0", allocs)
	}
}

// walkCount walks v as generated code does and counts its values.
func walkCount(d *Decoder, v []byte) int {
	n := 1
	var it ObjectIter
	var a ArrayIter
	switch {
	case v[0] == '{' && d.Object(v, "", 0, &it):
		for d.Next(&it) {
			n += walkCount(d, it.Value)
		}
	case (v[0] == '[' || v[0] == '"') && d.Array(v, "", 0, &a):
		for a.Next() {
			n += walkCount(d, a.Value)
		}
	}
	return n
}
