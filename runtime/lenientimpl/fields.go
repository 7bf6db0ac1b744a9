package lenientimpl

import (
	"encoding/json"
	"slices"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// Required marks, in Fields.Forms, a field whose absence is a problem
// (Decoder.MissingIn), as NullMissing does. Take and Absent ignore it.
const Required AbsentForms = 1 << 6

// Fields describes the fields of a generated struct type to
// Decoder.Field, Decoder.MissingIn and Fast.UnknownIn; generated code
// declares one for each type with fields.
//
// A Fields literal needs no code to initialize it when the program
// starts. The list of every key the type accepts, knownKeys(Keys), is
// made only for an unknown key on the Decoder path, where Unknown checks
// the key against it and keeps it for Missing's key hint (Fast.UnknownIn
// reads Keys as they are).
type Fields struct {
	// Keys holds each field's accepted keys, canonical name first.
	Keys [][]string
	// Forms holds, for each field, what take reads as the field left out;
	// Required (or NullMissing) where a field not given is a problem.
	Forms []AbsentForms
	// Unknown is the mode Unknown takes for any other key: RejectUnknown,
	// or 0.
	Unknown Mode
	// Left holds, when not nil, each field's values that read as the field
	// left out (AbsentNull, AbsentEmpty) where Forms does not hold them:
	// a field whose generated code reads them itself (one with a default,
	// a secret one). UnknownIn counts a field given only as such a value
	// as left out, as the normalizer's absent rules remove it.
	Left []AbsentForms
}

// Field returns the index, in f, of the field that the key of the current
// member of it names, when the member's value is to be decoded into that
// field (Take, with the field's forms, said so: seen marks the object's
// fields given so far). Otherwise it returns -1: the key is no field's
// (UnknownIn handled it), or the field was given before, or its value reads
// as the field left out. Generated code calls it once for each member.
func (d *Decoder) Field(it *ObjectIter, seen []bool, f *Fields) int {
	i := f.find(it.Key, d.after)
	if i < 0 {
		d.UnknownIn(it, f)
		return -1
	}
	d.after = i + 1
	if d.take(&seen[i], it, f.Keys[i], f.Forms[i]) {
		return i
	}
	return -1
}

// find returns the index of the field one of whose keys is key, or -1.
// Keys are most often sent canonical and in the fields' order: it looks
// at the canonical names from field from on first (the one after the
// field found last, in this object or, after a nested one, in that), then
// at every other key, field by field. (No two fields share a key: the
// order decides nothing.)
func (f *Fields) find(key []byte, from int) int {
	for j := from; j < len(f.Keys); j++ {
		if string(key) == f.Keys[j][0] {
			return j
		}
	}
	for i, keys := range f.Keys {
		for j, k := range keys {
			if string(key) == k && (j > 0 || i < from) {
				return i
			}
		}
	}
	return -1
}

// MissingIn is Missing for each required field of f (Required or
// NullMissing in its forms) that seen does not mark, in field order, as
// UnknownIn is Unknown with f's keys. Generated code calls it once the
// object's members are read.
func (d *Decoder) MissingIn(seen []bool, f *Fields) {
	for i, s := range seen {
		if !s && f.Forms[i]&(Required|NullMissing) != 0 {
			d.Missing(f.Keys[i][0], f.Keys[i][1:])
		}
	}
}

// UnknownIn handles the current member of it, whose key no field of f
// has, as Field does: Unknown, with f's keys and mode; and then, where
// Unknown ignored the key and it is a near spelling of one field
// (nearField) that is not required and that the object leaves out (none
// of its keys is given, or each only as a value that reads as the field
// left out: "" or null, by its forms and Left), it refuses the key naming
// the field, and maybe others (Misnamed, KindMisnamed): "style_index: is
// not a known key; did you mean style_id?". A required field left out is
// reported by MissingIn, naming the key (Missing).
func (d *Decoder) UnknownIn(it *ObjectIter, f *Fields) {
	// (a field is given where any of its keys is)
	given := func(name string) bool {
		for _, keys := range f.Keys {
			if slices.Contains(keys, name) {
				for _, k := range keys {
					if d.holds(it.data, k) {
						return true
					}
				}
				return false
			}
		}
		return d.holds(it.data, name)
	}
	if !d.unknown(it.Key, f.Unknown, knownKeys(f.Keys), f.Keys, given) {
		return
	}
	if msg := misnamed(it.Key, f.Keys, func(i int) bool { return d.leftOut(it.data, f, i) }); msg != "" {
		d.FailKind(lenient.KindMisnamed, string(it.Key), nil, msg)
	}
}

// holds reports whether the object data holds the key name, reading the
// object's keys once for all the unknown keys it holds (a refused call
// may hold thousands).
func (d *Decoder) holds(data []byte, name string) bool {
	_, ok := d.keysOf(data)[name]
	return ok
}

// keysOf returns the keys of the object data, each with the forms of
// absence under which every value it has there reads as its field left
// out (leftMask), read once per object: for all the unknown keys it
// holds, each of which holds and leftOut ask about.
func (d *Decoder) keysOf(data []byte) map[string]uint16 {
	if len(data) == 0 {
		return nil
	}
	if d.heldOf != &data[0] || d.heldLen != len(data) {
		d.held = map[string]uint16{} // (a new one: clear links 900 bytes more)
		var it ObjectIter
		it.Reset(data)
		for it.Next() {
			m := leftMask(trimSpace(it.Value))
			if was, ok := d.held[string(it.Key)]; ok {
				m &= was // (given twice: left out only if each reads so)
			}
			d.held[string(it.Key)] = m
		}
		d.heldOf, d.heldLen = &data[0], len(data)
	}
	return d.held
}

// leftMask returns, for a member's value v, bit f set for each of the
// sixteen forms f of absence (AbsentNull, AbsentEmpty, AbsentNullText and
// NullTextKept, each or not) under which v reads as its field left out
// (leftOut).
func leftMask(v []byte) uint16 {
	var m uint16
	for f := range AbsentForms(16) {
		if left, _ := leftOut(v, f); left {
			m |= 1 << f
		}
	}
	return m
}

// leftOut reports whether the object data leaves out field i of f, an
// optional one: none of its keys is given, or each only as a value that
// reads as the field left out ("" or null, by its forms and Left).
func (d *Decoder) leftOut(data []byte, f *Fields, i int) bool {
	if f.Forms[i]&(Required|NullMissing) != 0 {
		return false
	}
	forms := f.Forms[i]
	if f.Left != nil {
		forms |= f.Left[i]
	}
	bit := uint16(1) << (forms & (AbsentNull | AbsentEmpty | AbsentNullText | NullTextKept))
	held := d.keysOf(data)
	for _, k := range f.Keys[i] {
		if m, ok := held[k]; ok && m&bit == 0 {
			return false // the field is given
		}
	}
	return true
}

// Misnamed returns the problem refusing key, a key none of the fields of
// keys (each field's keys, canonical name first) has, where it is a near
// spelling of one field (nearField) that the object leaves out, an
// optional one (leftOut(i) says so of field i): "is not a known key; did
// you mean style_id?"; "" where it is refused for none. Where it is near
// that field as its sibling or by a word more of its own (issue_title for
// issue_number, sort_order for order), the word that differs may name
// another field, so the problem names, beside it, each optional field
// left out that has that word (in its name or an alias), all in the
// order the fields are declared: "did you mean issue_number or title?".
// Where it has the same letters as keys of two fields or more (file-path
// beside file_path and filePath, whose shared variant reads as neither),
// it names each of them while the object leaves every one of them out
// ("did you mean file_path or filePath?"), and none where it gives one.
// The generated decoders (Decoder.UnknownIn) and the normalizer's
// misnamed_key rules refuse with it alike.
func Misnamed(key string, keys [][]string, leftOut func(i int) bool) string {
	return misnamed([]byte(key), keys, leftOut)
}

// misnamed is Misnamed of a key's bytes.
func misnamed(key []byte, keys [][]string, leftOut func(i int) bool) string {
	var names []string
	switch j, other, fields := nearField(key, keys); {
	case fields > 1:
		for _, i := range sameLetters(key, keys) {
			if !leftOut(i) {
				return ""
			}
			names = append(names, keys[i][0])
		}
	case j < 0 || !leftOut(j):
		return ""
	case other != nil:
		for i, ks := range keys {
			if i == j || sharesWord(other, ks) && leftOut(i) {
				names = append(names, ks[0])
			}
		}
	default:
		names = []string{keys[j][0]}
	}
	msg := "is not a known key; did you mean "
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			msg += " or "
		default:
			msg += ", "
		}
		msg += n
	}
	return msg + "?"
}

// sameLetters returns the indexes of the fields of keys one of whose keys
// has key's letters (jsonwire.NearLetters), in order.
func sameLetters(key []byte, keys [][]string) []int {
	var out []int
	var buf [64]byte
	sent := unsafeString(key)
	letters := jsonwire.KeyLetters(buf[:0], sent)
	for i, ks := range keys {
		for _, k := range ks {
			if jsonwire.NearKeyLetters(sent, letters, k) == jsonwire.NearLetters {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// sharesWord reports whether one of keys (a field's name or an alias) has
// one of words (jsonwire.Words).
func sharesWord(words []string, keys []string) bool {
	for _, k := range keys {
		for _, w := range jsonwire.Words(k) {
			if slices.Contains(words, w) {
				return true
			}
		}
	}
	return false
}

// MisnamedValue is the value of the normalizer's misnamed_key rule for
// an object whose fields f describes (RuleMisnamedKey): each field's keys,
// canonical name first, a lone key as a string, a required field's as
// {"keys": [...], "required": true}. Nil where there are no fields. An
// object whose fields are all required has one too: no key is refused
// as misnamed for a required field, but a key in another letter case
// is, as the decoders refuse it (KeyCase).
func (f *Fields) MisnamedValue() json.RawMessage {
	type required struct {
		Keys     []string `json:"keys"`
		Required bool     `json:"required"`
	}
	if len(f.Keys) == 0 {
		return nil
	}
	fields := make([]any, len(f.Keys))
	for i, keys := range f.Keys {
		switch {
		case f.Forms[i]&(Required|NullMissing) != 0:
			fields[i] = required{keys, true}
		case len(keys) == 1:
			fields[i] = keys[0]
		default:
			fields[i] = keys
		}
	}
	v, _ := json.Marshal(fields)
	return v
}

// nearField returns the index of the one field of keys (each field's
// keys, canonical name first) that key, a key no field has, is a near
// spelling of (jsonwire.NearKey), or -1: -1 too where two fields are
// near it alike (at its closest way of being near any, the same letters,
// a typo or a sibling), which leaves the key for no field but where it
// has the same letters as each of them: fields is then how many they are
// (Misnamed names them all), else 0. Where the key is near the one field
// as its sibling or by a word more of its own, other are its words the
// field's key has not (Misnamed), else nil.
func nearField(key []byte, keys [][]string) (field int, other []string, fields int) {
	best, field, n := jsonwire.NotNear, -1, 0
	var buf [64]byte
	sent := unsafeString(key)
	letters := jsonwire.KeyLetters(buf[:0], sent)
	var matched string // (the key of field it is nearest to)
	for i, ks := range keys {
		near, at := jsonwire.NotNear, ""
		for _, k := range ks {
			if m := jsonwire.NearKeyLetters(sent, letters, k); m != jsonwire.NotNear && (near == jsonwire.NotNear || m < near) {
				near, at = m, k
			}
		}
		switch {
		case near == jsonwire.NotNear:
		case best == jsonwire.NotNear || near < best:
			best, field, n, matched = near, i, 1, at
		case near == best:
			n++
		}
	}
	if n > 1 && best == jsonwire.NearLetters {
		return -1, nil, n
	}
	if n != 1 {
		return -1, nil, 0
	}
	if best == jsonwire.NearSibling || best == jsonwire.NearWord {
		ws, wd := jsonwire.Words(sent), jsonwire.Words(matched)
		if len(ws) >= len(wd) {
			// (a sibling, or a word more of the key's own: the words it
			// has that the field's key has not)
			for _, w := range ws {
				if !slices.Contains(wd, w) {
					other = append(other, w)
				}
			}
		}
	}
	return field, other, 0
}
