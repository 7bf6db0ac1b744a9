package derive

import (
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// Explain says why a tool's strict input schema refuses args, arguments
// already normalized with the derived rules (a refusal the normalizer
// left for the validator): each problem at its path, in the generated
// decoders' words and kinds (lenient.Problem), with what to send, so
// that a model corrects the call in one retry, as it does from a
// generated decoder's error. A required key left out names the unknown
// key the object holds that most likely meant it (a misspelling or
// another spelling style), or the unknown keys themselves.
//
// Every problem it reports is one the strict schema refuses (a wrong
// type, a value out of an enum, bounds, length or pattern, a required key
// left out, a key a closed object does not take). What it cannot tell
// alike (multipleOf, uniqueItems, a value several branches of a union
// could take, not, if) it leaves out: it returns nil when it found
// nothing, and a caller that validated the arguments shows the
// validator's own message then. A constraint stated at several places
// (an allOf's branches, a $ref's target beside the schema's own keywords)
// is reported once. The error is a *lenient.Error.
//
// It reads each value against each schema that applies to it once,
// whatever the schema's references ($ref cycles, allOf and union
// branches sharing targets): a refused call costs in proportion to its
// values times the schemas at their places, and past a million steps
// Explain says nothing.
func (d *Derivation) Explain(args []byte) error {
	_, err := d.explain(args)
	return err
}

// explain is Explain, with the steps it took.
func (d *Derivation) explain(args []byte) (steps int, err error) {
	if d.strict == nil || d.strict.Kind != '{' {
		return 0, nil
	}
	x := &explainer{root: d.strict, forms: map[string]bool{}, done: map[explained]bool{},
		places: map[*byte][]*Node{}, itemPlaces: map[*byte][]*Node{}, names: map[string][]string{}, placePatterns: map[string][]string{}, ids: map[*Node]int{},
		kinds: map[takingKind]bool{}, reading: map[takingKind]int{}, tentative: map[takingKind]int{}, lows: map[int]int{}, nulls: map[*Node]bool{}, types: map[*Node]string{}, patterns: map[string]*regexp.Regexp{}}
	for _, r := range d.Rules {
		if r.Type == lenient.RuleTypeCoerce || r.Type == lenient.RuleJSONAcceptBoth {
			x.forms[rulespec.TargetPath(r)] = true
		}
	}
	if !x.dec.Begin(args) {
		return 0, x.dec.Err()
	}
	x.value(d.strict, args, "", 0)
	if x.steps > maxExplainSteps {
		return x.steps, nil // (a walk cut short may take a key a schema it did not read declares for unknown)
	}
	err = x.dec.Err()
	if le, ok := err.(*lenient.Error); ok {
		le.Problems = onceEach(le.Problems)
	}
	return x.steps, err
}

// onceEach keeps the first of problems alike in path, kind, value and
// words: a constraint stated at several places (the schema's own
// keywords, an allOf's branches, a $ref's target beside them) is
// explained once.
func onceEach(problems []lenient.Problem) []lenient.Problem {
	type key struct {
		path, value, msg string
		kind             lenient.ProblemKind
	}
	seen := make(map[key]bool, len(problems))
	return slices.DeleteFunc(problems, func(p lenient.Problem) bool {
		k := key{p.Path, p.Value, p.Msg, p.Kind}
		if seen[k] {
			return true
		}
		seen[k] = true
		return false
	})
}

// explainer walks a strict schema and a value with a lenientimpl.Decoder,
// which words the problems.
type explainer struct {
	root  *Node
	dec   lenientimpl.Decoder
	forms map[string]bool // rule paths whose value has a string form (a coercion, JSON text)
	// place is the schemas that apply to the current value as they
	// first reach it (each with its $ref targets and allOf and union
	// branches): the schema it is first explained by, or a member's or
	// an element's schemas in each schema at its parent's place (below);
	// nil between values.
	place []*Node
	// places holds below's answers: a member's place by where its value
	// starts, an array's elements' by where the array starts
	places, itemPlaces map[*byte][]*Node
	// names holds placeNames by the schemas of a place (placeKey, the
	// numbers ids gives them): each schema at an object's place that
	// requires a key left out, or is closed, asks for them, and so does
	// each element of an array and each object the same schemas apply to
	names map[string][]string
	// placePatterns holds the patterns of patternProperties at each place
	// placeOnce has read, by placeKey
	placePatterns map[string][]string
	ids           map[*Node]int
	// done holds the schemas each value was explained by (the value by
	// where it starts in the arguments): a value reached through one
	// schema along several ways (a $ref cycle under allOf, branches that
	// share a target, members two schemas at an object's place declare)
	// is explained by it once
	done map[explained]bool
	// kinds and types hold takesKind's and firstType's answers by schema
	kinds map[takingKind]bool
	// reading holds the questions takesKind is reading, by the number
	// of their visit (visits counts them), and low the least visit the
	// reading of the current one met again. tentative holds the answers
	// (true) that leaned on a visit still being read then, by that
	// visit, pending the same in the order read; lows the visit each
	// such reading leaned on, by its own
	reading   map[takingKind]int
	visits    int
	low       int
	tentative map[takingKind]int
	pending   []takingKind
	lows      map[int]int
	// nulls holds mayBeNull's answers
	nulls map[*Node]bool
	types map[*Node]string
	// patterns holds the patterns compiled, nil where Go's regexp
	// cannot read one
	patterns map[string]*regexp.Regexp
	// steps counts the schemas value, takesKind and firstType read, past
	// maxExplainSteps of which Explain gives up
	steps int
}

// explained is a schema a value was explained by.
type explained struct {
	at *byte // the value's first byte
	s  *Node
}

// takingKind is a schema asked whether it takes a JSON type.
type takingKind struct {
	s    *Node
	kind string
}

// maxExplainSteps bounds the work of one Explain: a refused call costs
// what its value and the schemas at its places cost, whatever the
// schema's references; past it Explain says nothing (the caller shows
// the validator's message).
const maxExplainSteps = 1 << 20

// maxExplainDepth bounds the $ref chains and nesting the explainer
// follows.
const maxExplainDepth = 64

// value explains why schema s refuses the value v at the decoder's
// current path (rule path rpath).
func (x *explainer) value(s *Node, v []byte, rpath string, depth int) {
	if x.steps++; s.Kind != '{' || len(v) == 0 || depth > maxExplainDepth || x.steps > maxExplainSteps {
		return
	}
	if at := (explained{&v[0], s}); x.done[at] {
		return
	} else {
		x.done[at] = true
	}
	if x.place == nil {
		x.place = []*Node{s}
		defer func() { x.place = nil }()
	}
	if refIgnoresSiblings(x.root, s) {
		// (its draft's validators read its target alone: what its other
		// keywords say does not hold)
		ref, _ := s.Get("$ref").AsString()
		if target := pointer(x.root, ref); target != nil {
			x.value(target, v, rpath, depth+1)
		}
		return
	}
	if ref, ok := s.Get("$ref").AsString(); ok {
		target := pointer(x.root, ref)
		if target == nil {
			return
		}
		x.value(target, v, rpath, depth+1)
	}
	if list := s.Get("allOf"); list != nil && list.Kind == '[' {
		for _, b := range list.Items() {
			x.value(b, v, rpath, depth+1)
		}
	}
	kind := jsonKind(v)
	if !x.takesKindHere(s, kind) {
		x.wrongType(s, v, rpath)
		return
	}
	if !x.inEnum(s, v) {
		return
	}
	// A union: explained through its one branch that takes the value's
	// type; several could take it, and then no one problem is certain.
	for _, comb := range jsonnode.Alternatives {
		if list := s.Get(comb); list != nil && list.Kind == '[' {
			var fit []*Node
			for _, b := range list.Items() {
				if x.takesKind(b, kind) {
					fit = append(fit, b)
				}
			}
			if len(fit) == 1 {
				x.value(fit[0], v, rpath, depth+1)
			}
		}
	}
	switch kind {
	case "integer", "number":
		b := lenientimpl.Bounds{Minimum: numberKey(s, "minimum"), Maximum: numberKey(s, "maximum"),
			ExclusiveMinimum: numberKey(s, "exclusiveMinimum"), ExclusiveMaximum: numberKey(s, "exclusiveMaximum")}
		if exclusiveFlag(s, "exclusiveMinimum") {
			b.Minimum, b.ExclusiveMinimum = "", b.Minimum
		}
		if exclusiveFlag(s, "exclusiveMaximum") {
			b.Maximum, b.ExclusiveMaximum = "", b.Maximum
		}
		if msg := b.Beyond(v); msg != "" {
			x.dec.FailKind(lenient.KindRange, "", v, msg)
		}
	case "string":
		str := lenientimpl.StringValue(v)
		n := utf8.RuneCountInString(str)
		if m, ok := intKey(s, "minLength"); ok && n < m {
			x.dec.FailKind(lenient.KindLength, "", v, "is shorter than "+lenientimpl.Counted(m, "character"))
		}
		if m, ok := intKey(s, "maxLength"); ok && n > m {
			x.dec.FailKind(lenient.KindLength, "", v, "is longer than "+lenientimpl.Counted(m, "character"))
		}
		if p, ok := s.Get("pattern").AsString(); ok {
			if re := x.pattern(p); re != nil && !re.MatchString(str) {
				x.dec.FailKind(lenient.KindPattern, "", v, "does not match the pattern "+p)
			}
		}
	case "array":
		x.array(s, v, rpath, depth)
	case "object":
		x.object(s, v, rpath, depth)
	}
}

// array explains an array's item count and its elements.
func (x *explainer) array(s *Node, v []byte, rpath string, depth int) {
	var it lenientimpl.ArrayIter
	if !x.dec.Array(v, "", lenientimpl.Strict, &it) {
		return
	}
	n := it.Len()
	if m, ok := intKey(s, "minItems"); ok && n < m {
		x.dec.FailKind(lenient.KindItems, "", v, "has fewer than "+lenientimpl.Counted(m, "item"))
	}
	if m, ok := intKey(s, "maxItems"); ok && n > m {
		x.dec.FailKind(lenient.KindItems, "", v, "has more than "+lenientimpl.Counted(m, "item"))
	}
	items := s.Get("items")
	if items == nil || items.Kind != '{' || s.Get("prefixItems") != nil {
		return
	}
	place := x.place
	defer func() { x.place = place }()
	at := &v[0]
	elems, ok := x.itemPlaces[at]
	if !ok {
		elems = x.below(place, "items", "")
		x.itemPlaces[at] = elems
	}
	for it.Next() {
		x.place = elems
		x.dec.EnterIndex(it.Index())
		x.value(items, it.Value, rpath+"[]", depth+1)
		x.dec.Leave()
	}
}

// object explains an object's members, its required keys left out and
// the keys it does not take. An open object's unknown keys are only
// named where a required key is missing (as what the caller most likely
// meant): the schema takes them otherwise.
func (x *explainer) object(s *Node, v []byte, rpath string, depth int) {
	var it lenientimpl.ObjectIter
	if !x.dec.Object(v, "", lenientimpl.Strict, &it) {
		return
	}
	props := s.Get("properties")
	if props != nil && props.Kind != '{' {
		props = nil
	}
	var known []string // (a key whose schema is false is none)
	if props != nil {
		for i, k := range props.Keys {
			if !isFalse(props.Vals[i]) {
				known = append(known, k)
			}
		}
	}
	required := requiredNames(s)
	var undeclared []string // required, with no property schema
	for name := range required {
		if props.Get(name) == nil {
			undeclared = append(undeclared, name)
		}
	}
	slices.Sort(undeclared)
	given := map[string]bool{}
	var probe lenientimpl.ObjectIter
	probe.Reset(v)
	for probe.Next() {
		given[string(probe.Key)] = true
	}
	missing := false
	for name := range required {
		missing = missing || !given[name]
	}
	ap := s.Get("additionalProperties")
	closed := closesUndeclared(s)
	// (the keys every schema at the object's place declares, which a key
	// left out is named by alike in each of them that requires it)
	var declared []string
	if missing {
		declared = x.placeNamesOnce(x.place)
	}
	place := x.place
	defer func() { x.place = place }()
	// (the keys a refused key is told to be sent as: its own declared
	// ones that no schema at its place refuses)
	accepted := sync.OnceValue(func() []string {
		names := x.placeNamesOnce(place)
		return slices.DeleteFunc(slices.Clone(known), func(n string) bool {
			_, found := slices.BinarySearch(names, n)
			return !found
		})
	})
	for it.Next() {
		key := string(it.Key)
		x.place = nil
		p := props.Get(key)
		if isFalse(p) {
			x.dec.UnknownBeside(it.Key, lenientimpl.RejectUnknown, accepted(), func(name string) bool { return given[name] })
			continue
		} else if p != nil {
			x.place = x.memberPlace(it.Value, place, key)
			if lenientimpl.Null(it.Value) && required[key] && !x.mayBeNull(p) {
				x.dec.Missing(key, nil) // null for a required key, as the decoders say
				continue
			}
			x.dec.Enter(key)
			x.value(p, it.Value, rulespec.PathKey(rpath, key), depth+1)
			x.dec.Leave()
		}
		if pp := s.Get("patternProperties"); pp != nil && pp.Kind == '{' {
			// A member a pattern matches, as Go's validators read it, is
			// held to each such pattern's schema too (and not to
			// additionalProperties), at its place with every schema
			// that holds it there (below); one that a pattern Go cannot
			// compile may name is left to the validator's words.
			matches, unread := x.matching(pp, key)
			for _, i := range matches {
				x.place = x.memberPlace(it.Value, place, key)
				x.dec.Enter(key)
				x.value(pp.Vals[i], it.Value, rulespec.PathPattern(rpath, pp.Keys[i]), depth+1)
				x.dec.Leave()
			}
			if len(matches) > 0 || unread {
				continue
			}
		}
		if p != nil {
			continue
		}
		switch {
		case ap != nil && ap.Kind == '{':
			x.place = x.memberPlace(it.Value, place, key)
			x.dec.Enter(key)
			x.value(ap, it.Value, x.mapStep(s, rpath), depth+1)
			x.dec.Leave()
		case closed:
			x.dec.UnknownBeside(it.Key, lenientimpl.RejectUnknown, accepted(), func(name string) bool { return given[name] })
		case missing && !slices.Contains(declared, key) && !x.patternNamed(place, key):
			x.dec.Unknown(it.Key, 0, declared) // named by Missing, or a key in another case
		}
	}
	for _, name := range known { // in the schema's order
		if required[name] && !given[name] {
			x.dec.Missing(name, nil)
		}
	}
	for _, name := range undeclared {
		if !given[name] {
			x.dec.Missing(name, nil)
		}
	}
}

// matching returns the indexes of the patterns of patternProperties pp
// that match the member name key, as Go's regexp reads them, and whether
// one Go cannot compile may name it too.
func (x *explainer) matching(pp *Node, key string) (matches []int, unread bool) {
	for i, pat := range pp.Keys {
		switch re := x.pattern(pat); {
		case re == nil:
			unread = true
		case re.MatchString(key):
			matches = append(matches, i)
		}
	}
	return matches, unread
}

// placeNamesOnce is placeNames' names, worked out once for the schemas
// of a place.
func (x *explainer) placeNamesOnce(place []*Node) []string {
	names, _ := x.placeOnce(place)
	return names
}

// patternNamed reports whether a pattern of patternProperties of a schema
// at place may name the member key (placeNames' patterns, as Go's regexp
// reads them; one it cannot compile may name any): such a member is one
// of the object's, no unknown key.
func (x *explainer) patternNamed(place []*Node, key string) bool {
	_, patterns := x.placeOnce(place)
	return slices.ContainsFunc(patterns, func(p string) bool {
		re := x.pattern(p)
		return re == nil || re.MatchString(key)
	})
}

// placeOnce is placeNames, worked out once for the schemas of a place.
func (x *explainer) placeOnce(place []*Node) ([]string, []string) {
	key := x.placeKey(place)
	names, ok := x.names[key]
	if !ok {
		var patterns []string
		names, patterns = x.placeNames(place)
		x.names[key] = names
		x.placePatterns[key] = patterns
	}
	return names, x.placePatterns[key]
}

// placeKey names the schemas of place, in order, by their numbers.
func (x *explainer) placeKey(place []*Node) string {
	var b []byte
	for _, s := range place {
		id, ok := x.ids[s]
		if !ok {
			id = len(x.ids)
			x.ids[s] = id
		}
		b = strconv.AppendInt(append(b, ','), int64(id), 10)
	}
	return string(b)
}

// memberPlace is below for the member key whose value is v, of an
// object at place: worked out once for the value, by the first schema
// at the place that explains it.
func (x *explainer) memberPlace(v []byte, place []*Node, key string) []*Node {
	if len(v) == 0 {
		return nil
	}
	at := &v[0]
	p, ok := x.places[at]
	if !ok {
		p = x.below(place, "properties", key)
		x.places[at] = p
	}
	return p
}

// below returns the place of a member (keyword "properties", its key)
// or of an element ("items") of a value at place: that member's or
// element's schema in each schema at place, with its $ref targets,
// allOf's branches and the one branch of a union that takes the value's
// type where only one does (within maxExplainDepth).
func (x *explainer) below(place []*Node, keyword, key string) []*Node {
	kind := "object" // (the value's, that the union branch must take)
	if keyword == "items" {
		kind = "array"
	}
	var out []*Node
	seen := map[*Node]bool{}
	var walk func(s *Node, depth int)
	walk = func(s *Node, depth int) {
		if x.steps++; s == nil || s.Kind != '{' || seen[s] || depth > maxExplainDepth || x.steps > maxExplainSteps {
			return
		}
		seen[s] = true
		if refIgnoresSiblings(x.root, s) {
			// (its draft's validators read its target alone)
			ref, _ := s.Get("$ref").AsString()
			walk(pointer(x.root, ref), depth+1)
			return
		}
		switch sub := s.Get(keyword); {
		case keyword == "items":
			if sub != nil && sub.Kind == '{' {
				out = append(out, sub)
			}
		default:
			// (a member is held to its declared schema and to those of
			// the patterns that match its name; one it does not
			// declare, that no pattern may name, to additionalProperties)
			declared := sub.Get(key) != nil
			if p := sub.Get(key); declared && p.Kind == '{' {
				out = append(out, p)
			}
			named := false
			if pp := s.Get("patternProperties"); pp != nil && pp.Kind == '{' {
				matches, unread := x.matching(pp, key)
				for _, i := range matches {
					if pp.Vals[i].Kind == '{' {
						out = append(out, pp.Vals[i])
					}
				}
				named = len(matches) > 0 || unread
			}
			if ap := s.Get("additionalProperties"); !declared && !named && ap != nil && ap.Kind == '{' {
				out = append(out, ap)
			}
		}
		if ref, ok := s.Get("$ref").AsString(); ok {
			walk(pointer(x.root, ref), depth+1)
		}
		for _, b := range s.Get(jsonnode.AllOf).Items() {
			walk(b, depth+1)
		}
		for _, comb := range jsonnode.Alternatives {
			var fit []*Node
			for _, b := range s.Get(comb).Items() {
				if x.takesKind(b, kind) {
					fit = append(fit, b)
				}
			}
			if len(fit) == 1 {
				walk(fit[0], depth+1)
			}
		}
	}
	for _, s := range place {
		walk(s, 0)
	}
	return out
}

// placeNames returns the property names declared at an object's place
// (the schemas there): by each, its $ref targets, its allOf's branches, and
// of an anyOf or oneOf, the one branch that takes an object where only
// one does (the branch value explains), else the names every branch
// that takes one declares (by itself, its $ref targets and allOf);
// within maxExplainDepth, sorted, each once. A name is not declared
// where its schema is false, and none is that a schema applying there
// refuses (false for it, or closed to names it does not declare): the
// advice to send a key by such a name would be refused.
func (x *explainer) placeNames(place []*Node) (_ []string, patterns []string) {
	// (refused: the names a schema that applies gives the schema false;
	// closed: the schemas that apply and take no name they do not
	// declare; patterns: those of their patternProperties)
	refused := map[string]bool{}
	var closed []*Node
	var walk func(s *Node, depth int, unions bool, seen map[*Node]bool) []string
	walk = func(s *Node, depth int, unions bool, seen map[*Node]bool) []string {
		if x.steps++; s == nil || s.Kind != '{' || seen[s] || depth > maxExplainDepth || x.steps > maxExplainSteps {
			return nil
		}
		seen[s] = true
		if refIgnoresSiblings(x.root, s) {
			// (its draft's validators read its target alone)
			ref, _ := s.Get("$ref").AsString()
			return walk(pointer(x.root, ref), depth+1, unions, seen)
		}
		var names []string
		if pp := s.Get("patternProperties"); pp != nil && pp.Kind == '{' {
			patterns = append(patterns, pp.Keys...)
		}
		if props := s.Get("properties"); props != nil && props.Kind == '{' {
			for i, k := range props.Keys {
				if !isFalse(props.Vals[i]) {
					names = append(names, k)
				} else if unions {
					refused[k] = true
				}
			}
		}
		if unions && closesUndeclared(s) {
			closed = append(closed, s)
		}
		if ref, ok := s.Get("$ref").AsString(); ok {
			names = append(names, walk(pointer(x.root, ref), depth+1, unions, seen)...)
		}
		if list := s.Get(jsonnode.AllOf); list != nil && list.Kind == '[' {
			for _, b := range list.Items() {
				names = append(names, walk(b, depth+1, unions, seen)...)
			}
		}
		for _, comb := range jsonnode.Alternatives {
			list := s.Get(comb)
			if !unions || list == nil || list.Kind != '[' {
				continue
			}
			var fit []*Node
			for _, b := range list.Items() {
				if x.takesKind(b, "object") {
					fit = append(fit, b)
				}
			}
			if len(fit) == 1 {
				names = append(names, walk(fit[0], depth+1, unions, seen)...)
				continue
			}
			// (the names every branch declares: counted by branch)
			count := map[string]int{}
			for i, b := range fit {
				for _, n := range walk(b, depth+1, false, map[*Node]bool{}) {
					x.steps++
					if count[n] == i {
						count[n] = i + 1
					}
				}
			}
			for n, c := range count {
				if c == len(fit) {
					names = append(names, n)
				}
			}
		}
		return names
	}
	seen := map[*Node]bool{}
	var names []string
	for _, s := range place {
		names = append(names, walk(s, 0, true, seen)...)
	}
	names = slices.DeleteFunc(names, func(n string) bool {
		return refused[n] || slices.ContainsFunc(closed, func(c *Node) bool { return c.Get("properties").Get(n) == nil })
	})
	slices.Sort(names)
	return slices.Compact(names), patterns
}

// isFalse reports whether the schema s is false, which takes no value.
func isFalse(s *Node) bool { return s != nil && s.Kind == 't' && s.Text() == "false" }

// mapStep returns the rule path of the values the additionalProperties
// of the object schema s at rpath holds: {}, or where the derived rules
// name them by the pattern of every name s does not declare
// (otherNames), that pattern step.
func (x *explainer) mapStep(s *Node, rpath string) string {
	if others := rulespec.OtherNames(s); others != "" {
		step := rulespec.PathPattern(rpath, others)
		for p := range x.forms {
			if strings.HasPrefix(p, step) {
				return step
			}
		}
	}
	return rpath + "{}"
}

// wrongType reports a value of a JSON type s does not take, in the words
// of the decoder of the first type s takes: with its string form when
// the derived rules give the value one.
func (x *explainer) wrongType(s *Node, v []byte, rpath string) {
	want := x.firstType(s, 0)
	m := lenientimpl.Strict
	if x.forms[rpath] {
		m = 0
	}
	mark := x.dec.Mark()
	switch want {
	case "integer":
		x.dec.Int(v, "", 64, m)
	case "number":
		x.dec.Float(v, "", 64, m)
	case "boolean":
		x.dec.Bool(v, "", m)
	case "string":
		if e, ok := stringEnum(s); ok {
			x.dec.StringIn(v, "", m, e) // (naming the values, where its text is none)
		} else {
			x.dec.String(v, "", m)
		}
	case "array":
		var it lenientimpl.ArrayIter
		x.dec.Array(v, "", m, &it)
	case "object":
		var it lenientimpl.ObjectIter
		x.dec.Object(v, "", m, &it)
	case "null":
		x.dec.FailKind(lenient.KindType, "", v, "is not null (send null, or leave the key out)")
	}
	if x.dec.OK(mark) && want != "" && want != "null" {
		// the lenient reading took it (a string form the strict schema
		// refuses): say what the strict schema takes
		switch want {
		case "integer":
			x.dec.Int(v, "", 64, lenientimpl.Strict)
		case "number":
			x.dec.Float(v, "", 64, lenientimpl.Strict)
		case "boolean":
			x.dec.Bool(v, "", lenientimpl.Strict)
		case "array":
			var it lenientimpl.ArrayIter
			x.dec.Array(v, "", lenientimpl.Strict, &it)
		case "object":
			var it lenientimpl.ObjectIter
			x.dec.Object(v, "", lenientimpl.Strict, &it)
		}
	}
}

// firstType is the first JSON type s names (through a $ref and the
// branches of a union), null last; "" when it names none.
func (x *explainer) firstType(s *Node, depth int) string {
	if s.Kind != '{' || depth > maxExplainDepth {
		return ""
	}
	if t, ok := x.types[s]; ok {
		return t // (or "" while s is read: a cycle names no type)
	}
	x.types[s] = ""
	t := x.firstTypeOf(s, depth)
	x.types[s] = t
	return t
}

// firstTypeOf is firstType, read.
func (x *explainer) firstTypeOf(s *Node, depth int) string {
	if x.steps++; x.steps > maxExplainSteps {
		return ""
	}
	if refIgnoresSiblings(x.root, s) {
		// (its draft's validators read its target alone)
		ref, _ := s.Get("$ref").AsString()
		if target := pointer(x.root, ref); target != nil {
			return x.firstType(target, depth+1)
		}
		return ""
	}
	null := false
	if t := s.Get("type"); t != nil {
		types := []*Node{t}
		if t.Kind == '[' {
			types = t.Items()
		}
		for _, n := range types {
			if name, ok := n.AsString(); ok && name != "null" {
				return name
			} else if ok {
				null = true
			}
		}
	}
	for _, comb := range jsonnode.Combinators {
		if list := s.Get(comb); list != nil && list.Kind == '[' {
			for _, b := range list.Items() {
				switch t := x.firstType(b, depth+1); t {
				case "", "null":
					null = null || t == "null"
				default:
					return t
				}
			}
		}
	}
	if ref, ok := s.Get("$ref").AsString(); ok {
		if target := pointer(x.root, ref); target != nil {
			if t := x.firstType(target, depth+1); t != "" {
				return t
			}
		}
	}
	if null {
		return "null"
	}
	return ""
}

// takesKind reports whether s may take a value of the JSON type kind
// ("integer" for a number with no fraction): false only where its type,
// every branch of a union, a branch of its allOf or its $ref's target
// rules it out. A schema met again while it is read (a cycle) may. Each
// answer is worked out once: a false one holds whatever the schemas
// being read take (it is kept), and one that leaned on a schema being
// read below it holds while that one takes the kind (it is kept as
// tentative, for the readings within, and kept for good once the
// reading of the cycle's first schema ends taking it; dropped where a
// schema it leaned on does not).
func (x *explainer) takesKind(s *Node, kind string) bool {
	if s.Kind == 't' {
		return s.Text() == "true"
	}
	if x.steps++; s.Kind != '{' || x.steps > maxExplainSteps {
		return true
	}
	k := takingKind{s, kind}
	if ok, read := x.kinds[k]; read {
		return ok
	}
	if low, held := x.tentative[k]; held {
		x.low = min(x.low, x.lowest(low))
		return true
	}
	if i, reading := x.reading[k]; reading {
		x.low = min(x.low, i)
		return true
	}
	i := x.visits
	x.visits++
	x.reading[k] = i
	outer, mark := x.low, len(x.pending)
	x.low = i
	var ok bool
	if refIgnoresSiblings(x.root, s) {
		ref, _ := s.Get("$ref").AsString()
		target := pointer(x.root, ref)
		ok = target == nil || x.takesKind(target, kind)
	} else {
		ok = x.takesKindHere(s, kind) && x.takesKindThrough(s, kind)
	}
	delete(x.reading, k)
	switch {
	case !ok:
		// (a schema being read taking less could not make it take the
		// kind; the answers that leaned on this one taking it fall)
		x.kinds[k] = false
		x.settle(mark, false)
	case x.low >= i:
		// (every schema its reading leaned on was read within it, and
		// took the kind)
		x.kinds[k] = true
		x.settle(mark, true)
	default:
		x.tentative[k] = x.low
		x.pending = append(x.pending, k)
		x.lows[i] = x.low
	}
	x.low = min(outer, x.low)
	return ok
}

// settle ends the tentative answers from the mark'th pending one on:
// kept as answers where keep, else dropped (read again when asked).
func (x *explainer) settle(mark int, keep bool) {
	for _, p := range x.pending[mark:] {
		if keep {
			x.kinds[p] = true
		}
		delete(x.tentative, p)
	}
	x.pending = x.pending[:mark]
}

// lowest follows the reading of visit i, where it ended leaning on a
// reading begun before it, to the first one still being read.
func (x *explainer) lowest(i int) int {
	for {
		l, ended := x.lows[i]
		if !ended {
			return i
		}
		i = l
	}
}

// takesKindHere is takesKind by s's type and unions alone, without its
// $ref and allOf (which value explains on their own).
func (x *explainer) takesKindHere(s *Node, kind string) bool {
	if x.steps++; s.Kind != '{' || x.steps > maxExplainSteps {
		return true
	}
	if t := s.Get("type"); t != nil {
		types := []*Node{t}
		if t.Kind == '[' {
			types = t.Items()
		}
		ok := slices.ContainsFunc(types, func(n *Node) bool {
			name, isStr := n.AsString()
			return !isStr || name == kind || name == "number" && kind == "integer"
		})
		if !ok {
			return false
		}
	}
	for _, comb := range jsonnode.Alternatives {
		if list := s.Get(comb).Items(); len(list) > 0 &&
			!slices.ContainsFunc(list, func(b *Node) bool { return x.takesKind(b, kind) }) {
			return false
		}
	}
	return true
}

// takesKindThrough is takesKind by s's allOf and $ref alone.
func (x *explainer) takesKindThrough(s *Node, kind string) bool {
	if slices.ContainsFunc(s.Get("allOf").Items(), func(b *Node) bool { return !x.takesKind(b, kind) }) {
		return false
	}
	if ref, ok := s.Get("$ref").AsString(); ok {
		if target := pointer(x.root, ref); target != nil && !x.takesKind(target, kind) {
			return false
		}
	}
	return true
}

// mayBeNull is mayTake(root, p, 'n'), worked out once for each schema.
func (x *explainer) mayBeNull(p *Node) bool {
	ok, read := x.nulls[p]
	if !read {
		ok = mayTake(x.root, p, 'n', 0)
		x.nulls[p] = ok
	}
	return ok
}

// pattern is the pattern p compiled, once; nil where Go's regexp cannot
// read it (an ECMA-262 construct), which then explains nothing.
func (x *explainer) pattern(p string) *regexp.Regexp {
	re, ok := x.patterns[p]
	if !ok {
		re, _ = regexp.Compile(p)
		x.patterns[p] = re
	}
	return re
}

// inEnum reports whether v is one of s's enum values (and its const),
// reporting the problem when not.
func (x *explainer) inEnum(s *Node, v []byte) bool {
	var vals []*Node
	if e := s.Get("enum"); e != nil && e.Kind == '[' {
		vals = e.Items()
	} else if c := constOf(x.root, s); c != nil {
		vals = []*Node{c}
	} else {
		return true
	}
	got, err := ParseNode(v)
	if err != nil {
		return true
	}
	quoted := make([]string, len(vals))
	for i, e := range vals {
		if sameJSON(e, got) {
			return true
		}
		quoted[i] = e.MarshalText()
	}
	x.dec.FailKind(lenient.KindEnum, "", v, "is not one of "+strings.Join(quoted, ", "))
	return false
}

// jsonKind is the JSON Schema type of the value v: "integer" for a
// number with no fraction (1.0 too).
func jsonKind(v []byte) string {
	switch v[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	if f, ok := new(big.Float).SetString(string(v)); ok && f.IsInt() {
		return "integer"
	}
	return "number"
}

// numberKey is a keyword's number as text ("" when it is not a number).
func numberKey(s *Node, key string) string {
	if n := s.Get(key); n != nil && n.Kind == '0' {
		return n.Text()
	}
	return ""
}

// intKey is a keyword's non-negative integer.
func intKey(s *Node, key string) (int, bool) {
	n := s.Get(key)
	if n == nil || n.Kind != '0' {
		return 0, false
	}
	i, err := strconv.Atoi(n.Text())
	return i, err == nil && i >= 0
}
