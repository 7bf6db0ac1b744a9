package derive

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// TestExplain: arguments the derived rules could not fix are explained
// in the generated decoders' words: the path, the value, what to send;
// for a required key left out, the unknown key that most likely meant it.
func TestExplain(t *testing.T) {
	const tool = `{"type":"object","required":["title","old_text"],"properties":{
		"title":{"type":"string","minLength":2},
		"old_text":{"type":"string"},
		"labels":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":2},
		"count":{"type":"integer","minimum":1,"maximum":10},
		"level":{"type":"integer","enum":[1,2]},
		"mode":{"type":"string","enum":["fast","slow"]},
		"when":{"type":"string","pattern":"^[0-9]{4}$"},
		"opts":{"type":"object","additionalProperties":false,"required":["depth"],"properties":{"depth":{"type":"integer"},"deep":{"type":"boolean"}}},
		"steps":{"type":"array","items":{"type":"object","properties":{"id":{"type":["string","null"]},"n":{"type":"number"}}}},
		"ref":{"$ref":"#/$defs/Ref"}
	},"$defs":{"Ref":{"type":"object","properties":{"sha":{"type":"string","maxLength":3}}}}}`
	d, err := Tool("t", []byte(tool))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ args, want, kinds string }{
		{`{"title":"ab","old_text":"x"}`, ``, ``},
		{`{"title":"ab","old_text":"x","labels":"urgent"}`, `labels: "urgent" is not an array (send a JSON array, or a string holding JSON array text)`, `type`},
		{`{"title":"ab","old_text":"x","labels":"['a', 'b']"}`, `labels: "['a', 'b']" is a string but not JSON array text (unexpected '\'' at offset 1; JSON strings take double quotes, as in ["a"])`, `text`},
		{`{"title":"ab","old_text":"x","labels":["a","b","c"]}`, `labels: ["a","b","c"] has more than 2 items`, `items`},
		{`{"title":"ab","old_txt":"x"}`, `old_text: is required; "old_txt" is not a key: send it as "old_text"`, `missing`},
		{`{"title":"ab","old_str":"x"}`, `old_text: is required; "old_str" is not a key (did you mean "old_text"?)`, `missing`},
		{`{"title":"ab","oldText":"x"}`, `old_text: is required; "oldText" is not a key: send it as "old_text"`, `missing`},
		{`{"title":"ab","pattern":"x"}`, `old_text: is required; the object has "pattern", which is not a key`, `missing`},
		{`{"title":null,"old_text":"x"}`, `title: is required`, `missing`},
		{`{"title":"a","old_text":"x"}`, `title: "a" is shorter than 2 characters`, `length`},
		{`{"title":5,"old_text":"x"}`, `title: 5 is not a string (send text in quotes, such as "5")`, `type`},
		{`{"title":"ab","old_text":"x","count":11}`, `count: 11 is more than the maximum, 10`, `range`},
		{`{"title":"ab","old_text":"x","count":0}`, `count: 0 is less than the minimum, 1`, `range`},
		{`{"title":"ab","old_text":"x","labels":[]}`, `labels: [] has fewer than 1 item`, `items`},
		{`{"title":"ab","old_text":"x","count":1.5}`, `count: 1.5 is not a whole number (send 100 or "100")`, `fraction`},
		{`{"title":"ab","old_text":"x","count":"lots"}`, `count: "lots" is not an integer (send 100 or "100")`, `type`},
		{`{"title":"ab","old_text":"x","level":"2"}`, `level: "2" is not an integer (send a number such as 100)`, `type`},
		{`{"title":"ab","old_text":"x","level":3}`, `level: 3 is not one of 1, 2`, `enum`},
		{`{"title":"ab","old_text":"x","mode":"quick"}`, `mode: "quick" is not one of "fast", "slow"`, `enum`},
		{`{"title":"ab","old_text":"x","when":"soon"}`, `when: "soon" does not match the pattern ^[0-9]{4}$`, `pattern`},
		{`{"title":"ab","old_text":"x","opts":{"deep":true,"depht":2}}`, `opts.depht: is not a known key; did you mean depth? (accepted: depth, deep); opts.depth: is required`, `unknown_key missing`},
		{`{"title":"ab","old_text":"x","opts":{"Depth":2}}`, `opts.Depth: is not a known key: keys are case-sensitive (send it as "depth"); opts.depth: is required`, `key_case missing`},
		{`{"title":"ab","old_text":"x","steps":[{"n":1},{"id":5,"n":"x"}]}`, `steps[1].id: 5 is not a string (send text in quotes, such as "5"); steps[1].n: "x" is not a number (send 1.5 or "1.5")`, `type type`},
		{`{"title":"ab","old_text":"x","ref":{"sha":"abcd"}}`, `ref.sha: "abcd" is longer than 3 characters`, `length`},
		{`{"old_text":"x","Title":"ab"}`, `Title: is not a known key: keys are case-sensitive (send it as "title"); title: is required`, `key_case missing`},
	} {
		err := d.Explain([]byte(tc.args))
		got := ""
		if err != nil {
			got = err.Error()
			var le *lenient.Error
			if !errors.As(err, &le) {
				t.Errorf("%s: %T, want a *lenient.Error", tc.args, err)
			}
			var kinds []string
			for _, p := range le.Problems {
				kinds = append(kinds, string(p.Kind))
			}
			if k := strings.Join(kinds, " "); k != tc.kinds {
				t.Errorf("%s: kinds %q, want %q", tc.args, k, tc.kinds)
			}
		}
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.args, got, tc.want)
		}
	}
}

// TestExplainSound: over the equivalence corpus (GitHub's catalog, the
// SDK-inferred one, every spelling), Explain reports a problem only for
// arguments the strict schema refuses once normalized, and explains most
// of those.
func TestExplainSound(t *testing.T) {
	type tool struct {
		name   string
		strict []byte
	}
	tools := []tool{{"corpus", []byte(deriveCorpus)}, {"absent", []byte(absentCorpus)}}
	for _, tl := range realTools(t) {
		tools = append(tools, tool{tl.name, tl.schema})
	}
	refused, explained := 0, 0
	for _, tl := range tools {
		d, err := Tool(tl.name, tl.strict)
		if err != nil {
			t.Fatal(err)
		}
		n, err := normalize.New(d.Rules)
		if err != nil {
			t.Fatal(err)
		}
		strict := compileDerived(t, tl.name, tl.strict)
		props := d.strict.Get("properties")
		if props == nil {
			continue
		}
		for _, p := range props.Keys {
			key, _ := json.Marshal(p)
			for _, v := range deriveValues {
				args := []byte(`{` + string(key) + `:` + v + `}`)
				norm, _, err := n.NormalizeJSON(tl.name, args)
				if misnamedOnly(err) {
					continue // refused by a misnamed_key rule: class (j), TestDeriveMisnamed
				}
				if err != nil {
					t.Fatal(err)
				}
				valid := validDerived(strict, norm)
				err = d.Explain(norm)
				switch {
				case valid && err != nil:
					t.Errorf("%s %s: normalized to %s, which the strict schema takes; Explain says %v", tl.name, args, norm, err)
				case !valid:
					refused++
					if err != nil {
						explained++
					}
				}
			}
		}
	}
	t.Logf("%d tools: %d calls refused, %d explained", len(tools), refused, explained)
	if refused == 0 || explained*10 < refused*9 {
		t.Errorf("%d of %d refused calls explained, want at least 90%%", explained, refused)
	}
}

// TestExplainOtherMembers: a member additionalProperties holds beside
// declared ones has its string form named, as its rule (at the pattern
// of every other name, otherNames) reads it.
func TestExplainOtherMembers(t *testing.T) {
	d, err := Tool("t", []byte(`{"type":"object","properties":{"name":{"type":"string"}},"additionalProperties":{"type":"integer"}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ args, want string }{
		{`{"name":"a","k":"lots"}`, `k: "lots" is not an integer (send 100 or "100")`},
		{`{"name":5}`, `name: 5 is not a string (send text in quotes, such as "5")`},
	} {
		if err := d.Explain([]byte(tc.args)); err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.args, err, tc.want)
		}
	}
}

// TestExplainPatterns: a member that patterns of patternProperties match
// is explained by each of their schemas, at its place with every schema
// that holds it (the same pattern in an allOf's branch); one no pattern
// matches by additionalProperties; where nothing is refused, nothing is
// said (a closed object with patterns is left to the validator's words).
func TestExplainPatterns(t *testing.T) {
	for _, tc := range []struct{ schema, args, want string }{
		{`{"type":"object","properties":{"p":{"type":"object","patternProperties":{"^a":{"type":"integer"}}}}}`,
			`{"p":{"ab":"x"}}`, `p.ab: "x" is not an integer (send 100 or "100")`},
		{`{"type":"object","properties":{"p":{"type":"object","patternProperties":{"^a":{"type":"integer"}},"additionalProperties":{"type":"boolean"}}}}`,
			`{"p":{"b":"x"}}`, `p.b: "x" is not a boolean (send true or false)`},
		// (each pattern that matches holds the member: said once)
		{`{"type":"object","properties":{"p":{"type":"object","patternProperties":{"^a":{"type":"integer"},"b$":{"type":"integer","minimum":3}}}}}`,
			`{"p":{"ab":2}}`, `p.ab: 2 is less than the minimum, 3`},
		// (the empty pattern matches every name: not additionalProperties')
		{`{"type":"object","properties":{"p":{"type":"object","patternProperties":{"^a":{"type":"string"},"":{"type":"string"}},"additionalProperties":{"type":"boolean"}}}}`,
			`{"p":{"ab":"x"}}`, ``},
		// (a key the same pattern of an allOf's branch declares is one)
		{`{"type":"object","properties":{"p":{"type":"object","patternProperties":{"^a":{"type":"object","properties":{"x":{}},"required":["x"]}},"allOf":[{"patternProperties":{"^a":{"properties":{"y":{}}}}}]}}}`,
			`{"p":{"ab":{"y":1}}}`, `p.ab.x: is required`},
		{`{"type":"object","properties":{"p":{"type":"object","patternProperties":{"^a":{"type":"integer"}},"additionalProperties":false}}}`,
			`{"p":{"b":1}}`, ``},
		// (a declared key a pattern names is held to both)
		{`{"type":"object","properties":{"p":{"type":"object","properties":{"ab":{"type":"integer"}},"patternProperties":{"^a":{"minimum":3}}}}}`,
			`{"p":{"ab":2}}`, `p.ab: 2 is less than the minimum, 3`},
		// (a key a pattern of another schema at the place names is one
		// of the object's: no "which is not a key")
		{`{"type":"object","required":["a"],"properties":{"a":{}},"allOf":[{"patternProperties":{"^x-":{}}}]}`,
			`{"x-foo":1}`, `a: is required`},
	} {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		err = d.Explain([]byte(tc.args))
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && got != tc.want {
			t.Errorf("%s %s:\n got %v\nwant %q", tc.schema, tc.args, err, tc.want)
		}
	}
}

// TestExplainOnce: a constraint the schema states at several places (its
// own keywords, an allOf's branches, a $ref's target beside them) is
// explained once: the model reads each problem once.
func TestExplainOnce(t *testing.T) {
	for _, tc := range []struct{ schema, args, want string }{
		{`{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"],"allOf":[{"required":["a"]},{"required":["a"]}]}`,
			`{}`, `a: is required`},
		{`{"type":"object","properties":{"a":{"type":"integer","maximum":3}},"allOf":[{"properties":{"a":{"maximum":3}}}]}`,
			`{"a":5}`, `a: 5 is more than the maximum, 3`},
		{`{"type":"object","$defs":{"x":{"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":false}},"$ref":"#/$defs/x","properties":{"a":{"type":"integer"}},"additionalProperties":false}`,
			`{"a":1,"b":2}`, `b: is not a known key (accepted: a)`},
		// a key left out is named alike by each schema at the object's
		// place that requires it, with the keys any of them declares
		// (the allOf's branch said "the object has "A", which is not a
		// key" beside the root's "send it as "a"")
		{`{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"],"allOf":[{"required":["a"]}]}`,
			`{"A":1}`, `A: is not a known key: keys are case-sensitive (send it as "a"); a: is required`},
		{`{"type":"object","required":["a"],"allOf":[{"properties":{"a":{"type":"integer"}}}]}`,
			`{"A":1}`, `A: is not a known key: keys are case-sensitive (send it as "a"); a: is required`},
		{`{"type":"object","properties":{"abc":{"type":"integer"}},"required":["abc"],"allOf":[{"required":["abc"]}]}`,
			`{"abd":1}`, `abc: is required; "abd" is not a key: send it as "abc"`},
		// a key declared at the place by another schema is no unknown key
		// there, and of a union's branches only the one that applies, or
		// what every branch declares, declares keys (found by review: a
		// branch's key in another case read as a key_case problem)
		{`{"type":"object","properties":{"a":{"type":"integer"},"b":{}},"required":["a"],"allOf":[{"required":["a"]}]}`,
			`{"b":1}`, `a: is required`},
		{`{"type":"object","properties":{"a":{"type":"integer"},"name":{"type":"string"}},"required":["a"],"allOf":[{"properties":{"Name":{"type":"string"}},"required":["a"]}]}`,
			`{"name":"n"}`, `a: is required`},
		{`{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"oneOf":[{"properties":{"kind":{"const":"a"},"ID":{"type":"integer"}},"required":["kind"]},{"properties":{"kind":{"const":"b"},"id":{"type":"integer"}},"required":["kind"]}]}`,
			`{"kind":"b","id":1}`, `x: is required; the object has "id", which is not a key`},
		{`{"type":"object","properties":{"a":{"type":"integer"},"kind":{"type":"string"}},"required":["a"],"anyOf":[{"properties":{"kind":{"const":"x"},"a":{},"Size":{}},"additionalProperties":false},{"properties":{"kind":{"const":"y"},"a":{},"size":{}},"additionalProperties":false}]}`,
			`{"kind":"y","size":1}`, `a: is required; the object has "size", which is not a key`},
		{`{"type":"object","properties":{"abc":{"type":"integer"},"kind":{"enum":["x","y"]}},"required":["abc"],"oneOf":[{"properties":{"kind":{"const":"x"},"ABD":{}}},{"properties":{"kind":{"const":"y"}}}]}`,
			`{"kind":"y","abd":1}`, `abc: is required; "abd" is not a key: send it as "abc"`},
		// a member or an element reached through two schemas at its
		// parent's place (a $ref's target and the schema's own
		// properties; an allOf's branch restating items) is one place
		// ("o.b: is required; the object has "c", which is not a key;
		// o.b: is required")
		{`{"$defs":{"X":{"type":"object","properties":{"o":{"type":"object","properties":{"b":{}},"required":["b"]}}}},"type":"object","$ref":"#/$defs/X","properties":{"o":{"type":"object","properties":{"c":{}},"required":["b"]}}}`,
			`{"o":{"c":1}}`, `o.b: is required`},
		{`{"$defs":{"X":{"type":"object","properties":{"o":{"type":"object","properties":{"b":{}},"required":["b"]}}}},"type":"object","$ref":"#/$defs/X","properties":{"o":{"type":"object","properties":{"c":{}},"required":["b"]}}}`,
			`{"o":{"B":1}}`, `o.B: is not a known key: keys are case-sensitive (send it as "b"); o.b: is required`},
		{`{"type":"object","properties":{"l":{"type":"array","items":{"type":"object","properties":{"b":{}},"required":["b"]}}},"allOf":[{"properties":{"l":{"items":{"properties":{"c":{}},"required":["b"]}}}}]}`,
			`{"l":[{"c":1}]}`, `l[0].b: is required`},
		{`{"type":"object","properties":{"o":{"type":"object","properties":{"o":{"type":"object","properties":{"x":{}},"required":["x"]}}}}}`,
			`{"o":{"o":{"X":1}}}`, `o.o.X: is not a known key: keys are case-sensitive (send it as "x"); o.o.x: is required`},
		// problems alike in words at different paths stay apart
		{`{"type":"object","properties":{"a":{"type":"integer","maximum":3},"b":{"type":"integer","maximum":3}},"allOf":[{"properties":{"a":{"maximum":3}}}]}`,
			`{"a":5,"b":5}`, `a: 5 is more than the maximum, 3; b: 5 is more than the maximum, 3`},
		// a different bound at the same path is a problem of its own
		{`{"type":"object","properties":{"a":{"type":"integer","maximum":3}},"allOf":[{"properties":{"a":{"maximum":4}}}]}`,
			`{"a":5}`, `a: 5 is more than the maximum, 4; a: 5 is more than the maximum, 3`},
		// a closed object's key in another case is told to be sent as
		// its own declared name only where no schema at its place
		// refuses that (found by review: "send it as "b"", which the
		// allOf's branch refuses, and twice, with two answers)
		{`{"type":"object","properties":{"a":{},"b":{}},"additionalProperties":false,"allOf":[{"properties":{"b":false}}]}`,
			`{"B":1}`, `B: is not a known key (accepted: a)`},
		{`{"type":"object","properties":{"a":{},"b":{}},"additionalProperties":false,"allOf":[{"properties":{"a":{}},"additionalProperties":false}]}`,
			`{"B":1}`, `B: is not a known key (accepted: a)`},
		// a member of additionalProperties has the place of the schemas
		// that hold it (found by review: "send it as "name"", which the
		// branch's additionalProperties refuses)
		{`{"type":"object","properties":{"o":{"type":"object","properties":{"name":{},"a":{}},"required":["a"]}},"allOf":[{"additionalProperties":{"type":"object","properties":{"a":{}},"additionalProperties":false}}]}`,
			`{"o":{"Name":1}}`, `o.Name: is not a known key (accepted: a); o.a: is required; the object has "Name", which is not a key`},
		// a $ref's siblings in draft-07 name no type and declare no
		// member (found by review)
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"S":{"type":"boolean"}},"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/definitions/S","type":"integer"},{"type":"null"}]}}}`,
			`{"a":"x"}`, `a: "x" is not a boolean (send true or false)`},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"X":{"type":"object","properties":{"p":{"type":"object","properties":{"abc":{}},"required":["abc"]}}}},"type":"object","properties":{"o":{"$ref":"#/definitions/X","properties":{"p":{"properties":{"abd":{}}}}}}}`,
			`{"o":{"p":{"abd":1}}}`, `o.p.abc: is required; "abd" is not a key: send it as "abc"`},
	} {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Explain([]byte(tc.args)); err == nil || err.Error() != tc.want {
			t.Errorf("%s %s:\n got %v\nwant %s", tc.schema, tc.args, err, tc.want)
		}
	}
}

// TestExplainAdvice: a key Explain advises sending is one the schema
// takes there: never a name whose schema is false, or that a closed
// schema at the object's place does not declare (it advised "send it as
// "name"", which the allOf's branch then refused); a key whose schema is
// false is not a known key.
func TestExplainAdvice(t *testing.T) {
	for _, tc := range []struct{ schema, args, want string }{
		{`{"type":"object","properties":{"a":{"type":"integer"},"name":{}},"required":["a"],"allOf":[{"properties":{"name":false}}]}`,
			`{"Name":1}`, `a: is required; the object has "Name", which is not a key`},
		{`{"type":"object","properties":{"a":{"type":"integer"},"name":{}},"required":["a"],"allOf":[{"properties":{"a":{}},"additionalProperties":false}]}`,
			`{"Name":1}`, `Name: is not a known key (accepted: a); a: is required; the object has "Name", which is not a key`},
		{`{"type":"object","properties":{"a":{},"b":false}}`, `{"b":1}`, `b: is not a known key (accepted: a)`},
		{`{"type":"object","properties":{"a":{},"b":false},"additionalProperties":false}`, `{"c":1}`, `c: is not a known key (accepted: a)`},
		{`{"type":"object","properties":{"abc":{},"abd":false},"required":["abc"]}`, `{"abx":1}`, `abc: is required; "abx" is not a key: send it as "abc"`},
		// a union's branch read as taking an object where deep arguments
		// cut the reading short, then kept, made the branch that applies
		// one of two, and its key b no key (found by review)
		{`{"$defs":{"S":{"type":"string"},"U":{"anyOf":[{"$ref":"#/$defs/S"},{"type":"object","properties":{"b":{"type":"integer"}}}]},"U2":{"$ref":"#/$defs/U"},"Node":{"type":"object","properties":{"k":{"$ref":"#/$defs/Node"},"u":{"$ref":"#/$defs/U2"}}}},` +
			`"type":"object","properties":{"deep":{"$ref":"#/$defs/Node"},"o":{"type":"object","required":["a"],"properties":{"a":{"type":"string"}},"$ref":"#/$defs/U"}}}`,
			`{"deep":` + strings.Repeat(`{"k":`, 29) + `{"u":{}}` + strings.Repeat(`}`, 29) + `,"o":{"b":1}}`, `o.a: is required`},
		// a $ref's siblings in draft-07, which its validators ignore,
		// refuse nothing (found by review: "a: "x" is not an integer")
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"X":{"type":"string"}},"type":"object","properties":{"a":{"$ref":"#/definitions/X","type":"integer"}},"required":["z"]}`,
			`{"a":"x"}`, `z: is required`},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"X":{"type":"string"}},"type":"object","properties":{"a":{"$ref":"#/definitions/X","type":"integer"}},"required":["z"]}`,
			`{"a":5,"z":1}`, `a: 5 is not a string (send text in quotes, such as "5")`},
		// a number for a string enum whose values its text is none of
		// names the values, where it said to send "4", refused again
		// (found by a newcomer's trial); its text among them: quote it
		{`{"type":"object","properties":{"digits":{"type":"string","enum":["1","2","3"]}}}`, `{"digits":4}`, `digits: 4 is not one of "1", "2", "3"`},
		{`{"type":"object","properties":{"digits":{"type":"string","enum":["1","20"]}}}`, `{"digits":20}`, `digits: 20 is not a string (send text in quotes, such as "20")`},
	} {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Explain([]byte(tc.args)); err == nil || err.Error() != tc.want {
			t.Errorf("%s %s:\n got %v\nwant %s", tc.schema, tc.args, err, tc.want)
		}
	}
}

// TestExplainBounded: Explain reads each schema once for each value it
// reaches it at (a $ref cycle under allOf, branches that share a
// target, a chain of unions that fan out), so that a refused call costs
// in proportion to its value and schema, never exponentially in the
// schema's references: it runs on every refused call of a server's
// schema, which the server's author wrote and a model's call walks.
func TestExplainBounded(t *testing.T) {
	// chain is a schema whose $defs L0..Ln-1 each take what both branches
	// of comb take, both a $ref to the next; Ln is last.
	chain := func(n int, comb, last string) string {
		var b strings.Builder
		b.WriteString(`{"$defs":{`)
		for i := range n {
			fmt.Fprintf(&b, `"L%d":{%q:[{"$ref":"#/$defs/L%d"},{"$ref":"#/$defs/L%d"}]},`, i, comb, i+1, i+1)
		}
		fmt.Fprintf(&b, `"L%d":%s}`, n, last)
		return b.String()
	}
	elems := strings.Repeat(`{"v":"x"},`, 2000)
	nested := strings.Repeat(`{"x":`, 40) + `{}` + strings.Repeat(`}`, 40)
	for _, tc := range []struct{ name, schema, args, want string }{
		{"allOf cycle at the root",
			`{"$defs":{"A":{"type":"object","allOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/A"}]}},"$ref":"#/$defs/A","required":["z"]}`,
			`{}`, `z: is required`},
		{"allOf cycle at a member",
			`{"type":"object","$defs":{"A":{"type":"integer","allOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/A"}]}},"properties":{"a":{"$ref":"#/$defs/A"}}}`,
			`{"a":"x"}`, `a: "x" is not an integer (send a number such as 100)`},
		{"anyOf chain refusing a type",
			chain(24, "anyOf", `{"type":"integer"}`) + `,"type":"object","properties":{"a":{"$ref":"#/$defs/L0"}}}`,
			`{"a":"x"}`, `a: "x" is not an integer (send a number such as 100)`},
		{"anyOf chain naming null",
			chain(24, "anyOf", `{"type":"null"}`) + `,"type":"object","properties":{"a":{"$ref":"#/$defs/L0"}}}`,
			`{"a":"x"}`, `a: "x" is not null (send null, or leave the key out)`},
		{"allOf chain of objects",
			chain(24, "allOf", `{"type":"object","required":["id"]}`) + `,"type":"object","properties":{"a":{"$ref":"#/$defs/L0"}}}`,
			`{"a":{}}`, `a.id: is required`},
		{"elements under a union of shared targets",
			chain(12, "allOf", `{"type":"object","properties":{"v":{"type":"integer"}}}`) + `,"type":"object","properties":{"a":{"type":"array","items":{"$ref":"#/$defs/L0"}}}}`,
			`{"a":[` + elems + `{"v":1}]}`, ``},
		// (found by review: a reading that met its first schema again
		// at the chain's end leaned on it all the way, and each link's
		// answer, kept for no one, was read twice for each link above:
		// 67 million steps)
		{"a union's branch, a cycle through an allOf chain",
			chain(24, "allOf", `{"$ref":"#/$defs/L0"}`) + `,"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/$defs/L0"},{"type":"string"}]}},"required":["z"]}`,
			`{"a":5}`, `z: is required`},
		// (found by review: an element's names at its place were worked
		// out again for each element, unbounded by the steps: 10 s)
		{"elements under a union of 150 branches of 150 names",
			`{"$defs":{"D":{"type":"object","allOf":[` + strings.Repeat(`{"properties":{"p":{}}},`, 149) + `{"properties":{"q":{}}}]}},"type":"object","properties":{"l":{"type":"array","items":{"type":"object","required":["id"],"anyOf":[` +
				strings.TrimSuffix(strings.Repeat(`{"$ref":"#/$defs/D"},`, 150), ",") + `]}}}}`,
			`{"l":[` + strings.TrimSuffix(strings.Repeat(`{"x":1},`, 400), ",") + `]}`, `l[0].id: is required`},
		{"members reached through two schemas",
			`{"$defs":{"A":{"type":"object","allOf":[{"$ref":"#/$defs/B"},{"$ref":"#/$defs/C"}]},"B":{"properties":{"x":{"$ref":"#/$defs/A"}}},"C":{"properties":{"x":{"$ref":"#/$defs/A"}},"required":["y"]}},"$ref":"#/$defs/A"}`,
			nested, `x.x.y: is required`},
	} {
		// (the strict schema alone: deriving rules from a chain of
		// allOfs that reaches itself is a cost of its own)
		root, err := ParseNode([]byte(tc.schema))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		d := &Derivation{strict: root}
		steps, err := d.explain([]byte(tc.args))
		// a few steps for each value and schema pair: never a schema read
		// again for the same value, never a value again for the same
		// schema
		if limit := 4 * values(t, tc.args) * strings.Count(tc.schema, "{"); steps > limit {
			t.Errorf("%s: %d steps (more than %d)", tc.name, steps, limit)
		}
		if tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s:\n got %v\nwant …%s…", tc.name, err, tc.want)
		}
	}
}

// values counts the JSON values in the text v, its members' and
// elements' at every depth.
func values(t *testing.T, v string) int {
	var x any
	if err := json.Unmarshal([]byte(v), &x); err != nil {
		t.Fatal(err)
	}
	var count func(x any) int
	count = func(x any) int {
		n := 1
		switch x := x.(type) {
		case map[string]any:
			for _, m := range x {
				n += count(m)
			}
		case []any:
			for _, e := range x {
				n += count(e)
			}
		}
		return n
	}
	return count(x)
}
