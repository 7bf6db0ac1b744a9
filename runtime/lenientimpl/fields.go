package lenientimpl

import (
	"encoding/json"

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
// the field (KindMisnamed): "style_index: is not a known key; did you mean
// style_id?". A required field left out is reported by MissingIn, naming
// the key (Missing).
func (d *Decoder) UnknownIn(it *ObjectIter, f *Fields) {
	if !d.unknown(it.Key, f.Unknown, knownKeys(f.Keys)) {
		return
	}
	j := nearField(it.Key, f.Keys)
	if j < 0 || f.Forms[j]&(Required|NullMissing) != 0 {
		return
	}
	forms := f.Forms[j]
	if f.Left != nil {
		forms |= f.Left[j]
	}
	var o ObjectIter
	o.Reset(it.data)
	for o.Next() {
		for _, k := range f.Keys[j] {
			if string(o.Key) == k {
				if left, _ := leftOut(trimSpace(o.Value), forms); !left {
					return // the field is given
				}
			}
		}
	}
	d.FailKind(lenient.KindMisnamed, string(it.Key), nil, "is not a known key; did you mean "+f.Keys[j][0]+"?")
}

// MisnamedValue is the value of the normalizer's misnamed_key rule for
// an object whose fields f describes (RuleMisnamedKey): each field's keys,
// canonical name first, a lone key as a string, a required field's as
// {"keys": [...], "required": true}. Nil where no field is optional (no
// key is refused for a required one).
func (f *Fields) MisnamedValue() json.RawMessage {
	type required struct {
		Keys     []string `json:"keys"`
		Required bool     `json:"required"`
	}
	fields := make([]any, len(f.Keys))
	optional := false
	for i, keys := range f.Keys {
		switch {
		case f.Forms[i]&(Required|NullMissing) != 0:
			fields[i] = required{keys, true}
		case len(keys) == 1:
			fields[i], optional = keys[0], true
		default:
			fields[i], optional = keys, true
		}
	}
	if !optional {
		return nil
	}
	v, _ := json.Marshal(fields)
	return v
}

// NearField returns the index of the one field of keys (each field's
// keys, canonical name first) that key, a key no field has, is a near
// spelling of, or -1: the rule generated decoders refuse a misnamed key
// by (Decoder.unknownIn), for the normalizer's misnamed_key rules.
func NearField(key string, keys [][]string) int { return nearField([]byte(key), keys) }

// nearField returns the index of the one field of keys (each field's
// keys, canonical name first) that key, a key no field has, is a near
// spelling of (jsonwire.NearKey), or -1: -1 too where two fields are
// near it alike (at its closest way of being near any, the same letters,
// a typo or a sibling), which leaves the key for no field.
func nearField(key []byte, keys [][]string) int {
	best, field, fields := jsonwire.NotNear, -1, 0
	var buf [64]byte
	sent := unsafeString(key)
	letters := jsonwire.KeyLetters(buf[:0], sent)
	for i, ks := range keys {
		near := jsonwire.NotNear
		for _, k := range ks {
			if n := jsonwire.NearKeyLetters(sent, letters, k); n != jsonwire.NotNear && (near == jsonwire.NotNear || n < near) {
				near = n
			}
		}
		switch {
		case near == jsonwire.NotNear:
		case best == jsonwire.NotNear || near < best:
			best, field, fields = near, i, 1
		case near == best:
			fields++
		}
	}
	if fields != 1 {
		return -1
	}
	return field
}
