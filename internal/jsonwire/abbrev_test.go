package jsonwire

import (
	"strings"
	"testing"
)

// TestAbbreviationsTable checks the table's form (";short word;" pairs,
// the short one shorter) and that maxAbbrevWord, mayAbbreviate's bound,
// is its longest word: a longer one would never be found.
func TestAbbreviationsTable(t *testing.T) {
	if !strings.HasPrefix(abbreviations, ";") || !strings.HasSuffix(abbreviations, ";") {
		t.Fatal("the table starts and ends with ;")
	}
	longest, shortest := 0, 0
	for _, pair := range strings.Split(strings.Trim(abbreviations, ";"), ";") {
		short, word, ok := strings.Cut(pair, " ")
		if !ok || short == "" || len(short) >= len(word) || strings.ToLower(pair) != pair || short[0] != word[0] {
			t.Errorf("pair %q: want a shorter abbreviation, in lower case, starting as its word does", pair)
		}
		longest, shortest = max(longest, len(word)), max(shortest, len(short))
	}
	if longest != maxAbbrevWord || shortest != maxAbbrev {
		t.Errorf("the longest word has %d letters, abbreviation %d; maxAbbrevWord is %d, maxAbbrev %d", longest, shortest, maxAbbrevWord, maxAbbrev)
	}
}

// TestMayAbbreviateIsCheap checks that mayAbbreviate lets through every
// pair abbreviated finds, and turns away long keys and most others.
func TestMayAbbreviateIsCheap(t *testing.T) {
	for _, c := range [][2]string{{"col", "column"}, {"sort_col", "sort_column"}, {"repo_name", "repository_name"}, {"operator", "op"}, {"img_url", "image_url"}} {
		var ab, bb [64]byte
		if a, b := letters(ab[:0], c[0]), letters(bb[:0], c[1]); !mayAbbreviate(a, b) || !abbreviated(c[0], c[1]) {
			t.Errorf("%q and %q: mayAbbreviate %v, abbreviated %v", c[0], c[1], mayAbbreviate(a, b), abbreviated(c[0], c[1]))
		}
	}
	for _, c := range [][2]string{{"query", "file_path"}, {strings.Repeat("a", 1<<20), "col"}, {"reason", "column"}} {
		if mayAbbreviate([]byte(c[0]), []byte(c[1])) {
			t.Errorf("%.20q and %q: let through", c[0], c[1])
		}
	}
}
