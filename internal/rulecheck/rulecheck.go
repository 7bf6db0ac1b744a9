// Package rulecheck checks that a generated tool's rule table equals its
// generated decoder: for an arguments object X, normalizing X with the
// tool's rules and then decoding strictly gives the same verdict and the
// same value as the lenient decoder on X, and the normalizer records the
// fixes at the paths the decoder reports them (steps[0].id).
//
// "Decoding strictly" is two decoders that must both accept the
// normalized object N:
//
//   - encoding/json into a mirror of the input type built with reflect
//     (the same fields and tags, no generated methods at any depth), which
//     says that N is the plain JSON form of the value; and
//   - the generated decoder on N recording no fix other than an ignored
//     unknown key, which says that N needs no leniency, and checks what
//     encoding/json does not: required fields, bounds, enums, patterns,
//     duplicate keys, two spellings of one field, unknown=error.
//
// encoding/json alone is not a strict decoder of the same type: it matches
// keys case-insensitively, keeps the last of duplicate keys and checks no
// keyword. The generated decoder alone would hide a missing rule by fixing
// the value itself. Together they are. Where encoding/json's case folding
// makes it read a key the generated decoders ignore ("PATH" for "path"),
// its result is not used; the generated decoder's verdict and value still
// are.
//
// The lenient decoder itself is checked against a second, independent
// implementation of the same semantics: the reflection-based fallback
// decoder (package fallback) must give the same verdict and value on X
// (it cannot see //normgen: directives, so an error listing only unknown
// keys is taken as agreement).
package rulecheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/fallback"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

// Checker checks calls of a set of tools.
type Checker struct {
	tools []lenient.Tool
	norm  *normalize.Normalizer
	info  []*toolInfo
	opts  schema.Options // what the fallback decoder is told
	// nanos are the rules whose nanosecond counts the generated decoder
	// is given as duration text (durationsAsText).
	nanos map[string]bool
}

// Option is a choice of a Checker.
type Option func(*Checker)

// WithOptions gives the fallback decoder the choices the generator read
// from its flags and the package's doc comment (the model of required
// fields), which reflection cannot see.
func WithOptions(o schema.Options) Option { return func(c *Checker) { c.opts = o } }

type toolInfo struct {
	typ    reflect.Type // the input type (not a pointer)
	mirror reflect.Type // the method-free copy
	names  []string     // every wire name and alias, for the case-fold check
	// shallow is set when the mirror holds a recursive struct to
	// mirrorLevels only.
	shallow bool
}

// New builds a checker for tools, with a normalizer over all their rules.
func New(tools []lenient.Tool, opts ...Option) (*Checker, error) {
	var rules []lenient.Rule
	c := &Checker{tools: tools}
	for _, o := range opts {
		o(c)
	}
	for _, t := range tools {
		rules = append(rules, t.Rules...)
		v, _, _ := t.Decode([]byte(`{}`))
		typ := reflect.TypeOf(v)
		if typ == nil || typ.Kind() != reflect.Pointer {
			return nil, fmt.Errorf("%s: Decode returned %T, want a pointer", t.Name, v)
		}
		m := &mirrorer{done: map[mirrorKey]reflect.Type{}, names: map[string]bool{}, pkg: typ.Elem().PkgPath()}
		mt, err := m.mirror(typ.Elem())
		if err != nil {
			return nil, fmt.Errorf("%s: %v", t.Name, err)
		}
		var names []string
		for n := range m.names {
			names = append(names, n)
		}
		sort.Strings(names)
		c.info = append(c.info, &toolInfo{typ: typ.Elem(), mirror: mt, names: names, shallow: m.cut})
	}
	n, err := normalize.New(rules)
	if err != nil {
		return nil, fmt.Errorf("the generated rules do not load: %v", err)
	}
	c.norm = n
	c.nanos = nanosRules(rules)
	return c, nil
}

// Tools returns the checked tools.
func (c *Checker) Tools() []lenient.Tool { return c.tools }

// Check checks one call of tool i: nil when normalize + strict decode and
// the lenient decoder agree, else what differs.
func (c *Checker) Check(i int, args []byte) error {
	tool, info := c.tools[i], c.info[i]
	if err := c.fastAgrees(i, args); err != nil {
		return err
	}
	vL, fixesL, errL := tool.Decode(args)
	normIn := args
	if lenientimpl.NullDocument(args) {
		// A call without arguments, which the decoders read as {}: the
		// normalizer takes the arguments object, which is then {}.
		normIn = []byte(`{}`)
	}
	out, applied, nerr := c.norm.NormalizeJSON(tool.Name, normIn)
	if nerr != nil {
		if errL == nil {
			return fmt.Errorf("the normalizer refuses %s (%v) but the decoder accepts it", args, nerr)
		}
		// (both refuse: a key the normalizer refuses by name, as
		// misnamed or in another letter case, the decoder refuses in the
		// same words where it reports that key; it may stop before, or
		// refuse more where no rule looks: a closed object's keys, which
		// the strict decode refuses)
		l := keyProblems(errL)
		for path, p := range keyProblems(nerr) {
			if q, ok := l[path]; ok && q != p {
				return fmt.Errorf("on %s the normalizer refuses %s, the decoder %s", args, p, q)
			}
		}
		return nil
	}
	vN, fixesN, errN := tool.Decode(durationsAsText(out, applied, c.nanos))
	var leftover []string
	for _, f := range fixesN {
		if f.Kind != lenient.FixUnknownKey && !nanosFix(f) {
			leftover = append(leftover, f.Param+" "+string(f.Kind)+" "+string(f.From)+" -> "+string(f.To))
		}
	}
	mv := reflect.New(info.mirror)
	// Numbers in interface values as json.Number, as the lenient decoder
	// gives them (Decoder.Any): a float64 would round 12345678901234567890.
	jdec := json.NewDecoder(bytes.NewReader(out))
	jdec.UseNumber()
	jerr := jdec.Decode(mv.Interface())
	fold := folded(out, info.names) || info.shallow && nesting(out) > mirrorLevels
	if fold {
		// encoding/json read a key the decoders ignore, or the call is
		// deeper than the mirror of a recursive type.
		jerr = nil
	}
	lenientOK := errL == nil
	// The reflection-based fallback decoder reads the same semantics
	// from the same tags with none of the generated code: a second,
	// independent lenient decoder.
	vF := reflect.New(info.typ)
	ferr := fallback.DecodeWith(args, vF.Interface(), c.opts)
	if ferr == nil && !lenientOK && onlyUnknownKeys(errL) {
		// A //normgen:unknown=error directive: a doc comment, which
		// reflection cannot see (the fallback reads the `_ struct{}`
		// spelling of the option only).
		ferr = errL
	}
	for _, err := range []error{errL, ferr} {
		if p, ok := unkinded(err); ok {
			return fmt.Errorf("a problem without a kind on %s: %s", args, p)
		}
	}
	if (ferr == nil) != lenientOK {
		return fmt.Errorf("the generated decoder and the fallback decoder differ on %s\n  generated: %v\n  fallback: %v", args, errL, ferr)
	}
	strictOK := errN == nil && len(leftover) == 0 && jerr == nil
	if lenientOK != strictOK {
		return fmt.Errorf("verdicts differ on %s\n  lenient decoder: %v\n  normalized: %s (applied %s)\n  strict decode: generated decoder err=%v, fixes still needed %q; encoding/json err=%v",
			args, errL, out, appliedString(applied), errN, leftover, jerr)
	}
	if !lenientOK {
		return nil
	}
	want, err := json.Marshal(vL)
	if err != nil {
		return fmt.Errorf("marshal lenient value: %v", err)
	}
	if gotF, _ := json.Marshal(vF.Interface()); !bytes.Equal(want, gotF) {
		return fmt.Errorf("values differ on %s\n  generated decoder: %s\n  fallback decoder: %s", args, want, gotF)
	}
	gotN, _ := json.Marshal(vN)
	if !bytes.Equal(want, gotN) {
		return fmt.Errorf("values differ on %s\n  lenient: %s\n  normalized %s, decoded: %s", args, want, out, gotN)
	}
	if !fold {
		gotJ, _ := json.Marshal(mv.Interface())
		if !bytes.Equal(want, gotJ) {
			return fmt.Errorf("values differ on %s\n  lenient: %s\n  normalized %s, encoding/json: %s", args, want, out, gotJ)
		}
	}
	params := map[string]bool{}
	for _, a := range applied {
		params[a.Param] = true
		if a.From == a.To && !strings.HasPrefix(a.From, `"[secret, `) { // a secret's two texts may be as long
			return fmt.Errorf("record without a change on %s: %+v", args, a)
		}
	}
	for _, f := range fixesL {
		if f.Kind != lenient.FixUnknownKey && !params[f.Param] {
			return fmt.Errorf("the decoder reports a fix at %q (%s) that no normalizer record names on %s; records: %s", f.Param, f.Kind, args, appliedString(applied))
		}
	}
	return nil
}

// fastAgrees checks that the generated fast path changes nothing: with it
// and without it (lenientimpl.DisableFast), UnmarshalJSON and Tool.Decode
// (UnmarshalJSONReport) give the same value, fixes and error for args.
func (c *Checker) fastAgrees(i int, args []byte) error {
	type result struct {
		v, u         any
		fixes        []lenient.Fix
		err, uerr    string
		vJSON, uJSON []byte
	}
	decode := func(off bool) result {
		lenientimpl.DisableFast(off)
		defer lenientimpl.DisableFast(false)
		var r result
		var err error
		r.v, r.fixes, err = c.tools[i].Decode(args)
		r.err = fmt.Sprint(err)
		// Tools written by hand (this package's tests) have no
		// UnmarshalJSON of their own.
		if u, ok := reflect.New(c.info[i].typ).Interface().(json.Unmarshaler); ok {
			r.uerr = fmt.Sprint(u.UnmarshalJSON(args))
			r.u = u
		}
		// Marshaled too: reflect.DeepEqual takes -0 for 0.
		r.vJSON, _ = json.Marshal(r.v)
		r.uJSON, _ = json.Marshal(r.u)
		return r
	}
	fast, slow := decode(false), decode(true)
	if !reflect.DeepEqual(fast, slow) {
		return fmt.Errorf("the fast path changes the decode of %s\n  with it: %+v\n  without: %+v", args, fast, slow)
	}
	return nil
}

func appliedString(as []normalize.Applied) string {
	var parts []string
	for _, a := range as {
		parts = append(parts, a.RuleID+"@"+a.Param+" "+a.From+" -> "+a.To)
	}
	return "[" + strings.Join(parts, "; ") + "]"
}

// folded reports whether some key of the JSON text b (at any depth) is a
// case-folded spelling of a wire name without being one.
func folded(b []byte, names []string) bool {
	dec := json.NewDecoder(bytes.NewReader(b))
	found := false
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				for _, n := range names {
					if k != n && strings.EqualFold(k, n) {
						found = true
					}
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case string:
			// JSON text inside strings is read at any depth too.
			if t := strings.TrimSpace(x); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
				d := json.NewDecoder(strings.NewReader(x))
				d.UseNumber()
				var inner any
				if d.Decode(&inner) == nil {
					walk(inner)
				}
			}
		}
	}
	dec.UseNumber()
	var v any
	if dec.Decode(&v) == nil {
		walk(v)
	}
	return found
}

// mirrorer builds method-free copies of types. reflect cannot build a
// recursive type, so a recursive struct is copied level by level, down
// to mirrorLevels of it, where a json.RawMessage takes whatever is
// deeper (cut is then set): a call nesting deeper than that is not
// checked with encoding/json.
type mirrorer struct {
	done  map[mirrorKey]reflect.Type
	open  map[reflect.Type]int // the levels of each struct being copied
	cut   bool
	names map[string]bool
	pkg   string // the input type's package
}

// mirrorKey is a type at a level of the recursive structs holding it:
// what the copy of a recursive type is depends on how deep it starts.
type mirrorKey struct {
	t     reflect.Type
	level int
}

// mirrorLevels is how many levels of a recursive struct a mirror holds;
// the copy's type name spells every level, so few.
const mirrorLevels = 5

var (
	rawType      = reflect.TypeOf(json.RawMessage(nil))
	timeType     = reflect.TypeFor[time.Time]()
	durationType = reflect.TypeFor[time.Duration]()
)

// mirror copies t without methods: structs field by field (embedded
// structs flattened, as encoding/json reads them; embedded pointers to
// structs kept embedded), pointers, slices and maps element by element;
// other types as they are.
func (m *mirrorer) mirror(t reflect.Type) (reflect.Type, error) {
	level := 0
	for _, n := range m.open {
		level += n
	}
	key := mirrorKey{t, level}
	if mt, ok := m.done[key]; ok {
		return mt, nil
	}
	if t == timeType || schema.DecodingOf(t, m.pkg) != 0 {
		// Decoded by its own code (or encoding/json) in every decoder.
		return t, nil
	}
	if t.Kind() == reflect.Struct {
		if m.open[t] >= mirrorLevels {
			m.cut = true
			return rawType, nil
		}
		if m.open == nil {
			m.open = map[reflect.Type]int{}
		}
		m.open[t]++
		defer func() { m.open[t]-- }()
	}
	var out reflect.Type
	switch t.Kind() {
	case reflect.Pointer:
		e, err := m.mirror(t.Elem())
		if err != nil {
			return nil, err
		}
		out = reflect.PointerTo(e)
	case reflect.Slice:
		if t == rawType {
			return t, nil
		}
		e, err := m.mirror(t.Elem())
		if err != nil {
			return nil, err
		}
		out = reflect.SliceOf(e)
	case reflect.Map:
		e, err := m.mirror(t.Elem())
		if err != nil {
			return nil, err
		}
		out = reflect.MapOf(t.Key(), e)
	case reflect.Struct:
		fields, err := m.fields(t)
		if err != nil {
			return nil, err
		}
		out = reflect.StructOf(fields)
	default:
		if reflect.PointerTo(t).Implements(reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()) {
			return nil, fmt.Errorf("%s has its own UnmarshalJSON", t)
		}
		return t, nil
	}
	m.done[key] = out
	return out, nil
}

// fields flattens t's fields as encoding/json sees them, by Go's rule
// for promoted fields: of the fields with one wire name, the shallowest
// is read, or, where several are that shallow, the one tagged among
// them, or none (which hides the deeper ones too). The copies get Go
// names of their own (two embedded structs may both have an F0) and
// their wire name written in the json tag.
func (m *mirrorer) fields(t reflect.Type) ([]reflect.StructField, error) {
	all, err := m.fieldsAt(t)
	if err != nil {
		return nil, err
	}
	byName := map[string][]promoted{}
	for _, e := range all {
		w := wireName(e.f)
		byName[w] = append(byName[w], e)
	}
	read := func(e promoted) bool {
		var shallowest []promoted
		for _, o := range byName[wireName(e.f)] {
			switch {
			case len(shallowest) == 0 || o.depth < shallowest[0].depth:
				shallowest = []promoted{o}
			case o.depth == shallowest[0].depth:
				shallowest = append(shallowest, o)
			}
		}
		if len(shallowest) == 1 {
			return shallowest[0].at == e.at
		}
		var tagged []promoted
		for _, o := range shallowest {
			if o.tagged {
				tagged = append(tagged, o)
			}
		}
		return len(tagged) == 1 && tagged[0].at == e.at
	}
	var out []reflect.StructField
	for _, e := range all {
		if read(e) {
			out = append(out, e.f)
		}
	}
	taken := map[string]bool{}
	for _, f := range out {
		taken[f.Name] = true
	}
	named := map[string]bool{}
	for i := range out {
		f := &out[i]
		if !named[f.Name] {
			named[f.Name] = true
			continue
		}
		w := wireName(*f)
		_, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if opts != "" {
			opts = "," + opts
		}
		f.Tag = reflect.StructTag(`json:` + strconv.Quote(w+opts) + ` ` + string(f.Tag))
		name := f.Name
		for k := 2; taken[name]; k++ {
			name = fmt.Sprintf("%s_%d", f.Name, k)
		}
		f.Name, taken[name], named[name] = name, true, true
	}
	return out, nil
}

// promoted is a field of a struct or of the structs it embeds, the
// depth it is promoted from (0: the struct's own), and whether its json
// tag names it.
type promoted struct {
	f      reflect.StructField
	depth  int
	tagged bool
	at     int // its place among the fields of the struct walked
}

// fieldsAt returns every field of t and of the structs it embeds (by
// value, untagged), in declaration order, each with its depth; an
// embedded pointer to a struct is kept as one field (encoding/json
// allocates it only when one of its fields is given).
func (m *mirrorer) fieldsAt(t reflect.Type) ([]promoted, error) {
	var all []promoted
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		if f.Anonymous && f.Type.Kind() == reflect.Struct && tag == "" {
			inner, err := m.fieldsAt(f.Type)
			if err != nil {
				return nil, err
			}
			for _, e := range inner {
				e.depth++
				e.at = len(all)
				all = append(all, e)
			}
			continue
		}
		if f.Anonymous && f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct && tag == "" && f.IsExported() {
			inner, err := m.fields(f.Type.Elem())
			if err != nil {
				return nil, err
			}
			all = append(all, promoted{f: reflect.StructField{Name: f.Name, Type: reflect.PointerTo(reflect.StructOf(inner)), Anonymous: true}, at: len(all)})
			continue
		}
		if !f.IsExported() {
			continue
		}
		ft, err := m.mirror(f.Type)
		if err != nil {
			return nil, err
		}
		name, _, _ := strings.Cut(tag, ",")
		tagged := name != ""
		if name == "" {
			name = f.Name
		}
		m.names[name] = true
		for _, opt := range strings.Split(f.Tag.Get("norm"), ",") {
			if a, ok := strings.CutPrefix(opt, "alias="); ok {
				for _, s := range strings.Split(a, "|") {
					m.names[s] = true
				}
			}
		}
		all = append(all, promoted{f: reflect.StructField{Name: f.Name, Type: ft, Tag: f.Tag}, tagged: tagged, at: len(all)})
	}
	return all, nil
}

// nesting is how deeply the JSON text b nests arrays and objects.
func nesting(b []byte) int {
	depth, most := 0, 0
	inString := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			most = max(most, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return most
}

// wireName is the name encoding/json gives a struct field.
func wireName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" {
		return f.Name
	}
	return name
}

// unkinded returns a problem of err that has no Kind, if any: every
// refusal the decoders produce is classified.
func unkinded(err error) (lenient.Problem, bool) {
	var le *lenient.Error
	if errors.As(err, &le) {
		for _, p := range le.Problems {
			if p.Kind == "" {
				return p, true
			}
		}
	}
	return lenient.Problem{}, false
}

// keyProblems returns the misnamed and key-case problems of err, by
// path, each as "message [kind]": what the misnamed_key rules refuse, in
// the decoders' words.
func keyProblems(err error) map[string]string {
	var le *lenient.Error
	if !errors.As(err, &le) {
		return nil
	}
	out := map[string]string{}
	for _, p := range le.Problems {
		if p.Kind == lenient.KindMisnamed || p.Kind == lenient.KindKeyCase {
			out[p.Path] = p.Msg + " [" + string(p.Kind) + "]"
		}
	}
	return out
}

// onlyUnknownKeys reports whether err lists unknown keys and nothing else.
func onlyUnknownKeys(err error) bool {
	var le *lenient.Error
	if !errors.As(err, &le) || len(le.Problems) == 0 {
		return false
	}
	for _, p := range le.Problems {
		if p.Kind != lenient.KindUnknownKey && p.Kind != lenient.KindKeyCase {
			return false
		}
	}
	return true
}

// Run checks every seed of each tool and n generated calls per tool (from
// a fixed seed, so a failure repeats), reporting each disagreement.
func Run(t *testing.T, tools []lenient.Tool, seeds map[string][]string, n int, opts ...Option) {
	t.Helper()
	c, err := New(tools, opts...)
	if err != nil {
		t.Fatal(err)
	}
	for i, tool := range tools {
		failures := 0
		report := func(err error) {
			if err != nil && failures < 10 {
				failures++
				t.Errorf("%s: %v", tool.Name, err)
			}
		}
		for _, s := range seeds[tool.Name] {
			report(c.Check(i, []byte(s)))
		}
		g := NewGen(c.info[i].typ, rand.New(rand.NewSource(int64(i)+1)))
		tidy := NewTidyGen(c.info[i].typ, rand.New(rand.NewSource(int64(i)+1)))
		for k := 0; k < n; k++ {
			report(c.Check(i, g.Args()))
			if k%2 == 0 {
				args := tidy.Args()
				report(c.Check(i, args))
				// Cut short, a tidy call is malformed just past what the
				// fast path reads: it must give up there.
				for _, n := range []int{len(args) - 1, len(args) / 2} {
					report(c.fastAgrees(i, args[:n]))
				}
			}
		}
	}
}

// Calls returns n calls a tool generated from each tool's input type (from
// a fixed seed), by tool name: the first two clean (NewCleanGen), then
// alternately one in every form Gen makes and one tidy. They are calls for
// other checks of the same tools (internal/invariant's CheckGenerated).
func Calls(tools []lenient.Tool, n int) (map[string][]string, error) {
	c, err := New(tools)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for i, tool := range tools {
		g := NewGen(c.info[i].typ, rand.New(rand.NewSource(int64(i)+1)))
		tidy := NewTidyGen(c.info[i].typ, rand.New(rand.NewSource(int64(i)+1)))
		clean := NewCleanGen(c.info[i].typ, rand.New(rand.NewSource(int64(i)+1)))
		for k := 0; k < n; k++ {
			gen := g
			switch {
			case k < 2:
				gen = clean
			case k%2 == 1:
				gen = tidy
			}
			out[tool.Name] = append(out[tool.Name], string(gen.Args()))
		}
	}
	return out, nil
}

// Fuzz runs the check as a Go fuzz target: each input is a tool index, a
// generator seed and raw arguments; the raw arguments are checked as they
// are, and a call generated from the seed too. Seeds are the given calls
// and a few generated ones per tool.
func Fuzz(f *testing.F, tools []lenient.Tool, seeds map[string][]string, opts ...Option) {
	c, err := New(tools, opts...)
	if err != nil {
		f.Fatal(err)
	}
	for i, tool := range tools {
		for _, s := range seeds[tool.Name] {
			f.Add(uint8(i), int64(0), []byte(s))
		}
		g := NewGen(c.info[i].typ, rand.New(rand.NewSource(int64(i))))
		for k := 0; k < 8; k++ {
			f.Add(uint8(i), int64(k), g.Args())
		}
	}
	f.Fuzz(func(t *testing.T, tool uint8, seed int64, raw []byte) {
		i := int(tool) % len(tools)
		if err := c.Check(i, raw); err != nil {
			t.Fatalf("%s: %v", tools[i].Name, err)
		}
		gen := NewGen
		if seed%2 != 0 {
			gen = NewTidyGen
		}
		args := gen(c.info[i].typ, rand.New(rand.NewSource(seed))).Args()
		if err := c.Check(i, args); err != nil {
			t.Fatalf("%s: %v", tools[i].Name, err)
		}
	})
}
