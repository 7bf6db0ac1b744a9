// Package invariant checks normgen's one invariant on generated tools: the
// schema accepts exactly what the decoder accepts. Each call is decoded by
// the tool's generated decoder and validated against the tool's schema by a
// Go JSON Schema validator (santhosh-tekuri/jsonschema) and by AJV.
//
// For each validator: a call the decoder accepts must be valid under the
// schema, and a call the schema accepts but the decoder rejects must be
// labelled with one of the documented classes of DESIGN.md and the README
// (the two validators may then disagree: AJV reads 1e400 as Infinity and
// rejects it, the Go validator accepts it):
//
//	a  a number or digit string outside the Go type's range or the bounds,
//	   or, for a time.Duration of a declared unit, not a whole number of
//	   nanoseconds
//	b  a string for an array/object field whose text is not JSON of that
//	   shape, or, for a norm:"split=," field, holds an empty item
//	c  a missing required field that has aliases, where a schema does not
//	   list it in required (generated schemas list it: class f)
//	d  one field given twice (duplicate key, two aliases, alias and name)
//	e  a number AJV reads as a float64 (1.0000000000000001 for an integer,
//	   10.0000000000000001 under maximum 10) where the Go validator and the
//	   decoder read it exactly
//	g  a bad value sent under an alias key in an object that takes
//	   unknown keys: the schema does not declare aliases, so it does not
//	   check their values, which the decoder checks as the field's
//	h  a key that differs from a declared key only in letter case (refused
//	   by name; encoding/json would read it)
//	i  a value that code normgen did not generate refuses: time.Time's own
//	   parsing (a day its month does not have, escapes in the text), a
//	   type's own UnmarshalJSON or UnmarshalText, encoding/json for a
//	   struct of another package
//	j  an unknown key that is a near spelling of a field the call left
//	   out (style_index for style_id), in an object that takes unknown
//	   keys: refused by name ("did you mean style_id?"), which a schema
//	   cannot say among the unknown keys it allows
//
// The other way, a call the decoder accepts and a validator rejects is
// allowed for DESIGN.md's class (f) only (one name per parameter): the
// decoder read a key as an alias or spelling-style variant of a field,
// which the schema does not advertise, and the call with each such key
// under its field's name is valid (advertisedOnce).
//
// Check takes calls labelled by hand; CheckGenerated takes calls generated
// from the tools' types, and reads each refusal's classes from the
// decoder's error (Classes).
package invariant

import (
	"bytes"
	"encoding/json"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/lenient"
)

// Call is one arguments object for a tool, with the documented class that
// allows the schema to accept it while the decoder rejects it ("" for
// none).
type Call struct {
	Args  string
	Class string
}

// Check checks every call of calls (by tool name) against tools: against
// each tool's InputSchema, and against its schema in every other JSON
// Schema profile it carries (portable, typearray; the gemini profile is
// OpenAPI, not JSON Schema, and has a test of its own); and its
// openai-strict schema, where it has one, for what that profile promises
// (checkStrict). Findings name the profile as "tool [profile]".
func Check(t *testing.T, tools []lenient.Tool, calls map[string][]Call) {
	t.Helper()
	all := append([]lenient.Tool(nil), tools...)
	allCalls := map[string][]Call{}
	for name, c := range calls {
		allCalls[name] = c
	}
	for _, tool := range tools {
		for _, p := range []lenient.Profile{lenient.ProfilePortable, lenient.ProfileTypeArray} {
			if s, ok := tool.Schemas[p]; ok && !bytes.Equal(s, tool.InputSchema) {
				v := tool
				v.Name = tool.Name + " [" + string(p) + "]"
				v.InputSchema = s
				all = append(all, v)
				if c, ok := calls[tool.Name]; ok {
					allCalls[v.Name] = c
				}
			}
		}
	}
	checkAll(t, all, allCalls)
	strictCalls := map[string][]string{}
	for name, cs := range calls {
		for _, c := range cs {
			strictCalls[name] = append(strictCalls[name], c.Args)
		}
	}
	checkStrict(t, tools, strictCalls)
}

func checkAll(t *testing.T, tools []lenient.Tool, calls map[string][]Call) {
	t.Helper()
	byName := toolsByName(tools)
	type pending struct {
		tool    string
		call    Call
		decoded bool
		decErr  error
		fixes   []lenient.Fix
		sch     *jsonschema.Schema
		goValid bool
	}
	var all []pending
	var cases []ajvcheck.Case
	for _, name := range sortedKeys(calls) {
		tool, ok := byName[name]
		if !ok {
			t.Errorf("no tool %q", name)
			continue
		}
		sch := compile(t, tool)
		c := ajvcheck.Case{Schema: tool.InputSchema}
		for _, call := range calls[name] {
			_, fixes, err := tool.Decode([]byte(call.Args))
			checkKinds(t, name, call.Args, err)
			inst, jerr := jsonschema.UnmarshalJSON(strings.NewReader(call.Args))
			if jerr != nil {
				t.Errorf("%s: corpus call is not JSON: %s", name, call.Args)
				continue
			}
			all = append(all, pending{tool: name, call: call, decoded: err == nil, decErr: err, fixes: fixes, sch: sch, goValid: sch.Validate(inst) == nil})
			c.Instances = append(c.Instances, json.RawMessage(call.Args))
		}
		cases = append(cases, c)
	}
	ajv := ajvcheck.ValidateOrNone(t, cases)
	k := 0
	for ci, c := range cases {
		for ii := range c.Instances {
			p := all[k]
			k++
			checked := []struct {
				name  string
				valid bool
			}{{"the Go validator", p.goValid}}
			if ajv[ci] != nil {
				checked = append(checked, struct {
					name  string
					valid bool
				}{"AJV", ajv[ci][ii]})
				if p.call.Class == "" && ajv[ci][ii] != p.goValid {
					t.Errorf("%s %s: the Go validator says valid=%v, AJV says valid=%v", p.tool, p.call.Args, p.goValid, ajv[ci][ii])
				}
			}
			for _, v := range checked {
				switch {
				case p.decoded && !v.valid && advertisedOnce(byName[p.tool], []byte(p.call.Args), p.fixes, p.sch):
					// class (f): a key the schema does not advertise
				case p.decoded && !v.valid:
					t.Errorf("%s %s: the decoder accepts it but %s rejects it (a host would block a call the server takes)", p.tool, p.call.Args, v.name)
				case !p.decoded && v.valid && p.call.Class == "":
					t.Errorf("%s %s: %s accepts it but the decoder rejects it (%v), and no documented class is given", p.tool, p.call.Args, v.name, p.decErr)
				}
			}
			// (a class AJV alone admits, (e), is judged where AJV is)
			unjudged := ajv[ci] == nil && !ajvcheck.Available()
			if p.call.Class != "" && (p.decoded || !p.goValid && !unjudged && !(ajv[ci] != nil && ajv[ci][ii])) {
				t.Errorf("%s %s: labelled class (%s) but the decoder accepted=%v and no validator accepts it", p.tool, p.call.Args, p.call.Class, p.decoded)
			}
		}
	}
}

// toolsByName indexes tools by name.
func toolsByName(tools []lenient.Tool) map[string]lenient.Tool {
	m := map[string]lenient.Tool{}
	for _, tool := range tools {
		m[tool.Name] = tool
	}
	return m
}

// sortedKeys returns m's keys, sorted.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func compile(t *testing.T, tool lenient.Tool) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(tool.InputSchema))
	if err != nil {
		t.Fatalf("%s: schema is not JSON: %v", tool.Name, err)
	}
	c := jsonschema.NewCompiler()
	loc := "mem://tool/" + url.PathEscape(tool.Name) + ".json"
	if err := c.AddResource(loc, doc); err != nil {
		t.Fatalf("%s: %v", tool.Name, err)
	}
	s, err := c.Compile(loc)
	if err != nil {
		t.Fatalf("%s: schema does not compile: %v", tool.Name, err)
	}
	return s
}
