package gen

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestQuietStrict: //normgen:quiet=openai-strict in the package doc
// comment (a server that serves no generated schema to OpenAI's strict
// mode) turns the warning at each field the openai-strict profile cannot
// express into one that counts them, at the directive; without it each
// is warned of at its field. The tools are served alike either way; a
// directive in a type's doc comment, or of another value, is an error.
func TestQuietStrict(t *testing.T) {
	const tools = `
// LabelInput is a tool.
//
//normgen:tool label
type LabelInput struct {
	Labels map[string]string ` + "`json:\"labels\"`" + `
	Extra  map[string]int    ` + "`json:\"extra,omitempty\"`" + `
}

// TagInput is a tool.
//
//normgen:tool tag
type TagInput struct {
	Tags map[string]string ` + "`json:\"tags\"`" + `
	Name string            ` + "`json:\"name\"`" + `
}
`
	load := func(src string) (*Package, []Diagnostic, []string) {
		t.Helper()
		var warns []string
		m, diags := loadModelWith(t, src, Config{OnWarning: func(d Diagnostic) { warns = append(warns, d.String()) }})
		return m, diags, warns
	}
	strictWarns := func(warns []string) []string {
		return slices.DeleteFunc(slices.Clone(warns), func(w string) bool { return !strings.Contains(w, "openai-strict") })
	}

	m, diags, warns := load("package d\n" + tools)
	if len(diags) > 0 || m == nil {
		t.Fatal(diags)
	}
	if got := strictWarns(warns); len(got) != 3 || !strings.Contains(got[0], "tools.go:7:2: warning: field LabelInput.Labels: the openai-strict profile cannot express labels of tool label") {
		t.Errorf("without the directive: %q; want one at each of the three maps", got)
	}

	m, diags, warns = load("// Package d serves its own schemas.\n//\n//normgen:quiet=openai-strict\npackage d\n" + tools)
	if len(diags) > 0 || m == nil {
		t.Fatal(diags)
	}
	want := "tools.go:3:1: warning: the openai-strict profile cannot express 3 fields of 2 tools (label, tag): in that profile they are served in portable (lenient.Tool.SchemaFor), which OpenAI's strict mode refuses, so a client must send them with strict: false; //normgen:quiet=openai-strict says this once: without it, each field is warned of where it is declared"
	if got := strictWarns(warns); !slices.Equal(got, []string{want}) {
		t.Errorf("quiet:\n got %q\nwant %q", got, want)
	}
	if gaps := len(m.Tools); gaps != 2 {
		t.Fatalf("%d tools", gaps)
	}
	for _, tool := range m.Tools {
		if js, gaps, err := strictSchema(tool); err != nil || js != nil || len(gaps) == 0 {
			t.Errorf("quiet: tool %s: openai-strict schema %s, gaps %v, %v; want none, with its gaps, as without the directive", tool.Name, js, gaps, err)
		}
	}

	// a field two tools reach counts once
	_, diags, warns = load("//normgen:quiet=openai-strict\npackage d\n\n// Inner is held by both.\ntype Inner struct {\n\tX map[string]int `json:\"x\"`\n}\n\n// AInput is a tool.\n//\n//normgen:tool a\ntype AInput struct {\n\tS Inner `json:\"s\"`\n}\n\n// BInput is a tool.\n//\n//normgen:tool b\ntype BInput struct {\n\tS Inner `json:\"s\"`\n}\n")
	if got := strictWarns(warns); len(diags) > 0 || len(got) != 1 || !strings.Contains(got[0], "cannot express 1 field of 2 tools (a, b)") {
		t.Errorf("a field two tools reach: %v, %q", diags, got)
	}

	// one field
	_, diags, warns = load("//normgen:quiet=openai-strict\npackage d\n\n// MapInput is a tool.\n//\n//normgen:tool map\ntype MapInput struct {\n\tM map[string]int `json:\"m\"`\n}\n")
	if got := strictWarns(warns); len(diags) > 0 || len(got) != 1 || !strings.Contains(got[0], "tools.go:1:1: warning: the openai-strict profile cannot express 1 field of 1 tool (map): in that profile it is served") {
		t.Errorf("one field: %v, %q", diags, got)
	}

	// nothing to quiet: no warning
	_, diags, warns = load("//normgen:quiet=openai-strict\npackage d\n\n// NameInput is a tool.\n//\n//normgen:tool name\ntype NameInput struct {\n\tName string `json:\"name\"`\n}\n")
	if len(diags) > 0 || len(strictWarns(warns)) > 0 {
		t.Errorf("nothing to quiet: %v, %q", diags, warns)
	}

	for _, tc := range []struct{ src, want string }{
		{"//normgen:quiet=openai\npackage d\n" + tools, `//normgen:quiet=openai: write //normgen:quiet=openai-strict (the one warning it quiets)`},
		{"//normgen:quiet=\npackage d\n" + tools, `//normgen:quiet=: write //normgen:quiet=openai-strict (the one warning it quiets)`},
		{"package d\n" + strings.Replace(tools, "//normgen:tool tag", "//normgen:tool tag\n//normgen:quiet=openai-strict", 1), `//normgen:quiet=openai-strict quiets warnings for the whole package: move it into the package doc comment (above the package clause)`},
	} {
		_, msgs := loadSource(t, tc.src)
		if !slices.ContainsFunc(msgs, func(m string) bool { return strings.Contains(m, tc.want) }) {
			t.Errorf("%q: %q; want an error holding %q", tc.src[:40], msgs, tc.want)
		}
	}
}

// TestStrictLimitsWarned checks that a tool whose openai-strict schema
// nests its objects past the 10 levels OpenAI's strict mode takes (12
// here: the arguments, then L0 to L10) is
// served in portable in that profile, with a warning at the field where
// the nesting goes past: it was written, and strict mode refused the
// request (found by a review).
func TestStrictLimitsWarned(t *testing.T) {
	src := "package d\n"
	for i := range 11 {
		src += fmt.Sprintf("\n// L%d is a level.\ntype L%d struct {\n\tV int `json:\"v\"`\n", i, i)
		if i < 10 {
			src += fmt.Sprintf("\tN *L%d `json:\"n,omitempty\"`\n", i+1)
		}
		src += "}\n"
	}
	src += "\n// DeepInput is a tool.\n//\n//normgen:tool deep\ntype DeepInput struct {\n\tN *L0 `json:\"n,omitempty\"`\n}\n"
	var warns []string
	m, diags := loadModelWith(t, src, Config{OnWarning: func(d Diagnostic) { warns = append(warns, d.String()) }})
	if len(diags) > 0 || m == nil {
		t.Fatal(diags)
	}
	got := slices.DeleteFunc(warns, func(w string) bool { return !strings.Contains(w, "openai-strict") })
	if len(got) != 1 || !strings.Contains(got[0], "field L9.N: the openai-strict profile cannot express n.n.n.n.n.n.n.n.n.n.n of tool deep: objects nest 12 levels deep here, past the 10 OpenAI strict mode takes (it refuses the request); the tool is served in portable") {
		t.Errorf("warnings: %q", got)
	}
	if js, gaps, err := strictSchema(m.Tools[0]); err != nil || js != nil || len(gaps) != 1 {
		t.Errorf("openai-strict schema %.80s, gaps %v, %v; want none, with its gap", js, gaps, err)
	}
}
