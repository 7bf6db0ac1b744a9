package gen

import (
	"strings"
	"testing"
)

// TestKeywordMistakes: a json option no encoding/json reads, keywords no
// value meets together, an enum value given twice and a bound beyond the
// Go type's range are each a diagnostic at the field that says what to
// write, never a schema advertised in silence (found by a newcomer's
// trial).
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
	}, {
		name: "keywords no value meets",
		fields: []string{
			"A int      `json:\"a,omitempty\" jsonschema:\"minimum=10,maximum=1\"`",
			"B string   `json:\"b,omitempty\" jsonschema:\"minLength=5,maxLength=2\"`",
			"C []string `json:\"c,omitempty\" jsonschema:\"minItems=5,maxItems=2\"`",
			"D float64  `json:\"d,omitempty\" jsonschema:\"exclusiveMinimum=1,exclusiveMaximum=1\"`",
			"E float64  `json:\"e,omitempty\" jsonschema:\"minimum=1,exclusiveMaximum=1\"`",
			"F float64  `json:\"f,omitempty\" jsonschema:\"minimum=0.30000000000000001,maximum=0.3\"`",
			"G string   `json:\"g,omitempty\" jsonschema:\"enum=abc,maxLength=2\"`",
			"H string   `json:\"h,omitempty\" jsonschema:\"enum=a,pattern=^b$\"`",
			"I string   `json:\"i,omitempty\" jsonschema:\"enum=é,minLength=2\"`",
			"J float64  `json:\"j,omitempty\" jsonschema:\"minimum=1,maximum=1\"`",
			"K string   `json:\"k,omitempty\" jsonschema:\"enum=éé,maxLength=2\"`",
			"L string   `json:\"l,omitempty\" jsonschema:\"enum=abc,enum=ab,enum=x,maxLength=2,pattern=^a\"`",
		},
		errs: []string{
			`tools.go:7:2: field TInput.A: no value meets both minimum=10 and maximum=1; correct one of them`,
			`tools.go:8:2: field TInput.B: no value meets both minLength=5 and maxLength=2; correct one of them`,
			`tools.go:9:2: field TInput.C: no value meets both minItems=5 and maxItems=2; correct one of them`,
			`tools.go:10:2: field TInput.D: no value meets both exclusiveMinimum=1 and exclusiveMaximum=1; correct one of them`,
			`tools.go:11:2: field TInput.E: no value meets both minimum=1 and exclusiveMaximum=1; correct one of them`,
			`tools.go:12:2: field TInput.F: no value meets both minimum=0.30000000000000001 and maximum=0.3; correct one of them`,
			`tools.go:13:2: field TInput.G: no value meets both enum=abc and maxLength=2: "abc" is 3 characters; drop the value, or correct maxLength`,
			`tools.go:14:2: field TInput.H: no value meets both enum=a and pattern=^b$: "a" does not match; drop the value, or correct the pattern`,
			`tools.go:15:2: field TInput.I: no value meets both enum=é and minLength=2: "é" is 1 character; drop the value, or correct minLength`,
		},
		warns: []string{
			`tools.go:18:2: warning: field TInput.L: enum value "abc" is refused by maxLength=2 (it is 3 characters): the schema lists a value no call can send; drop the value, or correct maxLength`,
			`tools.go:18:2: warning: field TInput.L: enum value "x" is refused by pattern=^a (it does not match): the schema lists a value no call can send; drop the value, or correct the pattern`,
		},
	}, {
		name: "bounds and the Go type's range",
		fields: []string{
			"A uint8  `json:\"a,omitempty\" jsonschema:\"minimum=-1,maximum=300\"`",
			"B uint8  `json:\"b,omitempty\" jsonschema:\"minimum=300\"`",
			"C int8   `json:\"c,omitempty\" jsonschema:\"exclusiveMaximum=-128\"`",
			"D uint   `json:\"d,omitempty\" jsonschema:\"maximum=-1\"`",
			"E *int16 `json:\"e,omitempty\" jsonschema:\"exclusiveMinimum=-40000,maximum=255\"`",
			"F int    `json:\"f,omitempty\" jsonschema:\"maximum=1e30\"`",
			"G uint8  `json:\"g,omitempty\" jsonschema:\"minimum=0,maximum=255\"`",
			"H uint8  `json:\"h,omitempty\" jsonschema:\"exclusiveMinimum=255\"`",
			"I Level  `json:\"i,omitempty\" jsonschema:\"maximum=200\"`",
			// exact: exclusiveMaximum=256 is 255 (found by a review)
			"J uint8  `json:\"j,omitempty\" jsonschema:\"exclusiveMaximum=256\"`",
			"K uint   `json:\"k,omitempty\" jsonschema:\"exclusiveMinimum=-1\"`",
			// no integer between (found by a review)
			"L int    `json:\"l,omitempty\" jsonschema:\"exclusiveMinimum=1,exclusiveMaximum=2\"`",
			"M int8   `json:\"m,omitempty\" jsonschema:\"minimum=1.5,maximum=1.7\"`",
			"N int    `json:\"n,omitempty\" jsonschema:\"exclusiveMinimum=-0,exclusiveMaximum=0.5\"`",
			// a bound of many digits is read exactly too (found by a review)
			"O uint8  `json:\"o,omitempty\" jsonschema:\"maximum=300." + strings.Repeat("0", 401) + "\"`",
		},
		errs: []string{
			`tools.go:8:2: field TInput.B: no uint8 meets minimum=300: the largest is 255; correct the bound, or widen the type`,
			`tools.go:9:2: field TInput.C: no int8 meets exclusiveMaximum=-128: the smallest is -128; correct the bound, or widen the type`,
			`tools.go:10:2: field TInput.D: no uint meets maximum=-1: the smallest is 0; correct the bound, or widen the type`,
			`tools.go:14:2: field TInput.H: no uint8 meets exclusiveMinimum=255: the largest is 255; correct the bound, or widen the type`,
			`tools.go:18:2: field TInput.L: no integer meets both exclusiveMinimum=1 and exclusiveMaximum=2; correct one of them`,
			`tools.go:19:2: field TInput.M: no integer meets both minimum=1.5 and maximum=1.7; correct one of them`,
			`tools.go:20:2: field TInput.N: no integer meets both exclusiveMinimum=-0 and exclusiveMaximum=0.5; correct one of them`,
		},
		warns: []string{
			`tools.go:7:2: warning: field TInput.A: maximum=300 is beyond uint8's largest, 255: the schema would advertise values the decoder refuses (more than 255, whatever the bound says); write maximum=255, or drop it`,
			`tools.go:7:2: warning: field TInput.A: minimum=-1 is beyond uint8's smallest, 0: the schema would advertise values the decoder refuses (less than 0, whatever the bound says); write minimum=0, or drop it`,
			`tools.go:11:2: warning: field TInput.E: exclusiveMinimum=-40000 is beyond int16's smallest, -32768: the schema would advertise values the decoder refuses (less than -32768, whatever the bound says); write minimum=-32768, or drop it`,
			`tools.go:12:2: warning: field TInput.F: maximum=1e30 is beyond int's largest, 9223372036854775807: the schema would advertise values the decoder refuses (more than 9223372036854775807, whatever the bound says); write maximum=9223372036854775807, or drop it`,
			`tools.go:15:2: warning: field TInput.I: maximum=200 is beyond int8's largest, 127: the schema would advertise values the decoder refuses (more than 127, whatever the bound says); write maximum=127, or drop it`,
			`tools.go:21:2: warning: field TInput.O: maximum=300.` + strings.Repeat("0", 401) + ` is beyond uint8's largest, 255: the schema would advertise values the decoder refuses (more than 255, whatever the bound says); write maximum=255, or drop it`,
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
