package typedpath_test

import (
	"bytes"
	"encoding/json"
	"net/url"
	"reflect"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/internal/invariant"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// TestStrictProfileCalls is issue 25's done-when with the openai-strict
// profile itself: for each tool that profile expresses, the calls a model
// in OpenAI's strict mode sends are made from that schema (each corpus
// call the tool takes, with null for every property the schema lets be
// null and the call leaves out: invariant.StrictCall) and checked
// against it (the Go validator and AJV admit them); each is then taken,
// with the value the call without those nulls gives, through the
// generated UnmarshalJSON, Tool.Decode, the runtime normalizer (the
// tool's rules, then encoding/json, as a server that keeps its own
// decoding has it), go-sdk's mcp.AddTool handler and mcp-go's typed
// handler (input validation on).
func TestStrictProfileCalls(t *testing.T) {
	const perTool = 4 // SDK round trips are slow; the invariant test takes them all
	all := allTools()
	corpus := calls(t, all)
	type strictCall struct {
		tl            *tool
		absent, nulls []byte
	}
	var picked []strictCall
	var cases []ajvcheck.Case
	var rules []lenient.Rule
	for i := range all {
		tl := &all[i]
		s, ok := tl.Schemas[lenient.ProfileOpenAIStrict]
		if !ok {
			continue
		}
		rules = append(rules, tl.Rules...)
		sch := compileSchema(t, tl.Name, s)
		c := ajvcheck.Case{Schema: s}
		seen := map[string]bool{}
		for _, cl := range append([]call{{tool: tl, args: []byte(`{}`)}}, corpus...) {
			if cl.tool.Name != tl.Name || len(c.Instances) == perTool {
				continue
			}
			if _, _, err := tl.Decode(cl.args); err != nil {
				continue
			}
			sc, ok := invariant.StrictCall(s, string(cl.args))
			if !ok || seen[sc] || !bytes.Contains([]byte(sc), []byte("null")) {
				continue // the same call, or one with nothing left out
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(sc)))
			if err != nil || sch.Validate(inst) != nil {
				continue // it used a lenient form: a strict-mode model sends none
			}
			seen[sc] = true
			picked = append(picked, strictCall{tl: tl, absent: cl.args, nulls: []byte(sc)})
			c.Instances = append(c.Instances, json.RawMessage(sc))
		}
		if len(c.Instances) > 0 {
			cases = append(cases, c)
		}
	}
	ajv := ajvcheck.Validate(t, cases)
	k := 0
	for ci, c := range cases {
		for ii := range c.Instances {
			if ajv[ci] != nil && !ajv[ci][ii] {
				t.Errorf("%s %s: AJV rejects the strict-mode call the Go validator admits", picked[k].tl.Name, c.Instances[ii])
			}
			k++
		}
	}
	norm, err := normalize.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	defer norm.Close()
	callers := map[string]func(call) result{"go-sdk": goSDKCaller(t, all), "mcp-go": mcpGoCaller(t, all)}
	checked := map[string]int{}
	for _, p := range picked {
		name := p.tl.Name + " " + string(p.nulls)
		// the generated UnmarshalJSON
		want, err := p.tl.direct(p.absent)
		if err != nil {
			t.Fatalf("%s: the call without the nulls is refused: %v", name, err)
		}
		if got, err := p.tl.direct(p.nulls); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: UnmarshalJSON gives %+v, %v; without the nulls %+v", name, got, err, want)
		}
		// Tool.Decode
		wantDec, _, _ := p.tl.Decode(p.absent)
		if got, _, err := p.tl.Decode(p.nulls); err != nil || !reflect.DeepEqual(got, wantDec) {
			t.Errorf("%s: Tool.Decode gives %+v, %v; without the nulls %+v", name, got, err, wantDec)
		}
		// the normalizer, then encoding/json
		if got, want := normalized(t, norm, p.tl, p.nulls), normalized(t, norm, p.tl, p.absent); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: normalized and decoded by encoding/json: %+v; without the nulls %+v", name, got, want)
		}
		// the SDKs' typed handlers
		for _, sdk := range []string{"go-sdk", "mcp-go"} {
			wantR := callers[sdk](call{tool: p.tl, args: p.absent})
			r := callers[sdk](call{tool: p.tl, args: p.nulls})
			if !wantR.called {
				// The SDK refuses the call without the nulls too (go-sdk
				// reads a big integer through float64: TestTypedPathGoSDK's
				// classes); the nulls must change nothing there.
				if r.called {
					t.Errorf("%s %s: taken, but not without the nulls (%v %s)", sdk, name, wantR.protoErr, wantR.text)
				}
				continue
			}
			if !r.called || r.isError || r.protoErr != nil {
				t.Errorf("%s %s: not taken: %v %s", sdk, name, r.protoErr, r.text)
				continue
			}
			if d := cmp.Diff(wantR.value, r.value); d != "" {
				t.Errorf("%s %s: null is not the key left out (-absent +nulls):\n%s", sdk, name, d)
			}
		}
		checked[p.tl.Name]++
	}
	var names []string
	for n := range checked {
		names = append(names, n)
	}
	sort.Strings(names)
	// The examples' tools have optional fields; the shared corpus's tools
	// have one required field, and nothing to leave out.
	if len(names) < 8 {
		t.Errorf("only %v checked", names)
	}
	t.Logf("strict-mode calls checked, by tool: %v", checked)
}

// normalized is what a server that keeps its own decoding gets from args:
// the runtime normalizer with the tool's rules, then encoding/json.
func normalized(t *testing.T, n *normalize.Normalizer, tl *tool, args []byte) any {
	t.Helper()
	out, _, err := n.NormalizeJSON(tl.Name, args)
	if err != nil {
		t.Fatalf("%s %s: the normalizer: %v", tl.Name, args, err)
	}
	v := reflect.New(tl.typ)
	if err := json.Unmarshal(out, v.Interface()); err != nil {
		return "refused: " + err.Error()
	}
	return v.Elem().Interface()
}

func compileSchema(t *testing.T, name string, s []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	loc := "mem://strict/" + url.PathEscape(name) + ".json"
	if err := c.AddResource(loc, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(loc)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return sch
}
