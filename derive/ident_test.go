package derive

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/ajvcheck"
)

// identCorpus is a tool whose values hold identifiers and definitions of
// their own, as schema editors write them (an "$id" on every value,
// definitions beside the properties that use them) and that no reference
// reaches: each is made lenient like any other value. TestDeriveEquivalence
// runs it.
const identCorpus = `{
  "$id": "http://example.com/tool.json",
  "type": "object",
  "properties": {
    "pids": {"$id": "http://example.com/pid", "type": "array", "items": {"$id": "http://example.com/pid/0", "type": "integer"}},
    "n": {"$id": "/properties/n", "type": "integer", "minimum": 1},
    "b": {"$id": "/properties/b", "type": ["boolean", "null"]},
    "e": {"$id": "/properties/e", "type": "integer", "enum": [1, 2]},
    "o": {"type": "object", "$defs": {"K": {"type": "integer"}}, "properties": {
      "k": {"$ref": "#/properties/o/$defs/K"},
      "f": {"$id": "/properties/o/properties/f", "type": "number"}
    }}
  }
}`

// TestDeriveIdentifierLenient: a value whose schema holds an identifier
// or definitions, that no reference reaches, gets the rules and forms of
// any other value; its rewrite holds each identifier once (a validator
// refuses a schema that holds one twice), on the branch that holds the
// value's own schema.
func TestDeriveIdentifierLenient(t *testing.T) {
	d, err := Tool("t", []byte(identCorpus))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings %v, want none", d.Warnings)
	}
	got := lenientPaths(d)
	for _, p := range []string{"pids", "pids[]", "n", "b", "e", "o", "o.k", "o.f"} {
		if !slices.Contains(got, p) {
			t.Errorf("no rule reads the string form or JSON text of %s (rules at %v)", p, got)
		}
	}
	out := string(d.Schema.Marshal())
	for _, id := range []string{"http://example.com/pid", "http://example.com/pid/0", "/properties/n", "/properties/b", "/properties/e", "/properties/o/properties/f"} {
		if n := strings.Count(out, `"$id":"`+id+`"`); n != 1 {
			t.Errorf("the rewrite holds $id %q %d times, want once:\n%s", id, n, out)
		}
	}
	n := d.Schema.Get("properties").Get("n")
	if first := n.Get("anyOf").Items()[0]; first.Get("$id") == nil || first.Get("minimum") == nil {
		t.Errorf("n is %s, want its $id on the branch that holds its schema", n.Marshal())
	}
	compileDerived(t, "ident-lenient", d.Schema.Marshal())
	ajvcheck.Validate(t, []ajvcheck.Case{{Schema: d.Schema.Marshal(), Instances: []json.RawMessage{json.RawMessage(`{"pids":"[1]"}`)}}})
}

// identHazards are schemas in which a reference can reach the value x,
// whose schema holds an identifier: by a JSON Pointer into or through
// it, by the identifier's URI (absolute, or relative to an enclosing
// $id), or from inside it (resolved against its identifier). The rewrite
// would change what the reference names, so x stays strict, with its
// warning, and nothing inside it is rewritten where a reference inside
// resolves against it.
var identHazards = []struct {
	name, schema string
	ajvRefuses   bool // a draft-07 $schema, which AJV's 2020-12 build refuses
}{
	{"pointer-through", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{
	  "x":{"$id":"http://example.com/x","type":"array","items":{"type":"integer"}},
	  "y":{"$ref":"#/properties/x/items","minimum":0}}}`, true},
	{"pointer-to", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{
	  "x":{"$id":"http://example.com/x","type":"array","items":{"type":"integer"}},
	  "y":{"$ref":"#/properties/x","maxItems":2}}}`, true},
	{"uri", `{"type":"object","properties":{
	  "x":{"$id":"http://example.com/pid","type":"array","items":{"type":"integer"}},
	  "y":{"$ref":"http://example.com/pid"}}}`, false},
	{"uri-pointer", `{"type":"object","properties":{
	  "x":{"$id":"http://example.com/pid","type":"array","items":{"type":"integer"}},
	  "y":{"$ref":"http://example.com/pid#/items"}}}`, false},
	{"relative", `{"$id":"http://example.com/root.json","type":"object","properties":{
	  "x":{"$id":"pid","type":"array","items":{"type":"integer"}},
	  "y":{"$ref":"pid"}}}`, false},
	{"inside", `{"type":"object","properties":{
	  "x":{"$id":"http://example.com/x","type":"object","properties":{"a":{"type":"integer"},"b":{"$ref":"#/properties/a"}}}}}`, false},
	{"defs-pointer", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{
	  "x":{"type":"object","definitions":{"K":{"type":"integer"}},"properties":{"k":{"type":"integer"}}},
	  "y":{"$ref":"#/properties/x/definitions/K","minimum":0}}}`, true},
}

// TestDeriveIdentifierHazards: where a reference can reach a value whose
// schema holds an identifier or definitions (identHazards), the value
// stays strict with its warning, and the rewrite compiles.
func TestDeriveIdentifierHazards(t *testing.T) {
	var cases []ajvcheck.Case
	for _, tc := range identHazards {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		if got := lenientPaths(d); slices.ContainsFunc(got, func(p string) bool { return under(p, "x") }) {
			t.Errorf("%s: rules read the string forms at %v, want none at or under x", tc.name, got)
		}
		what := "array"
		if typedName(parseMust(t, tc.schema).Get("properties").Get("x")) == "object" {
			what = "object"
		}
		key := "$id"
		if tc.name == "defs-pointer" {
			key = "definitions"
		}
		want := `t: x: ` + what + ` left strict: its schema holds "` + key + `" (references inside resolve against it, so it is kept as it is)`
		if !slices.ContainsFunc(d.Warnings, func(w Warning) bool { return w.String() == want }) {
			t.Errorf("%s: warnings %v, want %q", tc.name, d.Warnings, want)
		}
		if tc.name == "inside" {
			strict := parseMust(t, tc.schema).Get("properties").Get("x")
			if got := d.Schema.Get("properties").Get("x"); string(got.Marshal()) != string(strict.Marshal()) {
				t.Errorf("inside: x is rewritten as %s, want it kept as it is", got.Marshal())
			}
		}
		compileDerived(t, "ident-"+tc.name, d.Schema.Marshal())
		cases = append(cases, ajvcheck.Case{Schema: d.Schema.Marshal(), Instances: []json.RawMessage{json.RawMessage(`{}`)}, OwnRefused: tc.ajvRefuses})
	}
	ajvcheck.Validate(t, cases)
}

// TestDeriveIdentifierOnce: a definition that holds an identifier below
// its top is not copied where it is used (inlined): the rewrite would
// hold the identifier twice, which AJV refuses ("resolves to more than
// one schema").
func TestDeriveIdentifierOnce(t *testing.T) {
	strict := `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"b":{"$ref":"#/$defs/A"}},` +
		`"$defs":{"A":{"type":"object","properties":{"p":{"$id":"http://example.com/p","type":"integer"}}}}}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	out := d.Schema.Marshal()
	if n := strings.Count(string(out), `"$id":"http://example.com/p"`); n != 1 {
		t.Errorf("the rewrite holds the $id %d times, want once:\n%s", n, out)
	}
	ajvcheck.Validate(t, []ajvcheck.Case{{Schema: out, Instances: []json.RawMessage{json.RawMessage(`{"a":{"p":1}}`)}}})
}

// lenientPaths are the paths whose string form or JSON text a rule of d
// reads.
func lenientPaths(d *Derivation) []string {
	var out []string
	for _, r := range d.Rules {
		if r.Type == "type_coerce" || r.Type == "json_accept_both" || r.Type == "enum_digits" {
			out = append(out, r.From+r.Path)
		}
	}
	return out
}

// parseMust parses a schema of a test.
func parseMust(t *testing.T, s string) *Node {
	t.Helper()
	n, err := ParseNode([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return n
}
