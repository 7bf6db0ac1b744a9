package derive

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// deriveCorpus is a hand-written tool whose fields spell every shape the
// deriver reads: single types with bounds, nullable in each spelling, a
// $ref, arrays and objects, unions, a recursive definition, and fields
// that must stay as they are (strings), and enums read across JSON types
// (an integer enum from its values' text; a string enum holding the text
// of booleans or integers from them).
const deriveCorpus = `{
  "type": "object",
  "properties": {
    "n": {"type": "integer", "minimum": 1, "maximum": 50, "description": "bounded"},
    "u": {"type": ["integer", "null"]},
    "f": {"anyOf": [{"type": "number"}, {"type": "null"}], "description": "pydantic style"},
    "g": {"oneOf": [{"type": "null"}, {"type": "number", "exclusiveMinimum": 0}]},
    "b": {"type": "boolean", "default": false},
    "s": {"type": "string", "description": "never loosened"},
    "sn": {"type": ["string", "null"], "maxLength": 3},
    "a": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
    "an": {"type": ["array", "null"], "items": {"type": "integer"}},
    "o": {"type": "object", "properties": {"k": {"type": "integer"}}, "required": ["k"], "additionalProperties": false},
    "r": {"$ref": "#/$defs/Count"},
    "e": {"type": "integer", "enum": [1, 2]},
    "en": {"anyOf": [{"type": "integer", "enum": [0, 3]}, {"type": "null"}]},
    "eb": {"type": "integer", "enum": [1, 2, 100], "maximum": 50},
    "tf": {"type": "string", "enum": ["true", "false", "auto"]},
    "digits": {"type": "string", "enum": ["1", "2", "3", "x"]},
    "short": {"type": "string", "enum": ["A", "a", "0", "1", "22"], "maxLength": 1},
    "m": {"type": ["string", "number"], "description": "already takes strings"},
    "pick": {"oneOf": [
      {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"], "additionalProperties": false},
      {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"], "additionalProperties": false}
    ]},
    "tree": {"$ref": "#/$defs/Tree"}
  },
  "additionalProperties": false,
  "$defs": {
    "Count": {"type": "integer", "minimum": 0},
    "Tree": {"type": "object", "properties": {"label": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}}
  }
}`

// deriveValues are tried, one at a time, for every top-level property of
// every schema of the corpus.
var deriveValues = []string{
	`5`, `"5"`, `"007"`, `"0"`, `"-3"`, `5.5`, `"5.5"`, `1e3`, `"1e3"`, `5.0`,
	`"99999999999999999999"`, `"abc"`, `""`, `" 5"`,
	`true`, `"true"`, `"YES"`, `"no"`, `"1"`, `"on"`,
	`null`, `"null"`,
	`2`, `"2"`, `"02"`, `false`, `"auto"`, `10`, `"10"`, `3`, `"3"`, `0`, `-0`, `"100"`, `1.0`, `"x"`,
	`[]`, `"[]"`, `["a"]`, `"[\"a\"]"`, `["a","b","c"]`, `"[\"a\",\"b\",\"c\"]"`, `[1]`, `"[1]"`, `" [1] "`,
	`{}`, `"{}"`, `{"k":1}`, `"{\"k\":1}"`, `"{\"k\":\"1\"}"`, `{"id":1}`, `"{\"id\":1}"`, `"{\"name\":\"x\"}"`,
	`{"label":"x","kids":[{"label":"y"}]}`, `"{\"label\":\"x\",\"kids\":[]}"`, `"[1,"`, `"get"`, `"NE"`, `"ne"`, `"[x]"`, `"#a"`,
	// nested values: strings where numbers and booleans are declared
	`{"k":"1"}`, `{"k":"x"}`, `["1","2"]`, `[{"id":"1"}]`, `["{\"id\":\"1\"}"]`, `{"label":"x","kids":"[]"}`,
	`[{"node_id":"x"},{"item_id":"5"}]`, `[{"item_owner":"o","item_repo":"r","issue_number":"5"}]`,
	`[{"title":"t","start_date":"2026-01-01","duration":"14"}]`, `[{"path":"a","content":"007"}]`,
	`[{"name":"x","is_suggestion":"true"}]`, `["x",{"name":"x","is_suggestion":"yes"}]`, `{"id":"7","value":"x"}`,
	`[{"field_name":"x","delete":"false"}]`, `[{"from":"1","to":"2"}]`, `{"from":"1","to":"2"}`,
	// a recursive value below the depth its rules name (keptRefs)
	`[{"kids":[{"kids":[{"kids":null}]}]}]`, `[{"sub":[{"sub":[{"v":null}]}]}]`, `{"x":{"y":{"y":{"b":null}}}}`,
}

// derivedTool is one tool of the equivalence corpus.
type derivedTool struct {
	name    string
	strict  []byte // the original schema, root "required" removed
	lenient []byte // its rewrite, root "required" removed
	rules   []lenient.Rule
	props   []string
}

// TestDeriveEquivalence checks the deriver's promise over a corpus: for
// every tool and arguments object X, normalizing X with the derived rules
// and validating against the original strict schema accepts X exactly
// when the rewritten schema accepts X, but for the two documented classes
// (a digit string outside the bounds or range, JSON text of the wrong
// shape), which the rewrite lets through and the strict schema rejects.
// Both the Go validator and AJV judge the rewrite.
func TestDeriveEquivalence(t *testing.T) {
	var tools []derivedTool
	add := func(name string, strict []byte) {
		t.Helper()
		d, err := Tool(name, strict)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := ParseNode(strict)
		st.Delete("required")
		le := d.Schema.Clone()
		le.Delete("required")
		dt := derivedTool{name: name, strict: st.Marshal(), lenient: le.Marshal(), rules: d.Rules}
		if p := st.Get("properties"); p != nil {
			dt.props = p.Keys
		}
		if len(dt.props) == 0 { // a root $ref (invopop): the rewrite's properties
			if p := le.Get("properties"); p != nil {
				dt.props = p.Keys
			}
		}
		dt.props = append(dt.props, branchProps(st, st)...) // the root's union branches declare arguments too
		slices.Sort(dt.props)
		dt.props = slices.Compact(dt.props)
		tools = append(tools, dt)
	}
	add("corpus", []byte(deriveCorpus))
	add("refs-gosdk", []byte(refsGoSDK))
	add("refs-invopop", []byte(refsInvopop))
	add("pattern-map", []byte(`{"type":"object","properties":{"m":{"type":"object","patternProperties":{"^[a-z_]*":{"type":"integer"}}},`+
		`"l":{"type":"object","patternProperties":{".*":{"type":"array","items":{"type":"boolean"}}}},`+
		`"k":{"type":"object","patternProperties":{"^[a-j]+$":{"type":"integer"}},"additionalProperties":false}}}`))
	add("pattern-map-members", []byte(`{"type":"object","properties":{"c":{"type":"object","properties":{"by":{"title":"By","type":"array","items":{"type":"integer"}}},`+
		`"patternProperties":{"^[a-z_]*":{"type":"array","items":{"type":"integer"}}}}}}`))
	add("ident", []byte(identCorpus))
	add("scalar-unions", []byte(scalarUnions))
	for name, schema := range rootShapes {
		add(name, []byte(schema))
	}
	for _, tc := range keptRefs {
		add(tc.name, []byte(tc.schema))
	}
	for _, tool := range realTools(t) {
		add(tool.name, tool.schema)
	}

	type call struct {
		tool      *derivedTool
		prop, val string
		args      []byte
		oracle    bool // normalize, then the strict schema (Go validator)
		goLenient bool // the rewritten schema (Go validator)
	}
	var calls []call
	var cases []ajvcheck.Case
	for i := range tools {
		dt := &tools[i]
		n, err := normalize.New(dt.rules)
		if err != nil {
			t.Fatalf("%s: derived rules do not load: %v", dt.name, err)
		}
		strict, lax := compileDerived(t, dt.name+"-strict", dt.strict), compileDerived(t, dt.name+"-lenient", dt.lenient)
		c := ajvcheck.Case{Schema: dt.lenient, OwnRefused: ajvRefusesOwn[dt.name]}
		for _, p := range dt.props {
			key, _ := json.Marshal(p)
			for _, v := range deriveValues {
				args := []byte(`{` + string(key) + `:` + v + `}`)
				norm, _, err := n.NormalizeJSON(dt.name, args)
				if misnamedOnly(err) {
					continue // refused by a misnamed_key rule: class (j), TestDeriveMisnamed
				}
				if err != nil {
					t.Fatal(err)
				}
				calls = append(calls, call{tool: dt, prop: p, val: v, args: args, oracle: validDerived(strict, norm), goLenient: validDerived(lax, args)})
				c.Instances = append(c.Instances, args)
			}
		}
		if len(c.Instances) == 0 {
			c.Instances = []json.RawMessage{json.RawMessage(`{}`)}
			calls = append(calls, call{tool: dt, args: []byte(`{}`), oracle: validDerived(strict, []byte(`{}`)), goLenient: validDerived(lax, []byte(`{}`))})
		}
		cases = append(cases, c)
	}
	ajv := ajvcheck.ValidateOrNone(t, cases)
	k := 0
	agreed, classed := 0, 0
	for ci, c := range cases {
		for ii := range c.Instances {
			cl := calls[k]
			k++
			judges := []struct {
				name  string
				valid bool
			}{{"the Go validator", cl.goLenient}}
			if ajv != nil && ajv[ci] != nil {
				judges = append(judges, struct {
					name  string
					valid bool
				}{"AJV", ajv[ci][ii]})
			}
			for _, j := range judges {
				switch {
				case cl.oracle && !j.valid:
					t.Errorf("%s %s: normalized, the strict schema accepts it, but %s rejects it under the rewrite (a host would block a call the server takes)", cl.tool.name, cl.args, j.name)
				case !cl.oracle && j.valid:
					if class := documentedClass(cl.tool.rules, cl.prop, cl.val); class == "" {
						t.Errorf("%s %s: %s accepts it under the rewrite, but normalized, the strict schema rejects it, and no documented class applies", cl.tool.name, cl.args, j.name)
					} else {
						classed++
					}
				default:
					agreed++
				}
			}
		}
	}
	t.Logf("%d tools, %d calls: %d verdicts equal, %d in a documented class", len(tools), len(calls), agreed, classed)
}

// branchProps are the properties the branches of s's combinators (and
// its then and else) declare, at any depth, a $ref branch read as its target in root.
func branchProps(root, s *Node) []string {
	var out []string
	var branches []*Node
	for _, b := range s.Branches() {
		branches = append(branches, b)
	}
	for _, k := range []string{"then", "else"} {
		if b := s.Get(k); b != nil {
			branches = append(branches, b)
		}
	}
	for _, b := range branches {
		if ref, ok := b.Get("$ref").AsString(); ok {
			if t, _ := jsonnode.Resolve(root, ref); t != nil && t != s {
				b = t
			}
		}
		if p := b.Get("properties"); p != nil {
			out = append(out, p.Keys...)
		}
		out = append(out, branchProps(root, b)...)
	}
	return out
}

var (
	intRE   = regexp.MustCompile(lenientimpl.IntPattern)
	floatRE = regexp.MustCompile(lenientimpl.FloatPattern)
)

// documentedClass names the class that lets the rewrite accept a value
// the strict schema still rejects after normalization: (a) when a number
// is coerced at or under the field and the value holds a string of number
// form (outside bounds or range), (b) when JSON text is parsed at or
// under the field and the value holds a string (text that is not JSON of
// the right shape).
func documentedClass(rules []lenient.Rule, prop, val string) string {
	var v any
	if json.Unmarshal([]byte(val), &v) != nil {
		return ""
	}
	var strs []string
	var walk func(any)
	walk = func(x any) {
		switch x := x.(type) {
		case string:
			strs = append(strs, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	for _, r := range rules {
		segs, err := rulespec.Target(&r)
		if err == nil {
			// (past the guards that may start it: a branch's of the
			// input schema's union)
			segs = rulespec.PastGuards(segs)
		}
		if err != nil || segs[0].Each != 0 || segs[0].Key != prop {
			continue // (a rule below another top-level property)
		}
		for _, s := range strs {
			switch {
			case r.Type == lenient.RuleJSONAcceptBoth:
				return "b"
			case r.CoerceTo == "int" && intRE.MatchString(s), r.CoerceTo == "float" && floatRE.MatchString(s):
				return "a"
			}
		}
	}
	return ""
}

func compileDerived(t *testing.T, name string, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	loc := "mem://derive/" + url.PathEscape(name) + ".json"
	if err := c.AddResource(loc, doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := c.Compile(loc)
	if err != nil {
		t.Fatalf("%s: does not compile: %v\n%s", name, err, schema)
	}
	return s
}

func validDerived(s *jsonschema.Schema, inst []byte) bool {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(inst))
	if err != nil {
		return false
	}
	return s.Validate(v) == nil
}

// TestDeriveCorpusForm pins the rewrite of the hand-written corpus: each
// spelling's portable form, and which fields get rules.
func TestDeriveCorpusForm(t *testing.T) {
	d, err := Tool("corpus", []byte(deriveCorpus))
	if err != nil {
		t.Fatal(err)
	}
	props := d.Schema.Get("properties")
	want := map[string]string{
		"n":     `{"anyOf":[{"type":"integer","minimum":1,"maximum":50,"description":"bounded"},{"type":"string","pattern":"^(-?[0-9]+|null)?$"},{"type":"null"}]}`,
		"u":     `{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^(-?[0-9]+|null)?$"},{"type":"null"}]}`,
		"f":     `{"anyOf":[{"type":"number","description":"pydantic style"},{"type":"string","pattern":"^(-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?|null)?$"},{"type":"null"}]}`,
		"b":     `{"anyOf":[{"type":"boolean","default":false},{"type":"string","pattern":"^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0|null)?$"},{"type":"null"}]}`,
		"s":     `{"anyOf":[{"type":"string","description":"never loosened"},{"type":"null"}]}`,
		"sn":    `{"anyOf":[{"type":"string","maxLength":3},{"type":"null"}]}`,
		"a":     `{"anyOf":[{"type":"array","items":{"type":"string"},"maxItems":2},{"type":"string"},{"type":"null"}]}`,
		"an":    `{"anyOf":[{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}},{"type":"string"},{"type":"null"}]}`,
		"o":     `{"anyOf":[{"type":"object","properties":{"k":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}},"required":["k"],"additionalProperties":false},{"type":"string"},{"type":"null"}]}`,
		"r":     `{"anyOf":[{"type":"integer","minimum":0},{"type":"string","pattern":"^(-?[0-9]+|null)?$"},{"type":"null"}]}`,
		"e":     `{"anyOf":[{"type":"integer","enum":[1,2]},{"type":"string","enum":["1","2","null",""]},{"type":"null"}]}`,
		"en":    `{"anyOf":[{"type":"integer","enum":[0,3]},{"type":"string","enum":["0","3","null",""]},{"type":"null"}]}`,
		"eb":    `{"anyOf":[{"type":"integer","enum":[1,2,100],"maximum":50},{"type":"string","enum":["1","2","null",""]},{"type":"null"}]}`,
		"tf":    `{"anyOf":[{"type":"string","enum":["true","false","auto"]},{"type":"string","pattern":"^(([tT][rR][uU]|[fF][aA][lL][sS])[eE]|[aA][uU][tT][oO]|null)?$"},{"type":"boolean"},{"type":"null"}]}`,
		"short": `{"anyOf":[{"type":"string","enum":["A","a","0","1","22"],"maxLength":1},{"type":"integer","minimum":0,"maximum":1},{"type":"null"}]}`,
		"m":     `{"anyOf":[{"type":"string","description":"already takes strings","$comment":"normgen: strict (no coercion, by declaration): the schema takes any string here"},{"type":"number"},{"type":"null"}]}`,
		"pick":  `{"anyOf":[{"type":"object","properties":{"id":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}},"required":["id"],"additionalProperties":false},{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false},{"type":"string"},{"type":"null"}]}`,
	}
	for name, w := range want {
		if got := string(props.Get(name).Marshal()); got != w {
			t.Errorf("%s:\n got %s\nwant %s", name, got, w)
		}
	}
	var rules []string
	for _, r := range d.Rules {
		rules = append(rules, r.From+r.Path+":"+string(r.Type)+":"+r.CoerceTo+r.To)
	}
	wantRules := []string{"n:null_text:", "n:absent:", "n:type_coerce:int", "u:null_text:", "u:absent:", "u:type_coerce:int", "f:null_text:", "f:absent:", "f:type_coerce:float",
		"g:null_text:", "g:absent:", "g:type_coerce:float", "b:null_text:", "b:absent:", "b:type_coerce:bool", "s:absent:",
		"a:null_text:", "a:absent:", "a:json_accept_both:native", "an:null_text:", "an:absent:", "an[]:type_coerce:int", "an:json_accept_both:native",
		"o:null_text:", "o:absent:", "o.k:type_coerce:int", "o:json_accept_both:native", "r:null_text:", "r:absent:", "r:type_coerce:int",
		"e:null_text:", "e:absent:", "e:enum_digits:", "en:null_text:", "en:absent:", "en:enum_digits:", "eb:null_text:", "eb:absent:", "eb:enum_digits:",
		"tf:null_text:", "tf:absent:", "tf:enum_case:", "tf:enum_text:", "digits:null_text:", "digits:absent:", "digits:enum_case:", "digits:enum_text:", "short:absent:", "short:enum_text:",
		"m:absent:",
		"pick:null_text:", "pick:absent:", "pick.id:type_coerce:int", "pick:json_accept_both:native",
		"tree:null_text:", "tree:absent:", "tree(.kids[])*.label:absent:", "tree(.kids[])*.kids:null_text:", "tree(.kids[])*.kids:absent:",
		"tree(.kids[])*.kids[]:json_accept_both:native", "tree(.kids[])*.kids:json_accept_both:native", "tree(.kids[])*:misnamed_key:", "tree:json_accept_both:native"}
	if diff := cmp.Diff(wantRules, rules); diff != "" {
		t.Errorf("rules (-want +got):\n%s", diff)
	}
	var warns []string
	for _, w := range d.Warnings {
		warns = append(warns, w.String())
	}
	var wantWarns []string // (tree, recursive, is read at every depth)
	if diff := cmp.Diff(wantWarns, warns); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

// TestDeriveOpenAPI: OpenAPI's nullable: true becomes a null branch; a
// format stays when a type array has no string branch.
func TestDeriveOpenAPI(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{"n":{"type":"integer","format":"int64","nullable":true},"m":{"type":["integer","boolean"],"format":"int32"},"k":{"type":"string","nullable":true}}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"object","properties":{"n":{"anyOf":[{"type":"integer","format":"int64"},{"type":"string","pattern":"^(-?[0-9]+|null)?$"},{"type":"null"}]},"m":{"anyOf":[{"type":"integer","format":"int32"},{"type":"boolean"},{"type":"string","pattern":"^(-?[0-9]+|(true|false)|null)?$"},{"type":"null"}]},"k":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`
	if got := string(d.Schema.Marshal()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestDeriveBadInput: schemas the deriver cannot read stay strict where
// they cannot be read, with a warning naming tool and path, and never a
// panic; string fields are never loosened.
func TestDeriveBadInput(t *testing.T) {
	for _, tc := range []struct {
		schema, warn string
		rules        int
	}{
		{`true`, `t: the input schema is not a JSON object; kept as it is`, 0},
		{`{"type":"array","items":{"type":"integer"}}`, `t: the input schema is not {"type": "object", ...}; kept as it is`, 0},
		{`{"type":"object","properties":{"x":{"$ref":"#/$defs/A"},"y":{"type":"integer"}},"$defs":{"A":{"$ref":"#/$defs/B"},"B":{"$ref":"#/$defs/A"}}}`, `t: x: $ref cycle through "#/$defs/A"; left strict`, 3}, // y's coercion, null_text and absent values
		{`{"type":"object","properties":{"x":{"$ref":"#/$defs/Nope"}}}`, `t: x: $ref "#/$defs/Nope" does not point into this schema; left strict`, 0},
		{`{"type":"object","properties":{"x":{"$ref":"https://example.com/s.json"}}}`, `t: x: $ref "https://example.com/s.json" does not point into this schema; left strict`, 0},
		{`{"type":"object","properties":{"x":{"$ref":"#/$defs/none"}},"$defs":{"none":false}}`, `t: x: $ref "#/$defs/none" names the boolean schema false; left strict`, 1},          // null reads as x left out
		{`{"type":"object","properties":{"x":{"type":"integer","divisibleBy":2}}}`, `t: x: unknown keyword "divisibleBy"; left strict`, 0},                                           // a draft-03 keyword; x-unit is an annotation (TestAnnotationKeywords)
		{`{"type":"object","properties":{"x":{"type":"boolean","const":"yes"}}}`, `t: x: boolean field with "const": its string form could not be held to it alike; left strict`, 1}, // null reads as x left out
		{`{"type":"object","properties":{"x":{"type":5},"y":{"anyOf":"no"},"z":7,"w":{"type":["integer",3]}}}`, ``, 0},
		{`{"type":"object","properties":{"n":{"type":"integer"}},"anyOf":[{"properties":{"n":{"type":"integer"}},"not":{"required":["m"]}}]}`, `t: the input schema constrains its properties outside "properties" (anyOf); kept as it is`, 0},
	} {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatalf("%s: %v", tc.schema, err)
		}
		if got := warnings(d); got != tc.warn {
			t.Errorf("%s: warnings\n got %q\nwant %q", tc.schema, got, tc.warn)
		}
		// Counted without the misnamed_key rule of each open object,
		// which reads no value (TestDeriveMisnamed).
		n := 0
		for _, r := range d.Rules {
			if r.Type != lenient.RuleMisnamedKey {
				n++
			}
		}
		if n != tc.rules {
			t.Errorf("%s: %d rules, want %d", tc.schema, n, tc.rules)
		}
		if tc.rules == 0 && string(d.Schema.Marshal()) != string(mustCompact(t, tc.schema)) {
			t.Errorf("%s: changed to %s", tc.schema, d.Schema.Marshal())
		}
	}
	if _, err := Tool("t", []byte(`{"type":"object",}`)); err == nil || !strings.Contains(err.Error(), "1:18:") {
		t.Errorf("malformed schema: got %v, want an error at 1:18", err)
	}
}

func mustCompact(t *testing.T, s string) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDeriveStringsStay: no string field of the real catalogs gets a rule
// or a form but null when optional (an absent rule: null reads as the
// field left out; "" stays a value, but for an optional enum read in any
// letter case, whose "" and "null" read as left out); a string enum whose values no two fold alike gets
// an enum_case rule and its values in any letter case as a string branch
// of their own, and an enum_text rule and an integer branch where one of
// them is an integer's text ("-1" of a reaction), nothing else.
func TestDeriveStringsStay(t *testing.T) {
	data := readCatalog(t, "github-mcp-server.json")
	d, err := Catalog(data)
	if err != nil {
		t.Fatal(err)
	}
	ruled := map[string]bool{}
	absent := map[string]string{}
	for _, r := range d.Rules {
		if r.Type == lenient.RuleAbsent {
			absent[r.Tools[0]+"."+r.From] = string(r.Value)
			continue
		}
		ruled[r.Tools[0]+"."+r.From] = true
	}
	orig, _ := ParseNode(data)
	strings, enums := 0, 0
	for i, tool := range orig.Get("tools").Items() {
		name, _ := tool.Get("name").AsString()
		props := tool.Get("inputSchema").Get("properties")
		if props == nil {
			continue
		}
		required := requiredNames(tool.Get("inputSchema"))
		kept := requiredNames(d.Catalog.Get("tools").Items()[i].Get("inputSchema"))
		for j, p := range props.Keys {
			if typ, _ := props.Vals[j].Get("type").AsString(); typ != "string" {
				continue
			}
			orig := props.Vals[j]
			if required[p] && !kept[p] {
				t.Errorf("%s.%s: left required (one name per parameter: a required field stays required)", name, p)
			}
			strings++
			// An optional string reads null as left out (absent), as
			// generated decoders read it, and keeps ""; but for an enum
			// read in any letter case, whose "" and "null" are no value
			// of it (emptyEnum).
			vals, isEnum := stringEnum(orig)
			folds := isEnum && leniency.EnumFolds(vals)
			null := ""
			wantAbsent := map[bool]string{false: "[null]", true: ""}[required[p]]
			if folds && wantAbsent != "" {
				wantAbsent = `[null,""]`
			}
			if want := wantAbsent; absent[name+"."+p] != want {
				t.Errorf("%s.%s: absent values %s, want %q", name, p, absent[name+"."+p], want)
			} else if want != "" {
				null = `,{"type":"null"}`
			}
			got := d.Catalog.Get("tools").Items()[i].Get("inputSchema").Get("properties").Get(p)
			if folds {
				enums++
				// and a boolean or integer for a value that is its text
				texts := ""
				if vals := enumTexts(tool.Get("inputSchema"), orig, vals); len(vals) > 0 {
					if _, ints, lo, hi := lenientimpl.EnumTexts(vals); ints && len(vals) == int(hi-lo+1) {
						texts = fmt.Sprintf(`,{"type":"integer","minimum":%d,"maximum":%d}`, lo, hi)
					} else {
						t.Fatalf("%s.%s: write the expectation for %q", name, p, vals)
					}
				}
				pattern := leniency.EnumCasePattern(vals)
				if null != "" {
					pattern = lenientimpl.OrEmptyPattern(pattern)
				}
				want := `{"anyOf":[` + string((&deriver{root: orig}).respell(orig).Marshal()) + `,{"type":"string","pattern":` + strconv.Quote(pattern) + `}` + texts + null + `]}`
				var g, w any
				json.Unmarshal(got.Marshal(), &g)
				json.Unmarshal([]byte(want), &w)
				if !ruled[name+"."+p] || !reflect.DeepEqual(g, w) {
					t.Errorf("%s.%s: a string enum: rule %v, schema %s; want an enum_case rule and %s", name, p, ruled[name+"."+p], got.Marshal(), want)
				}
				continue
			}
			if ruled[name+"."+p] {
				t.Errorf("%s.%s: a string field got a rule", name, p)
			}
			want := string(orig.Marshal())
			if null != "" {
				want = `{"anyOf":[` + string(typeFirst(orig).Marshal()) + null + `]}`
			}
			if string(got.Marshal()) != want {
				t.Errorf("%s.%s: string field changed: %s", name, p, got.Marshal())
			}
		}
	}
	if strings < 100 || enums < 10 {
		t.Errorf("only %d string fields seen, %d enums", strings, enums)
	}
}

// TestDeriveCatalogKeepsEverything: tool order, names, descriptions and
// every key but inputSchema are kept; the result loads and checks clean
// for every host.
func TestDeriveCatalogKeepsEverything(t *testing.T) {
	data := readCatalog(t, "github-mcp-server.json")
	d, err := Catalog(data)
	if err != nil {
		t.Fatal(err)
	}
	orig, _ := ParseNode(data)
	a, b := orig.Get("tools").Items(), d.Catalog.Get("tools").Items()
	if len(a) != 117 || len(b) != len(a) {
		t.Fatalf("%d tools in, %d out; want 117", len(a), len(b))
	}
	for i := range a {
		if fmt.Sprint(a[i].Keys) != fmt.Sprint(b[i].Keys) {
			t.Errorf("tool %d: keys %v became %v", i, a[i].Keys, b[i].Keys)
		}
		for j, k := range a[i].Keys {
			if k != "inputSchema" && string(a[i].Vals[j].Marshal()) != string(b[i].Vals[j].Marshal()) {
				t.Errorf("tool %d: %s changed", i, k)
			}
		}
	}
	if err := normalize.ValidateRules(d.Rules, nil); err != nil {
		t.Fatalf("derived rules: %v", err)
	}
}

func TestDeriveCatalogErrors(t *testing.T) {
	for in, want := range map[string]string{
		`{"tools": 5}`:                             `catalog: 1:11: want a JSON array of tools or an object with a "tools" array`,
		"[\n  {\"name\": \"a\"},\n  \"b\"\n]":      `catalog: 3:3: tool 1 is not an object`,
		"[{\"name\": \"a\"},\n {\"name\": \"a\"}]": `catalog: 2:11: tool 1 is named "a" like tool 0`,
		`[{"description": "x"}]`:                   `catalog: 1:2: tool 0 has no "name" string`,
		"{\"tools\": [\n  {\"name\": \"a\",}]}":    `catalog: 2:16: invalid character '}' looking for beginning of object key string`,
		`[] []`:                                    `catalog: 1:4: unexpected content after the JSON value`,
	} {
		_, err := Catalog([]byte(in))
		if err == nil || err.Error() != want {
			t.Errorf("%q:\n got %v\nwant %s", in, err, want)
		}
	}
}

// FuzzDeriveTool: any JSON schema derives without a panic, and the
// derived rules always load.
func FuzzDeriveTool(f *testing.F) {
	f.Add([]byte(deriveCorpus))
	f.Add([]byte(refsGoSDK))
	f.Add([]byte(refsInvopop))
	f.Add([]byte(identCorpus))
	for _, tc := range identHazards {
		f.Add([]byte(tc.schema))
	}
	f.Add([]byte(scalarUnions))
	f.Add([]byte(`{"type":"object","additionalProperties":{"$ref":"#/definitions/S"},"definitions":{"S":{"type":"object","properties":{"root":{"type":"integer"}}}}}`))
	f.Add([]byte(`{"type":"object","properties":{"x":{"$ref":"#"}}}`))
	f.Add([]byte(`{"type":"object","properties":{"x":{"anyOf":[{"type":"null"},{"$ref":"#/properties"}]}}}`))
	for _, tc := range keptRefs {
		f.Add([]byte(tc.schema))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Tool("t", data)
		if err != nil {
			return
		}
		if err := normalize.ValidateRules(d.Rules, nil); err != nil {
			t.Fatalf("derived rules do not load: %v\n%s", err, data)
		}
		if _, err := ParseNode(d.Schema.Marshal()); err != nil {
			t.Fatalf("rewrite is not JSON: %v", err)
		}
		// a reference left in the rewrite that names a value of the
		// strict schema names one of the rewrite (keptref.go)
		strict, _ := ParseNode(data)
		var sites []refSite
		refSites(d.Schema, true, &sites)
		for _, s := range sites {
			if s.key == "$ref" && pointer(strict, s.ref) != nil && pointer(d.Schema, s.ref) == nil {
				t.Fatalf("$ref %q names nothing in the rewrite:\n%s\n%s", s.ref, data, d.Schema.Marshal())
			}
		}
	})
}

// TestDeriveScalarUnionWarned: a union of a number or boolean with another
// type and no string branch (a boolean and an integer beside an array; a
// boolean and an integer held to an enum) gets no rule, since a coercion
// reads one type (a number and a boolean alone read both:
// numberOrBoolean); it is left strict with the warning every strict
// field gets, never in silence. A union that already takes strings is
// not warned about.
func TestDeriveScalarUnionWarned(t *testing.T) {
	for _, tc := range []struct{ field, warn string }{
		{`{"type":["boolean","integer"],"enum":[true,1]}`, `t: x: union of boolean and integer left strict: a branch of its union holds it to "enum", which its string form could not be held to alike`},
		{`{"anyOf":[{"type":"boolean"},{"type":"integer"},{"type":"array","items":{"type":"integer"}}]}`, `t: x: union of boolean, integer and array left strict: a type_coerce rule reads one type, and a string could be either; declare one type to have its string form read`},
		{`{"anyOf":[{"type":"number"},{"type":"array","items":{"type":"number"}},{"type":"null"}]}`, ``}, // (a number's text or an array's JSON text: both read, scalarUnions)
		{`{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}`, ``},
		{`{"type":["string","boolean"]}`, ``},
		{`{"anyOf":[{"type":"array","items":{}},{"type":"object"}]}`, ``},
	} {
		d, err := Tool("t", []byte(`{"type":"object","properties":{"x":`+tc.field+`}}`))
		if err != nil {
			t.Fatalf("%s: %v", tc.field, err)
		}
		if got := warnings(d); got != tc.warn {
			t.Errorf("%s: warnings\n got %q\nwant %q", tc.field, got, tc.warn)
		}
	}
}

// warnings are a derivation's warnings, one a line.
func warnings(d *Derivation) string {
	var warns []string
	for _, w := range d.Warnings {
		warns = append(warns, w.String())
	}
	return strings.Join(warns, "\n")
}

// readCatalog reads a real server's catalog from testdata/catalogs.
func readCatalog(t *testing.T, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "catalogs", file))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// realTool is one tool of a real catalog: its name and input schema.
type realTool struct {
	name   string
	schema []byte
}

// realTools are the tools of the real catalogs the deriver's tests
// read: GitHub's MCP server and a go-sdk server's inferred schemas.
func realTools(t *testing.T) []realTool {
	t.Helper()
	var tools []realTool
	for _, file := range []string{"github-mcp-server.json", "go-sdk-inferred.json"} {
		cat, err := ParseNode(readCatalog(t, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range cat.Get("tools").Items() {
			name, _ := tool.Get("name").AsString()
			tools = append(tools, realTool{name, tool.Get("inputSchema").Marshal()})
		}
	}
	return tools
}

// TestDeriveCatalogSharedIDs: a tool whose derived rules share ids with
// another tool's (a dotted name spells the other's paths) keeps its
// strict schema and has no rules, with a warning naming the other tool;
// the catalog's rules load, and its other tools keep their rewrites.
func TestDeriveCatalogSharedIDs(t *testing.T) {
	cat := `[{"name":"a.b","inputSchema":{"type":"object","properties":{"c":{"type":"integer"}}}},
		{"name":"a","inputSchema":{"type":"object","properties":{"b":{"type":"object","properties":{"c":{"type":"integer"}}}}}},
		{"name":"z","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}]`
	d, err := Catalog([]byte(cat))
	if err != nil {
		t.Fatal(err)
	}
	if err := normalize.ValidateRules(d.Rules, nil); err != nil {
		t.Fatalf("the catalog's rules do not load: %v", err)
	}
	for _, r := range d.Rules {
		if r.Tools[0] == "a.b" {
			t.Errorf("rule %s of a.b kept", r.ID)
		}
	}
	tools := d.Catalog.Items()
	if got := tools[0].Get("inputSchema").Marshal(); string(got) != `{"type":"object","properties":{"c":{"type":"integer"}}}` {
		t.Errorf("a.b advertised %s, want its strict schema", got)
	}
	for _, i := range []int{1, 2} {
		if got := tools[i].Get("inputSchema").Marshal(); !strings.Contains(string(got), "pattern") {
			t.Errorf("tool %d advertised %s, want its rewrite", i, got)
		}
	}
	want := `a.b: derived rules not used, the tool kept with its strict schema: rule id "a.b.c.`
	var found []string
	for _, w := range d.Warnings {
		if w.Tool == "a.b" {
			found = append(found, w.String())
		}
	}
	if len(found) != 1 || !strings.HasPrefix(found[0], want) || !strings.Contains(found[0], `derived for tool "a" too`) {
		t.Errorf("a.b's warnings %q, want one starting %s", found, want)
	}
	// normgen normalize -catalog reads the tool as advertised: no rules
	// (found by review: it applied a.b's)
	if strict, td, ok := d.Tool("a.b"); !ok || len(td.Rules) != 0 || string(td.Schema.Marshal()) != string(strict.Marshal()) {
		t.Errorf("Tool(a.b): rules %v, schema %s", td.Rules, td.Schema.Marshal())
	}
	if _, td, _ := d.Tool("a"); len(td.Rules) == 0 {
		t.Error("Tool(a): no rules")
	}
	// A rule given (rules -catalog -rules) holding a derived rule's id,
	// for another tool, keeps that tool strict too: the rules load beside
	// it (found by review).
	user := []lenient.Rule{{ID: "z.n.coerce", Tools: []string{"a"}, Type: lenient.RuleParamAlias, From: "q", To: "b"}}
	d.ApplyRules(user)
	if err := normalize.ValidateRules(append(slices.Clone(user), d.Rules...), nil); err != nil {
		t.Fatalf("the catalog's rules do not load beside those given: %v", err)
	}
	if got := d.Catalog.Items()[2].Get("inputSchema").Marshal(); string(got) != `{"type":"object","properties":{"n":{"type":"integer"}}}` {
		t.Errorf("z advertised %s, want its strict schema", got)
	}
	if !slices.ContainsFunc(d.Warnings, func(w Warning) bool {
		return w.Tool == "z" && strings.Contains(w.Message, `rule id "z.n.coerce" is a rule of the rules given (rules.json) too`)
	}) {
		t.Errorf("z's clash with the rules given not warned of: %v", d.Warnings)
	}
}
