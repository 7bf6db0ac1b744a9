package rulecheck

import (
	"math"
	"math/rand"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	corpusdata "github.com/normgen/normgen/internal/corpus"
)

// corpus is the shared corpus's JSON values by entry name ("int8",
// "[]string", "bool_strict", ...); none when it cannot be read (the
// corpus's own tests report why).
var corpus = sync.OnceValue(func() map[string][]string {
	values, _ := corpusdata.Values()
	out := map[string][]string{}
	for name, vs := range values {
		for _, v := range vs {
			out[name] = append(out[name], v.JSON)
		}
	}
	return out
})

// corpusValues are the corpus values for type t with field f's tags: its
// own type's, and for numbers and booleans its family's (every integer
// type's values for an int16).
func corpusValues(t reflect.Type, f field) []string {
	c := corpus()
	vals := append([]string(nil), c[t.String()]...)
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		vals = append(vals, c["int"]...)
		vals = append(vals, c["int64"]...)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		vals = append(vals, c["uint8"]...)
		vals = append(vals, c["uint64"]...)
	case reflect.Float32, reflect.Float64:
		vals = append(vals, c["float64"]...)
		vals = append(vals, c["float32"]...)
	case reflect.Bool:
		vals = append(vals, c["bool"]...)
		vals = append(vals, c["bool_strict"]...)
	case reflect.String:
		vals = append(vals, c["string"]...)
	case reflect.Interface:
		vals = append(vals, c["any"]...)
	case reflect.Slice:
		if strings.Contains(","+f.norm+",", ",wrap,") {
			vals = append(vals, c["[]int_wrap"]...)
		}
		if strings.Contains(f.norm, "split=") {
			vals = append(vals, c["[]string_split"]...)
		}
	}
	return vals
}

// Gen generates arguments objects for a tool input type, from the shared
// corpus's values for each field's Go type and in the forms hosts send: native values, string forms of numbers and booleans, JSON
// text at any depth, lone values for arrays, literal \n in text, alias
// keys, value aliases, enum values, absent keys (defaults), null, empty
// strings, wrong types, unknown and case-folded keys, now and then a key
// given twice.
type Gen struct {
	typ   reflect.Type
	rng   *rand.Rand
	tidy  bool
	clean bool
	// near holds, in a generator from NewNearGen, the unknown keys near
	// the keys of each struct type's fields (nearKeys), as they are
	// built; it is nil in the others.
	near map[reflect.Type][]string
}

// NewGen returns a generator for the struct type typ.
func NewGen(typ reflect.Type, rng *rand.Rand) *Gen { return &Gen{typ: typ, rng: rng} }

// NewTidyGen returns a generator of calls that are mostly what a client
// following the schema sends (native values, canonical keys, each once),
// with each of the other forms now and then: the calls a generated
// decoder's fast path reads, and those just past what it reads.
func NewTidyGen(typ reflect.Type, rng *rand.Rand) *Gen {
	return &Gen{typ: typ, rng: rng, tidy: true}
}

// NewCleanGen returns a generator of calls that follow the schema
// through and through: every field under its own key, with a native value
// within the bounds, lengths, item counts, enum and pattern its tags
// declare. A tool with many fields, nested, seldom gets such a call from
// the other generators, whose every field has a chance of a wrong form;
// checks that need a call the strictest schema admits (the openai-strict
// profile's) take one from here.
func NewCleanGen(typ reflect.Type, rng *rand.Rand) *Gen {
	return &Gen{typ: typ, rng: rng, tidy: true, clean: true}
}

// messy is chance(n) for a choice that makes a call less tidy: twenty
// times rarer in a tidy generator, so that most of its calls are tidy
// through and through; never in a clean one.
func (g *Gen) messy(n int) bool {
	if g.clean {
		return false
	}
	if g.tidy {
		n *= 20
	}
	return g.chance(n)
}

// Args returns one arguments object as JSON text.
func (g *Gen) Args() []byte { return []byte(g.object(g.typ, 0)) }

func (g *Gen) pick(options ...string) string { return options[g.rng.Intn(len(options))] }

func (g *Gen) chance(n int) bool { return g.rng.Intn(n) == 0 }

// field is one wire field of a struct, embedded structs flattened.
type field struct {
	name    string
	aliases []string
	typ     reflect.Type
	norm    string // the norm tag
	schema  string // the jsonschema tag
}

func fieldsOf(t reflect.Type) []field {
	var out []field
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		if f.Anonymous && f.Type.Kind() == reflect.Struct && tag == "" {
			out = append(out, fieldsOf(f.Type)...)
			continue
		}
		if f.Anonymous && f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct && tag == "" && f.IsExported() {
			out = append(out, fieldsOf(f.Type.Elem())...) // promoted from an embedded *T
			continue
		}
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		fd := field{name: name, typ: f.Type, norm: f.Tag.Get("norm"), schema: f.Tag.Get("jsonschema")}
		for _, opt := range strings.Split(fd.norm, ",") {
			if a, ok := strings.CutPrefix(opt, "alias="); ok {
				fd.aliases = strings.Split(a, "|")
			}
		}
		out = append(out, fd)
	}
	return out
}

// enum is the enum values of f's jsonschema tag.
func (f field) enum() []string {
	var e []string
	for _, opt := range strings.Split(f.schema, ",") {
		if v, ok := strings.CutPrefix(opt, "enum="); ok {
			e = append(e, v)
		}
	}
	return e
}

// words are the strings a string field may get: enum values and value
// aliases from the tags, and text with literal and real escapes.
func (f field) words() []string {
	w := []string{"a", "", "l1\\nl2", "x\ny\\n", "tab\\there", "<b>&", "null", "[1]", "  [\"x\"]", "{\"k\":1}", "step-0"}
	for _, opt := range strings.Split(f.schema, ",") {
		if e, ok := strings.CutPrefix(opt, "enum="); ok {
			w = append(w, e, e)
		}
		if d, ok := strings.CutPrefix(opt, "default="); ok {
			w = append(w, d)
		}
	}
	for _, opt := range strings.Split(f.norm, ",") {
		if va, ok := strings.CutPrefix(opt, "value_alias="); ok {
			for _, pair := range strings.Split(va, "|") {
				from, to, _ := strings.Cut(pair, ":")
				w = append(w, from, to, from)
			}
		}
	}
	return w
}

// object generates an object of struct type t.
func (g *Gen) object(t reflect.Type, depth int) string {
	var members, near []string
	fields := fieldsOf(t)
	if g.near != nil {
		keys, ok := g.near[t]
		if !ok {
			keys = nearKeys(fields)
			g.near[t] = keys
		}
		for n := g.rng.Intn(3); n > 0 && len(keys) > 0; n-- {
			k := keys[g.rng.Intn(len(keys))]
			if !slices.Contains(near, k) {
				near = append(near, k)
				members = append(members, q(k)+":"+g.pick("1", `"x"`, "true", "null", `""`, "{}"))
			}
		}
	}
	for _, f := range fields {
		if slices.ContainsFunc(near, f.hasVariant) {
			// A near key in another spelling style may be a key of f's
			// (issueNumber of issue_number): f is not sent too. The two
			// paths differ on a field sent under two of its keys, each as
			// a value that reads as left out (null, ""), a known
			// difference this generator does not make.
			continue
		}
		if g.near != nil && g.chance(3) {
			if !g.chance(3) {
				// null, "" or "null": left out, as the misnamed-key
				// refusal reads it
				members = append(members, q(f.name)+":"+g.pick("null", `""`, `"null"`))
			}
			continue
		}
		if g.messy(3) {
			if g.chance(4) {
				// null, "" or "null" (the null as text): what models send
				// for a field they leave out
				members = append(members, q(f.name)+":"+g.pick("null", `""`, `"null"`))
			}
			continue // absent: its default, or missing
		}
		key := f.name
		switch {
		case len(f.aliases) > 0 && g.messy(3):
			key = f.aliases[g.rng.Intn(len(f.aliases))]
		case g.messy(40):
			key = strings.ToUpper(f.name)
		}
		members = append(members, q(key)+":"+g.value(f.typ, f, depth+1))
		// Now and then the field twice (a key given twice, or an alias and
		// the name); not in a near generator (see above).
		if g.near == nil && g.messy(30) {
			members = append(members, q(f.name)+":"+g.value(f.typ, f, depth+1))
		}
	}
	if g.messy(6) {
		members = append(members, `"zz_unknown":1`)
	}
	g.rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
	return "{" + strings.Join(members, ",") + "}"
}

// value generates a value for type t; as text, sometimes.
func (g *Gen) value(t reflect.Type, f field, depth int) string {
	if g.clean {
		if v, ok := g.cleanScalar(t, f); ok {
			return v
		}
	}
	if t.Kind() == reflect.Pointer {
		if g.messy(5) {
			return g.pick("null", "null", `"null"`)
		}
		t = t.Elem()
	}
	if g.messy(25) {
		return g.pick("null", `""`, `"null"`, "true", "7", `"x"`, "[]", "{}")
	}
	if t == timeType {
		if g.tidy && !g.chance(4) {
			return g.pick(`"2024-01-02T15:04:05Z"`, `"2024-02-29T00:00:00.5+01:00"`)
		}
		return g.pick(`"2024-01-02T15:04:05Z"`, `"2024-02-30T00:00:00Z"`, `"2024-01-02"`, `"2024-01-02 15:04:05"`, `"2024-01-02T15:04:05"`, "1704207845", `"2024-01-02T15:04:05-07:00"`)
	}
	if t == durationType {
		if g.tidy && !g.chance(4) {
			return g.pick(`"5s"`, `"1h30m"`, `"250ms"`, "90")
		}
		return g.pick(`"5s"`, `"1h30m"`, `"-1.5h"`, `"0"`, `"1d"`, `"5 s"`, "90", "1.5", "-2", `"90"`, "5000000000", "1e-10", "9223372037", `"3000000h"`)
	}
	if vals := corpusValues(t, f); len(vals) > 0 && g.messy(4) {
		return g.pick(vals...)
	}
	wrap := strings.Contains(","+f.norm+",", ",wrap,")
	if g.tidy && !g.chance(4) {
		// A native value of the type.
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			// Mostly within the bounds the test types declare.
			return g.pick("1", "2", "3", "5", "7", "9", "-3", strconv.Itoa(g.rng.Intn(120)))
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			return g.pick("1", "3", "5", "250", strconv.Itoa(g.rng.Intn(300)))
		case reflect.Float32, reflect.Float64:
			return g.pick("1.5", "0", "-0", "10", "1e3", "0.1", "3.25e-2")
		case reflect.Bool:
			return g.pick("true", "false")
		case reflect.String:
			if e := f.enum(); len(e) > 0 {
				return q(g.pick(e...))
			}
			return q(g.pick("a", "", "step-0", "<b>&", "src/main.go", "naïve", "tab\tin"))
		}
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return g.pick("0", "5", "-3", "300", "5.0", "1e2", "-0", "2.5", `"5"`, `"010"`, `"-7"`, `"abc"`, `" 5"`, `"99999999999999999999"`, "99999999999999999999", `"1e2"`, "9007199254740993", strconv.Itoa(g.rng.Intn(200)))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return g.pick("0", "5", "-3", "300", "70000", "5.0", "1e2", `"5"`, `"007"`, `"-1"`, `"x"`, `"18446744073709551615"`, "18446744073709551616", strconv.Itoa(g.rng.Intn(300)))
	case reflect.Float32, reflect.Float64:
		return g.pick("1.5", "0", "10", "11", "-2", "1e3", "1e39", `"2.5"`, `"1e3"`, `" 1"`, `"NaN"`, `"x"`, "0.1", `"0.1"`, "1e400")
	case reflect.Bool:
		return g.pick("true", "false", `"yes"`, `"TRUE"`, `"0"`, `"1"`, `"no"`, `"maybe"`, "1", "0", `"false"`)
	case reflect.String:
		return q(g.pick(f.words()...))
	case reflect.Slice:
		if t == rawType {
			return g.pick("1", `{"a":[1,2]}`, `"s"`, "[true]", "null")
		}
		elem := g.elemField(t.Elem(), f)
		if wrap && g.messy(3) {
			return g.value(t.Elem(), elem, depth)
		}
		n := g.rng.Intn(4)
		if depth > 4 {
			n = 0
		}
		if g.clean {
			n = f.items(n)
		}
		var parts []string
		for i := 0; i < n; i++ {
			parts = append(parts, g.value(t.Elem(), elem, depth+1))
		}
		return g.maybeText("[" + strings.Join(parts, ",") + "]")
	case reflect.Map:
		elem := g.elemField(t.Elem(), f)
		n := g.rng.Intn(3)
		if depth > 4 {
			n = 0
		}
		var parts []string
		for i := 0; i < n; i++ {
			parts = append(parts, q(g.pick("k", "a b", "x.y", "K", "z"+strconv.Itoa(i)))+":"+g.value(t.Elem(), elem, depth+1))
		}
		return g.maybeText("{" + strings.Join(parts, ",") + "}")
	case reflect.Struct:
		if depth > 5 {
			return "{}"
		}
		return g.maybeText(g.object(t, depth))
	case reflect.Interface:
		return g.pick("1", `"s"`, `{"a":"1"}`, "[1,2]", "null", "12345678901234567890")
	}
	return "null"
}

// elemField is what an element of f's slice or map is generated from:
// f's tags without wrap (the decoders pass the rest on to elements).
func (g *Gen) elemField(t reflect.Type, f field) field {
	return field{name: f.name, typ: t, norm: strings.ReplaceAll(f.norm, "wrap", ""), schema: f.schema}
}

// maybeText returns JSON text v, or now and then v as a JSON string.
func (g *Gen) maybeText(v string) string {
	if g.messy(4) {
		return q(v)
	}
	return v
}

// q quotes s as a JSON string.
func q(s string) string {
	b := []byte{'"'}
	for _, r := range s {
		switch r {
		case '"', '\\':
			b = append(b, '\\', byte(r))
		case '\n':
			b = append(b, '\\', 'n')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, string(r)...)
		}
	}
	return string(append(b, '"'))
}

// tagNumber is the number f's jsonschema tag gives key (minimum=1).
func (f field) tagNumber(key string) (float64, bool) {
	for _, opt := range strings.Split(f.schema, ",") {
		if v, ok := strings.CutPrefix(opt, key+"="); ok {
			n, err := strconv.ParseFloat(v, 64)
			return n, err == nil
		}
	}
	return 0, false
}

// tagString is the text f's jsonschema tag gives key (pattern=^[a-z]+$).
func (f field) tagString(key string) (string, bool) {
	for _, opt := range strings.Split(f.schema, ",") {
		if v, ok := strings.CutPrefix(opt, key+"="); ok {
			return v, true
		}
	}
	return "", false
}

// fits reports whether x is within f's bounds.
func (f field) fits(x float64) bool {
	if m, ok := f.tagNumber("minimum"); ok && x < m {
		return false
	}
	if m, ok := f.tagNumber("maximum"); ok && x > m {
		return false
	}
	if m, ok := f.tagNumber("exclusiveMinimum"); ok && x <= m {
		return false
	}
	if m, ok := f.tagNumber("exclusiveMaximum"); ok && x >= m {
		return false
	}
	if m, ok := f.tagNumber("multipleOf"); ok && m > 0 && math.Mod(x, m) != 0 {
		return false
	}
	return true
}

// items is an item count near n within f's minItems and maxItems.
func (f field) items(n int) int {
	if m, ok := f.tagNumber("minItems"); ok && n < int(m) {
		n = int(m)
	}
	if m, ok := f.tagNumber("maxItems"); ok && n > int(m) {
		n = int(m)
	}
	return n
}

// cleanScalar is a clean generator's value for a scalar field: a native
// value its tags admit (ok is false for the other kinds, and for a
// scalar no candidate fits: the caller's value then).
func (g *Gen) cleanScalar(t reflect.Type, f field) (string, bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var candidates []string
	switch {
	case t == timeType:
		return `"2024-01-02T15:04:05Z"`, true
	case t == durationType:
		return `"5s"`, true
	case t == rawType:
		return `{"a":[1,2]}`, true
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		candidates = []string{"1", "2", "3", "5", "7", "9", "50", "-3", "0"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		candidates = []string{"1", "3", "5", "9", "50", "250", "0"}
	case reflect.Float32, reflect.Float64:
		candidates = []string{"1.5", "2", "10", "0.25", "99.5", "0", "-2"}
	case reflect.Bool:
		return g.pick("true", "false"), true
	case reflect.String:
		if e := f.enum(); len(e) > 0 {
			return q(g.pick(e...)), true
		}
		var words []string
		if d, ok := f.tagString("default"); ok {
			words = append(words, d)
		}
		words = append(words, "abc", "step", "a", "src/main.go", "naïve", "x")
		return g.firstFit(words, func(w string) bool { return f.fitsText(w) }, q)
	default:
		return "", false
	}
	return g.firstFit(candidates, func(c string) bool {
		x, _ := strconv.ParseFloat(c, 64)
		return f.fits(x)
	}, func(c string) string { return c })
}

// firstFit returns, through render, a candidate that fits: a random one
// of the first few that do, so that calls differ.
func (g *Gen) firstFit(candidates []string, fits func(string) bool, render func(string) string) (string, bool) {
	var ok []string
	for _, c := range candidates {
		if fits(c) {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 {
		return "", false
	}
	return render(ok[g.rng.Intn(min(len(ok), 3))]), true
}

// fitsText reports whether s is within f's lengths and pattern.
func (f field) fitsText(s string) bool {
	n := float64(utf8.RuneCountInString(s))
	if m, ok := f.tagNumber("minLength"); ok && n < m {
		return false
	}
	if m, ok := f.tagNumber("maxLength"); ok && n > m {
		return false
	}
	if p, ok := f.tagString("pattern"); ok {
		re, err := regexp.Compile(p)
		if err != nil || !re.MatchString(s) {
			return false
		}
	}
	return true
}
