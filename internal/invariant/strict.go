package invariant

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/lenient"
)

// StrictCall returns the call a model in OpenAI's strict mode sends for
// args under a tool's openai-strict schema: every property args leaves
// out that the schema lets be null is null, at any depth (in objects of
// objects and of arrays, through anyOf branches and $refs). ok is false
// when args is not a JSON object.
func StrictCall(strictSchema []byte, args string) (string, bool) {
	var root map[string]any
	if json.Unmarshal(strictSchema, &root) != nil {
		return "", false
	}
	dec := json.NewDecoder(strings.NewReader(args))
	dec.UseNumber()
	var call any
	if dec.Decode(&call) != nil {
		return "", false
	}
	if _, isObject := call.(map[string]any); !isObject {
		return "", false
	}
	out, err := json.Marshal(fillNulls(root, root, call))
	if err != nil {
		return "", false
	}
	return string(out), true
}

// fillNulls sets each property v leaves out that s lets be null to null,
// in v and in the objects and arrays it holds.
func fillNulls(root map[string]any, s, v any) any {
	switch v := v.(type) {
	case map[string]any:
		obj := branchOf(root, s, "object")
		props, _ := obj["properties"].(map[string]any)
		for name, ps := range props {
			if x, ok := v[name]; ok {
				v[name] = fillNulls(root, ps, x)
			} else if branchOf(root, ps, "null") != nil {
				v[name] = nil
			}
		}
	case []any:
		arr := branchOf(root, s, "array")
		for i, x := range v {
			v[i] = fillNulls(root, arr["items"], x)
		}
	}
	return v
}

// branchOf returns the schema of s (itself, or an anyOf branch, through
// $refs into root) whose type is typ, or nil.
func branchOf(root map[string]any, s any, typ string) map[string]any {
	m, _ := s.(map[string]any)
	for seen := 0; m != nil && seen < 64; seen++ {
		ref, isRef := m["$ref"].(string)
		if !isRef {
			break
		}
		m = resolve(root, ref)
	}
	if m == nil {
		return nil
	}
	if m["type"] == typ || typ == "object" && m["type"] == nil && m["properties"] != nil {
		return m
	}
	branches, _ := m["anyOf"].([]any)
	for _, b := range branches {
		if got := branchOf(root, b, typ); got != nil {
			return got
		}
	}
	return nil
}

// resolve returns the schema a local $ref (#/$defs/NAME) names in root.
func resolve(root map[string]any, ref string) map[string]any {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok {
		return nil
	}
	defs, _ := root["$defs"].(map[string]any)
	m, _ := defs[name].(map[string]any)
	return m
}

// checkStrict checks each tool's openai-strict schema, where it has one,
// with calls (by tool name): that profile admits only a value's native
// forms and lists every property in required, so the decoder takes more
// than it admits, but every call it admits is taken (a refusal is one of
// the documented classes), and the call a strict-mode model sends for a
// call the decoder takes (StrictCall: null for every property left out)
// is taken with the same value, by the Go validator's and AJV's reading
// of the schema alike. A tool with an openai-strict schema must have a
// call the schema admits after StrictCall, so that the check is never
// empty.
func checkStrict(t *testing.T, tools []lenient.Tool, calls map[string][]string) {
	t.Helper()
	type pending struct {
		tool, args string
		want       any // the value of the call without the nulls; nil for a call as given
		err        error
		got        any
		goValid    bool
	}
	var all []pending
	var cases []ajvcheck.Case
	byName := toolsByName(tools)
	for _, name := range sortedKeys(calls) {
		tool, ok := byName[name]
		s, strict := tool.Schemas[lenient.ProfileOpenAIStrict]
		if !ok || !strict {
			continue
		}
		v := tool
		v.Name = tool.Name + " [" + string(lenient.ProfileOpenAIStrict) + "]"
		v.InputSchema = s
		sch := compile(t, v)
		c := ajvcheck.Case{Schema: s}
		admitted := 0
		add := func(args string, want any) bool {
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(args))
			if err != nil {
				return false
			}
			got, _, derr := tool.Decode([]byte(args))
			checkKinds(t, v.Name, args, derr)
			p := pending{tool: v.Name, args: args, want: want, err: derr, got: got, goValid: sch.Validate(inst) == nil}
			all = append(all, p)
			c.Instances = append(c.Instances, json.RawMessage(args))
			return p.goValid
		}
		// {} too: the strict-mode form of a call that leaves every
		// field out, which a tool without required fields takes.
		for _, args := range append([]string{"{}"}, calls[name]...) {
			if add(args, nil) {
				admitted++
			}
			want, _, err := tool.Decode([]byte(args))
			if err != nil {
				continue
			}
			if sc, ok := StrictCall(s, args); ok && add(sc, want) {
				admitted++
			}
		}
		if admitted == 0 {
			t.Errorf("%s: no call (nor its strict-mode form) is admitted by the schema: give the tool's calls one a strict-mode model could send", v.Name)
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		return
	}
	ajv := ajvcheck.Validate(t, cases)
	k := 0
	for ci, c := range cases {
		for ii := range c.Instances {
			p := all[k]
			k++
			ajvValid := ajv[ci] == nil || ajv[ci][ii]
			if ajv[ci] != nil && ajvValid != p.goValid && p.err == nil {
				t.Errorf("%s %s: the Go validator says valid=%v, AJV says valid=%v", p.tool, p.args, p.goValid, ajvValid)
			}
			if !p.goValid && !(ajv[ci] != nil && ajvValid) {
				continue // not admitted: a strict-mode model does not send it
			}
			switch {
			case p.err != nil && p.want != nil:
				t.Errorf("%s %s: the strict-mode form of a call the decoder takes is refused: %v", p.tool, p.args, p.err)
			case p.err != nil:
				if class, why := Classes(p.err, []byte(p.args)); class == "" {
					t.Errorf("%s %s: the schema admits it but the decoder refuses it for no documented class: %s", p.tool, p.args, why)
				}
			case p.want != nil && !reflect.DeepEqual(p.got, p.want):
				got, _ := json.Marshal(p.got)
				want, _ := json.Marshal(p.want)
				t.Errorf("%s %s: decodes to %s, not to %s, the value of the call without its nulls", p.tool, p.args, got, want)
			}
		}
	}
}
