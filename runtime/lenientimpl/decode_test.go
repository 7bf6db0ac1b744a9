package lenientimpl

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// walkRoot collects the root members as generated code sees them.
func walkRoot(t *testing.T, doc string) []string {
	t.Helper()
	var d Decoder
	if !d.Begin([]byte(doc)) {
		t.Fatalf("%s: %v", doc, d.Err())
	}
	var it ObjectIter
	if !d.Object([]byte(doc), "", Strict, &it) {
		t.Fatalf("%s: %v", doc, d.Err())
	}
	var got []string
	for d.Next(&it) {
		got = append(got, string(it.Key)+"="+string(it.Value))
	}
	return got
}

// TestRootMembers: the root members read from Begin's tape are what
// scanning gives, with escaped keys, white space, and many members.
func TestRootMembers(t *testing.T) {
	var many []string
	for i := 0; i < 40; i++ {
		many = append(many, fmt.Sprintf(`"k%d":%d`, i, i))
	}
	for _, doc := range []string{
		` { "a" : 1 , "\u0062" : [1, {"x": 2}], "é": "s" } ` + "\n",
		`{}`,
		`{` + strings.Join(many, ",") + `}`,
	} {
		got := walkRoot(t, doc)
		var want []string
		var it ObjectIter
		it.Reset([]byte(strings.TrimSpace(doc)))
		for it.Next() {
			want = append(want, string(it.Key)+"="+string(it.Value))
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s:\ntaped   %q\nscanned  %q", doc, got, want)
		}
	}
}

func TestDecoderMessages(t *testing.T) {
	var d Decoder
	d.Int([]byte(`"abc"`), "limit", 64, 0)
	d.Int([]byte(`300`), "n", 8, 0)
	d.Uint([]byte(`-1`), "u", 8, 0)
	d.Float([]byte(`"1e400"`), "f", 64, 0)
	d.Float([]byte(`1e-400`), "tiny", 64, 0)
	d.Float([]byte(`"1e-50"`), "tiny32", 32, 0)
	d.Bool([]byte(`1`), "b", 0)
	d.String([]byte(`5`), "s", 0)
	d.Enter("steps")
	d.EnterIndex(3)
	d.String([]byte(`{"a":1}`), "id", 0)
	d.Leave()
	d.Leave()
	d.Enter("we ird")
	d.Int([]byte(`true`), "", 64, Strict)
	d.Leave()
	want := []string{
		`limit: "abc" is not an integer (send 100 or "100")`,
		`n: 300 is out of range (-128 to 127)`,
		`u: -1 is negative; this field takes 0 or more`,
		`f: "1e400" is out of range for a float64`,
		`tiny: 1e-400 is too close to 0 for a float64, which would read it as 0 (send 0, or a number further from 0)`,
		`tiny32: "1e-50" is too close to 0 for a float32, which would read it as 0 (send 0, or a number further from 0)`,
		`b: 1 is not a boolean: numbers are not read as booleans (send true or false, or "true" or "false")`,
		`s: 5 is not a string (send text in quotes, such as "5")`,
		`steps[3].id: {"a":1} is not a string (send text in quotes, such as "...")`,
		`["we ird"]: true is not an integer (send a number such as 100)`,
	}
	got := d.Err().(*lenient.Error).Problems
	for i, w := range want {
		if i >= len(got) {
			t.Errorf("problem %d: none, want %s", i, w)
		} else if got[i].String() != w {
			t.Errorf("problem %d: got %v, want %s", i, got[i], w)
		}
	}
	long := strings.Repeat("x", 100)
	var d2 Decoder
	d2.Int([]byte(`"`+long+`"`), "v", 64, 0)
	if p := d2.Err().(*lenient.Error).Problems[0]; len(p.Value) > 60 || !strings.HasSuffix(p.Value, "…") {
		t.Errorf("long value not shortened: %q", p.Value)
	}
}

func TestReportFixes(t *testing.T) {
	var d Decoder
	d.record = true
	d.Int([]byte(`"010"`), "limit", 64, 0)
	d.Int([]byte(`1e3`), "n", 64, 0)
	d.Bool([]byte(`"Yes"`), "b", 0)
	var a ArrayIter
	d.Array([]byte(`"[1, 2]"`), "ids", 0, &a)
	d.Array([]byte(`"solo"`), "tags", Wrap, &a)
	d.String([]byte(`"a\\nb"`), "text", Unescape)
	var got []string
	for _, f := range d.Fixes() {
		got = append(got, f.Param+" "+string(f.Kind)+" "+string(f.From)+" -> "+string(f.To))
	}
	want := []string{
		`limit string_to_int "010" -> 10`,
		`n number_to_int 1e3 -> 1000`,
		`b string_to_bool "Yes" -> true`,
		`ids json_text "[1, 2]" -> [1,2]`,
		`tags wrap "solo" -> ["solo"]`,
		`text unescape "a\\nb" -> "a\nb"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("fixes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFixesOwnTheirBytes: a fix's From and To are copies of their own
// (they share one allocation): appending to From writes neither To nor
// the input, and a long path is recorded whole.
func TestFixesOwnTheirBytes(t *testing.T) {
	in := []byte(`"010"`)
	var d Decoder
	d.record = true
	long := strings.Repeat("k", 100)
	d.Enter(long)
	d.Int(in, "limit", 64, 0)
	d.Leave()
	f := d.Fixes()[0]
	_ = append(f.From, "XX"...)
	if string(f.From) != `"010"` || string(f.To) != `10` || string(in) != `"010"` {
		t.Errorf("from %s to %s input %s", f.From, f.To, in)
	}
	if f.Param != long+".limit" {
		t.Errorf("path %q", f.Param)
	}
	in[1] = '9'
	if string(f.From) != `"010"` {
		t.Errorf("From aliases the input: %s", f.From)
	}
}

// TestWrapMessages (issue 12 item 7): a wrapped lone value's problem is
// reported at the field as sent (labels, not labels[0]), while its fix
// records keep the element the wrap made; "" is not wrapped into [""].
func TestWrapMessages(t *testing.T) {
	var d Decoder
	d.record = true
	var a ArrayIter
	if d.Array([]byte(`5`), "labels", Wrap, &a) {
		d.Enter("labels")
		for a.Next() {
			d.EnterIndex(a.Index())
			d.String(a.Value, "", 0)
			d.Leave()
		}
		d.Leave()
	}
	if d.Array([]byte(`"7"`), "ids", Wrap, &a) {
		d.Enter("ids")
		for a.Next() {
			d.EnterIndex(a.Index())
			d.Int(a.Value, "", 64, 0)
			d.Leave()
		}
		d.Leave()
	}
	if d.Array([]byte(`""`), "tags", Wrap, &a) {
		t.Error(`"" was wrapped`)
	}
	if d.Array([]byte(`""`), "hosts", Wrap|Filled, &a) {
		t.Error(`"" was wrapped`)
	}
	// A real array keeps element paths.
	if d.Array([]byte(`[1]`), "names", Wrap, &a) {
		d.Enter("names")
		for a.Next() {
			d.EnterIndex(a.Index())
			d.String(a.Value, "", 0)
			d.Leave()
		}
		d.Leave()
	}
	var got []string
	for _, p := range d.Err().(*lenient.Error).Problems {
		got = append(got, p.String())
	}
	want := []string{
		`labels: 5 is not a string (send text in quotes, such as "5"); labels takes an array of them, or one alone`,
		`tags: "" is an empty string, not a value or an array (send a value, a JSON array of values, or [] for none)`,
		`hosts: "" is an empty string, not a value or an array (send a value or a JSON array of values)`,
		`names[0]: 1 is not a string (send text in quotes, such as "1")`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var fixes []string
	for _, f := range d.Fixes() {
		fixes = append(fixes, f.Param+" "+string(f.Kind))
	}
	if want := "labels wrap|ids wrap|ids[0] string_to_int"; strings.Join(fixes, "|") != want {
		t.Errorf("fixes %q, want %s", fixes, want)
	}
}

// TestNumberToBoolMessage (issue 12 item 7): a number given for a bool is
// never read as one, and the message does not offer "1" and "0".
func TestNumberToBoolMessage(t *testing.T) {
	for _, m := range []Mode{0, StrictBool} {
		var d Decoder
		d.Bool([]byte(`0`), "b", m)
		msg := d.Err().Error()
		if strings.Contains(msg, `"1"`) || !strings.Contains(msg, "numbers are not read as booleans") {
			t.Errorf("mode %d: %s", m, msg)
		}
	}
	var d Decoder
	d.Bool([]byte(`"maybe"`), "b", 0)
	if msg := d.Err().Error(); !strings.Contains(msg, `"yes"`) {
		t.Errorf("a string keeps the table: %s", msg)
	}
}

// TestNegativeUnsigned (issue 12 item 7): -1 for an unsigned field says it
// must not be negative, not "out of range (0 to 18446744073709551615)".
func TestNegativeUnsigned(t *testing.T) {
	for _, v := range []string{`-1`, `"-1"`, `-1e3`, `"-99999999999999999999999"`} {
		var d Decoder
		d.Uint([]byte(v), "u", 64, 0)
		if msg := d.Err().Error(); msg != "u: "+v+" is negative; this field takes 0 or more" {
			t.Errorf("%s: %s", v, msg)
		}
	}
	var d Decoder
	d.Uint([]byte(`"-0"`), "u", 64, 0)
	if msg := d.Err().Error(); msg != `u: "-0" is not a non-negative integer (send 100 or "100")` {
		t.Errorf(`"-0": %s`, msg)
	}
}

// TestDuplicateKeyGoesOn (issue 12 item 3): a key given twice is one
// problem among the others and decoding goes on; more than jsonwire.MaxDups are
// counted, not listed.
func TestDuplicateKeyGoesOn(t *testing.T) {
	doc := []byte(`{"n":300,"n":1,"s":5,"steps":[{"id":"a"},{"id":"b","id":"c"}],"m":{"x y":1,"x y":2}}`)
	var d Decoder
	if !d.Begin(doc) {
		t.Fatalf("Begin stopped at a duplicate key: %v", d.Err())
	}
	var it ObjectIter
	d.Object(doc, "", 0, &it)
	var seenN, seenS bool
	for d.Next(&it) {
		switch string(it.Key) {
		case "n":
			if d.Claim(&seenN, &it, []string{"n"}) {
				d.Int(it.Value, "n", 8, 0)
			}
		case "s":
			if d.Claim(&seenS, &it, []string{"s"}) {
				d.String(it.Value, "s", 0)
			}
		}
	}
	want := `n: key "n" is given twice; send it once; steps[1].id: key "id" is given twice; send it once; m["x y"]: key "x y" is given twice; send it once; n: 300 is out of range (-128 to 127); s: 5 is not a string (send text in quotes, such as "5")`
	if got := d.Err().Error(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	var many strings.Builder
	many.WriteString(`{`)
	for i := 0; i < jsonwire.MaxDups+5; i++ {
		fmt.Fprintf(&many, `"k":%d,`, i)
	}
	many.WriteString(`"k":0}`)
	var d2 Decoder
	d2.Begin([]byte(many.String()))
	ps := d2.Err().(*lenient.Error).Problems
	if len(ps) != jsonwire.MaxDups+1 || ps[jsonwire.MaxDups].String() != "arguments: 5 more keys are given twice; send each key once" {
		t.Errorf("%d problems, last %v", len(ps), ps[len(ps)-1])
	}
}

// TestTextDuplicateKeyPath: a key given twice inside JSON text sent in a
// string is named by one path through the text (at 877ff94 the path inside
// the text was given twice: o.k.k.b).
func TestTextDuplicateKeyPath(t *testing.T) {
	for doc, want := range map[string]string{
		`{"o":"{\"k\":{\"b\":1,\"b\":2}}"}`:       `o.k.b: key "b" is given twice; send it once`,
		`{"o":"{\"x\":[{\"b\":1,\"b\":2}]}"}`:     `o.x[0].b: key "b" is given twice; send it once`,
		`{"o":"{\"\\u00e9\":{\"b\":1,\"b\":2}}"}`: `o["é"].b: key "b" is given twice; send it once`,
		`{"o":"{\"x\":1,\"x\":2}"}`:               `o.x: key "x" is given twice; send it once`,
	} {
		var d Decoder
		if !d.Begin([]byte(doc)) {
			t.Fatalf("%s: %v", doc, d.Err())
		}
		var it, o ObjectIter
		d.Object([]byte(doc), "", 0, &it)
		for d.Next(&it) {
			d.Object(it.Value, string(it.Key), 0, &o)
		}
		if err := d.Err(); err == nil || err.Error() != want {
			t.Errorf("%s:\ngot  %v\nwant %s", doc, err, want)
		}
	}
}

// TestMalformedJSONIsLenientError (issue 12 item 3): broken JSON is a
// *lenient.Error whose problem names the byte offset, and errors.As finds
// the *SyntaxError with it.
func TestMalformedJSONIsLenientError(t *testing.T) {
	var d Decoder
	if d.Begin([]byte(`{"a":1,}`)) {
		t.Fatal("Begin accepted broken JSON")
	}
	err := d.Err()
	var le *lenient.Error
	if !errors.As(err, &le) || err.Error() != `arguments: invalid JSON at offset 7: expected a string key in object` {
		t.Errorf("got %T %v", err, err)
	}
	var se *lenient.SyntaxError
	if !errors.As(err, &se) || se.Offset != 7 {
		t.Errorf("errors.As SyntaxError: %v", se)
	}
}

// TestAliasAndDuplicateOnce: a field given as its name twice and as an
// alias is said once as a duplicate key and once as two spellings.
func TestAliasAndDuplicateOnce(t *testing.T) {
	doc := []byte(`{"path":"a","file_path":"b","path":"c"}`)
	var d Decoder
	d.Begin(doc)
	var it ObjectIter
	d.Object(doc, "", 0, &it)
	var seen bool
	for d.Next(&it) {
		if d.Claim(&seen, &it, []string{"path", "file_path"}) {
			d.String(it.Value, "path", 0)
		}
	}
	want := `path: key "path" is given twice; send it once; path: is given more than once, as "path" and "file_path"; send one of them`
	if got := d.Err().Error(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestNullDocument: only the JSON null, with white space around it, is a
// null document; four bytes that start with n are not (they are not
// validated before NullDocument looks at them).
func TestNullDocument(t *testing.T) {
	for in, want := range map[string]bool{"null": true, " null\n": true, "\tnull ": true, "n000": false, "nope": false, "nul": false, "nulll": false, "": false, `"null"`: false} {
		if got := NullDocument([]byte(in)); got != want {
			t.Errorf("NullDocument(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestTake: Decoder.take decides, reports and records what the
// statements it replaces in generated code did (Claim, then Absent for an
// optional field or, for a required one, null read as missing), on
// values that are absent, present, duplicated and sent under an alias,
// with and without fixes recorded.
func TestTake(t *testing.T) {
	keys := []string{"query", "q"}
	docs := []string{
		`{"query":"x"}`, `{"query":null}`, `{"query":""}`, `{"query":1}`,
		`{"q":null}`, `{"q":"y"}`, `{"query":"x","q":"y"}`, `{"q":null,"query":""}`,
		`{"query":"x","query":"y"}`, `{"other":null}`, `{ "query" : null }`,
	}
	forms := []AbsentForms{AbsentNull, AbsentEmpty, AbsentNull | AbsentEmpty, NullMissing}
	// run decodes doc with take deciding for each member of keys.
	run := func(doc string, record bool, take func(d *Decoder, seen *bool, it *ObjectIter) bool) string {
		var d Decoder
		if !d.Start([]byte(doc), record) {
			return "begin: " + d.Err().Error()
		}
		var it ObjectIter
		d.Object([]byte(doc), "", 0, &it)
		var seen bool
		var got []string
		for d.Next(&it) {
			if string(it.Key) != "query" && string(it.Key) != "q" {
				continue
			}
			if take(&d, &seen, &it) {
				got = append(got, d.String(it.Value, "query", 0))
			}
		}
		return fmt.Sprintf("decoded %q; err %v; fixes %v", got, d.Err(), d.Fixes())
	}
	for _, doc := range docs {
		for _, forms := range forms {
			for _, record := range []bool{false, true} {
				got := run(doc, record, func(d *Decoder, seen *bool, it *ObjectIter) bool {
					return d.take(seen, it, keys, forms)
				})
				want := run(doc, record, func(d *Decoder, seen *bool, it *ObjectIter) bool {
					if !d.Claim(seen, it, keys) {
						return false
					}
					if forms == NullMissing {
						if Null(it.Value) {
							d.Missing("query", keys[1:])
							return false
						}
						return true
					}
					return !d.Absent(it.Value, "query", forms)
				})
				if got != want {
					t.Errorf("%s, forms %d, record %v:\ngot  %s\nwant %s", doc, forms, record, got, want)
				}
			}
		}
	}
	// The required field's null is its problem.
	got := run(`{"q":null}`, false, func(d *Decoder, seen *bool, it *ObjectIter) bool {
		return d.take(seen, it, keys, NullMissing)
	})
	if !strings.Contains(got, `query: is required (also accepted as q)`) {
		t.Errorf("required null: %s", got)
	}
}

// TestClaimTwiceOnce checks that a field given many times in one object,
// under its name and an alias, is said once as given under two
// spellings; BenchmarkClaimTwice measures that it is read once for them.
func TestClaimTwiceOnce(t *testing.T) {
	for _, n := range []int{1, 2, 100} {
		msg := claimTwice(n)
		if !strings.HasSuffix(msg, `path: is given more than once, as "path" and "file_path"; send one of them`) || strings.Count(msg, "more than once") != 1 {
			t.Errorf("%d repeats: %s", n, msg)
		}
	}
}

// claimTwice decodes an object that gives path and its alias file_path n
// times each, and returns its error.
func claimTwice(n int) string {
	var b strings.Builder
	b.WriteString(`{"path":"a"`)
	for range n {
		b.WriteString(`,"path":"a","file_path":"b"`)
	}
	b.WriteString(`}`)
	doc := []byte(b.String())
	var d Decoder
	d.Begin(doc)
	var it ObjectIter
	d.Object(doc, "", 0, &it)
	var seen bool
	for d.Next(&it) {
		if d.Claim(&seen, &it, []string{"path", "file_path"}) {
			d.String(it.Value, "path", 0)
		}
	}
	return d.Err().Error()
}

// BenchmarkClaimTwice decodes calls that give one field 1,000 and 10,000
// times (13 and 130 KB), beside encoding/json's Unmarshal of the same
// call, the baseline: each repeat read the whole object again for the
// field's spellings, so the second took 100 times the first (5 s through
// a generated decoder; found by a newcomer's trial), where it now takes
// about 10 times, as encoding/json does.
func BenchmarkClaimTwice(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("normgen/%d", n), func(b *testing.B) {
			for b.Loop() {
				claimTwice(n)
			}
		})
		b.Run(fmt.Sprintf("encoding-json/%d", n), func(b *testing.B) {
			var sb strings.Builder
			sb.WriteString(`{"path":"a"`)
			for range n {
				sb.WriteString(`,"path":"a","file_path":"b"`)
			}
			sb.WriteString(`}`)
			doc := []byte(sb.String())
			for b.Loop() {
				var v struct {
					Path     string `json:"path"`
					FilePath string `json:"file_path"`
				}
				json.Unmarshal(doc, &v)
			}
		})
	}
}

// TestClaimManyTwice checks that fields given again in turn, more than
// claim reads an object again for, are refused all the same: the object
// is read at most maxRescans times, and one problem says the rest.
func TestClaimManyTwice(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{`)
	const n = 3 * maxRescans
	for round := range 2 {
		for i := range n {
			if round+i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"f%d":%d,"g%d":%d`, i, round, i, round)
		}
	}
	b.WriteString(`}`)
	doc := []byte(b.String())
	var d Decoder
	d.Begin(doc)
	var it ObjectIter
	d.Object(doc, "", 0, &it)
	seen := make([]bool, n)
	taken := 0
	for d.Next(&it) {
		var i int
		if _, err := fmt.Sscanf(string(it.Key), "f%d", &i); err != nil {
			continue
		}
		if d.Claim(&seen[i], &it, []string{fmt.Sprintf("f%d", i), fmt.Sprintf("g%d", i)}) {
			taken++
		}
	}
	msg := d.Err().Error()
	if taken != n || d.rescans <= maxRescans || strings.Count(msg, "as \"f") != maxRescans || !strings.Contains(msg, "more fields are given more than once; send each field once") {
		t.Errorf("taken %d of %d, %d rescans: %s", taken, n, d.rescans, msg)
	}
}
