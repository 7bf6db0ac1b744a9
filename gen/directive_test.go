package gen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loadSource loads one file of Go source as a package of its own module
// (standard library only) and returns the model's tool names and the
// diagnostics as Load gives them; types, when given, is -type.
func loadSource(t *testing.T, src string, types ...string) ([]string, []string) {
	t.Helper()
	m, diags := loadModel(t, src, types...)
	var tools, msgs []string
	if m != nil {
		for _, tool := range m.Tools {
			tools = append(tools, tool.Name)
		}
	}
	for _, d := range diags {
		msgs = append(msgs, d.String())
	}
	return tools, msgs
}

// loadModel is Load of one file of Go source as a package of its own
// module (standard library only); types, when given, is -type.
func loadModel(t *testing.T, src string, types ...string) (*Package, []Diagnostic) {
	t.Helper()
	return loadModelWith(t, src, Config{Types: types})
}

// loadModelWith is Load of one file of Go source as a package of its own
// module (standard library only) with cfg, its Dir set to the package.
func loadModelWith(t *testing.T, src string, cfg Config) (*Package, []Diagnostic) {
	t.Helper()
	mod := t.TempDir()
	for name, data := range map[string]string{
		"go.mod":     "module example.com/d\n\ngo 1.26.0\n",
		"d/tools.go": src,
	} {
		p := filepath.Join(mod, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Dir = filepath.Join(mod, "d")
	return Load(context.Background(), cfg)
}

// TestDirectivesNotSkipped: a //normgen:tool line that Go does not read as
// a directive, or that sits where it marks no type, is a positioned error
// saying what to write, not a declaration skipped in silence.
func TestDirectivesNotSkipped(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // diagnostics
	}{{
		name: "space after //",
		src: `package d

// FooInput is the input of foo.
//
// normgen:tool foo
type FooInput struct {
	A string ` + "`json:\"a\"`" + `
}

// BarInput is the input of bar.
//
//normgen:tool bar
type BarInput struct {
	B string ` + "`json:\"b\"`" + `
}
`,
		want: []string{`tools.go:5:1: "// normgen:tool foo" is not read as a directive: a directive has no space after //; write //normgen:tool foo`},
	}, {
		name: "above a type group",
		src: `package d

//normgen:tool foo
type (
	// FooInput is the input of foo.
	FooInput struct {
		A string ` + "`json:\"a\"`" + `
	}
	// Other is not a tool.
	Other struct{}
)
`,
		want: []string{`tools.go:3:1: //normgen:tool foo is above a group of 2 types and marks none of them: move it into the group, into the doc comment of the type it is for (such as FooInput)`},
	}, {
		name: "space after // inside a group",
		src: `package d

type (
	// FooInput is the input of foo.
	//
	//  normgen:tool foo
	FooInput struct {
		A string ` + "`json:\"a\"`" + `
	}
	// Other is not a tool.
	Other struct{}
)
`,
		want: []string{`tools.go:6:2: "//  normgen:tool foo" is not read as a directive: a directive has no space after //; write //normgen:tool foo`},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := loadSource(t, tc.src)
			if strings.Join(diags, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestDirectivesHonoured: a tool line inside a group, or above a group of
// one type, marks that type, and names it when -type names it too.
func TestDirectivesHonoured(t *testing.T) {
	src := `package d

//normgen:tool one
type (
	// OneInput is the input of one.
	OneInput struct {
		A string ` + "`json:\"a\"`" + `
	}
)

type (
	// TwoInput is the input of two.
	//
	//normgen:tool two
	TwoInput struct {
		B string ` + "`json:\"b\"`" + `
	}
	// Other is not a tool.
	Other struct{}
)
`
	tools, diags := loadSource(t, src)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if got := strings.Join(tools, ","); got != "one,two" {
		t.Errorf("tools %s, want one,two", got)
	}
	// -type names more tools; the marked ones stay (TestTypeFlagKeepsMarkedTools).
	tools, diags = loadSource(t, src, "OneInput", "Other")
	if len(diags) > 0 {
		t.Fatalf("-type OneInput,Other: diagnostics: %v", diags)
	}
	if got := strings.Join(tools, ","); got != "one,other,two" {
		t.Errorf("-type OneInput,Other: tools %s, want one,other,two", got)
	}
}

// TestIndexDefaultOutsideSlice: a {{index}} default is reported, with
// its position, when its struct is also reached through no slice (where
// the index would be -1), however deep and in whichever order the two
// ways are met; a struct reached only through slices (and maps in them)
// is fine.
func TestIndexDefaultOutsideSlice(t *testing.T) {
	const step = `
// Step is a step.
type Step struct {
	ID string ` + "`json:\"id,omitempty\" jsonschema:\"default=step-{{index}}\"`" + `
}

// Wrap holds a step.
type Wrap struct {
	S Step ` + "`json:\"s\"`" + `
}
`
	const want = "tools.go:5:2: field Step.ID: a {{index}} default needs the struct to be an element of a slice; Step is also reached through no slice, where {{index}} has no value: use a struct of its own there, or a default without {{index}}"
	for _, tc := range []struct {
		name, fields string
		want         []string
	}{
		{"direct field", "Steps []Step `json:\"steps\"`\n\tOne *Step `json:\"one\"`", []string{want}},
		{"slice met second", "One Wrap `json:\"one\"`\n\tMany []Wrap `json:\"many\"`", []string{want}},
		{"slice met first", "Many []Wrap `json:\"many\"`\n\tOne Wrap `json:\"one\"`", []string{want}},
		{"slices and maps only", "Many []Wrap `json:\"many\"`\n\tByName []map[string]Step `json:\"by_name\"`", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package d\n" + step + `
// RunInput is the input of run.
//
//normgen:tool run
type RunInput struct {
	` + tc.fields + `
}
`
			_, diags := loadSource(t, src)
			if strings.Join(diags, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}
