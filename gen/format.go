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
// blank line ends: pieces start after one. A large declaration holding a
// long list of composite literals (the registry function) is formatted in
// parts too (see list). The raw string of a declaration "const X = `...`"
// (a generated schema: most of the bytes of a large generated file) is
// left out of formatting and printed as is. When src is not a file of
// declarations this relies on (comments only as doc comments of
// declarations, among other things), or a piece fails, formatSource
// formats it whole.
func formatSource(src []byte) ([]byte, error) {
	decls, ok := topLevelDecls(src)
	if !ok || len(decls) < 2 {
		return format.Source(src)
	}
	// The first piece holds the package clause and the imports, and is
	// formatted as a whole file (gofmt sorts imports there).
	var pieces []*piece
	var jobs []job
	for i := 0; i < len(decls); {
		// A declaration in parts is a piece of its own: blank lines
		// around it.
		if i > 0 && decls[i].cost() > listMin && declSep(src, decls[i-1], decls[i]) == 2 &&
			(i+1 == len(decls) || declSep(src, decls[i], decls[i+1]) == 2) {
			if l := splitList(src[decls[i].start:decls[i].end]); l != nil {
				p := &piece{first: i, last: i + 1, list: l}
				pieces = append(pieces, p)
				jobs = append(jobs, l.jobs()...)
				i++
				continue
			}
		}
		p := &piece{first: i, whole: i == 0}
		size := 0
		// A piece starts after a blank line: tabwriter aligns the cells
		// of consecutive lines only, such as one-line functions'.
		for i < len(decls) && (i == p.first || size+decls[i].cost() <= pieceSize || declSep(src, decls[i-1], decls[i]) < 2) {
			size += decls[i].cost()
			i++
		}
		p.last = i
		pieces = append(pieces, p)
		jobs = append(jobs, job{cost: size, run: func() { p.format(src, decls) }})
	}
	// Largest first, so that no large piece is left for the end.
	sort.SliceStable(jobs, func(i, j int) bool { return jobs[i].cost > jobs[j].cost })
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(jobs)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(jobs); i = int(next.Add(1) - 1) {
				jobs[i].run()
			}
		}()
	}
	wg.Wait()
	out := make([]byte, 0, len(src)+len(src)/16)
	for i, p := range pieces {
		if p.list != nil {
			p.join(src, decls)
		}
		if i > 0 {
			for n := declSep(src, decls[p.first-1], decls[p.first]); n > 0; n-- {
				out = append(out, '\n')
			}
		}
		if p.err != nil {
			// Not a shape formatSource knows: the whole file, with
			// go/format's own error if any.
			return format.Source(src)
		}
		out = append(out, p.out...)
	}
	return append(out, '\n'), nil
}

// job is a formatting task of formatSource.
type job struct {
	cost int // the size of the source it formats
	run  func()
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

// piece is a run of declarations formatted on its own, or one declaration
// formatted in parts (list).
type piece struct {
	first, last int    // declarations decls[first:last]
	whole       bool   // the first: a whole file
	list        *list  // the declaration's parts
	out         []byte // formatted, without the final newline
	err         error
}

// format formats the piece's declarations as go/format.Source formats them
// in the whole file.
func (p *piece) format(src []byte, decls []decl) {
	// The raw strings of schema constants are left out.
	var text []byte
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
	if raws == nil {
		text = src[from:to]
	} else {
		text = append(text, src[from:to]...)
	}
	out, err := formatDecls(text, p.whole)
	if err != nil {
		p.err = err
		return
	}
	// Put the raw strings back, in order: each is its declaration's
	// last token, at the end of a line.
	if raws == nil {
		p.out = out
		return
	}
	b := make([]byte, 0, len(out)+len(src[decls[p.first].start:to])-len(text))
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

// formatDecls formats text, declarations (or, whole, a file), as
// go/format.Source formats them in a file, without the final newline.
func formatDecls(text []byte, whole bool) ([]byte, error) {
	const pkg = "package p\n"
	if whole {
		out, err := format.Source(text)
		return bytes.TrimSuffix(out, []byte("\n")), err
	}
	out, err := format.Source(append([]byte(pkg), text...))
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(out, []byte(pkg+"\n")) {
		return nil, errors.New("unexpected output")
	}
	return bytes.TrimSuffix(out[len(pkg)+1:], []byte("\n")), nil
}

// listMin is the size from which a declaration holding a long list of
// composite literals (the registry function: most of a large generated
// file's formatting time, go/printer measuring each element by printing
// it at every level) is formatted in parts (a variable for tests).
var listMin = 4 * pieceSize

// list is a declaration formatted in parts: a skeleton, the declaration
// with its list's elements replaced by one mark element, and groups, the
// declaration with some of the elements. Each part formats as the
// skeleton but for the mark's line, which holds the group's elements as
// in the whole declaration: the elements are composite literals whose
// braces start their lines, so no cell alignment runs from one to the
// next, and each is printed on its own (go/printer measures each element
// alone).
type list struct {
	parts [][]byte // the skeleton, then each group
	outs  [][]byte
	errs  []error
	text  []byte // the declaration
}

// listMark is the mark element's identifier.
const listMark = "normgenListMark7f3a"

func (l *list) jobs() []job {
	l.outs = make([][]byte, len(l.parts))
	l.errs = make([]error, len(l.parts))
	jobs := make([]job, len(l.parts))
	for i, t := range l.parts {
		jobs[i] = job{cost: len(t), run: func() { l.outs[i], l.errs[i] = formatDecls(t, false) }}
	}
	return jobs
}

// join assembles the declaration's output from its parts', or formats it
// whole when a part is not what join expects.
func (p *piece) join(src []byte, decls []decl) {
	l := p.list
	if out, ok := l.joined(); ok {
		p.out = out
		return
	}
	p.list = nil
	p.format(src, decls)
}

func (l *list) joined() ([]byte, bool) {
	for _, err := range l.errs {
		if err != nil {
			return nil, false
		}
	}
	skel := l.outs[0]
	i := bytes.Index(skel, []byte(listMark))
	if i < 0 {
		return nil, false
	}
	start := bytes.LastIndexByte(skel[:i], '\n') + 1
	end := bytes.IndexByte(skel[i:], '\n')
	if end < 0 || string(bytes.TrimSpace(skel[start:i+end])) != "{"+listMark+"}," {
		return nil, false
	}
	head, tail := skel[:start], skel[i+end+1:]
	out := make([]byte, 0, len(l.text)+len(l.text)/4)
	out = append(out, head...)
	for _, o := range l.outs[1:] {
		if len(o) < len(head)+len(tail) || !bytes.HasPrefix(o, head) || !bytes.HasSuffix(o, tail) {
			return nil, false
		}
		elems := o[len(head) : len(o)-len(tail)]
		// The group's first line opens an element, its last closes one.
		first, _, _ := bytes.Cut(elems, []byte("\n"))
		last := bytes.TrimSuffix(elems, []byte("\n"))
		last = last[bytes.LastIndexByte(last, '\n')+1:]
		if !bytes.HasSuffix(elems, []byte("\n")) || string(bytes.TrimSpace(first)) != "{" || string(bytes.TrimSpace(last)) != "}," {
			return nil, false
		}
		out = append(out, elems...)
	}
	return append(out, tail...), true
}

// splitList returns the parts of a declaration holding a list of at least
// two elements, each a composite literal without type whose braces start
// their lines, followed by a comma, with nothing else in the list (no
// comment); nil if it has none. The longest such list is split, into
// groups of about pieceSize bytes.
func splitList(text []byte) *list {
	if bytes.Contains(text, []byte(listMark)) {
		return nil
	}
	type frame struct {
		open   int
		brace  bool  // "{", not "(" or "["
		elem   bool  // an element of the list around it
		state  byte  // a brace's list: 's' at an element's start, 'e' after an element, 'x' not a list
		commas []int // the end of each element's comma
	}
	var stack []frame
	bestOpen, bestClose, bestCommas := -1, -1, []int(nil)
	notList := func() {
		if n := len(stack); n > 0 {
			stack[n-1].state = 'x'
		}
	}
	lineStart := true
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '/' && i+1 < len(text) && (text[i+1] == '/' || text[i+1] == '*'):
			if i = commentEnd(text, i); i < 0 {
				return nil
			}
			notList()
			lineStart = false
			continue
		case c == '"' || c == '\'' || c == '`':
			if i = quotedEnd(text, i); i < 0 {
				return nil
			}
			notList()
		case c == '(' || c == '[':
			notList()
			stack = append(stack, frame{open: i})
			i++
		case c == '{':
			elem := false
			if n := len(stack); n > 0 && stack[n-1].brace && stack[n-1].state == 's' && lineStart {
				elem = true
			} else {
				notList()
			}
			stack = append(stack, frame{open: i, brace: true, elem: elem, state: 's'})
			i++
		case c == '}' || c == ')' || c == ']':
			n := len(stack)
			if n == 0 {
				return nil
			}
			f := stack[n-1]
			stack = stack[:n-1]
			if f.brace && f.state == 's' && len(f.commas) >= 2 && i-f.open > bestClose-bestOpen {
				bestOpen, bestClose, bestCommas = f.open, i, f.commas
			}
			if f.elem {
				if lineStart {
					stack[n-2].state = 'e'
				} else {
					stack[n-2].state = 'x'
				}
			}
			i++
		case c == ',':
			if n := len(stack); n > 0 && stack[n-1].brace {
				if f := &stack[n-1]; f.state == 'e' {
					f.commas = append(f.commas, i+1)
					f.state = 's'
				} else {
					f.state = 'x'
				}
			}
			i++
		default:
			notList()
			for i++; i < len(text) && isWord(text[i]) && isWord(c); i++ {
			}
		}
		lineStart = false
	}
	if bestOpen < 0 || len(stack) > 0 {
		return nil
	}
	head := text[:bestOpen+1]
	tail := text[bestClose:]
	l := &list{text: text}
	skel := append(append(append([]byte(nil), head...), "\n{"+listMark+"},\n"...), tail...)
	l.parts = append(l.parts, skel)
	from := bestOpen + 1
	for g := 0; g < len(bestCommas); {
		start := g
		for g < len(bestCommas) && (g == start || bestCommas[g]-from <= pieceSize) {
			g++
		}
		to := bestCommas[g-1]
		part := make([]byte, 0, len(head)+to-from+1+len(tail))
		part = append(append(append(append(part, head...), text[from:to]...), '\n'), tail...)
		l.parts = append(l.parts, part)
		from = to
	}
	return l
}
