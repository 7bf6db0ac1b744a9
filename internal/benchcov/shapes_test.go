package benchcov

import (
	"encoding/json"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/normalize"
)

// shapeSeeds seed FuzzDeriveUnchangedShapes: each is a choice string for
// buildShape (see its root choices).
var shapeSeeds = []string{
	"",                                         // an object of one integer
	"\n\xa4\b2B\x00\x9a~\x81~\x1e\xcb=5\"",     // patternProperties ".*"
	"\xaf\xcbT_.\xe0J\xb7\x89<",                // a closed "^[a-z]+$" map with declared members
	"-\x99\xe4V\x11\xf1",                       // "^x-" beside declared members
	"\xe5\xc7\xde4\xb0\x98\x10s\x01?",          // draft-07: a $ref with a sibling of another type, recursive
	"\x81\x8c\xfb\xe8$\\Z\xa1\x7f\xa3\x93\xd6", // draft-07: a $ref with siblings of its type
	"\xbb\xceΰ\xda\xf3\xfd\xa6\x1b\xef",        // a root anyOf with a $ref branch
	"\xd50\x98\x84r\xe9\xe4\xe8",               // a root oneOf of objects sharing a key of two types
	"\x1f\x958\xe4-K",                          // a root $ref to a definition referring to itself
	"ؐ5\x98e\x84\x9d\xf6\x92",                  // ... through an array
	"\xb5\xe7\xdcg\x999P",                      // ... through a union branch
	"Қl\xf6L",                                  // a type array with null: an object or null
	"\x87\xab\xe4\x82 \xe0",                    // allOf of objects
}

// deriveShape builds the schema of a shape fuzz target's input (at most
// 256 bytes; longer ones are skipped), derives it and loads its rules,
// failing where either fails.
func deriveShape(t *testing.T, in []byte, build func([]byte) []byte) ([]byte, *derive.Derivation, *normalize.Normalizer) {
	t.Helper()
	if len(in) > 256 {
		t.Skip()
	}
	schema := build(in)
	d, err := derive.Tool("t", schema)
	if err != nil {
		t.Fatalf("derive: %v\nschema: %s", err, schema)
	}
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatalf("the derived rules do not load: %v\nschema: %s", err, schema)
	}
	return schema, d, n
}

// FuzzDeriveUnchangedShapes is FuzzDeriveUnchanged on schemas built from
// the input (buildShape): each input is a valid schema of the shapes the
// deriver finds hard (unions of objects sharing keys, maps, recursive
// and root references, draft-07 $ref siblings), so that mutation reaches
// strict-valid instances far more often than with schema bytes. The
// derived rules must load, and normalize must change none of the
// strict-valid instances (checkSeeds).
func FuzzDeriveUnchangedShapes(f *testing.F) {
	for _, s := range shapeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		schema, _, _ := deriveShape(t, in, buildShape)
		h := fnv.New64a()
		h.Write(in)
		seeds := make([]uint64, fuzzSeeds)
		for i := range seeds {
			seeds[i] = h.Sum64() + uint64(i)
		}
		r := checkSeeds(schema, seeds, fuzzEach, false)
		switch {
		case r.failed > 0:
			t.Fatalf("%d of %d strict-valid instances changed: %s\nschema: %s", r.failed, r.valid, r.example, schema)
		case r.skipped == "not JSON" || r.skipped == "does not compile":
			t.Fatalf("the builder made a schema that %s: %s", r.skipped, schema)
		}
	})
}

// shapeBuilder builds a schema from a choice string: each choice reads
// one byte (modulo the number of options); past the end every choice is
// 0, the simplest option, so every input makes a schema.
type shapeBuilder struct {
	in     []byte
	more   bool // recursion through more places (buildMoreShapes)
	draft7 bool
	defs   []string // definitions' names (D0, D1, ...), by number
	bodies []string // their schemas ("" while being built)
	// cycle: the schema being made refers to a definition being built
	// (in an allOf's first branch, say, beside others). Such a member is
	// never required: instances of required recursion nest
	// as deep as schemagen goes, and the strict validator's errors on
	// them, through oneOf, grow without bound (gigabytes).
	cycle bool
}

const (
	shapeDepth = 4 // below it, schemas are scalars
	shapeDefs  = 4 // at most this many definitions
)

// shapePool is the property-name pool: lower-case names the "^[a-z]+$"
// pattern matches, one "^x-" matches, and names a rule path quotes:
// "a.b", spelled as the path a.b is, and "".
var shapePool = []string{"a", "b", "n", "id", "x-y", "ab", "a.b", ""}

// pick reads a choice among n options (0 once the input is read).
func (b *shapeBuilder) pick(n int) int {
	if len(b.in) == 0 || n <= 1 {
		return 0
	}
	c := int(b.in[0]) % n
	b.in = b.in[1:]
	return c
}

// quote returns s as JSON text.
func quote(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}

// buildShape returns the schema the choice string in makes. Root choices: an object,
// a root $ref to a definition, a root anyOf or oneOf (no root type), and
// a draft-07 object (whose $ref siblings the strict validator ignores).
func buildShape(in []byte) []byte { return (&shapeBuilder{in: in}).build() }

// buildMoreShapes is buildShape with recursion through more places: a
// definition that refers to itself through a union beside a scalar, an
// array or null, or through a map's values, or both directly and through
// such a union, and arguments that refer to themselves ("#"); and with
// arguments that are a map, whose members patternProperties describe,
// or whose root union has a branch that takes no object (or is of
// objects told apart by members only one requires), or whose root
// (or its allOf's branch) holds an if on a discriminator whose then and
// else declare members, or whose root (or a member) holds an enum or
// const of objects (compared). (buildShape's choices stay as they were, so that
// FuzzDeriveUnchangedShapes's seeds keep their shapes.)
func buildMoreShapes(in []byte) []byte { return (&shapeBuilder{in: in, more: true}).build() }

func (b *shapeBuilder) build() []byte {
	var root string
	roots := 5
	if b.more {
		roots = 11
	}
	switch c := b.pick(roots); c {
	case 0:
		root = b.object(0)
	case 1:
		root = `{"$ref":` + quote(b.ref(b.def(0))) + `}`
	case 2, 3:
		kw := "anyOf"
		if c == 3 {
			kw = "oneOf"
		}
		n := 2 + b.pick(2)
		if b.more && b.pick(2) == 0 {
			// (the input schema's own union told apart by markers: its
			// branches' rules start with absent guards)
			root = b.markerUnion(0, kw, n)
			break
		}
		var br []string
		for range n {
			if b.pick(4) == 3 && len(b.defs) < shapeDefs {
				br = append(br, `{"$ref":`+quote(b.ref(b.def(1)))+`}`)
			} else {
				br = append(br, b.object(1))
			}
		}
		root = `{"` + kw + `":[` + strings.Join(br, ",") + `]}`
	case 4:
		b.draft7 = true
		root = b.object(0)
	case 5: // arguments that refer to themselves
		self := []string{`{"$ref":"#"}`, `{"type":"array","items":{"$ref":"#"}}`, `{"anyOf":[{"$ref":"#"},{"type":"integer"}]}`}
		root = b.objectWith(1, self[b.pick(len(self))])
	case 6: // arguments that are a map (of objects or scalars), or refer to themselves through one
		values := []string{b.object(1), b.scalar(), `{"type":"object","properties":{"n":{"type":"integer"},"sub":{"$ref":"#"}}}`}
		root = `{"type":"object","additionalProperties":` + values[b.pick(len(values))] + `}`
	case 7: // arguments whose members patternProperties describe
		root = b.patterns(0)
	case 8: // a root union with a branch that takes no object
		other := []string{b.scalar(), `{"type":"array","items":` + b.object(1) + `}`, `false`}[b.pick(3)]
		root = `{"` + []string{"anyOf", "oneOf"}[b.pick(2)] + `":[` + b.object(1) + `,` + other + `]}`
	case 9: // a root if on a discriminator, its then (and else) declaring members, maybe in an allOf
		props, rest := b.members(1, "")
		cond := `"if":{"properties":{"kind":{"const":"a"}}},"then":` + b.object(1)
		if b.pick(2) == 1 {
			cond += `,"else":` + b.object(1)
		}
		if b.pick(2) == 1 {
			cond = `"allOf":[{` + cond + `}]`
		}
		root = `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},` + props[1:] + rest + `,` + cond + `}`
	case 10: // an enum or const of objects, of the arguments or of a member
		root = b.compared()
		if b.pick(2) == 1 {
			root = `{"type":"object","properties":{"o":` + root + `,"n":{"type":"integer"}}}`
		}
	}
	if b.draft7 {
		root = `{"$schema":"http://json-schema.org/draft-07/schema#",` + root[1:]
	}
	if len(b.defs) > 0 {
		kw := "$defs"
		if b.draft7 {
			kw = "definitions"
		}
		var ds []string
		for i, name := range b.defs {
			ds = append(ds, quote(name)+":"+b.bodies[i])
		}
		root = root[:len(root)-1] + `,"` + kw + `":{` + strings.Join(ds, ",") + `}}`
	}
	return []byte(root)
}

func (b *shapeBuilder) ref(i int) string {
	if b.draft7 {
		return "#/definitions/" + b.defs[i]
	}
	return "#/$defs/" + b.defs[i]
}

// anyDef returns the number of a definition of any value ({}), adding
// it where there is none yet.
func (b *shapeBuilder) anyDef() int {
	if i := slices.Index(b.bodies, "{}"); i >= 0 {
		return i
	}
	b.defs = append(b.defs, "D"+strconv.Itoa(len(b.defs)))
	b.bodies = append(b.bodies, "{}")
	return len(b.defs) - 1
}

// existing picks a definition made before, noting a cycle.
func (b *shapeBuilder) existing() int {
	i := b.pick(len(b.defs))
	if b.bodies[i] == "" {
		b.cycle = true
	}
	return i
}

// def adds a definition and returns its number: an object, or one that
// refers to itself directly, through an array or through a union branch.
func (b *shapeBuilder) def(depth int) int {
	i := len(b.defs)
	b.defs = append(b.defs, "D"+strconv.Itoa(i))
	b.bodies = append(b.bodies, "")
	self := quote(b.ref(i))
	var body string
	kinds := 4
	if b.more {
		kinds = 7
	}
	switch b.pick(kinds) {
	case 0:
		body = b.object(depth + 1)
	case 1: // directly: an optional member of its own schema
		body = b.objectWith(depth+1, `{"$ref":`+self+`}`)
	case 2: // through an array
		body = b.objectWith(depth+1, `{"type":"array","items":{"$ref":`+self+`}}`)
	case 3: // through a union branch, beside an object sharing keys
		body = `{"anyOf":[` + b.objectWith(depth+1, `{"$ref":`+self+`}`) + `,` + b.object(depth+1) + `]}`
		if b.pick(2) == 1 {
			body = strings.Replace(body, "anyOf", "oneOf", 1)
		}
	case 4: // through a union branch beside a scalar, an array or null
		other := []string{b.scalar(), `{"type":"array","items":` + b.scalar() + `}`, `{"type":"null"}`}[b.pick(3)]
		body = b.objectWith(depth+1, `{"`+[]string{"anyOf", "oneOf"}[b.pick(2)]+`":[{"$ref":`+self+`},`+other+`]}`)
	case 5: // through a map's values
		body = b.objectWith(depth+1, `{"type":"object","additionalProperties":{"$ref":`+self+`}}`)
	case 6: // directly, and through a union beside a scalar (which alone stays strict)
		body = b.objectWith(depth+1, `{"type":"object","properties":{"more":{"$ref":`+self+`},"alt":{"anyOf":[{"$ref":`+self+`},`+b.scalar()+`]}}}`)
	}
	b.bodies[i] = body
	return i
}

// object makes an object of 1-4 keys of the pool.
func (b *shapeBuilder) object(depth int) string { return b.objectWith(depth, "") }

// objectWith is object, with a member of schema extra (when not "") at a
// key the object does not otherwise have, which is optional.
func (b *shapeBuilder) objectWith(depth int, extra string) string {
	props, rest := b.members(depth, extra)
	s := `{"type":"object","properties":` + props + rest
	switch b.pick(3) {
	case 1:
		s += `,"additionalProperties":false`
	case 2: // (beside the declared members: derive's otherNames)
		if b.pick(2) == 1 {
			s += `,"additionalProperties":` + b.schema(depth+1)
		} else {
			s += `,"additionalProperties":` + b.scalar()
		}
	}
	return s + "}"
}

// members makes the properties of objectWith, and its required list
// (rest: "" or `,"required":[...]`).
func (b *shapeBuilder) members(depth int, extra string) (props, rest string) {
	n := 1 + b.pick(4)
	used := map[string]bool{}
	var ps, req []string
	for range n {
		k := shapePool[b.pick(len(shapePool))]
		if used[k] {
			continue
		}
		used[k] = true
		// (the member's schema refers to a definition being built
		// anywhere in it, an object's members' own aside: the objects
		// inside it note their own, and keep what was noted before)
		outer := b.cycle
		b.cycle = false
		ps = append(ps, quote(k)+":"+b.schema(depth+1))
		cycle := b.cycle
		b.cycle = outer || cycle
		if b.pick(2) == 1 && !cycle {
			req = append(req, quote(k))
		}
	}
	if extra != "" {
		ps = append(ps, `"next":`+extra)
	}
	if len(req) > 0 {
		rest = `,"required":[` + strings.Join(req, ",") + `]`
	}
	return "{" + strings.Join(ps, ",") + "}", rest
}

// schema makes a schema of any shape (scalars only at shapeDepth).
func (b *shapeBuilder) schema(depth int) string {
	if depth >= shapeDepth {
		return b.scalar()
	}
	switch b.pick(9) {
	case 1:
		return b.object(depth)
	case 2:
		return `{"type":"array","items":` + b.schema(depth+1) + `}`
	case 3:
		return b.nullable(depth)
	case 4:
		return b.union(depth)
	case 5:
		return b.patterns(depth)
	case 6:
		if len(b.defs) < shapeDefs && b.pick(2) == 0 {
			return `{"$ref":` + quote(b.ref(b.def(depth))) + `}`
		}
		if len(b.defs) > 0 { // an existing one, perhaps one being built
			return `{"$ref":` + quote(b.ref(b.existing())) + `}`
		}
		return b.scalar()
	case 7:
		return b.siblings(depth)
	case 8:
		return b.conditional(depth)
	}
	return b.scalar()
}

// compared makes an object schema whose enum (or const) of objects
// compares it whole: its members (declared by it or by its allOf's
// branch) an integer, a boolean, an array of integers and an open map,
// its values holding them, a key no property declares (one near a
// declared key's spelling too) or none.
func (b *shapeBuilder) compared() string {
	pool := []string{`{"n":1}`, `{"n":2,"b":true}`, `{"l":[1,2]}`, `{"n_b":"x"}`, `{}`, `{"m":{"k":3}}`, `{"b":false,"l":[]}`}
	var vals []string
	for range 1 + b.pick(3) {
		vals = append(vals, pool[b.pick(len(pool))])
	}
	compare := `"enum":[` + strings.Join(vals, ",") + `]`
	if len(vals) == 1 && b.pick(2) == 1 {
		compare = `"const":` + vals[0]
	}
	props := `"properties":{"n":{"type":"integer"},"b":{"type":"boolean"},"n-b":{"type":"string"},"l":{"type":"array","items":{"type":"integer"}},` +
		`"m":{"type":"object","additionalProperties":{"type":"integer"}}}`
	if b.pick(2) == 1 { // (declared by its allOf's branch, beside the enum)
		return `{"type":"object","allOf":[{` + props + `}],` + compare + `}`
	}
	return `{"type":"object",` + props + `,` + compare + `}`
}

// conditional makes an object whose allOf (or whose own if) holds ifs
// that test kind, each with a then of members of its own, as Cloudify's
// node templates and V2Ray's inbounds tell their settings apart: kind
// required by the object, or by the if, or not at all; a const, an enum
// or a const beside another keyword; two ifs may test one value; an else
// now and then.
func (b *shapeBuilder) conditional(depth int) string {
	props, rest := b.members(depth+1, "")
	props = `{"kind":{"type":"string"},` + props[1:]
	if b.pick(3) > 0 {
		if rest == "" {
			rest = `,"required":["kind"]`
		} else {
			rest = strings.Replace(rest, `"required":[`, `"required":["kind",`, 1)
		}
	}
	var ifs []string
	for range 1 + b.pick(3) {
		test := [...]string{`{"const":"a"}`, `{"enum":["b","c"]}`, `{"const":"c"}`, `{"type":"string","const":"d","minLength":2}`}[b.pick(4)]
		cond := `{"properties":{"kind":` + test + `}` + [...]string{"", `,"required":["kind"]`, `,"type":"object"`}[b.pick(3)] + `}`
		tp, trest := b.members(depth+1, "")
		then := `{"type":"object","properties":` + tp
		branch := `{"if":` + cond + `,"then":`
		switch b.pick(5) {
		case 0:
			branch += then + trest + `},"else":` + b.object(depth+1)
		case 1:
			// (the then requires the member the if tests: an object
			// without it passes the if, and the then refuses it)
			if trest == "" {
				trest = `,"required":["kind"]`
			} else if !strings.Contains(trest, `"kind"`) {
				trest = strings.Replace(trest, `"required":[`, `"required":["kind",`, 1)
			}
			branch += then + trest + `}`
		default:
			branch += then + trest + `}`
		}
		ifs = append(ifs, branch+"}")
	}
	closed := [...]string{"", `,"additionalProperties":false`}[b.pick(2)]
	if len(ifs) == 1 && b.pick(2) == 0 {
		return `{"type":"object","properties":` + props + rest + closed + `,` + ifs[0][1:]
	}
	return `{"type":"object","properties":` + props + rest + closed + `,"allOf":[` + strings.Join(ifs, ",") + `]}`
}

// scalar makes an integer, number, boolean or string schema.
func (b *shapeBuilder) scalar() string {
	switch b.pick(9) {
	case 1:
		return `{"type":"number"}`
	case 2:
		return `{"type":"boolean"}`
	case 3:
		return `{"type":"string"}`
	case 4:
		// (a type array of a string and a boolean or number beside one
		// enum of both, split per type: splitTypes)
		return [...]string{`{"type":"string","enum":["a","b","on"]}`,
			`{"type":["boolean","null","string"],"enum":[true,false,null,"on","null"]}`,
			`{"type":["integer","string","array"],"enum":[1,2,"a","2"]}`,
			`{"type":["boolean","object","string"],"enum":[true,"a"]}`}[b.pick(4)]
	case 5:
		return `{"type":"string","pattern":"^[a-z]+$"}`
	case 6:
		return `{"type":"string","format":` + quote([]string{"date-time", "email", "uri", "date"}[b.pick(4)]) + `}`
	case 7:
		return `{"type":"integer","enum":[1,2,10]}`
	case 8:
		return `{"type":"integer","minimum":0,"maximum":100}`
	}
	return `{"type":"integer"}`
}

// nullable makes a type array with null, some beside a combinator or
// a not that reads null too.
func (b *shapeBuilder) nullable(depth int) string {
	switch b.pick(9) {
	case 6:
		return `{"type":["array","null"],"items":` + b.schema(depth+1) + `,"anyOf":[{"minItems":1},{"type":"null"}]}`
	case 7:
		o := b.object(depth)
		return `{"type":["object","null"],"not":{"type":"null"},` + o[len(`{"type":"object",`):]
	case 8:
		o := b.object(depth)
		return `{"type":["object","null"],"oneOf":[{"type":"object"},{"enum":[null]},{"type":` + quote([]string{"null", "object"}[b.pick(2)]) + `}],` + o[len(`{"type":"object",`):]
	case 1:
		return `{"type":["string","null"]}`
	case 2:
		return `{"type":["boolean","null"]}`
	case 3:
		return `{"type":["number","null"]}`
	case 4:
		o := b.object(depth)
		return `{"type":["object","null"],` + o[len(`{"type":"object",`):]
	case 5:
		return `{"type":["array","null"],"items":` + b.schema(depth+1) + `}`
	}
	return `{"type":["integer","null"]}`
}

// markerUnion makes the union kw of n open objects each of which
// requires a member of its own (a marker, declared or not), beside
// shared members; maybe a scalar or an array beside them
// (presenceGuards).
func (b *shapeBuilder) markerUnion(depth int, kw string, n int) string {
	var br []string
	for i := range n {
		props, rest := b.members(depth+1, "")
		marker := quote("m" + strconv.Itoa(i))
		if b.pick(2) == 0 {
			props = `{` + marker + `:` + b.scalar() + strings.Replace(props, "{", ",", 1)
		}
		if rest == "" {
			rest = `,"required":[` + marker + `]`
		} else {
			rest = strings.Replace(rest, `"required":[`, `"required":[`+marker+`,`, 1)
		}
		closed := [...]string{"", "", `,"additionalProperties":false`}[b.pick(3)]
		br = append(br, `{"type":"object","properties":`+props+rest+closed+`}`)
	}
	if b.pick(2) == 0 {
		br = append(br, []string{b.scalar(), `{"type":"array","items":` + b.schema(depth+1) + `}`}[b.pick(2)])
	}
	return `{"` + kw + `":[` + strings.Join(br, ",") + `]}`
}

// union makes an anyOf, oneOf or allOf of 2-3 branches, mostly objects
// (whose keys, from the small pool, overlap with different types).
func (b *shapeBuilder) union(depth int) string {
	kw := []string{"anyOf", "oneOf", "allOf"}[b.pick(3)]
	n := 2 + b.pick(2)
	var br []string
	if b.pick(4) == 0 {
		return b.markerUnion(depth, kw, n)
	}
	if b.pick(3) == 0 {
		// a discriminated union: each object branch holds kind to a
		// const or an enum (two may share a value: then no guard),
		// mostly required, and may be open; beside them a scalar or an
		// array
		for i := range n {
			kind := [...]string{`{"const":"a"}`, `{"enum":["b","c"]}`, `{"const":"c"}`, `{"type":"string","enum":["d"]}`}[(i+b.pick(4))%4]
			props, rest := b.members(depth+1, "")
			props = `{"kind":` + kind + strings.Replace(props, "{", ",", 1)
			if props[len(props)-2] == ',' { // (no other member)
				props = props[:len(props)-2] + "}"
			}
			switch {
			case b.pick(3) == 0:
				// (kind optional in this branch: valueGuards)
			case rest == "":
				rest = `,"required":["kind"]`
			default:
				rest = strings.Replace(rest, `"required":[`, `"required":["kind",`, 1)
			}
			closed := [...]string{"", `,"additionalProperties":false`}[b.pick(2)]
			br = append(br, `{"type":"object","properties":`+props+rest+closed+`}`)
		}
		if b.pick(2) == 0 {
			br = append(br, []string{b.scalar(), `{"type":"array","items":` + b.schema(depth+1) + `}`}[b.pick(2)])
		}
		slices.Sort(br)
		br = slices.Compact(br)
		return `{"` + kw + `":[` + strings.Join(br, ",") + `]}`
	}
	// (two branches that refer to a definition being built, {"allOf":
	// [{"$ref": "#/$defs/D0"}, {"type": "object", "$ref":
	// "#/$defs/D0"}]} inside D0, make the strict validator check each
	// level twice: 2^depth work on one instance, gigabytes where another
	// branch requires the member that recurses; the second is a scalar)
	outer, cycles := b.cycle, 0
	for range n {
		b.cycle = false
		var x string
		switch b.pick(4) {
		case 2:
			x = b.scalar()
		case 3:
			x = b.schema(depth + 1)
		default:
			x = b.object(depth + 1)
		}
		if b.cycle {
			if cycles++; cycles > 1 {
				x = b.scalar()
			}
		}
		br = append(br, x)
	}
	b.cycle = outer || cycles > 0
	// (a branch twice, the same way, is one)
	slices.Sort(br)
	br = slices.Compact(br)
	return `{"` + kw + `":[` + strings.Join(br, ",") + `]}`
}

// patterns makes an object whose members patternProperties describe: any
// key (beside declared ones or not), lower-case keys only (closed), "^x-" keys beside declared ones,
// or, in an open object, "^x-" keys (a scalar or any schema, a
// recursive one among them) beside "^y-" ones or lower-case ones (which
// "^x-" keys are not: "-" is no letter, the two never overlap).
func (b *shapeBuilder) patterns(depth int) string {
	switch b.pick(5) {
	case 3:
		return `{"type":"object","patternProperties":{"^x-":` + b.schema(depth+1) + `,"^y-":` + b.scalar() + `}}`
	case 4:
		return `{"type":"object","patternProperties":{"^x-":` + b.schema(depth+1) + `,"^[a-z]+$":` + b.schema(depth+1) + `}}`
	case 1:
		v := b.schema(depth + 1)
		closed := [...]string{"false", v}[b.pick(2)] // (or every other member held alike: a map too)
		s := `{"type":"object","patternProperties":{"^[a-z]+$":` + v + `},"additionalProperties":` + closed
		if b.pick(2) == 1 { // declared members the pattern matches too
			props, rest := b.members(depth, "")
			s += `,"properties":` + props + rest
		}
		return s + "}"
	case 2:
		o := b.object(depth)
		return `{"patternProperties":{"^x-":` + b.scalar() + `},` + o[1:]
	}
	s := `{"type":"object","patternProperties":{".*":` + b.schema(depth+1) + `}`
	if b.pick(2) == 1 { // declared members every name's pattern holds too (derive splits it)
		props, rest := b.members(depth, "")
		s += `,"properties":` + props + rest
	}
	return s + "}"
}

// siblings makes a $ref with sibling keywords: the target's type, another
// type, or a bound (draft-07 ignores them; later drafts apply them).
func (b *shapeBuilder) siblings(depth int) string {
	var t int
	if len(b.defs) < shapeDefs && (len(b.defs) == 0 || b.pick(2) == 0) {
		t = b.def(depth)
	} else {
		t = b.existing()
	}
	r := `"$ref":` + quote(b.ref(t))
	if b.more {
		// (a target of any value, beside a type, in a nullable union, or
		// properties beside a kept $ref, whose target declares keys of
		// the pool: in draft-07 the target alone is read)
		switch b.pick(7) {
		case 4:
			return `{"anyOf":[{"type":"integer","$ref":` + quote(b.ref(b.anyDef())) + `},{"type":"null"}]}`
		case 5:
			return `{"type":` + quote([]string{"integer", "boolean", "array"}[b.pick(3)]) + `,"$ref":` + quote(b.ref(b.anyDef())) + `}`
		case 6:
			return `{` + r + `,"properties":{"xY":{"type":"string"},"iD":{"type":"integer"}}}`
		}
	}
	switch b.pick(4) {
	case 1:
		return `{"type":"array",` + r + `}`
	case 2:
		return `{"type":"object","maxProperties":1,` + r + `}`
	case 3:
		return `{"type":"string",` + r + `}`
	}
	return `{"type":"object",` + r + `}`
}
