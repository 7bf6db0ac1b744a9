// Package schemagen makes JSON values a JSON Schema admits, for tests:
// the adapters' property test (adapters/internal/proptest) sends them to
// servers, and internal/benchcov checks that normalizing strict-valid
// ones changes nothing.
package schemagen

import (
	"encoding/json"
	"maps"
	"math"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// Gen makes arguments objects that a JSON Schema (a tool's advertised,
// lenient one) admits, in the forms it admits: native values within their
// bounds, the string forms of numbers and booleans, arrays and objects as
// JSON text, enum and alias values, optional fields left out (defaulted
// ones among them), alias keys for the optional fields of open objects
// that rules alias (never two names of one field), and now and then a key
// an open object does not declare (half the time, a name another object
// schema of the document declares: the then of an if, another branch of
// a union), held to a string. What it makes is a candidate: the caller keeps those the schema
// validates.
type Gen struct {
	// Valid, when set, tells whether a value is valid under the schema at
	// a JSON pointer into the root ("" for the root): a value is made JSON
	// text only when it holds a valid value.
	Valid func(pointer string, value []byte) bool

	// Used counts, for the last call made, the forms it used: "alias key"
	// (and "alias place", a field an alias key could have been sent for),
	// "string form", "JSON text", "default left out", "value alias",
	// "value for JSON text" (an array or object where a rule makes text).
	Used map[string]int

	rng      *rand.Rand
	root     *derive.Node
	aliases  map[string]map[string][]string // object path -> field -> its alias keys
	isAlias  map[string]map[string]bool     // object path -> alias key
	defaults map[string]map[string]bool     // object path -> a key a default fills
	toText   map[string]bool                // paths json_accept_both turns into JSON text
	values   map[string]map[string]bool     // path -> its value aliases
	ruled    string                         // every rule's target path, one a line (mapStep)

	following map[refAt]int             // the references being followed, by nesting depth
	patterns  map[string]*regexp.Regexp // patternProperties' patterns compiled (nil: not Go's syntax)
	names     []string                  // the member names the document declares anywhere (declaredNames)
}

// refAt is a $ref followed at a nesting depth.
type refAt struct {
	ref   string
	depth int
}

// maxFollow bounds how often one $ref is being followed at one nesting
// depth (a reference that reaches itself through unions only): past it
// the value is null.
const maxFollow = 8

// maxDepth bounds the nesting of generated values (recursive schemas):
// below it, optional members are left out and arrays are as short as
// they may be.
const maxDepth = 6

// Hard bounds, for any schema (required members that recurse, a large
// minItems, wide objects nested deep): past maxNesting levels or
// maxBytes of output a value is null, which makes the candidate one the
// schema most likely refuses (the caller keeps the valid ones).
const (
	maxNesting = 32
	maxBytes   = 1 << 16
)

// NewGen returns a generator for the schema root of tool, whose calls are
// also normalized with rules (their aliases are used).
func NewGen(seed uint64, root *derive.Node, tool string, rules []lenient.Rule) *Gen {
	g := &Gen{rng: rand.New(rand.NewPCG(seed, 7)), root: root, aliases: map[string]map[string][]string{},
		isAlias: map[string]map[string]bool{}, defaults: map[string]map[string]bool{}, toText: map[string]bool{}, values: map[string]map[string]bool{},
		following: map[refAt]int{}, patterns: map[string]*regexp.Regexp{}, names: declaredNames(root)}
	var ruled strings.Builder
	for _, r := range rules {
		if !applies(r, tool) {
			continue
		}
		ruled.WriteString(rulespec.TargetPath(r) + "\n")
		switch {
		case r.Type == lenient.RuleJSONAcceptBoth && r.To == "":
			g.toText[rulespec.TargetPath(r)] = true
		case r.Type == lenient.RuleValueAlias:
			var table map[string]string
			json.Unmarshal(r.Value, &table)
			at := rulespec.TargetPath(r)
			g.values[at] = map[string]bool{}
			g.values[at+"[]"] = g.values[at] // a value alias reads each string of an array
			for k := range table {
				g.values[at][k] = true
			}
		}
		parent, key := splitPath(rulespec.TargetPath(r))
		if r.Type == lenient.RuleParamDefault || r.Type == lenient.RuleNestedDefault {
			if g.defaults[parent] == nil {
				g.defaults[parent] = map[string]bool{}
			}
			g.defaults[parent][key] = true
			continue
		}
		if r.Type != lenient.RuleParamAlias && r.Type != lenient.RuleNestedAlias {
			continue
		}
		if g.aliases[parent] == nil {
			g.aliases[parent] = map[string][]string{}
			g.isAlias[parent] = map[string]bool{}
		}
		g.aliases[parent][r.To] = append(g.aliases[parent][r.To], key)
		g.isAlias[parent][key] = true
	}
	g.ruled = ruled.String()
	return g
}

// mapStep returns the rule path of the values the additionalProperties
// of the object schema s at path holds: {}, or where the rules name them
// by the pattern of every name s does not declare (derive's otherNames:
// rulespec.AllNamesBut), that pattern step.
func (g *Gen) mapStep(s *derive.Node, path string) string {
	if others := rulespec.OtherNames(s); others != "" && strings.Contains(g.ruled, rulespec.PathPattern(path, others)) {
		return rulespec.PathPattern(path, others)
	}
	return path + "{}"
}

func applies(r lenient.Rule, tool string) bool {
	for _, t := range r.Tools {
		if t == tool || t == "*" {
			return true
		}
	}
	return false
}

// splitPath splits a rule path before its last member name.
func splitPath(p string) (string, string) {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[:i], p[i+1:]
	}
	return "", p
}

// Args returns one candidate arguments object.
func (g *Gen) Args() []byte {
	g.Used = map[string]int{}
	return g.value(nil, g.root, "", "", 0)
}

func (g *Gen) chance(p float64) bool { return g.rng.Float64() < p }

// value appends a value of schema s, at rule path path.
func (g *Gen) value(b []byte, s *derive.Node, path, ptr string, depth int) []byte {
	if depth > maxNesting || len(b) > maxBytes {
		return append(b, "null"...)
	}
	if s == nil || s.Kind == 't' { // true (or a missing schema): anything
		return append(b, `"x"`...)
	}
	if s.Kind != '{' {
		return append(b, "null"...)
	}
	if ref, ok := str(s.Get("$ref")); ok {
		if t := g.resolve(ref); t != nil {
			// a reference that reaches itself through no object or array
			// ({"oneOf": [{"$ref": "#"}]}) would never end
			at := refAt{ref, depth}
			if g.following[at] >= maxFollow {
				return append(b, "null"...)
			}
			g.following[at]++
			defer func() { g.following[at]-- }()
			return g.value(b, t, path, strings.TrimPrefix(ref, "#"), depth)
		}
	}
	if enum := s.Get("enum").Items(); len(enum) > 0 {
		v := enum[g.rng.IntN(len(enum))]
		if x, ok := str(v); ok && g.values[path][x] {
			g.Used["value alias"]++
		}
		return append(b, v.Marshal()...)
	}
	if c := s.Get("const"); c != nil {
		return append(b, c.Marshal()...)
	}
	for _, comb := range jsonnode.Alternatives {
		if list := s.Get(comb).Items(); len(list) > 0 {
			i := g.rng.IntN(len(list))
			if t, _ := str(list[i].Get("type")); t == "null" && len(list) > 1 && g.chance(0.75) {
				// null (an optional field's, read as left out) is one
				// form: the others are sent more often
				i = g.rng.IntN(len(list) - 1)
				if t, _ := str(list[i].Get("type")); t == "null" {
					i = len(list) - 1
				}
			}
			if form, ok := g.stringForm(list, i, path, ptr+"/"+comb, depth); ok {
				return append(b, form...)
			}
			return g.value(b, list[i], path, ptr+"/"+comb+"/"+strconv.Itoa(i), depth)
		}
	}
	if list := s.Get("allOf").Items(); len(list) > 0 {
		if parts, ok := g.conjunction(nil, s, ptr, 0); ok {
			return g.object(b, parts, path, depth)
		}
		return g.value(b, list[0], path, ptr+"/allOf/0", depth)
	}
	typ, _ := str(s.Get("type"))
	if types := s.Get("type").Items(); len(types) > 0 {
		typ, _ = str(types[g.rng.IntN(len(types))])
	}
	if typ == "" {
		switch {
		case s.Get("properties") != nil:
			typ = "object"
		case s.Get("items") != nil:
			typ = "array"
		default:
			typ = "string"
		}
	}
	if g.toText[path] && (typ == "array" || typ == "object") {
		g.Used["value for JSON text"]++
	}
	switch typ {
	case "null":
		return append(b, "null"...)
	case "boolean":
		return strconv.AppendBool(b, g.chance(0.5))
	case "integer":
		return strconv.AppendInt(b, g.integer(s), 10)
	case "number":
		return append(b, g.number(s)...)
	case "array":
		return g.array(b, s, path, ptr, depth)
	case "object":
		return g.object(b, []part{{s, ptr}}, path, depth)
	}
	return appendJSON(b, g.string(s))
}

// stringForm makes the value of branch i of a union (list, at pointer
// ptr) when that branch is the string form of another (a number or
// boolean pattern beside the number or boolean, JSON text beside an array
// or object): the form of a value of that other branch, as hosts send it.
func (g *Gen) stringForm(branches []*derive.Node, i int, path, list string, depth int) ([]byte, bool) {
	b := branches[i]
	if t, _ := str(b.Get("type")); t != "string" {
		return nil, false
	}
	pattern, _ := str(b.Get("pattern"))
	for _, base := range []string{lenientimpl.IntPattern, lenientimpl.FloatPattern, lenientimpl.BoolPattern} {
		if pattern == lenientimpl.OrEmptyPattern(base) {
			// an optional field's string form, whose "" reads as the
			// field left out
			if g.chance(0.1) {
				g.Used["empty for absent"]++
				return []byte(`""`), true
			}
			pattern = base
		}
	}
	for j, native := range branches {
		// (a native branch may be a $ref: a recursive definition's
		// lenient form, which the deriver names from each depth)
		typed, _ := jsonnode.Follow(g.root, native)
		t, _ := str(typed.Get("type"))
		switch {
		case pattern == lenientimpl.IntPattern && (t == "integer" || t == "number"):
			g.Used["string form"]++
			n := g.integer(native)
			text := strconv.FormatInt(n, 10)
			if n >= 0 && g.chance(0.2) {
				text = "00" + text // leading zeros are decimal
			}
			return appendJSON(nil, text), true
		case pattern == lenientimpl.FloatPattern && t == "number":
			g.Used["string form"]++
			return appendJSON(nil, string(g.number(native))), true
		case pattern == lenientimpl.BoolPattern && t == "boolean":
			g.Used["string form"]++
			forms := []string{"true", "True", "TRUE", "yes", "YES", "1", "false", "False", "no", "NO", "0"}
			return appendJSON(nil, forms[g.rng.IntN(len(forms))]), true
		case pattern == lenientimpl.StrictBoolPattern && t == "boolean":
			g.Used["string form"]++
			return appendJSON(nil, strconv.FormatBool(g.chance(0.5))), true
		case pattern == "" && len(b.Keys) == 1 && (t == "array" || t == "object"):
			native = typed
			at := list + "/" + strconv.Itoa(j)
			for range 10 {
				used := maps.Clone(g.Used)
				text := g.value(nil, native, path, at, depth)
				if g.Valid != nil && !g.Valid(at, text) {
					// Text of what the field does not take (the README's
					// class (b)): not sent.
					g.Used = used
					continue
				}
				if g.chance(0.3) {
					text = []byte(" " + string(text) + "\n")
				}
				g.Used["JSON text"]++
				return appendJSON(nil, string(text)), true
			}
			// No text the field takes was made (at the nesting bound,
			// say): its value as it is, never another string, which
			// would be text of nothing the field takes (class (b)).
			return g.value(nil, native, path, at, depth), true
		}
	}
	return nil, false
}

// part is one of the object schemas a value is held to (conjunction),
// with its JSON pointer.
type part struct {
	s   *derive.Node
	ptr string
}

// maxConjoined bounds the nesting of allOfs and references conjunction
// follows.
const maxConjoined = 8

// conjunction appends to parts the object schemas that s, at ptr, holds
// a value to: s itself, and each branch of its allOf in turn (a $ref
// followed, an allOf inside read alike), where each of them is an
// object's schema that names no type but object and holds no union,
// enum or const (a pydantic or OpenAPI model built of others:
// {"allOf": [{"$ref": "#/$defs/Base"}, {"properties": ...}]}). ok is
// false where one is not, or the nesting passes maxConjoined: the
// caller then makes a value of the first branch alone.
func (g *Gen) conjunction(parts []part, s *derive.Node, ptr string, depth int) (_ []part, ok bool) {
	if depth > maxConjoined {
		return nil, false
	}
	if s.Kind == 't' {
		return parts, true // (true: it adds nothing)
	}
	if s.Kind != '{' || s.Get("enum") != nil || s.Get("const") != nil {
		return nil, false
	}
	for _, k := range jsonnode.Alternatives {
		if s.Get(k) != nil {
			return nil, false
		}
	}
	if t := s.Get("type"); t != nil {
		if typ, _ := str(t); typ != "object" {
			return nil, false
		}
	}
	parts = append(parts, part{s, ptr})
	if ref, isRef := str(s.Get("$ref")); isRef {
		t := g.resolve(ref)
		if t == nil {
			return nil, false
		}
		if parts, ok = g.conjunction(parts, t, strings.TrimPrefix(ref, "#"), depth+1); !ok {
			return nil, false
		}
	}
	for i, b := range s.Get("allOf").Items() {
		if parts, ok = g.conjunction(parts, b, ptr+"/allOf/"+strconv.Itoa(i), depth+1); !ok {
			return nil, false
		}
	}
	return parts, true
}

// object appends an object of the schemas parts: the first one's, and
// those of an allOf it holds (conjunction). A member is made of the
// first schema that declares it; the members that any of them requires
// are given; a key none of them declares only where each is open.
func (g *Gen) object(b []byte, parts []part, path string, depth int) []byte {
	s, ptr := parts[0].s, parts[0].ptr
	b = append(b, '{')
	n := 0
	given := map[string]bool{}
	member := func(key string) {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		given[key] = true
		b = appendJSON(b, key)
		b = append(b, ':')
	}
	required := map[string]bool{}
	for _, p := range parts {
		for _, r := range p.s.Get("required").Items() {
			if k, ok := str(r); ok {
				required[k] = true
			}
		}
	}
	// An alias key is sent only where the schema admits it: for an
	// optional field of an object that takes other keys. Each parameter
	// is advertised once (class (f)), so a closed object or a required
	// field refuses its aliases.
	ap := s.Get("additionalProperties")
	open := true
	for _, p := range parts {
		ap := p.s.Get("additionalProperties")
		open = open && (ap == nil || ap.Text() == "true" || ap.Kind == '{' && len(ap.Keys) == 0) && p.s.Get("unevaluatedProperties") == nil
	}
	for _, p := range parts {
		props, ptr := p.s.Get("properties"), p.ptr
		if props == nil || props.Kind != '{' {
			continue
		}
		for i, k := range props.Keys {
			if g.isAlias[path][k] || given[k] || declaredBefore(parts, p, k) {
				continue // given as one of its field's names, or made of an earlier schema
			}
			aliases := g.aliases[path][k]
			mayOmit := !required[k]
			if mayOmit && (depth >= maxDepth || !g.chance(0.6) || g.patterned(parts, k)) {
				// (a member a pattern of patternProperties matches too is
				// held to that pattern's schema as well, which a value of
				// its own schema rarely meets: left out where it may be)
				if g.defaults[path][k] {
					g.Used["default left out"]++
				}
				continue
			}
			key := k
			if len(aliases) > 0 && open && !required[k] {
				g.Used["alias place"]++
				if g.chance(0.4) {
					key = aliases[g.rng.IntN(len(aliases))]
					g.Used["alias key"]++
				}
			}
			member(key)
			b = g.value(b, props.Vals[i], join(path, k), ptr+"/properties/"+escape(k), depth+1)
		}
	}
	if pp := s.Get("patternProperties"); pp != nil && pp.Kind == '{' && depth < maxDepth {
		// a member each pattern may match, now and then: a map's value
		// (rulespec.PatternMap) at {}, another's at its pattern step
		mapped := rulespec.PatternMap(s)
		for i, p := range pp.Keys {
			re, err := syntax.Parse(p, syntax.Perl)
			if err != nil || !g.chance(0.5) {
				continue
			}
			var sb strings.Builder
			g.regex(&sb, re.Simplify())
			if key := sb.String(); !given[key] && !declaredBefore(parts, part{}, key) {
				// (a declared member's name is held to its own schema too)
				member(key)
				at := rulespec.PathPattern(path, p)
				if mapped {
					at = path + "{}"
				}
				b = g.value(b, pp.Vals[i], at, ptr+"/patternProperties/"+escape(p), depth+1)
			}
		}
	}
	switch {
	case ap != nil && ap.Kind == '{' && len(ap.Keys) > 0:
		for i, k := 0, g.rng.IntN(3); i < k && depth < maxDepth && !given["k"+strconv.Itoa(i)]; i++ {
			member("k" + strconv.Itoa(i))
			b = g.value(b, ap, g.mapStep(s, path), ptr+"/additionalProperties", depth+1)
		}
	case ap == nil || ap.Text() == "true" || ap.Kind == '{':
		if open && g.chance(0.1) {
			// (a number's text too: no rule
			// may read a key the object takes as it is, though another
			// branch of its union, the then of an if, or another object
			// declares it; so, half the time, a name declared elsewhere)
			key := "zz_undeclared"
			if len(g.names) > 0 && g.chance(0.5) {
				if k := g.names[g.rng.IntN(len(g.names))]; !slices.ContainsFunc(parts, func(p part) bool {
					return p.s.Get("properties").Get(k) != nil || nearDeclared(k, p.s.Get("properties"))
				}) {
					key = k
				}
			}
			if !given[key] {
				member(key)
				b = append(b, [...]string{`"x"`, `"5"`}[g.rng.IntN(2)]...)
			}
		}
	}
	return append(b, '}')
}

// patterned reports whether a pattern of the patternProperties of one
// of parts matches the member name k (a pattern Go's regexp does not
// read counts as matching).
func (g *Gen) patterned(parts []part, k string) bool {
	for _, p := range parts {
		pp := p.s.Get("patternProperties")
		if pp == nil {
			continue
		}
		for _, pat := range pp.Keys {
			re, ok := g.patterns[pat]
			if !ok {
				re, _ = regexp.Compile(pat)
				g.patterns[pat] = re
			}
			if re == nil || re.MatchString(k) {
				return true
			}
		}
	}
	return false
}

// declaredBefore reports whether a schema of parts before p declares
// the member k (any of them, for a p not among them): the member is made
// of that one.
func declaredBefore(parts []part, p part, k string) bool {
	for _, q := range parts {
		if q == p {
			return false
		}
		if props := q.s.Get("properties"); props != nil && props.Kind == '{' && props.Get(k) != nil {
			return true
		}
	}
	return false
}

// array appends an array of schema s.
func (g *Gen) array(b []byte, s *derive.Node, path, ptr string, depth int) []byte {
	lo, hi := 0, 3
	if v, ok := num(s.Get("minItems")); ok {
		lo = int(v)
	}
	if v, ok := num(s.Get("maxItems")); ok && int(v) < hi+lo {
		hi = int(v)
	} else {
		hi += lo
	}
	n := lo
	if depth < maxDepth && hi > lo {
		n += g.rng.IntN(hi - lo + 1)
	}
	items := s.Get("items")
	b = append(b, '[')
	for i := range n {
		if len(b) > maxBytes {
			break
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = g.value(b, items, path+"[]", ptr+"/items", depth+1)
	}
	return append(b, ']')
}

// integer returns an integer within s's bounds.
func (g *Gen) integer(s *derive.Node) int64 {
	lo, hi := g.bounds(s)
	l, h := int64(math.Ceil(lo)), int64(math.Floor(hi))
	if l > h {
		return l
	}
	if m, ok := num(s.Get("multipleOf")); ok && m >= 1 && m == math.Trunc(m) {
		k := int64(m)
		first := (l + k - 1) / k * k
		if first < 0 && l < 0 {
			first = l / k * k
		}
		if first > h {
			return first
		}
		return first + k*g.rng.Int64N((h-first)/k+1)
	}
	switch g.rng.IntN(5) {
	case 0:
		return l
	case 1:
		return h
	}
	return l + g.rng.Int64N(h-l+1)
}

// bounds returns the range a number of schema s is generated in: its
// bounds, else a small range near zero.
func (g *Gen) bounds(s *derive.Node) (float64, float64) {
	lo, hi := -5.0, 50.0
	hasLo, hasHi := false, false
	if v, ok := num(s.Get("minimum")); ok {
		lo, hasLo = v, true
	}
	if v, ok := num(s.Get("exclusiveMinimum")); ok {
		lo, hasLo = math.Floor(v)+1, true
	}
	if v, ok := num(s.Get("maximum")); ok {
		hi, hasHi = v, true
	}
	if v, ok := num(s.Get("exclusiveMaximum")); ok {
		hi, hasHi = math.Ceil(v)-1, true
	}
	switch {
	case hasLo && !hasHi && hi < lo:
		hi = lo + 50
	case hasHi && !hasLo && lo > hi:
		lo = hi - 50
	}
	return lo, hi
}

// number returns the text of a number within s's bounds: an integer or a
// decimal with up to two places.
func (g *Gen) number(s *derive.Node) []byte {
	if _, ok := num(s.Get("multipleOf")); ok || g.chance(0.5) {
		return strconv.AppendInt(nil, g.integer(s), 10)
	}
	lo, hi := g.bounds(s)
	_, exclLo := num(s.Get("exclusiveMinimum"))
	_, exclHi := num(s.Get("exclusiveMaximum"))
	for range 10 {
		v := math.Round((lo+g.rng.Float64()*(hi-lo))*100) / 100
		if v < lo || v > hi || exclLo && v == lo || exclHi && v == hi {
			continue
		}
		return strconv.AppendFloat(nil, v, 'f', -1, 64)
	}
	return strconv.AppendInt(nil, g.integer(s), 10)
}

// texts are the strings string fields get: plain, and ones that look like
// another type (a string field never changes: they must arrive as sent).
var texts = []string{"x", "hello world", "007", "true", "5", "[1]", `{"a":1}`, "null", "<a>&amp;", "line\nbreak", "ünï"}

// string returns a string within s's constraints.
func (g *Gen) string(s *derive.Node) string {
	if p, ok := str(s.Get("pattern")); ok {
		if re, err := syntax.Parse(p, syntax.Perl); err == nil {
			var sb strings.Builder
			g.regex(&sb, re.Simplify())
			return sb.String()
		}
	}
	var v string
	switch f, _ := str(s.Get("format")); f {
	case "date-time":
		v = "2026-01-02T03:04:05Z"
	case "date":
		v = "2026-01-02"
	case "uri", "url":
		v = "https://example.com/x"
	case "email":
		v = "a@example.com"
	case "uuid":
		v = "6f1c2b1e-8a7d-4c1e-9f3a-2b4c6d8e0f12"
	default:
		v = texts[g.rng.IntN(len(texts))]
	}
	if n, ok := num(s.Get("minLength")); ok {
		for len([]rune(v)) < int(n) {
			v += "x"
		}
	}
	if n, ok := num(s.Get("maxLength")); ok && len([]rune(v)) > int(n) {
		v = string([]rune(v)[:int(n)])
	}
	return v
}

// regex writes a string the parsed expression re matches.
func (g *Gen) regex(sb *strings.Builder, re *syntax.Regexp) {
	switch re.Op {
	case syntax.OpLiteral:
		sb.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			return
		}
		i := g.rng.IntN(len(re.Rune)/2) * 2
		lo, hi := re.Rune[i], re.Rune[i+1]
		if hi > lo+200 {
			hi = lo + 200
		}
		sb.WriteRune(lo + rune(g.rng.IntN(int(hi-lo)+1)))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		sb.WriteByte('a' + byte(g.rng.IntN(26)))
	case syntax.OpCapture:
		g.regex(sb, re.Sub[0])
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			g.regex(sb, sub)
		}
	case syntax.OpAlternate:
		g.regex(sb, re.Sub[g.rng.IntN(len(re.Sub))])
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := 0, 3
		switch re.Op {
		case syntax.OpPlus:
			lo = 1
		case syntax.OpQuest:
			hi = 1
		case syntax.OpRepeat:
			lo, hi = re.Min, re.Max
			if hi < 0 || hi > lo+3 {
				hi = lo + 3
			}
		}
		for range lo + g.rng.IntN(hi-lo+1) {
			g.regex(sb, re.Sub[0])
		}
	}
}

// resolve follows a local $ref ("#/$defs/x", any JSON Pointer fragment)
// from the root, as the deriver and normgen check do; nil when it names
// nothing.
func (g *Gen) resolve(ref string) *derive.Node {
	v, _ := jsonnode.Resolve(g.root, ref)
	return v
}

// escape escapes a member name for a JSON pointer.
func escape(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func str(n *derive.Node) (string, bool) { return n.AsString() }

func num(n *derive.Node) (float64, bool) {
	if n == nil || n.Kind != '0' {
		return 0, false
	}
	v, err := strconv.ParseFloat(n.Text(), 64)
	return v, err == nil
}

func appendJSON(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}

// maxNames bounds the names declaredNames gathers.
const maxNames = 256

// declaredNames returns the member names that the properties of any
// schema in root declare, once each, in the order met (at most
// maxNames): an open object's undeclared key, now and then, is one of
// them.
func declaredNames(root *derive.Node) []string {
	var names []string
	seen := map[string]bool{}
	var walk func(n *derive.Node)
	walk = func(n *derive.Node) {
		if n == nil || len(names) >= maxNames {
			return
		}
		if n.Kind == '{' {
			if p := n.Get("properties"); p != nil && p.Kind == '{' {
				for _, k := range p.Keys {
					if !seen[k] && len(names) < maxNames {
						seen[k] = true
						names = append(names, k)
					}
				}
			}
		}
		for _, v := range n.Vals {
			walk(v)
		}
	}
	walk(root)
	return names
}

// nearDeclared reports whether key is a near spelling of a member props
// declares (jsonwire.NearKey): the rules read such a key as that member,
// or refuse it by name (misnamed_key), by design, where the strict
// schema takes it as it is.
func nearDeclared(key string, props *derive.Node) bool {
	if props == nil || props.Kind != '{' {
		return false
	}
	for _, p := range props.Keys {
		if jsonwire.NearKey(key, p) != jsonwire.NotNear {
			return true
		}
	}
	return false
}
