package lenientimpl

import (
	"strconv"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonwire"
)

// walkTaped lists what generated code sees of the value v: members,
// elements, lengths and string values, through a Decoder's typed methods
// (which read the tapes Begin and JSON text made). Strings holding JSON
// array or object text are walked too.
func walkTaped(d *Decoder, v []byte, out *[]string) { walkTapedMode(d, v, 0, out, nil) }

// walkTapedMode is walkTaped reading strings with mode m; when keep is
// set, it keeps each string String returned with a copy of it, for a
// check that the string stays put.
func walkTapedMode(d *Decoder, v []byte, m Mode, out *[]string, keep *[][2]string) {
	open := v[0]
	switch open {
	case '{', '[':
	case '"':
		s := d.String(v, "", m)
		*out = append(*out, "s:"+s)
		if keep != nil {
			*keep = append(*keep, [2]string{s, strings.Clone(s)})
		}
		t := text(v)
		i := jsonwire.SkipSpace(t, 0)
		if i == len(t) || t[i] != '[' && t[i] != '{' || jsonwire.Valid(t) != nil {
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
			walkTapedMode(d, it.Value, m, out, keep)
		}
		*out = append(*out, "}")
		return
	}
	var a ArrayIter
	if d.Array(v, "", 0, &a) {
		*out = append(*out, "["+strconv.Itoa(a.Len()))
		for a.Next() {
			walkTapedMode(d, a.Value, m, out, keep)
		}
		*out = append(*out, "]")
	}
}

// walkScanned is walkTaped by scanning the bytes, without tapes; textOf
// gives a string's text (StringValue's, or the byte-at-a-time
// refUnquote's when escapedScan itself is under test).
func walkScanned(v []byte, out *[]string, textOf func(q []byte) []byte) {
	switch v[0] {
	case '{', '[':
	case '"':
		t := textOf(v)
		*out = append(*out, "s:"+string(t))
		i := jsonwire.SkipSpace(t, 0)
		if i == len(t) || t[i] != '[' && t[i] != '{' || jsonwire.Valid(t) != nil {
			return
		}
		v = t[i:]
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
			walkScanned(it.Value, out, textOf)
		}
		*out = append(*out, "}")
		return
	}
	var a ArrayIter
	a.reset(v)
	*out = append(*out, "["+strconv.Itoa(a.Len()))
	for a.Next() {
		walkScanned(a.Value, out, textOf)
	}
	*out = append(*out, "]")
}

// stringValueText is StringValue's text of the JSON string q.
func stringValueText(q []byte) []byte { return []byte(StringValue(q)) }

// checkWalks compares the two walks of a document (walkScanned's with
// textOf) when it is valid and has no key given twice, and reports
// whether it did.
func checkWalks(t *testing.T, doc []byte, textOf func(q []byte) []byte) bool {
	t.Helper()
	var d Decoder
	if !d.Begin(doc) || d.failed() {
		_ = d.Err() // the tapes go back to the pool
		return false
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
	walkScanned(root, &scanned, textOf)
	if strings.Join(taped, "\x00") != strings.Join(scanned, "\x00") {
		t.Fatalf("%q:\ntaped   %q\nscanned %q", doc, taped, scanned)
	}
	return true
}

// checkTape compares the two walks of a document, the scanning one with
// StringValue.
func checkTape(t *testing.T, doc []byte) {
	t.Helper()
	checkWalks(t, doc, stringValueText)
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

// TestTextTapeLookupsBounded: reading a value tries a bounded number of
// tapes however many JSON texts the document holds (every text's tape
// tried on each read made decoding quadratic in the number of texts), and
// the values are still right.
func TestTextTapeLookupsBounded(t *testing.T) {
	pair := `"{\"kind\":\"relates\",\"in\":\"[1,2]\"}",{"kind":"relates","in":[3]}`
	doc := []byte("[" + strings.Repeat(pair+",", 999) + pair + "]")
	var d Decoder
	var a ArrayIter
	beginArray(t, &d, doc, &a)
	reads, n := 0, 0
	for a.Next() {
		var it ObjectIter
		reads++
		if !d.Object(a.Value, "", 0, &it) {
			t.Fatal(d.Err())
		}
		for d.Next(&it) {
			reads++
			if string(it.Key) == "kind" {
				n += len(d.String(it.Value, "", 0))
				continue
			}
			var in ArrayIter
			if !d.Array(it.Value, "", 0, &in) {
				t.Fatal(d.Err())
			}
			for in.Next() {
				n++
			}
		}
	}
	tapes, tried := d.tapes.n, d.tapes.tried
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 2000*len("relates")+3000 {
		t.Errorf("read %d", n)
	}
	if tapes < 2000 || tried > reads*(maxLookup+1) {
		t.Errorf("%d tapes, %d tried for %d reads: want at most %d a read", tapes, tried, reads, maxLookup+1)
	}
}

// TestBlockBound: the blocks short strings share stay within blockSize
// whatever the strings hold: invalid UTF-8 (whose text is up to three
// times its JSON form), escapes, non-ASCII.
func TestBlockBound(t *testing.T) {
	var b strings.Builder
	b.WriteByte('[')
	for i := range 3000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + strings.Repeat([]string{"\xff", "a", `\n`, "é", `\u00e9`, "\xe2\x82"}[i%6], 1+i%32) + `"`)
	}
	b.WriteByte(']')
	doc := []byte(b.String())
	var d Decoder
	var a ArrayIter
	beginArray(t, &d, doc, &a)
	var got []string
	for a.Next() {
		got = append(got, d.String(a.Value, "", 0))
		if c := cap(d.block); c > blockSize {
			t.Fatalf("element %d: a block of %d bytes", a.Index(), c)
		}
	}
	_ = d.Err()
	// The strings are what StringValue gives, after every later string
	// was written to the blocks.
	var ref ArrayIter
	ref.reset(doc)
	for i := 0; ref.Next(); i++ {
		if want := StringValue(ref.Value); got[i] != want {
			t.Fatalf("element %d: %q, want %q", i, got[i], want)
		}
	}
}

// TestTextLargeDocument: in a document larger than a pooled tape's text,
// an escaped string gets room for itself, not for the rest of the
// document, and is unquoted right.
func TestTextLargeDocument(t *testing.T) {
	pad := strings.Repeat("x", jsonwire.MaxPooledText+100)
	doc := []byte(`["a\nb","` + pad + `","c\"d"]`)
	var d Decoder
	if !d.Begin(doc) {
		t.Fatal(d.Err())
	}
	// Room for the rest of the document would be past what a pooled tape
	// keeps (a pooled tape may bring up to that much).
	if _, c := d.tapes.at(0).Unquoted(); c > jsonwire.MaxPooledText {
		t.Errorf("text buffer of %d bytes for two short strings", c)
	}
	var a ArrayIter
	if !d.Array(doc, "", 0, &a) {
		t.Fatal("not an array")
	}
	var got []string
	for a.Next() {
		got = append(got, d.String(a.Value, "", 0))
	}
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0] != "a\nb" || got[1] != pad || got[2] != `c"d` {
		t.Fatalf("got %d strings: %.20q", len(got), got)
	}
}

// TestEscapedValuesUnquotedInBegin: every string value holding an escape
// (member, element, root) is unquoted by Begin's pass, wherever the
// validator reads it; keys are not.
func TestEscapedValuesUnquotedInBegin(t *testing.T) {
	for doc, want := range map[string]int{
		`{"a":"x\ny","b":["p\tq",1,{"c\n":"r\"s"}],"d":"plain"}`: 3,
		`"\u00e9"`:                 1,
		`["a\/b","\\",[[["\r"]]]]`: 3,
		`{"k\"":1}`:                0,
	} {
		var d Decoder
		if !d.Begin([]byte(doc)) {
			t.Fatal(d.Err())
		}
		if got, _ := d.tapes.at(0).Unquoted(); got != want {
			t.Errorf("%s: %d texts, want %d", doc, got, want)
		}
		d.Err()
	}
}

// TestOwnedTextBlockRoom: the strings of JSON text that share the
// Decoder's text take no block room, so a string of it that was unquoted
// gets a block sized for the unquoted ones alone, not for all of them.
func TestOwnedTextBlockRoom(t *testing.T) {
	var elems []string
	for i := range 100 {
		elems = append(elems, `"plain-string-number-`+strconv.Itoa(i)+`"`)
	}
	elems = append(elems, `"a\nb"`)
	doc := []byte(reviewQuote("[" + strings.Join(elems, ",") + "]"))
	var d Decoder
	var a ArrayIter
	beginArray(t, &d, doc, &a)
	var last string
	for a.Next() {
		last = d.String(a.Value, "", 0)
	}
	if last != "a\nb" {
		t.Fatalf("last element %q", last)
	}
	if c := cap(d.block); c > 16 {
		t.Errorf("the one unquoted string took a block of %d bytes", c)
	}
	_ = d.Err()
}

// beginArray begins d on doc, an array, and starts a on its elements.
func beginArray(t *testing.T, d *Decoder, doc []byte, a *ArrayIter) {
	t.Helper()
	if !d.Begin(doc) {
		t.Fatal(d.Err())
	}
	if !d.Array(doc, "", 0, a) {
		t.Fatalf("not an array: %v", d.Err())
	}
}
