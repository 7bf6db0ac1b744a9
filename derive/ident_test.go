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
// its top is copied where it is used (inlined) without the identifier,
// where no reference names a schema by it (each is a plain pointer), and
// not copied where one may: either way the rewrite holds the identifier
// once at most, where AJV refuses a schema that holds it twice
// ("resolves to more than one schema").
func TestDeriveIdentifierOnce(t *testing.T) {
	for _, tc := range []struct {
		byName string // a property whose reference names the definition by its identifier
		want   []string
	}{
		{"", []string{"a.p", "a", "b.p", "b"}},
		{`,"c":{"$ref":"http://example.com/p"}`, nil},
	} {
		strict := `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"b":{"$ref":"#/$defs/A"}` + tc.byName + `},` +
			`"$defs":{"A":{"type":"object","properties":{"p":{"$id":"http://example.com/p","type":"integer"}}}}}`
		d, err := Tool("t", []byte(strict))
		if err != nil {
			t.Fatal(err)
		}
		out := d.Schema.Marshal()
		if n := strings.Count(string(out), `"$id":"http://example.com/p"`); n > 1 {
			t.Errorf("the rewrite holds the $id %d times, want once at most:\n%s", n, out)
		}
		if got := lenientPaths(d); !slices.Equal(got, tc.want) {
			t.Errorf("%s: rules read the string forms at %v, want %v", strict, got, tc.want)
		}
		ajvcheck.Validate(t, []ajvcheck.Case{{Schema: out, Instances: []json.RawMessage{json.RawMessage(`{"a":{"p":1}}`)}}})
	}
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

// TestDeriveIdentifierDefinition: a definition that holds an identifier
// and that a reference left in the rewrite names (one inside another
// definition, which the inliner does not walk) is kept as the strict
// schema has it, where the deriver would respell it (its type array as
// an anyOf); the values that use it, inlined without the identifier,
// are lenient.
func TestDeriveIdentifierDefinition(t *testing.T) {
	strict := `{"type":"object","properties":{"svc":{"$ref":"#/definitions/service"},"n":{"id":"#/properties/n","type":"integer"}},` +
		`"definitions":{"service":{"id":"#/definitions/service","type":"object","properties":{"deploy":{"$ref":"#/definitions/deployment"}}},` +
		`"deployment":{"id":"#/definitions/deployment","type":["object","null"],"properties":{"replicas":{"type":"integer"}}}}}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	got := lenientPaths(d)
	for _, p := range []string{"n", "svc", "svc.deploy", "svc.deploy.replicas"} {
		if !slices.Contains(got, p) {
			t.Errorf("no rule reads the string form or JSON text of %s (rules at %v)", p, got)
		}
	}
	want := parseMust(t, strict).Get("definitions").Get("deployment").Marshal()
	if def := d.Schema.Get("definitions").Get("deployment").Marshal(); string(def) != string(want) {
		t.Errorf("definitions.deployment is %s, want it as the strict schema has it, %s", def, want)
	}
	compileDerived(t, "ident-definition", d.Schema.Marshal())
}

// TestRulePath: rulePath names the value at a pointer of a rewrite as
// the deriver's walk (children) does.
func TestRulePath(t *testing.T) {
	for ptr, want := range map[string]string{
		"/properties/a": "a",
		"/properties/a/anyOf/0/items/properties/b":   "a[].b",
		"/properties/a~1b/additionalProperties":      "a/b{}",
		"/properties/o/$defs/K":                      "$defs.K",
		"/definitions/d/properties/x":                "definitions.d.x",
		"/properties/a/patternProperties/^x$/not":    "a.*",
		"/properties/a/items/1":                      "a[]",
		"/properties/a/prefixItems/0/properties/b":   "a[].b",
		"/allOf/1/properties/a/if":                   "a",
		"/properties/a/propertyNames":                "a.*",
		"/properties/a/dependencies/b":               "",
		"/properties/a/anyOf/0/dependentSchemas/b/x": "",
	} {
		got, ok := rulePath(ptr)
		if got != want || ok != (want != "") {
			t.Errorf("rulePath(%q) = %q, %v, want %q", ptr, got, ok, want)
		}
	}
}

// TestDeriveDialectCopies: a definition that declares the document's
// own dialect ($schema, as schemas bundled from files carry it) is
// inlined without it, where no validator reads it (it is no resource's
// root), and the value that uses it is lenient; one that declares
// another dialect keeps it, and stays strict with its warning.
func TestDeriveDialectCopies(t *testing.T) {
	for _, tc := range []struct{ dialect, want string }{
		{"http://json-schema.org/draft-04/schema#", ""},
		{"http://json-schema.org/draft-07/schema#", `t: p: object left strict: its schema holds "$schema" (references inside resolve against it, so it is kept as it is)`},
	} {
		strict := `{"$schema":"http://json-schema.org/draft-04/schema","type":"object","properties":{"p":{"$ref":"#/definitions/P"}},` +
			`"definitions":{"P":{"$schema":"` + tc.dialect + `","type":"object","properties":{"n":{"type":"integer"}}}}}`
		d, err := Tool("t", []byte(strict))
		if err != nil {
			t.Fatal(err)
		}
		if got := warnings(d); got != tc.want {
			t.Errorf("%s: warnings %q, want %q", tc.dialect, got, tc.want)
		}
		if got := lenientPaths(d); tc.want == "" && !slices.Equal(got, []string{"p.n", "p"}) {
			t.Errorf("%s: rules read the string forms at %v, want at p.n and p", tc.dialect, got)
		}
		if root, _ := d.Schema.Get("$schema").AsString(); root != "http://json-schema.org/draft-04/schema" {
			t.Errorf("%s: the rewrite's $schema is %q", tc.dialect, root)
		}
	}
}
