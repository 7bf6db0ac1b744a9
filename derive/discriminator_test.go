package derive

import (
	"bytes"
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
	m := d.Schema.Get("properties").Get("my/pet ~1").Get("discriminator").Get("mapping")
	a, _ := m.Get("a").AsString()
	if want := "#/properties/my~1pet%20~01/oneOf/0"; a != want {
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
// "the branch the rewrite holds, lenient forms and all".
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
	union := out.Get("properties").Get("tree")
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
			t.Errorf("mapping %s: %s is not a branch of the union at #/properties/tree that the rewrite holds:\n target %s\n rewrite %s", k, ref, target.Marshal(), out.Marshal())
		}
	}
	// what it means: the mapped schema and the branch disagree
	call := `{"t":"leaf","v":"1"}`
	leafRef, _ := m.Get("leaf").AsString()
	if x, y := validAt(t, out, leafRef, call), validAt(t, out, "#/properties/tree/oneOf/0", call); x != y {
		t.Errorf("%s: the mapping's %s takes it: %v; the branch the rewrite holds takes it: %v", call, leafRef, x, y)
	}
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
