package schema

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/invopop/jsonschema"

	"github.com/normgen/normgen/lenient"
)

// EnumTexts returns the values of a string field's enum (k) that a JSON
// boolean or number is read as (lenient.EnumTexts: "true" and "false"
// where it holds both, a run of integers' texts), of those its minLength,
// maxLength and pattern take (the decoder checks them on the text it
// read): what its schema advertises in a boolean branch and an integer
// branch. None for a field with unescape, which no enum has.
func EnumTexts(k Keywords) []string {
	if len(k.Enum) == 0 {
		return nil
	}
	var re *regexp.Regexp
	if k.Pattern != "" {
		var err error
		if re, err = regexp.Compile(k.Pattern); err != nil {
			return nil
		}
	}
	var taken []string
	for _, v := range k.Enum {
		n := utf8.RuneCountInString(v)
		if k.MinLength != nil && uint64(n) < *k.MinLength || k.MaxLength != nil && uint64(n) > *k.MaxLength || re != nil && !re.MatchString(v) {
			continue
		}
		taken = append(taken, v)
	}
	texts, _, _, _ := lenient.EnumTexts(taken)
	return texts
}

// EnumTexts returns the values of the field's enum a JSON boolean or
// number is read as (EnumTexts): none for a field that is not a string
// or is strict (no value is read from another JSON type).
func (f *Field) EnumTexts() []string {
	if f.Type == nil || f.Type.Kind != String || f.Type.Strict {
		return nil
	}
	return EnumTexts(f.Keywords)
}

// withEnumTexts returns s, a string enum's schema, with the booleans and
// integers whose text one of its values is (texts, EnumTexts) as branches
// after its string ones: {"type": "boolean"} where it holds "true" and
// "false", and an integer branch bounded to the run of integers (no enum
// of booleans or numbers, which some hosts refuse).
func withEnumTexts(s *jsonschema.Schema, texts []string) *jsonschema.Schema {
	_, ints, lo, hi := lenient.EnumTexts(texts)
	var add []*jsonschema.Schema
	if slices.Contains(texts, "true") {
		add = append(add, &jsonschema.Schema{Type: "boolean"})
	}
	if ints {
		add = append(add, &jsonschema.Schema{Type: "integer", Minimum: json.Number(strconv.FormatInt(lo, 10)), Maximum: json.Number(strconv.FormatInt(hi, 10))})
	}
	for _, b := range add {
		after := s
		for _, x := range Branches(s) {
			if x.Type == "string" || x.Type == "boolean" {
				after = x
			}
		}
		s = withBranchAfter(s, after, b)
	}
	return s
}
