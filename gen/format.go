package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/dave/jennifer/jen"
)

// renderFile renders f as jennifer's File.Render does (the same bytes,
// the same error), formatting with formatSource.
func renderFile(f *jen.File) ([]byte, error) {
	noFormat := f.NoFormat
	f.NoFormat = true
	var buf bytes.Buffer
	err := f.Render(&buf)
	f.NoFormat = noFormat
	if err != nil {
		return nil, err
	}
	// f is not used past this point: the garbage collector need not keep
	// jennifer's tree while the file is formatted.
	out, err := formatSource(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("Error %s while formatting source:\n%s", err, buf.String())
	}
	return out, nil
}

// formatSource returns what go/format.Source returns for src, a Go file
// as jennifer renders it before formatting, but formats it in pieces
// spread over the CPUs: runs of top-level declarations. gofmt prints each
// top-level declaration independently of the others, but for the line
// breaks between two, which formatSource computes as go/printer does
// (declSep), and the alignment of cells on consecutive lines, which a
// blank line ends: pieces start after one. The raw string of a
// declaration "const X = `...`" (a generated schema: most of the bytes of
// a large generated file) is left out of formatting and printed as is.
// When src is not a file of declarations this relies on (comments only as
// doc comments of declarations, among other things), or a piece fails,
// formatSource formats it whole.
func formatSource(src []byte) ([]byte, error) {
	decls, ok := topLevelDecls(src)
	if !ok || len(decls) < 2 {
		return format.Source(src)
	}
	// The first piece holds the package clause and the imports, and is
	// formatted as a whole file (gofmt sorts imports there).
	var pieces []*piece
	for i := 0; i < len(decls); {
		p := &piece{first: i, whole: i == 0}
		// A piece starts after a blank line: tabwriter aligns the cells
		// of consecutive lines only, such as one-line functions'.
		for i < len(decls) && (i == p.first || p.cost+decls[i].cost() <= pieceSize || declSep(src, decls[i-1], decls[i]) < 2) {
			p.cost += decls[i].cost()
			i++
		}
		p.last = i
		pieces = append(pieces, p)
	}
	// Largest first, so that no large piece is left for the end.
	order := make([]*piece, len(pieces))
	copy(order, pieces)
	sort.SliceStable(order, func(i, j int) bool { return order[i].cost > order[j].cost })
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(order)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(order); i = int(next.Add(1) - 1) {
				order[i].format(src, decls)
			}
		}()
	}
	wg.Wait()
	out := make([]byte, 0, len(src)+len(src)/16)
	for i, p := range pieces {
		if p.err != nil {
			// Not a shape formatSource knows: the whole file, with
			// go/format's own error if any.
			return format.Source(src)
		}
		if i > 0 {
			for n := declSep(src, decls[p.first-1], decls[p.first]); n > 0; n-- {
				out = append(out, '\n')
			}
		}
		out = append(out, p.out...)
	}
	return append(out, '\n'), nil
}

// pieceSize is the source size of the runs of declarations formatSource
// formats in one piece (a variable for tests).
var pieceSize = 32 << 10

// decl is one top-level declaration of a source file.
type decl struct {
	start, kw, end int  // its first comment or its keyword; its keyword; its end
	tok            byte // its keyword's first letter: c(onst), f(unc), i(mport), t(ype), v(ar)
	doc            bool // it has a doc comment
	raw            int  // for `const X = ` + a raw string, the string's offset
}

// cost is the size of the declaration's source that go/format reads.
func (d decl) cost() int {
	if d.raw >= 0 {
		return d.raw - d.start
	}
	return d.end - d.start
}

// topLevelDecls splits a Go file into its top-level declarations; the
// first one starts at the top of the file (it holds the header comments
// and the package clause). ok is false when src is not a file of
// declarations each preceded by a doc comment or nothing.
func topLevelDecls(src []byte) (decls []decl, ok bool) {
	var (
		depth        int
		semi         = false // a semicolon would be inserted at a newline
		stmt         = true  // a statement or declaration may start here
		lastEnd      int     // end of the last token but comments
		commentStart = -1    // start of the comments since lastEnd, if any
		lastComment  int     // end of the last of them
	)
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			if semi {
				stmt, semi = true, false
			}
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
			end := commentEnd(src, i) - i
			if end < 0 {
				return nil, false
			}
			if src[i+1] == '*' && semi && bytes.IndexByte(src[i:i+end], '\n') >= 0 {
				stmt, semi = true, false
			}
			if depth == 0 && len(decls) > 0 {
				// Between declarations, comments must run on
				// consecutive lines from a line after the last token.
				from := lastEnd
				if commentStart >= 0 {
					from = lastComment
				}
				n := bytes.Count(src[from:i], []byte("\n"))
				if (commentStart < 0 && n == 0) || (commentStart >= 0 && n != 1) {
					return nil, false
				}
				if commentStart < 0 {
					commentStart = i
				}
				lastComment = i + end
			}
			i += end
			continue
		}
		// A token.
		start := i
		semi = false
		switch {
		case c == '"' || c == '\'' || c == '`':
			if i = quotedEnd(src, i); i < 0 {
				return nil, false
			}
			semi = true
		case isWord(c):
			for i < len(src) && isWord(src[i]) {
				i++
			}
			switch w := string(src[start:i]); w {
			case "break", "continue", "fallthrough", "return":
				semi = true
			case "case", "chan", "default", "defer", "else", "for", "go", "goto",
				"if", "interface", "map", "package", "range", "select", "struct", "switch":
			case "import", "const", "type", "var", "func":
				if depth == 0 && stmt {
					if len(decls) > 0 {
						decls[len(decls)-1].end = lastEnd
					}
					d := decl{start: start, kw: start, tok: w[0], raw: -1}
					if len(decls) == 0 {
						d.start = 0
					} else if commentStart >= 0 {
						if bytes.Count(src[lastComment:start], []byte("\n")) != 1 {
							return nil, false // a comment that is not the doc
						}
						d.start, d.doc = commentStart, true
					}
					decls = append(decls, d)
				}
			default:
				semi = true // an identifier or a number
			}
		default:
			i++
			switch c {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
				semi = true
			case '+', '-':
				if i < len(src) && src[i] == c {
					i++
					semi = true
				}
			case '.':
				if i < len(src) && src[i] >= '0' && src[i] <= '9' {
					for i < len(src) && isWord(src[i]) {
						i++
					}
					semi = true
				}
			}
		}
		stmt = c == ';'
		lastEnd = i
		commentStart = -1
	}
	if len(decls) == 0 || depth != 0 || commentStart >= 0 {
		return nil, false
	}
	decls[len(decls)-1].end = lastEnd
	for i := range decls {
		decls[i].raw = rawConst(src, decls[i])
	}
	return decls, true
}

// quotedEnd returns the end of the string or rune literal at src[i], or
// -1 if it has none.
func quotedEnd(src []byte, i int) int {
	c := src[i]
	if c == '`' {
		end := bytes.IndexByte(src[i+1:], '`')
		if end < 0 {
			return -1
		}
		return i + end + 2
	}
	for i++; i < len(src) && src[i] != c; i++ {
		if src[i] == '\\' {
			i++
		}
		if i < len(src) && src[i] == '\n' {
			return -1
		}
	}
	if i >= len(src) {
		return -1
	}
	return i + 1
}

// commentEnd returns the end of the comment at src[i] (a line comment
// ends before its newline), or -1 if it has none.
func commentEnd(src []byte, i int) int {
	if src[i+1] == '/' {
		end := bytes.IndexByte(src[i:], '\n')
		if end < 0 {
			return len(src)
		}
		return i + end
	}
	end := bytes.Index(src[i+2:], []byte("*/"))
	if end < 0 {
		return -1
	}
	return i + end + 4
}

// isWord reports whether c may be part of an identifier, a keyword or a
// number (a number's sign after e or p is read as an operator, which
// makes no difference here).
func isWord(c byte) bool {
	return c == '_' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// rawConst returns the offset of the raw string of a declaration
// `const X = `+"`...`"+`, or -1.
func rawConst(src []byte, d decl) int {
	s := src[d.kw:d.end]
	if d.tok != 'c' || !bytes.HasPrefix(s, []byte("const ")) || s[len(s)-1] != '`' {
		return -1
	}
	i := len("const ")
	for i < len(s) && s[i] == ' ' {
		i++
	}
	j := i
	for j < len(s) && isWord(s[j]) && s[j] < 0x80 {
		j++
	}
	if j == i || s[i] >= '0' && s[i] <= '9' {
		return -1
	}
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if j >= len(s) || s[j] != '=' {
		return -1
	}
	j++
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if j >= len(s) || s[j] != '`' || bytes.IndexByte(s[j+1:], '`') != len(s)-j-2 || bytes.IndexByte(s[j:], '\r') >= 0 {
		return -1
	}
	return d.kw + j
}

// declSep is the number of newlines go/printer writes between two
// top-level declarations (declList and linebreak in go/printer/nodes.go):
// the source's line breaks up to the second one's keyword, at least two
// (a blank line) when the declaration kind changes or the second has a
// doc comment, at least one, at most two.
func declSep(src []byte, prev, d decl) int {
	n := bytes.Count(src[prev.end:d.kw], []byte("\n"))
	least := 1
	if prev.tok != d.tok || d.doc {
		least = 2
	}
	return min(max(n, least), 2)
}

// rawMark stands for the raw strings left out of a piece.
const rawMark = "`normgen:raw string:eb7c1f`"

// piece is a run of declarations formatted on its own.
type piece struct {
	first, last int    // declarations decls[first:last]
	whole       bool   // the first: a whole file
	cost        int    // the size of its source but raw strings
	out         []byte // formatted, without the final newline
	err         error
}

// format formats the piece's declarations as go/format.Source formats them
// in the whole file.
func (p *piece) format(src []byte, decls []decl) {
	const pkg = "package p\n"
	var text []byte
	if !p.whole {
		text = append(text, pkg...)
	}
	// The raw strings of schema constants are left out.
	var raws [][]byte
	from, to := decls[p.first].start, decls[p.last-1].end
	if !bytes.Contains(src[from:to], []byte(rawMark)) {
		for _, d := range decls[p.first:p.last] {
			if d.raw >= 0 {
				text = append(text, src[from:d.raw]...)
				text = append(text, rawMark...)
				raws = append(raws, src[d.raw:d.end])
				from = d.end
			}
		}
	}
	text = append(text, src[from:to]...)
	out, err := format.Source(text)
	if err != nil {
		p.err = err
		return
	}
	if !p.whole {
		if !bytes.HasPrefix(out, []byte(pkg+"\n")) {
			p.err = errors.New("unexpected output")
			return
		}
		out = out[len(pkg)+1:]
	}
	out = bytes.TrimSuffix(out, []byte("\n"))
	// Put the raw strings back, in order: each is its declaration's
	// last token, at the end of a line.
	if raws == nil {
		p.out = out
		return
	}
	b := make([]byte, 0, len(out)+to-decls[p.first].start-p.cost)
	for _, r := range raws {
		i := bytes.Index(out, []byte(rawMark))
		if i < 0 {
			p.err = errors.New("unexpected output")
			return
		}
		b = append(b, out[:i]...)
		b = append(b, r...)
		out = out[i+len(rawMark):]
	}
	p.out = append(b, out...)
}
