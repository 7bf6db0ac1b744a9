package schema

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/normgen/normgen/runtime/lenientimpl"
)

// EnumTexts returns the values of a string field's enum (k) that a JSON
// boolean or number is read as (lenientimpl.EnumTexts: "true" and "false"
// where it holds both, a run of integers' texts), of those its minLength,
// maxLength and pattern take (TakenEnum: the decoder checks them on the
// text it read): what its schema advertises in a boolean branch and an
// integer branch. None for a field with unescape, which no enum has.
func EnumTexts(k Keywords) []string {
	texts, _, _, _ := lenientimpl.EnumTexts(TakenEnum(k))
	return texts
}

// TakenEnum returns the values of a string field's enum (k) that its
// minLength, maxLength and pattern take: the decoder refuses the others,
// read as they are or from another letter case or JSON type, so its
// schema's branches for those forms hold these alone. None where the
// pattern does not compile (the generator refuses it).
func TakenEnum(k Keywords) []string {
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
	return taken
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

// IntEnum reads the enum of an integer field (k): the texts of its
// values, which a string is read as (lenientimpl.EnumDigits), and the run of
// consecutive integers they are, lo to hi, which the schema says as
// minimum and maximum (hosts refuse enums of numbers). An enum that is
// not such a run, or one beside bounds, is an error saying what to
// declare instead.
func IntEnum(k Keywords) (texts []string, lo, hi int64, err error) {
	if k.Minimum != "" || k.Maximum != "" || k.ExclusiveMinimum != "" || k.ExclusiveMaximum != "" {
		return nil, 0, 0, errors.New("an integer field with an enum takes no bounds: the enum is its bounds")
	}
	var nums []int64
	for _, e := range k.Enum {
		if !lenientimpl.EnumDigitsValue(e) {
			return nil, 0, 0, fmt.Errorf("enum value %q of an integer field is not an integer of at most 15 digits as JSON writes it", e)
		}
		n, _ := strconv.ParseInt(e, 10, 64)
		nums = append(nums, n)
		if !slices.Contains(texts, e) {
			texts = append(texts, e)
		}
	}
	slices.Sort(nums)
	nums = slices.Compact(nums)
	if nums[len(nums)-1]-nums[0] != int64(len(nums)-1) {
		return nil, 0, 0, errors.New(`enum on an integer field takes consecutive integers only (hosts refuse enums of numbers, so the schema says them as minimum and maximum); for other values declare a string field with that enum, which reads the number 2 as "2" too`)
	}
	return texts, nums[0], nums[len(nums)-1], nil
}
