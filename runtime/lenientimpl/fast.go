package lenientimpl

import (
	"encoding/binary"
	"strconv"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// Fast reads a document in one pass for a generated decoder's fast path.
//
// A generated UnmarshalJSON first tries to decode clean input with a Fast:
// JSON whose every member has its field's own JSON type, keys given once,
// no key the type does not declare (but one, Unknown), no null, no absent
// field that is required, small enough (fastMax, fastMaxInts). That is what a client
// following the schema sends, and a decoder need not outline it first
// (Decoder.Begin's tape) to read it. Any other input makes the fast path give up (a method
// returns false) and the generated code decodes it again with a Decoder,
// from the start, which then does all that the semantics table says. The
// fast path therefore never decides anything: on the input it finishes, it
// gives what the Decoder gives, and the generated packages' fuzz targets
// check that. It also reads what are fixes to the Decoder: keys sent as
// aliases (f.alias), scalars sent as strings, containers sent as JSON text,
// absent fields given their defaults (Default); where fixes are reported
// (Start), only for the top-level object's members, recording them as the
// Decoder does.
//
// The methods read the value at the current position and move past it;
// each returns false when it cannot read it (not that type, not clean
// JSON), after which the Fast must not be used again.
type Fast struct {
	data  []byte
	i     int
	depth int
	// closed is set when Key or Elem met the end of its container.
	closed bool
	// block is short strings' memory, as in Decoder; text is the
	// unquoted text of strings with escapes.
	block, text []byte
	// start is where the last number read began (Value).
	start int
	// record is set by Start with report: the Decoder would record a fix the fast
	// path gives up on, unless report is set and the fix is to a
	// top-level member's value (fixable), which it records in fixes.
	// (The tests set record alone, a fast path that gives up on every
	// fix, to check that it reads no fix the Decoder would not make.)
	record, report bool
	// key is the key Key read last, or the field's name when that was an
	// alias (f.alias): while a top-level member's value is read (depth 1),
	// the path of its fixes.
	key    []byte
	fixes  []lenient.Fix
	fixMem []byte
	// frames are where reading goes on after the JSON text being read
	// (texts of them), a string's inside another's.
	frames [4]textFrame
	texts  int
	// esc is set while reading JSON text in place, inside the escaped
	// string that holds it: its quotes are \" and white space may be
	// the escapes \n, \t and \r.
	esc bool
	// big is set for a document larger than fastMax, whose arrays only
	// ReadInts reads.
	big bool
}

// fastMax is the largest document the fast path reads whole. A clean
// document is read faster (a 64 KB array of strings or integers in 27-40%
// fewer instructions, a long escaped string, a file's contents, in as
// many), but one it gives up on late costs up to a pass over it before
// the Decoder's, twice the time in the worst case; the limit keeps that
// worst case under a quarter of a millisecond or so. Larger documents, up
// to fastMaxInts, it reads but for their arrays.
const fastMax = 256 << 10

// fastMaxInts is the largest document the fast path takes. In a document
// larger than fastMax it reads no array but an array of integers
// (ReadInts): any other (Array) it gives up on. ReadInts reads a 1 MB
// array of integers in half the instructions the Decoder takes, with no
// memory but its slice (the Decoder's tape takes 16 bytes an element),
// where the fast path's other arrays grow theirs as they go (a 1 MB array
// of strings took three times the Decoder's memory). A document given up
// on late costs a pass over what was read before it, a few milliseconds
// at most.
const fastMaxInts = 2 << 20

// fastDepth is the deepest nesting the fast path reads; deeper documents
// go to the Decoder, which has its own limit and error.
const fastDepth = 64

// fastOff is DisableFast's switch.
var fastOff atomic.Bool

// DisableFast turns the generated decoders' fast path off (true) or back
// on (false) in the whole process: while it is off, every document goes to
// the Decoder. The fast path gives what the Decoder gives; the switch is
// there to compare the two (normgen's own tests do, on every generated
// call) and to rule the fast path out when a decode surprises you.
func DisableFast(off bool) { fastOff.Store(off) }

// begin starts reading data and reports whether the fast path takes it.
func (f *Fast) begin(data []byte) bool {
	if len(data) > fastMaxInts || fastOff.Load() {
		return false
	}
	f.data, f.big = data, len(data) > fastMax
	return true
}

// Start is begin, the fast path's start in generated code. With report
// set, the fast path records the fixes the Decoder records to the
// top-level object's members (a key sent as an alias: f.alias, a scalar
// sent as a string, a container sent as JSON text, an absent field given
// its default: Default, a key the type does not declare: Unknown), as the
// Decoder records them, for Fixes; it still gives up where the Decoder
// would record any other fix (inside a container or JSON text).
func (f *Fast) Start(data []byte, report bool) bool {
	f.record, f.report = report, report
	return f.begin(data)
}

// End reports whether the value read is whole (no container or JSON text
// left open) and only white space follows it.
func (f *Fast) End() bool {
	return f.depth == 0 && f.texts == 0 && jsonwire.SkipSpace(f.data, f.i) == len(f.data)
}

// Object reads the '{' that opens an object, or (unless m is Strict; see
// fixable) a string holding JSON object text, as Decoder.Object does,
// whose object is then read.
func (f *Fast) Object(m Mode) bool { return f.open('{', m) }

// Array reads the '[' that opens an array, or a string holding JSON array
// text; see Object. It gives up in a document larger than fastMax.
func (f *Fast) Array(m Mode) bool { return !f.big && f.open('[', m) }

// open reads the byte that opens a container, or enters the JSON text in
// a string that opens with it.
func (f *Fast) open(c byte, m Mode) bool {
	i := f.scalar()
	if i < 0 || f.depth == fastDepth {
		return false
	}
	if f.data[i] != c {
		if f.data[i] != '"' || !f.enterText(i, c, m) {
			return false
		}
		i = f.i
	}
	f.depth++
	f.i = i + 1
	if f.esc {
		f.i = escSpace(f.data, f.i) // for scalar
	}
	return true
}

// textFrame is where reading goes on after the JSON text of a string
// (data[i:]), or for escaped text, read in place, where its string opens
// (data[i] is its quote).
type textFrame struct {
	data  []byte
	i     int
	depth int
}

// enterText makes the text of the string at data[i] what is read, at its
// opening byte c: the Decoder reads a string as JSON text (containerText)
// when it is not Strict, recording a fix (fixable; for escaped text, close
// records it).
//
// Not in escaped text: a string there starts with \", which open does not
// take, and a raw '"' ends the string holding the text (malformed).
func (f *Fast) enterText(i int, c byte, m Mode) bool {
	if !f.fixable(m) || f.esc || f.texts == len(f.frames) {
		return false
	}
	data := f.data
	j, _ := stopAt(data, i+1)
	if j >= len(data) {
		return false
	}
	switch data[j] {
	case '"':
		// No escape: the text is the string's bytes, which can hold no
		// string (invalid UTF-8 in it is no JSON either).
		t := data[i+1 : j]
		k := jsonwire.SkipSpace(t, 0)
		if k == len(t) || t[k] != c {
			return false
		}
		f.frames[f.texts] = textFrame{f.data, j + 1, f.depth}
		f.texts++
		if f.report {
			f.fix(lenient.FixJSONText, data[i:j+1], compact(t))
		}
		f.data, f.i = t, k
		return true
	case '\\':
		// Read in place, as escaped text (esc): not unquoted first.
		f.frames[f.texts] = textFrame{f.data, i, f.depth}
		f.esc = true
		k := escSpace(data, i+1)
		if k >= len(data) || data[k] != c {
			return false
		}
		f.texts++
		f.i = k
		return true
	}
	return false
}

// close ends a container at data[i]; when it was a string's JSON text,
// reading goes back to what holds the string, after checking that only
// white space follows in the text.
func (f *Fast) close(i int) bool {
	f.i = i + 1
	f.depth--
	if f.texts > 0 && f.depth == f.frames[f.texts-1].depth {
		f.texts--
		if f.esc {
			// Escaped text ends at the string's closing quote.
			k := escSpace(f.data, f.i)
			if k >= len(f.data) || f.data[k] != '"' {
				return false
			}
			f.i = k + 1
			f.esc = false
			if f.report {
				v := f.data[f.frames[f.texts].i:f.i]
				f.fix(lenient.FixJSONText, v, compact(jsonwire.Unquote(v, nil)))
			}
		} else {
			if jsonwire.SkipSpace(f.data, f.i) != len(f.data) {
				return false
			}
			fr := f.frames[f.texts]
			f.data, f.i = fr.data, fr.i
		}
	}
	f.closed = true
	return true
}

// Key reads the key of an object's member n (0 for the first) and the
// colon after it. It returns false at the object's end, with Closed
// reporting true, and on anything else it cannot read: a key with an
// escape or a byte outside ASCII, a missing comma or colon.
func (f *Fast) Key(n int) ([]byte, bool) {
	f.closed = false // until the '}' is met
	if f.esc {
		return f.escKey(n)
	}
	data := f.data
	i := f.i
	if i < len(data) && data[i] <= ' ' {
		i = jsonwire.SkipSpace(data, i)
	}
	if i >= len(data) {
		return nil, false
	}
	if data[i] == '}' {
		f.close(i)
		return nil, false
	}
	if n > 0 {
		if data[i] != ',' {
			return nil, false
		}
		i++
		if i < len(data) && data[i] <= ' ' {
			i = jsonwire.SkipSpace(data, i)
		}
	}
	if i >= len(data) || data[i] != '"' {
		return nil, false
	}
	// Keys of up to seven bytes end in the first word, read here.
	q := i + 1
	j, seen := q, uint64(0)
	if j+8 <= len(data) {
		x := binary.LittleEndian.Uint64(data[j:])
		if stop := jsonwire.SWARStop(x); stop != 0 {
			k, before := jsonwire.BeforeStop(x, stop)
			j, seen = j+k, before
		} else {
			j, seen = stopAt(data, j+8)
			seen |= x
		}
	} else {
		j, seen = stopAt(data, j)
	}
	// An escape or a byte outside ASCII is left to the Decoder.
	if j >= len(data) || data[j] != '"' || seen&jsonwire.SWARHigh != 0 {
		return nil, false
	}
	k := j + 1
	if k < len(data) && data[k] <= ' ' {
		k = jsonwire.SkipSpace(data, k)
	}
	if k >= len(data) || data[k] != ':' {
		return nil, false
	}
	f.i = k + 1
	f.key = data[q:j]
	return f.key, true
}

// escKey is Key in escaped text, where a key is quoted with \".
func (f *Fast) escKey(n int) ([]byte, bool) {
	data := f.data
	i := escSpace(f.data, f.i)
	if i < len(data) && data[i] == '}' {
		f.close(i)
		return nil, false
	}
	if n > 0 {
		if i >= len(data) || data[i] != ',' {
			return nil, false
		}
		i = escSpace(data, i+1)
	}
	if !escQuote(data, i) {
		return nil, false
	}
	j, seen := stopAt(data, i+2)
	if !escQuote(data, j) || seen&jsonwire.SWARHigh != 0 {
		return nil, false
	}
	k := escSpace(data, j+2)
	if k >= len(data) || data[k] != ':' {
		return nil, false
	}
	f.i = escSpace(data, k+1) // for scalar
	return data[i+2 : j], true
}

// Elem moves to an array's element n (0 for the first). It returns false
// at the array's end, with Closed reporting true, and when the comma
// before the element is missing.
func (f *Fast) Elem(n int) bool {
	f.closed = false // until the ']' is met
	data := f.data
	i := f.i
	if f.esc {
		i = escSpace(f.data, i)
	} else if i < len(data) && data[i] <= ' ' {
		i = jsonwire.SkipSpace(data, i)
	}
	if i >= len(data) {
		return false
	}
	if data[i] == ']' {
		f.close(i)
		return false
	}
	if n > 0 {
		if data[i] != ',' {
			return false
		}
		i++
		if f.esc {
			i = escSpace(data, i) // for scalar
		}
	}
	f.i = i
	return true
}

// Closed reports whether the last Key or Elem that returned false met the
// end of its container (not something it could not read).
func (f *Fast) Closed() bool { return f.closed }

// scalar skips the space before a value and returns its first byte's
// index, or -1 at the end of the data.
func (f *Fast) scalar() int {
	i := f.i
	if i < len(f.data) && f.data[i] <= ' ' {
		if f.esc {
			// A raw control character: no byte of a string. (The
			// escaped text's white space was skipped by what read the
			// colon, comma or bracket before the value.)
			return -1
		}
		i = jsonwire.SkipSpace(f.data, i)
	}
	if i >= len(f.data) {
		return -1
	}
	return i
}

// escSpace skips white space in escaped text from data[i] on: a space,
// or the escapes \n, \t and \r, which unquote to white space (a raw
// newline or tab is no byte of a string).
func escSpace(data []byte, i int) int {
	for i < len(data) {
		switch {
		case data[i] == ' ':
			i++
		case data[i] == '\\' && i+1 < len(data) && (data[i+1] == 'n' || data[i+1] == 't' || data[i+1] == 'r'):
			i += 2
		default:
			return i
		}
	}
	return i
}

// Value returns the JSON text of the last number read by readInt, readUint or
// readFloat (for the checks that compare a number as it was sent).
func (f *Fast) Value() []byte { return f.data[f.start:f.i] }

// readString reads a JSON string, as Decoder.String reads it in mode m.
func (f *Fast) readString(m Mode) (string, bool) {
	i := f.scalar()
	if i < 0 {
		return "", false
	}
	data := f.data
	if f.esc {
		if !escQuote(data, i) {
			return "", false
		}
		q := i + 2
		j, seen := stopAt(data, q)
		if escQuote(data, j) && (seen&jsonwire.SWARHigh == 0 || utf8.Valid(data[q:j])) {
			f.i = j + 2
			return f.keep(data[q:j], i), true
		}
		if m&Unescape != 0 {
			return "", false
		}
		// Escapes of its own, or invalid UTF-8.
		return f.escString(q, j)
	}
	if data[i] != '"' {
		return "", false
	}
	j, seen := stopAt(data, i+1)
	if j >= len(data) {
		return "", false
	}
	switch data[j] {
	case '"':
		// No escape: Unescape changes nothing (its literal \n has a
		// backslash).
		f.i = j + 1
		text := data[i+1 : j]
		if seen&jsonwire.SWARHigh != 0 && !utf8.Valid(text) {
			return StringValue(data[i : j+1]), true
		}
		return f.keep(text, i), true
	case '\\':
		if m&Unescape != 0 {
			// Unescape may read a literal \n as a newline: a fix, left
			// to the Decoder.
			return "", false
		}
		return f.unquoted(i, j, seen&jsonwire.SWARHigh != 0)
	}
	return "", false // a control character
}

// escString reads the rest of a string in escaped text, from data[j] on,
// where its run of plain bytes from data[q] stopped at an escape of the
// holding string that is not its \" or at invalid UTF-8. The holding
// string's escapes are unquoted first, which gives the string as the JSON
// text has it (with escapes of its own), which is then checked and
// unquoted: what the Decoder does to the holding string, then to the
// string in its text.
func (f *Fast) escString(q, j int) (string, bool) {
	data := f.data
	buf := append(make([]byte, 0, 2*(j-q)+32), '"')
	buf = append(buf, data[q:j]...)
	backslash := false // buf ends in the string's own backslash, which escapes the next byte
	for j < len(data) {
		c := data[j]
		switch {
		case c == '"' || c < 0x20:
			// The holding string ends inside the string, or is malformed.
			return "", false
		case c != '\\':
			buf = append(buf, c)
			backslash = false
			j++
			continue
		case j+1 >= len(data):
			return "", false
		}
		r := rune(jsonwire.UnescapeByte[data[j+1]])
		k := j + 2
		if r == 0 {
			if data[j+1] != 'u' || !jsonwire.HexEscape(data, j) {
				return "", false
			}
			r, k = jsonwire.EscapedRune(data, j)
		}
		if r == '"' && !backslash {
			// The string's closing quote.
			buf = append(buf, '"')
			if end, _, ok := jsonwire.StringScan(buf, 0); !ok || end != len(buf) {
				return "", false
			}
			f.i = k
			return StringValue(buf), true
		}
		buf = utf8.AppendRune(buf, r)
		backslash = r == '\\' && !backslash
		j = k
	}
	return "", false
}

// escQuote reports whether data[i:] starts with \", a quote in escaped
// text.
func escQuote(data []byte, i int) bool {
	return i+1 < len(data) && data[i] == '\\' && data[i+1] == '"'
}

// stopAt returns the index of the first '"', '\\' or control character
// at or after j (or len(data)), a word at a time, and the OR of the bytes
// before it (whose high bits say non-ASCII).
func stopAt(data []byte, j int) (int, uint64) {
	var seen uint64
	for j+8 <= len(data) {
		x := binary.LittleEndian.Uint64(data[j:])
		if stop := jsonwire.SWARStop(x); stop != 0 {
			k, before := jsonwire.BeforeStop(x, stop)
			return j + k, seen | before
		}
		seen |= x
		j += 8
	}
	return jsonwire.TailStop(data, j, seen)
}

// keep returns a string of text, read at data[i]: short ones share a
// block, as in Decoder.keep.
func (f *Fast) keep(text []byte, i int) string {
	switch {
	case len(text) == 0:
		return ""
	case len(text) > maxShared:
		return string(text)
	}
	if cap(f.block)-len(f.block) < len(text) {
		// The first block has room for half the rest of the document:
		// its short strings need less than all of it (keys and quotes
		// take room too). A second one has room for all of the rest, so
		// that there is no third. A block is blockSize at most, as in
		// Decoder.room.
		room := len(f.data) - i
		if f.block == nil {
			room /= 2
		}
		f.block = make([]byte, 0, max(min(room, blockSize), len(text)))
	}
	n := len(f.block)
	f.block = append(f.block, text...)
	return unsafe.String(&f.block[n], len(text))
}

// unquoted reads the string at data[i] whose first escape is at data[j],
// checking and unquoting it in one pass (escapedScan) into f.text.
// escapedScan needs room for the rest of the string (its text is never
// longer than its bytes) and 16 bytes: f.text is made with room for the
// rest of the document, which then lasts for the strings after it too.
// In a buffer of up to blockSize bytes the strings stay, as in a
// Decoder's block. In a larger one, a string that is most of it keeps it
// (f.text starts again with the next one); a shorter one is copied out,
// as Decoder.String copies out of its tape's text, so that it does not
// keep alive a buffer more than twice its size, and f.text is used again.
// high tells whether the bytes before j hold one outside ASCII. Invalid
// UTF-8 becomes U+FFFD, as the Decoder makes it.
func (f *Fast) unquoted(i, j int, high bool) (string, bool) {
	data := f.data
	if room := len(data) - i + 16; cap(f.text)-len(f.text) < room {
		f.text = make([]byte, 0, room)
	}
	lo := len(f.text)
	f.text = append(f.text, data[i+1:j]...)
	end, rest, ok := jsonwire.EscapedScan(data, j, &f.text)
	if !ok {
		return "", false
	}
	f.i = end
	t := f.text[lo:]
	if (high || rest) && !utf8.Valid(t) {
		f.text = f.text[:lo]
		return StringValue(data[i:end]), true
	}
	switch {
	case cap(f.text) <= blockSize+16:
		// Small, as a Decoder's block: its strings share it.
		return unsafe.String(&t[0], len(t)), true
	case 2*len(t) >= cap(f.text)-lo:
		f.text = nil
		return unsafe.String(&t[0], len(t)), true
	}
	f.text = f.text[:lo]
	return f.keep(t, i), true
}

// quotedScalar reads a string holding a boolean's text ("yes", "1"; readInt,
// readUint and readFloat read their string forms in place), for readBool, which has
// checked that it is fixable: false when the string holds an escape.
func (f *Fast) quotedScalar(i int) ([]byte, bool) {
	// A string with an escape is left to the Decoder; bytes outside
	// ASCII are read as the Decoder reads them (the text is the bytes).
	j, _ := stopAt(f.data, i+1)
	if j >= len(f.data) || f.data[j] != '"' {
		return nil, false
	}
	f.i = j + 1
	return f.data[i+1 : j], true
}

// number reads a JSON number's text.
func (f *Fast) number(i int) ([]byte, bool) {
	end, ok := jsonwire.NumberEnd(f.data, i)
	if !ok {
		return nil, false
	}
	f.i = end
	return f.data[i:end], true
}

// readInt reads an integer that fits in bits, as Decoder.Int reads it in mode
// m: an integer literal, or when not recording fixes a string form.
func (f *Fast) readInt(bits int, m Mode) (int64, bool) {
	n, ok := f.integer(bits, m, true)
	return int64(n), ok
}

// readUint reads an unsigned integer that fits in bits, as Decoder.Uint reads
// it in mode m.
func (f *Fast) readUint(bits int, m Mode) (uint64, bool) { return f.integer(bits, m, false) }

// integer is readInt (signed, its result's bits an int64's) and readUint. It is
// not generic: a generic body moved the generated code's Fast to the heap.
func (f *Fast) integer(bits int, m Mode, signed bool) (uint64, bool) {
	// The commonest: an integer literal of up to 15 digits with no
	// space before it, not near the data's end, in range; the rest is
	// intAt's.
	i, data := f.i, f.data
	if i+18 <= len(data) {
		j := i
		if data[i] == '-' {
			j++
		}
		if data[j]-'1' <= 8 {
			u, n := leadingDigits(data, j)
			if c := data[j+n]; n < 16 && c != '.' && c|0x20 != 'e' {
				// intFits, by hand: it is not inlined.
				v, ok := u, j == i && u <= maxUint(bits)
				if signed {
					var s int64
					s, ok = intIn(u, j > i, bits)
					v = uint64(s)
				}
				if ok {
					f.start, f.i = i, j+n
					return v, true
				}
			}
		}
	}
	return f.intAt(bits, m, signed)
}

// intFits is u with its sign, as an int64's bits when signed, and whether
// it fits in bits: unsigned, it takes -0 and no other negative.
func intFits(u uint64, neg bool, bits int, signed bool) (uint64, bool) {
	if signed {
		n, ok := intIn(u, neg, bits)
		return uint64(n), ok
	}
	return u, (!neg || u == 0) && u <= maxUint(bits)
}

// intAt is integer past its commonest case.
func (f *Fast) intAt(bits int, m Mode, signed bool) (uint64, bool) {
	i := f.scalar()
	if i < 0 {
		return 0, false
	}
	f.start = i
	data := f.data
	quoted := data[i] == '"'
	if quoted {
		if !f.fixable(m) {
			return 0, false
		}
		i++
	}
	// The digits, read here: at most 18 of them cannot overflow.
	j, neg := i, i < len(data) && data[i] == '-'
	if neg {
		j++
	}
	var u uint64
	k := len(data) // the digits' end, once read
	if j+16 <= len(data) {
		if v, n := leadingDigits(data, j); n < 16 {
			u, k = v, j+n
		}
	}
	if k == len(data) {
		// Near the data's end, or 16 digits or more: a byte at a time.
		for k = j; k < len(data); k++ {
			c := data[k] - '0'
			if c > 9 {
				break
			}
			u = u*10 + uint64(c) // wraps past 19 digits, which are not taken so
		}
	}
	d := k - j
	if quoted {
		// ParseIntString's form, -?[0-9]+, or ParseUintString's, [0-9]+
		// (leading zeros read), and the closing quote; anything else in
		// the string the Decoder does not read either.
		if d == 0 || k >= len(data) || data[k] != '"' || neg && !signed {
			return 0, false
		}
		f.i = k + 1
		var n uint64
		ok := false
		switch {
		case d <= 18:
			n, ok = intFits(u, neg, bits, signed)
		case signed:
			v, err := ParseIntString(data[i:k], bits)
			n, ok = uint64(v), err == nil
		default:
			v, err := ParseUintString(data[i:k], bits)
			n, ok = v, err == nil
		}
		if !ok {
			return 0, false
		}
		if f.report {
			var buf [24]byte
			to := strconv.AppendUint(buf[:0], n, 10)
			if signed {
				to = strconv.AppendInt(buf[:0], int64(n), 10)
			}
			f.fix(lenient.FixStringToInt, data[f.start:f.i], to)
		}
		return n, true
	}
	if d > 0 && d <= 18 && (data[j] != '0' || d == 1) &&
		(k == len(data) || data[k] != '.' && data[k]|0x20 != 'e') {
		f.i = k
		return intFits(u, neg, bits, signed)
	}
	v, ok := f.number(i)
	if !ok || !jsonwire.PlainInteger(v) {
		// A fraction or exponent: a fix the Decoder records (1.0 for 1).
		return 0, false
	}
	if signed {
		n, err := ParseIntNumber(v, bits)
		return uint64(n), err == nil
	}
	n, err := ParseUintNumber(v, bits)
	return n, err == nil
}

// readFloat reads a number into a float of bits (32 or 64), as Decoder.Float
// reads it in mode m.
func (f *Fast) readFloat(bits int, m Mode) (float64, bool) {
	i := f.scalar()
	if i < 0 {
		return 0, false
	}
	f.start = i
	if f.data[i] == '"' {
		// A string ParseFloat reads is a JSON number and nothing else.
		if !f.fixable(m) {
			return 0, false
		}
		end, ok := jsonwire.NumberEnd(f.data, i+1)
		if !ok || end >= len(f.data) || f.data[end] != '"' {
			return 0, false
		}
		f.i = end + 1
		x, err := ParseFloat(f.data[i+1:end], bits)
		if err != nil {
			return 0, false
		}
		if f.report {
			var buf [32]byte
			f.fix(lenient.FixStringToFloat, f.data[i:f.i], strconv.AppendFloat(buf[:0], x, 'g', -1, bits))
		}
		return x, true
	}
	v, ok := f.number(i)
	if !ok {
		return 0, false
	}
	x, err := ParseFloat(v, bits)
	return x, err == nil
}

// readBool reads true or false, or a string form as Decoder.Bool reads it in
// mode m.
func (f *Fast) readBool(m Mode) (bool, bool) {
	i := f.scalar()
	if i < 0 {
		return false, false
	}
	rest := f.data[i:]
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "true":
		f.i = i + 4
		return true, true
	case len(rest) >= 5 && string(rest[:5]) == "false":
		f.i = i + 5
		return false, true
	case rest[0] == '"':
		b, ok := false, false
		switch {
		case !f.fixable(m):
			return false, false
		// "true" and "false" first: every table reads them.
		case len(rest) >= 6 && string(rest[:6]) == `"true"`:
			f.i, b, ok = i+6, true, true
		case len(rest) >= 7 && string(rest[:7]) == `"false"`:
			f.i, b, ok = i+7, false, true
		default:
			var t []byte
			if t, ok = f.quotedScalar(i); ok {
				b, ok = ParseBool(t, m&StrictBool != 0)
			}
		}
		if ok && f.report {
			var buf [8]byte
			f.fix(lenient.FixStringToBool, f.data[i:f.i], strconv.AppendBool(buf[:0], b))
		}
		return b, ok
	}
	return false, false
}

// Default reports whether the fast path may give the absent field name
// its default, whose JSON is value: always, unless fixes are recorded;
// when they are reported (Start), for a field of the top-level object
// (read to its end), recording the fix as Decoder.Defaulted does.
func (f *Fast) Default(name, value string) bool {
	if !f.mayFix(0) {
		return false
	}
	if f.report {
		f.fixes = appendFix(f.fixes, &f.fixMem, memberPath(name), nil, lenient.FixDefault, nil, []byte(value))
	}
	return true
}

// alias reports whether the fast path may read the member whose key,
// just read, is an alias of the field name: always, unless fixes are
// recorded; when they are reported (Start), for a member of the
// top-level object, recording the fix as Decoder.Claim does.
func (f *Fast) alias(key []byte, name string) bool {
	if !f.mayFix(1) {
		return false
	}
	if !f.report {
		return true
	}
	var from, to [64]byte
	f.fixes = appendFix(f.fixes, &f.fixMem, memberPath(name), nil, lenient.FixAlias,
		jsonwire.AppendQuoteEncodingJSON(from[:0], unsafeString(key)), jsonwire.AppendQuoteEncodingJSON(to[:0], name))
	// The member's value's fixes are the field's, at its name, as the
	// Decoder records them (only ever read, never written).
	f.key = unsafe.Slice(unsafe.StringData(name), len(name))
	return true
}

// Unknown skips the value of the member whose key, just read, the type
// does not declare (a type that ignores unknown keys), as the Decoder
// ignores it: the value must be JSON that Decoder.Begin accepts, which
// the same validator checks (duplicate keys included). Not in escaped
// text; where fixes are reported, only for a member of the top-level
// object, recording the fix as Decoder.Unknown does. Generated code skips
// one such member per object: a second might repeat the first's key,
// which the Decoder rejects.
func (f *Fast) Unknown(key []byte) bool {
	if f.esc || !f.mayFix(1) {
		return false
	}
	i := f.scalar()
	if i < 0 {
		return false
	}
	var v jsonwire.Validator
	end, err := v.ValueAt(f.data, i, f.depth)
	if err != nil {
		return false
	}
	f.i = end
	if f.report {
		f.fix(lenient.FixUnknownKey, nil, nil)
	}
	return true
}

// UnknownIn is Unknown for a type with fields: it gives up on every key
// of every field of fields, in any letter case (a key in another letter
// case, which the Decoder refuses, and an alias AliasIn refused): generated
// code calls it, for a type with fields, on a key its switch has no case
// for; for a type without fields, it calls Unknown. It gives up,
// too, on a key that is a near spelling of a field, or has the same
// letters as two fields' keys (nearField), which the Decoder refuses
// where the field, or both, are left out.
func (f *Fast) UnknownIn(key []byte, fields *Fields) bool {
	for _, keys := range fields.Keys {
		for _, k := range keys {
			if equalFold(key, k) {
				return false
			}
		}
	}
	j, _, n := nearField(key, fields.Keys)
	return j < 0 && n == 0 && f.Unknown(key)
}

// AliasIn returns the name of the field of fields that key, just read and
// not a field's name, is an alias of (one of its Keys but the first),
// where the fast path may read the member under it (f.alias, which records
// the fix where fixes are reported); else nil: UnknownIn then gives up on
// an alias, as on any key a field has in some letter case. Generated code
// switches on the name it returns as on the key.
func (f *Fast) AliasIn(key []byte, fields *Fields) []byte {
	for _, keys := range fields.Keys {
		for _, a := range keys[1:] {
			if string(key) == a {
				if !f.alias(key, keys[0]) {
					return nil
				}
				return unsafe.Slice(unsafe.StringData(keys[0]), len(keys[0]))
			}
		}
	}
	return nil
}

// Fixes returns the fixes recorded since Report, in the Decoder's order
// (nil when there are none).
func (f *Fast) Fixes() []lenient.Fix { return f.fixes }

// mayFix reports whether the fast path may make a fix at depth (1: to a
// top-level member, 0: to the top-level object read to its end): always,
// unless fixes are recorded; when they are reported (Start), only at
// that depth of the document itself, not in JSON text.
func (f *Fast) mayFix(depth int) bool {
	return !f.record || f.report && f.depth == depth && f.texts == 0
}

// fixable reports whether a value that is a fix in mode m may be read:
// never in Strict mode, nor in escaped text, where a string is quoted
// with \" and a raw '"' ends the string holding the text (the string
// forms of scalars there are left to the Decoder); else as mayFix says
// for a top-level member's value. A Secret value's fixes, when recorded,
// are left to the Decoder, which hides their values.
func (f *Fast) fixable(m Mode) bool {
	return m&Strict == 0 && !f.esc && f.mayFix(1) && (m&Secret == 0 || !f.record)
}

// fix records a fix to the value of the top-level member being read.
func (f *Fast) fix(kind lenient.FixKind, from, to []byte) {
	if jsonwire.IsPlainKey(unsafeString(f.key)) {
		f.fixes = appendFix(f.fixes, &f.fixMem, "", f.key, kind, from, to)
		return
	}
	f.fixes = appendFix(f.fixes, &f.fixMem, memberPath(string(f.key)), nil, kind, from, to)
}

// ReadString reads a string into *p (see Fast.readString). Generated code
// calls the Read functions for fields that take the value as it is read
// (no check, no value alias, no pointer); *p is written even when they
// return false, when the fast path gives up anyway.
func ReadString[T ~string](f *Fast, p *T, m Mode) bool {
	s, ok := f.readString(m)
	*p = T(s)
	return ok
}

// ReadBool reads a boolean into *p (see Fast.readBool and ReadString).
func ReadBool[T ~bool](f *Fast, p *T, m Mode) bool {
	b, ok := f.readBool(m)
	*p = T(b)
	return ok
}

// ReadInt reads an integer of bits into *p (see Fast.readInt and ReadString).
func ReadInt[T ~int | ~int8 | ~int16 | ~int32 | ~int64](f *Fast, p *T, bits int, m Mode) bool {
	n, ok := f.readInt(bits, m)
	*p = T(n)
	return ok
}

// ReadInts reads an array of integers of bits into *p, as the generated
// fast path reads any array (Array in mode m, here also in a document
// larger than fastMax, Elem and ReadInt in m without
// Wrap for each element, Closed; the slice made with its length as its
// capacity), in one call: the elements are counted before they are read
// (elemCount), so that the slice is allocated once, and the next element
// after a comma with no space before it is read without Elem. *p is set
// only when it returns true.
func ReadInts[S ~[]E, E ~int | ~int8 | ~int16 | ~int32 | ~int64](f *Fast, p *S, bits int, m Mode) bool {
	if !f.open('[', m) {
		return false
	}
	m &^= Wrap
	s := make(S, 0, elemCount(f.data, f.i))
	for n := 0; f.Elem(n); {
		data, i := f.data, f.i
		for {
			// readInt's commonest case, here; the rest is intAt's.
			var v int64
			ok := false
			if i+18 <= len(data) {
				j := i
				if data[i] == '-' {
					j++
				}
				if data[j]-'1' <= 8 {
					u, k := leadingDigits(data, j)
					if c := data[j+k]; k < 16 && c != '.' && c|0x20 != 'e' {
						if v, ok = intIn(u, j > i, bits); ok {
							i = j + k
						}
					}
				}
			}
			if !ok {
				f.i = i
				var u uint64
				if u, ok = f.intAt(bits, m, true); !ok {
					return false
				}
				v, i = int64(u), f.i
			}
			s = append(s, E(v))
			n++
			// What Elem(n) does at a comma with no space before it,
			// outside escaped text (whose white space may be escapes).
			if !f.esc && i < len(data) && data[i] == ',' {
				i++
				continue
			}
			f.i = i
			break
		}
	}
	if !f.Closed() {
		return false
	}
	if len(s) != cap(s) {
		// Counted short: elements that elemCount does not count.
		s = append(make(S, 0, len(s)), s...)
	}
	*p = s
	return true
}

// ReadStrings reads an array of strings into *p, as the generated fast
// path reads an array of any other element type (Array in mode m, Elem
// and ReadString in m without Wrap for each element, Closed; the elements
// gathered on the stack and the slice made with its length as its
// capacity), in one call. *p is set only when it returns true. It takes a
// []string only, not a slice of a named string type as ReadInts would: a
// generic function costs each program more than the loop it replaces
// (internal/runtimesize).
func ReadStrings(f *Fast, p *[]string, m Mode) bool {
	if !f.Array(m) {
		return false
	}
	m &^= Wrap
	var buf [8]string
	b := buf[:0]
	for n := 0; f.Elem(n); n++ {
		s, ok := f.readString(m)
		if !ok {
			return false
		}
		b = append(b, s)
	}
	if !f.Closed() {
		return false
	}
	*p = append(make([]string, 0, len(b)), b...)
	return true
}

// ReadUint reads an unsigned integer of bits into *p (see Fast.readUint and
// ReadString).
func ReadUint[T ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr](f *Fast, p *T, bits int, m Mode) bool {
	n, ok := f.readUint(bits, m)
	*p = T(n)
	return ok
}

// ReadFloat reads a float of bits into *p (see Fast.readFloat and ReadString).
func ReadFloat[T ~float32 | ~float64](f *Fast, p *T, bits int, m Mode) bool {
	x, ok := f.readFloat(bits, m)
	*p = T(x)
	return ok
}
