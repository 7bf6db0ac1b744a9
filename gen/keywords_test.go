package gen

import (
	"strings"
	"testing"
)

// TestKeywordMistakes: a json option no encoding/json reads and an enum
// value given twice are each a diagnostic at the field that says what to
// write, never a field read or a schema advertised in silence (found by a
// newcomer's trial).
func TestKeywordMistakes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fields []string // the fields of TInput, one a line
		errs   []string
		warns  []string
	}{{
		name: "json options",
		fields: []string{
			"A string `json:\"a,omitempy\"`",
			"B string `json:\"b,omitEmpty\"`",
			"C string `json:\"c,omit_zero\"`",
			"D string `json:\"d,optional\"`",
			"E Inner  `json:\"e,omitempty,inline\"`",
			"F string `json:\"f,omitzero,case:ignore\"`",
			"G string `json:\"g,omitempty,format:'2006-01-02'\"`",
			"H string `json:\"h,omitempty,omitzero\"`",
		},
		errs: []string{
			`tools.go:7:2: field TInput.A: json option omitempy is not one encoding/json knows; did you mean omitempty? encoding/json ignores it, so the field would be read without it (required, in the default model of required fields); write omitempty`,
			`tools.go:8:2: field TInput.B: json option omitEmpty is not one encoding/json knows; did you mean omitempty? encoding/json ignores it, so the field would be read without it (required, in the default model of required fields); write omitempty`,
			`tools.go:9:2: field TInput.C: json option omit_zero is not one encoding/json knows; did you mean omitzero? encoding/json ignores it, so the field would be read without it (required, in the default model of required fields); write omitzero`,
			`tools.go:10:2: field TInput.D: json option optional is not one encoding/json knows (it reads omitempty, omitzero and string; encoding/json/v2 also inline, unknown, format:... and case:...): encoding/json ignores it, so the field would be read without it; drop it, or write omitempty for an optional field`,
			`tools.go:11:2: field TInput.E: json option inline is encoding/json/v2's, which normgen does not apply: the schema and decoder would take the field as the member "e", where encoding/json/v2 reads its members in the enclosing object; embed the struct (encoding/json promotes an embedded struct's fields), or drop inline`,
		},
		warns: []string{
			`tools.go:12:2: warning: field TInput.F: json option case:ignore is encoding/json/v2's, which normgen does not apply: the generated UnmarshalJSON decodes the type, under encoding/json/v2 too, without it; drop it`,
			`tools.go:13:2: warning: field TInput.G: json option format:'2006-01-02' is encoding/json/v2's, which normgen does not apply: the generated UnmarshalJSON decodes the type, under encoding/json/v2 too, without it; drop it`,
		},
	}, {
		name: "enum values given twice",
		fields: []string{
			"A string   `json:\"a,omitempty\" jsonschema:\"enum=a,enum=b,enum=a\"`",
			"B []string `json:\"b,omitempty\" jsonschema:\"enum=x,enum=x\"`",
			"C int      `json:\"c,omitempty\" jsonschema:\"enum=1,enum=2,enum=1\"`",
		},
		errs: []string{
			`tools.go:7:2: field TInput.A: jsonschema enum value "a" is given twice: give it once`,
			`tools.go:8:2: field TInput.B: jsonschema enum value "x" is given twice: give it once`,
			`tools.go:9:2: field TInput.C: jsonschema enum value "1" is given twice: give it once`,
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package d\n\n// TInput is the input of t.\n//\n//normgen:tool t\ntype TInput struct {\n\t" +
				strings.Join(tc.fields, "\n\t") + "\n}\n\n// Inner is a struct.\ntype Inner struct {\n\tX string `json:\"x\"`\n}\n\n// Level is an integer of its own.\ntype Level int8\n"
			var warns []string
			_, diags := loadModelWith(t, src, Config{OnWarning: func(d Diagnostic) { warns = append(warns, d.String()) }})
			var errs []string
			for _, d := range diags {
				errs = append(errs, d.String())
			}
			if got, want := strings.Join(errs, "\n"), strings.Join(tc.errs, "\n"); got != want {
				t.Errorf("errors:\n%s\nwant:\n%s", got, want)
			}
			if got, want := strings.Join(warns, "\n"), strings.Join(tc.warns, "\n"); got != want {
				t.Errorf("warnings:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
