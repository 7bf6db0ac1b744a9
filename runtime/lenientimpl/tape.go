package lenientimpl

import "github.com/normgen/normgen/internal/jsonwire"

// tape is the validator's outline of a document (jsonwire.Tape), which
// the Decoder and the iterators walk.
type tape = jsonwire.Tape

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
		if t := ts.at(i); t.At(t.Cur, v) {
			return t, t.Cur
		}
	}
	if ts.n > 0 {
		ts.tried++
		if t := ts.at(0); t.At(t.Cur, v) {
			return t, t.Cur
		}
	}
	return nil, 0
}

// newTape returns an empty tape for data (nil when data is too large for
// one): a spare of the document's tape when it has one, else one from
// the pool.
func (ts *decoderTapes) newTape(data []byte) *tape {
	if ts.n > 0 {
		if t := ts.at(0).TakeSpare(data); t != nil {
			return t
		}
	}
	return jsonwire.NewTape(data)
}

// release gives every tape back to the pool: the document's, with those
// of its JSON text as its spares.
func (ts *decoderTapes) release() {
	if ts.n > 0 {
		doc := ts.at(0)
		for i := 1; i < ts.n; i++ {
			doc.Adopt(ts.at(i))
		}
		doc.Release()
	}
	*ts = decoderTapes{}
}
