package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// refsGoSDK is a tool schema as go-sdk (google/jsonschema-go) infers it:
// the root inline, a $defs entry for a type used twice and for a
// recursive type.
const refsGoSDK = `{
  "type": "object",
  "properties": {
    "from": {"$ref": "#/$defs/Point"},
    "to": {"anyOf": [{"$ref": "#/$defs/Point"}, {"type": "null"}]},
    "pts": {"type": "array", "items": {"$ref": "#/$defs/Point"}},
    "tree": {"$ref": "#/$defs/Tree"}
  },
  "additionalProperties": false,
  "$defs": {
    "Point": {"type": "object", "properties": {"k": {"type": "integer"}, "id": {"type": "integer"}}, "additionalProperties": false},
    "Tree": {"type": "object", "properties": {"label": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}}
  }
}`

// refsInvopop is a tool schema as invopop/jsonschema writes it by
// default: the root a $ref to its own type's definition.
const refsInvopop = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$ref": "#/$defs/Input",
  "$defs": {
    "Input": {"type": "object", "properties": {
      "n": {"$ref": "#/$defs/Count"},
      "o": {"$ref": "#/$defs/Obj"},
      "list": {"type": "array", "items": {"$ref": "#/$defs/Obj"}}
    }, "additionalProperties": false},
    "Count": {"type": "integer", "minimum": 0},
    "Obj": {"type": "object", "properties": {"k": {"type": "integer"}, "from": {"type": "number"}}, "additionalProperties": false}
  }
}`

// TestDeriveRefInline: a local $ref below the top level is read as its
// target, inlined at each use, where the reference is not recursive; a
// recursive one is read at every depth (recursive.go): its rules' paths
// repeat its steps.
func TestDeriveRefInline(t *testing.T) {
	for _, tc := range []struct {
		name, schema string
		want         []string // rule type and path, "type_coerce n", "json_accept_both from"
		warn         []string
	}{
		{"go-sdk", refsGoSDK, []string{
			"json_accept_both from", "type_coerce from.k", "type_coerce from.id",
			"json_accept_both to", "type_coerce to.k", "type_coerce to.id",
			"json_accept_both pts", "json_accept_both pts[]", "type_coerce pts[].k", "type_coerce pts[].id",
			"json_accept_both tree", "json_accept_both tree(.kids[])*.kids", "json_accept_both tree(.kids[])*.kids[]",
		}, nil},
		{"invopop", refsInvopop, []string{
			"type_coerce n", "json_accept_both o", "type_coerce o.k", "type_coerce o.from",
			"json_accept_both list", "json_accept_both list[]", "type_coerce list[].k", "type_coerce list[].from",
		}, nil},
	} {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range d.Rules {
			if r.Type == "type_coerce" || r.Type == "json_accept_both" {
				got = append(got, string(r.Type)+" "+r.From+r.Path)
			}
		}
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no rule %q; rules %v", tc.name, w, got)
			}
		}
		var warns []string
		for _, w := range d.Warnings {
			warns = append(warns, w.Path+": "+w.Message)
		}
		for _, w := range tc.warn {
			if !slices.ContainsFunc(warns, func(s string) bool { return strings.HasPrefix(s, w) }) {
				t.Errorf("%s: no warning %q; warnings %q", tc.name, w, warns)
			}
		}
		if len(warns) != len(tc.warn) {
			t.Errorf("%s: warnings %q, want %q", tc.name, warns, tc.warn)
		}
	}
}

// TestDeriveRefUseAnnotations: a $ref with its own description (a
// description of this use, as go-sdk and invopop write a field's doc) is
// inlined, the use's description kept; a sibling that constrains the
// value otherwise than its target keeps the reference, with its reason.
func TestDeriveRefUseAnnotations(t *testing.T) {
	strict := `{"type":"object","properties":{
	  "text": {"type": "array", "items": {"$ref": "#/$defs/Text", "description": "this use"}},
	  "bad": {"type": "array", "items": {"$ref": "#/$defs/Text", "maxProperties": 1}}
	},"$defs":{"Text":{"type":"object","description":"the type","properties":{"size":{"type":"integer"}},"maxProperties":2}}}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		got = append(got, r.From+r.Path)
	}
	if !slices.Contains(got, "text[].size") || slices.Contains(got, "bad[].size") {
		t.Errorf("rules at %v, want text[].size and not bad[].size", got)
	}
	if s := string(d.Schema.Get("properties").Get("text").Marshal()); !strings.Contains(s, `"this use"`) || strings.Contains(s, `"the type"`) {
		t.Errorf("text: %s, want the use's description only", s)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0].String(), "bad[]: object left strict: its $ref has a sibling keyword its target gives another value") {
		t.Errorf("warnings %v", d.Warnings)
	}
}

// TestDeriveIdentifierWarned: a value whose schema holds an identifier
// or definitions of its own (draft-04's "id", "$id", "$defs") that a
// reference may reach (here by the identifier's URI) is kept as it is,
// since the reference would name another schema in the rewrite, and is
// warned about, not left strict in silence.
func TestDeriveIdentifierWarned(t *testing.T) {
	strict := `{"type":"object","properties":{"pids":{"id":"http://example.com/pid","type":"array","items":{"id":"http://example.com/pid/0","type":"integer"}},"first":{"$ref":"http://example.com/pid#/items"}}}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	want := `t: pids: array left strict: its schema holds "id" (references inside resolve against it, so it is kept as it is)`
	if !slices.ContainsFunc(d.Warnings, func(w Warning) bool { return w.String() == want }) {
		t.Errorf("warnings %v, want %q", d.Warnings, want)
	}
}

// TestDeriveRefOldDraft: in a draft-07 (or earlier) schema, the siblings
// of a $ref are ignored, where AJV and later drafts apply them: such a
// reference is kept, with its reason, at the top level and below; one
// with annotations beside it only (a description, an unknown keyword), or
// siblings its target holds with the same values (a type), is inlined.
func TestDeriveRefOldDraft(t *testing.T) {
	strict := `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{
	  "top": {"type": "object", "minProperties": 1, "$ref": "#/definitions/R"},
	  "deep": {"type": "array", "items": {"maxProperties": 3, "$ref": "#/definitions/R"}},
	  "doc": {"type": "array", "items": {"description": "this use", "x-taplo": {"hidden": true}, "$ref": "#/definitions/R"}},
	  "same": {"type": "object", "$ref": "#/definitions/R"}
	},"definitions":{"R":{"type":"object","properties":{"n":{"type":"integer"}}}}}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		if r.Type == "type_coerce" || r.Type == "json_accept_both" {
			got = append(got, r.From+r.Path)
		}
	}
	if slices.Contains(got, "top") || slices.Contains(got, "deep[]") || !slices.Contains(got, "doc[].n") || !slices.Contains(got, "same.n") {
		t.Errorf("rules at %v, want none at top and deep[], one at doc[].n and same.n", got)
	}
	var warns []string
	for _, w := range d.Warnings {
		warns = append(warns, w.Path)
	}
	if !slices.Equal(warns, []string{"top", "deep[]"}) {
		t.Errorf("warnings %v, want at top and deep[]", d.Warnings)
	}
}

// TestDeriveRootMapValues: the values of the arguments object's
// additionalProperties (a $ref, now inlined) get their rules, at paths
// that start with {}, and the derived rules load.
func TestDeriveRootMapValues(t *testing.T) {
	strict := `{"type":"object","additionalProperties":{"$ref":"#/definitions/S"},"definitions":{"S":{"type":"object","properties":{"root":{"type":"integer"}}}}}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := normalize.New(d.Rules); err != nil {
		t.Errorf("derived rules do not load: %v", err)
	}
	var got []string
	for _, r := range d.Rules {
		got = append(got, string(r.Type)+" "+r.From+r.Path)
	}
	if !slices.Contains(got, "type_coerce {}.root") || !slices.Contains(got, "json_accept_both {}") || len(d.Warnings) > 0 {
		t.Errorf("rules %q, warnings %v; want {}.root and {} read", got, d.Warnings)
	}
	unionSound(t, []unionCase{{"rootmap-ref", strict, []string{`{"a":{"root":"5"}}`, `{"a":"{\"root\":\"5\"}"}`, `{"a":{"root":5},"b":5}`}}})
}

// TestDeriveUnionOneRulePerID: the branches of a union that inline one
// definition (or spell one property alike) give one rule per path, and
// the rules load.
func TestDeriveUnionOneRulePerID(t *testing.T) {
	strict := `{"type":"object","properties":{"s":{"allOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/A"}]},
	  "u":{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]},{"type":"object","properties":{"n":{"type":"integer"},"m":{"type":"string"}},"required":["m"]}]}},
	  "$defs":{"A":{"type":"object","properties":{"n":{"type":"integer"}}}}}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := normalize.New(d.Rules); err != nil {
		t.Errorf("derived rules do not load: %v", err)
	}
}

// TestDeriveKeptReasonsOnce: a reference kept at several places for two
// reasons names each reason once.
func TestDeriveKeptReasonsOnce(t *testing.T) {
	strict := `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{
	  "a": {"type": "array", "items": {"$ref": "#/definitions/T"}},
	  "b": {"type": "array", "items": {"type": "object", "$ref": "#/definitions/T"}}
	},"definitions":{"T":{"type":"object","properties":{
	  "k1": {"type": "array", "items": {"$ref": "#/definitions/T"}},
	  "k2": {"type": "array", "items": {"type": "object", "$ref": "#/definitions/T"}},
	  "k3": {"type": "array", "items": {"$ref": "#/definitions/T"}}}}}}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range d.Warnings {
		if strings.Count(w.Message, whyRecursive) > 1 || strings.Count(w.Message, whyOldDraft) > 1 {
			t.Errorf("%s: a reason named twice", w)
		}
	}
}

// TestDerivePrunesDefs: after inlining, the rewrite keeps only the
// definitions a reference left in it still names (pay once: an entry
// nothing reads is bytes on every request), and all of them where a
// reference is not of the plain #/$defs/Name form.
func TestDerivePrunesDefs(t *testing.T) {
	for _, tc := range []struct {
		name, schema string
		defs         []string // the $defs entries the rewrite keeps; nil for no $defs
	}{
		{"invopop: all inlined", refsInvopop, nil},
		// (and the lenient form of the inlined Point that from and to
		// repeat, written once, named for its first place: hoistRepeats)
		{"go-sdk: the recursive one's lenient form", refsGoSDK, []string{"lenient.Tree", "shared.from"}},
		{"an anchor keeps every entry", `{"type":"object","properties":{"a":{"$ref":"#pt"}},"$defs":{"P":{"$anchor":"pt","type":"integer"},"Q":{"type":"string"}}}`, []string{"P", "Q"}},
		{"kept through a kept entry", `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{"T":{"type":"object","properties":{"l":{"$ref":"#/$defs/L"},"kids":{"type":"array","items":{"anyOf":[{"$ref":"#/$defs/T"},{"type":"string"}]}}}},"L":{"type":"object","properties":{"n":{"type":"integer"}}},"U":{"type":"string"}}}`, []string{"T", "L"}},
		{"a recursive entry's lenient form holds what it names", `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{"T":{"type":"object","properties":{"l":{"$ref":"#/$defs/L"},"kids":{"type":"array","items":{"$ref":"#/$defs/T"}}}},"L":{"type":"object","properties":{"n":{"type":"integer"}}},"U":{"type":"string"}}}`, []string{"lenient.T"}},
	} {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		if defs := d.Schema.Get("$defs"); defs != nil {
			got = defs.Keys
		}
		if !slices.Equal(got, tc.defs) {
			t.Errorf("%s: $defs %v, want %v:\n%s", tc.name, got, tc.defs, d.Schema.Marshal())
		}
	}
}

// TestDeriveRefVendorAnnotation: a keyword no draft defines beside a
// $ref is an annotation of that use, which replaces the target's own
// (skaffold's schemas give x-intellij-html-description both places, with
// other texts): the reference is inlined, where merging the two values
// failed and kept it strict.
func TestDeriveRefVendorAnnotation(t *testing.T) {
	strict := `{"type":"object","properties":{"r":{"$ref":"#/$defs/R","x-intellij-html-description":"this use"}},` +
		`"$defs":{"R":{"type":"object","x-intellij-html-description":"the type","properties":{"n":{"type":"integer"}}}}}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Path == "r.n" && r.Type == lenient.RuleTypeCoerce }) {
		t.Errorf("no rule at r.n: %v; warnings %v", d.Rules, d.Warnings)
	}
	if got := string(d.Schema.Marshal()); !strings.Contains(got, `"this use"`) || strings.Contains(got, `"the type"`) {
		t.Errorf("the use's annotation is not the one kept: %s", got)
	}
}

// TestDeriveOneBranchWrapper: a union or allOf of one branch that is a
// $ref alone, beside annotations only, is that reference (pydantic writes
// {"allOf": [{"$ref": "#/$defs/Color"}], "description": ...} for a field
// of an enum type with a description or default, in any draft, since
// draft-07 ignores a $ref's siblings): its target is read there as
// anywhere, its enum in another letter case, its integer's digits. A
// wrapper beside a keyword that constrains is kept as it is.
func TestDeriveOneBranchWrapper(t *testing.T) {
	const defs = `"$defs":{"Color":{"type":"string","enum":["red","green"]},"Mode":{"type":"integer","enum":[1,2]},"Size":{"type":"integer","minimum":0}}`
	props := `"type":"object","properties":{` +
		`"c":{"allOf":[{"$ref":"#/$defs/Color"}],"description":"the color"},` +
		`"m":{"allOf":[{"$ref":"#/$defs/Mode"}],"default":1,"title":"Mode"},` +
		`"s":{"anyOf":[{"$ref":"#/$defs/Size"}],"description":"size"},` +
		`"o":{"oneOf":[{"$ref":"#/$defs/Size"}]},` +
		`"k":{"allOf":[{"$ref":"#/$defs/Size"}],"maximum":9}},` + defs + `}`
	calls := []string{`{"c":"RED"}`, `{"c":"red"}`, `{"c":"blue"}`, `{"m":"2"}`, `{"m":2}`, `{"m":"3"}`,
		`{"s":"5"}`, `{"s":5}`, `{"s":-1}`, `{"o":"5"}`, `{"k":"5"}`, `{"k":5}`, `{"k":10}`}
	for _, dr := range []string{"", "draft-07", "2020-12"} {
		schema := draft(dr, props)
		if dr == "2020-12" {
			schema = `{"$schema":"https://json-schema.org/draft/2020-12/schema",` + props
		}
		d, _ := deriveNormalizer(t, "wrap", schema)
		var got []string
		for _, r := range d.Rules {
			got = append(got, string(r.Type)+" "+r.From+r.Path)
		}
		for _, want := range []string{"enum_case c", "enum_digits m", "type_coerce s", "type_coerce o"} {
			if !slices.Contains(got, want) {
				t.Errorf("%q: no %s rule: %v\n%s", dr, want, got, warnings(d))
			}
		}
		unionSound(t, []unionCase{{name: "wrap-" + dr, schema: schema, calls: calls}})
	}
}

// TestDeriveWrapperFormatDraft07: in draft-07 and earlier a validator
// may assert format (the Go one does), and a $ref's siblings are ignored
// there: the wrapper {"allOf":[{"$ref":T}],"format":"email"} asserts
// email, {"$ref":T,"format":"email"} does not, so such a wrapper is not
// unwrapped; unwrapped, wherever the reference was kept in the rewrite
// (a recursive one, or past the size bound), the rewrite took a string
// the strict schema refuses. (The eighth review's, 2026-11-30; both
// failed before.)
func TestDeriveWrapperFormatDraft07(t *testing.T) {
	const d07 = `{"$schema":"http://json-schema.org/draft-07/schema#",`
	unionSound(t, []unionCase{
		{"fmt07-recursive", d07 + `"type":"object","properties":{"x":{"$ref":"#/definitions/T"}},"definitions":{"T":{"type":["string","array"],"items":{"allOf":[{"$ref":"#/definitions/T"}],"format":"email"}}}}`,
			[]string{`{"x":["bad"]}`, `{"x":["a@b.co"]}`}},
	})
	defer func(b int) { tightBudget = b }(tightBudget)
	tightBudget = 1
	unionSound(t, []unionCase{
		{"fmt07-kept", d07 + `"type":"object","properties":{"e":{"allOf":[{"$ref":"#/definitions/S"}],"format":"email"}},"definitions":{"S":{"type":"string","examples":[["x"]]}}}`,
			[]string{`{"e":"bad"}`, `{"e":"a@b.co"}`}},
	})
}

// TestDeriveFormatSiblingDraft07: a draft-07 $ref beside format, which
// that draft ignores, is kept as it is (its format merged in, the
// rewrite would assert what the strict schema does not). (The eighth
// review's, 2026-11-30; both failed before.)
func TestDeriveFormatSiblingDraft07(t *testing.T) {
	unionSound(t, []unionCase{
		{"fmt07-sibling", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"e":{"$ref":"#/definitions/S","format":"email"}},"definitions":{"S":{"type":"string"}}}`,
			[]string{`{"e":"bad"}`}},
	})
}
