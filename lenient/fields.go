package lenient

import "github.com/normgen/normgen/internal/jsonwire"

// Required marks, in Fields.Forms, a field whose absence is a problem
// (Decoder.Missed), as NullMissing does. Take and Absent ignore it.
const Required AbsentForms = 1 << 6

// Fields describes the fields of a generated struct type to
// Decoder.Field, Decoder.Missed and Fast.UnknownIn; generated code
// declares one for each type with fields.
//
// A Fields literal needs no code to initialize it when the program
// starts. The list of every key the type accepts, KnownKeys(Keys), is
// made only for an unknown key on the Decoder path, where Unknown checks
// the key against it and keeps it for Missing's key hint (Fast.UnknownIn
// reads Keys as they are).
type Fields struct {
	// Keys holds each field's accepted keys, canonical name first.
	Keys [][]string
	// Forms holds, for each field, what Take reads as the field left out;
	// Required (or NullMissing) where a field not given is a problem.
	Forms []AbsentForms
	// Unknown is the mode Unknown takes for any other key: RejectUnknown,
	// or 0.
	Unknown Mode
}

// Field returns the index, in f, of the field that the key of the current
// member of it names, when the member's value is to be decoded into that
// field (Take, with the field's forms, said so: seen marks the object's
// fields given so far). Otherwise it returns -1: the key is no field's
// (Unknown handled it), or the field was given before, or its value reads
// as the field left out. Generated code calls it once for each member.
func (d *Decoder) Field(it *ObjectIter, seen []bool, f *Fields) int {
	i := f.find(it.Key, d.after)
	if i < 0 {
		if d.unknown(it.Key, f.Unknown, KnownKeys(f.Keys)) {
			if j := nearField(it.Key, f.Keys); j >= 0 {
				d.misnamed = append(d.misnamed, misnamedKey{it.Key, d.depth, d.objectAt(), j})
			}
		}
		return -1
	}
	d.after = i + 1
	if d.Take(&seen[i], it, f.Keys[i], f.Forms[i]) {
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

// Missed records, in field order, that each required field of f (Required
// or NullMissing in its forms) that seen does not mark is missing
// (Missing). Generated code calls it once the object's members are read.
//
// Before them, it refuses each unknown key of the object that is a near
// spelling of one field (nearField) that seen does not mark and that is
// not required (a required one's problem names the key: Missing):
// "style_index: is not a known key; did you mean style_id?" (KindMisnamed).
func (d *Decoder) Missed(seen []bool, f *Fields) {
	if len(d.misnamed) > 0 {
		d.refuseMisnamed(seen, f)
	}
	for i, s := range seen {
		if !s && f.Forms[i]&(Required|NullMissing) != 0 {
			d.Missing(f.Keys[i][0], f.Keys[i][1:])
		}
	}
}

// objectAt identifies the object being decoded at the current depth
// among those at that depth (0 past inlineDepth, where the depth alone
// tells them apart: an object's keys are resolved by its Missed before
// the next object at that depth begins).
func (d *Decoder) objectAt() uint32 {
	if d.depth < inlineDepth {
		return d.objAt[d.depth]
	}
	return 0
}

// refuseMisnamed refuses the current object's misnamed keys whose field
// seen does not mark, where it is optional, and forgets every key kept
// at this depth or deeper.
func (d *Decoder) refuseMisnamed(seen []bool, f *Fields) {
	obj, keep := d.objectAt(), 0
	for _, m := range d.misnamed {
		switch {
		case m.depth < d.depth:
			d.misnamed[keep] = m
			keep++
		case m.depth == d.depth && m.obj == obj && m.field < len(seen) && !seen[m.field] &&
			f.Forms[m.field]&(Required|NullMissing) == 0:
			d.FailKind(KindMisnamed, string(m.key), nil, "is not a known key; did you mean "+f.Keys[m.field][0]+"?")
		}
	}
	d.misnamed = d.misnamed[:keep]
}

// nearField returns the index of the one field of keys (each field's
// keys, canonical name first) that key, a key no field has, is a near
// spelling of (jsonwire.NearKey), or -1: -1 too where two fields are
// near it alike (at its closest way of being near any, the same letters,
// a typo or a sibling), which leaves the key for no field.
func nearField(key []byte, keys [][]string) int {
	best, field, fields := jsonwire.NotNear, -1, 0
	for i, ks := range keys {
		near := jsonwire.NotNear
		for _, k := range ks {
			if n := jsonwire.NearKey(unsafeString(key), k); n != jsonwire.NotNear && (near == jsonwire.NotNear || n < near) {
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
