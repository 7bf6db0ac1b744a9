package schema

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/normgen/normgen/runtime/lenientimpl"
)

// ParseTag parses a `jsonschema` struct tag into Keywords. Two dialects
// are read:
//
//   - google/jsonschema-go's (the official MCP Go SDK's): a tag that does
//     not start with a word followed by `=` is the field's description,
//     verbatim, commas included (`jsonschema:"the file, relative to the
//     root"`). The "word" is jsonschema-go's: a run of characters other
//     than space, tab and newline, so `a=b, c` starts with one.
//   - invopop/jsonschema's: comma-separated key=value pairs, `\,` for a
//     literal comma, enum and examples repeated. A tag that starts with
//     `word=` is read this way, and so is a tag made only of the bare
//     flags required, deprecated, readOnly, writeOnly and uniqueItems
//     (`jsonschema:"required"` marks a required field, never the
//     description "required").
//
// Unknown keys and malformed values are errors naming the key.
func ParseTag(tag string) (Keywords, error) {
	if IsDescriptionTag(tag) {
		return Keywords{Description: tag}, nil
	}
	return parseKeyList(tag)
}

// IsDescriptionTag reports whether a `jsonschema` tag is a plain
// description in google/jsonschema-go's dialect: non-empty, not starting
// with `word=` (jsonschema-go's test: the tag does not match
// `^[^ \t\n]*=`), and not a list of invopop's bare words (the flags
// required, deprecated, readOnly, writeOnly, uniqueItems; nullable and
// "-", which ParseTag refuses by name: `jsonschema:"required,nullable"`
// is never the description "required,nullable").
func IsDescriptionTag(tag string) bool {
	if tag == "" {
		return false
	}
	if i := strings.IndexAny(tag, " \t\n="); i >= 0 && tag[i] == '=' {
		return false
	}
	for _, part := range strings.Split(tag, ",") {
		switch part {
		case "deprecated", "readOnly", "writeOnly", "uniqueItems", "required", "nullable", "-":
		default:
			return true
		}
	}
	return false
}

// parseKeyList parses invopop/jsonschema's key list.
func parseKeyList(tag string) (Keywords, error) {
	var k Keywords
	seen := map[string]string{}
	for _, part := range splitTag(tag) {
		if part == "" {
			continue
		}
		key, val, hasVal := strings.Cut(part, "=")
		if prev, ok := seen[key]; ok && key != "enum" && key != "example" && key != "examples" {
			// (the last would win without a word)
			return k, fmt.Errorf("jsonschema key %s is given twice (%s, %s): give it once", key, prev, part)
		}
		seen[key] = part
		var err error
		switch key {
		case "title":
			k.Title = val
		case "description":
			k.Description = val
		case "default":
			k.Default, k.HasDefault = val, true
		case "enum":
			if slices.Contains(k.Enum, val) {
				// (the schema's enum would list it twice, which JSON
				// Schema says it should not)
				err = fmt.Errorf("jsonschema enum value %q is given twice: give it once", val)
			}
			k.Enum = append(k.Enum, val)
		case "example", "examples":
			k.Examples = append(k.Examples, val)
		case "minimum":
			k.Minimum, err = number(key, val)
		case "maximum":
			k.Maximum, err = number(key, val)
		case "exclusiveMinimum":
			k.ExclusiveMinimum, err = number(key, val)
		case "exclusiveMaximum":
			k.ExclusiveMaximum, err = number(key, val)
		case "multipleOf":
			k.MultipleOf, err = number(key, val)
		case "minLength":
			k.MinLength, err = count(key, val)
		case "maxLength":
			k.MaxLength, err = count(key, val)
		case "minItems":
			k.MinItems, err = count(key, val)
		case "maxItems":
			k.MaxItems, err = count(key, val)
		case "pattern":
			k.Pattern = val
		case "format":
			k.Format = val
		case "uniqueItems":
			k.UniqueItems, err = flag(key, val, hasVal)
		case "deprecated":
			k.Deprecated, err = flag(key, val, hasVal)
		case "readOnly":
			k.ReadOnly, err = flag(key, val, hasVal)
		case "writeOnly":
			k.WriteOnly, err = flag(key, val, hasVal)
		case "required":
			// invopop reads the bare word only.
			if hasVal {
				err = fmt.Errorf("jsonschema required=%q: write required alone (invopop/jsonschema reads the bare word)", val)
			}
			k.Required = true
		case "nullable":
			err = fmt.Errorf("jsonschema key %q is not used by normgen: nullable fields are pointers", key)
		case "-":
			err = fmt.Errorf(`jsonschema:"-" is invopop/jsonschema's, which normgen does not read: leave a field out of the arguments with json:"-"`)
		default:
			err = fmt.Errorf("unknown jsonschema key %q; supported: title, description, default, enum, examples, minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength, pattern, minItems, maxItems, required, deprecated, readOnly, writeOnly (format, multipleOf and uniqueItems are refused: the decoder cannot enforce them)", key)
		}
		if err != nil {
			return k, err
		}
	}
	return k, nil
}

// ValueKeywords lists the keys of k that say which values are taken (not
// annotations: title, description, examples, deprecated, readOnly,
// writeOnly, required), in tag reference order.
func ValueKeywords(k Keywords) []string {
	var out []string
	for _, c := range []struct {
		key string
		set bool
	}{
		{"default", k.HasDefault}, {"enum", len(k.Enum) > 0},
		{"minimum", k.Minimum != ""}, {"maximum", k.Maximum != ""},
		{"exclusiveMinimum", k.ExclusiveMinimum != ""}, {"exclusiveMaximum", k.ExclusiveMaximum != ""},
		{"multipleOf", k.MultipleOf != ""},
		{"minLength", k.MinLength != nil}, {"maxLength", k.MaxLength != nil},
		{"pattern", k.Pattern != ""}, {"format", k.Format != ""},
		{"minItems", k.MinItems != nil}, {"maxItems", k.MaxItems != nil}, {"uniqueItems", k.UniqueItems},
	} {
		if c.set {
			out = append(out, c.key)
		}
	}
	return out
}

// splitTag splits on commas not preceded by a backslash, unescaping `\,`.
func splitTag(tag string) []string {
	var parts []string
	var b strings.Builder
	for i := 0; i < len(tag); i++ {
		switch {
		case tag[i] == '\\' && i+1 < len(tag) && tag[i+1] == ',':
			b.WriteByte(',')
			i++
		case tag[i] == ',':
			parts = append(parts, b.String())
			b.Reset()
		default:
			b.WriteByte(tag[i])
		}
	}
	return append(parts, b.String())
}

func number(key, val string) (string, error) {
	if _, err := lenientimpl.ParseFloat(val, 64); err != nil {
		return "", fmt.Errorf("jsonschema %s=%q is not a number in JSON number grammar", key, val)
	}
	return val, nil
}

func count(key, val string) (*uint64, error) {
	n, err := strconv.ParseUint(val, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("jsonschema %s=%q is not a non-negative integer", key, val)
	}
	return &n, nil
}

func flag(key, val string, hasVal bool) (bool, error) {
	if !hasVal {
		return true, nil
	}
	b, err := strconv.ParseBool(val)
	if err != nil {
		return false, fmt.Errorf("jsonschema %s=%q is not true or false", key, val)
	}
	return b, nil
}

// maxDepth bounds norm:"depth=N": an unrolled schema holds a recursive
// type's fields once per level, and more than one recursive field per
// level multiplies them.
const maxDepth = 8

// Norm holds the options of a `norm` struct tag.
type Norm struct {
	Aliases       []string // alias=a|b
	StrictBool    bool     // bool=strict
	Strict        bool     // strict
	Wrap          bool     // wrap
	Unescape      bool     // unescape
	RejectUnknown bool     // unknown=error
	// ValueAliases are value_alias=cp:copy|rm:delete, in tag order.
	ValueAliases []ValueAlias
	// Depth is depth=N: the levels of a recursive type a schema without
	// $ref unrolls through this field (0: not given).
	Depth int
	// Split is split=SEP: a string of items separated by SEP is read as a
	// slice of strings ("" when not given).
	Split string
	// EmptyError is empty=error: "" for an optional field that is not a
	// string is refused, not read as the field left out (AbsentForms).
	EmptyError bool
	// EnumStrict is enum=strict: the enum's values are read as declared
	// only, not in another letter case (EnumFolds).
	EnumStrict bool
	// Secret is secret: the field's value is read as without it, and
	// never shown (fix records, errors, logs: [secret, N bytes]).
	Secret bool
	// NoVariants is variants=off: the field's spelling-style variants
	// (ImplicitAliases) are not read as it; on a blank field, no field's
	// of the type.
	NoVariants bool
	// Unit is unit=ns|us|ms|s|m|h: the unit a time.Duration's bare
	// number counts ("" when not given: a bare number is refused).
	Unit string
}

// ParseNorm parses a `norm` struct tag. Unknown options are errors that
// list the known ones.
//
// split=SEP takes one character, which may be the comma that separates
// options (`norm:"split=,"`, `norm:"split=,,wrap"`). An option given
// twice is an error (the last one would be taken), but alias= and
// value_alias=, whose lists add up.
func ParseNorm(tag string) (Norm, error) {
	var n Norm
	given := map[string]string{} // option key -> the option as written
	parts := strings.Split(tag, ",")
	for i := 0; i < len(parts); i++ {
		part := strings.TrimSpace(parts[i])
		key, val, hasVal := strings.Cut(part, "=")
		if key == "split" && hasVal && i+1 < len(parts) && parts[i+1] == "" && strings.TrimLeft(parts[i], " ") == "split=" {
			part = "split=," // (the comma split the tag)
		}
		if prev, ok := given[key]; ok && part != "" && key != "alias" && key != "value_alias" {
			return n, fmt.Errorf("norm %s is given twice (%s, %s): give it once", key, prev, part)
		}
		given[key] = part
		if key == "split" && hasVal {
			sep := strings.TrimLeft(parts[i], " ")[len("split="):]
			if sep == "" && i+1 < len(parts) && parts[i+1] == "" {
				sep, i = ",", i+1 // split=, : the comma split the tag
			}
			if utf8.RuneCountInString(sep) != 1 || strings.IndexFunc(sep, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '"' || r == '[' }) >= 0 {
				return n, fmt.Errorf("norm split=%q: the separator is one character, not a letter, digit, quote or [ (write split=, or split=; or split=|)", sep)
			}
			n.Split = sep
			continue
		}
		switch {
		case part == "":
		case key == "alias" && hasVal:
			for _, a := range strings.Split(val, "|") {
				if a == "" {
					return n, fmt.Errorf("norm alias=%q has an empty alias", val)
				}
				n.Aliases = append(n.Aliases, a)
			}
		case key == "value_alias" && hasVal:
			va, err := parseValueAliases(val)
			if err != nil {
				return n, err
			}
			n.ValueAliases = append(n.ValueAliases, va...)
		case key == "bool" && val == "strict":
			n.StrictBool = true
		case part == "strict":
			n.Strict = true
		case part == "wrap":
			n.Wrap = true
		case part == "unescape":
			n.Unescape = true
		case part == "secret":
			n.Secret = true
		case key == "empty" && val == "error":
			n.EmptyError = true
		case key == "enum" && val == "strict":
			n.EnumStrict = true
		case key == "variants" && val == "off":
			n.NoVariants = true
		case key == "variants" && val == "on":
			// the default, which no field can turn back on below a
			// type's or package's variants=off: accepted, it would say
			// what it does not do
			return n, fmt.Errorf("norm variants=on: a field's spelling variants are read unless variants=off turns them off (for the field, its type or its package), and no field turns them back on; remove it")
		case key == "unknown" && val == "error":
			n.RejectUnknown = true
		case key == "unknown" && val == "ignore":
			return n, fmt.Errorf("norm unknown=ignore: unknown keys are ignored unless unknown=error says otherwise for the type; remove it")
		case key == "unit" && hasVal:
			if _, ok := lenientimpl.Units[val]; !ok {
				return n, fmt.Errorf("norm unit=%q is not a unit; write unit=ns, unit=us, unit=ms, unit=s, unit=m or unit=h", val)
			}
			n.Unit = val
		case key == "depth" && hasVal:
			d, err := strconv.Atoi(val)
			if err != nil || d < 1 || d > maxDepth {
				return n, fmt.Errorf("norm depth=%q is not a whole number from 1 to %d", val, maxDepth)
			}
			n.Depth = d
		default:
			return n, fmt.Errorf("unknown norm option %q; known: alias=a|b, value_alias=from:to|from:to, bool=strict, strict, wrap, unescape, unknown=error, depth=N, split=SEP, empty=error, enum=strict, secret, variants=off, unit=ns|us|ms|s|m|h", part)
		}
	}
	return n, nil
}

// parseValueAliases parses the value of value_alias=cp:copy|rm:delete.
// Every alias names one canonical value; an alias given twice, an alias
// that is also a canonical value, and empty parts are errors.
func parseValueAliases(val string) ([]ValueAlias, error) {
	var out []ValueAlias
	seen := map[string]bool{}
	for _, part := range strings.Split(val, "|") {
		from, to, ok := strings.Cut(part, ":")
		switch {
		case !ok || from == "" || to == "":
			return nil, fmt.Errorf("norm value_alias=%q: %q is not alias:value (write value_alias=cp:copy|rm:delete)", val, part)
		case seen[from]:
			return nil, fmt.Errorf("norm value_alias=%q: alias %q is given twice", val, from)
		case from == to:
			return nil, fmt.Errorf("norm value_alias=%q: %q is an alias of itself", val, from)
		}
		seen[from] = true
		out = append(out, ValueAlias{From: from, To: to})
	}
	for _, a := range out {
		if seen[a.To] {
			return nil, fmt.Errorf("norm value_alias=%q: %q is both an alias and a canonical value", val, a.To)
		}
	}
	return out, nil
}

// UnitRefused says why `norm:"unit=..."` does not apply to a field of
// type t ("" where it does): it declares what a time.Duration's bare
// number counts, and strict reads nanoseconds, as encoding/json does.
func UnitRefused(t *Type, n Norm) string {
	if n.Unit == "" {
		return ""
	}
	base := t
	if base.Kind == Array && base.Elem != nil {
		base = base.Elem
	}
	switch {
	case base.Kind != Duration:
		return "norm unit=" + n.Unit + " applies to time.Duration fields (and slices of them): it says what a bare number counts"
	case n.Strict:
		return "norm unit=" + n.Unit + " cannot be combined with strict, which reads a time.Duration as encoding/json does (an integer number of nanoseconds)"
	}
	return ""
}
