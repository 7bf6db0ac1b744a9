package lenientimpl

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// Review of 915c522..db9aa03 (string values holding an escape unquoted in
// Begin's checking pass into the tape's text; spare tapes for JSON text).
// The oracles here are the byte-at-a-time scanner and unquoter of
// swar_test.go (refStringScan, refUnquote), not StringValue or unquote,
// which share escapedScan with the code under review.

// walkRef is walkScanned with the byte-at-a-time unquoter.
func walkRef(v []byte, out *[]string) { walkScanned(v, out, refText) }

// reviewPieces are string bodies (escapes, surrogates, invalid UTF-8,
// controls) put at every offset near the word boundaries.
var reviewPieces = []string{
	`\"`, `\\`, `\n`, `\/`, `\u00e9`, `\u65e5`, `\ud83d\ude00`, `\ud83d`, `\udc00`, `\ud800\ud800`,
	`\ud800\u0041`, `\uDBFF\uDFFF`, `\u0000`, `\",\"`, "é", "\xff", "\xe6\x97", "\xed\xa0\x80", "\x80", "\x7f",
	// invalid ones
	`\ud800\uZZZZ`, `\ud800\u12`, `\ud800\`, `\ud83d\ude0`, "\\n\x01", "\\\"\x1f", `\`, `\x`, `\u12g4`, "\x00",
}

// reviewString returns a random JSON string body.
func reviewString(r *rand.Rand, valid bool) string {
	var b strings.Builder
	for range r.IntN(6) {
		b.WriteString(strings.Repeat("p", r.IntN(18)))
		n := len(reviewPieces)
		if valid {
			n -= 10
		}
		b.WriteString(reviewPieces[r.IntN(n)])
	}
	return b.String()
}

// reviewQuote quotes s as JSON (bytes outside ASCII as they are).
func reviewQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[c>>4])
			b.WriteByte("0123456789abcdef"[c&15])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// reviewValue returns a random JSON value whose strings hold escapes, and
// JSON text in strings nested up to three times.
func reviewValue(r *rand.Rand, depth int, valid bool) string {
	k := r.IntN(9)
	if depth > 3 {
		k = 8
	}
	switch k {
	case 0, 1:
		var parts []string
		for range r.IntN(5) {
			parts = append(parts, reviewValue(r, depth+1, valid))
		}
		return "[" + strings.Join(parts, ",") + "]"
	case 2, 3:
		var parts []string
		for i := range r.IntN(5) {
			key := `"k` + strconv.Itoa(i) + `"`
			if r.IntN(2) == 0 {
				key = `"k` + strconv.Itoa(i) + reviewString(r, true) + `"`
			}
			parts = append(parts, key+":"+reviewValue(r, depth+1, valid))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case 4, 5:
		return reviewQuote(reviewValue(r, depth+1, valid))
	case 6:
		return strconv.Itoa(r.IntN(100))
	default:
		return `"` + reviewString(r, valid) + `"`
	}
}

// reviewDocs returns n random documents, some cut short (the tail paths).
func reviewDocs(seed uint64, n int) [][]byte {
	r := rand.New(rand.NewPCG(seed, 1))
	var docs [][]byte
	for range n {
		doc := []byte(strings.Repeat(" ", r.IntN(17)) + reviewValue(r, 0, r.IntN(2) == 0))
		if r.IntN(4) == 0 {
			doc = doc[:r.IntN(len(doc)+1)]
		}
		docs = append(docs, doc)
	}
	return docs
}

// refSyntaxOffset returns the offset Valid must report for a document
// whose first problem is in the string starting at data[i], by the
// byte-at-a-time scanner; ok is false when the string is valid.
func refSyntaxOffset(data []byte, i int) (int, bool) {
	end, _, ok := refStringScan(data, i)
	return end, !ok
}

// TestReviewUnquoteDifferential: on random documents, what the typed
// methods give (strings from the tape's text, JSON text parsed from it,
// nested) is what the byte-at-a-time unquoter gives.
func TestReviewUnquoteDifferential(t *testing.T) {
	walked := 0
	for _, doc := range reviewDocs(1, 20000) {
		if checkWalks(t, doc, refText) {
			walked++
		}
	}
	if walked < 5000 {
		t.Fatalf("only %d of the random documents were valid", walked)
	}
}

// TestReviewStringErrorOffsets: a bad string value at every offset near
// the word boundaries, last in the document or not, fails Valid and
// Begin at the offset the byte-at-a-time scanner finds.
func TestReviewStringErrorOffsets(t *testing.T) {
	for pad := 0; pad < 40; pad++ {
		for _, pre := range []string{"", `\n`, "é", `\u00e9`, "\xff"} {
			for _, p := range reviewPieces {
				for _, after := range []string{"", `"`, `"]`, `tail text past two words"]`, "x\x01\"]"} {
					body := pre + strings.Repeat("a", pad) + p + after
					doc := []byte(`[1,"` + body)
					want, bad := refSyntaxOffset(doc, 3)
					var d Decoder
					ok := d.Begin(doc)
					err := d.Err()
					verr := jsonwire.Valid(doc)
					if !bad {
						// The string is valid; the document may still be
						// cut short, which is not what this test is about.
						continue
					}
					var se *lenient.SyntaxError
					if !errors.As(verr, &se) || se.Offset != want || se.Msg != "invalid string" {
						t.Fatalf("%q: Valid = %v, want an invalid string at offset %d", doc, verr, want)
					}
					if ok || err == nil || !strings.Contains(err.Error(), "invalid JSON at offset "+strconv.Itoa(want)+": invalid string") {
						t.Fatalf("%q: Begin = %v, %v, want an invalid string at offset %d", doc, ok, err, want)
					}
				}
			}
		}
	}
}

// TestReviewUnquotePositions: one piece at every offset of a string value
// near the word boundaries and at the end of the document (the tail
// paths), as a value, a key, and inside JSON text nested twice.
func TestReviewUnquotePositions(t *testing.T) {
	for pad := 0; pad < 40; pad++ {
		for _, pre := range []string{"", `\t`, "é"} {
			for _, p := range reviewPieces[:len(reviewPieces)-10] {
				for _, post := range []string{"", "z", strings.Repeat("q", 9), `\"`} {
					body := pre + strings.Repeat("a", pad) + p + post
					s := `"` + body + `"`
					for _, doc := range []string{
						s,
						`[` + s + `]`,
						`{` + s + `:` + s + `}`,
						reviewQuote(`[` + s + `,` + reviewQuote(`{"k":`+s+`}`) + `]`),
					} {
						checkTapeRef(t, []byte(doc))
					}
				}
			}
		}
	}
}

// refText is refUnquote's text of the JSON string q.
func refText(q []byte) []byte { return refUnquote(q, nil) }

// checkTapeRef is checkTape with the byte-at-a-time unquoter as the
// oracle, for a document that must be valid.
func checkTapeRef(t *testing.T, doc []byte) {
	t.Helper()
	if err := jsonwire.Valid(doc); err != nil {
		t.Fatalf("%q: %v", doc, err)
	}
	if !checkWalks(t, doc, refText) {
		t.Fatalf("%q: a key is given twice", doc)
	}
}

// TestReviewStringsStayPut: a string a Decoder returned never changes
// when later Decoders reuse the pooled tapes, their text and their spare
// tapes, with documents of many JSON texts (more than jsonwire.MaxSpare and
// maxLookup) and several Decoders at once (run with -race too).
func TestReviewStringsStayPut(t *testing.T) {
	docs := reviewDocs(2, 3000)
	// Documents of many JSON texts, escaped strings inside.
	for n := range 12 {
		var b strings.Builder
		b.WriteByte('[')
		for i := range n * 2 {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(reviewQuote(`{"a":"x\ny` + strconv.Itoa(i) + `","b":` + reviewQuote(`["\"q\"`+strconv.Itoa(n)+`"]`) + `}`))
		}
		b.WriteByte(']')
		docs = append(docs, []byte(b.String()))
	}
	var wg sync.WaitGroup
	for g := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			type kept struct{ got, want string }
			var all []kept
			for round := range 3 {
				for i, doc := range docs {
					if (i+g+round)%3 != 0 {
						continue
					}
					var d Decoder
					if !d.Begin(doc) || d.failed() {
						_ = d.Err()
						continue
					}
					var taped []string
					walkTaped(&d, trimSpace(doc), &taped)
					_ = d.Err()
					for _, s := range taped {
						all = append(all, kept{s, strings.Clone(s)})
					}
				}
			}
			for _, k := range all {
				if k.got != k.want {
					t.Errorf("a returned string changed from %q to %q", k.want, k.got)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestReviewLargeDocumentEscapes: documents larger than a pooled tape's
// text (jsonwire.MaxPooledText) with escaped strings at their start, middle and
// very end unquote right, and the tape they leave is pooled again.
func TestReviewLargeDocumentEscapes(t *testing.T) {
	pad := strings.Repeat("x", jsonwire.MaxPooledText)
	for _, doc := range []string{
		`["a\nb","` + pad + `","c\"d"]`,
		`["` + pad + `\n` + pad + `"]`,
		`"` + pad + `\u00e9\ud83d\ude00"`,
		`["` + pad + `",` + reviewQuote(`["\n`+pad+`"]`) + `]`,
		`["` + pad + "\xff" + `\t"]`,
	} {
		checkTapeRef(t, []byte(doc))
	}
}

// TestReviewSparesStayFew: a pooled tape keeps at most jsonwire.MaxSpare JSON
// text tapes in all. A JSON text's tape taken from the pool may be one
// that outlined a document before and still holds that document's
// spares; kept as a spare with them, the spares nested (a spare with
// spares that no Decoder takes), past the bound, and two Decoders at
// once (any server) made that happen.
func TestReviewSparesStayFew(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops tapes on purpose under -race")
	}
	text := []byte(`["[1]","[2]","[3]","[4]","[5]"]`)
	happened := false
	for range 20 {
		// a outlines its document first; b, with JSON text, ends first,
		// so that its tape (with b's text tapes as spares) is the next
		// the pool gives, to a's JSON text.
		var a, b Decoder
		if !a.Begin(text) || !b.Begin(text) {
			t.Fatal("not valid")
		}
		walkCount(&b, text)
		_ = b.Err()
		walkCount(&a, text)
		for i := 1; i < a.tapes.n; i++ {
			happened = happened || a.tapes.at(i).Spares() > 0
		}
		doc := a.tapes.at(0)
		_ = a.Err()
		if n := doc.Spares(); n > jsonwire.MaxSpare {
			t.Fatalf("a pooled tape keeps %d spare tapes, want at most %d", n, jsonwire.MaxSpare)
		}
	}
	if !happened {
		t.Skip("the pool never gave a text a tape with spares")
	}
}

// TestReviewOldTextValues: strings of a JSON text read after more than
// maxLookup newer texts were opened (their tapes no longer tried, so the
// strings are unquoted from their bytes) are what the byte-at-a-time
// unquoter gives, escaped, short and long.
func TestReviewOldTextValues(t *testing.T) {
	var b strings.Builder
	b.WriteByte('[')
	long := strings.Repeat("L", 80)
	for i := range 3 * maxLookup {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(reviewQuote(`["a\n` + strconv.Itoa(i) + `","` + long + `\t","plain","é",` + reviewQuote(`["x\"y"]`) + `]`))
	}
	b.WriteByte(']')
	doc := []byte(b.String())
	var d Decoder
	if !d.Begin(doc) {
		t.Fatal(d.Err())
	}
	var outer ArrayIter
	if !d.Array(doc, "", 0, &outer) {
		t.Fatal("not an array")
	}
	var texts []ArrayIter
	var want []string
	for outer.Next() {
		var a ArrayIter
		if !d.Array(outer.Value, "", 0, &a) {
			t.Fatal(d.Err())
		}
		texts = append(texts, a)
		walkRef(outer.Value, &want)
	}
	var got []string
	for i := range texts {
		a := &texts[i]
		got = append(got, "s:"+d.String(textsValue(t, doc, i), "", 0))
		got = append(got, "["+strconv.Itoa(a.Len()))
		for a.Next() {
			walkTaped(&d, a.Value, &got)
		}
		got = append(got, "]")
	}
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
		t.Fatalf("\ngot  %q\nwant %q", got, want)
	}
}

// textsValue returns element i of the array doc.
func textsValue(t *testing.T, doc []byte, i int) []byte {
	var a ArrayIter
	a.reset(doc)
	for a.Next() {
		if a.Index() == i {
			return a.Value
		}
	}
	t.Fatalf("no element %d", i)
	return nil
}
