package schema

import (
	"fmt"
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
)

// JSONOptions checks the options of a field's json tag: opts is the text
// after the name and its comma, name the field's wire name. encoding/json
// reads omitempty, omitzero and string (StringOptionRefused says why
// normgen refuses string), and ignores any other option, so a misspelled
// omitempty leaves the field required without a word. The error is that of
// the first option no encoding/json reads (with the known one it is near,
// if any), or of inline or unknown, which encoding/json/v2 reads to move
// the field on the wire, where normgen reads it as a member of its own.
// The warnings are those of encoding/json/v2's format:... and case:...,
// which normgen does not apply either, but which change nothing it reads.
func JSONOptions(opts, name string) (warns []string, err error) {
	parts := strings.Split(opts, ",")
	for i, o := range parts {
		if strings.HasPrefix(o, "format:") {
			// (format:... is the last option encoding/json/v2 takes, and
			// its value may be quoted with commas in it)
			o = strings.Join(parts[i:], ",")
		}
		switch {
		case o == "", o == "omitempty", o == "omitzero", o == "string":
		case o == "inline":
			return warns, fmt.Errorf("json option inline is encoding/json/v2's, which normgen does not apply: the schema and decoder would take the field as the member %q, where encoding/json/v2 reads its members in the enclosing object; embed the struct (encoding/json promotes an embedded struct's fields), or drop inline", name)
		case o == "unknown":
			return warns, fmt.Errorf("json option unknown is encoding/json/v2's, which normgen does not apply: the schema and decoder would take the field as the member %q, where encoding/json/v2 puts in it the members no other field takes; drop unknown (a blank field _ struct{} `norm:\"unknown=error\"` refuses such members)", name)
		case strings.HasPrefix(o, "format:"), strings.HasPrefix(o, "case:"), o == "nocase", o == "strictcase":
			// (nocase and strictcase: case:ignore and case:strict as
			// earlier go-json-experiment builds spelled them)
			warns = append(warns, fmt.Sprintf("json option %s is encoding/json/v2's, which normgen does not apply: the generated UnmarshalJSON decodes the type, under encoding/json/v2 too, without it; drop it", o))
		default:
			return warns, unknownJSONOption(o)
		}
		if strings.HasPrefix(o, "format:") {
			break
		}
	}
	return warns, nil
}

// unknownJSONOption is the error of a json option no encoding/json reads.
func unknownJSONOption(o string) error {
	near, best := "", jsonwire.NotNear
	for _, k := range []string{"omitempty", "omitzero", "inline", "unknown"} {
		if n := jsonwire.NearKey(o, k); n != jsonwire.NotNear && (best == jsonwire.NotNear || n < best) {
			near, best = k, n
		}
	}
	switch near {
	case "":
		return fmt.Errorf("json option %s is not one encoding/json knows (it reads omitempty, omitzero and string; encoding/json/v2 also inline, unknown, format:... and case:...): encoding/json ignores it, so the field would be read without it; drop it, or write omitempty for an optional field", o)
	case "omitempty", "omitzero":
		return fmt.Errorf("json option %s is not one encoding/json knows; did you mean %s? encoding/json ignores it, so the field would be read without it (required, in the default model of required fields); write %s", o, near, near)
	}
	return fmt.Errorf("json option %s is not one encoding/json knows (did you mean %s? that is encoding/json/v2's, which normgen does not apply); drop it", o, near)
}
