package derive

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/lint"
)

// bigPoint is an object schema of more than hoistMin bytes.
var bigPoint = `{"type":"object","description":"` + strings.Repeat("a point on the canvas ", 12) + `","properties":{"x":{"type":"integer"},"y":{"type":"integer"},"tag":{"type":"string","maxLength":8}},"required":["x"],"additionalProperties":false}`

// untypedBranch and refBranch are allOf branches of more than hoistMin
// bytes that lean on their parent: the one for its type, the other for
// the properties its parent's required names.
var (
	untypedBranch = `{"description":"` + strings.Repeat("padding text ", 20) + `","properties":{"x":{"type":"integer"},"y":{"type":"integer"}},"required":["x"]}`
	refBranch     = `{"type":"object","description":"` + strings.Repeat("padding text ", 20) + `","properties":{"k":{"$ref":"#/$defs/S"},"y":{"type":"integer"}}}`
)

// TestHoistRepeats: a schema the rewrite repeats is written once in its
// definitions and each place points at it, where that changes nothing a
// validator reads (the Go validator and AJV judge instances alike
// before and after) and each host that refuses a $ref refuses one in the
// rewrite already.
func TestHoistRepeats(t *testing.T) {
	small := `{"type":"integer","minimum":1}`
	inner := `{"type":"object","properties":{"p":` + bigPoint + `,"q":` + bigPoint + `}}`
	for _, tc := range []struct {
		name, schema string
		want         map[string]string // JSON Pointer -> its value after, as JSON
		defs         []string          // the definitions after
		unchanged    bool
	}{
		{
			name:   "copies",
			schema: `{"type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `,"c":{"type":"array","items":` + bigPoint + `},"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`,
			want:   map[string]string{"/properties/a": `{"$ref":"#/$defs/shared.a"}`, "/properties/b": `{"$ref":"#/$defs/shared.a"}`, "/properties/c/items": `{"$ref":"#/$defs/shared.a"}`, "/$defs/shared.a": bigPoint},
			defs:   []string{"S", "shared.a"},
		},
		{
			name:      "no $ref: a host that refuses one takes it as it is",
			schema:    `{"type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `}}`,
			unchanged: true,
		},
		{
			name:   "a pointer into a copy keeps it",
			schema: `{"type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `,"c":` + bigPoint + `,"e":{"$ref":"#/properties/a/properties/x"}}}`,
			want:   map[string]string{"/properties/a": bigPoint, "/properties/b": `{"$ref":"#/$defs/shared.b"}`, "/properties/c": `{"$ref":"#/$defs/shared.b"}`},
			defs:   []string{"shared.b"},
		},
		{
			name:   "a definition stands for its copies",
			schema: `{"type":"object","properties":{"a":` + bigPoint + `,"b":{"$ref":"#/definitions/Point"}},"definitions":{"Point":` + bigPoint + `}}`,
			want:   map[string]string{"/properties/a": `{"$ref":"#/definitions/Point"}`, "/definitions/Point": bigPoint},
			defs:   []string{"Point"},
		},
		{
			name:      "a $ref only where no host that refuses one reads it",
			schema:    `{"type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `},"patternProperties":{"^s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`,
			unchanged: true,
		},
		{
			name:      "an anchor below the root",
			schema:    `{"type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `,"s":{"$ref":"#p"}},"$defs":{"S":{"$anchor":"p","type":"string"}}}`,
			unchanged: true,
		},
		{
			name:      "a base URI below the root",
			schema:    `{"type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `,"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"$id":"http://x.test/s","type":"string"}}}`,
			unchanged: true,
		},
		{
			name:      "a $ref that is no fragment",
			schema:    `{"type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `,"s":{"$ref":"#/$defs/S"},"u":{"$ref":"other.json"}},"$defs":{"S":{"type":"string"}}}`,
			unchanged: true,
		},
		{
			name:      "a dialect below the root",
			schema:    `{"type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `,"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"$schema":"http://json-schema.org/draft-07/schema#","type":"string"}}}`,
			unchanged: true,
		},
		{
			name:      "another dialect below the root",
			schema:    `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `,"s":{"$ref":"#/definitions/S"}},"definitions":{"S":{"$schema":"http://json-schema.org/draft-04/schema#","type":"string"}}}`,
			unchanged: true,
		},
		{
			name:   "the root's own dialect below it (its empty fragment or none)",
			schema: `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `,"s":{"$ref":"#/definitions/S"}},"definitions":{"S":{"$schema":"https://json-schema.org/draft/2020-12/schema#","type":"string"}}}`,
			want:   map[string]string{"/properties/a": `{"$ref":"#/definitions/shared.a"}`, "/properties/b": `{"$ref":"#/definitions/shared.a"}`, "/definitions/shared.a": bigPoint},
			defs:   []string{"S", "shared.a"},
		},
		{
			name:      "small repeats",
			schema:    `{"type":"object","properties":{"a":` + small + `,"b":` + small + `,"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`,
			unchanged: true,
		},
		{
			name:   "a repeat only inside a repeat: one definition",
			schema: `{"type":"object","properties":{"a":` + inner + `,"b":` + inner + `,"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`,
			want:   map[string]string{"/properties/a": `{"$ref":"#/$defs/shared.a"}`, "/properties/b": `{"$ref":"#/$defs/shared.a"}`, "/$defs/shared.a/properties/p": `{"$ref":"#/$defs/shared.p"}`, "/$defs/shared.a/properties/q": `{"$ref":"#/$defs/shared.p"}`},
			defs:   []string{"S", "shared.a", "shared.p"},
		},
		{
			// (AJV's strict mode reads a type in a schema or its parent,
			// a $ref's target alone: the branches, made one, would not
			// compile; found by review)
			name:      "an allOf's branch, read with its parent's value",
			schema:    `{"type":"object","properties":{"a":{"type":"object","title":"A","allOf":[` + untypedBranch + `]},"b":{"type":"object","title":"B","allOf":[` + untypedBranch + `]},"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`,
			unchanged: true,
		},
		{
			// (nor its required, the properties of a branch that holds a
			// $ref: AJV compiles such a target apart)
			name:      "a branch whose properties its parent's required names",
			schema:    `{"type":"object","properties":{"a":{"type":"object","title":"A","required":["k"],"allOf":[` + refBranch + `]},"b":{"type":"object","title":"B","required":["k"],"allOf":[` + refBranch + `]},"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`,
			unchanged: true,
		},
		{
			name:   "a name a pointer spells",
			schema: `{"type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `,"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}},"$comment":"#/$defs/shared.a"}`,
			want:   map[string]string{"/properties/a": `{"$ref":"#/$defs/shared.a.2"}`},
			defs:   []string{"S", "shared.a.2"},
		},
		{
			name:   "a name taken",
			schema: `{"type":"object","properties":{"a":` + bigPoint + `,"b":` + bigPoint + `,"s":{"$ref":"#/$defs/shared.a/properties/v"}},"$defs":{"shared.a":{"type":"object","properties":{"v":{"type":"string"}}}}}`,
			want:   map[string]string{"/properties/a": `{"$ref":"#/$defs/shared.a.2"}`, "/$defs/shared.a": `{"type":"object","properties":{"v":{"type":"string"}}}`},
			defs:   []string{"shared.a", "shared.a.2"},
		},
		{
			// (the union's branch stays, and is not the definition too:
			// found by review)
			name:   "a repeat that is a union's branch too",
			schema: `{"type":"object","properties":{"d":{"anyOf":[` + bigPoint + `,{"type":"null"}]},"a":` + bigPoint + `,"b":` + bigPoint + `,"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`,
			want:   map[string]string{"/properties/d/anyOf/0": bigPoint, "/properties/a": `{"$ref":"#/$defs/shared.a"}`, "/properties/b": `{"$ref":"#/$defs/shared.a"}`},
			defs:   []string{"S", "shared.a"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, err := ParseNode([]byte(tc.schema))
			if err != nil {
				t.Fatal(err)
			}
			out := root.Clone()
			hoistRepeats(out, defsContainer(root, out))
			after := string(out.Marshal())
			if tc.unchanged {
				if after != string(root.Marshal()) {
					t.Fatalf("changed:\n%s", after)
				}
				return
			}
			if len(after) >= len(tc.schema) {
				t.Errorf("%d bytes, not fewer than %d", len(after), len(tc.schema))
			}
			for ptr, want := range tc.want {
				got, err := out.Pointer(ptr)
				if err != nil {
					t.Fatalf("%s: %v\n%s", ptr, err, after)
				}
				if string(got.Marshal()) != want {
					t.Errorf("%s = %s, want %s", ptr, got.Marshal(), want)
				}
			}
			seen := map[*Node]bool{}
			var once func(v *Node)
			once = func(v *Node) {
				if seen[v] {
					t.Fatalf("one value at two places: %s", v.Marshal())
				}
				seen[v] = true
				for _, x := range v.Vals {
					once(x)
				}
			}
			once(out)
			container := defsContainer(root, out)
			if got := out.Get(container).Keys; !slices.Equal(got, tc.defs) {
				t.Errorf("%s %v, want %v", container, got, tc.defs)
			}
			hoistAlike(t, tc.schema, after)
		})
	}
}

// hoistAlike judges instances of the schemas above by the Go validator
// and by AJV, before (schema) and after (hoisted): each takes them alike.
func hoistAlike(t *testing.T, schema, hoisted string) {
	t.Helper()
	p := `{"x":1,"y":2}`
	insts := []string{
		`{}`, `{"a":` + p + `}`, `{"a":{"x":"1"}}`, `{"a":{"y":2}}`, `{"b":` + p + `,"c":[` + p + `,{"x":1,"z":0}]}`,
		`{"a":{"p":` + p + `,"q":{"x":1,"tag":"waytoolongatag"}}}`, `{"b":{"p":` + p + `}}`, `{"s":"x"}`, `{"s":1}`, `{"e":1}`, `{"e":"1"}`,
		`{"c":` + p + `}`, `{"a":1}`, `{"a":{"k":"1"}}`, `{"a":{}}`, `{"b":{"x":1,"y":"2"}}`,
	}
	before := compileDerived(t, "before", []byte(schema))
	after := compileDerived(t, "after", []byte(hoisted))
	var raw []json.RawMessage
	for _, in := range insts {
		if b, a := validDerived(before, []byte(in)), validDerived(after, []byte(in)); a != b {
			t.Errorf("%s: valid %v before, %v after", in, b, a)
		}
		raw = append(raw, json.RawMessage(in))
	}
	v := ajvcheck.Validate(t, []ajvcheck.Case{{Schema: json.RawMessage(schema), Instances: raw}, {Schema: json.RawMessage(hoisted), Instances: raw}})
	if v[0] == nil || v[1] == nil {
		return
	}
	for i, in := range insts {
		if v[0][i] != v[1][i] {
			t.Errorf("AJV: %s: valid %v before, %v after", in, v[0][i], v[1][i])
		}
	}
}

// TestRefusingHostsUncapped: refusingHosts, which decides where an
// anyOf is read past guards, sees a host whose finding sorts past
// lint.MaxFindingsPerTool others (it read capped findings before).
func TestRefusingHostsUncapped(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := range lint.MaxFindingsPerTool + 10 {
		fmt.Fprintf(&b, `"a%03d":{"type":["string","null"]},`, i)
	}
	b.WriteString(`"zz":{"type":"object","if":{"required":["q"]},"then":{"required":["r"]}}}}`)
	hosts := refusingHosts(mustParse(t, []byte(b.String())))
	if !slices.Contains(hosts, string(lint.HostZed)) {
		t.Errorf("hosts %v, want zed among them", hosts)
	}
}

// TestInlineBudget: the nodes inlining may add, by the strict schema's:
// at least 4096; up to 6144 within eight times a smaller schema's;
// twice a larger one's.
func TestInlineBudget(t *testing.T) {
	for _, tc := range []struct{ n, want int }{
		{0, 4096}, {400, 4096}, {600, 4800}, {768, 6144}, {1000, 6144}, {3072, 6144}, {4000, 8000},
	} {
		if got := inlineBudget(tc.n); got != tc.want {
			t.Errorf("inlineBudget(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
}

// TestPlaceName: a hoisted definition is named for its first place's
// member (STYLE: names come from fields, not counters).
func TestPlaceName(t *testing.T) {
	for _, tc := range []struct {
		field, keyword, key, want string
	}{
		{"", "properties", "a", "a"},
		{"a", "properties", "b", "b"},
		{"a", "items", "", "a.items"},
		{"", "items", "", "items"},
		{"m", "additionalProperties", "", "m.values"},
		{"m", "patternProperties", "^x", "m.values"},
		{"m", "propertyNames", "", "m.names"},
		{"x", "anyOf", "", "x"},
		{"", "$defs", "Foo", "Foo"},
		{"", "properties", "a b/c~", "a_b_c_"},
		{"", "properties", "", "_"},
		{"", "properties", "café", "caf_"},
	} {
		if got := placeName(tc.field, jsonnode.Subschema{Keyword: tc.keyword, Key: tc.key}); got != tc.want {
			t.Errorf("placeName(%q, %s %q) = %q, want %q", tc.field, tc.keyword, tc.key, got, tc.want)
		}
	}
}

// TestHoistIncremental: each survey after the first measures again only
// the objects the round before changed and those holding them, at each
// place they stand (one object may stand at two); the rewrite is the one
// measuring everything again each round gives.
func TestHoistIncremental(t *testing.T) {
	inner := `{"type":"object","properties":{"p":` + bigPoint + `,"q":` + bigPoint + `}}`
	schema := `{"type":"object","properties":{"a":` + inner + `,"b":` + inner + `,"c":{"type":"array","items":` + inner + `},"d":{"anyOf":[` + inner + `,{"type":"null"}]},"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`
	build := func(shared bool) *Node {
		out := mustParse(t, []byte(schema))
		if shared {
			// (one object at two places: the deriver's rewrites share
			// what they do not change)
			props := out.Get("properties")
			props.Set("z", props.Get("d"))
			props.Get("c").Set("items", props.Get("d").Get("anyOf").Items()[0])
		}
		return out
	}
	for _, shared := range []bool{false, true} {
		got, want := build(shared), build(shared)
		hoistRepeats(got, "$defs")
		hoistAfresh(want, "$defs")
		if g, w := string(got.Marshal()), string(want.Marshal()); g != w {
			t.Errorf("shared %v:\n got %s\nwant %s", shared, g, w)
		}
		if !strings.Contains(string(got.Get("$defs").Marshal()), `"p":{"$ref":"#/$defs/shared.`) {
			t.Errorf("shared %v: no repeat inside a definition moved (one round only?): %s", shared, got.Marshal())
		}
	}
	// Two objects alike only once a round has made a member of one a
	// $ref to the definition the other's already is: the next round
	// measures the one it changed (and its properties) again.
	holder := func(m string) string {
		return `{"type":"object","description":"` + strings.Repeat("holds a point ", 20) + `","properties":{"m":` + m + `}}`
	}
	// hoisted hoists the rewrite build makes, and fails where measuring
	// again only what a round changed moves otherwise than measuring
	// everything again.
	hoisted := func(what string, build func() *Node) *Node {
		t.Helper()
		got, want := build(), build()
		hoistRepeats(got, "$defs")
		hoistAfresh(want, "$defs")
		if g, w := string(got.Marshal()), string(want.Marshal()); g != w {
			t.Errorf("%s:\n got %s\nwant %s", what, g, w)
		}
		return got
	}
	parsed := func(schema string) func() *Node { return func() *Node { return mustParse(t, []byte(schema)) } }
	alike := `{"type":"object","properties":{"a":` + holder(`{"$ref":"#/$defs/Point"}`) + `,"b":` + holder(bigPoint) + `},"$defs":{"Point":` + bigPoint + `}}`
	if got := hoisted("alike after a round", parsed(alike)); got.Get("properties").Get("b").Get("$ref") == nil {
		t.Errorf("alike after a round: b not moved: %s", got.Marshal())
	}
	// The same, where the object the round changes stands at two places:
	// each object holding it is measured again.
	wrap := func(what, x string) string {
		return `{"type":"object","description":"` + strings.Repeat(what, 20) + `","properties":{"x":` + x + `}}`
	}
	// (f's holder is c's: a round makes it alike g's)
	twice := `{"type":"object","properties":{"c":` + wrap("wraps ", holder(bigPoint)) + `,"f":` + wrap("holds ", `{}`) + `,"g":` + wrap("holds ", holder(`{"$ref":"#/$defs/Point"}`)) + `},"$defs":{"Point":` + bigPoint + `}}`
	shared := func() *Node {
		out := mustParse(t, []byte(twice))
		props := out.Get("properties")
		props.Get("f").Get("properties").Set("x", props.Get("c").Get("properties").Get("x"))
		return out
	}
	if got := hoisted("alike after a round, at two places", shared); got.Get("properties").Get("g").Get("$ref") == nil {
		t.Errorf("alike after a round, at two places: g not moved: %s", got.Marshal())
	}
	// The same, where the round changes a schema's one subschema (its
	// items), not a member of its properties: the holder is measured
	// again though no list or map of it changed.
	elements := func(m string) string {
		return `{"type":"array","description":"` + strings.Repeat("lists points ", 20) + `","items":` + m + `}`
	}
	items := `{"type":"object","properties":{"a":` + elements(`{"$ref":"#/$defs/Point"}`) + `,"b":` + elements(bigPoint) + `},"$defs":{"Point":` + bigPoint + `}}`
	if got := hoisted("alike after a round, through items", parsed(items)); got.Get("properties").Get("b").Get("$ref") == nil {
		t.Errorf("alike after a round, through items: b not moved: %s", got.Marshal())
	}
	// A rewrite without definitions: the first round writes them, a
	// member of the arguments more, and the next round measures the
	// arguments again to find the repeats inside those it moved.
	bare := `{"type":"object","properties":{"a":` + inner + `,"b":` + inner + `,"self":{"$ref":"#"}}}`
	if got := hoisted("definitions written by the first round", parsed(bare)); !strings.Contains(string(got.Marshal()), `"p":{"$ref":"#/$defs/shared.`) {
		t.Errorf("definitions written by the first round: no repeat inside one moved: %s", got.Marshal())
	}
	// A string that is a pointer into a definition only a round writes
	// (shared.a, the first place of a holder that repeats): the next
	// round reads it as every pointer, and leaves the value it names
	// where it is, where it moves its repeats elsewhere (c's).
	pointer := `{"type":"object","description":"#/$defs/shared.a/properties/m","properties":{"a":` + holder(bigPoint) + `,"b":` + holder(bigPoint) + `,"c":` + bigPoint + `,"self":{"$ref":"#"}}}`
	got := hoisted("a pointer into a definition a round writes", parsed(pointer))
	if def := got.Get("$defs").Get("shared.a"); def == nil || def.Get("properties").Get("m").Get("$ref") != nil {
		t.Errorf("a pointer into a definition a round writes: the value it names moved: %s", got.Marshal())
	}
}

// hoistAfresh is hoistRepeats measuring the whole rewrite again each
// round, and following each of its pointers again (pointed).
func hoistAfresh(out *Node, container string) {
	h := newHoister(out, container)
	if h == nil {
		return
	}
	for i := range hoistRounds {
		if i > 0 {
			h.sums, h.pinned = nil, nil
			h.survey()
		}
		if !h.round() {
			break
		}
	}
}
