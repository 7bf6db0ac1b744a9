package gen

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/schema"
)

// TestRequiredModel: the model of required fields from the -required flag
// (Config.Required) and the package directive, which must agree; a
// default on a field the model makes required is an error saying what to
// change.
func TestRequiredModel(t *testing.T) {
	const src = `package d

type P struct {
	Name  string ` + "`json:\"name\" jsonschema:\"required\"`" + `
	Query string ` + "`json:\"query\"`" + `
	Limit int    ` + "`json:\"limit\" jsonschema:\"default=10\"`" + `
	Opt   string ` + "`json:\"opt,omitempty\"`" + `
}
`
	for _, tc := range []struct {
		name, doc string
		flag      schema.Required
		required  []string // P's required fields
		diags     []string
	}{
		{name: "flag", flag: schema.RequiredJSONSchema, required: []string{"name"}},
		{name: "directive", doc: "//normgen:required=jsonschema\n", required: []string{"name"}},
		{name: "both agree", doc: "//normgen:required=jsonschema\n", flag: schema.RequiredJSONSchema, required: []string{"name"}},
		{name: "both disagree", doc: "//normgen:required=jsonschema\n", flag: schema.RequiredJSON,
			diags: []string{"tools.go:1:1: //normgen:required=jsonschema, but -required=json: drop one"}},
		{name: "json", flag: schema.RequiredJSON,
			diags: []string{"tools.go:6:2: field P.Limit: a field with a default must be optional: add omitempty to its json tag"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, diags := loadModelMsgs(t, tc.doc+src, Config{Types: []string{"P"}, Required: tc.flag})
			if diff := cmp.Diff(tc.diags, diags); diff != "" {
				t.Fatalf("diagnostics (-want +got):\n%s", diff)
			}
			if tc.diags != nil {
				return
			}
			var got []string
			for _, f := range m.Tools[0].Input.Fields {
				if f.Required {
					got = append(got, f.Name)
				}
			}
			if diff := cmp.Diff(tc.required, got); diff != "" {
				t.Errorf("required (-want +got):\n%s", diff)
			}
		})
	}
}

// loadModelMsgs is loadModelWith with a warning an error of the test, and
// the diagnostics as their text.
func loadModelMsgs(t *testing.T, src string, cfg Config) (*Package, []string) {
	t.Helper()
	if cfg.OnWarning == nil {
		cfg.OnWarning = func(d Diagnostic) { t.Errorf("unexpected warning: %s", d) }
	}
	m, diags := loadModelWith(t, src, cfg)
	var msgs []string
	for _, d := range diags {
		msgs = append(msgs, strings.TrimSpace(d.String()))
	}
	return m, msgs
}
