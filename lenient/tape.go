package lenient

import (
	"math"
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/jsonwire"
)

// A tape is the outline of a validated document, written by the validator
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
// A Decoder takes its tapes from a pool in Begin (and for JSON text inside
// string values) and gives them back in Err, which generated code calls
// last. A tape's text takes up to the document's size while the document
// is decoded.
type tape struct {
	data []byte
	e    []tapeEntry
	// cur is the entry of the value an iterator yielded last: a typed
	// method given that value's bytes (Decoder.String, Array, Object)
	// finds its entry there.
	cur int32
	// owned marks data as the Decoder's own, never written again: the
	// unquoted text of a string holding JSON, in a buffer of its own or
	// (short) in a block. Strings read from it share its memory instead of
	// being copied (the text stays alive as long as one of them does).
	owned bool
	// short bounds the block bytes the short strings not read yet take
	// (Decoder.String): a plain one its JSON form, an unquoted one its
	// text, another nonPlainRoom.
	short int
	// text holds the text of the string values that hold an escape,
	// unquoted by the validator in the pass that checks them
	// (stringScanInto); texts locates each, in document order.
	text  []byte
	texts []textSpan
	// spare holds, while t is in the pool, the tapes of the JSON text
	// read from the document t outlined: the next document's JSON text
	// takes them (decoderTapes.newTape) instead of going to the pool.
	spare []*tape
}

// maxSpare bounds the JSON text tapes a pooled tape keeps.
const maxSpare = 4

// textSpan locates the text of a string value the validator unquoted:
// text[lo:hi].
type textSpan struct{ lo, hi int32 }

// tapeEntry is one value or key of a tape.
type tapeEntry struct {
	start, end int32 // the bytes of the value: data[start:end], strings with their quotes
	next       int32 // the entry after this value and everything inside it
	aux        int32 // objects and arrays: members or elements; strings: tapePlain or textAux
}

// tapePlain marks a string whose text is its bytes: no escape, no byte
// outside ASCII.
const tapePlain = 1

// textAux is the aux of a string whose text is texts[i]: even, so never
// tapePlain, and never 0, the aux of a string neither plain nor unquoted
// (bytes outside ASCII without an escape).
func textAux(i int) int32 { return int32(i+1) << 1 }

// isText reports whether aux is a textAux.
func isText(aux int32) bool { return aux > tapePlain }

// textOf returns the text of a string whose aux is a textAux.
func (t *tape) textOf(aux int32) []byte {
	s := t.texts[aux>>1-1]
	return t.text[s.lo:s.hi:s.hi]
}

// maxPooledText is the most unquoted text a pooled tape keeps room for.
const maxPooledText = 4 << 20

// maxPooledTape is the largest tape (in entries) kept for reuse: a tape
// for a huge document is left to the garbage collector.
const maxPooledTape = 1 << 20

var tapePool = sync.Pool{New: func() any { return new(tape) }}

// newTape returns an empty tape for data, or nil when data is too large for
// the tape's 32-bit offsets (decoding then scans, as without a tape).
func newTape(data []byte) *tape {
	if len(data) >= math.MaxInt32 {
		return nil
	}
	return tapePool.Get().(*tape).reset(data)
}

// reset empties t for data and returns it.
func (t *tape) reset(data []byte) *tape {
	// The values are slices of t.data, capped at its end: what reads
	// past a value's end (wideDigits) stays inside the document.
	t.data, t.e, t.cur, t.owned, t.short = data[:len(data):len(data)], t.e[:0], -1, false, 0
	t.text, t.texts = t.text[:0], t.texts[:0]
	return t
}

// trim readies t for the pool and reports whether it is small enough to
// be used again: a text buffer past maxPooledText is dropped (the tape
// stays).
func (t *tape) trim() bool {
	t.data = nil
	if cap(t.text) > maxPooledText {
		t.text = nil
	}
	return cap(t.e) <= maxPooledTape
}

// release gives t back to the pool.
func (t *tape) release() {
	if t.trim() {
		tapePool.Put(t)
	}
}

// addString appends the entry of a string value spanning data[start:end]
// that is not unquoted on the tape.
func (t *tape) addString(start, end int, plain bool) {
	t.add(start, end, plainAux(plain))
	if n := end - start; n <= maxShared+2 {
		if plain {
			t.short += n
		} else {
			t.short += nonPlainRoom(n)
		}
	}
}

// unquote is stringScanInto past the first escape data[i] of the string
// value quoted at data[q]: it checks the rest of the string and appends
// its text to t.text in one pass (escapedScan), then the string's entry.
// high says whether a byte before i is outside ASCII.
func (t *tape) unquote(data []byte, q, i int, high bool) (end int, plain, ok bool) {
	lo := len(t.text)
	// The text of the strings from q on is never longer than the bytes
	// left (but for invalid UTF-8, whose text is longer): the room made
	// here usually lasts the document out. In a document larger than
	// what a pooled tape keeps, the string alone gets room: its end is
	// found first (a second scan of the string).
	room := len(data) - q
	if room > maxPooledText {
		end, _, ok := jsonwire.EscapedScan(data, i, nil)
		if !ok {
			return end, false, false
		}
		room = end - q
	}
	t.text = slices.Grow(t.text, room+16)
	t.text = append(t.text, data[q+1:i]...)
	end, rest, ok := jsonwire.EscapedScan(data, i, &t.text)
	if !ok {
		t.text = t.text[:lo]
		return end, false, false
	}
	if (high || rest) && !utf8.Valid(t.text[lo:]) {
		t.text = jsonwire.UnquoteInvalid(data[q+1:end-1], t.text[:lo])
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
	if n := len(t.text) - lo; n <= maxShared {
		t.short += n
	}
	return end, false, true
}

// add appends a scalar (or key) entry spanning data[start:end].
func (t *tape) add(start, end int, aux int32) {
	k := int32(len(t.e))
	t.e = append(t.e, tapeEntry{int32(start), int32(end), k + 1, aux})
}

// open appends the entry of an object or array starting at data[start]
// and returns its index, for close.
func (t *tape) open(start int) int32 {
	k := int32(len(t.e))
	t.e = append(t.e, tapeEntry{start: int32(start)})
	return k
}

// close completes the entry k of an object or array ending before
// data[end] with n members or elements.
func (t *tape) close(k int32, end, n int) {
	e := &t.e[k]
	e.end, e.next, e.aux = int32(end), int32(len(t.e)), int32(n)
}

// at reports whether v is exactly the bytes of entry k.
func (t *tape) at(k int32, v []byte) bool {
	if k < 0 || len(v) == 0 {
		return false
	}
	e := &t.e[k]
	return int(e.end-e.start) == len(v) && &t.data[e.start] == &v[0]
}

// decoderTapes are the tapes of one Decoder: the document's first, then
// one for each JSON text read from a string value, all kept until Err
// (an iterator may hold any of them until then).
type decoderTapes struct {
	n    int
	some [4]*tape // the first ones, without allocating
	more []*tape
	// tried counts the tapes lookups have tried (tests check that a
	// lookup's work is bounded).
	tried int
}

// maxLookup bounds the JSON text tapes a lookup tries, newest first,
// before the document's: a value of an older text is read by scanning,
// which gives the same results, and a document of many texts is not
// quadratic.
const maxLookup = 8

// at returns the i-th tape.
func (ts *decoderTapes) at(i int) *tape {
	if i < len(ts.some) {
		return ts.some[i]
	}
	return ts.more[i-len(ts.some)]
}

// add keeps t for lookup and release.
func (ts *decoderTapes) add(t *tape) {
	if ts.n < len(ts.some) {
		ts.some[ts.n] = t
	} else {
		ts.more = append(ts.more, t)
	}
	ts.n++
}

// lookup returns the tape and entry of v when v is the value an iterator
// yielded last (or a tape's root), nil otherwise. The newest tapes, those
// of JSON text being read, are tried first, then the document's.
func (ts *decoderTapes) lookup(v []byte) (*tape, int32) {
	for i := ts.n - 1; i > 0 && i >= ts.n-maxLookup; i-- {
		ts.tried++
		if t := ts.at(i); t.at(t.cur, v) {
			return t, t.cur
		}
	}
	if ts.n > 0 {
		ts.tried++
		if t := ts.at(0); t.at(t.cur, v) {
			return t, t.cur
		}
	}
	return nil, 0
}

// newTape returns an empty tape for data (nil when data is too large for
// one): a spare of the document's tape when it has one, else one from
// the pool.
func (ts *decoderTapes) newTape(data []byte) *tape {
	if ts.n > 0 && len(data) < math.MaxInt32 {
		if doc := ts.at(0); len(doc.spare) > 0 {
			t := doc.spare[len(doc.spare)-1]
			doc.spare = doc.spare[:len(doc.spare)-1]
			return t.reset(data)
		}
	}
	return newTape(data)
}

// release gives every tape back to the pool: the document's, with those
// of its JSON text as its spares.
func (ts *decoderTapes) release() {
	if ts.n > 0 {
		doc := ts.at(0)
		for i := 1; i < ts.n; i++ {
			t := ts.at(i)
			// A text's tape from the pool may have outlined a document
			// before and bring that document's spares: they join doc's,
			// so that a spare never holds spares (kept there, no Decoder
			// would take them, and every round could add more).
			for j, s := range t.spare {
				doc.keepSpare(s)
				t.spare[j] = nil
			}
			t.spare = t.spare[:0]
			doc.keepSpare(t)
		}
		doc.release()
	}
	*ts = decoderTapes{}
}

// keyText returns the text of the key at entry j.
func (t *tape) keyText(j int32) []byte {
	e := &t.e[j]
	return quotedText(t.data, int(e.start), int(e.end), e.aux&tapePlain != 0)
}

// hasKey reports whether the object opened at entry k, whose members so
// far are the tape's last entries, has a key whose text is key.
func (t *tape) hasKey(k int32, key []byte) bool {
	for j := k + 1; j < int32(len(t.e)); j = t.e[j+1].next {
		if string(t.keyText(j)) == string(key) {
			return true
		}
	}
	return false
}

// keepSpare keeps s, a tape of JSON text read from the document t
// outlined, as a spare of t, or gives it back to the pool when t has
// maxSpare of them or s is too large to be used again.
func (t *tape) keepSpare(s *tape) {
	switch {
	case !s.trim():
	case len(t.spare) < maxSpare:
		t.spare = append(t.spare, s)
	default:
		tapePool.Put(s)
	}
}

// stringScanInto is stringScan for a string value that, when t is set,
// also writes the string's tape entry, unquoting a string holding an
// escape into t's text in the same pass (tape.unquote).
func stringScanInto(data []byte, q int, t *tape) (end int, plain, ok bool) {
	if t == nil {
		return jsonwire.StringScan(data, q)
	}
	i, high := jsonwire.StringStop(data, q)
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
