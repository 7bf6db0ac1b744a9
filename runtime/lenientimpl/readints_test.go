package lenientimpl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// intsDoc is the document {"x": v}, the JSON text arrays of integers
// are read from in these tests.
func intsDoc(v []byte) []byte {
	return append(append([]byte(`{"x":`), v...), '}')
}

// bulkRead is a function that reads a whole array (ReadInts,
// ReadStrings), with what it stands for: elem, the Read function the
// generated loop calls on each element, and dec, the Decoder's reading of
// an element, both in mode m.
type bulkRead[E any] struct {
	name string
	read func(f *Fast, s *[]E, m Mode) bool
	elem func(f *Fast, e *E, m Mode) bool
	dec  func(d *Decoder, v []byte, m Mode) E
}

// intsRead is ReadInts of bits.
func intsRead(bits int) bulkRead[int64] {
	return bulkRead[int64]{
		name: fmt.Sprintf("ReadInts (%d bits)", bits),
		read: func(f *Fast, s *[]int64, m Mode) bool { return ReadInts(f, s, bits, m) },
		elem: func(f *Fast, e *int64, m Mode) bool { return ReadInt(f, e, bits, m) },
		dec:  func(d *Decoder, v []byte, m Mode) int64 { return d.Int(v, "", bits, m) },
	}
}

// fastBulk reads the member x of intsDoc(v) as a generated fast path
// reads a slice field in mode m: with r.read when bulk is set, else with
// the loop it stands for (Array, Elem and r.elem, Closed, the slice
// copied to one of its length). ok says whether the fast path finished
// the document.
func fastBulk[E any](r bulkRead[E], v []byte, m Mode, report, bulk bool) (s []E, fixes []lenient.Fix, end int, ok bool) {
	doc := intsDoc(v)
	var f Fast
	if !f.Start(doc, report) || !f.Object(Strict) {
		return nil, nil, 0, false
	}
	if k, ok := f.Key(0); !ok || string(k) != "x" {
		return nil, nil, 0, false
	}
	if bulk {
		if !r.read(&f, &s, m) {
			return nil, nil, f.i, false
		}
	} else {
		if !f.Array(m) {
			return nil, nil, f.i, false
		}
		var b []E
		for n := 0; f.Elem(n); n++ {
			var e E
			if !r.elem(&f, &e, m&^Wrap) {
				return nil, nil, f.i, false
			}
			b = append(b, e)
		}
		if !f.Closed() {
			return nil, nil, f.i, false
		}
		s = append(make([]E, 0, len(b)), b...)
	}
	end = f.i
	if _, more := f.Key(1); more || !f.Closed() || !f.End() {
		return nil, nil, end, false
	}
	return s, f.Fixes(), end, true
}

// decoderBulk reads the member x of intsDoc(v) with a Decoder, as
// generated code reads a slice field in mode m.
func decoderBulk[E any](r bulkRead[E], v []byte, m Mode, report bool) ([]E, []lenient.Fix, error) {
	doc := intsDoc(v)
	var d Decoder
	if report {
		d.record = true
	}
	var s []E
	if d.Begin(doc) {
		var it ObjectIter
		if d.Object(doc, "", Strict, &it) {
			for d.Next(&it) {
				var a ArrayIter
				if d.Array(it.Value, "x", m, &a) {
					d.Enter("x")
					s = make([]E, 0, a.Len())
					for a.Next() {
						d.EnterIndex(a.Index())
						s = append(s, r.dec(&d, a.Value, m&^Wrap))
						d.Leave()
					}
					d.Leave()
				}
			}
		}
	}
	return s, d.Fixes(), d.Err()
}

// checkBulk: r.read finishes the document exactly when the loop it stands
// for does, where that loop stops, with the same slice (its length its
// capacity) and fixes; and what it finishes, the Decoder reads to the
// same value and fixes, with no problem.
func checkBulk[E any](t *testing.T, r bulkRead[E], v []byte, m Mode, report bool) {
	t.Helper()
	got, gotFixes, gotEnd, ok := fastBulk(r, v, m, report, true)
	want, wantFixes, wantEnd, wantOK := fastBulk(r, v, m, report, false)
	if ok != wantOK || ok && gotEnd != wantEnd {
		t.Fatalf("%s, %s, mode %d, report %v: it finishes %v at %d, the loop %v at %d", v, r.name, m, report, ok, gotEnd, wantOK, wantEnd)
	}
	if !ok {
		return
	}
	if !reflect.DeepEqual(got, want) || cap(got) != len(got) {
		t.Fatalf("%s, %s, mode %d: it reads %v (capacity %d), the loop %v", v, r.name, m, got, cap(got), want)
	}
	if !reflect.DeepEqual(gotFixes, wantFixes) {
		t.Fatalf("%s, %s, mode %d: it fixes %s, the loop %s", v, r.name, m, showFixes(gotFixes), showFixes(wantFixes))
	}
	dec, decFixes, err := decoderBulk(r, v, m, report)
	if err != nil {
		t.Fatalf("%s, %s, mode %d: it reads %v, the Decoder fails: %v", v, r.name, m, got, err)
	}
	if !reflect.DeepEqual(got, dec) {
		t.Fatalf("%s, %s, mode %d: it reads %v, the Decoder %v", v, r.name, m, got, dec)
	}
	if report && !reflect.DeepEqual(gotFixes, decFixes) {
		t.Fatalf("%s, %s, mode %d: it fixes %s, the Decoder %s", v, r.name, m, showFixes(gotFixes), showFixes(decFixes))
	}
}

// readIntsSeeds are arrays of integers in every form the Decoder reads
// or refuses: digit strings, JSON text (plain, escaped, nested, with
// white space as escapes), big values and overflow at each width, -0,
// fractions and exponents, leading zeros, white space around elements
// and commas, null, a lone value (Wrap), malformed arrays, and arrays
// long enough for the word reads.
var readIntsSeeds = []string{
	`[]`, `[ ]`, "[\n]", `[1]`, `[1,2,3]`, `[-1,0,-0,7]`, `[ 1 , 2 ,3 ]`, "[1,\n2,\t3\r\n]", `[1 ,2]`, `[1, 2]`,
	`["5"]`, `[1,"2",3]`, `["-7","010"]`, `[" 5"]`, `["5 "]`, `[""]`, `["1e2"]`, `["x"]`,
	`[5.0]`, `[1e3]`, `[1E+2,2]`, `[1.5]`, `[-0.0]`, `[0.1e1]`, `[01]`, `[-01]`, `[-]`, `[1.]`, `[1e]`,
	`[127,-128]`, `[128]`, `[-129]`, `[32767,-32768]`, `[32768]`, `[2147483647,-2147483648]`, `[2147483648]`,
	`[9223372036854775807]`, `[-9223372036854775808]`, `[9223372036854775808]`, `[-9223372036854775809]`,
	`[18446744073709551616]`, `[123456789012345678901234567890]`, `[1234567890123456,123456789012345]`,
	`[null]`, `[1,null]`, `null`, `5`, `"5"`, `[true]`, `[[1]]`, `[{}]`, `{}`, `[1,]`, `[,1]`, `[1 2]`, `[1`, `[1,2`,
	`"[1,2]"`, `" [ 1 , 2 ] "`, `"[1,\"2\"]"`, `"[\"[1]\"]"`, `"[1,\n2]"`, `"[1,\\n2]"`, `"[1,\\t 2\\r\\n]"`, `"[1] x"`,
	`"[1,2"`, `"[]"`, `""`, `"[\"\\u0031\"]"`, `"[1e2]"`, `"[9223372036854775808]"`,
	`[` + strings.Repeat("12345678901,", 40) + `-9]`,
	`[` + strings.Repeat("1,", 30) + `"2",` + strings.Repeat("3,", 30) + `4]`,
	`[` + strings.Repeat("-123456789012345, ", 20) + `0]`,
	`"[` + strings.Repeat("12345,", 20) + `6]"`,
	`"[` + strings.Repeat("12345,\\n", 20) + `6]"`,
}

var readIntsModes = []Mode{0, Strict, Wrap, Strict | Wrap}

// TestReadInts: on every seed, at every width and mode, recording fixes
// or not, ReadInts gives what the loop it stands for gives, and the
// Decoder what ReadInts finishes.
func TestReadInts(t *testing.T) {
	for _, s := range readIntsSeeds {
		for _, bits := range []int{8, 16, 32, 64} {
			for _, m := range readIntsModes {
				checkBulk(t, intsRead(bits), []byte(s), m, false)
				checkBulk(t, intsRead(bits), []byte(s), m, true)
			}
		}
	}
}

// TestReadIntsTakes: ReadInts reads clean arrays and digit strings (when
// not recording), and the slice it makes holds no more room than its
// elements.
func TestReadIntsTakes(t *testing.T) {
	for _, c := range []struct {
		v    string
		want []int64
	}{
		{`[]`, []int64{}},
		{`[1,-2,3]`, []int64{1, -2, 3}},
		{`[ 1 , 2 ]`, []int64{1, 2}},
		{`[1,"2"]`, []int64{1, 2}},
		{`"[1,2]"`, []int64{1, 2}},
		{`[` + strings.Repeat("9007199254740993,", 99) + `1]`, append(repeat(9007199254740993, 99), 1)},
	} {
		got, _, _, ok := fastBulk(intsRead(64), []byte(c.v), 0, false, true)
		if !ok || !reflect.DeepEqual(got, c.want) || cap(got) != len(got) {
			t.Errorf("%s: ReadInts = %v (capacity %d), %v; want %v", c.v, got, cap(got), ok, c.want)
		}
	}
	// A named slice of a named integer type.
	type id int16
	type ids []id
	var f Fast
	var x ids
	if !f.begin([]byte(`[1,-2]`)) || !ReadInts(&f, &x, 16, Strict) || !reflect.DeepEqual(x, ids{1, -2}) {
		t.Errorf("ReadInts into ids = %v", x)
	}
}

func repeat(v int64, n int) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// FuzzReadInts is TestReadInts on fuzzed values.
func FuzzReadInts(f *testing.F) {
	for _, s := range readIntsSeeds {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, v []byte, sel uint8) {
		bits := []int{8, 16, 32, 64}[int(sel)%4]
		m := readIntsModes[int(sel/4)%len(readIntsModes)]
		checkBulk(t, intsRead(bits), v, m, sel&0x80 != 0)
	})
}

// refElemCount is elemCount a byte at a time.
func refElemCount(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	if i >= len(data) || data[i] == ']' {
		return 0
	}
	n := 1
	for ; i < len(data); i++ {
		switch c := data[i]; {
		case c == ',':
			n++
		case c == '"' || c >= '[':
			return n
		}
	}
	return n
}

// checkElemCount compares elemCount with refElemCount at every offset of
// b, and, when b is a JSON array, checks that the count of its elements
// is never more than it has, and exact when none is a string, array or
// object (nor true, false, null, or a number with an exponent, whose
// letters stop the count).
func checkElemCount(t *testing.T, b []byte) {
	t.Helper()
	for i := 0; i <= len(b); i++ {
		if got, want := elemCount(b, i), refElemCount(b, i); got != want {
			t.Fatalf("elemCount(%q, %d) = %d, want %d", b, i, got, want)
		}
	}
	var a []json.RawMessage
	if len(b) == 0 || b[0] != '[' || json.Unmarshal(b, &a) != nil {
		return
	}
	n := elemCount(b, 1)
	nested := false
	for _, e := range a {
		if bytes.IndexFunc(e, func(r rune) bool { return r == '"' || r >= '[' }) >= 0 {
			nested = true
		}
	}
	if n > len(a) || !nested && n != len(a) {
		t.Fatalf("elemCount(%s) = %d, the array has %d elements", b, n, len(a))
	}
}

func TestElemCount(t *testing.T) {
	for _, s := range readIntsSeeds {
		checkElemCount(t, []byte(s))
	}
	for _, s := range []string{`[1,"a,b",2]`, `[[1,2],3]`, `[{"a":1,"b":2},3]`, `[1 , 2 , 3 , 4 , 5 , 6 , 7 , 8 , 9]`,
		`[true,false,null,1]`, "[1,\n2,\n3,\n4,\n5,\n6,\n7,\n8]", `[` + strings.Repeat("1,", 100) + `"x,y"]`} {
		checkElemCount(t, []byte(s))
	}
	for c := 0; c < 256; c++ {
		x := strings.Repeat(string(rune(c)), 8)
		if c >= 0x80 {
			x = string([]byte{byte(c), byte(c), byte(c), byte(c), byte(c), byte(c), byte(c), byte(c)})
		}
		checkElemCount(t, []byte("[1,"+x+",2,"+strconv.Itoa(c)+"]"))
	}
}

// FuzzElemCount is TestElemCount on fuzzed bytes.
func FuzzElemCount(f *testing.F) {
	for _, s := range readIntsSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkElemCount(t, b) })
}
