package lenientimpl

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// Review of 479af24 (Decoder.String shares the bytes of a string of the
// Decoder's own text that is neither plain nor unquoted by the
// validator): testdata/review_norule/golden.jsonl holds documents with
// what the typed methods' walk of each gave at bc9cedf, before it. The
// normalizer's half of the review (64a3982) is normalize's
// TestReviewNoRuleGolden; the two golden files were one until the
// normalizer left lenient (issue 26). The file was written by copying the
// test into a worktree at bc9cedf and running there
//
//	REVIEW_NORULE_WRITE=1 go test -run TestReviewNoRuleDocs ./lenient
//
// The inputs are stored, so the test does not depend on the generator's
// random sequence.
const reviewNoRuleGolden = "testdata/review_norule/golden.jsonl"

var nrPieces = []string{
	`\"`, `\\`, `\n`, `\/`, `\u00e9`, `\u65e5`, `\ud83d\ude00`, `\ud83d`, `\udc00`, `\ud800\ud800`,
	`\ud800\u0041`, `\uDBFF\uDFFF`, `\u0000`, `\",\"`, "é", "日本", "😀", "\xff", "\xe6\x97", "\xed\xa0\x80", "\x80", "\x7f", "\xc3", "\xf0\x9f\x98",
}

func nrStringBody(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(5) {
		b.WriteString(strings.Repeat("p", []int{0, 1, 3, 7, 8, 15, 16, 40, 70}[r.IntN(9)]))
		b.WriteString(nrPieces[r.IntN(len(nrPieces))])
	}
	return b.String()
}

// nrDocValue returns a random document value whose strings hold escapes,
// bytes outside ASCII and invalid UTF-8, and JSON text of arrays and
// objects nested in strings.
func nrDocValue(r *rand.Rand, depth int) string {
	k := r.IntN(10)
	if depth > 3 {
		k = 9
	}
	switch k {
	case 0, 1:
		var parts []string
		for range r.IntN(5) {
			parts = append(parts, nrDocValue(r, depth+1))
		}
		return "[" + strings.Join(parts, ",") + "]"
	case 2:
		var parts []string
		for i := range r.IntN(5) {
			key := `"k` + strconv.Itoa(i) + `"`
			if r.IntN(3) == 0 {
				key = `"k` + strconv.Itoa(i) + nrStringBody(r) + `"`
			}
			parts = append(parts, key+":"+nrDocValue(r, depth+1))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case 3, 4, 5:
		inner := nrDocValue(r, depth+1)
		if inner[0] != '[' && inner[0] != '{' {
			inner = "[" + inner + "]"
		}
		if r.IntN(4) == 0 {
			inner = " " + inner
		}
		q := reviewQuote(inner)
		if r.IntN(3) == 0 {
			q = strings.Replace(q, "[", `\u005b`, 1) // an escape in the outer string
		}
		return q
	case 6:
		return strconv.Itoa(r.IntN(100))
	default:
		return `"` + nrStringBody(r) + `"`
	}
}

// nrDecode is what the typed methods give for doc.
func nrDecode(doc string, unescape, record bool, keep *[][2]string) string {
	var m Mode
	if unescape {
		m = Unescape
	}
	var d Decoder
	if record {
		d.record = true
	}
	b := []byte(doc) // the bytes the tape outlines: the walk reads them
	ok := d.Begin(b)
	var out []string
	if ok && !d.failed() {
		walkTapedMode(&d, trimSpace(b), m, &out, keep)
	}
	err := d.Err()
	return fmt.Sprintf("%v %v %q %q", ok, err, out, fixesText(d.Fixes()))
}

// fixesText is fmt.Sprint of fixes with From and To printed as byte
// slices, as the golden file holds them. From Go 1.27 json.RawMessage is
// jsontext.Value, whose String method fmt would call instead.
func fixesText(fixes []lenient.Fix) string {
	type bytesFix struct {
		Param    string
		Kind     lenient.FixKind
		From, To []byte
	}
	out := make([]bytesFix, len(fixes))
	for i, f := range fixes {
		out[i] = bytesFix{f.Param, f.Kind, f.From, f.To}
	}
	return fmt.Sprint(out)
}

// nrFixedDocs are strings of bytes outside ASCII and no escape, valid
// UTF-8 or not, across the word boundaries, in the document itself and
// in JSON text sent in a string.
func nrFixedDocs() []string {
	var docs []string
	for pad := range 18 {
		p := strings.Repeat("p", pad)
		for _, body := range []string{p + "\xc3", "é" + p + "\xff", p + "日本", "\xf0\x9f\x98" + p} {
			docs = append(docs, `["`+body+`"]`, reviewQuote(`["`+body+`",{"k":"`+body+`"}]`), reviewQuote(reviewQuote(`["`+body+`"]`)))
		}
	}
	return docs
}

// nrLine is one line of the golden file: a document and what the typed
// methods' walk of it gave.
type nrLine struct {
	Doc      string   `json:"doc"`
	Unescape bool     `json:"unescape,omitempty"`
	Record   bool     `json:"record,omitempty"`
	Want     []string `json:"want,omitempty"`
}

func nrGenerate(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 11))
	var keep [][2]string
	var b strings.Builder
	add := func(doc string) {
		l := nrLine{Doc: strconv.Quote(doc), Unescape: r.IntN(5) == 0, Record: r.IntN(2) == 0}
		l.Want = []string{nrDecode(doc, l.Unescape, l.Record, &keep)}
		j, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	for _, doc := range nrFixedDocs() {
		add(doc)
	}
	for docs := 0; docs < 200; {
		doc := nrDocValue(r, 0)
		if r.IntN(3) == 0 {
			doc = "[" + doc + "," + nrDocValue(r, 0) + "]"
		}
		if len(doc) > 250 {
			continue // the golden file stays small
		}
		docs++
		add(doc)
	}
	if err := os.WriteFile(reviewNoRuleGolden, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReviewNoRuleDocs: on the golden file's documents the typed methods
// give what they gave at bc9cedf, byte for byte, and every string String
// returned is unchanged after the later documents reused the pooled
// tapes.
func TestReviewNoRuleDocs(t *testing.T) {
	if os.Getenv("REVIEW_NORULE_WRITE") != "" {
		nrGenerate(t)
	}
	f, err := os.Open(reviewNoRuleGolden)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var keep [][2]string
	docs := 0
	for line := 1; sc.Scan(); line++ {
		var l nrLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		doc, err := strconv.Unquote(l.Doc)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		docs++
		if got := nrDecode(doc, l.Unescape, l.Record, &keep); got != l.Want[0] {
			t.Errorf("line %d: %q\n got %s\nwant %s", line, doc, got, l.Want[0])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, k := range keep {
		if k[0] != k[1] {
			t.Errorf("a string String returned changed: %q, now %q", k[1], k[0])
		}
	}
	if docs < 400 {
		t.Fatalf("%d documents in %s, want at least 400", docs, reviewNoRuleGolden)
	}
}
