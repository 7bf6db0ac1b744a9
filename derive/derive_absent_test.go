package derive

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// absentCorpus has optional fields of every shape, at the top level, in
// a nested object and in an array's objects.
const absentCorpus = `{"type":"object","required":["q"],"properties":{
	"q":{"type":"string"},
	"limit":{"type":"integer","minimum":1},
	"active":{"type":["boolean","null"]},
	"cursor":{"type":"string"},
	"tags":{"type":"array","items":{"type":"string"}},
	"filter":{"type":"object","required":["field"],"properties":{"field":{"type":"string"},"min":{"type":"integer"}}},
	"items":{"type":"array","items":{"type":"object","properties":{"n":{"type":"number"}}}},
	"env":{"type":"object","additionalProperties":{"type":"integer"}},
	"any":{},
	"maybe":{"anyOf":[{"type":"string"},{"type":"null"}]},
	"e":{"type":"integer","enum":[1,2]},
	"either":{"anyOf":[{"type":"object","properties":{"x":{"type":"integer"}}},{"type":"object","properties":{"y":{"type":"integer"}}}]},
	"mode":{"type":"string","enum":["fast","safe"]},
	"nv":{"type":"string","enum":["Null","some"]},
	"bl":{"type":"string","enum":["","all"]}
}}`

// TestDeriveAbsent: as generated decoders read them, null for an optional
// field whose schema takes no null, and "" for one with a string form
// that is not a string, read as the field left out (an absent rule), at
// the top level, in nested objects and in array elements; never where
// null or "" is a value of the field. The lenient schema advertises them.
func TestDeriveAbsent(t *testing.T) {
	d, err := Tool("t", []byte(absentCorpus))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		if r.Type == lenient.RuleAbsent {
			got = append(got, rulespec.TargetPath(r)+" "+string(r.Value))
		}
	}
	want := []string{
		`limit [null,""]`, `active [""]`, `cursor [null]`, `tags [null,""]`,
		`filter [null,""]`, `filter.min [null,""]`, `items [null,""]`, `items[].n [null,""]`,
		`env [null,""]`, `e [null,""]`, `either [null,""]`,
		`mode [null,""]`, `nv [null]`, `bl [null]`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("absent rules (-want +got):\n%s", diff)
	}
	strict := compileDerived(t, "absent-strict", []byte(absentCorpus))
	lax := compileDerived(t, "absent-lenient", d.Schema.Marshal())
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args, want string // want "" for a call the strict schema still refuses
	}{
		{`{"q":"x","limit":null}`, `{"q":"x"}`},
		{`{"q":"x","limit":""}`, `{"q":"x"}`},
		{`{"q":"x","active":""}`, `{"q":"x"}`},
		{`{"q":"x","active":null}`, `{"q":"x","active":null}`},
		{`{"q":"x","cursor":null}`, `{"q":"x"}`},
		{`{"q":"x","cursor":""}`, `{"q":"x","cursor":""}`},
		{`{"q":"x","tags":""}`, `{"q":"x"}`},
		{`{"q":"x","tags":null}`, `{"q":"x"}`},
		{`{"q":"x","filter":{"field":"f","min":null}}`, `{"q":"x","filter":{"field":"f"}}`},
		{`{"q":"x","filter":"{\"field\":\"f\",\"min\":\"\"}"}`, `{"q":"x","filter":{"field":"f"}}`},
		{`{"q":"x","items":[{"n":""},{"n":null},{"n":"1.5"}]}`, `{"q":"x","items":[{},{},{"n":1.5}]}`},
		{`{"q":"x","env":{"a":null}}`, ``},
		{`{"q":"x","any":null}`, `{"q":"x","any":null}`},
		{`{"q":"x","maybe":null}`, `{"q":"x","maybe":null}`},
		{`{"q":"x","e":null}`, `{"q":"x"}`},
		{`{"q":"x","e":""}`, `{"q":"x"}`}, // an integer enum has a string form, its values' texts
		{`{"q":"x","e":"2"}`, `{"q":"x","e":2}`},
		{`{"q":"x","e":"3"}`, ``},
		{`{"q":null}`, ``},
		{`{"q":"x","filter":{"field":null}}`, ``},
		{`{"q":"x","either":{"x":null}}`, `{"q":"x","either":{"x":null}}`}, // the second branch takes any x
		// a string enum read in any letter case and holding no "": "" and
		// "null" are no value of it (Cursor sends "" for a parameter left
		// out), as generated decoders read them; an enum holding "" or
		// "null" keeps it
		{`{"q":"x","mode":""}`, `{"q":"x"}`},
		{`{"q":"x","mode":"null"}`, `{"q":"x"}`},
		{`{"q":"x","mode":"SAFE"}`, `{"q":"x","mode":"safe"}`},
		{`{"q":"x","mode":"NULL"}`, ``},
		{`{"q":"x","nv":"null"}`, `{"q":"x","nv":"Null"}`},
		{`{"q":"x","nv":""}`, ``},
		{`{"q":"x","bl":""}`, `{"q":"x","bl":""}`},
	} {
		out, _, err := n.NormalizeJSON("t", []byte(tc.args))
		if err != nil {
			t.Fatal(err)
		}
		taken := validDerived(strict, out)
		switch {
		case tc.want == "" && taken:
			t.Errorf("%s: normalized to %s, taken; want it refused", tc.args, out)
		case tc.want != "" && (!taken || string(out) != tc.want):
			t.Errorf("%s: normalized to %s (taken: %v), want %s", tc.args, out, taken, tc.want)
		}
		if advertised := validDerived(lax, []byte(tc.args)); advertised != taken {
			t.Errorf("%s: the lenient schema admits it: %v; the server takes it: %v", tc.args, advertised, taken)
		}
	}
}

// TestDeriveNullText: "null" as text, for an optional field that is not a
// string and has a string form, is null (a null_text rule before the
// absent rule): left out where null reads as left out, null where the
// schema takes null; a string field's "null" is its text, and where no
// string form is derived it is refused as before. The
// lenient schema advertises exactly what is taken.
func TestDeriveNullText(t *testing.T) {
	d, err := Tool("t", []byte(absentCorpus))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		if r.Type == lenient.RuleNullText {
			got = append(got, rulespec.TargetPath(r))
		}
	}
	want := []string{"limit", "active", "tags", "filter", "filter.min", "items", "items[].n", "env", "e", "either", "mode"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("null_text rules (-want +got):\n%s", diff)
	}
	strict := compileDerived(t, "nulltext-strict", []byte(absentCorpus))
	lax := compileDerived(t, "nulltext-lenient", d.Schema.Marshal())
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args, want string // want "" for a call the strict schema still refuses
	}{
		{`{"q":"x","limit":"null"}`, `{"q":"x"}`},
		{`{"q":"x","active":"null"}`, `{"q":"x","active":null}`},
		{`{"q":"x","cursor":"null"}`, `{"q":"x","cursor":"null"}`},
		{`{"q":"x","maybe":"null"}`, `{"q":"x","maybe":"null"}`},
		{`{"q":"x","tags":"null"}`, `{"q":"x"}`},
		{`{"q":"x","filter":{"field":"f","min":"null"}}`, `{"q":"x","filter":{"field":"f"}}`},
		{`{"q":"x","items":[{"n":"null"}]}`, `{"q":"x","items":[{}]}`},
		{`{"q":"x","limit":"NULL"}`, ``},
		{`{"q":"x","e":"null"}`, `{"q":"x"}`},
		{`{"q":"null"}`, `{"q":"null"}`},
	} {
		out, applied, err := n.NormalizeJSON("t", []byte(tc.args))
		if err != nil {
			t.Fatal(err)
		}
		taken := validDerived(strict, out)
		switch {
		case tc.want == "" && taken:
			t.Errorf("%s: normalized to %s, taken; want it refused", tc.args, out)
		case tc.want != "" && (!taken || string(out) != tc.want):
			t.Errorf("%s: normalized to %s (taken: %v), want %s", tc.args, out, taken, tc.want)
		}
		if advertised := validDerived(lax, []byte(tc.args)); advertised != taken {
			t.Errorf("%s: the lenient schema admits it: %v; the server takes it: %v", tc.args, advertised, taken)
		}
		if tc.want != "" && string(out) != tc.args && (len(applied) == 0 || applied[0].Type != lenient.RuleNullText) {
			t.Errorf("%s: applied %+v; want a null_text fix first", tc.args, applied)
		}
	}
}

// TestDeriveNullTextRequired: a required property that may be null, as
// claude-code#81911's (`anyOf: [integer, null]`, required; the client sent
// the string "null"), reads "null" as null too; "" stays refused. So do
// pydantic's required Optional[Model] and Optional[list[int]], whose
// string form is their JSON text.
func TestDeriveNullTextRequired(t *testing.T) {
	const schema = `{"type":"object","required":["gen","on","m","l"],"properties":{
		"gen":{"anyOf":[{"type":"integer","exclusiveMinimum":0},{"type":"null"}]},
		"on":{"type":["boolean","null"]},
		"opt":{"type":["number","null"]},
		"m":{"anyOf":[{"$ref":"#/$defs/M"},{"type":"null"}]},
		"l":{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"null"}],"title":"L"}},
		"$defs":{"M":{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"],"title":"M"}}}`
	d, err := Tool("t", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	strict := compileDerived(t, "nulltext-required-strict", []byte(schema))
	lax := compileDerived(t, "nulltext-required-lenient", d.Schema.Marshal())
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ args, want string }{
		{`{"gen":"null","on":"null","m":null,"l":null}`, `{"gen":null,"on":null,"m":null,"l":null}`},
		{`{"gen":"5","on":"yes","opt":"null","m":null,"l":null}`, `{"gen":5,"on":true,"opt":null,"m":null,"l":null}`},
		{`{"gen":"","on":null,"m":null,"l":null}`, ``},
		{`{"gen":null,"on":null,"opt":"","m":null,"l":null}`, `{"gen":null,"on":null,"m":null,"l":null}`},
		{`{"gen":1,"on":true,"m":"null","l":"null"}`, `{"gen":1,"on":true,"m":null,"l":null}`},
		{`{"gen":1,"on":true,"m":"{\"a\":\"2\"}","l":"[\"3\"]"}`, `{"gen":1,"on":true,"m":{"a":2},"l":[3]}`},
	} {
		out, _, err := n.NormalizeJSON("t", []byte(tc.args))
		if err != nil {
			t.Fatal(err)
		}
		taken := validDerived(strict, out)
		switch {
		case tc.want == "" && taken:
			t.Errorf("%s: normalized to %s, taken; want it refused", tc.args, out)
		case tc.want != "" && (!taken || string(out) != tc.want):
			t.Errorf("%s: normalized to %s (taken: %v), want %s", tc.args, out, taken, tc.want)
		}
		if advertised := validDerived(lax, []byte(tc.args)); advertised != taken {
			t.Errorf("%s: the lenient schema admits it: %v; the server takes it: %v", tc.args, advertised, taken)
		}
	}
	ids := map[string]int{}
	for _, r := range d.Rules {
		ids[r.ID]++
		if ids[r.ID] > 1 {
			t.Errorf("rule %s twice", r.ID)
		}
	}
}

// TestDeriveAbsentPaired: no absent rule reads null or "" as left out
// where the object's other keywords read which keys it holds: the keys
// of dependentRequired, dependentSchemas and dependencies and the names
// their lists require, and every key where minProperties or
// maxProperties counts them, at the top level and nested.
// ({"kind":null} was taken without the x kind requires once kind was
// removed, and {"kind":"a","x":null} refused after the rewrite took it.)
func TestDeriveAbsentPaired(t *testing.T) {
	unionSound(t, []unionCase{
		{"dependentRequired", `{"type":"object","properties":{"kind":{"type":"string"},"x":{"type":"integer"}},"dependentRequired":{"kind":["x"]}}`,
			[]string{`{"kind":null}`, `{"kind":"a","x":null}`, `{"kind":"a","x":"5"}`}},
		{"dependencies-schema-07", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"kind":{"type":"string"}},"dependencies":{"kind":{"properties":{"x":{"type":"integer"}}}}}`,
			[]string{`{"kind":null,"x":"5"}`}},
		{"dependencies-list-nested", wrapX(`{"type":"object","properties":{"kind":{"type":"string"},"x":{"type":"integer"}},"dependencies":{"kind":["x"]}}`),
			[]string{`{"x":{"kind":null}}`, `{"x":{"kind":"a","x":null}}`}},
		{"minProperties", `{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"integer"}},"minProperties":1}`,
			[]string{`{"x":null}`, `{"x":"5"}`}},
		{"maxProperties-nested", wrapX(`{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"maxProperties":1}`),
			[]string{`{"x":{"a":1,"b":null}}`}},
	})
}

// TestDeriveAbsentDependentRequired: a name a dependent schema requires
// (dependentSchemas, draft-07's dependencies of a schema) reads null as
// a value, not as left out, at the top level, nested and in arrays.
func TestDeriveAbsentDependentRequired(t *testing.T) {
	unionSound(t, []unionCase{
		{"dependentSchemas-nested", wrapX(`{"type":"object","properties":{"kind":{"type":"string"},"x":{"type":"integer"}},"dependentSchemas":{"kind":{"required":["x"]}}}`),
			[]string{`{"x":{"kind":"a","x":null}}`, `{"x":{"kind":"a","x":""}}`}},
		{"dependencies-07", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"kind":{"type":"string"},"x":{"type":"integer"},"y":{"type":"integer"}},"dependencies":{"kind":{"required":["x"]},"y":["kind"]}}`,
			[]string{`{"kind":"a","x":null}`, `{"y":1,"kind":null}`}},
		{"dependencies-07-items", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"o":{"type":"array","items":{"type":"object","properties":{"kind":{"type":"string"},"x":{"type":"integer"}},"dependencies":{"kind":{"required":["x"]}}}}}}`,
			[]string{`{"o":[{"kind":"a","x":null}]}`}},
	})
}

// TestDeriveAbsentPropertyNames: beside propertyNames, which reads each
// name given (and may refuse a declared one), no absent rule removes a
// member: {"b":null}, refused for its name, was taken once b was
// removed.
func TestDeriveAbsentPropertyNames(t *testing.T) {
	unionSound(t, []unionCase{
		{"not-const", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"propertyNames":{"not":{"const":"b"}}}`, []string{`{"b":null}`, `{"a":"x"}`}},
		{"max-length-nested", wrapX(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"propertyNames":{"maxLength":0}}`), []string{`{"x":{"b":null}}`}},
	})
}

// TestDeriveNullTextElements: "null" as text is null for an array's
// element or a map's value that may be null, as for a property: an
// array's or object's (the string branch of its JSON text takes "null",
// any string: before, the rewrite took it and the server refused it), a
// number's or boolean's (its pattern then takes "null"), but not for the
// elements of an array with uniqueItems, two of which could read as one.
func TestDeriveNullTextElements(t *testing.T) {
	calls := []string{`{"x":["null"]}`, `{"x":[null,{"a":1}]}`, `{"x":["{\"a\":\"1\"}","null"]}`, `{"m":{"k":"null"}}`, `{"m":{"k":"[1]"}}`, `{"m":{"k":null}}`,
		`{"u":["null"]}`, `{"s":["null"]}`, `{"b":["null"]}`, `{"b":["true"]}`, `{"b":[{"a":"1"}]}`}
	// (["null", null] with uniqueItems is class (k): the two read alike,
	// which it then refuses)
	unionSound(t, []unionCase{{"elements", `{"type":"object","properties":{` +
		`"x":{"type":"array","items":{"type":["object","null"],"properties":{"a":{"type":"integer"}}}},` +
		`"m":{"type":"object","additionalProperties":{"type":["array","null"]}},` +
		`"u":{"type":"array","uniqueItems":true,"items":{"anyOf":[{"type":"object"},{"type":"array"},{"type":"null"}]}},` +
		`"s":{"type":"array","items":{"anyOf":[{"type":"object"},{"type":"string"},{"type":"null"}]}},` +
		`"b":{"type":"array","items":{"type":["boolean","object","null"],"properties":{"a":{"type":"integer"}}}},` +
		`"n":{"type":"array","items":{"type":["integer","null"]}},"c":{"type":"object","additionalProperties":{"anyOf":[{"type":"boolean","const":true},{"type":"null"}]}},` +
		`"un":{"type":"array","uniqueItems":true,"items":{"type":["integer","null"]}}}}`,
		append(calls, `{"n":["null","5",null]}`, `{"c":{"k":"null","j":"yes"}}`, `{"un":["null","5"]}`, `{"un":["null",null]}`)}})
	d, _ := deriveNormalizer(t, "elements", `{"type":"object","properties":{"n":{"type":"array","items":{"type":["integer","null"]}},"un":{"type":"array","uniqueItems":true,"items":{"type":["integer","null"]}}}}`)
	if k := ruleKinds(d); !slices.Contains(k, "null_text:n[]") || slices.Contains(k, "null_text:un[]") {
		t.Errorf("null_text at n[] and not at un[]: rules %v", k)
	}
}
