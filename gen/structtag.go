package gen

import (
	"errors"
	"fmt"
	"go/types"
	"strconv"
	"strings"
)

// Why a struct tag does not parse: go vet's words (its structtag check),
// which reads tags as reflect.StructTag.Lookup does, a little more
// strictly.
var (
	errTagPairs = errors.New(`key:"value" pairs not separated by spaces`)
	errTagKey   = errors.New("bad syntax for struct tag key")
	errTagPair  = errors.New("bad syntax for struct tag pair")
	errTagValue = errors.New("bad syntax for struct tag value")
	errTagSpace = errors.New("suspicious space in struct tag value")
)

// checkTag reads a struct tag as reflect.StructTag.Lookup does and
// reports what go vet reports of it: pairs not separated by a space, a
// key or value that does not parse (a value is a Go string literal, so
// an unknown escape such as \, does not), a space among the json options.
// Lookup reads such a tag as no tag from the bad pair on, so normgen
// would drop every option written there without a word.
func checkTag(tag string) error {
	for n := 0; tag != ""; n++ {
		if n > 0 && tag[0] != ' ' {
			return errTagPairs
		}
		tag = strings.TrimLeft(tag, " ")
		if tag == "" {
			break
		}
		i := 0
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		switch {
		case i == 0:
			return errTagKey
		case i+1 >= len(tag) || tag[i] != ':':
			return errTagPair
		case tag[i+1] != '"':
			return errTagValue
		}
		key := tag[:i]
		tag = tag[i+1:]
		i = 1
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			return errTagValue
		}
		value, err := strconv.Unquote(tag[:i+1])
		if err != nil {
			return errTagValue
		}
		tag = tag[i+1:]
		if key == "json" {
			if _, opts, ok := strings.Cut(value, ","); ok && strings.Contains(opts, " ") {
				return errTagSpace
			}
		}
	}
	return nil
}

// tagParses reports whether the tag of field v (of struct fieldID's
// field) parses, and reports it with the field's position when not.
func (l *loader) tagParses(v *types.Var, tag, fieldID string) bool {
	err := checkTag(tag)
	if err == nil {
		return true
	}
	var next string
	switch {
	case err == errTagValue && strings.Contains(tag, `\,`) && !strings.Contains(tag, `\\,`):
		next = `a tag value is a Go string literal, in which a backslash starts an escape; write \\, for invopop's \, (a literal comma)`
	case err == errTagSpace:
		json, _ := tagValue(tag, "json")
		next = fmt.Sprintf("json options take no space (json:%q)", strings.ReplaceAll(json, " ", ""))
	default:
		next = "write `key:\"value\" key:\"value\"`"
	}
	l.errorf(v.Pos(), fieldID, "struct tag `%s` does not parse (%v), as reflect.StructTag.Lookup and go vet read it: %s", tag, err, next)
	return false
}

// tagValue is the raw (unquoted where it can be) value of key in a tag
// that may not parse.
func tagValue(tag, key string) (string, bool) {
	i := strings.Index(tag, key+`:"`)
	if i < 0 {
		return "", false
	}
	rest := tag[i+len(key)+2:]
	end := strings.IndexByte(rest, '"')
	if end < 0 {
		return rest, true
	}
	return rest[:end], true
}
