package suggest

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/schema"
)

// structKey is a key of a struct: one struct may serve several tools and
// paths, and gets a key as an alias of one field at most.
type structKey struct {
	s   *gen.Struct
	key string
}

// requiredAliases suggests alias edits for required fields: each unknown
// key goes to the missing field it came with most often (name similarity
// breaks ties), in at least min calls and more often than with the field
// present, to one field of a struct at most, and never when it is a key
// the struct has. A key that two fields claim equally is ambiguous: no
// edit. used records the struct keys the edits took.
func requiredAliases(tools map[string]*gen.Tool, tl *tallies, min int) (edits []*Edit, ambiguous []Ambiguity, used map[structKey]bool) {
	var cands []*Edit
	for pk, n := range tl.co.n {
		f, s := fieldAt(tools[pk.tool].Input, pk.path)
		if f == nil || n < min || tl.together[pk] >= n || takenKey(s, pk.key) || !tagSafe(pk.key) {
			continue
		}
		cands = append(cands, &Edit{Tool: pk.tool, Field: f, Struct: s, Path: pk.path, Kind: Alias, Key: pk.key,
			Count: n, Example: tl.co.example[pk], Together: tl.together[pk]})
	}
	sort.Slice(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		sa, sb := nameSimilarity(a.Key, a.Field), nameSimilarity(b.Key, b.Field)
		if sa != sb {
			return sa > sb
		}
		return a.Tool+a.Path+a.Key < b.Tool+b.Path+b.Key
	})
	used = map[structKey]bool{}
	for i, e := range cands {
		sk := structKey{e.Struct, e.Key}
		if used[sk] {
			continue
		}
		used[sk] = true
		var rivals []string
		for _, o := range cands[i+1:] {
			if o.Struct == e.Struct && o.Key == e.Key && o.Field != e.Field && o.Count == e.Count &&
				nameSimilarity(e.Key, e.Field)-nameSimilarity(o.Key, o.Field) < 0.1 {
				rivals = append(rivals, o.Path)
			}
		}
		if len(rivals) > 0 {
			ambiguous = append(ambiguous, Ambiguity{Tool: e.Tool, Key: e.Key, Count: e.Count, Paths: append([]string{e.Path}, rivals...)})
			continue
		}
		edits = append(edits, e)
	}
	return edits, ambiguous, used
}

// optionalAliases suggests alias edits for optional fields: a key sent in
// the objects at one path, never beside a missing required field there,
// in at least min calls, each time with one and the same optional field
// of that object left out that its value fits, and no other. A key two
// or more such fields fit is ambiguous: no edit. Struct keys in used (and
// those it takes) are not suggested again.
func optionalAliases(tools map[string]*gen.Tool, tl *tallies, min int, used map[structKey]bool) (edits []*Edit, ambiguous []Ambiguity) {
	withMissing := map[sentKey]bool{}
	for pk := range tl.co.n {
		parent, _ := parentOf(pk.path)
		withMissing[sentKey{pk.tool, parent, pk.key}] = true
	}
	var keys []sentKey
	for k := range tl.sent.n {
		if !withMissing[k] {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		return a.tool+"\x00"+a.object+"\x00"+a.key < b.tool+"\x00"+b.object+"\x00"+b.key
	})
	for _, sk := range keys {
		n := tl.sent.n[sk]
		s := structAt(tools[sk.tool].Input, sk.object)
		if n < min || s == nil || used[structKey{s, sk.key}] || takenKey(s, sk.key) || !tagSafe(sk.key) {
			continue
		}
		var fit []*gen.Field
		var paths []string
		for _, f := range s.Fields {
			if path := join(sk.object, f.Name); tl.fit[pairKey{fieldKey{sk.tool, path}, sk.key}] == n {
				fit, paths = append(fit, f), append(paths, path)
			}
		}
		switch {
		case len(fit) == 1:
			used[structKey{s, sk.key}] = true
			edits = append(edits, &Edit{Tool: sk.tool, Field: fit[0], Struct: s, Path: paths[0], Kind: Alias, Key: sk.key,
				Count: n, Example: tl.sent.example[sk], Optional: true})
		case len(fit) > 1:
			ambiguous = append(ambiguous, Ambiguity{Tool: sk.tool, Key: sk.key, Count: n, Paths: paths, Optional: true})
		}
	}
	return edits, ambiguous
}

// valueAliases suggests value alias edits: an enum field that keeps
// getting one wrong string, in at least min calls.
func valueAliases(tools map[string]*gen.Tool, tl *tallies, min int) []*Edit {
	var edits []*Edit
	for vk, n := range tl.wrong.n {
		f, s := fieldAt(tools[vk.tool].Input, vk.path)
		if f == nil || n < min || f.Type == nil {
			continue
		}
		enum := f.Keywords.Enum
		if len(enum) == 0 || takenValue(f, vk.value) || !tagSafe(vk.value) || strings.Contains(vk.value, ":") {
			continue
		}
		e := &Edit{Tool: vk.tool, Field: f, Struct: s, Path: vk.path, Kind: ValueAlias, Key: vk.value, Count: n, Example: tl.wrong.example[vk]}
		if e.To = closestValue(vk.value, enum); e.To == "" {
			e.Choices = enum
		}
		edits = append(edits, e)
	}
	return edits
}

// sortEdits orders edits most frequent first, then by tool, path and key.
func sortEdits(edits []*Edit) {
	sort.SliceStable(edits, func(i, j int) bool {
		a, b := edits[i], edits[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Tool+"\x00"+a.Path+"\x00"+a.Key < b.Tool+"\x00"+b.Path+"\x00"+b.Key
	})
}

// fits reports whether a JSON value is of a kind a field of type t takes
// (a string for a number or a boolean only when it is one's text; null
// fits nothing).
func fits(t *gen.TypeRef, v json.RawMessage) bool {
	if t == nil || len(v) == 0 {
		return false
	}
	var x any
	if json.Unmarshal(v, &x) != nil || x == nil {
		return false
	}
	str, isStr := x.(string)
	switch t.Kind {
	case schema.String:
		return isStr
	case schema.Int, schema.Uint, schema.Float:
		_, isNum := x.(float64)
		return isNum || isStr && json.Valid([]byte(str)) && strings.Trim(str, "0123456789.-+eE") == ""
	case schema.Bool:
		_, isBool := x.(bool)
		return isBool || isStr && (strings.EqualFold(str, "true") || strings.EqualFold(str, "false"))
	case schema.Array:
		_, isArr := x.([]any)
		return isArr || isStr && strings.HasPrefix(strings.TrimSpace(str), "[")
	case schema.Object, schema.Map:
		_, isObj := x.(map[string]any)
		return isObj
	case schema.Any:
		return true
	}
	return false
}

// tagSafe reports whether s can be written into a norm tag option as it
// is (no separator, quote, space or control character).
func tagSafe(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || strings.ContainsRune("|,\"\\`=", r) {
			return false
		}
	}
	return true
}

// takenKey reports whether key is a field name or alias of s.
func takenKey(s *gen.Struct, key string) bool {
	for _, f := range s.Fields {
		for _, k := range f.Spellings() {
			if k == key {
				return true
			}
		}
	}
	return false
}

// takenValue reports whether v is one of f's enum values or value aliases.
func takenValue(f *gen.Field, v string) bool {
	for _, e := range f.Keywords.Enum {
		if e == v {
			return true
		}
	}
	for t := f.Type; t != nil; t = t.Elem {
		for _, a := range t.ValueAliases {
			if a.From == v {
				return true
			}
		}
	}
	return false
}
