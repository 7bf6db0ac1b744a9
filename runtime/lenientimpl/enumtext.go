package lenientimpl

import (
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// maxEnumDigits is the most digits an integer read across JSON types
// (EnumText, EnumDigits) has: every validator, AJV's float64 included,
// reads such an integer exactly.
const maxEnumDigits = 15

// EnumTextValue reports whether v, a string enum's value, is read from a
// JSON boolean or number (EnumText): "true", "false", or the decimal
// text of an integer of at most 15 digits in its one spelling (no
// leading zero, sign or "-0": `-?(0|[1-9][0-9]*)`).
func EnumTextValue(v string) bool {
	return v == "true" || v == "false" || canonicalInt(v)
}

// canonicalInt reports whether s is an integer's decimal text in its one
// spelling, of at most maxEnumDigits digits.
func canonicalInt(s string) bool {
	d := s
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > maxEnumDigits || d[0] == '0' && (len(d) > 1 || len(s) > 1) {
		return false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return true
}

// EnumText returns the one of values (a string enum's) that lit, the
// JSON text of a boolean or a number, is the text of, and whether there
// is one: "true" and "false" for the booleans, and for a number whose
// value is an integer (2, 2.0, 2e0, 20e-1 alike, as a validator compares
// them) its decimal text ("2"). Only values EnumTextValue takes are read;
// any other literal, or a value the enum does not hold, gives false.
func EnumText[T ~string | ~[]byte](lit T, values []string) (string, bool) {
	var text string
	switch {
	case len(lit) == 0:
		return "", false
	case string(lit) == "true" || string(lit) == "false":
		text = string(lit)
	case lit[0] == '-' || lit[0] >= '0' && lit[0] <= '9':
		n, err := ParseIntNumber(lit, 64)
		if err != nil {
			return "", false
		}
		text = strconv.FormatInt(n, 10)
		if !canonicalInt(text) {
			return "", false
		}
	default:
		return "", false
	}
	if i := slices.Index(values, text); i >= 0 {
		return values[i], true
	}
	return "", false
}

// EnumDigitsValue reports whether an integer enum's value, as JSON text,
// is read from a string (EnumDigits): an integer literal of at most 15
// digits in its one spelling, the text a string must hold.
func EnumDigitsValue(v string) bool { return canonicalInt(v) }

// EnumDigits reports whether s, a string sent for an integer enum, is
// the text of one of values (the enum's values as JSON text, each one
// EnumDigitsValue takes): "2" for 2, and nothing else for it ("02", "2.0"
// and " 2" are not its text).
func EnumDigits(s string, values []string) bool {
	return canonicalInt(s) && slices.Contains(values, s)
}

// EnumText reads a JSON boolean or number v for a string enum as the
// one of values it is the text of (EnumText), and records the fix
// (FixEnumText); false, when it is none, with nothing recorded.
func (d *Decoder) EnumText(v []byte, name string, values ...string) (string, bool) {
	to, ok := EnumText(v, values)
	if !ok {
		return "", false
	}
	if d.record {
		d.fix(name, lenient.FixEnumText, v, strconv.AppendQuote(d.scratch[:0], to))
	}
	return to, true
}

// EnumTexts returns the values of a string enum that a JSON boolean or
// number is read as where a schema must say so in a form every host takes
// (no enum of booleans or numbers, which some refuse; one branch of each
// type): "true" and "false" where the enum holds both (a boolean branch),
// and the integers' texts (EnumTextValue) where they are one run of two
// or more consecutive integers, lo to hi (an integer branch with those
// bounds). A lone integer's text among names is a name (a reaction's
// "-1" beside "+1" and "heart"), which no model sends as a number: it
// is not worth a branch every request carries.
// texts keeps the enum's order; ints says whether it holds integers.
func EnumTexts(values []string) (texts []string, ints bool, lo, hi int64) {
	var nums []int64
	for _, v := range values {
		if v != "true" && v != "false" && canonicalInt(v) {
			n, _ := strconv.ParseInt(v, 10, 64)
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	nums = slices.Compact(nums)
	ints = len(nums) > 1 && nums[len(nums)-1]-nums[0] == int64(len(nums)-1)
	bools := slices.Contains(values, "true") && slices.Contains(values, "false")
	for _, v := range values {
		if (v == "true" || v == "false") && bools || v != "true" && v != "false" && ints && canonicalInt(v) {
			texts = append(texts, v)
		}
	}
	if ints {
		lo, hi = nums[0], nums[len(nums)-1]
	}
	return texts, ints, lo, hi
}

// StringIn decodes a string enum's value: a JSON string (String), or,
// unless m is Strict, a JSON boolean or number that is the text of one of
// texts, the enum's values read so (EnumText, recorded as FixEnumText;
// EnumTexts). Another boolean or number is refused naming enum's values
// where its text is none of them (NotOneOf), since "send "4"" would have
// it refused again; anything else as String refuses it.
func (d *Decoder) StringIn(v []byte, name string, m Mode, enum []string, texts ...string) string {
	if v[0] == '"' || v[0] == '{' || v[0] == '[' || v[0] == 'n' {
		return d.String(v, name, m)
	}
	if m&Strict == 0 && len(texts) > 0 {
		if s, ok := d.EnumText(v, name, texts...); ok {
			return s
		}
	}
	ex := jsonwire.FoldASCII(string(stringExample(v)))
	if slices.ContainsFunc(enum, func(e string) bool { return jsonwire.FoldASCII(e) == ex }) {
		return d.String(v, name, m) // (its text, in quotes, is taken)
	}
	d.FailKind(lenient.KindEnum, name, v, NotOneOf(enum))
	return ""
}

// NotOneOf is the message of a string that is none of a string enum's
// values, in generated code's words: is not one of "a", "b".
func NotOneOf(enum []string) string {
	quoted := make([]string, len(enum))
	for i, e := range enum {
		quoted[i] = strconv.Quote(e)
	}
	return "is not one of " + strings.Join(quoted, ", ")
}

// EnumInt decodes an integer enum's value of the given width: a number,
// as Int reads it, or (unless Strict) a string that is the text of one of
// values (EnumDigits: "2" for 2; recorded as FixEnumDigits). Any other
// string is refused naming the values (KindEnum).
func (d *Decoder) EnumInt(v []byte, name string, bits int, m Mode, values ...string) int64 {
	if v[0] != '"' || m&Strict != 0 {
		return d.Int(v, name, bits, m)
	}
	t := StringValue(v)
	if EnumDigits(t, values) {
		if n, err := ParseIntString(t, bits); err == nil {
			if d.record {
				d.fix(name, lenient.FixEnumDigits, v, []byte(t))
			}
			return n
		}
	}
	d.FailKind(lenient.KindEnum, name, v, "is not one of "+strings.Join(values, ", "))
	return 0
}
