package jsonwire

import (
	"math"
	"slices"
	"sync"
	"unicode/utf8"
)

// A Tape is the outline of a validated document, written by the validator
// in the same pass that checks the document (the idea of simdjson's tape):
// one entry per value and per object key, in document order. Decoding
// walks the tape instead of the bytes, so a document is scanned once,
// however its values are then read: an iterator steps from one member to
// the next in O(1), an array knows its length, and a string known to hold
// no escape and no byte outside ASCII is copied without being looked at
// again. A string value holding an escape is unquoted in the checking pass
// too, into the tape's text: reading it is a copy, and JSON text sent in
// a string is parsed from there.
//
// lenient's Decoder takes its tapes from a pool in Begin (and for JSON
// text inside string values) and gives them back in Err, which generated
// code calls last. A tape's text takes up to the document's size while
// the document is decoded.
type Tape struct {
	Data []byte      // the document
	E    []TapeEntry // its values and keys, in document order
	// Cur is the entry of the value an iterator yielded last: a typed
	// method given that value's bytes (Decoder.String, Array, Object)
	// finds its entry there.
	Cur int32
	// Owned marks Data as the Decoder's own, never written again: the
	// unquoted text of a string holding JSON, in a buffer of its own or
	// (short) in a block. Strings read from it share its memory instead of
	// being copied (the text stays alive as long as one of them does).
	Owned bool
	// Short bounds the block bytes the short strings not read yet take
	// (Decoder.String): a plain one its JSON form, an unquoted one its
	// text, another NonPlainRoom.
	Short int
	// text holds the text of the string values that hold an escape,
	// unquoted by the validator in the pass that checks them
	// (stringScanInto); texts locates each, in document order.
	text  []byte
	texts []textSpan
	// spare holds, while t is in the pool, the tapes of the JSON text
	// read from the document t outlined: the next document's JSON text
	// takes them (TakeSpare) instead of going to the pool.
	spare []*Tape
}

// MaxSpare bounds the JSON text tapes a pooled tape keeps (its spares).
const MaxSpare = 4

// textSpan locates the text of a string value the validator unquoted:
// text[lo:hi].
type textSpan struct{ lo, hi int32 }

// TapeEntry is one value or key of a tape.
type TapeEntry struct {
	Start, End int32 // the bytes of the value: data[start:end], strings with their quotes
	Next       int32 // the entry after this value and everything inside it
	Aux        int32 // objects and arrays: members or elements; strings: TapePlain or textAux
}

// TapePlain marks a string whose text is its bytes: no escape, no byte
// outside ASCII.
const TapePlain = 1

// textAux is the aux of a string whose text is texts[i]: even, so never
// tapePlain, and never 0, the aux of a string neither plain nor unquoted
// (bytes outside ASCII without an escape).
func textAux(i int) int32 { return int32(i+1) << 1 }

// IsText reports whether aux is a textAux.
func IsText(aux int32) bool { return aux > TapePlain }

// TextOf returns the text of a string whose aux is a textAux.
func (t *Tape) TextOf(aux int32) []byte {
	s := t.texts[aux>>1-1]
	return t.text[s.lo:s.hi:s.hi]
}

// MaxPooledText is the most unquoted text a pooled tape keeps room for.
const MaxPooledText = 4 << 20

// maxPooledTape is the largest tape (in entries) kept for reuse: a tape
// for a huge document is left to the garbage collector.
const maxPooledTape = 1 << 20

var tapePool = sync.Pool{New: func() any { return new(Tape) }}

// NewTape returns an empty tape for data, or nil when data is too large for
// the tape's 32-bit offsets (decoding then scans, as without a tape).
func NewTape(data []byte) *Tape {
	if len(data) >= math.MaxInt32 {
		return nil
	}
	return tapePool.Get().(*Tape).Reset(data)
}

// Reset empties t for data and returns it.
func (t *Tape) Reset(data []byte) *Tape {
	// The values are slices of t.data, capped at its end: what reads
	// past a value's end (wideDigits) stays inside the document.
	t.Data, t.E, t.Cur, t.Owned, t.Short = data[:len(data):len(data)], t.E[:0], -1, false, 0
	t.text, t.texts = t.text[:0], t.texts[:0]
	return t
}

// trim readies t for the pool and reports whether it is small enough to
// be used again: a text buffer past MaxPooledText is dropped (the tape
// stays).
func (t *Tape) trim() bool {
	t.Data = nil
	if cap(t.text) > MaxPooledText {
		t.text = nil
	}
	return cap(t.E) <= maxPooledTape
}

// Release gives t back to the pool.
func (t *Tape) Release() {
	if t.trim() {
		tapePool.Put(t)
	}
}

// addString appends the entry of a string value spanning data[start:end]
// that is not unquoted on the tape.
func (t *Tape) addString(start, end int, plain bool) {
	t.add(start, end, plainAux(plain))
	if n := end - start; n <= MaxShared+2 {
		if plain {
			t.Short += n
		} else {
			t.Short += NonPlainRoom(n)
		}
	}
}

// unquote is stringScanInto past the first escape data[i] of the string
// value quoted at data[q]: it checks the rest of the string and appends
// its text to t.text in one pass (escapedScan), then the string's entry.
// high says whether a byte before i is outside ASCII.
func (t *Tape) unquote(data []byte, q, i int, high bool) (end int, plain, ok bool) {
	lo := len(t.text)
	// The text of the strings from q on is never longer than the bytes
	// left (but for invalid UTF-8, whose text is longer): the room made
	// here usually lasts the document out. In a document larger than
	// what a pooled tape keeps, the string alone gets room: its end is
	// found first (a second scan of the string).
	room := len(data) - q
	if room > MaxPooledText {
		end, _, ok := EscapedScan(data, i, nil)
		if !ok {
			return end, false, false
		}
		room = end - q
	}
	t.text = slices.Grow(t.text, room+16)
	t.text = append(t.text, data[q+1:i]...)
	end, rest, ok := EscapedScan(data, i, &t.text)
	if !ok {
		t.text = t.text[:lo]
		return end, false, false
	}
	if (high || rest) && !utf8.Valid(t.text[lo:]) {
		t.text = UnquoteInvalid(data[q+1:end-1], t.text[:lo])
		if len(t.text) > math.MaxInt32 {
			// Past textSpan's offsets (invalid UTF-8's text is up to
			// three times its bytes): unquoted when read instead.
			t.text = t.text[:lo]
			t.addString(q, end, false)
			return end, false, true
		}
	}
	t.texts = append(t.texts, textSpan{int32(lo), int32(len(t.text))})
	t.add(q, end, textAux(len(t.texts)-1))
	if n := len(t.text) - lo; n <= MaxShared {
		t.Short += n
	}
	return end, false, true
}

// add appends a scalar (or key) entry spanning data[start:end].
func (t *Tape) add(start, end int, aux int32) {
	k := int32(len(t.E))
	t.E = append(t.E, TapeEntry{int32(start), int32(end), k + 1, aux})
}

// open appends the entry of an object or array starting at data[start]
// and returns its index, for close.
func (t *Tape) open(start int) int32 {
	k := int32(len(t.E))
	t.E = append(t.E, TapeEntry{Start: int32(start)})
	return k
}

// close completes the entry k of an object or array ending before
// data[end] with n members or elements.
func (t *Tape) close(k int32, end, n int) {
	e := &t.E[k]
	e.End, e.Next, e.Aux = int32(end), int32(len(t.E)), int32(n)
}

// At reports whether v is exactly the bytes of entry k.
func (t *Tape) At(k int32, v []byte) bool {
	if k < 0 || len(v) == 0 {
		return false
	}
	e := &t.E[k]
	return int(e.End-e.Start) == len(v) && &t.Data[e.Start] == &v[0]
}

// keyText returns the text of the key at entry j.
func (t *Tape) keyText(j int32) []byte {
	e := &t.E[j]
	return quotedText(t.Data, int(e.Start), int(e.End), e.Aux&TapePlain != 0)
}

// hasKey reports whether the object opened at entry k, whose members so
// far are the tape's last entries, has a key whose text is key.
func (t *Tape) hasKey(k int32, key []byte) bool {
	for j := k + 1; j < int32(len(t.E)); j = t.E[j+1].Next {
		if string(t.keyText(j)) == string(key) {
			return true
		}
	}
	return false
}

// KeepSpare keeps s, a tape of JSON text read from the document t
// outlined, as a spare of t, or gives it back to the pool when t has
// MaxSpare of them or s is too large to be used again.
func (t *Tape) KeepSpare(s *Tape) {
	switch {
	case !s.trim():
	case len(t.spare) < MaxSpare:
		t.spare = append(t.spare, s)
	default:
		tapePool.Put(s)
	}
}

// stringScanInto is stringScan for a string value that, when t is set,
// also writes the string's tape entry, unquoting a string holding an
// escape into t's text in the same pass (tape.unquote).
func stringScanInto(data []byte, q int, t *Tape) (end int, plain, ok bool) {
	if t == nil {
		return StringScan(data, q)
	}
	i, high := StringStop(data, q)
	if i >= len(data) {
		return i, false, false
	}
	switch data[i] {
	case '"':
		t.addString(q, i+1, !high)
		return i + 1, !high, true
	case '\\':
		return t.unquote(data, q, i, high)
	default: // a control character
		return i, false, false
	}
}

// Short strings share blocks in lenient's Decoder: the tape counts the
// room its short strings take (Tape.Short).
const MaxShared = 64 // the longest string put in a block

// NonPlainRoom is the block room a string of n bytes (with its quotes)
// takes that holds bytes outside ASCII and no escape: its text is at most
// three times as long (each byte of invalid UTF-8 becomes U+FFFD's three).
func NonPlainRoom(n int) int { return 3 * (n - 2) }

// CountOwnedShort sets Short for a tape whose Data is the Decoder's own
// (Owned): its strings share Data, but for those the validator unquoted,
// which alone take block room.
func (t *Tape) CountOwnedShort() {
	t.Short = 0
	for _, s := range t.texts {
		if n := int(s.hi - s.lo); n <= MaxShared {
			t.Short += n
		}
	}
}

// TakeSpare returns a spare tape of t's for data (nil when t has none or
// data is too large for a tape).
func (t *Tape) TakeSpare(data []byte) *Tape {
	if len(t.spare) == 0 || len(data) >= math.MaxInt32 {
		return nil
	}
	s := t.spare[len(t.spare)-1]
	t.spare = t.spare[:len(t.spare)-1]
	return s.Reset(data)
}

// Adopt keeps s, the tape of JSON text read from the document t outlined,
// as t's spare, with the spares s brought from the pool: a spare never
// holds spares (kept there, no Decoder would take them, and every round
// could add more).
func (t *Tape) Adopt(s *Tape) {
	for j, x := range s.spare {
		t.KeepSpare(x)
		s.spare[j] = nil
	}
	s.spare = s.spare[:0]
	t.KeepSpare(s)
}

// Spares counts the tapes t keeps as spares, and theirs, and so on
// (never more than MaxSpare: lenient's tests of its pooling check it).
func (t *Tape) Spares() int {
	n := 0
	for _, s := range t.spare {
		n += 1 + s.Spares()
	}
	return n
}

// Unquoted returns how many string values the validator unquoted onto t
// and the capacity of t's text buffer (bounded by MaxPooledText in a
// pooled tape).
func (t *Tape) Unquoted() (n, capacity int) { return len(t.texts), cap(t.text) }
