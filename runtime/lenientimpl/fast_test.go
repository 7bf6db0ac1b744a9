package lenientimpl

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// fastScalar reads the JSON value v with a Fast the way a generated fast
// path reads a field of kind k, and reports what the Decoder's method gives
// for the same value: the fast path must give the same or give up.
func fastScalar(t *testing.T, k string, v []byte, m Mode, record bool) {
	t.Helper()
	var f Fast
	if record {
		f.record = true
	}
	if !f.begin(v) {
		return
	}
	var d Decoder
	if record {
		d.record = true
	}
	if !d.Begin(v) {
		// Malformed: the fast path must not finish it.
		if _, ok := fastRead(&f, k, m); ok && f.End() {
			t.Fatalf("%s %q: the fast path reads what Begin rejects (%v)", k, v, d.Err())
		}
		return
	}
	got, ok := fastRead(&f, k, m)
	want := decoderRead(&d, trimSpace(v), "x", k, m)
	if !ok || !f.End() {
		return
	}
	if d.Err() != nil {
		t.Fatalf("%s %q mode %d: the fast path reads %v, the Decoder fails: %v", k, v, m, got, d.Err())
	}
	if len(d.Fixes()) > 0 {
		t.Fatalf("%s %q mode %d: the fast path reads it while the Decoder records %+v", k, v, m, d.Fixes())
	}
	if got != want {
		t.Fatalf("%s %q mode %d: fast path %v, Decoder %v", k, v, m, got, want)
	}
}

// fastRead reads a scalar of kind k (fastKinds) with f, as a generated
// fast path reads a field of that kind in mode m (a float as its bits).
func fastRead(f *Fast, k string, m Mode) (any, bool) {
	switch k {
	case "string":
		return f.readString(m)
	case "int":
		return f.readInt(16, m)
	case "uint":
		return f.readUint(64, m)
	case "float":
		x, ok := f.readFloat(32, m)
		return math.Float64bits(x), ok
	case "bool":
		return f.readBool(m)
	}
	panic("no kind " + k)
}

// decoderRead is fastRead with a Decoder, of the value v of the member
// name.
func decoderRead(d *Decoder, v []byte, name, k string, m Mode) any {
	switch k {
	case "string":
		return d.String(v, name, m)
	case "int":
		return d.Int(v, name, 16, m)
	case "uint":
		return d.Uint(v, name, 64, m)
	case "float":
		return math.Float64bits(d.Float(v, name, 32, m))
	case "bool":
		return d.Bool(v, name, m)
	}
	panic("no kind " + k)
}

var fastKinds = []string{"string", "int", "uint", "float", "bool"}

var fastSeeds = []string{
	`"a"`, `""`, `"h\u00e9llo"`, `"tab\\there"`, `"a\nb"`, "\"na\xefve\"", "\"\xff\xfe\"", `"\ud800"`,
	`"l1\\nl2"`, `" 5"`, `"5"`, `"-0"`, `"1e2"`, `"yes"`, `"true"`, `"TRUE"`, `"0"`,
	`0`, `-0`, `5`, `-3`, `300`, `32767`, `32768`, `-32768`, `-32769`, `5.0`, `1e2`, `01`, `-`, `1.`,
	`123456789012345678`, `1234567890123456789`, `18446744073709551615`, `18446744073709551616`,
	`1.5`, `0.1`, `3.4e38`, `3.5e38`, `1e-50`, `true`, `false`, `tru`, `null`, ` 7 `, `7x`, `[1]`,
	`"` + strings.Repeat("x", 70) + `"`, `"` + strings.Repeat("\\n", 40) + `"`,
}

// TestFastScalars: on each seed value, for each scalar kind, mode and
// recording, the fast path reads what the Decoder reads, or gives up.
func TestFastScalars(t *testing.T) {
	for _, s := range fastSeeds {
		for _, k := range fastKinds {
			for _, m := range []Mode{0, Strict, StrictBool, Unescape} {
				fastScalar(t, k, []byte(s), m, false)
				fastScalar(t, k, []byte(s), m, true)
			}
		}
	}
}

// FuzzFastScalars is TestFastScalars on fuzzed values.
func FuzzFastScalars(f *testing.F) {
	for _, s := range fastSeeds {
		f.Add([]byte(s), uint8(0), false)
	}
	f.Fuzz(func(t *testing.T, v []byte, sel uint8, record bool) {
		k := fastKinds[int(sel)%len(fastKinds)]
		m := []Mode{0, Strict, StrictBool, Unescape}[int(sel/8)%4]
		fastScalar(t, k, v, m, record)
	})
}

// fastMember reads the document {key: v} with a Fast in Report mode the
// way a generated fast path reads a top-level field of kind k in mode m,
// and with a recording Decoder as generated code reads it: when the fast
// path finishes the document, value and fixes must be the Decoder's, and
// the Decoder must find no problem. Kind "ints" is a []int16 and
// "strings" a []string, either of which may be sent as JSON text.
func fastMember(t *testing.T, k, key string, v []byte, m Mode) (fixes int) {
	t.Helper()
	doc := []byte(strconv.Quote(key) + ":" + string(v))
	doc = append(append([]byte{'{'}, doc...), '}')
	var f Fast
	if !f.Start(doc, true) || !f.Object(Strict) {
		return 0
	}
	if got, ok := f.Key(0); !ok || string(got) != key {
		return 0
	}
	var got any
	ok := false
	switch k {
	default:
		got, ok = fastRead(&f, k, m)
	case "ints", "strings":
		if !f.Array(m) {
			return 0
		}
		var xs []string
		for n := 0; f.Elem(n); n++ {
			var e any
			if k == "ints" {
				e, ok = f.readInt(16, 0)
			} else {
				e, ok = f.readString(0)
			}
			if !ok {
				return 0
			}
			xs = append(xs, fmt.Sprint(e))
		}
		got, ok = strings.Join(xs, ","), f.Closed()
	}
	if !ok {
		return 0
	}
	if _, more := f.Key(1); more || !f.Closed() || !f.End() {
		return 0
	}

	var d Decoder
	d.record = true
	if !d.Begin(doc) {
		t.Fatalf("%s %s: the fast path reads what Begin rejects: %v", k, doc, d.Err())
	}
	var it ObjectIter
	var want any
	if d.Object(doc, "", Strict, &it) {
		for d.Next(&it) {
			switch k {
			default:
				want = decoderRead(&d, it.Value, key, k, m)
			case "ints", "strings":
				var a ArrayIter
				if d.Array(it.Value, key, m, &a) {
					d.Enter(key)
					var xs []string
					for a.Next() {
						d.EnterIndex(a.Index())
						if k == "ints" {
							xs = append(xs, fmt.Sprint(d.Int(a.Value, "", 16, 0)))
						} else {
							xs = append(xs, d.String(a.Value, "", 0))
						}
						d.Leave()
					}
					d.Leave()
					want = strings.Join(xs, ",")
				}
			}
		}
	}
	if err := d.Err(); err != nil {
		t.Fatalf("%s %s mode %d: the fast path reads %v, the Decoder fails: %v", k, doc, m, got, err)
	}
	if got != want {
		t.Fatalf("%s %s mode %d: fast path %v, Decoder %v", k, doc, m, got, want)
	}
	if !reflect.DeepEqual(f.Fixes(), d.Fixes()) {
		t.Fatalf("%s %s mode %d: fast path fixes %s, Decoder's %s", k, doc, m, showFixes(f.Fixes()), showFixes(d.Fixes()))
	}
	return len(f.Fixes())
}

func showFixes(fixes []lenient.Fix) string {
	b, _ := json.Marshal(fixes)
	return string(b)
}

var memberKinds = append(fastKinds, "ints", "strings")

var memberSeeds = append(fastSeeds, `"[1,2]"`, `" [ 1 , \"2\" ]"`, `"[\"a\",\"b\\n\"]"`, `"[]"`, `[1,"2"]`,
	`["a","b"]`, `"[1,2"`, `"[\"a\"] x"`, `"{}"`, "\"[\\\"\xff\\\"]\"")

// TestFastReport: the fast path in Report mode reads a top-level member
// as a recording Decoder does, fixes included, or gives up.
func TestFastReport(t *testing.T) {
	fixed := map[string]int{}
	for _, s := range memberSeeds {
		for _, k := range memberKinds {
			for _, m := range []Mode{0, Strict, StrictBool, Unescape} {
				for _, key := range []string{"x", "a b"} {
					if fastMember(t, k, key, []byte(s), m) > 0 {
						fixed[k]++
					}
				}
			}
		}
	}
	// Every kind has seeds that are fixes the fast path reads.
	for _, k := range memberKinds {
		if k != "string" && fixed[k] == 0 {
			t.Errorf("%s: the fast path reported no fix on any seed", k)
		}
	}
	t.Logf("seeds read with fixes, by kind: %v", fixed)
	// It does take the fixes it reports.
	var f Fast
	doc := []byte(`{"n":"100","tags":"[\"a\"]"}`)
	if !f.Start(doc, true) || !f.Object(Strict) {
		t.Fatal("Begin or Object")
	}
	f.Key(0)
	if _, ok := f.readInt(IntBits, 0); !ok {
		t.Fatal(`Int("100") gives up in Report mode`)
	}
	f.Key(1)
	if !f.Array(0) || !f.Elem(0) {
		t.Fatal("JSON text gives up in Report mode")
	}
	if got := showFixes(f.Fixes()); got != `[{"param":"n","kind":"string_to_int","from":"100","to":100}]` {
		t.Errorf("fixes %s", got)
	}
}

// FuzzFastReport is TestFastReport on fuzzed values.
func FuzzFastReport(f *testing.F) {
	for _, s := range memberSeeds {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, v []byte, sel uint8) {
		k := memberKinds[int(sel)%len(memberKinds)]
		m := []Mode{0, Strict, StrictBool, Unescape}[int(sel/8)%4]
		fastMember(t, k, []string{"x", "a b"}[int(sel/32)%2], v, m)
	})
}

// TestFastTakes: the fast path reads clean values; it gives up on the
// forms that are fixes when fixes are recorded, and on documents past
// its size and depth.
func TestFastTakes(t *testing.T) {
	var f Fast
	if !f.begin([]byte(`"100"`)) {
		t.Fatal("Begin refuses a small document")
	}
	if n, ok := f.readInt(IntBits, 0); !ok || n != 100 {
		t.Errorf(`Int("100") = %d, %v; want 100, true`, n, ok)
	}
	f = Fast{}
	f.record = true
	f.begin([]byte(`"100"`))
	if _, ok := f.readInt(IntBits, 0); ok {
		t.Error(`Int("100") reads a string form while fixes are recorded`)
	}
	if f.begin(make([]byte, fastMaxInts+1)) {
		t.Error("Begin takes a document larger than fastMaxInts")
	}
	// Past fastMax, only ReadInts reads an array.
	big := []byte(`{"a":[1,2],"b":"[3]"}` + strings.Repeat(" ", fastMax))
	f = Fast{}
	if !f.begin(big) || !f.Object(0) {
		t.Fatal("the fast path does not take a document larger than fastMax")
	}
	if _, ok := f.Key(0); !ok || f.Array(0) {
		t.Error("the fast path reads an array in a document larger than fastMax")
	}
	f = Fast{}
	f.begin(big)
	f.Object(0)
	var a, b []int
	if _, ok := f.Key(0); !ok || !ReadInts(&f, &a, IntBits, 0) {
		t.Error("ReadInts does not read an array in a document larger than fastMax")
	}
	if _, ok := f.Key(1); !ok || !ReadInts(&f, &b, IntBits, 0) {
		t.Error("ReadInts does not read JSON text in a document larger than fastMax")
	}
	if _, ok := f.Key(2); ok || !f.Closed() || !f.End() || len(a) != 2 || len(b) != 1 {
		t.Errorf("ReadInts read %v and %v", a, b)
	}
	DisableFast(true)
	if f.begin([]byte(`1`)) {
		t.Error("Begin takes a document while the fast path is disabled")
	}
	DisableFast(false)

	deep := []byte(strings.Repeat("[", fastDepth+1) + strings.Repeat("]", fastDepth+1))
	f = Fast{}
	f.begin(deep)
	opened := 0
	for f.Array(0) {
		opened++
	}
	if opened != fastDepth {
		t.Errorf("opened %d arrays; want the fast path to stop at %d", opened, fastDepth)
	}
}

// fastStrings reads doc, an object of arrays of strings (each may be sent
// as JSON text), with a Fast as generated code reads a map[string][]string
// in mode m, and returns "key=s1;s2; key2=..." and whether it read it.
func fastStrings(doc []byte, m Mode) (string, bool) {
	var f Fast
	if !f.begin(doc) || !f.Object(Strict) {
		return "", false
	}
	var out []string
	seen := map[string]bool{}
	for i := 0; ; i++ {
		k, ok := f.Key(i)
		if !ok {
			break
		}
		if seen[string(k)] {
			return "", false // as generated code gives up on a key given twice
		}
		seen[string(k)] = true
		out = append(out, string(k)+"=")
		if !f.Array(m) {
			return "", false
		}
		for n := 0; f.Elem(n); n++ {
			s, ok := f.readString(m)
			if !ok {
				return "", false
			}
			out[len(out)-1] += s + ";"
		}
		if !f.Closed() {
			return "", false
		}
	}
	if !f.Closed() || !f.End() {
		return "", false
	}
	return strings.Join(out, " "), true
}

// decoderStrings is fastStrings with a Decoder; ok is false when it
// reports a problem or a fix.
func decoderStrings(doc []byte, m Mode) (string, bool) {
	var d Decoder
	d.record = true
	if !d.Begin(doc) {
		return "", false
	}
	var it ObjectIter
	if !d.Object(doc, "", Strict, &it) {
		return "", false
	}
	var out []string
	for d.Next(&it) {
		out = append(out, string(it.Key)+"=")
		var a ArrayIter
		if d.Array(it.Value, string(it.Key), m, &a) {
			for a.Next() {
				out[len(out)-1] += d.String(a.Value, "", m) + ";"
			}
		}
	}
	// Keys given twice are problems; fixes (JSON text) are what
	// UnmarshalJSON does not see: the fast path reads those when not
	// recording.
	if d.Err() != nil {
		return "", false
	}
	return strings.Join(out, " "), true
}

// TestFastText: a container sent as JSON text in a string is read from
// its text, in place when the string holds escapes, and reading goes on
// after the string; text followed by anything but white space is not
// read.
func TestFastText(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want string
		ok   bool
	}{
		{`{"a":["x","y"],"b":[]}`, "a=x;y; b=", true},
		{`{"a":"[\"x\",\"y\"]","b":"[]"}`, "a=x;y; b=", true},
		{`{"a":" [ \"x\\n\" ] ","b":["z"]}`, "a=x\n; b=z;", true},
		{`{"a":"[\n\t\"x\",\r\n \"\u00e9\\u00e9\"\n]"}`, "a=x;éé;", true},
		{`{"a":"[\"x\"] x"}`, "", false},
		{`{"a":"[\"x\""}`, "", false},
		{`{"a":"x"}`, "", false},
		{`{"a":[]`, "", false}, // truncated after a closed array (found by FuzzFastText)
		{`{"a":"[]"`, "", false},
		{"{\"a\":\"[\n\\\"x\\\"]\"}", "", false}, // a raw newline in the string
	} {
		got, ok := fastStrings([]byte(c.doc), 0)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("%s: read %q, %v; want %q, %v", c.doc, got, ok, c.want, c.ok)
		}
		if ok {
			if want, dok := decoderStrings([]byte(c.doc), 0); !dok || want != got {
				t.Errorf("%s: the Decoder reads %q, %v", c.doc, want, dok)
			}
		}
	}
}

// FuzzFastText: what the fast path reads from an object of arrays of
// strings, sent natively or as JSON text (escaped or not), the Decoder
// reads the same, without a problem.
func FuzzFastText(f *testing.F) {
	for _, s := range []string{
		`{"a":["x","y"],"b":[]}`, `{"a":"[\"x\",\"y\"]","b":"[]"}`, `{"a":" [ \"x\\n\" ] "}`,
		`{"a":"[\n\t\"x\",\r\n \"\u00e9\\u00e9\"\n]"}`, `{"a":"[\"\\\"q\\\\\"]"}`,
		`{"a":"[\"\\ud83d\\ude00\", \"\ud83d\ude00\"]"}`, "{\"a\":[\"na\xefve\"]}",
	} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, doc []byte, strict bool) {
		m := Mode(0)
		if strict {
			m = Strict
		}
		got, ok := fastStrings(doc, m)
		if !ok {
			return
		}
		want, dok := decoderStrings(doc, m)
		if !dok {
			t.Fatalf("%q: the fast path reads %q, the Decoder fails", doc, got)
		}
		if got != want {
			t.Fatalf("%q: fast path %q, Decoder %q", doc, got, want)
		}
	})
}

// TestFastUnknownIn: the fast path skips an unknown key, but gives up on
// one that differs from a known key only in letter case, for the Decoder
// to refuse (Decoder.unknown).
func TestFastUnknownIn(t *testing.T) {
	for _, tc := range []struct {
		key   string
		known []string
		skip  bool
	}{
		{"other", []string{"query"}, true},
		{"QUERY", []string{"query"}, false},
		{"Query", []string{"limit", "query"}, false},
		{"K", []string{"\u212a"}, false}, // the Kelvin sign folds to k
		{"query", nil, true},
	} {
		var f Fast
		doc := []byte(`{"` + tc.key + `":"x"}`)
		if !f.begin(doc) || !f.Object(Strict) {
			t.Fatal("begin")
		}
		k, _ := f.Key(0)
		var fields Fields
		for _, name := range tc.known {
			fields.Keys = append(fields.Keys, []string{name})
		}
		if got := f.UnknownIn(k, &fields); got != tc.skip {
			t.Errorf("%s %q: UnknownIn = %v, want %v", tc.key, tc.known, got, tc.skip)
		}
		var d Decoder
		d.Begin(doc)
		d.Unknown([]byte(tc.key), 0, tc.known)
		if err := d.Err(); (err == nil) != tc.skip {
			t.Errorf("%s %q: Decoder.unknown: %v", tc.key, tc.known, err)
		}
	}
}

// TestFastStart: Start(data, report) is Begin, and reports fixes when
// report is set.
func TestFastStart(t *testing.T) {
	doc := []byte(`{"n":"1"}`)
	for _, report := range []bool{false, true} {
		var f, g Fast
		if f.Start(doc, report) != g.begin(doc) || f.record != report || f.report != report {
			t.Errorf("Start(doc, %v) is not Begin with record and report %v", report, report)
		}
		f.Object(Strict)
		f.Key(0)
		if _, ok := f.readInt(IntBits, 0); !ok {
			t.Fatalf("report %v: Int gives up", report)
		}
		want := "null"
		if report {
			want = `[{"param":"n","kind":"string_to_int","from":"1","to":1}]`
		}
		if got := showFixes(f.Fixes()); got != want {
			t.Errorf("report %v: fixes %s, want %s", report, got, want)
		}
	}
}
