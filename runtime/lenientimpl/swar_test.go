package lenientimpl

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/jsonwire"
)

// The byte-at-a-time scanner, unquoter and StringValue as scan.go had
// them when the SWAR versions were written: the oracles of the tests
// below, kept here so that the tests still mean something once scan.go
// calls the SWAR versions.

func refStringScan(data []byte, i int) (end int, plain, ok bool) {
	plain = true
	i++
	for i < len(data) {
		c := data[i]
		switch {
		case c == '"':
			return i + 1, plain, true
		case c >= 0x80:
			plain = false
			i++
		case c == '\\':
			plain = false
			if i+1 >= len(data) {
				return i, false, false
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) {
					return i, false, false
				}
				for _, h := range data[i+2 : i+6] {
					if !jsonwire.IsHex(h) {
						return i, false, false
					}
				}
				i += 6
			default:
				return i, false, false
			}
		case c < 0x20:
			return i, false, false
		default:
			i++
		}
	}
	return i, false, false
}

func refUnquote(q []byte, buf []byte) []byte {
	s := q[1 : len(q)-1]
	if buf == nil {
		buf = make([]byte, 0, len(s))
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			switch s[i+1] {
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r := jsonwire.Hex4(s[i+2 : i+6])
				i += 6
				if utf16.IsSurrogate(r) {
					if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
						if r2 := utf16.DecodeRune(r, jsonwire.Hex4(s[i+2:i+6])); r2 != utf8.RuneError {
							buf = utf8.AppendRune(buf, r2)
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				buf = utf8.AppendRune(buf, r)
				continue
			default:
				buf = append(buf, s[i+1])
			}
			i += 2
		case c < utf8.RuneSelf:
			buf = append(buf, c)
			i++
		default:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				buf = utf8.AppendRune(buf, utf8.RuneError)
			} else {
				buf = append(buf, s[i:i+size]...)
			}
			i += size
		}
	}
	return buf
}

func refStringValue(q []byte) string {
	inner := q[1 : len(q)-1]
	for _, c := range inner {
		if c == '\\' || c >= utf8.RuneSelf {
			return string(refUnquote(q, nil))
		}
	}
	return string(inner)
}

// swarSeeds are strings (without their quotes) that put every kind of
// special byte at every offset of an 8-byte word, and the hostile cases.
func swarSeeds() []string {
	seeds := []string{
		"", "a", "plain ascii text that is longer than a word",
		`esc \" quote`, `back \\ slash`, `\n\t\r\b\f\/`, `\u00e9\u65e5`, `\ud83d\ude00 pair`, `\ud83d lone`, `\udc00\ud800`,
		"café naïve 日本語 Ελληνικά ✓", "bad \xff utf8", "\xe6\x97", "trunc \xe6\x97\\n", "\xed\xa0\x80 encoded surrogate",
		"ctl \x01 byte", "nul \x00 byte", "tab \t raw", "del \x7f ok", "\x1f", " ",
		`bad \x escape`, `short \u12`, `bad \u12g4 hex`, `ends with \`,
		// Runs of escapes over one plain byte, and what may not be that byte.
		`[\"a/b.go\",\"c/d.go\"]`, `\n"\n`, "\\n\x01\\n", `\"é\"`, `\n\"\`, `\",\x`, `\\\\\\`, `\"#\"]\\]`,
		`\"",\"`, `\""\"`, "\\\"\x01\\\"", `\"\\"`, `\"\\\"`, `\":\"`, `\"é\"`, `\"\u00e9\"`,
	}
	// Offsets up to past the first word and a sixteen-byte round.
	for off := 0; off < 26; off++ {
		pad := strings.Repeat("x", off)
		for _, sp := range []string{`\"`, `\\`, `\n`, "é", "\xff", "\x01", "\x00", `"`, "\x80", "\x1f", "\x20", "\x7f", `\",\"`, `\n\t\"`, `\u00e9`, `\ud83d\ude00`, `\ud800\u00e9`, `\ud800\uZZZZ`, `\ud800\ud800`, `\udc00`, `\ud800`} {
			seeds = append(seeds, pad+sp+"tail text past the word")
		}
	}
	return seeds
}

func checkScan(t *testing.T, data []byte) {
	t.Helper()
	e0, p0, ok0 := refStringScan(data, 0)
	for _, f := range []struct {
		name string
		scan func([]byte, int) (int, bool, bool)
	}{{"stringScan", jsonwire.StringScan}} {
		if e, p, ok := f.scan(data, 0); e != e0 || p != p0 || ok != ok0 {
			t.Fatalf("%q: byte-at-a-time scan = (%d, %v, %v), %s = (%d, %v, %v)", data, e0, p0, ok0, f.name, e, p, ok)
		}
	}
	if !ok0 {
		return
	}
	q := data[:e0]
	want := string(refUnquote(q, nil))
	for name, got := range map[string]string{
		"unquote":     string(jsonwire.Unquote(q, nil)),
		"StringValue": StringValue(q),
	} {
		if got != want {
			t.Fatalf("%q: byte-at-a-time unquote = %q, %s = %q", q, want, name, got)
		}
	}
	if !utf8.ValidString(want) {
		t.Fatalf("%q: unquoted to invalid UTF-8 %q", q, want)
	}
	if a, b := refStringValue(q), StringValue(q); a != b {
		t.Fatalf("%q: byte-at-a-time StringValue = %q, StringValue = %q", q, a, b)
	}
	if a, b := string(refUnquote(q, []byte("pre"))), string(jsonwire.Unquote(q, []byte("pre"))); a != b {
		t.Fatalf("%q: appending to a buffer: %q vs %q", q, a, b)
	}
}

// TestStringScanSWAR: the SWAR scanner and unquoter give what the
// byte-at-a-time ones give, on every seed, with and without the closing
// quote, and with trailing bytes after it.
func TestStringScanSWAR(t *testing.T) {
	for _, s := range swarSeeds() {
		checkScan(t, []byte(`"`+s+`"`))
		checkScan(t, []byte(`"`+s))
		checkScan(t, []byte(`"`+s+`", "next": 1}`))
	}
}

// TestStringScanSWARPositions: a string of n plain bytes with one special
// byte at each position ends, fails or turns non-plain where the
// byte-at-a-time scanner says, for every n up to three words.
func TestStringScanSWARPositions(t *testing.T) {
	for n := 0; n <= 24; n++ {
		for pos := 0; pos < n; pos++ {
			for c := 0; c < 256; c++ {
				b := []byte(`"` + strings.Repeat("a", n) + `"`)
				b[1+pos] = byte(c)
				checkScan(t, b)
			}
		}
	}
}

func TestSwarStopExact(t *testing.T) {
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 8; pos++ {
			w := [8]byte{'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'}
			w[pos] = byte(c)
			x := uint64(0)
			for i := 7; i >= 0; i-- {
				x = x<<8 | uint64(w[i])
			}
			special := c < 0x20 || c == '"' || c == '\\'
			m := jsonwire.SWARStop(x)
			if special != (m != 0) {
				t.Fatalf("byte %#x at %d: mask %#x", c, pos, m)
			}
			if special && m&-m != 0x80<<(8*pos) {
				t.Fatalf("byte %#x at %d: lowest bit of %#x is not its byte", c, pos, m)
			}
		}
	}
}

// FuzzStringScanSWAR compares the SWAR scanner, unquoter and StringValue
// with the byte-at-a-time ones on arbitrary bytes.
func FuzzStringScanSWAR(f *testing.F) {
	for _, s := range swarSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		checkScan(t, append([]byte{'"'}, body...))
		checkScan(t, append(append([]byte{'"'}, body...), '"'))
	})
}

// fileText is about n bytes of JSON string body as a file-writing tool
// sends it: escaped newlines, tabs and quotes, and some non-ASCII text.
func fileText(n int) []byte {
	chunk := `// Package greet says hello \u2014 in several languages, naïvely.\npackage greet\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\n` +
		`// Greetings: 日本語, Ελληνικά, café.\nvar Greetings = map[string]string{\n\t\"ja\": \"こんにちは\",\n\t\"en\": \"Hello, \\\"world\\\"\",\n}\n\n` +
		`func Path(parts ...string) string {\n\treturn strings.Join(parts, \"\\\\\")\n}\n\n`
	var b strings.Builder
	b.WriteByte('"')
	for b.Len() < n {
		b.WriteString(chunk)
	}
	b.WriteByte('"')
	return []byte(b.String())
}

// pathsText is about n bytes of JSON string body holding a JSON array of
// file paths, as a client that sends an array as text writes it: a '\\"'
// escape every 10 to 20 bytes (the bench module's strings_text payload).
func pathsText(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	dirs := []string{"src", "internal/ledger", "cmd/server", "docs", "pkg/api/v2", "testdata/golden"}
	odd := []string{"notes/café menu.md", "docs/日本語/読んでね.txt", "assets/logo (final).svg"}
	var paths []string
	for size := 0; size < n; {
		p := dirs[r.IntN(len(dirs))] + "/file_" + strconv.Itoa(r.IntN(10000)) + ".go"
		if r.IntN(10) == 0 {
			p = odd[r.IntN(len(odd))]
		}
		size += len(p) + 5
		paths = append(paths, p)
	}
	arr, _ := json.Marshal(paths)
	q, _ := json.Marshal(string(arr))
	return q
}

// swarBenchInputs are the strings (with quotes) of the scan and unquote
// benchmarks.
func swarBenchInputs() []struct {
	name string
	q    []byte
} {
	return []struct {
		name string
		q    []byte
	}{
		{"source_1MB", fileText(1 << 20)},
		{"pathstext_1MB", pathsText(1 << 20)},
		{"ascii_1MB", []byte(`"` + strings.Repeat("abcdefghij klmnopqrstuvwxyz 0123456789 ", 1<<20/40) + `"`)},
		{"key_5B", []byte(`"query"`)},
		{"key_14B", []byte(`"case_sensitive"`)},
		{"path_24B", []byte(`"internal/ledger/retry.go"`)},
		{"esc_24B", []byte(`"internal\\ledger\"retry\".go"`)},
	}
}

// BenchmarkStringScan compares the byte-at-a-time and SWAR scanners on
// 1 MB strings of source text, of a JSON array's text and of plain ASCII,
// and on short strings.
func BenchmarkStringScan(b *testing.B) {
	for _, in := range swarBenchInputs() {
		// A string is followed by more of its document.
		in.q = append(in.q, `, "next": 1}`...)
		b.Run(in.name+"/bytewise", func(b *testing.B) {
			b.SetBytes(int64(len(in.q)))
			for b.Loop() {
				if _, _, ok := refStringScan(in.q, 0); !ok {
					b.Fatal("invalid")
				}
			}
		})
		b.Run(in.name+"/swar", func(b *testing.B) {
			b.SetBytes(int64(len(in.q)))
			for b.Loop() {
				if _, _, ok := jsonwire.StringScan(in.q, 0); !ok {
					b.Fatal("invalid")
				}
			}
		})
	}
}

// BenchmarkUnquote: the byte-at-a-time and SWAR unquoters, appending to
// a buffer with room.
func BenchmarkUnquote(b *testing.B) {
	for _, in := range swarBenchInputs() {
		buf := make([]byte, 0, len(in.q)+8)
		b.Run(in.name+"/bytewise", func(b *testing.B) {
			b.SetBytes(int64(len(in.q)))
			for b.Loop() {
				buf = refUnquote(in.q, buf[:0])
			}
		})
		b.Run(in.name+"/swar", func(b *testing.B) {
			b.SetBytes(int64(len(in.q)))
			for b.Loop() {
				buf = jsonwire.Unquote(in.q, buf[:0])
			}
		})
	}
}

// BenchmarkStringValue compares the byte-at-a-time StringValue (unquote
// byte by byte, then copy into a string) with StringValue (bulk copies, one allocation).
func BenchmarkStringValue(b *testing.B) {
	q := fileText(1 << 20)
	b.Run("source_1MB/bytewise", func(b *testing.B) {
		b.SetBytes(int64(len(q)))
		b.ReportAllocs()
		for b.Loop() {
			_ = refStringValue(q)
		}
	})
	b.Run("source_1MB/StringValue", func(b *testing.B) {
		b.SetBytes(int64(len(q)))
		b.ReportAllocs()
		for b.Loop() {
			_ = StringValue(q)
		}
	})
}

func TestSwarNonDigitExact(t *testing.T) {
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 8; pos++ {
			w := [8]byte{'7', '7', '7', '7', '7', '7', '7', '7'}
			w[pos] = byte(c)
			x := uint64(0)
			for i := 7; i >= 0; i-- {
				x = x<<8 | uint64(w[i])
			}
			m := jsonwire.SWARNonDigit(x)
			if digit := c >= '0' && c <= '9'; digit != (m == 0) {
				t.Fatalf("byte %#x at %d: mask %#x", c, pos, m)
			}
			if m != 0 && m&-m != 0x80<<(8*pos) {
				t.Fatalf("byte %#x at %d: lowest bit of %#x is not its byte", c, pos, m)
			}
		}
	}
}

func checkNumberEnd(t *testing.T, s []byte) {
	t.Helper()
	for i := 0; i <= len(s); i++ {
		e1, ok1 := refNumberEnd(s, i)
		e2, ok2 := jsonwire.NumberEnd(s, i)
		if e1 != e2 || ok1 != ok2 {
			t.Fatalf("%q at %d: byte-at-a-time = (%d, %v), numberEnd = (%d, %v)", s, i, e1, ok1, e2, ok2)
		}
		if e3, ok3 := jsonwire.NumberEnd(string(s), i); e3 != e2 || ok3 != ok2 {
			t.Fatalf("%q at %d: numberEnd on bytes = (%d, %v), on a string = (%d, %v)", s, i, e2, ok2, e3, ok3)
		}
	}
}

func TestNumberEndSWAR(t *testing.T) {
	for _, s := range []string{"0", "-0", "12345678901234567890", "-1.5e+300", "1.", "1.e5", "01", "1e", "1E-", "-", "",
		"9007199254740993,", "123456789.123456789e123456789]", "1.0/", "1:", "1\x80", "-12345678\xff", "0.000000000000001}"} {
		checkNumberEnd(t, []byte(s))
	}
}

// FuzzNumberEndSWAR compares numberEnd with a byte-at-a-time scanner at every offset
// of arbitrary bytes.
func FuzzNumberEndSWAR(f *testing.F) {
	f.Add([]byte("-123456789012.5e-17,"))
	f.Add([]byte("[1,22,333,4444,55555,666666,7777777,88888888,999999999]"))
	f.Fuzz(func(t *testing.T, b []byte) { checkNumberEnd(t, b) })
}

// BenchmarkNumberEnd: the byte-at-a-time and SWAR number scanners over
// the elements of a 64 KB array of integers of up to 16 digits.
func BenchmarkNumberEnd(b *testing.B) {
	var arr []byte
	for i := uint64(1); len(arr) < 64<<10; i = i*6364136223846793005 + 1442695040888963407 {
		arr = strconv.AppendUint(arr, i>>(12+i%40), 10)
		arr = append(arr, ',')
	}
	for _, v := range []struct {
		name string
		f    func([]byte, int) (int, bool)
	}{{"bytewise", refNumberEnd}, {"swar", jsonwire.NumberEnd[[]byte]}} {
		b.Run(v.name, func(b *testing.B) {
			b.SetBytes(int64(len(arr)))
			for b.Loop() {
				for i := 0; i < len(arr); {
					end, ok := v.f(arr, i)
					if !ok {
						b.Fatal("invalid")
					}
					i = end + 1
				}
			}
		})
	}
}

// refNumberEnd scans a JSON number starting at s[i] byte by byte: the
// reference for numberEnd.
func refNumberEnd(s []byte, i int) (int, bool) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i >= len(s) {
		return i, false
	}
	switch {
	case s[i] == '0':
		i++
	case s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return i, false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return i, false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return i, false
		}
	}
	return i, true
}

// FuzzWideDigits: wideDigits, which reads past a number's end up to its
// slice's capacity, reads what plainDigits and strconv read, for a number
// at any place in a buffer: at its end, before other bytes, with a capacity
// that stops at the number or anywhere after it.
func FuzzWideDigits(f *testing.F) {
	for _, s := range []string{"7", "-7", "0", "-0", "00", "-01", "12345678", "123456789", "123456789012345", "-123456789012345", "1234567890123456",
		"-1234567890123456", "12345678901234567", "123456789012345678", "9223372036854775807",
		"9223372036854775808", "18446744073709551615", "1234567a", "12345678/", "1:", "-", "", "1e5", "12.5"} {
		f.Add([]byte(s), uint(0), uint(len(s)), uint(0))
		f.Add([]byte(s+",123456789012345678]"), uint(0), uint(len(s)), uint(20))
		f.Add([]byte("[1,"+s+"]"), uint(3), uint(len(s)), uint(1))
		f.Add([]byte("[1,"+s+"9999999999999999"), uint(3), uint(len(s)), uint(5))
	}
	f.Fuzz(func(t *testing.T, buf []byte, off, n, spare uint) {
		off = min(off, uint(len(buf)))
		n = min(n, uint(len(buf))-off)
		end := off + n
		v := buf[off:end:min(end+spare, uint(len(buf)))]
		got, ok := wideDigits(v)
		want, wok := plainDigits(v)
		if got != want || ok != wok {
			t.Fatalf("wideDigits(%q, %d spare bytes %q) = %d, %v; plainDigits %d, %v", v, cap(v)-len(v), v[len(v):cap(v)], got, ok, want, wok)
		}
		if !ok {
			// plainDigits refuses: not -?[0-9]+ with no leading zero, or
			// over 18 digits.
			s := strings.TrimPrefix(string(v), "-")
			plain := s != "" && strings.Trim(s, "0123456789") == "" && (s[0] != '0' || len(s) == 1)
			if plain && len(s) <= 18 {
				t.Fatalf("wideDigits(%q) refuses a number of %d digits", v, len(s))
			}
			return
		}
		u, err := strconv.ParseUint(strings.TrimPrefix(string(v), "-"), 10, 64)
		if err != nil || u != got {
			t.Fatalf("wideDigits(%q) = %d; strconv %d, %v", v, got, u, err)
		}
	})
}

// BenchmarkWideDigits: plainDigits and wideDigits over the numbers of an
// array of integers of 1 to 16 digits, 1 in 8 negative (bench's ids), of
// 1 MB so that the branch predictor cannot learn the lengths.
func BenchmarkWideDigits(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	var doc []byte
	var spans [][2]int
	for len(doc) < 1<<20 {
		v := r.Int64N(int64(1) << (1 + r.IntN(52)))
		if r.IntN(8) == 0 {
			v = -v
		}
		start := len(doc)
		doc = strconv.AppendInt(doc, v, 10)
		spans = append(spans, [2]int{start, len(doc)})
		doc = append(doc, ',')
	}
	doc = append(doc, "                "...)
	for _, f := range []struct {
		name string
		f    func([]byte) (uint64, bool)
	}{{"plain", plainDigits[[]byte]}, {"wide", wideDigits}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				for _, s := range spans {
					if _, ok := f.f(doc[s[0]:s[1]]); !ok {
						b.Fatal("not digits")
					}
				}
			}
		})
	}
}
