package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// TestDeriveEnumTypes: an integer enum reads its values' text (an
// enum_digits rule, the texts as a string enum branch), and a string enum
// holding the text of booleans or integers reads them (an enum_text rule,
// a boolean branch and an integer branch bounded to their run, no enum of
// booleans or numbers, which hosts refuse); only the values the field's
// schema takes, and nothing where no value is such a text, where one
// boolean is ("true" alone: no schema every host takes says it) or the
// integers are not one run of two or more; no enum_case rule where no
// value holds a letter (gaps: a case branch would repeat the enum). An
// optional enum read in any letter case reads "" and "null" as left out
// (a null_text rule; its case branch takes them).
func TestDeriveEnumTypes(t *testing.T) {
	const strict = `{"type":"object","properties":{
		"size":{"type":"integer","enum":[1,2,3]},
		"level":{"type":["integer","null"],"enum":[-1,0,100,null],"maximum":50},
		"mode":{"type":"string","enum":["true","false","auto"]},
		"on":{"type":"string","enum":["true","Auto"]},
		"digits":{"type":"string","enum":["1","2","02","x"],"description":"d"},
		"plain":{"type":"string","enum":["a","b"]},
		"gaps":{"type":"string","enum":["1","3"]},
		"lone":{"type":"string","enum":["+1","-1","heart"]},
		"big":{"type":"integer","enum":[1,1234567890123456]},
		"frac":{"type":"number","enum":[1,2.5]}
	},"required":["size","mode"]}`
	d, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, r := range d.Rules {
		if r.Type == lenient.RuleEnumText || r.Type == lenient.RuleEnumDigits || r.Type == lenient.RuleEnumCase || r.Type == lenient.RuleNullText {
			rules = append(rules, rulespec.TargetPath(r)+" "+string(r.Type)+" "+string(r.Value))
		}
	}
	want := []string{
		`size enum_digits [1,2,3]`,
		`level null_text `,
		`level enum_digits [-1,0]`,
		`mode enum_case ["true","false","auto"]`,
		`mode enum_text ["true","false"]`,
		`on null_text `,
		`on enum_case ["true","Auto"]`,
		`digits null_text `,
		`digits enum_case ["1","2","02","x"]`,
		`digits enum_text ["1","2"]`,
		`plain null_text `,
		`plain enum_case ["a","b"]`,
		`lone null_text `,
		`lone enum_case ["+1","-1","heart"]`,
	}
	if diff := cmp.Diff(want, rules); diff != "" {
		t.Errorf("rules (-want +got):\n%s", diff)
	}
	props := d.Schema.Get("properties")
	for p, want := range map[string]string{
		"size":   `{"anyOf":[{"type":"integer","enum":[1,2,3]},{"type":"string","enum":["1","2","3"]}]}`,
		"level":  `{"anyOf":[{"type":"integer","enum":[-1,0,100],"maximum":50},{"type":"string","enum":["-1","0","null",""]},{"type":"null"}]}`,
		"mode":   `{"anyOf":[{"type":"string","enum":["true","false","auto"]},{"type":"string","pattern":"^(([tT][rR][uU]|[fF][aA][lL][sS])[eE]|[aA][uU][tT][oO])$"},{"type":"boolean"}]}`,
		"on":     `{"anyOf":[{"type":"string","enum":["true","Auto"]},{"type":"string","pattern":"^([tT][rR][uU][eE]|[aA][uU][tT][oO]|null)?$"},{"type":"null"}]}`,
		"digits": `{"anyOf":[{"type":"string","enum":["1","2","02","x"],"description":"d"},{"type":"string","pattern":"^(1|0?2|[xX]|null)?$"},{"type":"integer","minimum":1,"maximum":2},{"type":"null"}]}`,
		"big":    `{"anyOf":[{"type":"integer","enum":[1,1234567890123456]},{"type":"null"}]}`,
	} {
		if got := string(props.Get(p).Marshal()); got != want {
			t.Errorf("%s:\n got %s\nwant %s", p, got, want)
		}
	}
}

// TestDeriveNumberEnumDigits: a number schema whose enum holds whole
// numbers alone (an OpenAPI-style flag, {"type": "number", "enum": [0,
// 1]}) reads their texts as them, as an integer enum does (enum_digits):
// "1" is 1, "1.0" and "2" are left for the schema to refuse; an enum
// holding a fraction stays strict. Judged by unionSound.
func TestDeriveNumberEnumDigits(t *testing.T) {
	flag := `{"type":"object","properties":{"x":{"type":"number","enum":[0,1]}}}`
	d, _ := deriveNormalizer(t, "flag", flag)
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleEnumDigits && r.From == "x" }) {
		t.Errorf("flag: no enum_digits rule; rules %v, warnings %s", d.Rules, warnings(d))
	}
	half := `{"type":"object","properties":{"x":{"type":"number","enum":[0,0.5]}}}`
	if d, _ := deriveNormalizer(t, "half", half); slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleEnumDigits }) {
		t.Errorf("half: an enum_digits rule beside a fraction")
	}
	calls := []string{`{"x":"1"}`, `{"x":"1.0"}`, `{"x":1}`, `{"x":"2"}`, `{"x":"0.5"}`, `{"x":0.5}`}
	unionSound(t, []unionCase{
		{"flag", flag, calls},
		{"half", half, calls},
		{"bounded", `{"type":"object","properties":{"x":{"type":"number","enum":[1,2,3],"exclusiveMaximum":3}}}`, []string{`{"x":"3"}`, `{"x":"2"}`}},
	})
}

// TestDeriveNullableEnumCase: a nullable string enum that lists null
// among its values ({"type": ["string", "null"], "enum": ["open",
// "closed", null]}, zod's union of literals with null, OpenAI's
// structured outputs' form) reads its values in another letter case, as
// the anyOf spelling does; null stays a value. Judged by unionSound.
func TestDeriveNullableEnumCase(t *testing.T) {
	schema := `{"type":"object","properties":{"state":{"type":["string","null"],"enum":["open","closed",null]}},"required":["state"]}`
	d, _ := deriveNormalizer(t, "state", schema)
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleEnumCase && r.From == "state" }) {
		t.Errorf("state: no enum_case rule; rules %v, warnings %s", d.Rules, warnings(d))
	}
	unionSound(t, []unionCase{{"state", schema, []string{`{"state":"Open"}`, `{"state":"open"}`, `{"state":null}`, `{"state":"null"}`, `{"state":"OTHER"}`}}})
}

// TestDeriveEnumTextsAtDepth: an integer enum's digit text, and a JSON
// boolean or number for a string enum holding its text, are read for an
// array's elements and a map's values too (pydantic's list[IntEnum],
// dict[str, Literal[1, 2]]), as for a property; but not for the
// elements of an array with uniqueItems, two of which could read as one.
func TestDeriveEnumTextsAtDepth(t *testing.T) {
	schema := `{"type":"object","properties":{` +
		`"levels":{"type":"array","items":{"type":"integer","enum":[1,2,3]}},` +
		`"weights":{"type":"object","additionalProperties":{"enum":[1,2],"type":"integer"}},` +
		`"flags":{"type":"array","items":{"type":"string","enum":["true","false","auto"]}},` +
		`"unique":{"type":"array","uniqueItems":true,"items":{"type":"integer","enum":[1,2,3]}}}}`
	unionSound(t, []unionCase{{"depth", schema, []string{`{"levels":["2",3]}`, `{"levels":["4"]}`, `{"weights":{"a":"1"}}`,
		`{"flags":[true,"auto"]}`, `{"unique":["2"]}`, `{"unique":["2",2]}`, `{"levels":["02"]}`}}})
	d, _ := deriveNormalizer(t, "depth", schema)
	kinds := ruleKinds(d)
	for _, want := range []string{"enum_digits:levels[]", "enum_digits:weights{}", "enum_text:flags[]"} {
		if !slices.Contains(kinds, want) {
			t.Errorf("no %s: rules %v", want, kinds)
		}
	}
	if slices.Contains(kinds, "enum_digits:unique[]") {
		t.Errorf("enum_digits for the elements of an array with uniqueItems: rules %v", kinds)
	}
}

// TestDeriveBooleanEnumBesideStrings: a value typed boolean and string
// whose enum holds booleans and other texts (JSCS's {"type": ["boolean",
// "null", "string"], "enum": [true, false, null, "smart"]}) reads the
// booleans' string form, as an anyOf of a boolean and a string enum
// does: the boolean branch the type array splits into takes the enum's
// booleans alone (its type refuses the rest). No text a string the enum
// holds is read ("true" beside "true"), and a boolean the enum leaves out
// stays refused. A boolean's or a string's own enum holding other
// values reads alike: {"type": "boolean", "enum": [true, "smart"]}
// takes true alone. Judged by unionSound and by AJV.
func TestDeriveBooleanEnumBesideStrings(t *testing.T) {
	cases := []unionCase{
		{"smart", `{"type":"object","properties":{"x":{"type":["boolean","null","string"],"enum":[true,false,null,"smart"]}}}`,
			[]string{`{"x":"true"}`, `{"x":"False"}`, `{"x":"smart"}`, `{"x":"SMART"}`, `{"x":"null"}`, `{"x":null}`, `{"x":"yes"}`, `{"x":true}`, `{"x":"other"}`}},
		{"true-only", `{"type":"object","properties":{"x":{"type":["boolean","string"],"enum":[true,"auto"]}}}`,
			[]string{`{"x":"true"}`, `{"x":"false"}`, `{"x":false}`, `{"x":"auto"}`, `{"x":true}`}},
		{"one-type", `{"type":"object","properties":{"x":{"type":"boolean","enum":[true,"smart"]}}}`,
			[]string{`{"x":"true"}`, `{"x":"smart"}`, `{"x":true}`, `{"x":"false"}`}},
		{"anyOf-mixed", `{"type":"object","properties":{"x":{"anyOf":[{"type":"string","enum":["smart",true]},{"type":"boolean"}]}}}`,
			[]string{`{"x":"true"}`, `{"x":"smart"}`, `{"x":true}`, `{"x":"no"}`}},
		{"one-type-null", `{"type":"object","properties":{"x":{"type":["boolean","null"],"enum":[true,null,"smart"]}}}`,
			[]string{`{"x":"true"}`, `{"x":"smart"}`, `{"x":null}`, `{"x":"null"}`, `{"x":"false"}`}},
		{"text-too", `{"type":"object","properties":{"x":{"type":["boolean","string"],"enum":[true,false,"true"]}}}`,
			[]string{`{"x":"true"}`, `{"x":"false"}`, `{"x":"True"}`, `{"x":false}`}},
		{"none", `{"type":"object","properties":{"x":{"type":["boolean","string"],"enum":["a",1]}}}`,
			[]string{`{"x":"true"}`, `{"x":"a"}`, `{"x":true}`}},
	}
	unionSound(t, cases)
	for _, tc := range cases[:5] {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleTypeCoerce && r.From == "x" }) {
			t.Errorf("%s: no type_coerce rule; rules %v, warnings %s", tc.name, ruleKinds(d), warnings(d))
		}
	}
	for _, tc := range cases[5:] {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		if slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleTypeCoerce }) {
			t.Errorf("%s: a type_coerce rule where no boolean's text may be read; rules %v", tc.name, ruleKinds(d))
		}
	}
	ajvSound(t, cases)
}

// TestDeriveNullTextHeldOffAtDepth: where a string branch of a boolean's
// union takes "null" (a string enum of its own, or a type array's mixed
// enum), no null_text rule reads it, at an array's elements and a map's
// values as at a property: nullText gives one at every site, and the
// string branch is held off alike (scalarNullText). Found by review:
// "null" in the enum came out as null. Judged by unionSound and AJV.
func TestDeriveNullTextHeldOffAtDepth(t *testing.T) {
	s := `{"type":["boolean","null","string"],"enum":[true,false,null,"null"]}`
	cases := []unionCase{
		{"items", `{"type":"object","properties":{"x":{"type":"array","items":` + s + `}}}`,
			[]string{`{"x":["null"]}`, `{"x":[null]}`, `{"x":["true"]}`}},
		{"map", `{"type":"object","properties":{"x":{"type":"object","additionalProperties":` + s + `}}}`,
			[]string{`{"x":{"k":"null"}}`, `{"x":{"k":null}}`, `{"x":{"k":"true"}}`}},
		{"patternProperties", `{"type":"object","properties":{"x":{"type":"object","patternProperties":{"^k":` + s + `}}}}`,
			[]string{`{"x":{"k":"null"}}`, `{"x":{"k":null}}`, `{"x":{"k":"true"}}`}},
		{"items-anyOf-null", `{"type":"object","properties":{"x":{"type":"array","items":{"anyOf":[{"type":"null"},{"type":["boolean","string"],"enum":[true,"null"]}]}}}}`,
			[]string{`{"x":["null"]}`, `{"x":[null]}`, `{"x":["true"]}`}},
		{"items-nullable", `{"type":"object","properties":{"x":{"type":"array","items":{"type":["boolean","string"],"nullable":true,"enum":[true,"null",null]}}}}`,
			[]string{`{"x":["null"]}`, `{"x":["true"]}`}},
		{"items-string-enum", `{"type":"object","properties":{"x":{"type":"array","items":{"anyOf":[{"type":"boolean"},{"type":"string","enum":["null","smart"]},{"type":"null"}]}}}}`,
			[]string{`{"x":["null"]}`, `{"x":[null]}`, `{"x":["true"]}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}

// TestDeriveBooleanConstArray: a const that is an array beside "type":
// "boolean" ([true], [true, "x"]) is no boolean: the strict schema takes
// nothing there, and no rule reads a boolean's text as one it would take
// (unfit). Found by review: "true" was read as true, which the schema
// refuses, and advertised. Judged by unionSound and AJV.
func TestDeriveBooleanConstArray(t *testing.T) {
	calls := []string{`{"x":"true"}`, `{"x":"yes"}`, `{"x":"1"}`, `{"x":true}`, `{"x":"false"}`}
	cases := []unionCase{
		{"const-array-mixed", wrapX(`{"type":"boolean","const":[true,"x"]}`), calls},
		{"const-array-mixed-items", `{"type":"object","properties":{"x":{"type":"array","items":{"type":"boolean","const":[true,"x"]}}}}`, []string{`{"x":["true"]}`, `{"x":[true]}`}},
		{"const-array-typearray", wrapX(`{"type":["boolean","null"],"const":[true,1]}`), calls},
		{"const-array", wrapX(`{"type":"boolean","const":[true]}`), calls},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}

// TestDeriveSplitEnumByType: a type array split into one branch per type
// gives each branch the values of its enum (or const) of that type alone,
// which its type refuses the others of, and no branch to a type that
// none of its values is of (it takes nothing): the rewrite serves no
// value twice, a string branch reads its enum's other letter cases, and
// it takes what the strict schema takes (unionSound, AJV). A const in
// draft-04, which has no const, and an enum beside a $ref that draft-07
// reads alone, split nothing away.
func TestDeriveSplitEnumByType(t *testing.T) {
	obj := func(x string) string { return `{"type":"object","properties":{"x":` + x + `}}` }
	cases := []unionCase{
		{"smart", obj(`{"type":["boolean","null","string"],"enum":[true,false,null,"smart"]}`),
			[]string{`{"x":"true"}`, `{"x":"smart"}`, `{"x":"SMART"}`, `{"x":null}`, `{"x":"null"}`, `{"x":1}`}},
		{"no-array", obj(`{"type":["array","string"],"enum":["a","b"]}`),
			[]string{`{"x":"a"}`, `{"x":"A"}`, `{"x":["a"]}`, `{"x":"c"}`}},
		{"integers", obj(`{"type":["integer","number","string"],"enum":[1,2.5,"a"]}`),
			[]string{`{"x":1}`, `{"x":2.5}`, `{"x":"1"}`, `{"x":"a"}`, `{"x":"A"}`, `{"x":3}`}},
		{"none", obj(`{"type":["integer","boolean"],"enum":["a"]}`),
			[]string{`{"x":"a"}`, `{"x":1}`, `{"x":"true"}`}},
		{"nullable", obj(`{"type":["string","integer"],"nullable":true,"enum":["a",1]}`),
			[]string{`{"x":null}`, `{"x":"A"}`, `{"x":1}`}},
		{"one-left", obj(`{"type":["integer","string"],"minimum":1,"enum":["a","b"]}`),
			[]string{`{"x":"a"}`, `{"x":"B"}`, `{"x":2}`}},
		{"one-left-items", obj(`{"type":"array","items":{"type":["array","string"],"items":{"type":"integer"},"minLength":1,"enum":["a"]}}`),
			[]string{`{"x":["a"]}`, `{"x":["A"]}`, `{"x":[["1"]]}`}},
		{"unique", obj(`{"type":"array","uniqueItems":true,"items":{"type":["integer","string"],"enum":[1,2,"a"]}}`),
			[]string{`{"x":["a","A"]}`, `{"x":["a",1]}`, `{"x":["A"]}`}},
		{"null-refused", `{"type":"object","properties":{"x":{"type":["string","null"],"enum":["a"]},"y":{"type":["integer","null"],"enum":[1,2]}},"required":["x"]}`,
			[]string{`{"x":null}`, `{"x":"a","y":null}`, `{"x":"a","y":"2"}`, `{"x":"A","y":2}`, `{"x":"a","y":"null"}`}},
		{"const", obj(`{"type":["string","integer","null"],"const":"full"}`),
			[]string{`{"x":"full"}`, `{"x":"FULL"}`, `{"x":null}`, `{"x":5}`}},
		{"const-draft-04", draft("draft-04", `"type":"object","properties":{"x":{"type":["string","integer"],"const":"full"}}}`),
			[]string{`{"x":5}`, `{"x":"5"}`, `{"x":"full"}`, `{"x":"other"}`}},
		{"ref-draft-07", draft("draft-07", `"definitions":{"s":{"type":"string"}},"type":"object","properties":{"x":{"$ref":"#/definitions/s","type":["string","integer"],"enum":["a"]}}}`),
			[]string{`{"x":"b"}`, `{"x":5}`, `{"x":"a"}`, `{"x":null}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases[:len(cases)-2]) // (AJV here reads no draft's $schema)
	noCaseUnique(t, cases[slices.IndexFunc(cases, func(c unionCase) bool { return c.name == "unique" })])

	want := map[string][]string{
		"smart":        {`{"type":"boolean","enum":[true,false]}`, `{"type":"string","enum":["smart"]}`},
		"no-array":     {`{"type":"string","enum":["a","b"]}`},
		"integers":     {`{"type":"integer","enum":[1]}`, `{"type":"number","enum":[1,2.5]}`, `{"type":"string","enum":["a"]}`},
		"nullable":     {`{"type":"string","enum":["a"]}`, `{"type":"integer","enum":[1]}`, `{"type":"string","enum":["1"]}`},
		"null-refused": {`{"type":"string","enum":["a"]}`},
		"one-left":     {`{"type":"string","enum":["a","b"]}`},
	}
	for _, tc := range cases {
		d, _ := deriveNormalizer(t, tc.name, tc.schema)
		x := d.Schema.Get("properties").Get("x")
		var typed []string
		walkSchemas(x, func(s *Node) {
			if ty := s.Get("type"); ty != nil && ty.Kind == '[' && !strings.Contains(tc.name, "draft") {
				t.Errorf("%s: the rewrite serves a type array: %s", tc.name, x.Marshal())
			}
			typ, ok := s.Get("type").AsString()
			if !ok {
				return
			}
			for _, k := range []string{"enum", "const"} {
				vals := []*Node{s.Get(k)}
				if k == "enum" {
					vals = s.Get(k).Items()
				}
				if s.Get(k) == nil || strings.Contains(tc.name, "draft") || tc.name == "none" {
					// (a keyword its draft does not read, served as it
					// is; an enum no type takes a value of, kept in each
					// branch, which takes nothing as the strict schema)
					continue
				}
				for _, v := range vals {
					if !ofType(v, typ) {
						t.Errorf("%s: the rewrite serves %s beside the type %s, which refuses it: %s", tc.name, v.Marshal(), typ, x.Marshal())
					}
				}
			}
			if s.Get("enum") != nil && s.Get("pattern") == nil {
				typed = append(typed, string(s.Marshal()))
			}
		})
		if w, ok := want[tc.name]; ok {
			if diff := cmp.Diff(w, typed); diff != "" {
				t.Errorf("%s: the enums served (-want +got):\n%s\nrewrite %s", tc.name, diff, x.Marshal())
			}
		}
	}
}

// walkSchemas calls f on s and on every object below it.
func walkSchemas(s *Node, f func(*Node)) {
	if s == nil {
		return
	}
	if s.Kind == '{' {
		f(s)
	}
	for _, v := range s.Vals {
		walkSchemas(v, f)
	}
}

// TestDeriveUnionEnumCaseUniqueItems: the letter case of a string enum
// in a union is not read at the elements of an array with uniqueItems,
// as a lone enum's is not: two unique items could fold to one value,
// which the array then refuses while the rewrite took them (found by
// review: ["smart", "SMART"] came out as ["smart", "smart"]).
func TestDeriveUnionEnumCaseUniqueItems(t *testing.T) {
	tc := unionCase{"unique-anyOf", `{"type":"object","properties":{"x":{"type":"array","uniqueItems":true,"items":{"anyOf":[{"type":"string","enum":["smart"]},{"type":"integer"}]}}}}`,
		[]string{`{"x":["smart","SMART"]}`, `{"x":["SMART"]}`, `{"x":["smart","1"]}`}}
	unionSound(t, []unionCase{tc})
	ajvSound(t, []unionCase{tc})
	noCaseUnique(t, tc)
}

// TestDeriveUniqueItemsElsewhere: an array held to uniqueItems by
// another schema than the one typing its elements (an allOf's or
// anyOf's branch, a $ref's target there, the root's allOf declaring it
// again, uniqueItems beside an allOf whose branch holds the items) has
// no enum letter case, digit string or number text read at its elements,
// as one beside items has not: ["A", "a"] came out as ["a", "a"], which
// the array refuses while the rewrite took it (found by review; the
// survey read uniqueItems beside items only).
func TestDeriveUniqueItemsElsewhere(t *testing.T) {
	E := `{"type":"string","enum":["a","b"]}`
	I := `{"type":"integer","enum":[1,2,3]}`
	N := `{"type":"string","enum":["1","2","3"]}`
	calls := []string{`{"x":["A","a"]}`, `{"x":["a","A"]}`, `{"x":["1",1]}`, `{"x":[1,"1"]}`, `{"x":[2,"2"]}`, `{"x":["a","b"]}`, `{"x":[1,2]}`, `{"x":["1","2"]}`}
	cases := []unionCase{
		{"beside-items", wrapX(`{"type":"array","items":` + E + `,"uniqueItems":true}`), calls},
		{"allof-case", wrapX(`{"type":"array","items":` + E + `,"allOf":[{"uniqueItems":true}]}`), calls},
		{"allof-digits", wrapX(`{"type":"array","items":` + I + `,"allOf":[{"uniqueItems":true}]}`), calls},
		{"allof-text", wrapX(`{"type":"array","items":` + N + `,"allOf":[{"uniqueItems":true}]}`), calls},
		{"allof-ref", `{"type":"object","properties":{"x":{"type":"array","items":` + E + `,"allOf":[{"$ref":"#/$defs/U"}]}},"$defs":{"U":{"type":"array","uniqueItems":true}}}`, calls},
		{"root-allof", `{"type":"object","properties":{"x":{"type":"array","items":` + E + `}},"allOf":[{"properties":{"x":{"type":"array","uniqueItems":true}}}]}`, calls},
		{"root-allof-digits", `{"type":"object","properties":{"x":{"type":"array","items":` + I + `}},"allOf":[{"properties":{"x":{"type":"array","uniqueItems":true}}}]}`, calls},
		{"anyof-case", wrapX(`{"type":"array","items":` + E + `,"anyOf":[{"uniqueItems":true},{"minItems":2}]}`), calls},
		{"items-in-allof", wrapX(`{"type":"array","uniqueItems":true,"allOf":[{"items":` + E + `}]}`), calls},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
	// (without uniqueItems anywhere, the elements' forms are read)
	d, _ := deriveNormalizer(t, "plain", wrapX(`{"type":"array","items":`+E+`,"allOf":[{"minItems":1}]}`))
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleEnumCase }) {
		t.Errorf("no uniqueItems: no enum_case rule at the elements: %v", ruleKinds(d))
	}
}

// noCaseUnique fails where tc's rules read an enum's letter case.
func noCaseUnique(t *testing.T, tc unionCase) {
	t.Helper()
	d, _ := deriveNormalizer(t, tc.name, tc.schema)
	if slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleEnumCase }) {
		t.Errorf("%s: an enum_case rule at the elements of an array with uniqueItems: %v", tc.name, ruleKinds(d))
	}
}

// TestDeriveIntEnumBesideStrings: an integer enum beside strings that
// are never its values' texts (a type array's split enum, [1, 2,
// "auto"]; an anyOf of an integer enum and a string pattern) reads those
// texts as a lone integer enum does: an enum_digits rule and a string
// enum branch of the texts, at a property, an array's elements and a
// map's values, with "null" where null is a value. Where a string branch
// may take such a text, another integer branch would read other texts,
// or at the elements of an array with uniqueItems, there is no rule.
// Judged by unionSound and by AJV.
func TestDeriveIntEnumBesideStrings(t *testing.T) {
	obj := func(x string) string { return `{"type":"object","properties":{"x":` + x + `}}` }
	u := `{"type":["integer","string"],"enum":[1,2,"auto"]}`
	calls := []string{`{"x":"1"}`, `{"x":"2"}`, `{"x":"3"}`, `{"x":"01"}`, `{"x":1}`, `{"x":"auto"}`, `{"x":"AUTO"}`, `{"x":"null"}`, `{"x":null}`}
	read := []unionCase{
		{"type-array", obj(u), calls},
		{"anyOf-pattern", obj(`{"anyOf":[{"type":"integer","enum":[1,2]},{"type":"string","pattern":"^[a-z]+$"}]}`), calls},
		{"bounded", obj(`{"type":["integer","string"],"enum":[1,2,"auto"],"minimum":2}`), calls},
		{"nullable", obj(`{"type":["integer","string","null"],"enum":[1,2,"auto",null]}`), calls},
		{"items", obj(`{"type":"array","items":` + u + `}`), []string{`{"x":["1","auto"]}`, `{"x":["3"]}`, `{"x":[2]}`}},
		{"map", obj(`{"type":"object","additionalProperties":` + u + `}`), []string{`{"x":{"k":"1"}}`, `{"x":{"k":"x"}}`}},
	}
	strict := []unionCase{
		{"text-taken", obj(`{"type":["integer","string"],"enum":[1,2,"1"]}`), calls},
		{"null-text-taken", obj(`{"type":["integer","string","null"],"enum":[1,2,"null",null]}`), calls},
		{"pattern-digits", obj(`{"anyOf":[{"type":"integer","enum":[1,2]},{"type":"string","pattern":"^[a-z0-9]+$"}]}`), calls},
		{"two-integers", obj(`{"anyOf":[{"type":"integer","enum":[1,2]},{"type":"integer","minimum":10},{"type":"string","enum":["auto"]}]}`), calls},
		{"unique", obj(`{"type":"array","uniqueItems":true,"items":` + u + `}`), []string{`{"x":["1",1]}`, `{"x":["1"]}`}},
	}
	all := append(append([]unionCase{}, read...), strict...)
	unionSound(t, all)
	ajvSound(t, all)
	digits := func(d *Derivation) bool {
		return slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Type == lenient.RuleEnumDigits })
	}
	for _, tc := range read {
		if d, _ := deriveNormalizer(t, tc.name, tc.schema); !digits(d) {
			t.Errorf("%s: no enum_digits rule; rules %v, warnings %s", tc.name, ruleKinds(d), warnings(d))
		}
	}
	for _, tc := range strict {
		if d, _ := deriveNormalizer(t, tc.name, tc.schema); digits(d) {
			t.Errorf("%s: an enum_digits rule where a text may be another value's: %v", tc.name, ruleKinds(d))
		}
	}
}
