package schemabuild

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/invopop/jsonschema"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// withEnumTexts returns s, a string enum's schema, with the booleans and
// integers whose text one of its values is (texts, EnumTexts) as branches
// after its string ones: {"type": "boolean"} where it holds "true" and
// "false", and an integer branch bounded to the run of integers (no enum
// of booleans or numbers, which some hosts refuse).
func withEnumTexts(s *jsonschema.Schema, texts []string) *jsonschema.Schema {
	_, ints, lo, hi := lenientimpl.EnumTexts(texts)
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
