package derive

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// misnamedOnly reports whether err is a refusal of misnamed keys alone
// (a misnamed_key rule's): class (j), which the schema cannot say.
func misnamedOnly(err error) bool {
	var le *lenient.Error
	if !errors.As(err, &le) || len(le.Problems) == 0 {
		return false
	}
	for _, p := range le.Problems {
		if p.Kind != lenient.KindMisnamed {
			return false
		}
	}
	return true
}

// TestDeriveMisnamed: the deriver gives each object that takes unknown
// keys (the arguments, nested objects, array elements) a misnamed_key
// rule listing its properties, and none to a closed one; with it the
// normalizer refuses a key near the spelling of a property the call left
// out, naming the property, and takes a call whose near key's property
// is given, or whose unknown keys resemble none.
func TestDeriveMisnamed(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{
		"url":{"type":"string"},
		"style_id":{"type":"integer"},
		"thought":{"type":"string"},
		"style":{"type":"object","properties":{"color":{"type":"string"}}},
		"items":{"type":"array","items":{"type":"object","properties":{"color":{"type":"string"}}}},
		"closed":{"type":"object","properties":{"color":{"type":"string"}},"additionalProperties":false}
	},"required":["thought"]}`)
	d, err := Tool("fetch", schema)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		if r.Type == lenient.RuleMisnamedKey {
			got = append(got, r.Path+" "+string(r.Value))
		}
	}
	want := []string{`style ["color"]`, `items[] ["color"]`, ` ["url",["style_id","styleId","style-id","StyleId"],{"keys":["thought"],"required":true},"style","items","closed"]`}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("misnamed_key rules:\n got %q\nwant %q", got, want)
	}
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ args, want string }{
		{`{"thought":"t","uri":"x"}`, `uri: is not a known key; did you mean url?`},
		{`{"thought":"t","style_index":"3"}`, `style_index: is not a known key; did you mean style_id?`},
		{`{"thought":"t","style":{"colour":"red"}}`, `style.colour: is not a known key; did you mean color?`},
		{`{"thought":"t","items":[{"colour":"red"}]}`, `items[0].colour: is not a known key; did you mean color?`},
		{`{"thought":"t","url":"u","uri":"x","reason":"r"}`, ``},
		{`{"thought":"t","style_id":"3"}`, ``},
		{`{"thought":"t","closed":{"colour":"red"}}`, ``}, // the strict schema refuses it
		{`{"thoght":"t"}`, ``}, // the strict schema's required refuses it, and Explain names the key
	} {
		_, _, err := n.NormalizeJSON("fetch", []byte(c.args))
		msg := ""
		if err != nil {
			msg = err.Error()
			if !misnamedOnly(err) {
				t.Errorf("%s: %v is not a misnamed-key refusal", c.args, err)
			}
		}
		if msg != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.args, msg, c.want)
		}
	}
}

// TestDeriveNamesBeside: a name that an object's keywords other than its
// properties name (required; then, else or dependentSchemas declaring
// it; a dependency's key or list; at the arguments, a combinator
// requiring it) is a key of its own there: no variant is renamed to its
// field, and no misnamed_key rule refuses it. Where such a keyword reads
// a field's presence (a dependency's key, a condition, the arguments'
// union), no variant is renamed to that field: its near spellings are
// refused by name (class (j)) and never read as it. An
// unevaluatedProperties schema or propertyNames, which read every other
// name, leave the object's names as they are; a closed object, which
// takes no variant as it is, keeps them all. (The third review's cases,
// each of which failed before.)
func TestDeriveNamesBeside(t *testing.T) {
	unionSound(t, []unionCase{
		{"alias-then-declares", wrapX(`{"type":"object","properties":{"max_results":{"type":"integer"},"k":{"type":"string"}},"if":{"properties":{"k":{"const":"a"}},"required":["k"]},"then":{"properties":{"maxResults":{"type":"string"}}}}`), []string{`{"x":{"k":"a","maxResults":"abc"}}`, `{"x":{"k":"b","maxResults":"abc"}}`}},
		{"alias-dependent-schema-declares", wrapX(`{"type":"object","properties":{"max_results":{"type":"integer"},"k":{}},"dependentSchemas":{"k":{"properties":{"maxResults":{"type":"string"}}}}}`), []string{`{"x":{"k":1,"maxResults":"abc"}}`}},
		{"alias-required", wrapX(`{"type":"object","properties":{"max_results":{"type":"integer"}},"required":["maxResults"]}`), []string{`{"x":{"maxResults":5}}`}},
		{"alias-required-root", `{"type":"object","properties":{"max_results":{"type":"integer"}},"required":["maxResults"]}`, []string{`{"maxResults":5}`}},
		{"alias-unevaluated", wrapX(`{"type":"object","properties":{"max_results":{"type":"string"}},"unevaluatedProperties":{"type":"integer"}}`), []string{`{"x":{"maxResults":5}}`}},
		{"alias-property-names", wrapX(`{"type":"object","properties":{"max_results":{"type":"integer"}},"propertyNames":{"pattern":"^[a-zA-Z]+$"}}`), []string{`{"x":{"maxResults":5}}`}},
		{"misnamed-required", wrapX(`{"type":"object","properties":{"url":{"type":"string"}},"required":["uri"]}`), []string{`{"x":{"uri":"a"}}`}},
		{"misnamed-then", wrapX(`{"type":"object","properties":{"url":{"type":"string"},"k":{}},"if":{"required":["k"]},"then":{"properties":{"uri":{"type":"integer"}}}}`), []string{`{"x":{"k":1,"uri":5}}`}},
		{"misnamed-dependent-schema", wrapX(`{"type":"object","properties":{"url":{"type":"string"},"k":{}},"dependentSchemas":{"k":{"properties":{"uri":{"type":"integer"}},"required":["uri"]}}}`), []string{`{"x":{"k":1,"uri":5}}`}},
		{"misnamed-unevaluated", wrapX(`{"type":"object","properties":{"url":{"type":"string"}},"unevaluatedProperties":{"type":"integer"}}`), []string{`{"x":{"uri":1}}`}},
		{"misnamed-property-names", wrapX(`{"type":"object","properties":{"url":{"type":"string"}},"propertyNames":{"enum":["url","uri"]}}`), []string{`{"x":{"uri":"a"}}`}},
		{"misnamed-dependent-anyOf", wrapX(`{"type":"object","properties":{"user_name":{"type":"string"},"k":{}},"dependentSchemas":{"k":{"anyOf":[{"required":["usr_name"]},{"required":["zz"]}]}}}`), []string{`{"x":{"k":1,"usr_name":"a"}}`}},
	})
	for name, c := range map[string]struct{ schema, call string }{
		"dependent-required":  {wrapX(`{"type":"object","properties":{"max_results":{"type":"integer"}},"dependentRequired":{"max_results":["z"]}}`), `{"x":{"maxResults":5}}`},
		"dependencies-07":     {draft("draft-07", `"type":"object","properties":{"x":{"type":"object","properties":{"max_results":{"type":"integer"}},"dependencies":{"max_results":["z"]}}}}`), `{"x":{"maxResults":5}}`},
		"root-not-required":   {`{"type":"object","properties":{"max_results":{"type":"integer"}},"not":{"required":["max_results"]}}`, `{"maxResults":5}`},
		"root-oneOf-required": {`{"type":"object","properties":{"max_results":{"type":"integer"},"z":{}},"oneOf":[{"required":["max_results"]},{"required":["z"]}]}`, `{"maxResults":5,"z":1}`},
		"root-anyOf-not":      {`{"type":"object","properties":{"max_results":{"type":"integer"},"z":{}},"anyOf":[{"not":{"required":["max_results"]}},{"required":["z"]}]}`, `{"maxResults":5}`},
		"root-dependent":      {`{"type":"object","properties":{"max_results":{"type":"integer"}},"dependentRequired":{"max_results":["z"]}}`, `{"maxResults":5}`},
	} {
		d, n := deriveNormalizer(t, name, c.schema)
		for _, r := range d.Rules {
			if r.Type == lenient.RuleParamAlias && r.To == "max_results" {
				t.Errorf("%s: %s renames a variant to max_results, whose presence another keyword reads", name, r.ID)
			}
		}
		if out, _, err := n.NormalizeJSON(name, []byte(c.call)); err == nil && string(out) != c.call || err != nil && !misnamedOnly(err) {
			t.Errorf("%s: %s became %s (%v), neither as it was nor refused by name", name, c.call, out, err)
		}
	}
	// A dependency's schema names what its not, if, allOf, anyOf and oneOf
	// name too: a call sending one of those names comes out as it was,
	// or refused by name where it is a near spelling of a field left out
	// (class (j)), never renamed (the seventh review's, 2026-11-30; each
	// failed before).
	for name, c := range map[string]struct{ schema, call string }{
		"dependent-anyOf":    {wrapX(`{"type":"object","properties":{"max_results":{"type":"integer"},"k":{}},"dependentSchemas":{"k":{"anyOf":[{"required":["maxResults"]},{"required":["zz"]}]}}}`), `{"x":{"k":1,"maxResults":5}}`},
		"dependent-not":      {wrapX(`{"type":"object","properties":{"max_results":{"type":"integer"},"k":{}},"dependentSchemas":{"k":{"not":{"required":["max_results"]}}}}`), `{"x":{"k":1,"maxResults":5}}`},
		"dependent-allOf":    {wrapX(`{"type":"object","properties":{"max_results":{"type":"integer"},"k":{}},"dependentSchemas":{"k":{"allOf":[{"properties":{"maxResults":{"type":"integer"}},"required":["maxResults"]}]}}}`), `{"x":{"k":1,"maxResults":5}}`},
		"dependent-if":       {wrapX(`{"type":"object","properties":{"max_results":{"type":"integer"},"k":{}},"dependentSchemas":{"k":{"if":{"required":["k"]},"then":{"required":["maxResults"]}}}}`), `{"x":{"k":1,"maxResults":5}}`},
		"dependent-items":    {`{"type":"object","properties":{"x":{"type":"array","items":{"type":"object","properties":{"max_results":{"type":"integer"},"k":{}},"dependentSchemas":{"k":{"anyOf":[{"required":["maxResults"]},{"required":["zz"]}]}}}}}}`, `{"x":[{"k":1,"maxResults":5}]}`},
		"root-dependencies":  {draft("draft-07", `"type":"object","properties":{"max_results":{"type":"integer"},"k":{}},"dependencies":{"k":{"anyOf":[{"required":["maxResults"]},{"required":["zz"]}]}}}`), `{"k":1,"maxResults":5}`},
		"dependencies-oneOf": {draft("draft-07", `"type":"object","properties":{"x":{"type":"object","properties":{"max_results":{"type":"integer"},"k":{}},"dependencies":{"k":{"oneOf":[{"required":["maxResults"]},{"required":["zz"]}]}}}}}`), `{"x":{"k":1,"maxResults":5}}`},
	} {
		_, n := deriveNormalizer(t, name, c.schema)
		if out, _, err := n.NormalizeJSON(name, []byte(c.call)); err == nil && string(out) != c.call || err != nil && !misnamedOnly(err) {
			t.Errorf("%s: %s became %s (%v), neither as it was nor refused by name", name, c.call, out, err)
		}
	}
	// (a closed object takes no variant as it is: its variants are read
	// as its fields whatever the other keywords read)
	closed := wrapX(`{"type":"object","properties":{"max_results":{"type":"integer"},"z":{}},"dependentRequired":{"max_results":["z"]},"additionalProperties":false}`)
	d, _ := deriveNormalizer(t, "closed", closed)
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleParamAlias && r.To == "max_results" }) {
		t.Errorf("closed: no variant is read as max_results; rules %v", d.Rules)
	}
}

// TestDeriveDependencyNamesKept: a dependency's schema whose own
// required names a variant, or that counts members, takes no other
// variant from the field: a rename only meets a required presence, and
// keeps a count (the tenth review's over-strict cases, JSON Schema
// Store's nodemon.json and two Github_hard schemas; they failed before).
func TestDeriveDependencyNamesKept(t *testing.T) {
	for name, c := range map[string]struct {
		schema     string
		want, none []string // aliases to legacy_watch (from) that must be there, and that must not
		at         string   // the path of the object's misnamed_key rule
	}{
		"required-variant": {`{"type":"object","properties":{"legacy_watch":{"type":"boolean"},"pollingInterval":{"type":"integer"}},"dependencies":{"pollingInterval":{"required":["legacyWatch"]}}}`,
			[]string{"legacy-watch", "LegacyWatch"}, []string{"legacyWatch"}, ""},
		"required-field": {`{"type":"object","properties":{"legacy_watch":{"type":"boolean"},"pollingInterval":{"type":"integer"}},"dependencies":{"pollingInterval":{"required":["legacy_watch"]}}}`,
			[]string{"legacyWatch", "legacy-watch"}, nil, ""}, // (nodemon.json's, in its spelling)
		"max-properties": {wrapX(`{"type":"object","properties":{"legacy_watch":{"type":"boolean"},"error":{"type":"string"}},"dependentSchemas":{"error":{"maxProperties":1}}}`),
			nil, nil, "x"}, // (its misnamed_key rule)
	} {
		d, _ := deriveNormalizer(t, name, c.schema)
		var got []string
		misnamed := false
		for _, r := range d.Rules {
			if r.Type == lenient.RuleParamAlias && r.To == "legacy_watch" {
				got = append(got, r.From)
			}
			misnamed = misnamed || r.Type == lenient.RuleMisnamedKey && r.Path == c.at
		}
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no alias %s to legacy_watch; aliases %v", name, w, got)
			}
		}
		for _, w := range c.none {
			if slices.Contains(got, w) {
				t.Errorf("%s: %s, which the dependency requires, is renamed to legacy_watch", name, w)
			}
		}
		if !misnamed {
			t.Errorf("%s: no misnamed_key rule at %q", name, c.at)
		}
	}
}

// TestDeriveRootDependencyProperties: at the arguments, a dependency's own
// top-level properties that constrain a declared field (false: the field
// must be absent once the key is given; or a const) read that field's
// presence/value, as {"not":{"required":[...]}} there does: no variant
// is renamed to the field, where a strict-valid call would come out
// strict-invalid. (The eleventh review's, 2026-11-30; each failed at
// 2b642cc, which read those properties as names alone.)
func TestDeriveRootDependencyProperties(t *testing.T) {
	for name, c := range map[string]struct{ schema, call string }{
		"root-07-false":               {draft("draft-07", `"type":"object","properties":{"legacy_watch":{"type":"boolean"},"pollingInterval":{"type":"integer"}},"dependencies":{"pollingInterval":{"properties":{"legacy_watch":false}}}}`), `{"pollingInterval":1,"legacy-watch":false}`},
		"root-07-const":               {draft("draft-07", `"type":"object","properties":{"legacy_watch":{"type":"boolean"},"pollingInterval":{"type":"integer"}},"dependencies":{"pollingInterval":{"properties":{"legacy_watch":{"const":true}}}}}`), `{"pollingInterval":1,"legacy-watch":false}`},
		"root-07-items":               {draft("draft-07", `"type":"object","properties":{"legacy_watch":{"type":"array","items":{"type":"integer"}},"k":{"type":"integer"}},"dependencies":{"k":{"properties":{"legacy_watch":{"maxItems":1}}}}}`), `{"k":1,"legacy-watch":[1,2]}`},
		"root-dependencies-no-schema": {`{"type":"object","properties":{"legacy_watch":{"type":"boolean"},"pollingInterval":{"type":"integer"}},"dependencies":{"pollingInterval":{"properties":{"legacy_watch":{"const":true}}}}}`, `{"pollingInterval":1,"legacy-watch":false}`},
	} {
		d, n := deriveNormalizer(t, name, c.schema)
		strict := compileDerived(t, name, []byte(c.schema))
		if !validDerived(strict, []byte(c.call)) {
			t.Fatalf("%s: %s should be strict-valid", name, c.call)
		}
		for _, r := range d.Rules {
			if r.Type == lenient.RuleParamAlias && r.To == "legacy_watch" {
				t.Errorf("%s: %s renames %s to legacy_watch, whose value/presence the dependency reads", name, r.ID, r.From)
			}
		}
		out, _, err := n.NormalizeJSON(name, []byte(c.call))
		if err == nil && string(out) != c.call || err != nil && !misnamedOnly(err) {
			t.Errorf("%s: strict-valid %s became %s (%v; strict now %v), neither as it was nor refused by name", name, c.call, out, err, validDerived(strict, out))
		}
	}
}

// TestDeriveMatchedByECMAWhitespace: ECMAScript's \s (AJV's) matches
// U+00A0, U+FEFF, \v and the Unicode spaces, Go's [\t\n\f\r ] alone, so
// matchedBy counts a member whose name holds one as matched by every
// pattern: its value gets no rule the branch's pattern schema may refuse.
// (The eleventh review's, 2026-11-30; it failed before.)
func TestDeriveMatchedByECMAWhitespace(t *testing.T) {
	obj := `{"type":"object","properties":{"n":{"type":"integer"}}}`
	ajvSound(t, []unionCase{
		{"nbsp-s", wrapX(`{"type":"object","properties":{"a` + "\u00a0" + `b":` + obj + `},"allOf":[{"patternProperties":{"\\s":{"type":"object","properties":{"n":{"not":{"const":5}}}}}}]}`),
			[]string{`{"x":{"a` + "\u00a0" + `b":{"n":"5"}}}`}},
	})
}

// TestDeriveMatchedByUnicodeVersion: Go's \p tables (Unicode 15.0) and
// AJV's (Node's, later) differ, so matchedBy counts a pattern holding a
// Unicode property as matching every name outside ASCII: U+A7CB, a
// capital letter since Unicode 16, gets no rule the branch's pattern
// schema may refuse. (The twelfth review's, 2026-11-30; it failed
// before.)
func TestDeriveMatchedByUnicodeVersion(t *testing.T) {
	obj := `{"type":"object","properties":{"n":{"type":"integer"}}}`
	name := "\ua7cb" + "x"
	ajvSound(t, []unionCase{
		{"plu", wrapX(`{"type":"object","properties":{"` + name + `":` + obj + `},"allOf":[{"patternProperties":{"^\\p{Lu}":{"type":"object","properties":{"n":{"not":{"const":5}}}}}}]}`),
			[]string{`{"x":{"` + name + `":{"n":"5"}}}`}},
	})
}

// TestDeriveGivenTwice: a property given under its name and a spelling
// variant the deriver reads as it (start_side for startSide), or under
// two variants, is refused as given twice, as generated decoders refuse
// it: no alias applies, and the variant would reach the server as an
// unknown key, its value dropped (found by a replay on
// github-mcp-server's add_comment_to_pending_review). Its misnamed_key
// rule lists the variants among the property's keys.
func TestDeriveGivenTwice(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{
		"startSide":{"type":"string","enum":["LEFT","RIGHT"]},
		"body":{"type":"string"},
		"items":{"type":"array","items":{"type":"object","properties":{"line_no":{"type":"integer"}}}}
	},"required":["body"]}`))
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		`{"body":"b","start_side":"LEFT","startSide":"RIGHT"}`:      `startSide: is given more than once, as "start_side" and "startSide"; send one of them`,
		`{"body":"b","startSide":"","start_side":"LEFT"}`:           `startSide: is given more than once, as "startSide" and "start_side"; send one of them`,
		`{"body":"b","start-side":"LEFT","StartSide":"RIGHT"}`:      `startSide: is given more than once, as "start-side" and "StartSide"; send one of them`,
		`{"body":"b","items":[{"line_no":1,"lineNo":2}]}`:           `items[0].line_no: is given more than once, as "line_no" and "lineNo"; send one of them`,
		`{"body":"b","start_side":"left"}`:                          ``,
		`{"body":"b","start_side":"LEFT","startSide":"LEFT"}`:       ``,
		`{"body":"b","startSide":"RIGHT","items":[{"lineNo":"2"}]}`: ``,
	} {
		_, _, err := n.NormalizeJSON("t", []byte(in))
		if got := fmt.Sprint(err); want == "" && err != nil || want != "" && got != want {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
}
