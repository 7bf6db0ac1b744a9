package jsonwire

import (
	"bytes"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FoldASCII is s with its ASCII letters in lower case: the case folding
// of enum values (Unicode letters outside ASCII are left as they are).
func FoldASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; c >= 'A' && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// Misspelling reports whether sent reads as a misspelling of declared,
// with a score (lower is closer): 0 for the same words in another
// spelling style (thoughtNumber for thought_number), else the edit
// distance, at most 1 for a declared key of 3 or 4 letters and 2 for a
// longer one (nmae for name, titel for title); keys of one or two
// letters have no misspellings (b is not a typo of a).
func Misspelling(sent, declared string) (int, bool) {
	if sent == declared {
		return 0, false
	}
	if w := Words(sent); len(w) > 1 && strings.Join(w, " ") == strings.Join(Words(declared), " ") {
		return 0, true
	}
	n := utf8.RuneCountInString(declared)
	if n < 3 {
		return 0, false
	}
	limit := 1
	if n > 4 {
		limit = 2
	}
	if dist := editDistance([]byte(sent), []byte(declared), limit); dist <= limit {
		return dist, true
	}
	return 0, false
}

// Sibling reports whether sent has declared's words but for the last,
// which differs (old_string for old_text, startDate for start_time):
// keys of two words or more, in any spelling style.
func Sibling(sent, declared string) bool {
	a, b := Words(sent), Words(declared)
	n := len(a)
	return n >= 2 && len(b) == n && a[n-1] != b[n-1] && slices.Equal(a[:n-1], b[:n-1])
}

// Words splits a key into its lower-case words: at '_', '-', '.', ' ' and
// where a lower-case letter or digit is followed by an upper-case one
// (styleId: style id; HTTPServer: httpserver, one word).
func Words(key string) []string {
	var out []string
	var cur []byte
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	prevLowerOrDigit := false
	for _, r := range key {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ':
			flush()
			prevLowerOrDigit = false
			continue
		case unicode.IsUpper(r) && prevLowerOrDigit:
			flush()
		}
		cur = utf8.AppendRune(cur, unicode.ToLower(r))
		prevLowerOrDigit = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	flush()
	return out
}

// editDistance is the optimal-string-alignment distance between a and b
// (insertions, deletions, substitutions and swaps of two neighbours), in
// runes; past limit it returns limit+1. It allocates nothing for keys of
// up to 64 runes.
func editDistance(a, b []byte, limit int) int {
	var ab, bb [64]rune
	ra, rb := appendRunes(ab[:0], a), appendRunes(bb[:0], b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	var rows [3][65]int
	var prev2, prev, cur []int
	if len(rb) < len(rows[0]) {
		prev2, prev, cur = rows[0][:len(rb)+1], rows[1][:len(rb)+1], rows[2][:len(rb)+1]
	} else {
		prev2, prev, cur = make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	}
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// appendRunes appends the runes of s to out, written as a loop: the
// conversion []rune(s) links the runtime's own rune-slice code into
// every server for this one use.
func appendRunes(out []rune, s []byte) []rune {
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		out = append(out, r)
		s = s[n:]
	}
	return out
}

// The ways an unknown key can be near a declared one (NearKey), closest
// first; NotNear is none.
const (
	NotNear     = 0
	NearLetters = 1 // the same letters, in another case or spelling style
	NearTypo    = 2 // a small edit distance
	NearAbbrev  = 3 // the same words but for one, its abbreviation (col for column)
	NearSibling = 4 // the same words but for the last
	NearWord    = 5 // the same words but for one more at the start or end
)

// NearKey says how sent, a key an object does not take, is a near
// spelling of declared, a key it does (NotNear for none). Both are
// compared as their letters: lower case, without the separators '_',
// '-', '.' and ' ' (style_id and Style-ID are both "styleid"):
//
//   - NearLetters: the same letters (filepath or File-Path for file_path);
//   - NearTypo: declared has at least 3 letters, both start with the same
//     one, and their edit distance (insertions, deletions, substitutions
//     and swaps of two neighbours) is at most 1, or 2 where declared has
//     8 letters or more (uri for url, thoght for thought);
//   - NearAbbrev: both have as many words, and differ in one only, which
//     in one is a common abbreviation of the other's (abbreviations: col
//     for column, op for operator, commit_msg for commit_message; either
//     of the two sent). Closer than a sibling: commit_msg is
//     commit_message's abbreviation before it is commit_title's sibling;
//   - NearSibling: both have two words or more, as many, and differ in
//     the last only (style_index for style_id; see Sibling), where both
//     last words or neither name a property (siblingProperty: page_size
//     is no sibling of page_number);
//   - NearWord: one has the other's words and one more, first or last,
//     and the other has at least 4 letters (depth for maxDepth, hours for
//     hours_back, trendline_type for type, page_number for page); not
//     where the word more is the last and names a property of what the
//     other names (propertyWord: page_size and page, query_type and
//     query), nor where it is the first of sent and a bound (boundWord:
//     max_page for page), nor where it is per (rateWord: per_page and
//     page).
func NearKey(sent, declared string) int {
	var ab [64]byte
	return NearKeyLetters(sent, letters(ab[:0], sent), declared)
}

// NearKeyLetters is NearKey with sent's letters a (KeyLetters) given,
// for a key compared with many.
func NearKeyLetters(sent string, a []byte, declared string) int {
	if sent == declared {
		return NotNear
	}
	var bb [64]byte
	b := letters(bb[:0], declared)
	if string(a) == string(b) {
		if len(a) == 0 {
			return NotNear
		}
		return NearLetters
	}
	n := utf8.RuneCount(b)
	if n >= 3 && len(a) > 0 {
		ra, _ := utf8.DecodeRune(a)
		rb, _ := utf8.DecodeRune(b)
		limit := 1
		if n >= 8 {
			limit = 2
		}
		if ra == rb && editDistance(a, b, limit) <= limit {
			return NearTypo
		}
	}
	if mayAbbreviate(a, b) && abbreviated(sent, declared) {
		return NearAbbrev
	}
	multiSent := strings.ContainsAny(sent, "_-. ") || hasUpper(sent)
	multiDeclared := strings.ContainsAny(declared, "_-. ") || hasUpper(declared)
	if !multiSent && !multiDeclared {
		return NotNear // one word each
	}
	// What words are compared for needs, in letters: a sibling starts
	// alike; a word more leaves the other's letters at one end.
	short, long := a, b
	if len(short) > len(long) {
		short, long = b, a
	}
	sibling := multiSent && multiDeclared && len(a) > 0 && len(b) > 0 && a[0] == b[0]
	if !sibling && !(len(short) >= 4 && (bytes.HasPrefix(long, short) || bytes.HasSuffix(long, short))) {
		return NotNear
	}
	ws, wd := Words(sent), Words(declared)
	if n := len(ws); n >= 2 && len(wd) == n && ws[n-1] != wd[n-1] && slices.Equal(ws[:n-1], wd[:n-1]) &&
		siblingProperty(ws[n-1]) == siblingProperty(wd[n-1]) {
		return NearSibling
	}
	sw, lw, letters := ws, wd, len(a)
	if len(sw) > len(lw) {
		sw, lw, letters = wd, ws, len(b)
	}
	if len(sw) >= 1 && len(lw) == len(sw)+1 && letters >= 4 &&
		(slices.Equal(sw, lw[1:]) && !(len(ws) > len(wd) && boundWord(lw[0])) && !rateWord(lw[0]) ||
			slices.Equal(sw, lw[:len(sw)]) && !propertyWord(lw[len(lw)-1])) {
		return NearWord
	}
	return NotNear
}

// mayAbbreviate reports, from two keys' letters alone and without
// allocating, whether the one may be the other with a word abbreviated:
// they share their first letters, what is left of each past the letters
// they share at both ends is shorter than an abbreviation and a word of
// the table (abbreviations), and neither key is longer than a key is
// (64 bytes). Most pairs of keys fail it: splitting
// both into words for each of them made an unknown key of 1 MB take
// 500 ms beside six fields (found by a review).
func mayAbbreviate(a, b []byte) bool {
	if len(a) > 64 || len(b) > 64 || len(a) == len(b) {
		return false
	}
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	// (an abbreviation starts as its word does: the letters they share
	// at the start reach into both)
	ma, mb := min(len(a), len(b))-p-s, max(len(a), len(b))-p-s
	return p > 0 && ma < maxAbbrev && mb < maxAbbrevWord
}

// maxAbbrev and maxAbbrevWord are the lengths of the longest
// abbreviation and the longest word of abbreviations.
const (
	maxAbbrev     = 6
	maxAbbrevWord = 13
)

// abbreviated reports whether two keys have as many words and differ in
// one only, which in one is an abbreviation of the other's (NearAbbrev).
func abbreviated(a, b string) bool {
	wa, wb := Words(a), Words(b)
	if len(wa) != len(wb) {
		return false
	}
	differ := -1
	for i := range wa {
		if wa[i] != wb[i] {
			if differ >= 0 {
				return false
			}
			differ = i
		}
	}
	if differ < 0 {
		return false
	}
	x, y := wa[differ], wb[differ]
	return abbreviates(x, y) || abbreviates(y, x)
}

// abbreviations are the words keys abbreviate, each pair ";abbreviation
// word;": common in tool arguments, each naming its word and no other
// thing a key means. Not desc (descending as often as description), dir
// (direction and directory: the refusal would name the one field the
// call left out, which may be the other), pwd (the working directory as
// often as a password), env (environment variables, or a deployment's
// environment), conf (a confidence), loc, curr, min (minutes), id or
// ts: a refusal naming the wrong field sends the model's retry there
// (found by a review). (One string, not a map: generated code links
// this package, and a map's code and data cost every server.)
const abbreviations = ";addr address;arg argument;args arguments;attr attribute;attrs attributes" +
	";cfg config;cfg configuration;col column;cols columns;config configuration;cnt count" +
	";db database;dest destination;dst destination;idx index;img image;imgs images" +
	";info information;lang language;len length;max maximum;msg message;msgs messages" +
	";num number;op operator;op operation;ops operators;ops operations;org organization" +
	";org organisation;orgs organizations;orgs organisations;param parameter;params parameters" +
	";passwd password;pct percent;pct percentage;prev previous;qty quantity;ref reference" +
	";refs references;repo repository;repos repositories;src source;tmpl template;txt text;"

// abbreviates reports whether short is an abbreviation of word
// (abbreviations).
func abbreviates(short, word string) bool {
	return len(short) < len(word) && strings.Contains(abbreviations, ";"+short+" "+word+";")
}

// siblingProperty is propertyWord for a sibling's last word, but for sha
// and hash, which name a commit as id does (commit_sha is a sibling of
// commit_id).
func siblingProperty(w string) bool { return w != "sha" && w != "hash" && propertyWord(w) }

// boundWord reports whether w, the first word of a sent key that is a
// declared one with a word before it, makes it a bound on that thing,
// never the thing: max_page is no page, limit_per_page no perPage.
func boundWord(w string) bool { return w == "min" || w == "max" || w == "limit" }

// rateWord reports whether w, the first word of one key that is the other
// with a word before it, makes it a rate or a size, never the thing,
// whichever of the two is sent: per_page is how many a page holds, and a
// hint naming page for it (or per_page for page) would have the model
// move the size into the page number.
func rateWord(w string) bool { return w == "per" }

// propertyWord reports whether w is a last word that makes a key name a
// property of what its other words name, never that thing: page_size is
// a page's size, not a page; query_type, path_filter, repo_url alike.
// One key that is the other with such a word after it is not near it
// (NearKey): a hint naming page for page_size (or page_size for page)
// would have the model move the size into the page (or the page into
// the size).
func propertyWord(w string) bool {
	for s := propertyWords; s != ""; {
		var x string
		x, s, _ = strings.Cut(s, " ")
		if x == w {
			return true
		}
	}
	return false
}

// propertyWords are propertyWord's words, one space between two.
const propertyWords = "size count total length limit type kind format encoding language lang " +
	"filter filters prefix suffix pattern regex glob url uri link token color range reason " +
	"params options order direction dir start end min max offset sha hash"

// KeyLetters appends key's letters (and digits) to b, lower case,
// without the separators '_', '-', '.' and ' ': what NearKey compares.
func KeyLetters(b []byte, key string) []byte { return letters(b, key) }

// letters appends key's letters (and digits) to b, lower case, without
// the separators '_', '-', '.' and ' '.
func letters(b []byte, key string) []byte {
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c == '_' || c == '-' || c == '.' || c == ' ':
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c < utf8.RuneSelf:
			b = append(b, c)
		default:
			r, n := utf8.DecodeRuneInString(key[i:])
			b = utf8.AppendRune(b, unicode.ToLower(r))
			i += n - 1
		}
	}
	return b
}

// hasUpper reports whether key may hold an upper-case letter (a
// camelCase or PascalCase key may have two words): an ASCII one, or a
// byte outside ASCII.
func hasUpper(key string) bool {
	for i := 0; i < len(key); i++ {
		if c := key[i]; c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
