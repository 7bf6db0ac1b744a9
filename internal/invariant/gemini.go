package invariant

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/lenient"
)

// CheckGeminiForms checks that each tool's gemini schema advertises no
// form its decoder refuses. The gemini profile advertises one JSON type
// per value (nullable aside), so a host following it sends only that
// type: for each property of the root and each JSON type the gemini
// schema admits there, some value of that type that the schema admits
// must be taken by the decoder, in a call whose other fields it takes.
// The values tried are a handful per type (a string enum's values, a
// few strings, numbers, booleans, arrays and objects built from their
// schemas), each admitted by the property's gemini schema first.
//
// A string for a type decoded by its own UnmarshalText only is not
// checked: a string is the one form encoding/json gives that method,
// and which strings it takes only the method knows (class h).
func CheckGeminiForms(t *testing.T, tools []lenient.Tool) {
	t.Helper()
	for _, tool := range tools {
		s, ok := tool.Schemas[lenient.ProfileGemini]
		if !ok {
			continue
		}
		var root map[string]any
		if err := json.Unmarshal(s, &root); err != nil {
			t.Errorf("%s: gemini schema: %v", tool.Name, err)
			continue
		}
		openAPIToJSONSchema(root)
		props, _ := root["properties"].(map[string]any)
		names := make([]string, 0, len(props))
		for n := range props {
			names = append(names, n)
		}
		sort.Strings(names)
		samples := map[string][]sample{}
		for _, n := range names {
			sub, _ := props[n].(map[string]any)
			samples[n] = admitted(t, sub)
		}
		v, _, _ := tool.Decode([]byte(`{}`))
		goType := reflect.TypeOf(v)
		if goType != nil && goType.Kind() == reflect.Pointer {
			goType = goType.Elem()
		}
		// A call the decoder takes: each property the decoder asks for
		// (the schema's required, and the required fields with aliases,
		// which it does not list: class c) set to the first of its
		// values that the decoder takes there.
		base := map[string]any{}
		need, _ := root["required"].([]any)
		for range 4 {
			for _, r := range need {
				n, _ := r.(string)
				for _, x := range samples[n] {
					base[n] = x.v
					if !refusedAt(tool, base, n) {
						break
					}
				}
			}
			need = nil
			_, _, err := tool.Decode(marshal(base))
			var le *lenient.Error
			if !errors.As(err, &le) {
				break
			}
			for _, p := range le.Problems {
				if _, ok := props[p.Path]; ok {
					need = append(need, p.Path)
				}
			}
		}
		if _, _, err := tool.Decode(marshal(base)); err != nil {
			t.Errorf("%s: no call built from the gemini schema's values is taken (%s): %v", tool.Name, marshal(base), err)
			continue
		}
		for _, n := range names {
			byType := map[string][]any{}
			var order []string
			for _, x := range samples[n] {
				if byType[x.form] == nil {
					order = append(order, x.form)
				}
				byType[x.form] = append(byType[x.form], x.v)
			}
			for _, jt := range order {
				if jt == "string" && textOnly(goType, n) {
					continue
				}
				var firstErr error
				taken := false
				for _, x := range byType[jt] {
					call := clone(base)
					call[n] = x
					_, _, err := tool.Decode(marshal(call))
					if !problemAt(err, n) {
						taken = true
						break
					}
					if firstErr == nil {
						firstErr = fmt.Errorf("%s: %v", marshal(call), err)
					}
				}
				if !taken {
					t.Errorf("%s: the gemini schema admits %s for %s, and the decoder refuses every one tried (%s)", tool.Name, jt, n, firstErr)
				}
			}
		}
	}
}

// openAPIToJSONSchema rewrites a gemini schema, in place, as the JSON
// Schema a validator reads: OpenAPI's nullable: true as a null type.
func openAPIToJSONSchema(v any) {
	switch v := v.(type) {
	case map[string]any:
		if typ, ok := v["type"].(string); ok && v["nullable"] == true {
			v["type"] = []any{typ, "null"}
			delete(v, "nullable")
		}
		for _, c := range v {
			openAPIToJSONSchema(c)
		}
	case []any:
		for _, c := range v {
			openAPIToJSONSchema(c)
		}
	}
}

// sampleStrings are the strings tried where a schema names none.
var sampleStrings = []string{"x", "red", "a,b", "2026-03-02T09:00:00Z", "2026-03-02", "5s", "1", "true", `["a"]`, "{}", ""}

// sample is a value tried, and the JSON type of the schema it was made
// for (1 is a number where the schema says number).
type sample struct {
	form string
	v    any
}

// admitted returns sample values of the gemini schema s (as
// openAPIToJSONSchema left it) that s admits.
func admitted(t *testing.T, s map[string]any) []sample {
	t.Helper()
	if s == nil {
		return nil
	}
	var cands []sample
	add := func(form string, vs ...any) {
		for _, v := range vs {
			cands = append(cands, sample{form, v})
		}
	}
	var types []string
	switch typ := s["type"].(type) {
	case string:
		types = []string{typ}
	case []any:
		for _, x := range typ {
			if s, ok := x.(string); ok {
				types = append(types, s)
			}
		}
	}
	for _, typ := range types {
		switch typ {
		case "string":
			if enum, ok := s["enum"].([]any); ok {
				add(typ, enum...)
			} else {
				for _, x := range sampleStrings {
					add(typ, x)
				}
			}
		case "integer":
			add(typ, json.Number("1"), json.Number("0"), json.Number("5"), json.Number("100"), json.Number("-1"))
		case "number":
			add(typ, json.Number("1.5"), json.Number("1"), json.Number("0"), json.Number("0.5"))
		case "boolean":
			add(typ, true, false)
		case "array":
			items, _ := s["items"].(map[string]any)
			add(typ, []any{})
			for i, x := range admitted(t, items) {
				if i == 2 {
					break
				}
				add(typ, []any{x.v})
			}
		case "object":
			props, _ := s["properties"].(map[string]any)
			req := map[string]any{}
			all := map[string]any{}
			for n, p := range props {
				sub, _ := p.(map[string]any)
				if xs := admitted(t, sub); len(xs) > 0 {
					all[n] = xs[0].v
				}
			}
			required, _ := s["required"].([]any)
			for _, r := range required {
				n, _ := r.(string)
				if x, ok := all[n]; ok {
					req[n] = x
				}
			}
			add(typ, req, all, map[string]any{"a": "b"})
		case "null":
			add(typ, nil)
		}
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(marshal(s))))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://gemini-property.json", doc); err != nil {
		t.Fatal(err)
	}
	compiled, err := c.Compile("mem://gemini-property.json")
	if err != nil {
		t.Fatalf("gemini schema %s: %v", marshal(s), err)
	}
	var out []sample
	for _, x := range cands {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(string(marshal(x.v))))
		if err == nil && compiled.Validate(inst) == nil {
			out = append(out, x)
		}
	}
	return out
}

// refusedAt reports whether the decoder refuses call with a problem at
// the property name.
func refusedAt(tool lenient.Tool, call map[string]any, name string) bool {
	_, _, err := tool.Decode(marshal(call))
	return problemAt(err, name)
}

// problemAt reports whether err has a problem at the property name or
// below it.
func problemAt(err error, name string) bool {
	var le *lenient.Error
	if !errors.As(err, &le) {
		return err != nil
	}
	for _, p := range le.Problems {
		if p.Path == name || strings.HasPrefix(p.Path, name+".") || strings.HasPrefix(p.Path, name+"[") {
			return true
		}
	}
	return false
}

// textOnly reports whether the field of struct type t whose wire name
// is name is decoded by its type's own UnmarshalText (and no
// UnmarshalJSON).
func textOnly(t reflect.Type, name string) bool {
	f, ok := fieldByWireName(t, name, 0)
	if !ok {
		return false
	}
	p := reflect.PointerTo(f)
	for f.Kind() == reflect.Pointer {
		f = f.Elem()
		p = reflect.PointerTo(f)
	}
	return p.Implements(textUnmarshaler) && !p.Implements(jsonUnmarshaler)
}

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
)

// fieldByWireName finds the type of the field of struct type t (embedded
// structs flattened) that encoding/json names name.
func fieldByWireName(t reflect.Type, name string, depth int) (reflect.Type, bool) {
	if t == nil || t.Kind() != reflect.Struct || depth > 8 {
		return nil, false
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == "-" {
			continue
		}
		if f.Anonymous && tag == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if ft, ok := fieldByWireName(et, name, depth+1); ok {
				return ft, true
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		if tag == name {
			return f.Type, true
		}
	}
	return nil, false
}

func marshal(x any) []byte {
	b, _ := json.Marshal(x)
	return b
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
