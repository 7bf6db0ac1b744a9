package lenient

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
		d.Unknown(it.Key, f.Unknown, KnownKeys(f.Keys))
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
func (d *Decoder) Missed(seen []bool, f *Fields) {
	for i, s := range seen {
		if !s && f.Forms[i]&(Required|NullMissing) != 0 {
			d.Missing(f.Keys[i][0], f.Keys[i][1:])
		}
	}
}
