package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// quotedNamesSchema is a schema whose member names hold what a rule path
// spells only in quotes (".", "[", "]", "{", "}", "(", ")", "|", `<"`),
// as real configuration schemas name them: .NET's
// "System.GC.Concurrent", Azure IoT Edge's "properties.desired", Apple's
// "com.apple.…" keys, NuGet's runtime identifiers ("centos.7-x64"); at
// the top, under a nested object, in an array's elements, in a map's
// values, in a definition reached by $ref and under a name of the same
// spelling as a path ("a.b" beside "a" holding "b").
const quotedNamesSchema = `{"type":"object",
 "$defs":{"rt":{"type":"object","properties":{"centos.7-x64":{"type":"integer"}}}},
 "properties":{
  "a.b":{"type":"integer"},
  "a":{"type":"object","properties":{"b":{"type":"boolean"}}},
  "top.obj":{"type":"object","properties":{"n":{"type":"integer"}}},
  "cfg":{"type":"object","properties":{
    "System.GC.Concurrent":{"type":"boolean"},
    "a[0]":{"type":"integer"},
    "x{y}":{"type":"array","items":{"type":"integer"}},
    "p(q)|r":{"type":"number"},
    "":{"type":"integer"},
    "k<\"v\"":{"type":"integer"},
    "properties.desired":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}}},
  "list":{"type":"array","items":{"type":"object","properties":{"com.apple.x":{"type":"number"}},"required":["com.apple.x"]}},
  "m":{"type":"object","additionalProperties":{"type":"object","properties":{"v.w":{"type":"integer"}}}},
  "e":{"type":"object","properties":{"k.e":{"type":"string","enum":["celsius","fahrenheit"]}}},
  "runtimes":{"$ref":"#/$defs/rt"}
 }}`

// TestDeriveQuotedNames: a member whose name a rule path writes only in
// quotes (`cfg["System.GC.Concurrent"]`) gets the rules any other member
// gets, at every place, and a call is read alike by the normalizer,
// the strict schema and the rewrite, by the Go validator and by AJV.
func TestDeriveQuotedNames(t *testing.T) {
	d, err := Tool("t", []byte(quotedNamesSchema))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		if r.Type == lenient.RuleTypeCoerce || r.Type == lenient.RuleJSONAcceptBoth || r.Type == lenient.RuleEnumCase {
			at := r.Path
			if r.From != "" {
				at = "from:" + r.From
			}
			got = append(got, string(r.Type)+" "+at)
		}
		if strings.ContainsAny(r.ID+r.From+r.Path+r.To, "\x01\x02") {
			t.Errorf("rule %s holds a deriver's token: %+v", r.ID, r)
		}
	}
	for _, want := range []string{
		"type_coerce from:a.b",
		"type_coerce a.b",
		`json_accept_both from:top.obj`,
		`type_coerce ["top.obj"].n`,
		`type_coerce cfg["System.GC.Concurrent"]`,
		`type_coerce cfg["a[0]"]`,
		`json_accept_both cfg["x{y}"]`,
		`type_coerce cfg["x{y}"][]`,
		`type_coerce cfg["p(q)|r"]`,
		`type_coerce cfg[""]`,
		`type_coerce cfg["k<\"v\""]`,
		`json_accept_both cfg["properties.desired"]`,
		`type_coerce cfg["properties.desired"].n`,
		`type_coerce list[]["com.apple.x"]`,
		`type_coerce m{}["v.w"]`,
		`enum_case e["k.e"]`,
		`type_coerce runtimes["centos.7-x64"]`,
	} {
		if !slices.Contains(got, want) {
			t.Errorf("no rule %s; rules:\n%s", want, strings.Join(got, "\n"))
		}
	}
	for _, w := range d.Warnings {
		if strings.Contains(w.Message, "cannot spell") || strings.ContainsAny(w.Path, "\x01\x02") {
			t.Errorf("warning %s: %s", w.Path, w.Message)
		}
	}
	calls := []string{
		`{"a.b":"5","a":{"b":"true"}}`,
		`{"a":{"b":true},"a.b":5}`,
		`{"top.obj":"{\"n\":\"2\"}"}`,
		`{"cfg":{"System.GC.Concurrent":"false","a[0]":"7","x{y}":"[1,\"2\"]","p(q)|r":"1.5","k<\"v\"":"3","":"-1"}}`,
		`{"cfg":{"properties.desired":"{\"n\":\"4\"}"}}`,
		`{"cfg":{"properties.desired":{}}}`,
		`{"cfg":{"a[0]":"x"}}`,
		`{"list":[{"com.apple.x":"2.5"},{"com.apple.x":3}]}`,
		`{"list":[{"com.apple.y":"2.5"}]}`,
		`{"m":{"q":{"v.w":"9"},"r":{"v.w":1}}}`,
		`{"e":{"k.e":"CELSIUS"}}`,
		`{"e":{"k.e":"kelvin"}}`,
		`{"runtimes":{"centos.7-x64":"12"}}`,
		`{"runtimes":"{\"centos.7-x64\":\"12\"}"}`,
		`{"cfg":{"System":{"GC":{"Concurrent":"true"}}}}`,
	}
	unionSound(t, []unionCase{{"quoted", quotedNamesSchema, calls}})
	ajvSound(t, []unionCase{{"quoted", quotedNamesSchema, calls}})
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := n.NormalizeJSON("t", []byte(calls[3]))
	if want := `{"cfg":{"System.GC.Concurrent":false,"a[0]":7,"x{y}":[1,2],"p(q)|r":1.5,"k<\"v\"":3,"":-1}}`; err != nil || string(out) != want {
		t.Errorf("normalized %s (%v), want %s", out, err, want)
	}
	// A call refused names the value as the generated decoder does.
	err = d.Explain([]byte(`{"cfg":{"a[0]":"x"},"list":[{"com.apple.x":"q"}]}`))
	if want := `cfg["a[0]"]: "x" is not an integer (send 100 or "100"); list[0]["com.apple.x"]: "q" is not a number (send 1.5 or "1.5")`; err == nil || err.Error() != want {
		t.Errorf("Explain: %v, want %s", err, want)
	}
}

// TestDeriveQuotedNamesAtTop: a top-level name a rule path quotes is one
// path wherever the deriver keys it: the arguments' union or if that
// holds it otherwise keeps it strict ("a.b" as "ab" would be); a
// top-level object named "" is no path of the arguments' own members;
// and a name holding the deriver's own marks gets no rule, at the top
// too, where its rule would name another key. (A review's cases.)
func TestDeriveQuotedNamesAtTop(t *testing.T) {
	cases := []unionCase{
		{"union", `{"type":"object","anyOf":[{"properties":{"a.b":{"type":"integer"}},"required":["a.b"]},{"required":["z"]}]}`,
			[]string{`{"a.b":"5","z":1}`, `{"a.b":"5"}`}},
		{"tested", `{"type":"object","properties":{"a.b":{"type":"integer"},"n":{"type":"string"}},"if":{"properties":{"a.b":{"const":5}},"required":["a.b"]},"then":{"required":["n"]}}`,
			[]string{`{"a.b":"5"}`, `{"a.b":5}`, `{"a.b":5,"n":"x"}`}},
		{"marks", `{"type":"object","properties":{"\u0002612e62\u0002":{"type":"integer"},"\u0001":{"type":"object","properties":{"n":{"type":"integer"}}}}}`,
			[]string{`{"a.b":"5"}`, `{"\u0002612e62\u0002":"5"}`, `{"\u0001":{"n":"5"}}`}},
		{"empty", `{"type":"object","properties":{"":{"type":"object","properties":{"b":{"type":"integer"},"a.b":{"type":"integer"}}}}}`,
			[]string{`{"b":"5"}`, `{"a.b":"5"}`, `{"":{"b":"5","a.b":"6"}}`, `{"":"{}"}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases[2:]) // (AJV's strict mode refuses a required key the union's branch does not declare)
	d, err := Tool("t", []byte(`{"type":"object","properties":{"o":{"type":"object","properties":{"c.d":{"type":"object","properties":{"\u0001":{"type":"integer"}}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range d.Warnings {
		if strings.ContainsAny(w.Message, "\x02") || strings.Contains(w.Message, `\x02`) {
			t.Errorf("warning %q: %s", w.Path, w.Message)
		}
	}
	// A member named "" is warned of at [""] (o[""] below the top), not
	// at "", the arguments' own path, nor at "o.".
	d, err = Tool("t", []byte(`{"type":"object","properties":{"":{"type":"integer"},"o":{"type":"object","properties":{"":{"type":"integer","not":{"const":3}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, w := range d.FieldWarnings() {
		paths = append(paths, w.Path)
	}
	if want := []string{`[""]`, `o[""]`}; !slices.Equal(paths, want) {
		t.Errorf("warnings at %q, want %q", paths, want)
	}
}

// TestDeriveQuotedAliasDeclared: a rules file's alias to a name a path
// quotes (to "newName.y", or ["newName.y"] beside a path) stands for that
// name's variants, as any declared alias does: the derived variants are
// not left out for it, and the rules load.
func TestDeriveQuotedAliasDeclared(t *testing.T) {
	s := `{"type":"object","properties":{"cfg":{"type":"array","items":{"type":"object","properties":{"newName.y":{"type":"integer"}}}}}}`
	for _, own := range [][]lenient.Rule{
		{{ID: "al", Tools: []string{"t"}, Type: lenient.RuleNestedAlias, InPayload: "cfg", ArrayPath: "[]", From: "oldName", To: "newName.y"}},
		{{ID: "al", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: "cfg[].oldName", To: `["newName.y"]`}},
	} {
		d := WithRules("t", parseMust(t, s), own)
		for _, r := range d.Replaced {
			t.Errorf("%s: derived %s left out: %s", own[0].Type, r.Derived.ID, r.Reason)
		}
		if _, err := normalize.New(append(d.Rules, own...)); err != nil {
			t.Errorf("%s: rules do not load: %v", own[0].Type, err)
		}
	}
}

// TestDeriveEmptyNameBesideMap: a member named "" below the top is a
// key like any other where another schema at its object (the other
// branch of an allOf, the arguments' then) reads its value through
// patternProperties or additionalProperties: its rule would coerce what
// that schema holds otherwise, so it gets none, as a member "x" there
// gets none. (FuzzDeriveEquivalentShapes found it: the check took the
// name token of "" for no member at all.)
func TestDeriveEmptyNameBesideMap(t *testing.T) {
	calls := []string{`{"a":{"":"23"}}`, `{"kind":"b","a":{"":"23"}}`, `{"kind":"a","a":{"":"23"}}`, `{"a":{"":"null"}}`, `{"a":{"x":"23"}}`}
	member := `"a":{"type":"object","properties":{"":{"type":["integer","null"]}}}`
	cases := []unionCase{
		{"then-pattern", `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},` + member + `},` +
			`"if":{"properties":{"kind":{"const":"a"}}},"then":{"type":"object","properties":{"a":{"type":"object","patternProperties":{".*":{"type":"integer"}}}}}}`, calls},
		{"allof-pattern", `{"type":"object","properties":{"kind":{"type":"string"},` + member + `},` +
			`"allOf":[{"properties":{"a":{"type":"object","patternProperties":{"^$":{"type":"integer","minimum":30}}}}}]}`, calls},
		{"allof-additional", `{"type":"object","properties":{"kind":{"type":"string"},` + member + `},` +
			`"allOf":[{"properties":{"a":{"type":"object","additionalProperties":{"type":"integer"}}}}]}`, calls},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	for _, tc := range cases {
		d, err := Tool("t", []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		if kinds := strings.Join(ruleKinds(d), " "); strings.Contains(kinds, `a[""]`) {
			t.Errorf("%s: a rule reads a[\"\"], which a map keyword beside it reads too: %s", tc.name, kinds)
		}
		if !strings.Contains(warnings(d), `a[""]: integer left strict`) {
			t.Errorf("%s: no warning says why a[\"\"] is left strict: %s", tc.name, warnings(d))
		}
	}
}
