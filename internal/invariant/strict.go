package invariant

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/lenient"
)

// StrictCall returns the call a model in OpenAI's strict mode sends for
// args under a tool's openai-strict schema: every property args leaves
// out that the schema lets be null is null, at any depth (in objects of
// objects and of arrays, through anyOf branches and $refs). ok is false
// when args is not a JSON object.
func StrictCall(strictSchema []byte, args string) (string, bool) {
	root, err := jsonnode.ParseLastKeyWins(strictSchema)
	if err != nil || root.Kind != '{' && root.Kind != 'n' {
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
func fillNulls(root, s *jsonnode.Node, v any) any {
	switch v := v.(type) {
	case map[string]any:
		props := branchOf(root, s, "object").Get("properties")
		if props == nil || props.Kind != '{' {
			break
		}
		for i, name := range props.Keys {
			ps := props.Vals[i]
			if x, ok := v[name]; ok {
				v[name] = fillNulls(root, ps, x)
			} else if branchOf(root, ps, "null") != nil {
				v[name] = nil
			}
		}
	case []any:
		arr := branchOf(root, s, "array")
		for i, x := range v {
			v[i] = fillNulls(root, arr.Get("items"), x)
		}
	}
	return v
}

// branchOf returns the schema of s (itself, or an anyOf branch, through
// $refs into root: jsonnode.Follow) whose type is typ, or nil.
func branchOf(root, s *jsonnode.Node, typ string) *jsonnode.Node {
	if s == nil || s.Kind != '{' {
		return nil
	}
	m, err := jsonnode.Follow(root, s)
	if err != nil && !errors.Is(err, jsonnode.ErrRefCycle) && !errors.Is(err, jsonnode.ErrRefNotString) {
		return nil // a $ref that names nothing here
	}
	if m.Kind != '{' {
		return nil
	}
	t := m.Get("type")
	if ts, ok := t.AsString(); ok && ts == typ {
		return m
	}
	if p := m.Get("properties"); typ == "object" && (t == nil || t.Kind == 'n') && p != nil && p.Kind != 'n' {
		return m
	}
	for _, b := range m.Get(jsonnode.AnyOf).Items() {
		if got := branchOf(root, b, typ); got != nil {
			return got
		}
	}
	return nil
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
	ajv := ajvcheck.ValidateOrNone(t, cases)
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
