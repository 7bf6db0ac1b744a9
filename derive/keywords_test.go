package derive

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// keywordCases are keywords the deriver does not read, with a value as
// schemas in the wild carry them, and whether they may constrain a value.
var keywordCases = []struct {
	key, value string
	constrains bool
}{
	// Annotations: vendor keywords, editors' and generators' hints, the
	// annotation vocabularies, OpenAPI's documentation keywords, a
	// misspelling. JSON Schema 2020-12 reads an unknown keyword as an
	// annotation.
	{"x-mcp-header", `"Owner"`, false},
	{"x-kubernetes-preserve-unknown-fields", `true`, false},
	{"x-kubernetes-int-or-string", `true`, false},
	{"x-prompt", `"How many?"`, false},
	{"x-unit", `"ms"`, false},
	{"readonly", `true`, false},
	{"example", `5`, false},
	{"markdownDescription", `"**how many**"`, false},
	{"enumDescriptions", `["a"]`, false},
	{"faker", `"random.number"`, false},
	{"_format", `"int"`, false},
	{"optional", `true`, false},
	{"errorMessage", `"send a number"`, false},
	{"xml", `{"name":"n"}`, false},
	{"externalDocs", `{"url":"https://example.com"}`, false},
	{"contentSchema", `{"type":"object"}`, false},
	// Keywords spelled with "$" that no draft defines (JSONSchemaBench's
	// dss-2.0.0 types with "$xsd-type", others mark "$deprecated"):
	// no validator reads them.
	{"$xsd-type", `"xs:int"`, false},
	{"$deprecated", `true`, false},
	{"$unknownCore", `"x"`, false},
	// Annotations the deriver knew already.
	{"$comment", `"note"`, false},
	{"examples", `[5]`, false},
	{"title", `"Count"`, false},
	{"deprecated", `true`, false},
	{"readOnly", `true`, false},
	{"writeOnly", `true`, false},
	{"contentMediaType", `"text/plain"`, false},
	// Keywords of other drafts and validators' extensions, which a host's
	// validator may enforce.
	{"divisibleBy", `2`, true},
	{"disallow", `"string"`, true},
	{"extends", `{"minimum":1}`, true},
	{"$recursiveRef", `"#"`, true},
	{"$recursiveAnchor", `true`, true},
	{"discriminator", `{"propertyName":"kind"}`, true},
	{"range", `[1,5]`, true},
	{"exclusiveRange", `[1,5]`, true},
	{"typeof", `"number"`, true},
	{"instanceof", `"Number"`, true},
	{"regexp", `"^[0-9]+$"`, true},
	{"transform", `["trim"]`, true},
	{"formatMinimum", `"2020-01-01"`, true},
	{"prohibited", `["a"]`, true},
	{"patternRequired", `["^a"]`, true},
	{"propertyDependencies", `{}`, true},
	{"$data", `"1/n"`, true},
	{"$merge", `{"source":{"type":"integer"},"with":{"minimum":1}}`, true},
	{"$patch", `{"source":{"type":"integer"},"with":[]}`, true},
	{"$async", `true`, true},
}

// TestAnnotationKeywords: a keyword the deriver does not read is an
// annotation (kept where it stands, the field lenient as without it)
// unless it may constrain a value; then the field stays strict, with one
// warning for the keyword however many fields carry it.
func TestAnnotationKeywords(t *testing.T) {
	const plain = `{"type":"object","properties":{"n":{"type":"integer"%s},"t":{"type":["boolean","null"]%s},"s":{"type":"string"%s}}}`
	base, err := Tool("t", fmt.Appendf(nil, plain, "", "", ""))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range keywordCases {
		kv := `,"` + tc.key + `":` + tc.value
		d, err := Tool("t", fmt.Appendf(nil, plain, kv, kv, kv))
		if err != nil {
			t.Fatalf("%s: %v", tc.key, err)
		}
		got := warnings(d)
		if !tc.constrains {
			if got != "" {
				t.Errorf("%s: an annotation, warned: %s", tc.key, got)
			}
			if !slices.EqualFunc(d.Rules, base.Rules, func(a, b lenient.Rule) bool { return a.ID == b.ID && a.Type == b.Type }) {
				t.Errorf("%s: an annotation, rules %v, want %v", tc.key, ruleIDs(d.Rules), ruleIDs(base.Rules))
			}
			// Kept once on each field, on its first branch; the rest as
			// without it.
			if n := strings.Count(string(d.Schema.Marshal()), `"`+tc.key+`":`); n != 3 {
				t.Errorf("%s: kept %d times, want 3: %s", tc.key, n, d.Schema.Marshal())
			}
			if got, want := string(withoutKey(d.Schema.Clone(), tc.key).Marshal()), string(base.Schema.Marshal()); got != want {
				t.Errorf("%s: an annotation, rewrite without it\n got %s\nwant %s", tc.key, got, want)
			}
			continue
		}
		want := fmt.Sprintf(`t: n: unknown keyword %q; left strict here and at 2 more fields: t, s`, tc.key)
		if got != want {
			t.Errorf("%s: may constrain: warnings\n got %q\nwant %q", tc.key, got, want)
		}
		if slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.From == "n" || r.From == "t" }) {
			t.Errorf("%s: may constrain, rules %v", tc.key, ruleIDs(d.Rules))
		}
	}
}

func ruleIDs(rules []lenient.Rule) []string {
	var ids []string
	for _, r := range rules {
		ids = append(ids, r.ID)
	}
	return ids
}

// TestUnknownKeywordOncePerCatalog: a keyword that may constrain is
// named in one warning per catalog, with the fields it leaves strict.
func TestUnknownKeywordOncePerCatalog(t *testing.T) {
	var tools []string
	for i := range 8 {
		tools = append(tools, fmt.Sprintf(`{"name":"t%d","inputSchema":{"type":"object","properties":{"a":{"type":"integer","divisibleBy":2},"b":{"type":"integer","range":[1,2]},"c":{"type":"integer","x-mcp-header":"C"}}}}`, i))
	}
	d, err := Catalog([]byte(`[` + strings.Join(tools, ",") + `]`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range d.Warnings {
		got = append(got, w.String())
	}
	want := []string{
		`t0: a: unknown keyword "divisibleBy"; left strict here and at 7 more fields: t1: a, t2: a, t3: a, t4: a, t5: a, and 2 more`,
		`t0: b: unknown keyword "range"; left strict here and at 7 more fields: t1: b, t2: b, t3: b, t4: b, t5: b, and 2 more`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n got %q\nwant %q", got, want)
	}
}

// withoutKey removes key from every object of n.
func withoutKey(n *Node, key string) *Node {
	if n.Kind == '{' && n.Get(key) != nil {
		n.Delete(key)
	}
	for _, v := range n.Vals {
		withoutKey(v, key)
	}
	return n
}
