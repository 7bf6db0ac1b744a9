package lenient

// ProblemKind classifies a Problem: which rule the value broke, so that a
// program can sort refusals without reading the English of Problem.Msg
// (which may change). It is a short word, also the "kind" of a Problem's
// JSON.
type ProblemKind string

// The kinds of problem the decoders report.
const (
	// KindSyntax: the arguments are not valid JSON.
	KindSyntax ProblemKind = "syntax"
	// KindDepth: a value is nested more deeply than the decoder reads.
	KindDepth ProblemKind = "depth"
	// KindDuplicate: a key is given twice, or one field under two of its
	// spellings (two aliases, an alias and its canonical name).
	KindDuplicate ProblemKind = "duplicate"
	// KindUnknownKey: a key the object does not take (with unknown=error).
	KindUnknownKey ProblemKind = "unknown_key"
	// KindKeyCase: a key that is a known key in another letter case.
	KindKeyCase ProblemKind = "key_case"
	// KindMisnamed: an unknown key that is a near spelling of a field the
	// object left out (style_index for style_id), in an object that
	// takes unknown keys: taking it would leave the field the caller
	// meant at its default.
	KindMisnamed ProblemKind = "misnamed"
	// KindMissing: a required field is absent.
	KindMissing ProblemKind = "missing"
	// KindType: a value of a JSON type, or a string form, the field does
	// not take ("abc" for an integer, 5 for a string).
	KindType ProblemKind = "type"
	// KindFraction: a number with a fractional part for an integer.
	KindFraction ProblemKind = "fraction"
	// KindRange: a number outside its Go type's range or its declared
	// bounds (minimum, maximum, exclusiveMinimum, exclusiveMaximum), a
	// float too close to 0, a duration out of range or finer than its
	// unit's nanoseconds.
	KindRange ProblemKind = "range"
	// KindEnum: a value that is not one of the field's enum values.
	KindEnum ProblemKind = "enum"
	// KindPattern: a string that does not match the field's pattern.
	KindPattern ProblemKind = "pattern"
	// KindLength: a string shorter or longer than its declared length.
	KindLength ProblemKind = "length"
	// KindItems: an array with fewer or more items than declared.
	KindItems ProblemKind = "items"
	// KindText: a string given for an array or object whose text is not
	// JSON of that shape, or a split list with an empty item.
	KindText ProblemKind = "text"
	// KindTime: a value that is not a date-time in a form the field reads.
	KindTime ProblemKind = "time"
	// KindDuration: a value that is not a duration in a form the field
	// reads.
	KindDuration ProblemKind = "duration"
	// KindRefused: a decoder normgen did not write refused the value: the
	// type's own UnmarshalJSON or UnmarshalText, or encoding/json.
	KindRefused ProblemKind = "refused"
	// KindUnsupported: the field's Go type is one the decoder cannot
	// decode (the fallback decoder's reflection found no way to read it).
	KindUnsupported ProblemKind = "unsupported"
)

// Kinds lists every ProblemKind, in the order of their declaration.
var Kinds = []ProblemKind{KindSyntax, KindDepth, KindDuplicate, KindUnknownKey, KindKeyCase, KindMisnamed, KindMissing,
	KindType, KindFraction, KindRange, KindEnum, KindPattern, KindLength, KindItems, KindText, KindTime,
	KindDuration, KindRefused, KindUnsupported}
