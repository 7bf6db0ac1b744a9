// Package benchcov measures what the deriver makes lenient in the real
// JSON Schemas of JSONSchemaBench (guidance-ai/jsonschemabench; the
// archive is ../shared/testdata/jsonschemabench/data.tar.xz beside the
// repository): for each typed value (integer, number, boolean, array,
// object, at any depth) of each schema, lenient or left strict and why.
// Its test publishes the table in docs/coverage.md and fails when
// coverage drops below the committed baseline.
package benchcov

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// Value is one typed value of a schema, by its rule path.
type Value struct {
	Path string
	Type string // integer, number, boolean, array or object (the first seen)
	// Lenient tells that a rule reads its string form (type_coerce; an
	// integer enum's values' texts, enum_digits) or its JSON text
	// (json_accept_both).
	Lenient bool
	// Reason says why it is left strict: a derive warning's message with
	// its specifics removed, or what the deriver leaves alone by design.
	Reason string
}

// Reasons that are not a warning's.
const (
	// ReasonUnnamed: a value no rule path names by design (under
	// not, if, a then or else the deriver reads past no guard, a tuple's
	// items, contains, dependentSchemas).
	ReasonUnnamed = "a place no rule path names (not, if, a then or else, a tuple, contains, dependentSchemas)"
	// ReasonAnyString: a union that takes any string already: nothing to
	// coerce.
	ReasonAnyString = "a union that takes any string already (nothing to coerce)"
	// ReasonVoid: a member of a schema whose type takes no object, or an
	// element of one that takes no array: no value is ever there.
	ReasonVoid = "a place no value can be (members of a schema that takes no object, elements of one that takes no array)"
	// ReasonNone: left strict without a warning (a gap to fix); the
	// shape of the value's schema follows.
	ReasonNone = "no warning (a silent gap)"
	// ReasonInside: a value inside one the deriver left strict with a
	// warning (a $ref kept as it is, say), which it does not descend
	// into; that warning's reason follows.
	ReasonInside = "inside a value left strict: "
)

// warnedAbove returns the warning's reason of the nearest value above
// path that warned holds one for, "" where none.
func warnedAbove(warned map[string]string, path string) string {
	for i := len(path) - 1; i > 0; i-- {
		if path[i] == '.' || strings.HasPrefix(path[i:], "[]") || path[i] == '{' {
			if why := warned[path[:i]]; why != "" {
				return why
			}
		}
	}
	return ""
}

// Values lists the typed values of the strict schema root and what the
// derivation d makes of each.
func Values(root *jsonnode.Node, d *derive.Derivation) []Value {
	w := &walker{root: root, at: map[string]*Value{}, unnamed: map[string]bool{}, named: map[string]bool{}, anyString: map[string]bool{}, anyText: map[string]bool{}, real: map[string]bool{}, shape: map[string]string{}, size: map[*jsonnode.Node]int{}, stepped: map[string]bool{}}
	var paths strings.Builder // (every rule's and warning's path: split below)
	for _, r := range d.Rules {
		paths.WriteString(r.Path + "\n")
	}
	for _, wn := range d.FieldWarnings() {
		paths.WriteString(wn.Path + "\n")
	}
	w.paths = paths.String()
	w.budget = max(4096, 2*w.nodes(root))          // derive's inlining bound (derive/inline.go)
	w.walk(root, "", true, []*jsonnode.Node{root}) // (a reference to the arguments: a depth of them, counted once, as a definition's)
	if t := types(root); len(t) > 0 && !slices.Contains(t, "object") {
		w.add("", t[0], true) // not an arguments object: the whole value
	}
	lenientAt := map[string]bool{}
	for _, r := range d.Rules {
		if r.Type == lenient.RuleTypeCoerce || r.Type == lenient.RuleJSONAcceptBoth || r.Type == lenient.RuleEnumDigits {
			if segs, err := rulespec.Target(&r); err == nil {
				lenientAt[rawPath(segs)] = true
			}
		}
	}
	warned := map[string]string{}
	for _, wn := range d.FieldWarnings() {
		if _, ok := warned[wn.Path]; !ok {
			warned[wn.Path] = Kind(wn.Message)
		}
	}
	var out []Value
	for _, v := range w.at {
		switch {
		case lenientAt[v.Path]:
			v.Lenient = true
		case warned[v.Path] != "":
			v.Reason = warned[v.Path]
		case warned[""] != "":
			v.Reason = warned[""]
		case !w.real[v.Path]:
			v.Reason = ReasonVoid
		case w.anyString[v.Path], (v.Type == "array" || v.Type == "object") && w.anyText[v.Path]:
			// (where it holds a value, named by a rule path or not: a
			// then's, a tuple's; a string an if or not tests for is no
			// string taken, and marks none)
			v.Reason = ReasonAnyString
		case w.unnamed[v.Path]:
			v.Reason = ReasonUnnamed
		case warnedAbove(warned, v.Path) != "":
			v.Reason = ReasonInside + warnedAbove(warned, v.Path)
		default:
			v.Reason = ReasonNone
			if shape := w.shape[v.Path]; shape != "" {
				v.Reason += ": " + shape
			}
		}
		out = append(out, *v)
	}
	slices.SortFunc(out, func(a, b Value) int { return cmp.Compare(a.Path, b.Path) })
	return out
}

// rawPath writes a rule's target as the walker and the deriver's
// warnings spell a path: member names joined by dots as they are, not
// quoted (a top-level argument "a.b" is a.b, as the walker names it).
func rawPath(segs []rulespec.Step) string {
	path := ""
	for _, s := range segs {
		switch s.Each {
		case '[':
			path += "[]"
		case '{':
			path += "{}"
		case '~':
			path = rulespec.PathPattern(path, s.Key)
		case 0:
			path = join(path, s.Key)
		default:
			// a group (a recursive value's steps, repeated): zero times,
			// where the walker counts the value (once, at its first depth)
		}
	}
	return path
}

var (
	quoted  = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	counted = regexp.MustCompile(` here and at \d+ more fields?: .*$`)
)

// Kind is a warning's message without its specifics (quoted names,
// other fields): what it says of every value it is given for.
func Kind(msg string) string {
	msg = counted.ReplaceAllString(msg, "")
	if _, after, ok := strings.Cut(msg, " left strict: "); ok {
		msg = after
	}
	return quoted.ReplaceAllString(msg, `"…"`)
}

type walker struct {
	root      *jsonnode.Node
	at        map[string]*Value
	unnamed   map[string]bool // paths seen only where no rule path names a value
	named     map[string]bool
	anyString map[string]bool
	anyText   map[string]bool        // paths of a string schema that takes every JSON text
	shape     map[string]string      // a keyword the value's schema is made of
	real      map[string]bool        // paths seen where a value may be (void)
	void      int                    // > 0 under members a schema's type rules out
	test      int                    // > 0 under an if or a not: a test of the value, which holds none
	budget    int                    // nodes references may still add
	size      map[*jsonnode.Node]int // nodes under a target
	paths     string                 // the derivation's rules' and warnings' paths, one a line (split)
	stepped   map[string]bool        // whether paths holds a pattern step, by its pattern (steps)
}

// steps reports whether the derivation's rules or warnings step through
// the pattern p (its paths hold it), looked up once for each pattern.
func (w *walker) steps(p string) bool {
	has, ok := w.stepped[p]
	if !ok {
		has = strings.Contains(w.paths, rulespec.PathPattern("", p))
		w.stepped[p] = has
	}
	return has
}

// split returns the pattern step that names the values of the pattern p
// of the patternProperties of s: where derive split it (a pattern every
// name matches, beside declared properties: the names but those,
// rulespec.AllNamesBut, which its rules' or warnings' paths spell), that
// pattern's, else p's. The declared names' own pattern holds the declared
// members, counted at their own paths.
func (w *walker) split(s *jsonnode.Node, p string) string {
	props := s.Get("properties")
	if props == nil || props.Kind != '{' || len(props.Keys) == 0 || !rulespec.EveryName(p) {
		return p
	}
	if others := rulespec.AllNamesBut(props.Keys); others != "" && w.steps(others) {
		return others
	}
	return p
}

// others returns the step that names the values of the
// additionalProperties of s at path: where derive names them by the
// pattern of every name s does not declare (its otherNames:
// rulespec.AllNamesBut, which its rules' or warnings' paths spell), that
// pattern's, else {}.
func (w *walker) others(s *jsonnode.Node, path string) string {
	if others := rulespec.OtherNames(s); others != "" && w.steps(others) {
		return rulespec.PathPattern(path, others)
	}
	return path + "{}"
}

// nodes counts the objects and arrays under v (v included).
func (w *walker) nodes(v *jsonnode.Node) int {
	if n, ok := w.size[v]; ok {
		return n
	}
	n := 0
	if v.Kind == '{' || v.Kind == '[' {
		n = 1
		for _, x := range v.Vals {
			n += w.nodes(x)
		}
	}
	w.size[v] = n
	return n
}

var typed = map[string]bool{"integer": true, "number": true, "boolean": true, "array": true, "object": true}

// types returns the type names of a schema's "type".
func types(s *jsonnode.Node) []string {
	t := s.Get("type")
	if t == nil {
		return nil
	}
	list := []*jsonnode.Node{t}
	if t.Kind == '[' {
		list = t.Items()
	}
	var out []string
	for _, x := range list {
		if name, ok := x.AsString(); ok {
			out = append(out, name)
		}
	}
	return out
}

func (w *walker) add(path, typ string, named bool) {
	if named {
		w.named[path] = true
		delete(w.unnamed, path)
	} else if !w.named[path] {
		w.unnamed[path] = true
	}
	if w.void == 0 {
		w.real[path] = true
	}
	if w.at[path] == nil {
		w.at[path] = &Value{Path: path, Type: typ}
	}
}

// join appends the member name key to path as derive's warnings spell
// it: names as they are, joined by dots, but "" as `[""]`.
func join(path, key string) string {
	switch {
	case key == "":
		return path + `[""]`
	case path == "":
		return key
	}
	return path + "." + key
}

// shapeKeys are the keywords a value's schema may be made of, in the
// order the first one present names its shape.
var shapeKeys = slices.Concat(jsonnode.Combinators, []string{"enum", "const", "not", "if"})

// walk records the typed values under s at path; named tells that a rule
// path can name the place; stack holds the references being followed.
func (w *walker) walk(s *jsonnode.Node, path string, named bool, stack []*jsonnode.Node) {
	if s == nil || s.Kind != '{' || len(stack) > 64 {
		return
	}
	if path != "" {
		ts := types(s)
		for _, t := range ts {
			if typed[t] {
				w.add(path, t, named)
				break
			}
		}
		if w.test == 0 && slices.Contains(ts, "string") && takesText(s) {
			w.anyString[path] = true
		}
		if w.test == 0 && slices.Contains(ts, "string") && takesJSONText(s) {
			w.anyText[path] = true
		}
	}
	if path != "" && w.shape[path] == "" {
		for _, k := range shapeKeys {
			if s.Get(k) != nil {
				w.shape[path] = k
				break
			}
		}
	}
	if ref, ok := s.Get("$ref").AsString(); ok {
		// followed as the deriver inlines it: not where recursive, and
		// within the same bound; a value behind it counts once
		if target, _ := jsonnode.Resolve(w.root, ref); target != nil && !slices.Contains(stack, target) && w.nodes(target) <= w.budget {
			w.budget -= w.nodes(target)
			w.walk(target, path, named, append(stack, target))
		}
	}
	// (the members of a schema that takes no object, the elements of one
	// that takes no array: no value is ever there)
	ts := types(s)
	noObject := len(ts) > 0 && !slices.Contains(ts, "object")
	noArray := len(ts) > 0 && !slices.Contains(ts, "array")
	for c := range s.Subschemas() {
		void := noObject && (c.Keyword == "properties" || c.Keyword == "additionalProperties" || c.Keyword == "patternProperties" || c.Keyword == "dependentSchemas") ||
			noArray && (c.Keyword == "items" || c.Keyword == "prefixItems" || c.Keyword == "additionalItems" || c.Keyword == "contains" || c.Keyword == "unevaluatedItems") ||
			path == "" && (c.Keyword == jsonnode.AnyOf || c.Keyword == jsonnode.OneOf) && noArguments(c.Schema)
		if void {
			w.void++
		}
		switch k, v := c.Keyword, c.Schema; {
		case k == "properties" && rulespec.PatternMap(s):
			w.walk(v, path+"{}", named, stack) // a map's values, declared ones too (rulespec.PatternMap)
		case k == "properties":
			w.walk(v, join(path, c.Key), named, stack)
		case k == "items" && c.Index < 0:
			w.walk(v, path+"[]", named, stack)
		case k == "additionalProperties":
			w.walk(v, w.others(s, path), named, stack)
		case jsonnode.IsCombinator(k):
			w.walk(v, path, named, stack)
		case k == "items", k == "prefixItems", k == "additionalItems", k == "contains", k == "unevaluatedItems":
			w.walk(v, path+"[]", false, stack)
		case k == "patternProperties" && rulespec.PatternMap(s):
			w.walk(c.Schema, path+"{}", named, stack) // a map's values (rulespec.PatternMap)
		case k == "patternProperties":
			// a pattern's values, at its pattern step (derive judges
			// whether a rule may read them)
			w.walk(v, rulespec.PathPattern(path, w.split(s, c.Key)), named, stack)
		case k == "dependentSchemas":
			w.walk(v, join(path, "*"), false, stack)
		case (k == "then" || k == "else") && path == "":
			// the arguments' own condition, whose branches the deriver
			// reads as an allOf's (its if stays as it is)
			w.walk(v, path, named, stack)
		case k == "if" || k == "not":
			w.test++
			w.walk(v, path, false, stack)
			w.test--
		case jsonnode.IsConditional(k):
			w.walk(v, path, false, stack)
		}
		if void {
			w.void--
		}
	}
}

// noArguments reports whether a branch of the arguments' own anyOf or
// oneOf takes no object by its type: it never holds the arguments, and
// derive leaves it out of the rewrite (no value is ever there).
func noArguments(b *jsonnode.Node) bool {
	ts := types(b)
	return len(ts) > 0 && !slices.Contains(ts, "object")
}

// takesText reports whether a schema that may be a string takes every
// number's and boolean's text as a string, as derive reads a union's
// string branch (its takesText): no pattern, enum, const or format, and
// a length held to no more than a minLength of at most 1 (every such
// text has one character) or a maxLength.
func takesText(s *jsonnode.Node) bool {
	if s.Get("pattern") != nil || s.Get("enum") != nil || s.Get("const") != nil || s.Get("format") != nil {
		return false
	}
	n := s.Get("minLength")
	return n == nil || n.Text() == "0" || n.Text() == "1"
}

// takesJSONText reports whether a schema that may be a string takes
// every array's and object's JSON text as a string: it holds a string
// to nothing but a minLength of at most 2 ("[]", "{}") and the
// annotations of JSON Schema's vocabularies, but for format. (derive's
// takesTexts reads vendor keywords as annotations too; where it says
// more, its warning names the value first.)
func takesJSONText(s *jsonnode.Node) bool {
	for i, k := range s.Keys {
		switch k {
		case "type", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment":
		case "minLength":
			if n := s.Vals[i].Text(); n != "0" && n != "1" && n != "2" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// Summary totals the values of many schemas.
type Summary struct {
	Schemas, Values, Lenient int
	Reasons                  map[string]int
}

// Add adds one schema's values.
func (s *Summary) Add(vals []Value) {
	s.Schemas++
	if s.Reasons == nil {
		s.Reasons = map[string]int{}
	}
	for _, v := range vals {
		s.Values++
		if v.Lenient {
			s.Lenient++
		} else {
			s.Reasons[v.Reason]++
		}
	}
}

// Percent is the share of lenient values, in percent.
func (s *Summary) Percent() float64 {
	if s.Values == 0 {
		return 100
	}
	return 100 * float64(s.Lenient) / float64(s.Values)
}

// String formats the summary's totals.
func (s *Summary) String() string {
	return fmt.Sprintf("%d schemas, %d typed values, %d lenient (%.1f%%)", s.Schemas, s.Values, s.Lenient, s.Percent())
}
