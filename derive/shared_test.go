package derive

import (
	"github.com/normgen/normgen/lenient"
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

func init() {
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
