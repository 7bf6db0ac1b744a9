package schema

import (
	"encoding/json"
	"slices"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// AbsentForms is which values of a field are read as the field left out
// (lenientimpl.Decoder.Absent), for the generated decoders, the fallback
// decoder, the schema (a null branch, a pattern that also takes "") and
// the rules (absent) alike:
//
//   - null, for an optional field, as OpenAI's strict mode sends it for a
//     field the model leaves out; but not for a pointer without a default
//     (null is its own value, nil), for any and json.RawMessage (null is
//     a value of theirs) nor for a type decoded by its own UnmarshalJSON
//     or UnmarshalText or by encoding/json (null is given to it, as
//     encoding/json gives it). A pointer promoted through an embedded
//     pointer (promoted, Field.Promoted) reads null as left out, whatever
//     it points to: encoding/json sets it nil, and would allocate the
//     embedded pointer to do so;
//   - "", for an optional field with a string form that is not a string
//     (a number, a boolean, a slice, a map, a struct of the package, a
//     time.Time, a time.Duration: not strict, not split=, not a type
//     decoded by its own code), or a string whose enum is read in any
//     letter case and holds no "" (enumEmpty, EnumEmpty), as Cursor sends
//     it; unless the field says norm:"empty=error";
//   - "null" spelled as text, where "" is read so, and for an optional
//     norm:"split=" field too, whose "" is a list of no items (AbsentEmpty
//     and AbsentNullText): null, then as null is read; but not where it is
//     a value of the split field's items (nullItem, NullItem), which it
//     then is; nor for a norm:"wrap" field whose items take it (nullItem:
//     NullTextKept), which reads it as that item.
//
// A required field has none: null for it is "is required" (RequiredNull);
// but where null is its own value (a pointer to a number, a boolean, a
// time or a duration, not strict), "null" spelled as text is null too
// (AbsentNullText alone: nil; anthropics/claude-code#81911), and "" is
// no value of it. kind, pointer, strict and split describe the field's
// type; promoted says it is reached through an embedded pointer;
// hasDefault is a declared default.
func AbsentForms(kind Kind, pointer, promoted, strict bool, split string, required, hasDefault, emptyError, nullItem, enumEmpty bool) lenientimpl.AbsentForms {
	if required {
		switch kind {
		case Int, Uint, Float, Bool, Time, Duration:
			if pointer && !promoted && !strict && split == "" {
				return lenientimpl.AbsentNullText
			}
		}
		return 0
	}
	// (any and json.RawMessage take null as a value; a type with a
	// decoder of its own is given null, as encoding/json gives it)
	own := kind == Any || kind == Custom
	var forms lenientimpl.AbsentForms
	if pointer && promoted || (!pointer || hasDefault) && !own {
		forms |= lenientimpl.AbsentNull
	}
	if own {
		return forms
	}
	if !emptyError && !strict && split == "" {
		switch kind {
		case Int, Uint, Float, Bool, Array, Map, Object, Time, Duration:
			forms |= lenientimpl.AbsentEmpty
		case String:
			if enumEmpty {
				forms |= lenientimpl.AbsentEmpty
			}
		}
	}
	if !strict && split != "" && !nullItem {
		// ("" is a list of no items; "null" spelled as text is null,
		// but where it is an item's value: NullItem)
		forms |= lenientimpl.AbsentNullText
	}
	if nullItem && forms&lenientimpl.AbsentEmpty != 0 {
		// (a wrap field's, or a string enum's: "null" is the item, or
		// the value, and "" the field left out)
		forms |= lenientimpl.NullTextKept
	}
	return forms
}

// NullItem reports whether the text "null" is a value of items of this
// enum and value aliases: an enum value (in any letter case, where the
// enum folds), or a value alias's (which reads it as its value). A split
// field whose items it is reads "null" as that item, not as null.
func NullItem(enum []string, folds bool, aliases []ValueAlias) bool {
	for _, v := range CaseValues(enum, aliases) {
		if v == "null" || folds && jsonwire.FoldASCII(v) == "null" {
			return true
		}
	}
	return false
}

// RequiredNull reports whether null for a required field of this type is
// read as the field left out ("is required"): a type whose schema has no
// null, decoded by normgen (not a pointer, any, json.RawMessage, or a type
// with a decoder of its own, which null is given to as encoding/json
// gives it).
func RequiredNull(kind Kind, pointer bool) bool {
	if pointer {
		return false
	}
	switch kind {
	case String, Bool, Int, Uint, Float, Array, Map, Object:
		return true
	}
	return false
}

// EmptyErrorRefused says where `norm:"empty=error"` applies, for the
// generator and Describe.
const EmptyErrorRefused = `norm empty=error applies to an optional field that reads "" as left out: a number, a boolean, a slice, a map, a struct of the package, a time.Time or a time.Duration, not strict, not split=, or a string whose enum is read in any letter case and holds no "" (any other string keeps "", and a required field takes no "")`

// AbsentValues is the value of an absent rule (lenient.RuleAbsent) for
// forms: the JSON values read as the field left out ([null], [""] or
// [null,""]).
func AbsentValues(forms lenientimpl.AbsentForms) json.RawMessage {
	return lenientimpl.AbsentValues(forms)
}

// EnumEmpty reports whether "" for an optional string field with this
// enum (read in any letter case: folds), value aliases and string
// keywords is no value of it, and so the field left out (AbsentForms):
// an enum of values the keywords take, "" not among them nor among the
// aliases.
func EnumEmpty(k Keywords, folds bool, aliases []ValueAlias) bool {
	return folds && len(TakenEnum(k)) > 0 && !slices.Contains(CaseValues(k.Enum, aliases), "")
}
