package derive

import (
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonnode"
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
