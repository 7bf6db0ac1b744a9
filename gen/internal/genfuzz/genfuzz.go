// Package genfuzz writes random tool packages for the generator fuzzer
// (FuzzGenerate in this package's tests): struct declarations over every
// kind the generator knows and some it refuses, tags from the README's tag
// reference (valid and broken, malformed struct tags among them),
// embedded structs, pointers, generics, and normgen directives in odd
// places.
//
// Each construct the generator must refuse is recorded with the lines a
// diagnostic for it may stand on (Package.Expect), so that the fuzzer
// checks not only that normgen refuses with positions or emits code that
// compiles, vets and keeps the invariant, but also that a broken
// construct is never accepted in silence.
package genfuzz

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"sort"
	"strings"
)

// Source is the fuzzer's randomness: the fuzz input's bytes first, one
// choice each, then a generator seeded from them, so that a mutation of
// the input changes the package near the choice it feeds.
type Source struct {
	data []byte
	rng  *rand.Rand
}

// NewSource reads choices from data.
func NewSource(data []byte) *Source {
	h := fnv.New64a()
	h.Write(data)
	return &Source{data: data, rng: rand.New(rand.NewSource(int64(h.Sum64())))}
}

// Intn returns a choice in [0, n).
func (s *Source) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	if len(s.data) > 0 {
		b := s.data[0]
		s.data = s.data[1:]
		return int(b) % n
	}
	return s.rng.Intn(n)
}

// chance is true one time in n.
func (s *Source) chance(n int) bool { return s.Intn(n) == 0 }

func pick[T any](s *Source, xs ...T) T { return xs[s.Intn(len(xs))] }

// Expect is a construct the generator must refuse: some diagnostic must
// stand on one of Lines (1-based, in the package's file).
type Expect struct {
	Lines []int
	Why   string
}

// line is one source line, and why the generator must refuse what it
// holds ("" when nothing).
type line struct {
	text   string
	refuse string
	// with are other declarations on whose lines a diagnostic for this
	// line's construct may stand instead (a recursive type's cycle).
	with []string
}

// decl is one top-level declaration.
type decl struct {
	name  string
	tool  bool     // a tool input (the fuzzer counts on its decoders)
	uses  []string // declarations it needs
	lines []line
}

// Package is a generated tool package.
type Package struct {
	Name    string
	decls   []*decl
	imports map[string]bool
}

// File renders the package's one source file, with the expectations of
// what it holds (by line).
func (p *Package) File() (string, []Expect) {
	var b strings.Builder
	var expect []Expect
	n := 0
	emit := func(s string) {
		b.WriteString(s)
		b.WriteByte('\n')
		n++
	}
	emit("// Package " + p.Name + " is a package the generator fuzzer wrote.")
	emit("package " + p.Name)
	emit("")
	imports := p.usedImports()
	if len(imports) > 0 {
		emit("import (")
		for _, imp := range imports {
			emit("\t" + fmt.Sprintf("%q", imp))
		}
		emit(")")
		emit("")
	}
	starts := map[string][2]int{}
	type pending struct {
		at   int
		l    line
		decl string
	}
	var refusals []pending
	for _, d := range p.decls {
		first := n + 1
		for _, l := range d.lines {
			emit(l.text)
			if l.refuse != "" {
				refusals = append(refusals, pending{n, l, d.name})
			}
		}
		starts[d.name] = [2]int{first, n}
		emit("")
	}
	for _, r := range refusals {
		lines := []int{r.at}
		for _, w := range r.l.with {
			if span, ok := starts[w]; ok {
				for i := span[0]; i <= span[1]; i++ {
					lines = append(lines, i)
				}
			}
		}
		expect = append(expect, Expect{Lines: lines, Why: r.l.refuse})
	}
	return b.String(), expect
}

// usedImports are the imports the remaining declarations need, sorted.
func (p *Package) usedImports() []string {
	var out []string
	for imp := range p.imports {
		for _, d := range p.decls {
			if d.needs("import " + imp) {
				out = append(out, imp)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

func (d *decl) needs(name string) bool {
	for _, u := range d.uses {
		if u == name {
			return true
		}
	}
	return false
}

// Tools is the number of tool declarations.
func (p *Package) Tools() int {
	n := 0
	for _, d := range p.decls {
		if d.tool {
			n++
		}
	}
	return n
}

// Refusals is the number of constructs the generator must refuse.
func (p *Package) Refusals() int {
	_, e := p.File()
	return len(e)
}

// Without returns the package without the declarations that hold a line
// of lines (of the package's file as File renders it) and those that need
// them; helpers no tool needs any more go too (a broken helper no tool
// reaches is not the generator's business, but go vet's).
func (p *Package) Without(lines map[int]bool) *Package {
	drop := map[string]bool{}
	n := 3 // the package comment, clause and blank line
	if len(p.usedImports()) > 0 {
		n += len(p.usedImports()) + 3
	}
	for _, d := range p.decls {
		for range d.lines {
			n++
			if lines[n] {
				drop[d.name] = true
			}
		}
		n++ // the blank line after it
	}
	for changed := true; changed; {
		changed = false
		for _, d := range p.decls {
			if drop[d.name] {
				continue
			}
			for _, u := range d.uses {
				if drop[u] {
					drop[d.name], changed = true, true
					break
				}
			}
		}
	}
	out := &Package{Name: p.Name, imports: p.imports}
	for _, d := range p.decls {
		if !drop[d.name] {
			out.decls = append(out.decls, d)
		}
	}
	// Helpers no remaining tool needs.
	need := map[string]bool{}
	var mark func(name string)
	mark = func(name string) {
		if need[name] {
			return
		}
		need[name] = true
		for _, d := range out.decls {
			if d.name == name {
				for _, u := range d.uses {
					mark(u)
				}
			}
		}
	}
	for _, d := range out.decls {
		if d.tool {
			mark(d.name)
		}
	}
	kept := out.decls[:0]
	for _, d := range out.decls {
		if need[d.name] {
			kept = append(kept, d)
		}
	}
	out.decls = kept
	return out
}

// builder writes one package.
type builder struct {
	src     *Source
	pkg     *Package
	helpers []*decl         // structs tools may share
	named   []*decl         // named scalar types
	kinds   map[string]*typ // each named scalar type's base type
	n       int             // declarations so far, for names
	tools   map[string]bool
	aliases int // aliases so far, for names
	// clean is true while a tool meant to be taken is written: no choice
	// then makes a construct the generator must refuse.
	clean bool
	dirty map[string]bool // helpers written while not clean
}

// bad is true one time in n while the tool being written may be broken.
func (b *builder) bad(n int) bool { return !b.clean && b.src.chance(n) }

// New writes a package named name with choices from src: a few tool types
// and what they need.
func New(name string, src *Source) *Package {
	b := &builder{src: src, pkg: &Package{Name: name, imports: map[string]bool{}}, tools: map[string]bool{}, kinds: map[string]*typ{}, dirty: map[string]bool{}}
	tools := 2 + src.Intn(4)
	for i := 0; i < tools; i++ {
		b.toolDecl()
	}
	if src.chance(4) {
		b.oddDirective()
	}
	return b.pkg
}

func (b *builder) add(d *decl) { b.pkg.decls = append(b.pkg.decls, d) }

func (b *builder) newName(prefix string) string {
	b.n++
	return fmt.Sprintf("%s%d", prefix, b.n)
}

// toolDecl writes one tool input type with its doc comment and
// directive, sometimes in an odd form.
func (b *builder) toolDecl() {
	s := b.src
	name := b.newName("T") + pick(s, "Input", "Args", "Params", "Request", "")
	d := &decl{name: name, tool: true}
	toolName := strings.ToLower(name)
	d.lines = append(d.lines, line{text: "// " + name + " is a tool input."}, line{text: "//"})
	// Most tools are written to be taken; the others may hold anything.
	b.clean = !s.chance(3)
	directive := "//normgen:tool " + toolName
	switch r := s.Intn(16); {
	case r == 0 && !b.clean:
		d.lines = append(d.lines, line{text: "// normgen:tool " + toolName, refuse: "a directive with a space after //", with: []string{name}})
	case r == 1 && !b.clean:
		d.lines = append(d.lines, line{text: directive}, line{text: directive + "_again", refuse: "two //normgen:tool lines on one type", with: []string{name}})
	case r == 2 && !b.clean:
		d.lines = append(d.lines, line{text: "//normgen:tool " + pick(s, "bad name!", "sp ace", "dot.ted", strings.Repeat("x", 65), "é"), refuse: "a tool name hosts refuse", with: []string{name}})
	case r == 3 && !b.clean:
		d.lines = append(d.lines, line{text: directive}, line{text: "//normgen:frob", refuse: "an unknown directive", with: []string{name}})
	case r == 4 && !b.clean:
		// A generic type as a tool input.
		d.lines = append(d.lines, line{text: directive})
		d.lines = append(d.lines, line{text: "type " + name + "[T any] struct {", refuse: "a generic type as a tool input", with: []string{name}})
		d.lines = append(d.lines, line{text: "\tV T `json:\"v\"`"}, line{text: "\tW string `json:\"w,omitempty\"`"}, line{text: "}"})
		b.add(d)
		return
	case r == 5 && !b.clean:
		d.lines = append(d.lines, line{text: directive}, line{text: "type " + name + " []string", refuse: "a tool input that is not a struct", with: []string{name}})
		b.add(d)
		return
	case r == 6 && !b.clean && len(b.tools) > 0:
		for other := range b.tools {
			toolName = other
			break
		}
		d.lines = append(d.lines, line{text: "//normgen:tool " + toolName, refuse: "a tool name another tool has", with: []string{name}})
	case r == 7:
		d.lines = append(d.lines, line{text: directive}, line{text: "//normgen:unknown=error"})
	case r == 8:
		// A defined type from an instantiated generic struct: a tool
		// like any other.
		g := b.genericHelper()
		d.uses = append(d.uses, g)
		d.lines = append(d.lines, line{text: directive}, line{text: "type " + name + " " + g + "[" + pick(s, "int", "string", "[]bool", "*float64") + "]"})
		b.tools[toolName] = true
		b.add(d)
		return
	default:
		d.lines = append(d.lines, line{text: directive})
	}
	b.tools[toolName] = true
	b.structBody(d, 0, "")
	b.add(d)
}

// genericHelper declares a generic struct and returns its name.
func (b *builder) genericHelper() string {
	name := b.newName("G")
	d := &decl{name: name}
	d.lines = []line{
		{text: "// " + name + " is a generic struct."},
		{text: "type " + name + "[T any] struct {"},
		{text: "\tValue T `json:\"value\"`"},
		{text: "\tNote  string `json:\"note,omitempty\" jsonschema:\"maxLength=20\"`"},
		{text: "}"},
	}
	b.add(d)
	return name
}

// oddDirective puts a normgen directive where it marks nothing: above a
// func, a var, a const, or a group of several types.
func (b *builder) oddDirective() {
	name := b.newName("Odd")
	d := &decl{name: name}
	switch b.src.Intn(4) {
	case 0:
		d.lines = []line{{text: "//normgen:tool " + strings.ToLower(name), refuse: "a directive above a func"}, {text: "func " + name + "() {}"}}
	case 1:
		d.lines = []line{{text: "//normgen:tool " + strings.ToLower(name), refuse: "a directive above a var"}, {text: "var " + name + " = 1"}}
	case 2:
		d.lines = []line{{text: "//normgen:tool " + strings.ToLower(name), refuse: "a directive above a const"}, {text: "const " + name + " = \"x\""}}
	default:
		d.lines = []line{
			{text: "//normgen:tool " + strings.ToLower(name), refuse: "a directive above a group of several types"},
			{text: "type ("},
			{text: "\t" + name + "A struct{ X int }"},
			{text: "\t" + name + "B struct{ Y int }"},
			{text: ")"},
		}
	}
	b.add(d)
}

// wire names fields take, and aliases.
var wireNames = []string{"path", "query", "limit", "offset", "force", "tags", "mode", "name", "count", "ratio", "items", "opts", "level", "when", "id", "note", "a b", "x.y"}

// structBody writes the struct type of d (after its doc lines): fields of
// random kinds and tags.
func (b *builder) structBody(d *decl, depth int, prefix string) {
	s := b.src
	d.lines = append(d.lines, line{text: "type " + d.name + " struct {"})
	used := map[string]bool{}
	aliases := map[string]bool{}
	fields := 1 + s.Intn(6)
	if s.chance(6) {
		d.lines = append(d.lines, line{text: "\t_ struct{} `norm:\"unknown=error\"`"})
	}
	for i := 0; i < fields; i++ {
		if s.chance(10) && depth < 2 {
			b.embedded(d, depth, prefix, used)
		} else {
			b.field(d, fmt.Sprintf("F%d", i), depth, prefix, used, aliases)
		}
	}
	d.lines = append(d.lines, line{text: "}"})
}

// embedded writes an embedded struct field.
func (b *builder) embedded(d *decl, depth int, prefix string, used map[string]bool) {
	s := b.src
	h := b.helper(depth + 1)
	if used["embedded "+h.name] {
		return // a struct embeds a type once
	}
	used["embedded "+h.name] = true
	d.uses = append(d.uses, h.name)
	switch {
	case s.chance(4):
		// Promoted as encoding/json promotes it: allocated when one of
		// its fields is set.
		d.lines = append(d.lines, line{text: "\t*" + h.name})
	case s.chance(3):
		name := b.wireName(prefix, used)
		d.lines = append(d.lines, line{text: "\t" + h.name + " `json:\"" + name + ",omitempty\"`"})
	default:
		d.lines = append(d.lines, line{text: "\t" + h.name})
	}
}

// wireName picks a wire name not yet used in the struct, with the
// struct's prefix.
func (b *builder) wireName(prefix string, used map[string]bool) string {
	for tries := 0; tries < 8; tries++ {
		n := prefix + pick(b.src, wireNames...)
		if !used[n] {
			used[n] = true
			return n
		}
	}
	n := fmt.Sprintf("%sw%d", prefix, len(used))
	used[n] = true
	return n
}

// helper returns a struct type tools may reach, new or shared; its wire
// names start with its own prefix, so that embedding it never puts two
// fields of one name at one depth.
func (b *builder) helper(depth int) *decl {
	if len(b.helpers) > 0 && b.src.chance(3) {
		if h := pick(b.src, b.helpers...); !b.clean || !b.dirty[h.name] {
			return h
		}
	}
	d := &decl{name: b.newName("H")}
	b.dirty[d.name] = !b.clean
	d.lines = []line{{text: "// " + d.name + " is a nested struct."}}
	b.structBody(d, depth, strings.ToLower(d.name)+"_")
	b.helpers = append(b.helpers, d) // after its body: it holds no field of its own type
	b.add(d)
	return d
}

// typ is a field type.
type typ struct {
	code   string
	kind   string // string, bool, int, uint, float, slice, map, struct, any, raw, other
	basic  string // the basic type under a scalar (uint8 for a named uint8)
	elem   *typ   // slices and maps
	ptr    bool
	refuse string
	uses   []string
}

func (t *typ) scalar() bool {
	switch t.kind {
	case "string", "bool", "int", "uint", "float":
		return true
	}
	return false
}

// fieldType picks a field's Go type.
func (b *builder) fieldType(depth int) *typ {
	s := b.src
	if b.bad(15) {
		return b.refusedType()
	}
	switch r := s.Intn(100); {
	case r < 45:
		return b.basic()
	case r < 57:
		e := b.fieldType(depth + 1)
		t := &typ{code: "[]" + e.code, kind: "slice", elem: e, refuse: e.refuse, uses: e.uses}
		if e.basic == "uint8" && !e.ptr {
			if b.clean {
				return &typ{code: "[]string", kind: "slice", elem: &typ{code: "string", kind: "string", basic: "string"}}
			}
			t.refuse = "a []byte field" // encoding/json reads it as base64
		}
		return t
	case r < 63:
		e := b.fieldType(depth + 1)
		return &typ{code: "map[string]" + e.code, kind: "map", elem: e, refuse: e.refuse, uses: e.uses}
	case r < 71:
		e := b.fieldType(depth + 1)
		if e.ptr {
			if b.clean {
				return e
			}
			return &typ{code: "*" + e.code, kind: "other", refuse: "a pointer to a pointer", uses: e.uses}
		}
		e2 := *e
		e2.code, e2.ptr = "*"+e.code, true
		return &e2
	case r < 80 && depth < 3:
		h := b.helper(depth + 1)
		return &typ{code: h.name, kind: "struct", uses: []string{h.name}}
	case r < 84:
		return b.namedScalar()
	case r < 87:
		return &typ{code: "any", kind: "any"}
	case r < 90:
		b.pkg.imports["encoding/json"] = true
		return &typ{code: "json.RawMessage", kind: "raw", uses: []string{"import encoding/json"}}
	case r < 91 && !b.clean:
		b.pkg.imports["time"] = true
		return &typ{code: "time.Time", kind: "other", uses: []string{"import time"}} // refused or decoded as encoding/json does: either is right
	}
	return b.basic()
}

// refusedType is a field type the generator refuses.
func (b *builder) refusedType() *typ {
	s := b.src
	if s.chance(8) {
		g := b.genericHelper()
		return &typ{code: g + "[int]", kind: "other", refuse: "a field of a generic struct type", uses: []string{g}}
	}
	return pick(s,
		&typ{code: "chan int", kind: "other", refuse: "a chan field"},
		&typ{code: "func()", kind: "other", refuse: "a func field"},
		&typ{code: "complex128", kind: "other", refuse: "a complex field"},
		&typ{code: "[2]int", kind: "other", refuse: "an array field"},
		&typ{code: "map[int]string", kind: "other", refuse: "a map with int keys"},
		&typ{code: "[]byte", kind: "other", refuse: "a []byte field"},
		&typ{code: "struct{ X int }", kind: "other", refuse: "an anonymous struct field"},
		&typ{code: "interface{ M() }", kind: "other", refuse: "an interface with methods"},
		&typ{code: "uintptr", kind: "other", refuse: "a uintptr field"},
	)
}

func (b *builder) basic() *typ {
	s := b.src
	switch code := pick(s, "string", "string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64"); {
	case code == "string" || code == "bool":
		return &typ{code: code, kind: code, basic: code}
	case strings.HasPrefix(code, "int"):
		return &typ{code: code, kind: "int", basic: code}
	case strings.HasPrefix(code, "uint"):
		return &typ{code: code, kind: "uint", basic: code}
	default:
		return &typ{code: code, kind: "float", basic: code}
	}
}

// namedScalar returns a named type over a basic type (declared once).
func (b *builder) namedScalar() *typ {
	if len(b.named) > 0 && b.src.chance(2) {
		d := pick(b.src, b.named...)
		base := b.kinds[d.name]
		return &typ{code: d.name, kind: base.kind, basic: base.basic, uses: []string{d.name}}
	}
	base := b.basic()
	d := &decl{name: b.newName("N")}
	b.kinds[d.name] = base
	d.lines = []line{{text: "// " + d.name + " is a named " + base.code + "."}, {text: "type " + d.name + " " + base.code}}
	b.named = append(b.named, d)
	b.add(d)
	return &typ{code: d.name, kind: base.kind, basic: base.basic, uses: []string{d.name}}
}
