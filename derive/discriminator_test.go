package derive

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// pydanticPets is a discriminated union as pydantic writes it: a oneOf of
// references and OpenAPI's discriminator, whose mapping names the
// definitions the references name.
const pydanticPets = `{"type":"object","$defs":{` +
	`"Cat":{"type":"object","properties":{"pet_type":{"const":"cat","type":"string"},"lives":{"type":"integer"}},"required":["pet_type"]},` +
	`"Dog":{"type":"object","properties":{"pet_type":{"const":"dog","type":"string"},"bark":{"type":"boolean"}},"required":["pet_type"]},` +
	`"Bird":{"type":"object","properties":{"pet_type":{"enum":["bird"],"type":"string"},"wings":{"type":"integer"}},"required":["pet_type"]}},` +
	`"properties":{"pet":{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"},{"$ref":"#/$defs/Bird"}],` +
	`"discriminator":{"propertyName":"pet_type","mapping":{"cat":"#/$defs/Cat","dog":"#/$defs/Dog","bird":"#/$defs/Bird"}}},` +
	`"pets":{"type":"array","items":{"anyOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],` +
	`"discriminator":{"propertyName":"pet_type","mapping":{"cat":"#/$defs/Cat","dog":"#/$defs/Dog"}}}}},"required":["pet"]}`

// TestDeriveDiscriminatorMapping: where the rewrite inlines the
// definitions a discriminator's mapping names (and prunes them), each
// entry names the branch that holds its value instead, in the rewrite:
// a mapping never names a schema the rewrite does not hold. The calls
// are read as any union's.
func TestDeriveDiscriminatorMapping(t *testing.T) {
	d, err := Tool("pets", []byte(pydanticPets))
	if err != nil {
		t.Fatal(err)
	}
	out := d.Schema
	found := 0
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Kind != '{' && n.Kind != '[' {
			return
		}
		if m := n.Get("discriminator").Get("mapping"); n.Kind == '{' && m != nil {
			for i, k := range m.Keys {
				found++
				ref, _ := m.Vals[i].AsString()
				target, err := jsonnode.Resolve(out, ref)
				if err != nil {
					t.Errorf("mapping %s: %s names nothing in the rewrite: %v", k, ref, err)
					continue
				}
				tag := target.Get("properties").Get("pet_type")
				if c, _ := tag.Get("const").AsString(); c != k && !enumHolds(tag.Get("enum"), k) {
					t.Errorf("mapping %s: %s names %s", k, ref, target.Marshal())
				}
			}
		}
		for _, v := range n.Vals {
			walk(v)
		}
	}
	walk(out)
	if found != 5 {
		t.Errorf("%d mapping entries in the rewrite, want 5:\n%s", found, out.Marshal())
	}
	for _, w := range d.Warnings {
		t.Logf("warning: %s: %s", w.Path, w.Message)
	}
	unionSound(t, []unionCase{{"pets", pydanticPets, []string{
		`{"pet":{"pet_type":"cat","lives":"9"}}`, `{"pet":{"pet_type":"dog","bark":"yes"}}`, `{"pet":{"pet_type":"bird","wings":2}}`,
		`{"pet":{"pet_type":"cat","lives":9},"pets":[{"pet_type":"dog","bark":true}]}`, `{"pet":{"pet_type":"fish"}}`}}})
}

// enumHolds reports whether the enum e holds the string s.
func enumHolds(e *Node, s string) bool {
	for _, v := range e.Items() {
		if x, ok := v.AsString(); ok && x == s {
			return true
		}
	}
	return false
}

// TestDeriveDiscriminatorMappingEscaped: a branch's pointer escapes the
// member names on its way (RFC 6901 and the URI fragment's %XX), an
// entry no one branch holds stays, with a warning, and a default's data
// is no schema.
func TestDeriveDiscriminatorMappingEscaped(t *testing.T) {
	schema := `{"type":"object","$defs":{"A":{"type":"object","properties":{"k":{"const":"a"},"n":{"type":"integer"}},"required":["k"]},"Gone":{"type":"object"}},` +
		`"properties":{"my/pet ~1":{"oneOf":[{"$ref":"#/$defs/A"}],"discriminator":{"propertyName":"k","mapping":{"a":"#/$defs/A","z":"#/$defs/Gone"}}},` +
		`"data":{"type":"object","default":{"discriminator":{"propertyName":"k","mapping":{"a":"#/x"}}}}}}`
	d, err := Tool("esc", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	m := discriminatorOf(d.Schema.Get("properties").Get("my/pet ~1")).Get("discriminator").Get("mapping")
	a, _ := m.Get("a").AsString()
	if want := "#/properties/my~1pet%20~01/anyOf/0/oneOf/0"; a != want {
		t.Errorf("mapping a = %s, want %s", a, want)
	}
	if target, err := jsonnode.Resolve(d.Schema, a); err != nil || target.Get("properties").Get("n") == nil {
		t.Errorf("%s resolves to %v (%v)", a, target, err)
	}
	warned := false
	for _, w := range d.Warnings {
		warned = warned || strings.Contains(w.Message, `maps "z" to #/$defs/Gone`)
		if strings.Contains(w.Message, "#/x") {
			t.Errorf("a default's data read as a discriminator: %s", w.Message)
		}
	}
	if z, _ := m.Get("z").AsString(); z != "#/$defs/Gone" || !warned {
		t.Errorf("mapping z = %s, warned %v: %v", z, warned, d.Warnings)
	}
}

// TestDeriveDiscriminatorKeptTarget (area 2, efcda1c): repointMapping
// leaves an entry whose pointer still resolves in the rewrite. In a
// recursive discriminated union (pydantic's Node = oneOf[Leaf, Branch],
// Branch.kids[] -> Node) the strict $defs/Leaf and $defs/Branch stay
// (the kept recursive references name them), while the union at
// properties/tree holds inlined, lenient copies: the mapping names the
// strict Leaf, which refuses {"t":"leaf","v":"1"}, where the branch the
// rewrite holds admits it. A validator reading the mapping does not pick
// "the branch the rewrite holds, lenient forms and all". (Node is now
// read at every depth: tree names its lenient form, which holds the
// union and its discriminator, the mapping repointed at its branches.)
func TestDeriveDiscriminatorKeptTarget(t *testing.T) {
	u := `{"oneOf":[{"$ref":"#/$defs/Leaf"},{"$ref":"#/$defs/Branch"}],"discriminator":{"propertyName":"t","mapping":{"leaf":"#/$defs/Leaf","branch":"#/$defs/Branch"}}}`
	schema := `{"type":"object","properties":{"tree":{"$ref":"#/$defs/Node"}},"$defs":{"Node":` + u + `,` +
		`"Leaf":{"type":"object","properties":{"t":{"const":"leaf"},"v":{"type":"integer"}},"required":["t"]},` +
		`"Branch":{"type":"object","properties":{"t":{"const":"branch"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["t"]}}}`
	d, err := Tool("tree", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	out := d.Schema
	union, at := discriminatorOf(out.Get("properties").Get("tree")), "#/properties/tree/anyOf/0"
	if ref, ok := union.Get("$ref").AsString(); ok {
		// (read at every depth: the union is its lenient form, which
		// holds the discriminator)
		union, at = pointer(out, ref), ref
	}
	m := union.Get("discriminator").Get("mapping")
	if m == nil {
		t.Fatalf("no mapping at properties/tree: %s", out.Marshal())
	}
	for i, k := range m.Keys {
		ref, _ := m.Vals[i].AsString()
		target, err := jsonnode.Resolve(out, ref)
		if err != nil {
			t.Errorf("mapping %s: %s names nothing: %v", k, ref, err)
			continue
		}
		own := false
		for _, b := range union.Get("oneOf").Items() {
			own = own || b == target
		}
		if !own {
			t.Errorf("mapping %s: %s is not a branch of the union at %s that the rewrite holds:\n target %s\n rewrite %s", k, ref, at, target.Marshal(), out.Marshal())
		}
	}
	// what it means: the mapped schema and the branch disagree
	call := `{"t":"leaf","v":"1"}`
	leafRef, _ := m.Get("leaf").AsString()
	if x, y := validAt(t, out, leafRef, call), validAt(t, out, at+"/oneOf/0", call); x != y {
		t.Errorf("%s: the mapping's %s takes it: %v; the branch the rewrite holds takes it: %v", call, leafRef, x, y)
	}
}

// discriminatorOf is the schema in a field's rewrite n that holds its
// discriminator: n, or the first branch of its anyOf (the union beside
// the string branch of its JSON text: withDiscriminator).
func discriminatorOf(n *Node) *Node {
	if n.Get("discriminator") == nil {
		return n.Get("anyOf").Items()[0]
	}
	return n
}

// validAt validates inst against the subschema of doc at the fragment ptr.
func validAt(t *testing.T, doc *Node, ptr, inst string) bool {
	t.Helper()
	sch, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc.Marshal()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://review/doc.json", sch); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://review/doc.json" + ptr)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(inst)))
	return s.Validate(v) == nil
}

// TestDeriveDiscriminatedText: a discriminated union (pydantic's tagged
// union, OpenAPI's discriminator beside a oneOf of objects) reads its
// JSON text as any union of objects does: the discriminator stays beside
// its oneOf, in the rewrite's object branch, where AJV's discriminator
// option reads it (it holds objects alone, and needs the oneOf beside
// it, and a branch that is a $ref beside nothing else), and the string
// branch stands apart. Judged with the Go validator and with AJV, its
// discriminator option on (a discriminator without a mapping, which AJV
// does not support); nullable, closed, recursive, and with a branch that
// holds a oneOf of its own.
func TestDeriveDiscriminatedText(t *testing.T) {
	const defs = `"$defs":{"Cat":{"type":"object","properties":{"pet_type":{"const":"cat"},"meows":{"type":"integer"}},"required":["pet_type","meows"]},` +
		`"Dog":{"type":"object","properties":{"pet_type":{"const":"dog"},"barks":{"type":"number"}},"required":["pet_type","barks"]}}`
	// (AJV's strict types want "type": "object" beside the discriminator)
	union := `{"type":"object","oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],"discriminator":{"propertyName":"pet_type"},"title":"Pet"}`
	calls := []string{`{"pet":{"pet_type":"cat","meows":2}}`, `{"pet":{"pet_type":"cat","meows":"2"}}`,
		`{"pet":"{\"pet_type\":\"dog\",\"barks\":1.5}"}`, `{"pet":"{\"pet_type\":\"dog\",\"barks\":\"1.5\"}"}`,
		`{"pet":{"pet_type":"cow"}}`, `{"pet":null}`, `{"pet":5}`}
	// (a branch holding a oneOf of its own, closed: the branches are
	// disjoint, and the rewrite reads them as an anyOf)
	inner := `"$defs":{"Cat":{"type":"object","properties":{"pet_type":{"const":"cat"},"meows":{"type":"integer"},"x":{"type":"integer"}},"required":["pet_type","meows"],"additionalProperties":false,` +
		`"oneOf":[{"properties":{"x":{"type":"integer"}},"required":["x"]},{"properties":{"meows":{"type":"integer","maximum":3}}}]},` +
		`"Dog":{"type":"object","properties":{"pet_type":{"const":"dog"},"barks":{"type":"number"}},"required":["pet_type","barks"],"additionalProperties":false}}`
	tree := `{"type":"object","properties":{"tree":{"$ref":"#/$defs/Tree"}},"$defs":{"Tree":{"type":"object","oneOf":[{"$ref":"#/$defs/Node"},{"$ref":"#/$defs/Leaf"}],"discriminator":{"propertyName":"kind"}},` +
		`"Node":{"type":"object","properties":{"kind":{"const":"n"},"kids":{"type":"array","items":{"$ref":"#/$defs/Tree"}},"w":{"type":"integer"}},"required":["kind"]},` +
		`"Leaf":{"type":"object","properties":{"kind":{"const":"l"},"v":{"type":"integer"}},"required":["kind"]}}}`
	cases := []unionCase{
		{"required", `{"type":"object","properties":{"pet":` + union + `},"required":["pet"],` + defs + `}`, calls},
		// ("null" for the required one is class (b): JSON text of no object)
		{"optional", `{"type":"object","properties":{"pet":` + union + `},` + defs + `}`, append(calls, `{"pet":"null"}`, `{"pet":""}`)},
		// (closed, its branches are disjoint: the rewrite reads them as an
		// anyOf, then gathers them back in a oneOf beside the discriminator)
		{"closed", `{"type":"object","properties":{"pet":` + union + `},` + strings.ReplaceAll(defs, `"required"`, `"additionalProperties":false,"required"`) + `}`, append(calls, `{"pet":"null"}`)},
		{"nullable", `{"type":"object","properties":{"pet":{"anyOf":[` + union + `,{"type":"null"}],"default":null}},"required":["pet"],` + defs + `}`, append(calls, `{"pet":"null"}`)},
		{"inner-oneof", `{"type":"object","properties":{"pet":` + union + `},` + inner + `}`, []string{`{"pet":{"pet_type":"cat","meows":2}}`, `{"pet":{"pet_type":"cat","meows":2,"x":1}}`, `{"pet":"{\"pet_type\":\"dog\",\"barks\":1.5}"}`, `{"pet":null}`}},
		// (keywords beside the oneOf hold each branch: merged into them)
		{"siblings", `{"type":"object","properties":{"pet":{"type":"object","maxProperties":2,"propertyNames":{"maxLength":8},"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],"discriminator":{"propertyName":"pet_type"}}},` + defs + `}`,
			[]string{`{"pet":{"pet_type":"cat","meows":2,"name":"x"}}`, `{"pet":{"pet_type":"cat","meows":"2"}}`, `{"pet":"{\"pet_type\":\"cat\",\"meows\":\"2\"}"}`, `{"pet":{"pet_type":"cat","meows_long_name":2}}`}},
		{"recursive", tree, []string{`{"tree":{"kind":"l","v":1}}`, `{"tree":{"kind":"n","kids":[{"kind":"l","v":2}]}}`, `{"tree":{"kind":"l","v":"1"}}`, `{"tree":"{\"kind\":\"l\",\"v\":1}"}`}},
	}
	unionSound(t, cases)
	ajvDiscriminatorSound(t, cases)
	for _, tc := range cases[:4] {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		if !slices.Contains(ruleKinds(d), "json_accept_both:pet") {
			t.Errorf("%s: the union's JSON text is not read: rules %v, warnings %s", tc.name, ruleKinds(d), warnings(d))
		}
		if n := strings.Count(string(d.Schema.Marshal()), `"discriminator"`); n != 1 {
			t.Errorf("%s: %d discriminators in the rewrite, want 1: %s", tc.name, n, d.Schema.Marshal())
		}
	}
	// A type that takes more than objects: AJV's option, which skips the
	// oneOf beside a discriminator, then takes any value of it that is no
	// object (a string, its JSON text among them; null): left strict. So
	// is one with no type and no mapping (AJV's default strictTypes
	// compiles it); with a mapping, which AJV's option refuses to compile,
	// every validator that compiles it applies the oneOf: read.
	open := []unionCase{
		{"object-or-string", `{"type":"object","properties":{"pet":{"type":["object","string"],"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],"discriminator":{"propertyName":"pet_type"}}},"required":["pet"],` + defs + `}`,
			[]string{`{"pet":"{\"pet_type\":\"cat\",\"meows\":2}"}`, `{"pet":{"pet_type":"cat","meows":"2"}}`}},
		{"object-or-null", `{"type":"object","properties":{"pet":{"type":["object","null"],"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],"discriminator":{"propertyName":"pet_type"}}},` + defs + `}`,
			[]string{`{"pet":null}`, `{"pet":"{\"pet_type\":\"cat\",\"meows\":2}"}`}},
	}
	unionSound(t, open)
	ajvDiscriminatorSound(t, open)
	untyped := `{"type":"object","properties":{"pet":{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],"discriminator":{"propertyName":"pet_type"}}},"required":["pet"],` + defs + `}`
	for _, tc := range append(open, unionCase{name: "untyped", schema: untyped}) {
		if d, _ := deriveNormalizer(t, tc.name, tc.schema); slices.Contains(ruleKinds(d), "json_accept_both:pet") {
			t.Errorf("%s: the union's JSON text is read, which AJV's option takes as it is: rules %v", tc.name, ruleKinds(d))
		}
	}
	// pydantic's Optional[discriminated union]: the union beside null,
	// required or not, and as a list's items
	opt := `{"anyOf":[{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],"discriminator":{"propertyName":"pet_type","mapping":{"cat":"#/$defs/Cat","dog":"#/$defs/Dog"}}},{"type":"null"}],"default":null,"title":"Pet"}`
	optional := []unionCase{
		{"optional-union", `{"type":"object","properties":{"pet":` + opt + `},` + defs + `}`, append(calls, `{"pet":"null"}`, `{"pet":""}`)},
		{"required-optional-union", `{"type":"object","properties":{"pet":` + opt + `},"required":["pet"],` + defs + `}`, append(calls, `{"pet":"null"}`)},
		{"optional-union-items", `{"type":"object","properties":{"pets":{"type":"array","items":` + opt + `}},` + defs + `}`,
			[]string{`{"pets":["null",{"pet_type":"cat","meows":"2"},"{\"pet_type\":\"dog\",\"barks\":1.5}"]}`, `{"pets":[null]}`}},
	}
	unionSound(t, optional)
	for i, tc := range optional {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		at := []string{"pet", "pet", "pets[]"}[i]
		if !slices.Contains(ruleKinds(d), "json_accept_both:"+at) || !slices.Contains(ruleKinds(d), "null_text:"+at) {
			t.Errorf("%s: the union's JSON text or \"null\" is not read at %s: rules %v, warnings %s", tc.name, at, ruleKinds(d), warnings(d))
		}
		if n := strings.Count(string(d.Schema.Marshal()), `"discriminator"`); n != 1 {
			t.Errorf("%s: %d discriminators in the rewrite, want 1: %s", tc.name, n, d.Schema.Marshal())
		}
	}
	mapped := strings.Replace(untyped, `"propertyName":"pet_type"`, `"propertyName":"pet_type","mapping":{"cat":"#/$defs/Cat","dog":"#/$defs/Dog"}`, 1)
	unionSound(t, []unionCase{{"mapped", mapped, calls}})
	if d, _ := deriveNormalizer(t, "mapped", mapped); !slices.Contains(ruleKinds(d), "json_accept_both:pet") {
		t.Errorf("mapped: the union's JSON text is not read: rules %v, warnings %s", ruleKinds(d), warnings(d))
	}
}

// ajvDiscriminatorSound is ajvSound with AJV's discriminator option on
// (without it, strict AJV refuses the keyword, in the server's schema
// too): a schema either side that AJV cannot compile fails the test.
func ajvDiscriminatorSound(t *testing.T, cases []unionCase) {
	t.Helper()
	ajvJudge(t, cases, ajvOptions{discriminator: true})
}

// TestDeriveDiscriminatorMappingKept: a mapping entry that names a
// definition no branch of its union is ($defs/Fish beside Cat and Dog),
// or a branch the rewrite cannot repoint it to (one whose tag is an enum
// of two values), keeps that definition in the rewrite, with the
// warning the entry gets: a validator that follows the mapping finds the
// schema it names. Review of cd5bde5.
func TestDeriveDiscriminatorMappingKept(t *testing.T) {
	schema := `{"type":"object","$defs":{` +
		`"Cat":{"type":"object","properties":{"pet_type":{"const":"cat"},"lives":{"type":"integer"}},"required":["pet_type"]},` +
		`"Dog":{"type":"object","properties":{"pet_type":{"enum":["dog","hound"]},"bark":{"type":"boolean"}},"required":["pet_type"]},` +
		`"Fish":{"type":"object","properties":{"pet_type":{"const":"fish"}}}},` +
		`"properties":{"pet":{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],` +
		`"discriminator":{"propertyName":"pet_type","mapping":{"cat":"#/$defs/Cat","dog":"#/$defs/Dog","fish":"#/$defs/Fish"}}}}}`
	d, err := Tool("pets", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	var walk func(n *Node)
	walk = func(n *Node) {
		if m := n.Get("discriminator").Get("mapping"); n.Kind == '{' && m != nil {
			for i, k := range m.Keys {
				found++
				ref, _ := m.Vals[i].AsString()
				if _, err := jsonnode.Resolve(d.Schema, ref); err != nil {
					t.Errorf("mapping %s: %s names nothing in the rewrite: %v\n%s", k, ref, err, d.Schema.Marshal())
				}
			}
		}
		for _, v := range n.Vals {
			walk(v)
		}
	}
	walk(d.Schema)
	if found != 3 {
		t.Errorf("%d mapping entries in the rewrite, want 3:\n%s", found, d.Schema.Marshal())
	}
	if !strings.Contains(warnings(d), "fish") {
		t.Errorf("no warning for the entry fish, which no branch holds: %s", warnings(d))
	}
	unionSound(t, []unionCase{{"pets-kept", schema, []string{`{"pet":{"pet_type":"cat","lives":"9"}}`, `{"pet":{"pet_type":"hound","bark":"yes"}}`, `{"pet":{"pet_type":"fish"}}`}}})
}
