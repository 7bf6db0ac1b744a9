package schemabuild

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/normgen/normgen/lenient"

	. "github.com/normgen/normgen/schema"
)

// defaultsType has a default on each kind of field a default filler could
// misread: aliased fields of one form (string) and of several (int), a
// strict struct, a struct and a pointer to a struct whose fields have
// defaults; and defaults a filler reads as the decoder does: a root field
// without aliases, the fields of a struct in a slice.
func defaultsType(closed bool) *Type {
	def := func(v string) Keywords { return Keywords{Default: v, HasDefault: true} }
	inner := func(name string, strict, nullable bool) *Type {
		return &Type{Kind: Object, Name: name, Strict: strict, Nullable: nullable, Fields: []Field{
			{Name: "level", Type: &Type{Kind: String}, Keywords: def("low")},
		}}
	}
	return &Type{Kind: Object, Name: "DefaultsInput", RejectUnknown: closed, Fields: []Field{
		{Name: "schema", Aliases: []string{"schema_name", "namespace"}, Type: &Type{Kind: String}, Keywords: def("public")},
		{Name: "limit", Aliases: []string{"max"}, Type: &Type{Kind: Int, Bits: 64}, Keywords: def("10")},
		{Name: "mode", Type: &Type{Kind: String}, Keywords: def("fast")},
		{Name: "opt", Type: inner("Opt", true, false)},
		{Name: "cfg", Type: inner("Cfg", false, false)},
		{Name: "ptr", Type: inner("Ptr", false, true)},
		{Name: "steps", Type: &Type{Kind: Array, Elem: inner("Step", false, false)}},
	}}
}

// fill applies a schema's defaults to an arguments object as go-sdk's
// mcp.AddTool does before it decodes (google/jsonschema-go v0.4.3,
// Resolved.ApplyDefaults): for each property of an object that is not
// required, the property schema's own "default" is set when the key is
// absent; a present object is filled in turn; an absent property whose
// schema holds a default somewhere under its "properties" is created as
// {} and filled. It reads "default", "properties" and "required" only: no
// anyOf, items or additionalProperties.
func fill(s map[string]any, v map[string]any) {
	props, _ := s["properties"].(map[string]any)
	required := map[string]bool{}
	if r, ok := s["required"].([]any); ok {
		for _, n := range r {
			required[n.(string)] = true
		}
	}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		sub, _ := props[name].(map[string]any)
		if required[name] || sub == nil {
			continue
		}
		val, present := v[name]
		switch d, hasDefault := sub["default"]; {
		case !present && hasDefault:
			v[name] = d
			if obj, ok := d.(map[string]any); ok {
				fill(sub, obj)
			}
		case present:
			if obj, ok := val.(map[string]any); ok {
				fill(sub, obj)
			}
		case holdsDefault(sub):
			obj := map[string]any{}
			fill(sub, obj)
			v[name] = obj
		}
	}
}

// holdsDefault is jsonschema-go's schemaHasDefaultsInProperties.
func holdsDefault(s map[string]any) bool {
	if _, ok := s["default"]; ok {
		return true
	}
	props, _ := s["properties"].(map[string]any)
	for _, p := range props {
		if sub, ok := p.(map[string]any); ok && holdsDefault(sub) {
			return true
		}
	}
	return false
}

// defaultOf returns the default a property schema annotates its value
// with: its own, or its first anyOf branch's (where the portable profile
// keeps annotations).
func defaultOf(s map[string]any) (any, bool) {
	if d, ok := s["default"]; ok {
		return d, true
	}
	if b, ok := s["anyOf"].([]any); ok && len(b) > 0 {
		if first, ok := b[0].(map[string]any); ok {
			d, ok := first["default"]
			return d, ok
		}
	}
	return nil, false
}

// objectOf returns a property schema's object branch (the schema itself,
// or the anyOf branch of type object).
func objectOf(s map[string]any) map[string]any {
	if _, ok := s["properties"]; ok {
		return s
	}
	b, _ := s["anyOf"].([]any)
	for _, x := range b {
		if m, ok := x.(map[string]any); ok {
			if _, ok := m["properties"]; ok {
				return m
			}
		}
	}
	return nil
}

// TestDefaultsOutOfFillersReach: a default filler (go-sdk's mcp.AddTool)
// run on the generated schema in the portable profile, the one SDKs are
// given, sets no default: never a field's canonical key beside an alias
// sent (the decoder would see the field twice), never an object the
// caller left out, and, since a field with a default is optional and
// takes null, none at all: the decoder applies them. Every
// declared default is still in the schema, at its property or in the
// property's first anyOf branch. The profiles for tools/list only keep
// their spelling (a default at its property, as before).
func TestDefaultsOutOfFillersReach(t *testing.T) {
	for _, closed := range []bool{false, true} {
		js, err := RootJSON(defaultsType(closed), lenient.Profiles()...)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range lenient.Profiles() {
			s, err := RootProfile(defaultsType(closed), p)
			if err != nil {
				t.Fatal(err)
			}
			if b, err := Marshal(s); err != nil || !bytes.Equal(js[i], b) {
				t.Errorf("%s: RootJSON differs from Marshal(RootProfile) (%v):\n%s\n%s", p, err, js[i], b)
			}
		}
		b := js[0]
		var root map[string]any
		if err := json.Unmarshal(b, &root); err != nil {
			t.Fatal(err)
		}
		for _, args := range []string{`{}`, `{"namespace":"sales","max":"5"}`, `{"schema_name":"x","limit":1,"mode":"slow"}`} {
			var v map[string]any
			json.Unmarshal([]byte(args), &v)
			sent := slices.Sorted(maps.Keys(v))
			fill(root, v)
			var added []string
			for k := range v {
				if !slices.Contains(sent, k) {
					added = append(added, k)
				}
			}
			// Every field with a default is optional, so it takes null
			// (golden/nulls): its default sits in its first anyOf branch,
			// where fillers do not look, and the decoder applies it.
			var want []string
			if slices.Sort(added); !slices.Equal(added, want) {
				t.Errorf("closed=%v: a default filler adds %v to %s, want %v\n%s", closed, added, args, want, b)
			}
		}
		props := root["properties"].(map[string]any)
		for name, want := range map[string]any{"schema": "public", "limit": 10.0, "mode": "fast"} {
			if d, ok := defaultOf(props[name].(map[string]any)); !ok || d != want {
				t.Errorf("%s shows default %v (%v), want %v", name, d, ok, want)
			}
		}
		for _, name := range []string{"opt", "cfg", "ptr"} {
			obj := objectOf(props[name].(map[string]any))
			if obj == nil {
				t.Errorf("%s has no object branch", name)
				continue
			}
			level := obj["properties"].(map[string]any)["level"].(map[string]any)
			if d, ok := defaultOf(level); !ok || d != "low" {
				t.Errorf("%s.level shows default %v (%v), want low", name, d, ok)
			}
		}
		if bytes.Contains(b, []byte(`"namespace"`)) {
			t.Error("an alias is declared (one name per parameter: never)")
		}
	}
	for p, want := range map[lenient.Profile]string{
		lenient.ProfilePortable:  `{"anyOf":[{"type":"string","default":"public"},{"type":"null"}]}`,
		lenient.ProfileTypeArray: `{"default":"public","type":["string","null"]}`,
		lenient.ProfileGemini:    `{"type":"string","default":"public","nullable":true}`,
	} {
		s, _ := RootProfile(defaultsType(false), p)
		if b, _ := json.Marshal(s.Properties.Value("schema")); string(b) != want {
			t.Errorf("%s: schema is %s, want %s", p, b, want)
		}
	}
	// A field without aliases: its default in the first branch too.
	s, _ := RootProfile(defaultsType(false), lenient.ProfilePortable)
	if b, _ := json.Marshal(s.Properties.Value("mode")); string(b) != `{"anyOf":[{"type":"string","default":"fast"},{"type":"null"}]}` {
		t.Errorf("mode: %s", b)
	}
}
