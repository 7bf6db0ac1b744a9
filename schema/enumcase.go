package schema

import "github.com/normgen/normgen/internal/leniency"

// EnumFolds reports whether an enum's values are read in any ASCII letter
// case ("JSON" for "json"): when no two of them fold alike. A field can
// turn it off (`norm:"enum=strict"`).
func EnumFolds(enum []string) bool { return leniency.EnumFolds(enum) }

// EnumCasePattern is a portable pattern (no inline flags, which hosts'
// validators read differently) matching exactly the values of enum in any
// ASCII letter case: ^(one|two)$ with each letter a class of its two cases.
func EnumCasePattern(enum []string) string { return leniency.EnumCasePattern(enum) }

// FoldsEnum reports whether the field reads its enum's values in another
// ASCII letter case (EnumFolds, not turned off by norm:"enum=strict").
func (f *Field) FoldsEnum() bool {
	return f.Type != nil && f.Type.Kind == String && !f.EnumStrict && EnumFolds(f.Keywords.Enum)
}

// EnumStrictRefused says where `norm:"enum=strict"` applies, for the
// generator and Describe.
const EnumStrictRefused = "norm enum=strict applies to a string field with an enum whose values are read in any letter case (no two of them alike but for case)"
