package normalize

import (
	"encoding/json"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// The rules for the forms models send for values they leave out (null,
// "": absent, and param_default's when), for a list in one string
// (split) and for an enum value in another letter case (enum_case).

// defaultsOver reports whether a default with when replaces the value
// whose JSON text is raw (a default always fills an absent key).
func defaultsOver(when, raw string) bool {
	switch when {
	case lenient.WhenAbsentOrNull:
		return raw == "null"
	case lenient.WhenAbsentOrEmpty:
		return raw == "null" || raw == `""`
	}
	return false
}

// absentValue reports whether the value whose JSON text is raw is one an
// absent rule reads as absent (its value, an array of null and "").
func absentValue(value json.RawMessage, raw string) bool {
	if raw != "null" && raw != `""` {
		return false
	}
	var vals []any
	if json.Unmarshal(value, &vals) != nil {
		return false
	}
	for _, x := range vals {
		if x == nil && raw == "null" || x == "" && raw == `""` {
			return true
		}
	}
	return false
}

// splitRule is what a split rule makes of the string s: its items, as
// the decoders read a norm:"split=SEP" field's string (SplitItems), when
// s holds no JSON array text and no empty item.
func splitRule(r *lenient.Rule, s string) ([]string, bool) {
	var sep string
	if json.Unmarshal(r.Value, &sep) != nil {
		return nil, false
	}
	if i := jsonwire.SkipSpace([]byte(s), 0); i < len(s) && s[i] == '[' {
		return nil, false // JSON array text, for json_accept_both
	}
	return lenientimpl.SplitItems(s, sep)
}

// enumCaseRule is what an enum_case rule makes of the string s: the one
// of its values s equals in another ASCII letter case.
func enumCaseRule(r *lenient.Rule, s string) (string, bool) {
	var vals []string
	if json.Unmarshal(r.Value, &vals) != nil {
		return "", false
	}
	return lenientimpl.EnumCase(s, vals)
}

// enumTextRule is what an enum_text rule makes of lit, the JSON text of a
// boolean or a number: the one of its values lit is the text of.
func enumTextRule(r *lenient.Rule, lit string) (string, bool) {
	var vals []string
	if json.Unmarshal(r.Value, &vals) != nil {
		return "", false
	}
	return lenientimpl.EnumText(lit, vals)
}

// enumDigitsRule reports whether an enum_digits rule reads the string s
// as the integer whose JSON text s is.
func enumDigitsRule(r *lenient.Rule, s string) bool {
	texts, ok := rulespec.EnumDigitsValues(r.Value)
	return ok && lenientimpl.EnumDigits(s, texts)
}
