package schema

import "github.com/normgen/normgen/internal/leniency"

// EnumFolds reports whether an enum's values are read in any ASCII letter
// case ("JSON" for "json"): when no two of them fold alike. A field can
// turn it off (`norm:"enum=strict"`).
func EnumFolds(enum []string) bool { return leniency.EnumFolds(enum) }

// EnumCasePattern is a portable pattern (no inline flags, which hosts'
// validators read differently) matching exactly the values of enum in any
// ASCII letter case: ^(one|two)$ with each letter a class of its two
// cases, and the values' shared prefixes and suffixes written once
// (^([gG][eE][tT](_[iI][dD])?|[lL][iI][sS][tT])$ for get, get_id and list).
func EnumCasePattern(enum []string) string { return leniency.EnumCasePattern(enum) }

// FoldsEnum reports whether the field reads its enum's values in another
// ASCII letter case (EnumFolds, not turned off by norm:"enum=strict").
func (f *Field) FoldsEnum() bool {
	return f.Type != nil && f.Type.Kind == String && !f.EnumStrict && EnumFolds(f.Keywords.Enum)
}

// FoldsEnum reports whether a String element or map value reads its
// Enum's values in another ASCII letter case (EnumFolds, not turned off).
func (t *Type) FoldsEnum() bool {
	return t != nil && t.Kind == String && !t.EnumStrict && EnumFolds(t.Enum)
}

// EnumStrictRefused says where `norm:"enum=strict"` applies, for the
// generator and Describe.
const EnumStrictRefused = "norm enum=strict applies to a string field (or a slice or map field of strings) with an enum whose values are read in any letter case (no two of them alike but for case)"

// ElemEnum puts the enum of a slice or map field of strings (enum, its
// jsonschema tag's) on its elements' Type (Enum), as invopop reads an
// enum tag on a slice: t with a copy of its Elem holding it, and no enum
// left for the field itself. Any other field is returned as it is.
func ElemEnum(t *Type, enum []string, strict bool) (*Type, []string) {
	if len(enum) == 0 || t.Kind != Array && t.Kind != Map || t.Elem == nil || t.Elem.Kind != String {
		return t, enum
	}
	c, e := *t, *t.Elem
	e.Enum, e.EnumStrict = enum, strict
	c.Elem = &e
	return &c, nil
}

// EnumStrictApplies reports whether `norm:"enum=strict"` applies to a
// field of type t with the enum of its keywords: a string field, or a
// slice or map field of strings (ElemEnum), whose enum EnumFolds.
func EnumStrictApplies(t *Type, enum []string) bool {
	if t.Kind == String {
		return EnumFolds(enum)
	}
	return (t.Kind == Array || t.Kind == Map) && t.Elem != nil && t.Elem.Kind == String && EnumFolds(t.Elem.Enum)
}
