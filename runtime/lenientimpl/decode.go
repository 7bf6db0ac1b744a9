package lenientimpl

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// Mode selects per-field leniency options (the `norm` tag).
type Mode uint8

// Mode bits.
const (
	// Strict accepts JSON's own form only: no string forms of numbers or
	// booleans, no JSON text for arrays and objects.
	Strict Mode = 1 << iota
	// StrictBool narrows the boolean string table to "true" and "false".
	StrictBool
	// Wrap reads a lone value where an array is expected as a one-element
	// array.
	Wrap
	// Unescape reads text that holds no real newline but a literal \n or
	// \t as escaped twice, and unescapes \n, \t, \r, \\ and \" in it
	// (jsonwire.UnescapeNewlines).
	Unescape
	// RejectUnknown makes unknown keys errors instead of ignored keys.
	RejectUnknown
	// Filled marks a Wrap field whose minItems is 1 or more: the error for
	// an empty string does not suggest [], which the bound refuses.
	Filled
)

// segment is one step of a JSON path.
type segment struct {
	key   string
	index int // -1 for a key step
	// wrapped marks the element a norm:"wrap" field made of a lone value:
	// problems leave it out of their path (the caller sent no array), fix
	// records keep it (the fix made one).
	wrapped bool
}

// inlineDepth is the path depth a Decoder holds without allocating.
const inlineDepth = 12

// Decoder decodes one arguments document. Generated code declares one on
// the stack, calls Begin, walks the document with the typed methods, and
// returns Err. The zero value is ready to use.
//
// Methods that take a name decode a member of the current object: name is
// the member's wire name, joined to the current path in messages. An empty
// name means the current path itself (an array element, a map value).
type Decoder struct {
	tapes    decoderTapes // outlines of the document and of JSON text read from it
	block    []byte       // short strings' memory (String)
	problems []lenient.Problem
	fixes    []lenient.Fix
	fixMem   []byte // the bytes of the fixes (appendFix)
	record   bool
	depth    int
	wrapAt   int  // 1 + the depth of the element a wrap made; 0 for none
	begun    bool // Begin validated the document (and reported its duplicate keys)
	path     [inlineDepth]segment
	deep     []segment
	scratch  [24]byte // a fixed number's or bool's text, which fix copies
	ranged   rangeProblem
	// The unknown keys ignored so far (the first few), each with the
	// object it was in, for Missing to name: a key sent in place of a
	// required one is most often a misspelling of it.
	objects  uint32              // the objects begun so far (Object)
	objAt    [inlineDepth]uint32 // the object being decoded at each depth
	unknowns [maxUnknownHints]unknownKey
	nunknown int
	// twice is the last fields claimed again (claim), which reads their
	// object once for each, and rescans how many times claim read an
	// object for one: a field given 10,000 times read it 10,000 times
	twice   [8]twiceAt
	rescans int
	secret  int // inside a secret field's value: BeginSecret (secret.go)
	holder  int // inside a value that holds one: BeginSecretHolder
	// after is 1 + the index of the field Field found last, where it looks
	// first: members mostly come in their fields' order.
	after int
	// held holds the keys of the object heldOf begins (heldLen long),
	// read once for all its unknown keys (keysOf)
	held    map[string]uint16
	heldOf  *byte
	heldLen int
}

// unknownKey is an unknown key an object held, which Unknown ignored.
type unknownKey struct {
	key   []byte // stable: the document's bytes, or an unescaped copy
	depth int
	obj   uint32
	known []string // the object's keys, for keyHint's pairing
}

// maxUnknownHints is how many ignored unknown keys a Decoder keeps for
// Missing's messages.
const maxUnknownHints = 4

// Begin checks that data is one JSON value and reports whether decoding
// can go on. Malformed JSON is a problem naming its byte offset, and
// decoding cannot go on. A key given twice in one object is a problem too,
// but decoding goes on, so that every other bad field is still listed.
func (d *Decoder) Begin(data []byte) bool {
	v := jsonwire.Validator{Collect: true}
	if _, err := d.outline(data, &v); err != nil {
		d.addError(err, "")
		return false
	}
	for _, off := range v.Dups[:min(v.NDups, jsonwire.MaxDups)] {
		d.addError(jsonwire.DupAt(data, off), "")
	}
	if more := v.NDups - jsonwire.MaxDups; more > 0 {
		d.problems = append(d.problems, lenient.Problem{Msg: strconv.Itoa(more) + " more keys are given twice; send each key once", Kind: lenient.KindDuplicate})
	}
	d.begun = true
	return true
}

// Start is Begin, keeping a list of the fixes the Decoder makes (Fixes)
// when record is set: the Decoder's start in generated code.
func (d *Decoder) Start(data []byte, record bool) bool {
	d.record = record
	return d.Begin(data)
}

// trimSpace drops the JSON white space around a value.
func trimSpace(v []byte) []byte {
	v = v[jsonwire.SkipSpace(v, 0):]
	for len(v) > 0 {
		switch v[len(v)-1] {
		case ' ', '\t', '\n', '\r':
			v = v[:len(v)-1]
			continue
		}
		break
	}
	return v
}

// Next advances an object iteration started by Object.
func (d *Decoder) Next(it *ObjectIter) bool { return it.Next() }

// outline validates data with v, writing its tape, which d keeps (from
// its root value) when the document is valid. The tape is nil when data
// is too large for one.
func (d *Decoder) outline(data []byte, v *jsonwire.Validator) (*tape, error) {
	t := d.tapes.newTape(data)
	v.T = t
	if err := v.Valid(data); err != nil {
		if t != nil {
			t.Release()
		}
		return nil, err
	}
	if t != nil {
		t.Cur = 0 // the root value
		d.tapes.add(t)
	}
	return t, nil
}

// containerText reads the string value v as JSON text of an array or an
// object (open is '[' or '{', what names it in messages). isText is false
// when v's text does not start with open; otherwise ok says whether the
// text is valid JSON (a problem is recorded when it is not), and t and
// its tape tp are what to iterate.
func (d *Decoder) containerText(v []byte, name string, open byte, what string) (t []byte, tp *tape, isText, ok bool) {
	t = d.jsonText(v)
	if i := jsonwire.SkipSpace(t, 0); i == len(t) || t[i] != open {
		return nil, nil, false, false
	}
	var val jsonwire.Validator
	tp, err := d.outline(t, &val)
	if err != nil {
		d.textError(name, v, err, what)
		return nil, nil, true, false
	}
	if tp != nil {
		// t is v's own bytes unless v held escapes: then it is the
		// Decoder's, which nothing else refers to or writes to.
		tp.Owned = len(t) > 0 && &t[0] != &v[1]
		if tp.Owned {
			tp.CountOwnedShort()
		}
	}
	if d.record {
		d.fix(name, lenient.FixJSONText, v, compact(t))
	}
	return t, tp, true, true
}

func (d *Decoder) addError(err error, base string) {
	p := lenient.Problem{Path: base, Kind: lenient.KindSyntax, Cause: err}
	switch e := err.(type) {
	case *lenient.DuplicateKeyError:
		p.Path, p.Kind = joinPath(joinChild(base, e.Path), e.Key), lenient.KindDuplicate
		p.Msg = "key " + strconv.Quote(e.Key) + " is given twice; send it once"
	case *lenient.SyntaxError:
		if e.Msg == jsonwire.TooDeep {
			p.Kind = lenient.KindDepth
		}
		p.Msg = err.Error()
	default:
		p.Msg = err.Error()
	}
	d.problems = append(d.problems, p)
}

// joinChild joins a child path (as DuplicateKeyError carries) to a base.
func joinChild(base, child string) string {
	switch {
	case base == "":
		return child
	case child == "":
		return base
	case child[0] == '[':
		return base + child
	}
	return base + "." + child
}

// Err returns nil, or an *Error listing every problem found. It ends the
// decoding: the Decoder gives back the buffers it outlined the document
// on, so it must not be used after Err (Fixes may still be read).
func (d *Decoder) Err() error {
	d.tapes.release()
	if len(d.problems) == 0 {
		return nil
	}
	return &lenient.Error{Problems: d.problems}
}

// failed reports whether a problem has been found so far.
func (d *Decoder) failed() bool { return len(d.problems) > 0 }

// Fixes returns the fixes recorded (Start with record set) so far.
func (d *Decoder) Fixes() []lenient.Fix { return d.fixes }

// Enter descends into the member name of the current object.
func (d *Decoder) Enter(name string) { d.push(segment{key: name, index: -1}) }

// EnterIndex descends into element i of the current array.
func (d *Decoder) EnterIndex(i int) {
	wrapped := d.wrapAt == d.depth+1
	if wrapped {
		d.wrapAt = 0
	}
	if d.depth < inlineDepth {
		// The index and the mark written alone: a segment's key is not
		// read when it has an index (appendSeg), and this runs for
		// every element of every array.
		p := &d.path[d.depth]
		p.index, p.wrapped = i, wrapped
		d.depth++
		return
	}
	d.push(segment{index: i, wrapped: wrapped})
}

// Leave undoes the last Enter or EnterIndex.
func (d *Decoder) Leave() {
	d.depth--
	if d.depth >= inlineDepth {
		d.deep = d.deep[:d.depth-inlineDepth]
	}
}

func (d *Decoder) push(s segment) {
	if d.depth < inlineDepth {
		d.path[d.depth] = s
	} else {
		d.deep = append(d.deep, s)
	}
	d.depth++
}

// Index is the index of the innermost array element being decoded, or -1.
func (d *Decoder) Index() int {
	for i := d.depth - 1; i >= 0; i-- {
		if s := d.seg(i); s.index >= 0 {
			return s.index
		}
	}
	return -1
}

func (d *Decoder) seg(i int) segment {
	if i < inlineDepth {
		return d.path[i]
	}
	return d.deep[i-inlineDepth]
}

// pathOf returns the JSON path of member name of the current value.
func (d *Decoder) pathOf(name string) string { return d.path1(name, false) }

// problemPath is Path without the elements wrap made: the path of the
// value as the caller sent it.
func (d *Decoder) problemPath(name string) string { return d.path1(name, true) }

func (d *Decoder) path1(name string, sent bool) string {
	if d.depth == 0 {
		return memberPath(name)
	}
	var buf [64]byte // most paths fit: one allocation, the string's
	b := buf[:0]
	for i := 0; i < d.depth; i++ {
		if s := d.seg(i); !sent || !s.wrapped {
			b = appendSeg(b, s)
		}
	}
	if name != "" {
		b = appendSeg(b, segment{key: name, index: -1})
	}
	return string(b)
}

// memberPath is the path of the top-level member name: the name itself
// when it is a plain key ("" for the document itself).
func memberPath(name string) string {
	if name == "" || jsonwire.IsPlainKey(name) {
		return name
	}
	var buf [64]byte
	return string(appendSeg(buf[:0], segment{key: name, index: -1}))
}

// appendSeg appends a step of a JSON path.
func appendSeg(b []byte, s segment) []byte {
	if s.index >= 0 {
		return jsonwire.AppendIndex(b, s.index)
	}
	return jsonwire.AppendKey(b, s.key)
}

// FailKind records a problem of kind k with the value v (raw JSON, may be
// nil) of member name: msg says what is wrong and what is accepted.
func (d *Decoder) FailKind(k lenient.ProblemKind, name string, v []byte, msg string) {
	p := lenient.Problem{Path: d.problemPath(name), Msg: msg, Kind: k}
	if name == "" && d.depth > 0 && d.seg(d.depth-1).wrapped {
		// (a lone value a norm:"wrap" field read as its one element: the
		// message says what an element is, and a model would retry
		// with one; say that the field is an array of them)
		p.Msg += "; " + p.Path + " takes an array of them, or one alone"
	}
	if v != nil {
		p.Value = shorten(v)
	}
	if d.secret+d.holder > 0 && d.hidden("", v) {
		redactProblem(&p, v)
	}
	d.problems = append(d.problems, p)
}

// fix records a fix when recording is on.
func (d *Decoder) fix(name string, kind lenient.FixKind, from, to []byte) {
	if d.secret+d.holder > 0 && d.hidden(kind, from) {
		from, to = redactFix(from, to)
	}
	d.fixes = appendFix(d.fixes, &d.fixMem, d.pathOf(name), nil, kind, from, to)
}

// appendFix appends a fix at path to fixes, or when key is not nil at the
// path key (a plain key), making room for 8 the first time (a call that
// needs fixes often needs several). Its From, To and key's path are
// copied into mem, the call's fix memory, shared by its fixes as short
// strings share a block: each is capped at its length, so that appending
// to one never writes the next, and nothing is nil, as clone makes it.
func appendFix(fixes []lenient.Fix, mem *[]byte, path string, key []byte, kind lenient.FixKind, from, to []byte) []lenient.Fix {
	if fixes == nil {
		fixes = make([]lenient.Fix, 0, 8)
	}
	n := len(from) + len(to)
	b := *mem
	if cap(b)-len(b) < n+len(key) {
		b = make([]byte, 0, max(2*cap(b), fixBlock, n+len(key)))
	}
	at := len(b)
	b = append(append(append(b, from...), to...), key...)
	*mem = b
	b = b[at:]
	f := lenient.Fix{Param: path, Kind: kind}
	if len(key) > 0 {
		f.Param = unsafe.String(&b[n], len(key)) // never written again
	}
	if len(from) > 0 {
		f.From = json.RawMessage(b[:len(from):len(from)])
	}
	if len(to) > 0 {
		f.To = json.RawMessage(b[len(from):n:n])
	}
	return append(fixes, f)
}

// fixBlock is the size of a call's first block of fix memory (each next
// one is twice the last): a call's fixes are mostly few, and short
// numbers and keys.
const fixBlock = 64

func clone(b []byte) json.RawMessage {
	if b == nil {
		return nil
	}
	return append(json.RawMessage(nil), b...)
}

// text returns the text of the JSON string v, aliasing v when it holds no
// escape.
func text(v []byte) []byte {
	inner := v[1 : len(v)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return inner
	}
	return jsonwire.Unquote(v, nil)
}

// jsonText is text for a string read as JSON text: v's own bytes when it
// holds no escape, else its unquoted text, in d's block when it is short
// (the strings read from it then share the block).
func (d *Decoder) jsonText(v []byte) []byte {
	t, k := d.tapes.lookup(v)
	if t != nil && jsonwire.IsText(t.E[k].Aux) {
		// The validator unquoted it: a copy of the Decoder's own, which
		// the strings read from it can share.
		return d.keep(t.TextOf(t.E[k].Aux), t)
	}
	return text(v)
}

// Null reports whether v is the JSON null.
func Null(v []byte) bool { return len(v) == 4 && v[0] == 'n' }

// isNullText reports whether v, a validated JSON value, is the string
// "null" (escapes read, letter case exact): null spelled as text, which a
// field that is not a string reads as null where it reads null
// (Decoder.take, Decoder.Absent).
func isNullText(v []byte) bool {
	v = trimSpace(v)
	if len(v) < 6 || v[0] != '"' {
		return false
	}
	if len(v) == 6 {
		return string(v) == `"null"`
	}
	// Letters can only be escaped as \u00XX: read each character.
	const want = "null"
	n := 0
	for i := 1; i < len(v)-1; i++ {
		c := v[i]
		if c == '\\' {
			if i+5 >= len(v) || v[i+1] != 'u' || v[i+2] != '0' || v[i+3] != '0' {
				return false
			}
			h, err := strconv.ParseUint(string(v[i+4:i+6]), 16, 8)
			if err != nil {
				return false
			}
			c, i = byte(h), i+5
		}
		if n == len(want) || c != want[n] {
			return false
		}
		n++
	}
	return n == len(want)
}

// nullJSON is the JSON null.
var nullJSON = []byte("null")

// NullDocument reports whether data, a whole document, is the JSON null
// (white space around it allowed). Generated UnmarshalJSON methods of
// structs that are no tool's input return at once on it, changing
// nothing: Go's convention for UnmarshalJSON([]byte("null")), which
// encoding/json relies on for values inside what it decodes. The
// document is not validated first, so the four bytes are compared whole:
// "nope" is no null (Null, which reads validated values, looks at one).
func NullDocument(data []byte) bool { return string(trimSpace(data)) == "null" }

// Int decodes a signed integer of the given width from an integer-valued
// number or (unless Strict) a digit string.
func (d *Decoder) Int(v []byte, name string, bits int, m Mode) int64 {
	switch c := v[0]; {
	case c == '"' && m&Strict == 0:
		n, err := ParseIntString(text(v), bits)
		if err == nil {
			if d.record {
				d.fix(name, lenient.FixStringToInt, v, strconv.AppendInt(d.scratch[:0], n, 10))
			}
			return n
		}
		d.intError(name, v, err, bits, true, m)
	case c == '-' || c >= '0' && c <= '9':
		// ParseIntNumber's fast path, without the call around it; v is
		// a slice of the document, which wideDigits reads past v's end.
		if u, ok := wideDigits(v); ok {
			if n, err := signedInRange(u, c == '-', bits); err == nil {
				return n
			}
		}
		n, err := ParseIntNumber(v, bits)
		if err == nil {
			if d.record && !jsonwire.PlainInteger(v) {
				d.fix(name, lenient.FixNumberToInt, v, strconv.AppendInt(d.scratch[:0], n, 10))
			}
			return n
		}
		d.intError(name, v, err, bits, true, m)
	default:
		d.intError(name, v, ErrSyntax, bits, true, m)
	}
	return 0
}

// Uint decodes an unsigned integer of the given width; see Int.
func (d *Decoder) Uint(v []byte, name string, bits int, m Mode) uint64 {
	switch c := v[0]; {
	case c == '"' && m&Strict == 0:
		n, err := ParseUintString(text(v), bits)
		if err == nil {
			if d.record {
				d.fix(name, lenient.FixStringToInt, v, strconv.AppendUint(d.scratch[:0], n, 10))
			}
			return n
		}
		if err == ErrSyntax && bytes.HasPrefix(text(v), []byte("-")) {
			if n, e := ParseIntString(text(v), 64); e == nil && n != 0 || e == ErrRange {
				err = ErrRange
			}
		}
		d.intError(name, v, err, bits, false, m)
	case c == '-' || c >= '0' && c <= '9':
		if c != '-' {
			// As in Int: plain digits in range are ParseUintNumber's value.
			if u, ok := wideDigits(v); ok && u <= maxUint(bits) {
				return u
			}
		}
		n, err := ParseUintNumber(v, bits)
		if err == nil {
			if d.record && !jsonwire.PlainInteger(v) {
				d.fix(name, lenient.FixNumberToInt, v, strconv.AppendUint(d.scratch[:0], n, 10))
			}
			return n
		}
		d.intError(name, v, err, bits, false, m)
	default:
		d.intError(name, v, ErrSyntax, bits, false, m)
	}
	return 0
}

// negative reports whether v, a number or a string, starts with a minus
// sign.
func negative(v []byte) bool {
	if len(v) > 1 && v[0] == '"' {
		v = v[1:]
	}
	return len(v) > 0 && v[0] == '-'
}

func (d *Decoder) intError(name string, v []byte, err error, bits int, signed bool, m Mode) {
	send := ` (send 100 or "100")`
	if m&Strict != 0 {
		send = " (send a number such as 100)"
	}
	switch err {
	case ErrRange:
		d.ranged = rangeProblem{at: len(d.problems) + 1, bits: bits, signed: signed}
		if signed {
			lo := -(int64(1) << uint(bits-1))
			hi := uint64(1)<<uint(bits-1) - 1
			d.FailKind(lenient.KindRange, name, v, "is out of range ("+strconv.FormatInt(lo, 10)+" to "+strconv.FormatUint(hi, 10)+")")
		} else if negative(v) {
			d.FailKind(lenient.KindRange, name, v, "is negative; this field takes 0 or more")
		} else {
			d.FailKind(lenient.KindRange, name, v, "is out of range (0 to "+strconv.FormatUint(maxUint(bits), 10)+")")
		}
	case ErrFraction:
		d.FailKind(lenient.KindFraction, name, v, "is not a whole number"+send)
	default:
		if signed {
			d.FailKind(lenient.KindType, name, v, "is not an integer"+send)
		} else {
			d.FailKind(lenient.KindType, name, v, "is not a non-negative integer"+send)
		}
	}
}

// Float decodes a float of the given width (32 or 64) from a number or
// (unless Strict) a string in JSON number grammar.
func (d *Decoder) Float(v []byte, name string, bits int, m Mode) float64 {
	var (
		f   float64
		err error
	)
	switch c := v[0]; {
	case c == '"' && m&Strict == 0:
		f, err = ParseFloat(text(v), bits)
		if err == nil {
			if d.record {
				d.fix(name, lenient.FixStringToFloat, v, strconv.AppendFloat(d.scratch[:0], f, 'g', -1, bits))
			}
			return f
		}
	case c == '-' || c >= '0' && c <= '9':
		f, err = ParseFloat(v, bits)
		if err == nil {
			return f
		}
	default:
		err = ErrSyntax
	}
	if err == ErrRange {
		d.ranged = rangeProblem{at: len(d.problems) + 1}
	}
	switch {
	case err == ErrRange && tiny(v, bits):
		d.FailKind(lenient.KindRange, name, v, "is too close to 0 for a float"+strconv.Itoa(bits)+", which would read it as 0 (send 0, or a number further from 0)")
	case err == ErrRange:
		d.FailKind(lenient.KindRange, name, v, "is out of range for a float"+strconv.Itoa(bits))
	case m&Strict != 0:
		d.FailKind(lenient.KindType, name, v, "is not a number (send a number such as 1.5)")
	default:
		d.FailKind(lenient.KindType, name, v, `is not a number (send 1.5 or "1.5")`)
	}
	return 0
}

// tiny reports whether the number v (a literal or a string form), out of
// a float's range, is so for being too close to 0 rather than too large.
func tiny(v []byte, bits int) bool {
	if v[0] == '"' {
		v = text(v)
	}
	f, _ := strconv.ParseFloat(string(v), bits)
	return f == 0
}

// Bool decodes a boolean from true/false or (unless Strict) a string in the
// boolean table; StrictBool narrows the table to "true" and "false".
func (d *Decoder) Bool(v []byte, name string, m Mode) bool {
	switch v[0] {
	case 't':
		return true
	case 'f':
		return false
	case '"':
		if m&Strict != 0 {
			break
		}
		b, ok := ParseBool(text(v), m&StrictBool != 0)
		if ok {
			if d.record {
				d.fix(name, lenient.FixStringToBool, v, strconv.AppendBool(d.scratch[:0], b))
			}
			return b
		}
	}
	switch {
	case m&Strict != 0:
		d.FailKind(lenient.KindType, name, v, "is not a boolean (send true or false)")
	case v[0] == '-' || v[0] >= '0' && v[0] <= '9':
		// Numbers are never booleans, so the string table is not offered.
		d.FailKind(lenient.KindType, name, v, `is not a boolean: numbers are not read as booleans (send true or false, or "true" or "false")`)
	case m&StrictBool != 0:
		d.FailKind(lenient.KindType, name, v, `is not a boolean (send true or false, or "true" or "false")`)
	default:
		d.FailKind(lenient.KindType, name, v, `is not a boolean (send true or false; "true", "false", "yes", "no", "1" and "0" are read too)`)
	}
	return false
}

// String decodes a JSON string; nothing else is a string. With Unescape,
// literal \n and \t in text that holds no real newline become newline and
// tab.
func (d *Decoder) String(v []byte, name string, m Mode) string {
	if v[0] != '"' {
		d.FailKind(lenient.KindType, name, v, `is not a string (send text in quotes, such as "`+string(stringExample(v))+`")`)
		return ""
	}
	if m&Unescape != 0 {
		t := text(v)
		if s, ok := jsonwire.UnescapeNewlines(unsafeString(t)); ok {
			if d.record {
				d.fix(name, lenient.FixUnescape, v, jsonwire.AppendQuoteEncodingJSON(nil, s))
			}
			return s
		}
	}
	t, k := d.tapes.lookup(v)
	var aux int32
	if t != nil {
		aux = t.E[k].Aux
	}
	var text []byte
	switch {
	case len(v) == 2:
		return ""
	case aux == jsonwire.TapePlain:
		// The tape says it holds no escape and no byte outside ASCII: its
		// bytes are its text.
		if t.Owned {
			return unsafe.String(&v[1], len(v)-2)
		}
		text = v[1 : len(v)-1]
	case jsonwire.IsText(aux):
		// The validator unquoted it.
		text = t.TextOf(aux)
	case t != nil && t.Owned:
		// Neither plain nor unquoted by the validator: no escape, bytes
		// outside ASCII. The Decoder's own text is valid UTF-8 (unquoting
		// makes it so), so these bytes are the string's text too. (The
		// validator leaves a string with an escape as it is only when its
		// text would pass textSpan's offsets, which takes invalid UTF-8.)
		return unsafe.String(&v[1], len(v)-2)
	case t == nil || len(v)-2 > maxShared:
		return StringValue(v)
	default:
		// Bytes outside ASCII: unquoted into the block, with room for the
		// longest text the JSON form can give (each byte of invalid UTF-8
		// becomes U+FFFD's three), so that it never moves the block.
		b := d.room(jsonwire.NonPlainRoom(len(v)), t)
		n := len(b)
		b = jsonwire.Unquote(v, b)
		d.block = b
		return unsafe.String(&b[n], len(b)-n)
	}
	b := d.keep(text, t)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// keep returns a copy of text, a string of t, that nothing writes to
// again: in d's block when it is short, in memory of its own otherwise.
func (d *Decoder) keep(text []byte, t *tape) []byte {
	if len(text) > maxShared {
		return bytes.Clone(text)
	}
	n := len(d.room(len(text), t))
	d.block = append(d.block, text...)
	return d.block[n:]
}

// Short strings share blocks: a decode that returns many strings
// allocates a block for several of them instead of one allocation each.
// The bytes of a block are written once and never again, so the strings
// can be their memory. A string kept alive keeps its block alive: at most
// blockSize bytes. The longest string put in a block is
// jsonwire.MaxShared bytes.
const blockSize = 4096 // a block's size, at most

// maxShared is the longest string put in a block.
const maxShared = jsonwire.MaxShared

// room returns d's block with room for n more bytes (a short string of
// t), allocating a new one when it has less: of the size of t's short
// strings not read yet, up to blockSize, since no more is needed.
func (d *Decoder) room(n int, t *tape) []byte {
	left := t.Short
	t.Short -= n
	if cap(d.block)-len(d.block) >= n {
		return d.block
	}
	d.block = make([]byte, 0, max(n, min(blockSize, left)))
	return d.block
}

// stringExample suggests the quoted form of a scalar sent for a string.
func stringExample(v []byte) []byte {
	if len(v) > 0 && (v[0] == '-' || v[0] >= '0' && v[0] <= '9' || v[0] == 't' || v[0] == 'f') && len(v) <= 20 {
		return v
	}
	return []byte("...")
}

// Raw returns a copy of v.
func (d *Decoder) Raw(v []byte) json.RawMessage { return clone(v) }

// Any decodes v into an interface value with encoding/json's types, except
// that numbers are json.Number so that no integer is rounded.
func (d *Decoder) Any(v []byte) any {
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		d.FailKind(lenient.KindSyntax, "", v, "is not valid JSON: "+err.Error())
	}
	return x
}

// Array starts decoding an array: from a JSON array or (unless Strict) a
// string holding JSON array text; with Wrap, a lone value becomes a
// one-element array. It reports false, after recording a problem, when v
// is none of these.
func (d *Decoder) Array(v []byte, name string, m Mode, it *ArrayIter) bool {
	v = trimSpace(v)
	if len(v) == 0 {
		d.FailKind(lenient.KindMissing, name, nil, "is missing (send a JSON array)")
		return false
	}
	switch v[0] {
	case '[':
		it.reset(v)
		if t, k := d.tapes.lookup(v); t != nil {
			it.fromTape(t, k)
		}
		return true
	case '"':
		if m&Strict == 0 {
			if t, tp, isText, ok := d.containerText(v, name, '[', "array"); isText {
				if ok {
					it.reset(t)
					if tp != nil {
						it.fromTape(tp, 0)
					}
				}
				return ok
			}
		}
	case '{', 'n':
		m &^= Wrap
	}
	if m&Wrap != 0 && string(v) == `""` {
		// An empty string is no value to wrap: [""] is never what a caller
		// meant, and "" is not JSON array text either (class b).
		msg := `is an empty string, not a value or an array (send a value, a JSON array of values, or [] for none)`
		if m&Filled != 0 {
			msg = `is an empty string, not a value or an array (send a value or a JSON array of values)`
		}
		d.FailKind(lenient.KindText, name, v, msg)
		return false
	}
	if m&Wrap != 0 {
		if d.record {
			d.fix(name, lenient.FixWrap, v, append(append([]byte{'['}, v...), ']'))
		}
		// The element's problems are reported at the field's own path.
		d.wrapAt = d.depth + 1
		if name != "" {
			d.wrapAt++
		}
		it.resetOne(v)
		return true
	}
	if m&Strict != 0 {
		d.FailKind(lenient.KindType, name, v, "is not an array (send a JSON array)")
	} else {
		d.FailKind(lenient.KindType, name, v, "is not an array (send a JSON array, or a string holding JSON array text)")
	}
	return false
}

// Object starts decoding an object: from a JSON object or (unless Strict)
// a string holding JSON object text. The arguments object itself (the
// document, at the top) may also be null, read as {}: MCP lets a client
// omit a call's arguments, which SDKs pass on as null; its required
// fields are then reported by name and its defaults applied.
//
// A value nested more than maxDepth levels deep in all (the JSON text in
// strings counts, which the validator outlines level by level) is a
// problem, so that a recursive type's decoder, which calls itself for
// each level, ends on hostile input.
func (d *Decoder) Object(v []byte, name string, m Mode, it *ObjectIter) bool {
	v = trimSpace(v)
	if len(v) == 0 {
		d.FailKind(lenient.KindMissing, name, nil, "is missing (send a JSON object)")
		return false
	}
	if d.depth > jsonwire.MaxDepth {
		d.FailKind(lenient.KindDepth, name, nil, "is nested too deeply (more than "+strconv.Itoa(jsonwire.MaxDepth)+" levels)")
		return false
	}
	if d.depth == 0 && name == "" && Null(v) {
		it.Reset(emptyObject)
		d.beginObject()
		return true
	}
	switch v[0] {
	case '{':
		it.Reset(v)
		if t, k := d.tapes.lookup(v); t != nil {
			it.fromTape(t, k)
		}
		d.beginObject()
		return true
	case '"':
		if m&Strict == 0 {
			if t, tp, isText, ok := d.containerText(v, name, '{', "object"); isText {
				if ok {
					it.Reset(t)
					if tp != nil {
						it.fromTape(tp, 0)
					}
					d.beginObject()
				}
				return ok
			}
		}
	}
	if m&Strict != 0 {
		d.FailKind(lenient.KindType, name, v, "is not an object (send a JSON object)")
	} else {
		d.FailKind(lenient.KindType, name, v, "is not an object (send a JSON object, or a string holding JSON object text)")
	}
	return false
}

// beginObject notes that an object's members are being decoded at the
// current depth, so that the unknown keys Missing names are its own.
func (d *Decoder) beginObject() {
	d.objects++
	if d.depth < inlineDepth {
		d.objAt[d.depth] = d.objects
	}
}

// emptyObject is what null arguments read as.
var emptyObject = []byte("{}")

func (d *Decoder) textError(name string, v []byte, err error, what string) {
	switch e := err.(type) {
	case *lenient.DuplicateKeyError:
		d.addError(e, d.problemPath(name)) // addError joins e.Path
	case *lenient.SyntaxError:
		msg := "is a string but not JSON " + what + " text (" + e.Msg + " at offset " + strconv.Itoa(e.Offset)
		if e.Msg == "unexpected "+strconv.QuoteRune('\'') {
			// A Python or JavaScript literal (['a', 'b']), as models send.
			msg += `; JSON strings take double quotes, as in ["a"]`
		}
		d.FailKind(lenient.KindText, name, v, msg+")")
	}
}

func compact(t []byte) []byte {
	if !hasSpace(t) {
		return t // already compact
	}
	var b bytes.Buffer
	if json.Compact(&b, t) != nil {
		return t
	}
	return b.Bytes()
}

// hasSpace reports whether t holds a byte JSON reads as white space.
func hasSpace(t []byte) bool {
	for _, c := range t {
		if c <= ' ' && (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
			return true
		}
	}
	return false
}

// Claim marks a field as given by the current member of it and reports
// whether to decode it. spellings lists the field's keys, canonical name
// first; a field given under two of them is a problem naming both.
func (d *Decoder) Claim(seen *bool, it *ObjectIter, spellings []string) bool {
	if !*seen && !d.record {
		*seen = true
		return true
	}
	return d.claim(seen, it, spellings)
}

// claim is Claim for a field given before, or when fixes are recorded.
func (d *Decoder) claim(seen *bool, it *ObjectIter, spellings []string) bool {
	if *seen {
		if len(it.data) > 0 {
			at := twiceAt{&it.data[0], len(it.data), 0, spellings[0]}
			if d.depth < inlineDepth {
				at.n = d.objAt[d.depth]
			}
			for _, t := range d.twice {
				if t == at {
					return false // said once for the object's every repeat
				}
			}
			if d.rescans++; d.rescans > maxRescans {
				// many fields given again, in turn: Begin reports the
				// keys given twice; this says the rest, once
				if d.rescans == maxRescans+1 {
					d.FailKind(lenient.KindDuplicate, "", nil, "more fields are given more than once; send each field once")
				}
				return false
			}
			copy(d.twice[1:], d.twice[:])
			d.twice[0] = at
		}
		var given []string
		var first []byte
		same := true
		var o ObjectIter
		o.Reset(it.data)
		for o.Next() {
			for _, s := range spellings {
				if string(o.Key) != s {
					continue
				}
				if v := trimSpace(o.Value); first == nil {
					first, same = v, v[0] != '{' && v[0] != '[' // (a scalar's text)
				} else if string(v) != string(first) {
					same = false
				}
				if !contains(given, strconv.Quote(s)) {
					given = append(given, strconv.Quote(s))
				}
			}
		}
		if len(given) < 2 && d.begun || len(given) > 1 && same {
			// One key given twice: Begin has reported it. Or one scalar
			// value under two spellings: nothing is lost, the first is
			// taken, as the normalizer's alias rule keeps it.
			return false
		}
		msg := GivenTwice(given)
		path := d.problemPath(spellings[0])
		for _, p := range d.problems {
			if p.Path == path && p.Msg == msg {
				return false // a third spelling: said once already
			}
		}
		d.FailKind(lenient.KindDuplicate, spellings[0], nil, msg)
		return false
	}
	*seen = true
	if d.record && string(it.Key) != spellings[0] {
		d.fix(spellings[0], lenient.FixAlias, jsonwire.AppendQuoteEncodingJSON(nil, string(it.Key)), jsonwire.AppendQuoteEncodingJSON(nil, spellings[0]))
	}
	return true
}

// GivenTwice is the problem of a field given under each of quoted (two
// or more of its keys, strconv.Quote'd, in the order the object gives
// them; fewer where one key is given twice): "is given more than once,
// as "title" and "subject"; send one of them". The decoders and the
// normalizer's misnamed_key rules refuse with it alike.
func GivenTwice(quoted []string) string {
	msg := "is given more than once"
	if len(quoted) > 1 {
		msg += ", as " + joinAnd(quoted)
	}
	return msg + "; send one of them"
}

// maxRescans bounds how many times a Decoder reads an object again for
// the spellings of a field given again (claim).
const maxRescans = 64

// twiceAt is a field (its canonical key) of an object: its bytes, and
// its number among the objects begun (JSON text read from a string may
// be in memory another's was in before).
type twiceAt struct {
	object *byte
	size   int
	n      uint32
	field  string
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := ""
	for i, x := range s[:len(s)-1] {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out + " and " + s[len(s)-1]
}

// withoutVariants returns the keys that are no spelling-style variant
// (KeyVariants) of a key listed before them: a type's accepted keys, each
// field's name before its aliases, as a message names them (Unknown), or
// a field's name and aliases (Missing).
func withoutVariants(keys []string) []string {
	var out, variants []string
	for _, k := range keys {
		if slices.Contains(variants, k) {
			continue
		}
		out = append(out, k)
		variants = append(variants, KeyVariants(k)...)
	}
	return out
}

// Unknown handles a member whose key is not a field; known lists every
// key the type accepts. A key that differs from one of
// them only in letter case (Unicode case folding, as encoding/json
// matches keys) is a problem naming the key to send: never dropped, and
// never folded, which would let a value bypass the host's validation of
// the field it lands in. Any other unknown key is, with RejectUnknown, a
// problem listing the accepted keys; otherwise it is ignored (and
// recorded as a fix).
func (d *Decoder) Unknown(key []byte, m Mode, known []string) {
	d.unknown(key, m, known, nil, nil)
}

// UnknownBeside is Unknown where given tells the keys the object holds:
// the refusal of a key in a closed object then asks for the accepted key
// it is a near spelling of, where the object does not hold that one
// (nearestKey).
func (d *Decoder) UnknownBeside(key []byte, m Mode, known []string, given func(string) bool) {
	d.unknown(key, m, known, nil, given)
}

// unknown is Unknown, reporting whether it ignored the key; given, where
// not nil, tells the keys the object holds (UnknownBeside).
func (d *Decoder) unknown(key []byte, m Mode, known []string, groups [][]string, given func(string) bool) bool {
	if k, variant := foldedKey(key, known, groups); k != "" {
		d.FailKind(lenient.KindKeyCase, string(key), nil, keyCaseMsg(k, variant))
		return false
	}
	if m&RejectUnknown != 0 {
		switch {
		case len(known) > 0:
			accepted := withoutVariants(known)
			d.FailKind(lenient.KindUnknownKey, string(key), nil, "is not a known key"+nearestKey(string(key), accepted, given)+" (accepted: "+joinComma(accepted)+")")
		case d.depth == 0:
			d.FailKind(lenient.KindUnknownKey, string(key), nil, "is not a known key (this tool takes no arguments)")
		default:
			d.FailKind(lenient.KindUnknownKey, string(key), nil, "is not a known key (this object takes none)")
		}
		return false
	}
	if d.nunknown < len(d.unknowns) && d.depth < inlineDepth {
		d.unknowns[d.nunknown] = unknownKey{key, d.depth, d.objAt[d.depth], known}
		d.nunknown++
	}
	if d.record {
		d.fix(string(key), lenient.FixUnknownKey, nil, nil)
	}
	return true
}

// nearestKey is what the refusal of the unknown key in a closed object
// adds where it is a misspelling of one of the accepted keys that the
// object does not hold (given; none where given is nil: the object's
// keys are not known), by jsonwire.Misspelling (the same words in
// another case style, or a small edit distance): the key it resembles
// most, as a question, worded as normalize's misnamed_key refusal in an
// open object is; "" where it resembles none. Nothing is read as that
// key.
func nearestKey(key string, accepted []string, given func(string) bool) string {
	if given == nil {
		return ""
	}
	best, bestScore := "", 1<<30
	for _, k := range accepted {
		// (not one the object holds: asking for it would send it twice)
		if s, ok := jsonwire.Misspelling(key, k); ok && s < bestScore && !given(k) {
			best, bestScore = k, s
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean " + best + "?"
}

// keyCaseMsg is the problem refusing key, which is the keys ks (quoted,
// foldedKey) in another letter case, or a spelling-style variant of
// theirs in another letter case (readonly for read_only, whose variant
// readOnly it folds to).
func keyCaseMsg(ks string, variant bool) string {
	if variant {
		return "is not a known key (send it as " + ks + ")"
	}
	return "is not a known key: keys are case-sensitive (send it as " + ks + ")"
}

// KeyCase returns the problem refusing key where it is a key of keys
// (each field's keys) in another letter case, as the generated decoders
// refuse it (Decoder.Unknown, kind key_case), whether that field is
// given or not; "" where it is none: the normalizer's misnamed_key rules
// refuse such a key so too, never as a misnamed one.
func KeyCase(key string, keys [][]string) string {
	if k, variant := foldedKey([]byte(key), nil, keys); k != "" {
		return keyCaseMsg(k, variant)
	}
	return ""
}

// foldedKey returns the keys of known that key equals under Unicode case
// folding without being one of them, quoted and joined with "or" ("" for
// none). Where groups (each field's keys, canonical name first) are
// given, a spelling-style variant among them is named as the key it is a
// variant of (readOnly of read_only: the one the schema says), and
// variant is true.
func foldedKey(key []byte, known []string, groups [][]string) (out string, variant bool) {
	add := func(k string) {
		q := strconv.Quote(k)
		if strings.Contains(out, q) {
			return
		}
		if out != "" {
			out += " or "
		}
		out += q
	}
	if groups == nil {
		for _, k := range known {
			if len(k) > 0 && equalFold(key, k) && string(key) != k {
				add(k)
			}
		}
		return out, false
	}
	for _, ks := range groups {
		for _, k := range ks {
			if len(k) == 0 || !equalFold(key, k) || string(key) == k {
				continue
			}
			if c := declaredOf(k, ks); c != k {
				k, variant = c, true
			}
			add(k)
		}
	}
	return out, variant
}

// declaredOf returns the declared key that k, one of a field's keys ks
// (its name first, then spelling-style variants and aliases, each
// variant after the key it is one of), is a spelling-style variant of:
// the field's name, or one of its aliases; k itself where it is
// declared.
func declaredOf(k string, ks []string) string {
	var declared, variants []string
	for _, c := range ks {
		if slices.Contains(variants, c) {
			if c == k {
				for _, d := range declared {
					if slices.Contains(KeyVariants(d), k) {
						return d
					}
				}
			}
			continue
		}
		if c == k {
			return k
		}
		declared = append(declared, c)
		variants = append(variants, KeyVariants(c)...)
	}
	return k
}

// equalFold is bytes.EqualFold(key, []byte(k)): equal under Unicode simple
// case folding, rune by rune (invalid UTF-8 reads as U+FFFD, as
// bytes.EqualFold reads it). Written on unicode.SimpleFold, which
// encoding/json links already, so that every server does not link
// bytes.EqualFold's tables for this error message.
func equalFold(key []byte, k string) bool {
	for len(key) > 0 && len(k) > 0 {
		r, n := utf8.DecodeRune(key)
		q, m := utf8.DecodeRuneInString(k)
		key, k = key[n:], k[m:]
		if r == q {
			continue
		}
		if q < r {
			r, q = q, r
		}
		f := unicode.SimpleFold(r)
		for f != q && f > r {
			f = unicode.SimpleFold(f)
		}
		if f != q {
			return false
		}
	}
	return len(key) == 0 && len(k) == 0
}

func joinComma(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

// Missing records that the required member name is absent; aliases are
// its other accepted keys. The message names those that are not name's
// own words in another spelling style (KeyVariants): a model corrects the
// call with name itself.
//
// When the object held keys the type does not know (and ignored), the
// problem names them, and names the key to send when one of them is a
// misspelling of name or of an alias (see keyHint): a model that sent
// "nmae" or "thoughtNumber" corrects the call in one retry.
func (d *Decoder) Missing(name string, aliases []string) {
	msg := "is required"
	if others := withoutVariants(append([]string{name}, aliases...))[1:]; len(others) > 0 {
		msg += " (also accepted as " + joinComma(others) + ")"
	}
	if d.nunknown > 0 {
		msg += d.keyHint(name, aliases)
	}
	d.FailKind(lenient.KindMissing, name, nil, msg)
}

// AbsentForms says which values of an optional field are read as the
// field left out (Decoder.Absent).
type AbsentForms uint8

const (
	// AbsentNull reads null as absent: OpenAI's strict mode has a model
	// send null for every optional field it leaves out.
	AbsentNull AbsentForms = 1 << iota
	// AbsentEmpty reads "" as absent, for a field that is not a string
	// (Cursor sends "" for optional fields the model left out); a string
	// field keeps "".
	AbsentEmpty
	// AbsentNullText reads the text "null" as null, for a norm:"split="
	// field, whose "" is a list of no items (not AbsentEmpty, which reads
	// "null" so too): a model spelling the null, not one item "null".
	AbsentNullText
	// NullTextKept keeps the text "null" as it is where AbsentEmpty would
	// read it as null: for a norm:"wrap" field whose items take it (an
	// enum value, or a value alias's), which reads it as that item.
	NullTextKept
)

// nullTextForms are the forms under which the text "null" is null, but
// with NullTextKept (nullText).
const nullTextForms = AbsentEmpty | AbsentNullText

// nullText reports whether forms read the text "null" as null.
func nullText(forms AbsentForms) bool {
	return forms&nullTextForms != 0 && forms&NullTextKept == 0
}

// NullMissing is, for Decoder.take, a required field's null read as the
// field missing (Decoder.Missing): the value a strict-mode client sends
// for a field it has no value for.
const NullMissing AbsentForms = 1 << 7

// take reports whether to decode the current member of it as the field
// whose keys are spellings, canonical name first: the member is claimed
// (Claim), and then, for an optional field, its value is not one of forms,
// which read as the field left out (Absent), and for a required one (forms
// NullMissing) it is not null, which reads as the field missing (Missing).
// Decoder.Field calls it once for each member a field's key names.
func (d *Decoder) take(seen *bool, it *ObjectIter, spellings []string, forms AbsentForms) bool {
	switch {
	case !d.Claim(seen, it, spellings):
		return false
	case forms&NullMissing == 0:
		if d.NullTextValue(it, spellings[0], forms) {
			return true
		}
		return !d.Absent(it.Value, spellings[0], forms)
	case Null(it.Value):
		d.Missing(spellings[0], spellings[1:])
		return false
	}
	return true
}

// NullTextValue reads the value of the current member of it, the
// optional member name, as null where it is the text "null" (isNullText)
// and forms, the member's, is AbsentEmpty or AbsentNullText without
// AbsentNull: a field that is not a string, whose own value null is (a
// pointer without a default). It records the fix (FixNullText) and
// reports whether it did. Take calls it.
func (d *Decoder) NullTextValue(it *ObjectIter, name string, forms AbsentForms) bool {
	if forms&AbsentNull != 0 || !nullText(forms) || !isNullText(it.Value) {
		return false
	}
	if d.record {
		d.fix(name, lenient.FixNullText, trimSpace(it.Value), nullJSON)
	}
	it.Value = nullJSON
	return true
}

// Absent reports whether v, the value of the optional member name, is
// one of forms (null, ""), which read as the member left out: its default
// applies, or its zero value. The fix is recorded (FixAbsent, from the
// value). Where forms has both (or AbsentNull and AbsentNullText), the
// field is not a string and null is read, so the text "null" is null too
// (FixNullText, then FixAbsent);
// take reads it as null where null is the field's own value (AbsentEmpty
// alone: a pointer without a default).
func (d *Decoder) Absent(v []byte, name string, forms AbsentForms) bool {
	v = trimSpace(v)
	left, nullText := leftOut(v, forms)
	if left && d.record {
		if nullText {
			d.fix(name, lenient.FixNullText, v, nullJSON)
			d.fix(name, lenient.FixAbsent, nullJSON, nil)
		} else {
			d.fix(name, lenient.FixAbsent, v, nil)
		}
	}
	return left
}

// leftOut reports whether v, trimmed, is one of forms (null, ""), which
// read as the member left out (Absent), and whether it is so as null
// spelled as text: where forms has AbsentNull and AbsentEmpty or
// AbsentNullText (and not NullTextKept), the field is not a string and
// null is read, so the text "null" is null too.
func leftOut(v []byte, forms AbsentForms) (left, asText bool) {
	if forms&AbsentNull != 0 && nullText(forms) && isNullText(v) {
		return true, true
	}
	return len(v) == 4 && forms&AbsentNull != 0 && Null(v) || len(v) == 2 && forms&AbsentEmpty != 0 && v[0] == '"' && v[1] == '"', false
}

// Defaulted records that the absent member name was given its default,
// whose JSON text is value.
func (d *Decoder) Defaulted(name, value string) {
	if d.record {
		d.fix(name, lenient.FixDefault, nil, []byte(value))
	}
}

// Expand replaces each {{index}} in a default template with index; a
// negative index (Decoder.Index outside any array) leaves the template as
// it is, which DefaultedString then refuses.
func Expand(template string, index int) string {
	if index < 0 {
		return template
	}
	return replaceAll(template, "{{index}}", strconv.Itoa(index))
}
