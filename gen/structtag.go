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

// tagKeys reads a struct tag as reflect.StructTag.Lookup does and
// returns its keys in order, or what go vet reports of it: pairs not
// separated by a space, a key or value that does not parse (a value is a
// Go string literal, so an unknown escape such as \, does not), a space
// among the json options. Lookup reads such a tag as no tag from the bad
// pair on, so normgen would drop every option written there without a
// word.
func tagKeys(tag string) ([]string, error) {
	var keys []string
	for n := 0; tag != ""; n++ {
		if n > 0 && tag[0] != ' ' {
			return nil, errTagPairs
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
			return nil, errTagKey
		case i+1 >= len(tag) || tag[i] != ':':
			return nil, errTagPair
		case tag[i+1] != '"':
			return nil, errTagValue
		}
		key := tag[:i]
		keys = append(keys, key)
		tag = tag[i+1:]
		i = 1
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			return nil, errTagValue
		}
		value, err := strconv.Unquote(tag[:i+1])
		if err != nil {
			return nil, errTagValue
		}
		tag = tag[i+1:]
		if key == "json" {
			if _, opts, ok := strings.Cut(value, ","); ok && strings.Contains(opts, " ") {
				return nil, errTagSpace
			}
		}
	}
	return keys, nil
}

// readKeys are the tag keys normgen reads. reflect.StructTag.Lookup
// reads the first of a key alone, so what a second one says would be
// dropped without a word.
var readKeys = map[string]bool{"json": true, "jsonschema": true, "norm": true}

// unreadKeys are invopop/jsonschema's tag keys besides jsonschema, which
// normgen does not read, with what to write instead: what they say would
// be dropped without a word.
var unreadKeys = map[string]string{
	"jsonschema_extras":      `write the keyword in jsonschema:"..." (normgen takes there the keywords its decoder enforces)`,
	"jsonschema_description": `write description=... in jsonschema:"...", or a doc comment on the field`,
}

// tagParses reports whether the tag of field v (of struct fieldID's
// field) parses and says nothing normgen would drop (a second json,
// jsonschema or norm key; invopop's keys normgen does not read), and
// reports it with the field's position when not.
func (l *loader) tagParses(v *types.Var, tag, fieldID string) bool {
	keys, err := tagKeys(tag)
	if err == nil {
		ok := true
		seen := map[string]bool{}
		for _, k := range keys {
			switch {
			case readKeys[k] && seen[k]:
				l.errorf(v.Pos(), fieldID, "struct tag `%s` has two %s keys: reflect.StructTag.Lookup reads the first alone, so the second's options would be dropped; write them in one", tag, k)
				ok = false
			case unreadKeys[k] != "" && !seen[k]:
				l.errorf(v.Pos(), fieldID, "struct tag key %s is invopop/jsonschema's, which normgen does not read: %s", k, unreadKeys[k])
				ok = false
			}
			seen[k] = true
		}
		return ok
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
