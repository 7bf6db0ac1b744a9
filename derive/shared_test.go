package derive

import (
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// sharedSchema is a root anyOf of three branches that each hold a
// definition C at c (inside config), C large enough that the size bound
// keeps the third reference: the first two branches hold its copy.
func sharedSchema() string {
	var props []string
	for i := range 2100 {
		props = append(props, `"p`+strconv.Itoa(i)+`":{"type":"integer"}`)
	}
	branch := func(k string) string {
		return `{"type":"object","properties":{"kind":{"const":"` + k + `"},"config":{"type":"object","properties":{"c":{"$ref":"#/$defs/C"}}}},"required":["kind"]}`
	}
	return `{"anyOf":[` + branch("a") + `,` + branch("b") + `,` + branch("d") + `],"$defs":{"C":{"type":"object","properties":{` + strings.Join(props, ",") + `}}}}`
}

// allOfObjects: an allOf of object schemas (a definition and more
// members, as invopop writes an embedded type) is one object: its JSON
// text is read as an object's, its branches' members as theirs.
var allOfObjects = keptRefCase{"allof-objects", `{"type":"object","properties":{"ship":{"allOf":[{"$ref":"#/definitions/address"},{"type":"object","properties":{"kind":{"enum":["home","work"]},"n":{"type":"integer"}},"required":["kind"]}]}},` +
	`"definitions":{"address":{"type":"object","properties":{"street":{"type":"string"},"no":{"type":"integer"}}}}}`, []string{
	`{"ship":"{\"kind\":\"home\",\"no\":\"5\"}"}`,
	`{"ship":{"kind":"work","n":"3"}}`,
	`{"ship":{"kind":"HOME"}}`,
}}

func init() {
	keptRefs = append(keptRefs, allOfObjects)
	keptRefs = append(keptRefs, keptRefCase{"shared-copy", sharedSchema(), []string{
		`{"kind":"d","config":{"c":{"p0":"5","p7":7}}}`,
		`{"kind":"a","config":{"c":{"p1":"x"}}}`,
		`{"kind":"b","config":"{\"c\":{\"p2\":\"3\"}}"}`,
	}})
}

// TestDeriveSharedCopy: a definition the size bound keeps as a reference
// in one branch (d's config.c) and copies at the same place in others
// (a's, b's) is read alike at that place: the reference names the
// copy's lenient form, and the values below it get their rules, where
// the kept reference kept them strict in every branch (it may have held
// them otherwise). TestDeriveKeptRefStrict runs the schema's calls with
// the Go validator and AJV.
func TestDeriveSharedCopy(t *testing.T) {
	d, err := Tool("t", []byte(sharedSchema()))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool { return r.Path == "config.c.p0" && r.Type == "type_coerce" }) {
		t.Errorf("no type_coerce rule at config.c.p0; warnings %v", d.Warnings)
	}
	out := string(d.Schema.Marshal())
	if n := strings.Count(out, `"#/$defs/lenient.C"`); n != 3 {
		t.Errorf("%d references to lenient.C, want the three branches' (a's and b's copies, d's kept reference)", n)
	}
	if strings.Contains(out, `"#/$defs/C"`) || strings.Contains(out, `strict.`) {
		t.Errorf("a reference to the strict C is left in the rewrite")
	}
	for _, w := range d.Warnings {
		// (c itself, a copy in two branches and a reference in the
		// third, is read as two kinds: its JSON text is not)
		if strings.HasPrefix(w.Path, "config.c.") {
			t.Errorf("warning %v", w)
		}
	}
}

// TestDeriveAllOfObjects: the JSON text of an allOf of objects is read
// (allOfObjects), where it was left strict as a union the deriver does
// not rewrite.
func TestDeriveAllOfObjects(t *testing.T) {
	d, err := Tool("t", []byte(allOfObjects.schema))
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	in, want := `{"ship":"{\"kind\":\"home\",\"no\":\"5\"}"}`, `{"ship":{"kind":"home","no":5}}`
	if out, _, err := n.NormalizeJSON("t", []byte(in)); err != nil || string(out) != want {
		t.Errorf("%s became %s (%v), want %s", in, out, err, want)
	}
	if len(d.Warnings) > 0 {
		t.Errorf("warnings %v", d.Warnings)
	}
}

// oneOfObjects: a oneOf of typed objects (told apart by a discriminator)
// holds objects alone: a string is none of its branches, its JSON text
// is read, and the object it holds matches the branch its value would.
var oneOfObjects = keptRefCase{"oneof-objects", `{"type":"object","properties":{"ci":{"oneOf":[` +
	`{"type":"object","properties":{"type":{"enum":["jenkins"]},"poll":{"type":"integer","minimum":1}},"required":["type"],"additionalProperties":false},` +
	`{"type":"object","properties":{"type":{"enum":["circleci"]},"token":{"type":"string"},"poll":{"type":"integer","minimum":1}},"required":["type"],"additionalProperties":false},` +
	`{"type":"null"}]}}}`, []string{
	`{"ci":"{\"type\":\"jenkins\",\"poll\":\"5\"}"}`,
	`{"ci":{"type":"circleci","token":"t","poll":"2"}}`,
	`{"ci":{"type":"jenkins","token":"t"}}`,
	`{"ci":null}`,
}}

func init() { keptRefs = append(keptRefs, oneOfObjects) }

// TestDeriveOneOfObjectsText: the JSON text of a oneOf of typed objects
// is read (oneOfObjects), where it was left strict as a union the
// deriver does not rewrite.
func TestDeriveOneOfObjectsText(t *testing.T) {
	d, err := Tool("t", []byte(oneOfObjects.schema))
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	in, want := `{"ci":"{\"type\":\"jenkins\",\"poll\":\"5\"}"}`, `{"ci":{"type":"jenkins","poll":5}}`
	if out, _, err := n.NormalizeJSON("t", []byte(in)); err != nil || string(out) != want {
		t.Errorf("%s became %s (%v), want %s", in, out, err, want)
	}
}
