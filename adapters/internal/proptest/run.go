package proptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/schemagen"
	"github.com/normgen/normgen/lenient"
)

// Server is a strict server, behind the adapter or not, as an SDK
// adapter's test builds it: its tools are registered with their strict
// schemas and the SDK's own input validation on (or, where the SDK release
// has none, a handler that validates alike).
type Server interface {
	// List returns the tools as tools/list gives them to a client.
	List() ([]Tool, error)
	// Call calls a tool; nil means the server took the call (its handler
	// ran and succeeded), else why not.
	Call(name string, args json.RawMessage) error
}

// Serve starts a strict server with tools for the test. With adapted, the
// adapter is installed with rules (its Options.Rules); without, the server
// is bare.
type Serve func(t *testing.T, tools []Tool, rules []lenient.Rule, adapted bool) Server

// Run checks the adapter's promise: for each catalog, without a rules file
// and with each of its rules files, perTool calls are generated for each
// tool from the schema the adapter advertises (Gen), those the advertised
// schema validates are sent, and the server must take every one. As a
// control, the same calls sent to the bare server (no rules) must be
// refused at least once: the calls do use the lenient forms.
func Run(t *testing.T, serve Serve, perTool int) {
	catalogs, err := Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range catalogs {
		sets := []string{"none"}
		for name := range c.Rules {
			sets = append(sets, name)
		}
		for _, set := range sets {
			t.Run(c.Name+"/"+set, func(t *testing.T) {
				rules := c.Rules[set]
				calls := check(t, serve(t, c.Tools, rules, true), c.Tools, rules, perTool)
				if set != "none" {
					return
				}
				bare, refused := serve(t, c.Tools, nil, false), 0
				for _, call := range calls {
					if bare.Call(call.tool, call.args) != nil {
						refused++
					}
				}
				t.Logf("without the adapter the strict server refuses %d of the %d calls", refused, len(calls))
				if refused == 0 {
					t.Error("the bare server takes every call: the generated calls do not use the lenient forms")
				}
			})
		}
	}
}

type call struct {
	tool string
	args json.RawMessage
}

// check generates the calls of every advertised tool and sends them;
// strict are the tools as registered, whose derived rules (the spelling
// variants' aliases among them) the generator reads beside rules.
func check(t *testing.T, s Server, strict []Tool, rules []lenient.Rule, perTool int) []call {
	t.Helper()
	derived := map[string][]lenient.Rule{}
	for _, tool := range strict {
		root, err := derive.ParseNode(tool.InputSchema)
		if err != nil {
			t.Fatalf("%s: strict schema: %v", tool.Name, err)
		}
		derived[tool.Name] = derive.WithRules(tool.Name, root, rules).Rules
	}
	tools, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var calls []call
	candidates, failures := 0, 0
	used := map[string]int{}
	for _, tool := range tools {
		root, err := derive.ParseNode(tool.InputSchema)
		if err != nil {
			t.Fatalf("%s: advertised schema: %v", tool.Name, err)
		}
		validate, err := compile(tool.InputSchema)
		if err != nil {
			t.Fatalf("%s: advertised schema does not compile: %v\n%s", tool.Name, err, tool.InputSchema)
		}
		h := fnv.New64a()
		h.Write([]byte(tool.Name))
		g := schemagen.NewGen(h.Sum64(), root, tool.Name, append(append([]lenient.Rule(nil), rules...), derived[tool.Name]...))
		g.Valid = validator(tool.InputSchema)
		valid := 0
		for try := 0; valid < perTool && try < 4*perTool; try++ {
			args := g.Args()
			candidates++
			if validate(args) != nil {
				continue
			}
			valid++
			for k, n := range g.Used {
				used[k] += n
			}
			calls = append(calls, call{tool.Name, args})
			if err := s.Call(tool.Name, args); err != nil {
				failures++
				if failures <= 20 {
					t.Errorf("%s %s: advertised, refused: %v", tool.Name, args, err)
				}
			}
		}
		if valid == 0 {
			t.Errorf("%s: no generated call is valid under the advertised schema %s", tool.Name, tool.InputSchema)
		}
	}
	if failures > 20 {
		t.Errorf("%d refused calls in all", failures)
	}
	t.Logf("%d tools: %d calls sent (of %d generated), %d refused; forms sent: %v", len(tools), len(calls), candidates, failures, used)
	// The forms must be there (a schema that refused alias keys, say,
	// would leave none of the calls using them valid).
	want := []string{"string form", "JSON text"}
	for _, r := range rules {
		switch r.Type {
		case lenient.RuleParamAlias, lenient.RuleNestedAlias:
			if used["alias place"] > 0 { // none where every alias is of a closed object or a required field
				want = append(want, "alias key")
			}
		case lenient.RuleParamDefault, lenient.RuleNestedDefault:
			want = append(want, "default left out")
		case lenient.RuleValueAlias:
			want = append(want, "value alias")
		case lenient.RuleJSONAcceptBoth:
			if r.To == "" {
				want = append(want, "value for JSON text")
			}
		}
	}
	for _, k := range want {
		if used[k] == 0 {
			t.Errorf("no call sent uses the form %q", k)
		}
	}
	if len(calls)*2 < candidates {
		t.Errorf("only %d of %d generated calls are valid under the advertised schemas", len(calls), candidates)
	}
	return calls
}

// validator returns a validation of values against the schemas at JSON
// pointers into a document (compiled once each); a pointer that does not
// compile validates nothing.
func validator(doc json.RawMessage) func(pointer string, value []byte) bool {
	c := jsonschema.NewCompiler()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil || c.AddResource("tool.json", v) != nil {
		return func(string, []byte) bool { return false }
	}
	compiled := map[string]*jsonschema.Schema{}
	return func(pointer string, value []byte) bool {
		sch, ok := compiled[pointer]
		if !ok {
			sch, _ = c.Compile("tool.json#" + pointer)
			compiled[pointer] = sch
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(value))
		return sch != nil && err == nil && sch.Validate(inst) == nil
	}
}

// compile compiles a JSON Schema with the Go validator (2020-12 unless it
// says otherwise) and returns a validation of JSON text.
func compile(s json.RawMessage) (func([]byte) error, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("tool.json", doc); err != nil {
		return nil, err
	}
	sch, err := c.Compile("tool.json")
	if err != nil {
		return nil, err
	}
	return func(b []byte) error {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return err
		}
		return sch.Validate(v)
	}, nil
}

// StrictValidator returns a validation of arguments against a tool's
// strict schema with the Go validator mcp-go itself uses
// (santhosh-tekuri/jsonschema): for a strict server on an SDK release
// that validates nothing itself.
func StrictValidator(tool Tool) (func(args []byte) error, error) {
	return compile(tool.InputSchema)
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }

// Describe formats an error result's text for a refusal.
func Describe(texts ...string) error {
	return fmt.Errorf("%s", strings.Join(texts, "; "))
}
