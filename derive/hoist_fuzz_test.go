package derive

import (
	"fmt"
	"strings"
	"testing"
)

// hoistParts are the schemas FuzzHoistAlike builds its documents of:
// each of more than hoistMin bytes, some holding a $ref (to a
// definition, to the root), a branch leaning on its parent, a union.
var hoistParts = func() []string {
	pad := `"description":"` + strings.Repeat("fuzzed text ", 20) + `"`
	point := `{"type":"object",` + pad + `,"properties":{"x":{"type":"integer"},"y":{"type":"integer"}},"required":["x"],"additionalProperties":false}`
	return []string{
		point,
		`{"type":"object",` + pad + `,"properties":{"k":{"$ref":"#/$defs/S"},"n":{"type":"integer"}},"required":["k"]}`,
		`{"type":"array",` + pad + `,"items":` + point + `}`,
		`{"anyOf":[` + point + `,{"type":"string"}]}`,
		`{"type":"object","required":["x"],"allOf":[{` + pad + `,"properties":{"x":{"type":"integer"}}}]}`,
		`{"type":"object",` + pad + `,"properties":{"self":{"$ref":"#"},"x":{"type":"integer"}}}`,
		`{"type":"object",` + pad + `,"additionalProperties":` + point + `}`,
	}
}()

// hoistValues are the values FuzzHoistAlike's instances give a member.
var hoistValues = []string{
	`{"x":1}`, `{"x":"1"}`, `{"x":1,"z":2}`, `[{"x":1}]`, `[{"y":1}]`, `"s"`, `1`, `{"k":"a"}`,
	`{"k":1}`, `{"self":{"p0":{"x":1}}}`, `{"self":{"p0":1}}`, `{}`, `null`, `{"a":{"x":1},"b":{"x":"2"}}`,
}

// FuzzHoistAlike: a document with schemas it repeats (hoistParts, at
// members, elements, map values, beside a definition that is one of
// them and a pointer into one) takes each instance alike before and
// after hoistRepeats (the Go validator judges both), in each draft's
// definitions keyword; where hoisting changed it, it is smaller.
func FuzzHoistAlike(f *testing.F) {
	for _, seed := range []string{"", "\x03\x00\x00\x01", "\x05\x00\x01\x02\x03\x04\x05\x06\x01\x01", "\x04\x06\x06\x04\x04\x02\x01\x00\x00\x02"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		next := func(n int) int {
			if len(in) == 0 {
				return 0
			}
			b := int(in[0])
			in = in[1:]
			return b % n
		}
		draft := next(3)
		container, schemaKey := "$defs", ""
		switch draft {
		case 1:
			container, schemaKey = "definitions", `"$schema":"http://json-schema.org/draft-07/schema#",`
		case 2:
			container, schemaKey = "definitions", `"$schema":"http://json-schema.org/draft-04/schema#",`
		}
		members := 2 + next(5)
		var props []string
		for i := range members {
			part := strings.ReplaceAll(hoistParts[next(len(hoistParts))], "#/$defs/", "#/"+container+"/")
			switch next(4) {
			case 1:
				part = `{"type":"array","items":` + part + `}`
			case 2:
				part = `{"type":"object","additionalProperties":` + part + `}`
			}
			props = append(props, fmt.Sprintf(`"p%d":%s`, i, part))
		}
		if next(2) == 1 {
			props = append(props, `"d":{"$ref":"#/`+container+`/D"}`)
		}
		if next(2) == 1 {
			props = append(props, `"e":{"$ref":"#/properties/p0"}`)
		}
		props = append(props, `"s":{"$ref":"#/`+container+`/S"}`)
		d := strings.ReplaceAll(hoistParts[next(len(hoistParts))], "#/$defs/", "#/"+container+"/")
		schema := `{` + schemaKey + `"type":"object","properties":{` + strings.Join(props, ",") + `},"` + container + `":{"S":{"type":"string"},"D":` + d + `}}`
		root, err := ParseNode([]byte(schema))
		if err != nil {
			t.Fatal(err)
		}
		out, afresh := root.Clone(), root.Clone()
		hoistRepeats(out, defsContainer(root, out))
		after := out.Marshal()
		// (each round surveys again only what the last one changed)
		if hoistAfresh(afresh, defsContainer(root, afresh)); string(afresh.Marshal()) != string(after) {
			t.Errorf("hoisted\n%s\nsurveying all of it each round\n%s", after, afresh.Marshal())
		}
		if string(after) == schema {
			return
		}
		if len(after) >= len(schema) {
			t.Errorf("hoisted to %d bytes from %d", len(after), len(schema))
		}
		before := compileDerived(t, "before", []byte(schema))
		hoisted := compileDerived(t, "after", after)
		for range 12 {
			var kv []string
			for i := range members + 3 {
				name := "p" + fmt.Sprint(i)
				switch i - members {
				case 0:
					name = "d"
				case 1:
					name = "e"
				case 2:
					name = "s"
				}
				if next(3) > 0 {
					kv = append(kv, fmt.Sprintf("%q:%s", name, hoistValues[next(len(hoistValues))]))
				}
			}
			inst := `{` + strings.Join(kv, ",") + `}`
			if b, a := validDerived(before, []byte(inst)), validDerived(hoisted, []byte(inst)); a != b {
				t.Errorf("%s: valid %v before, %v after\n%s\n%s", inst, b, a, schema, after)
			}
		}
	})
}
