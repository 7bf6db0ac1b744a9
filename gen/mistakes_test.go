package gen

import (
	"strings"
	"testing"
)

// TestGeneratorMistakes: each mistake issue 24 lists, made in a tool
// package, is a diagnostic with its position that says what is wrong and
// what to write, never generated code that does not compile nor a
// declaration or tag skipped in silence.
func TestGeneratorMistakes(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{{
		name: "generic tool type",
		src: `package d

// G is a generic tool input.
//
//normgen:tool g
type G[T any] struct {
	V T ` + "`json:\"v\"`" + `
}
`,
		want: []string{`tools.go:6:6: type G has type parameters: a tool input must be a concrete type; declare one from it, such as type GInput G[int], and mark that`},
	}, {
		name: "two tool lines on one type",
		src: `package d

// FooInput is the input of foo.
//
//normgen:tool foo
//normgen:tool bar
type FooInput struct {
	A string ` + "`json:\"a\"`" + `
}
`,
		want: []string{`tools.go:6:1: a second //normgen:tool line on FooInput, which is foo (line 5): a type is one tool; for bar declare a type of its own (type BarInput FooInput) and mark it`},
	}, {
		name: "malformed struct tags",
		src: "package d\n\n// TInput is the input of t.\n//\n//normgen:tool t\ntype TInput struct {\n" +
			"\tA string `json:\"a\" jsonschema:\"pattern=^[a-z]{1\\,3}$\"`\n" +
			"\tB string `json:\"b\"norm:\"strict\"`\n" +
			"\tC string `json:c`\n" +
			"\tD int    `json:\"d, omitempty\"`\n" +
			"\te int    `norm:\"strict`\n" +
			"\tF string `json:\"f\" jsonschema:\"pattern=^[a-z]{1\\\\,3}$\"`\n" +
			"}\n",
		want: []string{
			"tools.go:7:2: field TInput.A: struct tag `json:\"a\" jsonschema:\"pattern=^[a-z]{1\\,3}$\"` does not parse (bad syntax for struct tag value), as reflect.StructTag.Lookup and go vet read it: a tag value is a Go string literal, in which a backslash starts an escape; write \\\\, for invopop's \\, (a literal comma)",
			"tools.go:8:2: field TInput.B: struct tag `json:\"b\"norm:\"strict\"` does not parse (key:\"value\" pairs not separated by spaces), as reflect.StructTag.Lookup and go vet read it: write `key:\"value\" key:\"value\"`",
			"tools.go:9:2: field TInput.C: struct tag `json:c` does not parse (bad syntax for struct tag value), as reflect.StructTag.Lookup and go vet read it: write `key:\"value\" key:\"value\"`",
			"tools.go:10:2: field TInput.D: struct tag `json:\"d, omitempty\"` does not parse (suspicious space in struct tag value), as reflect.StructTag.Lookup and go vet read it: json options take no space (json:\"d,omitempty\")",
			"tools.go:11:2: field TInput.e: struct tag `norm:\"strict` does not parse (bad syntax for struct tag value), as reflect.StructTag.Lookup and go vet read it: write `key:\"value\" key:\"value\"`",
		},
	}, {
		name: "struct tags whose options reflect would drop",
		src: "package d\n\n// TInput is the input of t.\n//\n//normgen:tool t\ntype TInput struct {\n" +
			"\tA int    `json:\"a\" jsonschema:\"minimum=1\" jsonschema:\"maximum=10\"`\n" +
			"\tB string `json:\"b\" norm:\"alias=max\" norm:\"strict\"`\n" +
			"\tC string `json:\"c\" jsonschema_extras:\"minLength=5\"`\n" +
			"\tD string `json:\"d\" jsonschema_description:\"the d\"`\n" +
			"\tE *int   `json:\"e,omitempty\" jsonschema:\"deprecated,nullable\"`\n" +
			"\tF string `json:\"f\" yaml:\"f\" yaml:\"g\"`\n" +
			"}\n",
		want: []string{
			"tools.go:7:2: field TInput.A: struct tag `json:\"a\" jsonschema:\"minimum=1\" jsonschema:\"maximum=10\"` has two jsonschema keys: reflect.StructTag.Lookup reads the first alone, so the second's options would be dropped; write them in one",
			"tools.go:8:2: field TInput.B: struct tag `json:\"b\" norm:\"alias=max\" norm:\"strict\"` has two norm keys: reflect.StructTag.Lookup reads the first alone, so the second's options would be dropped; write them in one",
			"tools.go:9:2: field TInput.C: struct tag key jsonschema_extras is invopop/jsonschema's, which normgen does not read: write the keyword in jsonschema:\"...\" (normgen takes there the keywords its decoder enforces)",
			"tools.go:10:2: field TInput.D: struct tag key jsonschema_description is invopop/jsonschema's, which normgen does not read: write description=... in jsonschema:\"...\", or a doc comment on the field",
			"tools.go:11:2: field TInput.E: jsonschema key \"nullable\" is not used by normgen: nullable fields are pointers",
		},
	}, {
		name: "numbers JSON does not write, and value aliases the schema refuses",
		src: "package d\n\n// TInput is the input of t.\n//\n//normgen:tool t\ntype TInput struct {\n" +
			"\tA int    `json:\"a,omitempty\" jsonschema:\"default=010\"`\n" +
			"\tB uint   `json:\"b,omitempty\" jsonschema:\"examples=007\"`\n" +
			"\tC string `json:\"c,omitempty\" norm:\"value_alias=CP:copy\" jsonschema:\"pattern=^[a-z]+$\"`\n" +
			"\tD string `json:\"d,omitempty\" norm:\"value_alias=rm:delete\" jsonschema:\"minLength=3\"`\n" +
			"\tE int    `json:\"e,omitempty\" jsonschema:\"default=0,examples=12\"`\n" +
			"\tF int    `json:\"f,omitempty\" jsonschema:\"default={{index}}\"`\n" +
			"}\n",
		want: []string{
			"tools.go:7:2: field TInput.A: default \"010\" is not a JSON number (no leading zero, no sign but -, digits on both sides of a point): write it as JSON writes it",
			"tools.go:8:2: field TInput.B: examples \"007\" is not a JSON number (no leading zero, no sign but -, digits on both sides of a point): write it as JSON writes it",
			"tools.go:9:2: field TInput.C: value alias \"CP\" does not match the pattern ^[a-z]+$: the schema would refuse it where the decoder reads it as \"copy\"; drop the alias, or the keyword it fails",
			"tools.go:10:2: field TInput.D: value alias \"rm\" is outside minLength/maxLength: the schema would refuse it where the decoder reads it as \"delete\"; drop the alias, or the keyword it fails",
			"tools.go:12:2: field TInput.F: a {{index}} default applies to string fields only",
		},
	}, {
		name: "tool line above a func, a var, a const, a field",
		src: `package d

//normgen:tool run
func Run() {}

//normgen:tool v
var V = 1

//normgen:tool c
const C = 2

// TInput is the input of t.
//
//normgen:tool t
type TInput struct {
	//normgen:tool a
	A string ` + "`json:\"a\"`" + `
}

//normgen:tool loose

// Other is not a tool.
type Other struct{}
`,
		want: []string{
			`tools.go:3:1: //normgen:tool run is above a func (Run), not a type: a directive marks the struct type whose doc comment holds it`,
			`tools.go:6:1: //normgen:tool v is above a var (V), not a type: a directive marks the struct type whose doc comment holds it`,
			`tools.go:9:1: //normgen:tool c is above a const (C), not a type: a directive marks the struct type whose doc comment holds it`,
			`tools.go:16:2: //normgen:tool a is above a struct field (A), not a type: a directive marks the struct type whose doc comment holds it`,
			`tools.go:20:1: //normgen:tool loose is in a comment of its own (a blank line ends a doc comment), not a type's doc comment: a directive marks the struct type whose doc comment holds it`,
		},
	}, {
		name: "package directives outside the package doc, directives in block comments",
		src: `package d

//normgen:quiet=openai-strict

//normgen:required=json
func Run() {}

/*normgen:tool blk*/

// TInput is the input of t.
//
/* //normgen:unknown=error */
//normgen:tool t
type TInput struct {
	/*
	normgen:variants=off
	*/
	A string ` + "`json:\"a\"`" + `
}

/* A block comment that names normgen:tool in its text is prose. */
type Other struct{}
`,
		want: []string{
			`tools.go:3:1: //normgen:quiet=openai-strict is in a comment of its own (a blank line ends a doc comment), not the package's doc comment: it quiets warnings for the whole package: move it into the package doc comment (above the package clause)`,
			`tools.go:5:1: //normgen:required=json is above a func (Run), not the package's doc comment: it chooses the model of required fields for the whole package: move it into the package doc comment (above the package clause)`,
			`tools.go:8:3: normgen:tool blk is in a block comment, which Go and normgen do not read as a directive: a directive is a line comment; write //normgen:tool blk`,
			`tools.go:12:4: //normgen:unknown=error is in a block comment, which Go and normgen do not read as a directive: a directive is a line comment; write //normgen:unknown=error`,
			`tools.go:16:2: normgen:variants=off is in a block comment, which Go and normgen do not read as a directive: a directive is a line comment; write //normgen:variants=off`,
		},
	}, {
		name: "tool names hosts refuse",
		src: `package d

// AInput is the input of a tool with a bad name.
//
//normgen:tool bad name!
type AInput struct {
	A string ` + "`json:\"a\"`" + `
}

// BInput is the input of a tool with a long name.
//
//normgen:tool ` + strings.Repeat("b", 65) + `
type BInput struct {
	B string ` + "`json:\"b\"`" + `
}

// ÜberInput is the input of a tool named after its type.
//
//normgen:unknown=error
type ÜberInput struct {
	C string ` + "`json:\"c\"`" + `
}
`,
		want: []string{
			`tools.go:5:1: tool name "bad name!": hosts refuse it (claude, openai, openai-strict: ^[a-zA-Z0-9_-]{1,64}$; gemini: a letter or _ first, then letters, digits, _ . -, at most 64; copilot: ^[a-zA-Z0-9_-]{1,128}$); name the tool with letters, digits, _ and -, a letter or _ first, at most 64`,
			`tools.go:12:1: tool name "` + strings.Repeat("b", 65) + `": hosts refuse it (claude, openai, openai-strict: ^[a-zA-Z0-9_-]{1,64}$; gemini: a letter or _ first, then letters, digits, _ . -, at most 64); name the tool with letters, digits, _ and -, a letter or _ first, at most 64`,
			`tools.go:20:6: tool name "über" (from the type's name): hosts refuse it (claude, openai, openai-strict: ^[a-zA-Z0-9_-]{1,64}$; gemini: a letter or _ first, then letters, digits, _ . -, at most 64; copilot: ^[a-zA-Z0-9_-]{1,128}$); name the tool with letters, digits, _ and -, a letter or _ first, at most 64: add a //normgen:tool NAME line`,
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			types := []string(nil)
			if tc.name == "tool names hosts refuse" {
				types = []string{"ÜberInput"}
			}
			_, diags := loadSource(t, tc.src, types...)
			if strings.Join(diags, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestTypeFlagKeepsMarkedTools: -type names more tools; the types with a
// //normgen:tool line stay tools, since the package's one generated file
// holds every tool's decoders and NormgenTools: generating only the named
// types would drop the others' decoders while the package still builds.
func TestTypeFlagKeepsMarkedTools(t *testing.T) {
	src := `package d

// ListTablesInput is the input of list_tables.
//
//normgen:tool list_tables
type ListTablesInput struct {
	Schema string ` + "`json:\"schema\"`" + `
}

// QueryInput is the input of query.
//
//normgen:tool query
type QueryInput struct {
	SQL string ` + "`json:\"sql\"`" + `
}

// ExplainInput has no tool line.
type ExplainInput struct {
	SQL string ` + "`json:\"sql\"`" + `
}
`
	for _, tc := range []struct {
		types []string
		want  string
	}{
		{nil, "list_tables,query"},
		{[]string{"ListTablesInput"}, "list_tables,query"},
		{[]string{"ExplainInput"}, "explain,list_tables,query"},
	} {
		tools, diags := loadSource(t, src, tc.types...)
		if len(diags) > 0 || strings.Join(tools, ",") != tc.want {
			t.Errorf("-type %v: tools %v, diagnostics %v; want %s", tc.types, tools, diags, tc.want)
		}
	}
}

// TestTagComma: invopop's literal comma, \, in the tag value, is written
// \\, in Go source (a tag value is a Go string literal), as the README's
// tag reference says: the pattern is ^[a-z]{1,3}$.
func TestTagComma(t *testing.T) {
	src := "package d\n\n// TInput is the input of t.\n//\n//normgen:tool t\ntype TInput struct {\n" +
		"\tF string `json:\"f\" jsonschema:\"pattern=^[a-z]{1\\\\,3}$,description=a\\\\, b\"`\n}\n"
	m, diags := loadModel(t, src)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	k := m.Tools[0].Input.Fields[0].Keywords
	if k.Pattern != "^[a-z]{1,3}$" || k.Description != "a, b" {
		t.Errorf("pattern %q, description %q; want ^[a-z]{1,3}$ and \"a, b\"", k.Pattern, k.Description)
	}
}
