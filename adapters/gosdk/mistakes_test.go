package gosdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// TestMistakesCorpus: on a go-sdk server whose tools carry the schemas of
// the argument-mistakes corpus (testdata/mistakes: raw handlers that
// validate the arguments against the tool's strict schema, as the typed
// AddTool does), the adapter takes and refuses each case's arguments as
// the rules derived from the schema do when applied directly (the
// "normgen, rules derived from the schema" row of the README's Real
// mistakes table, which bench/mistakes measures), with the same value.
func TestMistakesCorpus(t *testing.T) {
	cases := loadCases(t)
	got := map[string]json.RawMessage{} // what each tool's handler took
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v0"}, nil)
	for _, c := range cases {
		sch := compileSchema(t, c.ID, c.Schema)
		s.AddTool(&mcp.Tool{Name: c.ID, InputSchema: c.Schema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if err := validateArgs(sch, req.Params.Arguments); err != nil {
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
			}
			got[req.Params.Name] = append(json.RawMessage(nil), req.Params.Arguments...)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
		})
	}
	lax, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.AddReceivingMiddleware(lax.Middleware)
	t.Cleanup(func() { lax.Close() })
	cs := connect(t, s)
	ctx := context.Background()

	taken := 0
	for _, c := range cases {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.ID, Arguments: c.Args})
		adapterTook := err == nil && !res.IsError
		want, directErr := direct(t, c.ID, c.Schema, c.Args)
		switch {
		case adapterTook != (directErr == nil):
			t.Errorf("%s: through the adapter taken %v (%v), applied directly taken %v (%v)", c.ID, adapterTook, callErr(res, err), directErr == nil, directErr)
		case adapterTook && !sameJSON(got[c.ID], want):
			t.Errorf("%s: the handler got %s, the rules applied directly give %s", c.ID, got[c.ID], want)
		case adapterTook:
			taken++
		}
	}
	if taken == 0 {
		t.Error("no case taken: the corpus did not reach the handlers")
	}
}

// mistake is a case of the argument-mistakes corpus.
type mistake struct {
	ID     string
	Schema json.RawMessage
	Args   json.RawMessage
}

// loadCases reads the corpus (testdata/mistakes).
func loadCases(t *testing.T) []mistake {
	t.Helper()
	data, err := os.ReadFile("../../testdata/mistakes/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []mistake
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// direct applies the rules derived from the schema to args, then checks
// the result against the schema.
func direct(t *testing.T, tool string, strict, args json.RawMessage) (json.RawMessage, error) {
	t.Helper()
	rules, _, err := derive.Rules(tool, strict)
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := n.NormalizeJSON(tool, args)
	if err != nil {
		return nil, err
	}
	return out, validateArgs(compileSchema(t, tool, strict), out)
}

func compileSchema(t *testing.T, tool string, s json.RawMessage) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	loc := "mem://mistakes/" + tool + ".json"
	if err := c.AddResource(loc, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(loc)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func validateArgs(sch *jsonschema.Schema, args json.RawMessage) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return err
	}
	return sch.Validate(inst)
}

// sameJSON compares two JSON texts as values, numbers exactly as written.
func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	return da.Decode(&x) == nil && db.Decode(&y) == nil && reflect.DeepEqual(x, y)
}

func callErr(res *mcp.CallToolResult, err error) any {
	if err != nil {
		return err
	}
	if len(res.Content) > 0 {
		if tc, ok := res.Content[0].(*mcp.TextContent); ok {
			return tc.Text
		}
	}
	return "refused"
}

// TestMistakesExplained: on a go-sdk server whose typed tools (AddTool,
// which validates the arguments against the tool's schema) carry the
// corpus's schemas, each case the derived rules cannot fix reaches the
// client with the adapter's explanation (derive.Derivation.Explain of the
// normalized arguments: the path, what to send), not the SDK's
// validation message, in the form the SDK gives its own: an error, or an
// error result.
func TestMistakesExplained(t *testing.T) {
	cases := loadCases(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v0"}, nil)
	added := map[string]bool{}
	for _, c := range cases {
		func() {
			defer func() { added[c.ID] = recover() == nil }() // a schema the SDK's resolver refuses
			mcp.AddTool(s, &mcp.Tool{Name: c.ID, InputSchema: c.Schema}, func(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
			})
		}()
	}
	lax, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.AddReceivingMiddleware(lax.Middleware)
	t.Cleanup(func() { lax.Close() })
	cs := connect(t, s)
	ctx := context.Background()
	explained := 0
	for _, c := range cases {
		if !added[c.ID] {
			continue
		}
		var sent bytes.Buffer // as the client sends them: compacted
		if err := json.Compact(&sent, c.Args); err != nil {
			t.Fatal(err)
		}
		norm, directErr := direct(t, c.ID, c.Schema, sent.Bytes())
		if directErr == nil {
			continue
		}
		d, err := derive.Tool(c.ID, c.Schema)
		if err != nil {
			t.Fatal(err)
		}
		why := d.Explain(norm)
		var le *lenient.Error
		if errors.As(directErr, &le) && le.Problems[0].Kind == lenient.KindMisnamed {
			// The normalizer's own refusal (a misnamed_key rule): the
			// adapter refuses the call with it, before any validation.
			why = directErr
		}
		if why == nil {
			t.Errorf("%s: refused, and not explained: %v", c.ID, directErr)
			continue
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.ID, Arguments: c.Args})
		got := callErr(res, err)
		if err != nil {
			// the SDK's JSON-RPC error (invalid params), as the client
			// words it: the adapter's message in it, not the validator's
			if msg := err.Error(); strings.Contains(msg, why.Error()) && !strings.Contains(msg, "validating") {
				got = why.Error()
			}
		} else if !res.IsError {
			t.Errorf("%s: taken through the adapter; the rules applied directly refuse it: %v", c.ID, directErr)
			continue
		}
		if got != why.Error() {
			t.Errorf("%s: the client got\n%v\nwant\n%s", c.ID, got, why)
			continue
		}
		explained++
	}
	if explained == 0 {
		t.Error("no refusal explained")
	}
}
