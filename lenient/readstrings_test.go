package lenient

import (
	"reflect"
	"strings"
	"testing"
)

// fastStringsMember reads the member x of intsDoc(v) as a generated fast path
// reads a []string field in mode m: with ReadStrings when bulk is set,
// else with the loop ReadStrings stands for (Array, Elem and ReadString,
// Closed, the slice copied to one of its length). ok says whether the
// fast path finished the document.
func fastStringsMember(v []byte, m Mode, report, bulk bool) (s []string, fixes []Fix, end int, ok bool) {
	doc := intsDoc(v)
	var f Fast
	if report {
		f.Report()
	}
	if !f.Begin(doc) || !f.Object(Strict) {
		return nil, nil, 0, false
	}
	if k, ok := f.Key(0); !ok || string(k) != "x" {
		return nil, nil, 0, false
	}
	if bulk {
		if !ReadStrings(&f, &s, m) {
			return nil, nil, f.i, false
		}
	} else {
		if !f.Array(m) {
			return nil, nil, f.i, false
		}
		var buf [8]string
		b := buf[:0]
		for n := 0; f.Elem(n); n++ {
			var e string
			if !ReadString(&f, &e, m&^Wrap) {
				return nil, nil, f.i, false
			}
			b = append(b, e)
		}
		if !f.Closed() {
			return nil, nil, f.i, false
		}
		s = append(make([]string, 0, len(b)), b...)
	}
	end = f.i
	if _, more := f.Key(1); more || !f.Closed() || !f.End() {
		return nil, nil, end, false
	}
	return s, f.Fixes(), end, true
}

// decoderStringsMember reads the member x of intsDoc(v) with a Decoder, as
// generated code reads a []string field in mode m.
func decoderStringsMember(v []byte, m Mode, report bool) ([]string, []Fix, error) {
	doc := intsDoc(v)
	var d Decoder
	if report {
		d.Record()
	}
	var s []string
	if d.Begin(doc) {
		var it ObjectIter
		if d.Object(doc, "", Strict, &it) {
			for d.Next(&it) {
				var a ArrayIter
				if d.Array(it.Value, "x", m, &a) {
					d.Enter("x")
					s = make([]string, 0, a.Len())
					for a.Next() {
						d.EnterIndex(a.Index())
						s = append(s, d.String(a.Value, "", m&^Wrap))
						d.Leave()
					}
					d.Leave()
				}
			}
		}
	}
	return s, d.Fixes(), d.Err()
}

// checkReadStrings: ReadStrings finishes the document exactly when the
// loop it stands for does, where that loop stops, with the same slice
// (its length its capacity) and fixes; and what it finishes, the Decoder
// reads to the same value and fixes, with no problem.
func checkReadStrings(t *testing.T, v []byte, m Mode, report bool) {
	t.Helper()
	got, gotFixes, gotEnd, ok := fastStringsMember(v, m, report, true)
	want, wantFixes, wantEnd, wantOK := fastStringsMember(v, m, report, false)
	if ok != wantOK || ok && gotEnd != wantEnd {
		t.Fatalf("%s, mode %d, report %v: ReadStrings finishes %v at %d, the loop %v at %d", v, m, report, ok, gotEnd, wantOK, wantEnd)
	}
	if !ok {
		return
	}
	if !reflect.DeepEqual(got, want) || cap(got) != len(got) {
		t.Fatalf("%s, mode %d: ReadStrings reads %q (capacity %d), the loop %q", v, m, got, cap(got), want)
	}
	if !reflect.DeepEqual(gotFixes, wantFixes) {
		t.Fatalf("%s, mode %d: ReadStrings fixes %s, the loop's %s", v, m, showFixes(gotFixes), showFixes(wantFixes))
	}
	dec, decFixes, err := decoderStringsMember(v, m, report)
	if err != nil {
		t.Fatalf("%s, mode %d: ReadStrings reads %q, the Decoder fails: %v", v, m, got, err)
	}
	if !reflect.DeepEqual(got, dec) {
		t.Fatalf("%s, mode %d: ReadStrings reads %q, the Decoder %q", v, m, got, dec)
	}
	if report && !reflect.DeepEqual(gotFixes, decFixes) {
		t.Fatalf("%s, mode %d: ReadStrings fixes %s, the Decoder's %s", v, m, showFixes(gotFixes), showFixes(decFixes))
	}
}

// readStringsSeeds are arrays of strings in the forms the Decoder reads
// or refuses: escapes, bytes outside ASCII and invalid UTF-8, literal \n
// (Unescape), JSON text (plain, escaped, nested), white space, null, a
// lone value (Wrap), values of other types, malformed arrays, and arrays
// longer than the eight elements gathered on the stack.
var readStringsSeeds = []string{
	`[]`, `[ ]`, `["a"]`, `["a","b","c"]`, `[ "a" , "b" ]`, "[\"a\",\n\"b\"\t]", `[""]`, `["h\u00e9llo","\u00e9"]`,
	`["tab\there"]`, `["l1\\nl2"]`, `["\ud800"]`, "[\"na\xefve\"]", "[\"\xff\"]", `["a\"b"]`, "[\"a\nb\"]",
	`[null]`, `["a",null]`, `null`, `"a"`, `5`, `[5]`, `[true]`, `[["a"]]`, `[{}]`, `{}`, `["a",]`, `[,"a"]`, `["a" "b"]`, `["a"`, `["a`,
	`"[\"a\",\"b\"]"`, `" [ \"a\" ] "`, `"[\"a\\\\nb\"]"`, `"[\"\\u00e9\"]"`, `"[\"[\\\"a\\\"]\"]"`, `"[\"a\",\n\"b\"]"`,
	`"[\"a\",\\n\"b\"]"`, `"[\"a\"] x"`, `"[\"a\""`, `"[]"`, `""`, `"[5]"`,
	`[` + strings.Repeat(`"abcdefgh",`, 40) + `"z"]`,
	`[` + strings.Repeat(`"a\nb",`, 12) + `"c"]`,
	`"[` + strings.Repeat(`\"ab\",`, 20) + `\"c\"]"`,
}

var readStringsModes = []Mode{0, Strict, Wrap, Unescape, Strict | Wrap, Secret}

// TestReadStrings: on every seed, in every mode, recording fixes or not,
// ReadStrings gives what the loop it stands for gives, and the Decoder
// what ReadStrings finishes.
func TestReadStrings(t *testing.T) {
	read, fixed := 0, 0
	for _, s := range readStringsSeeds {
		for _, m := range readStringsModes {
			checkReadStrings(t, []byte(s), m, false)
			checkReadStrings(t, []byte(s), m, true)
			if _, fixes, _, ok := fastStringsMember([]byte(s), m, true, true); ok {
				read++
				if len(fixes) > 0 {
					fixed++
				}
			}
		}
	}
	// The seeds are not all given up on, nor all read without a fix.
	if read < len(readStringsSeeds) || fixed == 0 {
		t.Errorf("ReadStrings read %d seeds in Report mode, %d with fixes", read, fixed)
	}
}

// TestReadStringsTakes: ReadStrings reads clean arrays and JSON text, and
// the slice it makes holds no more room than its elements.
func TestReadStringsTakes(t *testing.T) {
	long := make([]string, 20)
	for i := range long {
		long[i] = "abcdefgh"
	}
	for _, c := range []struct {
		v    string
		want []string
	}{
		{`[]`, []string{}},
		{`["a","b\n","\u00e9"]`, []string{"a", "b\n", "é"}},
		{`"[\"a\"]"`, []string{"a"}},
		{`[` + strings.Repeat(`"abcdefgh",`, 19) + `"abcdefgh"]`, long},
	} {
		got, _, _, ok := fastStringsMember([]byte(c.v), 0, false, true)
		if !ok || !reflect.DeepEqual(got, c.want) || cap(got) != len(got) {
			t.Errorf("%s: ReadStrings = %q (capacity %d), %v; want %q", c.v, got, cap(got), ok, c.want)
		}
	}
}

// FuzzReadStrings is TestReadStrings on fuzzed values.
func FuzzReadStrings(f *testing.F) {
	for _, s := range readStringsSeeds {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, v []byte, sel uint8) {
		m := readStringsModes[int(sel)%len(readStringsModes)]
		checkReadStrings(t, v, m, sel&0x80 != 0)
	})
}
