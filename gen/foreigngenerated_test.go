package gen

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/normgen/normgen/internal/tempmodule"
)

// TestForeignGenerated: a tool whose fields are structs of another package
// that normgen generated the decoders of (decoded by their UnmarshalJSON)
// is decoded alike by its generated decoder and by fallback.Decode, with
// each problem at its path in the call, no secret in the words, and a
// {{index}} default refused where the
// nested decoder knows no array (it was "step--1"). The property tests
// (internal/rulecheck, gen/internal/genfuzz) generate one package, and
// never met such a struct. Checked failing before OwnJSON put the
// problems at their paths and DefaultedString refused the template.
func TestForeignGenerated(t *testing.T) {
	mod := tempmodule.New(t, "github.com/normgen/normgen/golden/foreigngen", map[string]string{
		"notes/notes.go": `package notes

// Patch holds what to change.
type Patch struct {
	Title    *string ` + "`json:\"title,omitempty\"`" + `
	Password string  ` + "`json:\"password,omitempty\" norm:\"secret\"`" + `
	Meta     *Meta   ` + "`json:\"meta,omitempty\"`" + `
}

// Meta is display metadata.
type Meta struct {
	Weight float64 ` + "`json:\"weight,omitempty\" jsonschema:\"minimum=0,maximum=1\"`" + `
}

// Step is one step.
type Step struct {
	ID     string ` + "`json:\"id,omitempty\" jsonschema:\"default=step-{{index}}\"`" + `
	Action string ` + "`json:\"action\"`" + `
}

// Plan is a tool input, so that Patch and Step are generated.
//
//normgen:tool plan
type Plan struct {
	Patch Patch  ` + "`json:\"patch\"`" + `
	Steps []Step ` + "`json:\"steps,omitempty\"`" + `
}
`,
		"tools/tools.go": `package tools

import "github.com/normgen/normgen/golden/foreigngen/notes"

// Update takes structs of package notes.
//
//normgen:tool update
type Update struct {
	ID    int64        ` + "`json:\"id\"`" + `
	Patch notes.Patch  ` + "`json:\"patch\"`" + `
	Steps []notes.Step ` + "`json:\"steps,omitempty\"`" + `
}
`,
		"tools/behave_test.go": `package tools

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/normgen/normgen/fallback"
	"github.com/normgen/normgen/lenient"
)

// plain is Update without its generated methods, for fallback.Decode.
type plain Update

func TestAlike(t *testing.T) {
	tool := lenient.MustLookupTool(NormgenTools(), "update")
	for _, tc := range []struct{ args, want string }{
		{` + "`" + `{"id":1,"patch":{"title":7,"password":["pw-SEKRIT"],"meta":{"weight":5}}}` + "`" + `,
			` + "`" + `patch.title: 7 is not a string (send text in quotes, such as "7"); patch.password: [secret, 13 bytes] is not a string (send text in quotes, such as "..."); patch.meta.weight: 5 is more than the maximum, 1` + "`" + `},
		{` + "`" + `{"id":1,"patch":{},"steps":[{"id":"a","action":"go"},{"action":"wait"}]}` + "`" + `,
			` + "`" + `steps[1].id: is required here: its default, "step-{{index}}", needs the position of an item in an array, and this object is decoded outside one` + "`" + `},
		{` + "`" + `{"id":1,"patch":{"meta":{"weight":"0.5"}},"steps":[{"id":"a","action":"go"}]}` + "`" + `, ""},
	} {
		v, fixes, err := tool.Decode([]byte(tc.args))
		var p plain
		ferr := fallback.Decode([]byte(tc.args), &p)
		if fmt.Sprint(err) != fmt.Sprint(ferr) {
			t.Errorf("%s:\n generated %v\n fallback  %v", tc.args, err, ferr)
		}
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.args, err)
				continue
			}
			a, _ := json.Marshal(v)
			b, _ := json.Marshal(Update(p))
			if string(a) != string(b) {
				t.Errorf("%s:\n generated %s\n fallback  %s", tc.args, a, b)
			}
			if len(fixes) != 0 {
				t.Errorf("%s: fixes %+v, want none (no rule reaches inside patch)", tc.args, fixes)
			}
			continue
		}
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.args, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "SEKRIT") {
			t.Errorf("%s: the error shows the secret: %v", tc.args, err)
		}
	}
}
`,
	})
	quiet := Config{OnWarning: func(Diagnostic) {}}
	for _, dir := range []string{"notes", "tools"} {
		c := quiet
		c.Dir = filepath.Join(mod, dir)
		files, diags := Generate(context.Background(), c)
		if len(diags) > 0 {
			t.Fatalf("%s: %v", dir, diags)
		}
		for _, f := range files {
			writeFile(t, f.Path, f.Content)
		}
		if dir == "tools" {
			writeFile(t, filepath.Join(mod, dir, "zz_rules_test.go"), tempmodule.RulesTest(files[0].Content, 300))
		}
	}
	if out, err := tempmodule.Go(mod, "test", "-count=1", "./tools"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
