package suggest

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
)

// fieldKey is a field of a tool's input, by path template.
type fieldKey struct{ tool, path string }

// pairKey is an unknown key seen with a field.
type pairKey struct {
	fieldKey
	key string
}

// valueKey is a wrong value of an enum field.
type valueKey struct {
	fieldKey
	value string
}

// togetherKey is a pairKey counted in tallies.together: a key of its
// own in a call's set of what it counted (the pair may also be in co,
// from another element of an array).
type togetherKey pairKey

// sentKey is an unknown key sent in the objects at one path template
// ("" for the arguments).
type sentKey struct{ tool, object, key string }

// groupKey is a failure group.
type groupKey struct {
	tool, path string
	kind       lenient.ProblemKind
	pattern    string
}

// counter counts calls by key and keeps the first call of each.
type counter[K comparable] struct {
	n       map[K]int
	example map[K]Call
}

func newCounter[K comparable]() counter[K] {
	return counter[K]{n: map[K]int{}, example: map[K]Call{}}
}

func (c counter[K]) add(k K, call Call) {
	c.n[k]++
	if c.n[k] == 1 {
		c.example[k] = call
	}
}

// tallies are the counts Analyse derives edits from, each a number of
// calls (a call counts once for a key, however many elements of an array
// showed it).
type tallies struct {
	groups map[groupKey]*Pattern
	order  []groupKey
	// co: calls that missed a required field and sent an unknown key in
	// the same object.
	co counter[pairKey]
	// together: calls that sent an unknown key with the field present.
	together map[pairKey]int
	// wrong: calls that sent a wrong string to an enum field.
	wrong counter[valueKey]
	// sent: calls that sent an unknown key in an object at a path.
	sent counter[sentKey]
	// fit: of those, calls where an optional field was left out in every
	// such object and the key's value fits it.
	fit map[pairKey]int
}

func newTallies() *tallies {
	return &tallies{
		groups:   map[groupKey]*Pattern{},
		co:       newCounter[pairKey](),
		together: map[pairKey]int{},
		wrong:    newCounter[valueKey](),
		sent:     newCounter[sentKey](),
		fit:      map[pairKey]int{},
	}
}

// observe counts one call of tool t (nil when the package does not
// declare it) and the decoder's verdict r.
func (tl *tallies) observe(t *gen.Tool, c Call, r Result) {
	once := map[any]bool{} // what this call has counted already
	first := func(k any) bool {
		if once[k] {
			return false
		}
		once[k] = true
		return true
	}
	group := func(k groupKey, fill func(*Pattern)) {
		if !first(k) {
			return
		}
		g := tl.groups[k]
		if g == nil {
			g = &Pattern{Tool: k.tool, Field: k.path, Kind: k.kind, Pattern: k.pattern, Example: c}
			if fill != nil {
				fill(g)
			}
			tl.groups[k] = g
			tl.order = append(tl.order, k)
		}
		g.Count++
	}
	if !r.Known || t == nil {
		group(groupKey{tool: c.Tool, pattern: "unknown tool"}, nil)
		return
	}
	if r.Err != "" {
		group(groupKey{tool: c.Tool, pattern: r.Err}, nil)
	}
	unknown := unknownKeys(r)
	missing := map[string]bool{}
	for _, p := range r.Problems {
		path := template(p.Path)
		switch p.Kind {
		case lenient.KindMissing:
			missing[p.Path] = true
			parent, _ := parentOf(p.Path)
			keys := unknown[parent]
			pattern := "missing"
			if len(keys) > 0 {
				pattern = "missing, with unknown key(s) " + strings.Join(keys, ", ")
			}
			group(groupKey{c.Tool, path, p.Kind, pattern}, func(g *Pattern) { g.keys = keys })
			for _, k := range keys {
				if pk := (pairKey{fieldKey{c.Tool, path}, k}); first(pk) {
					tl.co.add(pk, c)
				}
			}
		case lenient.KindEnum:
			var v string
			isString := json.Unmarshal([]byte(p.Value), &v) == nil
			group(groupKey{c.Tool, path, p.Kind, p.Value + " " + p.Msg}, func(g *Pattern) {
				if isString {
					g.value = v
				}
			})
			if vk := (valueKey{fieldKey{c.Tool, path}, v}); isString && first(vk) {
				tl.wrong.add(vk, c)
			}
		default:
			group(groupKey{c.Tool, path, p.Kind, p.Msg}, nil)
		}
	}
	tl.observeUnknown(t, c, unknown, missing, first)
}

// observeUnknown counts the unknown keys of a call by the object that
// held them (unknown: concrete object path to keys): beside which present
// fields they came, and which optional fields left out their values fit.
func (tl *tallies) observeUnknown(t *gen.Tool, c Call, unknown map[string][]string, missing map[string]bool, first func(any) bool) {
	sends := map[sentKey]int{}   // objects of this call that sent the key
	fitting := map[pairKey]int{} // of those, objects where the field fit
	for parent, keys := range unknown {
		object := template(parent)
		s := structAt(t.Input, object)
		if s == nil {
			continue
		}
		obj := objectAt(t.Input, c.Args, parent)
		for _, f := range s.Fields {
			if missing[join(parent, f.Name)] {
				continue
			}
			for _, k := range keys {
				if pk := (pairKey{fieldKey{c.Tool, join(object, f.Name)}, k}); first(togetherKey(pk)) {
					tl.together[pk]++
				}
			}
		}
		for _, k := range keys {
			sends[sentKey{c.Tool, object, k}]++
			if obj == nil {
				continue
			}
			for _, f := range s.Fields {
				if !f.Required && !present(f, obj) && fits(f.Type, obj[k]) {
					fitting[pairKey{fieldKey{c.Tool, join(object, f.Name)}, k}]++
				}
			}
		}
	}
	for sk := range sends {
		tl.sent.add(sk, c)
	}
	for pk, n := range fitting {
		parent, _ := parentOf(pk.path)
		if n == sends[sentKey{pk.tool, parent, pk.key}] {
			tl.fit[pk]++
		}
	}
}

// unknownKeys gathers the unknown keys of a verdict, by the concrete path
// of the object that held them: keys the decoder ignored (a fix) or
// refused (unknown=error, a known key in another case, or a near
// spelling of a field left out).
func unknownKeys(r Result) map[string][]string {
	unknown := map[string][]string{}
	for _, f := range r.Fixes {
		if f.Kind == lenient.FixUnknownKey {
			p, k := parentOf(f.Param)
			unknown[p] = append(unknown[p], k)
		}
	}
	for _, p := range r.Problems {
		if p.Kind == lenient.KindUnknownKey || p.Kind == lenient.KindKeyCase || p.Kind == lenient.KindMisnamed {
			p, k := parentOf(p.Path)
			unknown[p] = append(unknown[p], k)
		}
	}
	return unknown
}

// patterns lists the failure groups, most frequent first (the first seen
// first among equals), each with the edit that would accept it.
func (tl *tallies) patterns(edits []*Edit) []Pattern {
	ps := make([]Pattern, 0, len(tl.order))
	for _, k := range tl.order {
		ps = append(ps, *tl.groups[k])
	}
	for _, e := range edits {
		parent, _ := parentOf(e.Path)
		for i := range ps {
			if p := &ps[i]; p.Edit == nil && p.Tool == e.Tool && accepts(e, p, parent) {
				p.Edit = e
			}
		}
	}
	slices.SortStableFunc(ps, func(a, b Pattern) int { return b.Count - a.Count })
	return ps
}

// accepts reports whether edit e (whose field is in the object at the
// path template parent) accepts the calls of pattern p.
func accepts(e *Edit, p *Pattern, parent string) bool {
	switch {
	case e.Kind == ValueAlias:
		return p.Kind == lenient.KindEnum && p.Field == e.Path && p.value == e.Key
	case p.Kind == lenient.KindMissing:
		return p.Field == e.Path && slices.Contains(p.keys, e.Key)
	case p.Kind == lenient.KindUnknownKey, p.Kind == lenient.KindKeyCase, p.Kind == lenient.KindMisnamed:
		return p.Field == join(parent, e.Key)
	}
	return false
}

var indexRE = regexp.MustCompile(`\[[0-9]+\]`)

// template turns a decoder path into a path template: indexes become [].
func template(path string) string { return indexRE.ReplaceAllString(path, "[]") }

// parentOf splits a path into its object's path and last key.
func parentOf(path string) (string, string) {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i], path[i+1:]
	}
	return "", path
}

// join is the path of key in the object at path parent.
func join(parent, key string) string {
	if parent == "" {
		return key
	}
	return parent + "." + key
}

// segments splits a path into its keys, each with the array indexes that
// follow it ("items[2][0]" is items, [2 0]); ok is false for an index
// that is not a number (a template's []).
func segments(path string) (names []string, indexes [][]int, ok bool) {
	for _, seg := range strings.Split(path, ".") {
		name, rest, _ := strings.Cut(seg, "[")
		var idx []int
		if rest != "" {
			for _, n := range strings.Split(strings.TrimSuffix(rest, "]"), "][") {
				i, err := strconv.Atoi(n)
				if err != nil {
					return nil, nil, false
				}
				idx = append(idx, i)
			}
		}
		names, indexes = append(names, name), append(indexes, idx)
	}
	return names, indexes, true
}

// fieldAt finds the field at a path template in a tool's input, and the
// struct holding it.
func fieldAt(s *gen.Struct, path string) (*gen.Field, *gen.Struct) {
	segs := strings.Split(path, ".")
	for i, seg := range segs {
		f := fieldNamed(s, strings.TrimRight(seg, "[]{}"))
		if f == nil {
			return nil, nil
		}
		if i == len(segs)-1 {
			return f, s
		}
		if s = structOf(f.Type); s == nil {
			return nil, nil
		}
	}
	return nil, nil
}

// fieldNamed is the field of s with the JSON name name, nil when none.
func fieldNamed(s *gen.Struct, name string) *gen.Field {
	for _, f := range s.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// structOf is the struct a value of type t holds (through pointers,
// slices and maps), nil when none.
func structOf(t *gen.TypeRef) *gen.Struct {
	for t != nil && t.Struct == nil {
		t = t.Elem
	}
	if t == nil {
		return nil
	}
	return t.Struct
}

// structAt is the struct of the objects at a path template of the input
// in ("" is in itself), nil when the path reaches none.
func structAt(in *gen.Struct, object string) *gen.Struct {
	if object == "" {
		return in
	}
	f, _ := fieldAt(in, object)
	if f == nil {
		return nil
	}
	return structOf(f.Type)
}

// objectAt is the JSON object at the concrete path object of the
// arguments args of a tool whose input is in, following each key under
// whichever of its field's spellings was sent; nil when there is none.
func objectAt(in *gen.Struct, args json.RawMessage, object string) map[string]json.RawMessage {
	obj := decodeObject(args)
	if object == "" || obj == nil {
		return obj
	}
	names, indexes, ok := segments(object)
	if !ok {
		return nil
	}
	s := in
	for i, name := range names {
		f := fieldNamed(s, name)
		if f == nil {
			return nil
		}
		v, ok := valueOf(f, obj)
		for _, n := range indexes[i] {
			var arr []json.RawMessage
			if !ok || !decodeArray(v, &arr) || n >= len(arr) {
				return nil
			}
			v = arr[n]
		}
		if !ok {
			return nil
		}
		if s = structOf(f.Type); s == nil {
			return nil
		}
		if obj = decodeObject(v); obj == nil {
			return nil
		}
	}
	return obj
}

// present reports whether obj holds a value for f.
func present(f *gen.Field, obj map[string]json.RawMessage) bool {
	_, ok := valueOf(f, obj)
	return ok
}

// valueOf is f's value in obj, under its name or an alias (among them
// the spelling-style variants the decoder reads).
func valueOf(f *gen.Field, obj map[string]json.RawMessage) (json.RawMessage, bool) {
	for _, k := range f.Spellings() {
		if v, ok := obj[k]; ok {
			return v, true
		}
	}
	return nil, false
}

// decodeArray reads v as a JSON array, or a string holding one's text.
func decodeArray(v json.RawMessage, arr *[]json.RawMessage) bool {
	if json.Unmarshal(v, arr) == nil && *arr != nil {
		return true
	}
	var text string
	return json.Unmarshal(v, &text) == nil && json.Unmarshal([]byte(text), arr) == nil
}
